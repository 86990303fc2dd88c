"""A BURG round's first half: reveal ingredients into piles (rules 1, 2), choose Tongs or Tea
in secret (3), take piles (4); then it hands over to building (building.py)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat, event
from foodplay.games.burg.building import Building
from foodplay.games.burg.constants import ONLY


class Taking(Building):
    """Reveal, place, choose tools and take; one `_do_<kind>` per move kind of these phases."""

    # The busiest events are built as Event(key, params, clauses): the same values as
    # event(key, clauses, **params) gives, without packing and unpacking keywords.

    def _do_reveal(self, move: Move, events: list[Event]) -> None:
        seat = self.first
        chance = self.chance  # a seeded game pops inline: State.draw's call costs 4% here
        card = self.deck.pop() if chance is None else chance.draw("deck", self.deck, seat, False)
        piles = self.piles
        if self.comp.roles[card] == "rat":
            if not self.piles:
                self.waiting_rats += 1
                events.append(Event("burg.reveal.rat_waits", (("seat", seat),), ("R1", "D1")))
            else:
                self.pending = card
                self.phase = "place"
                events.append(Event("burg.reveal.rat", (("seat", seat), ("needed", self.needed)),
                                    ("R1", "R2")))
            self._after_card(events)
            return
        self.revealed = revealed = self.revealed + 1
        if len(piles) < self.players:
            piles.append([card])
            self.pile_taken.append(False)
            events.append(Event("burg.reveal.starts_pile", (
                ("seat", seat), ("card", card), ("pile", len(piles)), ("count", revealed),
                ("needed", self.needed)), ("R1", "R2")))
            if len(piles) == 1 and self.waiting_rats:
                self.piles[0] += ["rat"] * self.waiting_rats
                events.append(event("burg.reveal.rats_join", "D1", count=self.waiting_rats))
                self.waiting_rats = 0
        else:
            self.pending = card
            self.phase = "place"
            events.append(Event("burg.reveal.choose", (
                ("seat", seat), ("card", card), ("count", revealed), ("needed", self.needed)),
                ("R1", "R2")))
        self._after_card(events)

    def _do_place(self, move: Move, events: list[Event]) -> None:
        pile = move.params[0][1]  # checked: the one parameter, a pile number
        card = self.pending
        self.piles[pile - 1].append(card)
        self.pending = None
        self.phase = "reveal"
        events.append(Event("burg.place", (("seat", move.seat), ("card", card), ("pile", pile)),
                            ("R2",)))
        self._after_card(events)

    def _after_card(self, events: list[Event]) -> None:
        """After a card is settled: keep revealing, or stop at N ingredients or an empty deck."""
        if self.pending is not None:
            return
        if self.revealed >= self.needed:
            events.append(Event("burg.reveal.done",
                                (("needed", self.needed), ("piles", len(self.piles))), ("R1",)))
            self._start_tools(events)
        elif not self.deck:
            self.deck_ran_out = True
            if not self.piles:
                self.waste[self.first] += ["rat"] * self.waiting_rats
                events.append(event("burg.reveal.deck_out_no_pile", "D7", seat=self.first,
                                    count=self.waiting_rats))
                self.waiting_rats = 0
                self._end_game("deck_ran_out", events)
                return
            events.append(event("burg.reveal.deck_out", "D7", piles=len(self.piles)))
            self._start_tools(events)

    def _start_tools(self, events: list[Event]) -> None:
        self.phase = "tools"
        for seat, hand in enumerate(self.hands):
            if sum(hand.values()) == 1:
                count = len(self.used[seat])
                for tool in self.used[seat]:
                    self.hands[seat][tool] += 1
                self.used[seat] = []
                events.append(Event("burg.tools.refresh", (("seat", seat), ("count", count)),
                                    ("R3", "D3")))
        events.append(Event("burg.tools.start", (), ("R3",)))

    def _do_tool(self, move: Move, events: list[Event]) -> None:
        seat, tool = move.seat, move.params[0][1]  # checked: the one parameter, a tool
        self.hands[seat][tool] -= 1
        self.chosen[seat] = tool
        events.append(Event("burg.tools.committed", (("seat", seat),), ("R3",)))
        events.append(Event("burg.tools.committed_own", (("seat", seat), ("tool", tool)),
                            ("R3",), ONLY[seat]))
        if None not in self.chosen:
            self._reveal_tools(events)

    def _reveal_tools(self, events: list[Event]) -> None:
        for seat in range(self.players):
            tool = self.chosen[seat]
            self.played[seat] = tool
            self.used[seat].append(tool)
            events.append(Event("burg.tools.revealed", (("seat", seat), ("tool", tool)),
                                ("R4",)))
        self.chosen = [None] * self.players
        events.append(Event("burg.tools.used", (), ("R4",)))
        order = [(self.first + k) % self.players for k in range(1, self.players + 1)]
        self.takers = [s for s in order if self.played[s] == "tongs"]
        self.take_turn = 0
        if not self.takers:
            cards = [c for pile in self.piles for c in pile]
            self.waste[self.first] += cards
            self.piles = [[] for _ in self.piles]
            self.pile_taken = [True] * len(self.piles)
            events.append(Event("burg.take.all_tea", (("seat", self.first), ("count", len(cards))),
                                ("R4", "D4")))
            self._end_of_round(events)
        elif len(self.takers) == 1:
            seat = self.takers[0]
            for index in range(len(self.piles)):
                self._take(seat, index)
            events.append(Event("burg.take.lone", (("seat", seat), ("piles", len(self.piles)),
                                                   ("cards", list(self.taken[seat]))), ("R4",)))
            self._start_build(events)
        else:
            self.phase = "take"
            self._auto_take_last(events)

    def _take(self, seat: Seat, index: int) -> list[str]:
        """Move pile `index` into `seat`'s taken cards; return the cards."""
        cards, self.piles[index] = self.piles[index], []
        self.pile_taken[index] = True
        self.taken[seat] += cards
        self.last_taker = seat
        if seat not in self.builders:
            self.builders.append(seat)
        return cards

    def _do_take(self, move: Move, events: list[Event]) -> None:
        pile = move.params[0][1]  # checked: the one parameter, a pile number
        cards = self._take(move.seat, pile - 1)
        events.append(Event("burg.take", (("seat", move.seat), ("pile", pile), ("cards", cards)),
                            ("R4", "D2")))
        self.take_turn = (self.take_turn + 1) % len(self.takers)
        self._auto_take_last(events)

    def _auto_take_last(self, events: list[Event]) -> None:
        left = [i for i, t in enumerate(self.pile_taken) if not t]
        if len(left) == 1:
            seat = self.takers[self.take_turn]
            cards = self._take(seat, left[0])
            events.append(Event("burg.take.last",
                                (("seat", seat), ("pile", left[0] + 1), ("cards", cards)),
                                ("R4", "D2")))
            left = []
        if not left:
            self._start_build(events)
