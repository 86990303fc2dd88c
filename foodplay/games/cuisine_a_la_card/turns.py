"""Drawing (with reshuffles), the end of a turn and the start of the next (P3, T), and the end of
the game with its winners (E1-E3, G13)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat
from foodplay.games.cuisine_a_la_card.constants import HAND_SIZE, MARKET_SIZE, OWN
from foodplay.games.cuisine_a_la_card.events import NEW_HAND, WARM_SKIPPED, ev, shared_event
from foodplay.games.cuisine_a_la_card.lookups import shuffle
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class TurnsAndEnd(CuisineStateBase):
    """CuisineState's draws, end move, turn start, game end, scores and winners."""

    def _draw(self, seat: Seat, count: int, events: list[Event],
              clauses: tuple[str, ...] = ("P3",)) -> None:
        deck = self.deck[seat]
        # the seeded fast path: no reshuffle, no bought copy to follow, no table naming cards
        if len(deck) >= count and not self.bought_deck and self.chance is None:
            drawn = deck[:-count - 1:-1] if count else []
            del deck[len(deck) - count:]
        else:
            drawn = self._draw_through(seat, count, events)
        self.hand[seat] += drawn
        if drawn:
            events.append(Event("cuisine-a-la-card.draw.cards", (
                ("seat", seat), ("cards", drawn), ("count", len(drawn))), clauses + ("G12",),
                OWN[seat]))

    def _draw_through(self, seat: Seat, count: int, events: list[Event]) -> list[str]:
        """Draw one card at a time, reshuffling the discard pile when the deck runs out."""
        drawn: list[str] = []
        deck = self.deck[seat]
        for _ in range(count):
            if not deck:
                if not self.discard[seat]:
                    events.append(Event("cuisine-a-la-card.draw.short", (
                        ("seat", seat), ("count", len(drawn))), ("P3",)))
                    break
                if seat == self.active and self.bought_discard:  # P2-3: follow each copy
                    marks = set(self.bought_discard)
                    pairs = [(c, i in marks) for i, c in enumerate(self.discard[seat])]
                    shuffle(self.rng, pairs)  # the same shuffle as of the bare cards
                    deck.extend(c for c, _ in pairs)
                    self.bought_deck = [i for i, (_, fresh) in enumerate(pairs) if fresh]
                    self.bought_discard = []
                else:
                    deck.extend(self.discard[seat])
                    shuffle(self.rng, deck)
                self.discard[seat] = []
                events.append(Event("cuisine-a-la-card.draw.reshuffle", (
                    ("seat", seat), ("count", len(deck))), ("P3",)))
            if self.chance is None:  # seeded: the top card, as fast as it can be
                drawn.append(deck.pop())
            else:  # at a real table: into a hidden hand, so never asked for (foodplay.chance)
                drawn.append(self._table_draw(seat, deck))
            if self.bought_deck and seat == self.active and len(deck) in self.bought_deck:
                self.bought_deck.remove(len(deck))
                self.bought_hand.append(drawn[-1])
        return drawn

    def _table_draw(self, seat: Seat, deck: list[str]) -> str:
        """One private draw from `seat`'s deck through State.draw. A card the table named is
        moved to the top first (swapped with the top card), so a mark of a copy bought this
        turn (P2-3) follows the card it marks."""
        marks = self.bought_deck if seat == self.active else []
        before = list(deck) if marks else None
        card = self.draw(f"deck.{seat}", deck, seat, private=True)
        if before is not None and card != before[-1]:
            at = next(i for i, c in enumerate(deck) if c != before[i])  # where the top went
            top = len(deck)  # the top's position before the draw
            self.bought_deck = sorted(at if m == top else top if m == at else m for m in marks)
        return card

    def _do_end(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        gone = self.played[seat] + self.hand[seat]
        self.discard[seat] += gone
        self.played[seat], self.hand[seat] = [], []
        events.append(shared_event("cuisine-a-la-card.discard_phase", (
            ("seat", seat), ("count", len(gone))), ("P3",)))
        if self.currency:
            events.append(shared_event("cuisine-a-la-card.currency_lost", (
                ("seat", seat), ("count", self.currency)), ("C5",)))
        self.currency = 0
        events.append(NEW_HAND[seat])
        self._draw(seat, HAND_SIZE, events)
        self._cleanup(events)
        if self.end_trigger is None and not self.pantry and not any(self.market):
            self.end_trigger = {"seat": None, "reason": "pantry"}
            events.append(ev("end.pantry", ("G7", "D4"), last=(self.first - 1) % self.players))
        following = (seat + 1) % self.players
        if self.end_trigger is not None and following == self.first:
            self._finish(events)
            return
        if following == self.first:
            self.round += 1
        self.active = following
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        seat = self.active
        self.turn += 1
        self.phase = "warming"
        self.currency, self.buys, self.purchases, self.served = 0, 1, 0, 0
        self.market_start = MARKET_SIZE - self.market.count(None)
        self.market_bought = 0
        self.turn_played, self.turn_fired = [], []
        self.warmed = False
        self.bought_discard, self.bought_deck, self.bought_hand = [], [], []
        events.append(shared_event("cuisine-a-la-card.turn.start", (
            ("seat", seat), ("round", self.round), ("count", len(self.hand[seat]))), ("T",)))
        if self.won[seat]:
            for entry in self.won[seat]:
                if not entry["active"]:
                    entry["active"] = True
                    events.append(ev("judge.active", ("P2-6", "D3"), seat=seat,
                                     judge=entry["judge"]))
            for judge in self._judge_abilities(seat, "turn"):
                self._enqueue(seat, judge.id, "judge", judge.ability.effects)
        if self.queue:
            self._run(events)
        hand = self.hand[seat]
        if not hand or None not in self.plates[seat]:
            key = "warm.skip_full" if hand else "warm.skip_empty"
            events.append(WARM_SKIPPED[seat, key])
            self.phase = "play"

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        for seat in range(self.players):
            events.append(ev("final.score", "E2", seat=seat, medals=self.medals[seat],
                             count=len(self.eaten[seat]), dishes=len(self.dishes[seat])))
        winners = self.winners()
        best = max(self.medals)
        tied = [s for s in range(self.players) if self.medals[s] == best]
        if len(tied) == 1:
            events.append(ev("winner", "E2", seat=winners[0], medals=best))
        elif len(winners) == 1:
            events.append(ev("winner.eaten", "E3", seat=winners[0], medals=best, tied=tied,
                             count=len(self.eaten[winners[0]])))
        else:
            events.append(ev("winner.shared", ("E3", "G13"), seats=winners, medals=best,
                             count=len(self.eaten[winners[0]])))

    # --- results -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.medals)

    def winners(self) -> list[Seat]:
        """Most medals; ties go to the most ingredients eaten (E3), then are shared (G13)."""
        best = max(self.medals)
        tied = [s for s in range(self.players) if self.medals[s] == best]
        most = max(len(self.eaten[s]) for s in tied)
        return [s for s in tied if len(self.eaten[s]) == most]

