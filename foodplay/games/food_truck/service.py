"""A Food Truck round's preparation and service: order meals in secret (rule 1), then reveal
them in turn, serve or stack them, go out on a meal already served and pick from the supply (2)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat, event
from foodplay.games.food_truck.between_rounds import BetweenRounds
from foodplay.games.food_truck.constants import AT_CLASH, COUNT, ONLY


class Service(BetweenRounds):
    """Order, reveal, serve, go out and pick; one `_do_<kind>` per move kind of these phases."""

    # The busiest events are built as Event(key, params, clauses): the same values as
    # event(key, clauses, **params) gives, without packing and unpacking keywords.

    def _do_order(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]
        self.hand[seat].remove(card)
        pile = self.pile[seat]
        pile.append(card)
        count, total = len(pile), self.pile_size[seat]
        events.append(Event("food-truck.order",
                            (("seat", seat), ("count", count), ("total", total)), ("R1-2", "G3")))
        events.append(Event("food-truck.order.own", (("seat", seat), ("card", card),
                                                     ("count", count), ("total", total)),
                            ("R1-2", "G3"), ONLY[seat]))
        if not any(self.hand):
            self._start_service(events)

    def _start_service(self, events: list[Event]) -> None:
        self.turn = self.first
        events.append(event("food-truck.service.start", "R2", seat=self.first))
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        seat = self.turn
        if self.pile[seat]:
            self.phase = "turn"
            return
        events.append(event("food-truck.out.empty", ("D2", "R2-3"), seat=seat))
        self._knock_out(seat, events)

    def _do_reveal(self, move: Move, events: list[Event]) -> None:
        self._judge(move.seat, self._flip(move.seat), events)

    def _flip(self, seat: Seat) -> str:
        """The top card of `seat`'s draw pile, flipped face up (rule 2)."""
        pile = self.pile[seat]
        if self.chance is None:  # seeded: the order the seat chose
            return pile.pop(0)
        return self._table_flip(seat, pile)

    def _table_flip(self, seat: Seat, pile: list[str]) -> str:
        """At a real table the order of a draw pile is secret (G3), so the card flipped is the
        one the table names (foodplay.chance), from the cards whose place nobody knows: a card
        slid under the pile by Detour (G2-2) comes out last."""
        under = 1 if (self.truck[seat] == "detour" and self.truck_used[seat]
                      and len(pile) > 1) else 0
        unknown = pile[:len(pile) - under][::-1]  # top last, as State.draw takes it
        card = self.draw(f"pile.{seat}", unknown, seat)
        pile[:len(pile) - under] = []
        pile[:0] = unknown[::-1]
        return card

    def _judge(self, seat: Seat, card: str, events: list[Event]) -> None:
        """Serve, stack or refuse the card `seat` just revealed (2-1 to 2-3)."""
        if card in self.dessert:
            self.served[seat].append([card, 1, False])
            events.append(Event("food-truck.reveal.dessert", (("seat", seat), ("card", card)),
                                ("R2", "R2-2")))
            self._next_turn(events)
            return
        blockers = self._blockers(seat, card)
        if not blockers:
            self._serve(seat, card, events, ("R2", "R2-1"))
            self._next_turn(events)
            return
        gone = [s for s in blockers if self.out[s]]
        d1 = ("D1",) if gone else ()
        suffix = ".d1" if gone else ""
        if self.trucks_on and self.truck[seat] in AT_CLASH and not self.truck_used[seat]:
            self.clash = card
            self.phase = "clash"
            events.append(event("food-truck.reveal.clash_choice" + suffix,
                                ("R2", "R2-3", "G2") + d1, seat=seat, card=card,
                                blockers=blockers, gone=gone, truck=self.truck[seat]))
            return
        self.hand[seat].append(card)
        events.append(event("food-truck.reveal.clash" + suffix, ("R2", "R2-3", "D3") + d1,
                            seat=seat, card=card, blockers=blockers, gone=gone))
        self._knock_out(seat, events)

    def _serve(self, seat: Seat, card: str, events: list[Event], clauses: tuple[str, ...],
               prefix: str = "food-truck.reveal") -> None:
        stack = self._face_up(seat, card)
        if stack is None:
            self.served[seat].append([card, 1, False])
            events.append(Event(prefix + ".served", (("seat", seat), ("card", card)), clauses))
        else:
            stack[COUNT] += 1
            events.append(Event(prefix + ".stacked",
                                (("seat", seat), ("card", card), ("count", stack[COUNT])),
                                clauses + ("D5",)))

    def _knock_out(self, seat: Seat, events: list[Event]) -> None:
        self.out[seat] = True
        self.out_order.append(seat)
        if len(self.out_order) == 1:
            self.first = seat
            events.append(event("food-truck.out.token", "R2-5", seat=seat))
        if not self.supply:
            events.append(event("food-truck.pick.empty", ("R2-4", "D4"), seat=seat))
        elif len(set(self.supply)) == 1:
            card = self.supply.pop()
            self.hand[seat].append(card)
            events.append(event("food-truck.pick.only", ("R2-4", "D4"), seat=seat, card=card))
        else:
            self.phase = "pick"
            self.picker = seat
            events.append(event("food-truck.pick.choose", ("R2-4", "D4"), seat=seat,
                                supply=list(self.supply)))
            return
        self._after_out(events)

    def _do_pick(self, move: Move, events: list[Event]) -> None:
        card = move.params[0][1]
        self.supply.remove(card)
        self.hand[move.seat].append(card)
        self.picker = None
        events.append(event("food-truck.pick", "R2-4", seat=move.seat, card=card,
                            supply=list(self.supply)))
        self._after_out(events)

    def _after_out(self, events: list[Event]) -> None:
        left = [s for s in range(self.players) if not self.out[s]]
        if len(left) == 1:
            self._end_round(left[0], events)
        else:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        seat = (self.turn + 1) % self.players
        while self.out[seat]:
            seat = (seat + 1) % self.players
        self.turn = seat
        self._begin_turn(events)
