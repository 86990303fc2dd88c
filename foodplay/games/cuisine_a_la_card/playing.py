"""Warming a card on a plate (P1) and playing cards (P2, P2-2): their On Play abilities, and the
cuisine pairs that wake when a partner of the same cuisine is played (C2, C3)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat
from foodplay.games.cuisine_a_la_card.events import PLAYED_EVENTS, ev, played_event, shared_event
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class PlayingCards(CuisineStateBase):
    """CuisineState's warm, play and fork moves."""

    def _do_warm(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.get("card")
        plate = self.plates[seat].index(None)
        self.hand[seat].remove(card)
        self.plates[seat][plate] = card
        own = frozenset((seat,))
        if self.phase == "warming" and not self.queue:
            self.warmed = True
            events.append(ev("warm", "P1", seat=seat, plate=plate + 1))
            events.append(ev("warm.own", ("P1", "G12"), own, seat=seat, card=card,
                             plate=plate + 1))
            if self.comp.cards[card].tool:
                events.append(ev("warm.tool", ("Q1", "P1"), own, seat=seat, card=card))
            self.phase = "play"
            return
        task = self.queue[0]
        events.append(ev("effect.warm", ("Q4", "P1"), seat=seat, source=task["source"],
                         plate=plate + 1))
        events.append(ev("warm.own", ("P1", "G12"), own, seat=seat, card=card, plate=plate + 1))
        self._used_choice(events)

    def _do_no_warm(self, move: Move, events: list[Event]) -> None:
        if self.phase == "warming" and not self.queue:
            events.append(ev("warm.none", "P1", seat=move.seat))
            self.phase = "play"
            return
        events.append(ev("effect.declined", "Q5", seat=move.seat, source=self.queue[0]["source"]))
        self.queue.pop(0)
        self._run(events)

    # The hot paths below build their events directly (`Event(key, params, clauses, seen by)`,
    # parameters in the order `ev` would give them): the same events, without `ev`'s keywords.
    def _do_play(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]  # checked or trusted: exactly one detail
        self.hand[seat].remove(card)
        self.played[seat].append(card)
        info = self.comp.cards[card]
        if info.tool:
            self.currency += info.currency
            events.append(shared_event("cuisine-a-la-card.play.spoon", (
                ("seat", seat), ("count", info.currency), ("total", self.currency)),
                ("P2", "P2-1")))
            return
        event = PLAYED_EVENTS.get((seat, card, "play.card"))
        if event is None:
            event = played_event(seat, card, "play.card", ("P2",))
        events.append(event)
        self._played(seat, card, events)
        if self.queue:
            self._run(events)

    def _played(self, seat: Seat, card: str, events: list[Event]) -> None:
        """A card counts as played: its On Play abilities act, and cuisine pairs wake (C2, C3)."""
        facts = self.comp.facts
        self.turn_played.append(card)
        self.turn_fired.append(False)
        for ability in facts.on_play[card]:
            self._enqueue(seat, card, "on_play", ability.effects)
        if card not in facts.plays:
            key = "play.wasted" if card in facts.in_dish else "play.nothing"
            event = PLAYED_EVENTS.get((seat, card, key))
            if event is None:
                event = played_event(seat, card, key, ("P2", "C2"))
            events.append(event)
        if not facts.play_cuisine.keys().isdisjoint(self.turn_played):  # else none can wake
            self._wake_cuisines(seat, events, card)

    def _wake_cuisines(self, seat: Seat, events: list[Event], newest: str | None) -> None:
        """Fire the On Play cuisine abilities that now have a same-cuisine partner played (C3)."""
        cards = self.comp.cards
        play_cuisine = self.comp.facts.play_cuisine
        for i, card in enumerate(self.turn_played):
            cuisine = play_cuisine.get(card)  # None unless its cuisine ability acts on play
            if cuisine is None or self.turn_fired[i]:
                continue
            ability = cards[card].cuisine_ability
            mates = [c for j, c in enumerate(self.turn_played)
                     if j != i and cards[c].cuisine == cuisine]
            if mates:
                self.turn_fired[i] = True
                events.append(ev("pair.play", "C3", seat=seat, card=card, cuisine=cuisine,
                                 partners=list(dict.fromkeys(mates)), count=len(mates)))
                self._enqueue(seat, card, cuisine, ability.effects)
            elif card == newest:
                events.append(ev("pair.waiting", "C3", seat=seat, card=card,
                                 cuisine=cuisine))

    def _do_fork(self, move: Move, events: list[Event]) -> None:
        seat, use = move.seat, move.get("use")
        self.hand[seat].remove("fork")
        self.played[seat].append("fork")
        if use == "buy":
            self.buys += 1
            events.append(ev("play.fork_buy", "P2-2", seat=seat, count=self.buys))
        else:
            self.currency += 1
            events.append(ev("play.fork_currency", ("P2-2", "P2-1"), seat=seat,
                             total=self.currency))

