"""Food Truck's five truck effects (G2-1..G2-5), used before a reveal or at a clash, and at a
clash the plain choice of going out (rule 2-3)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat, event
from foodplay.games.food_truck.constants import COUNT, DOWN, ONLY
from foodplay.games.food_truck.service import Service


class TruckEffects(Service):
    """Swap, recall, detour, cover, rush, or go out; one `_do_<kind>` per move kind."""

    def _use_truck(self, seat: Seat) -> None:
        self.truck_used[seat] = True

    def _do_swap(self, move: Move, events: list[Event]) -> None:
        seat, pile = move.seat, self.pile[move.seat]
        self._use_truck(seat)
        pile[0], pile[1] = pile[1], pile[0]
        events.append(event("food-truck.truck.swap", "G2-1", seat=seat))
        events.append(event("food-truck.truck.swap_own", ("G2-1", "G3"), ONLY[seat],
                            seat=seat, first=pile[0], second=pile[1]))

    def _do_recall(self, move: Move, events: list[Event]) -> None:
        seat, target, card = move.seat, move.get("target"), move.get("card")
        self._use_truck(seat)
        self.served[target].remove(self._face_up(target, card))
        self.hand[target].append(card)
        still = self._blockers(target, card)
        events.append(event("food-truck.truck.recall" + (".still" if still else ""),
                            ("G2-3", "D3"), seat=seat, target=target, card=card, still=still))

    def _do_go_out(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self.clash = None
        self.hand[seat].append(card)
        blockers = self._blockers(seat, card)
        events.append(event("food-truck.go_out", ("R2-3", "D3"), seat=seat, card=card,
                            blockers=blockers, truck=self.truck[seat]))
        self._knock_out(seat, events)

    def _do_detour(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self._use_truck(seat)
        self.clash = None
        pile = self.pile[seat]
        pile.append(card)
        events.append(event("food-truck.truck.detour", "G2-2", seat=seat, card=card,
                            count=len(pile)))
        self._judge(seat, self._flip(seat), events)

    def _do_cover(self, move: Move, events: list[Event]) -> None:
        seat, target, card = move.seat, move.get("target"), self.clash
        self._use_truck(seat)
        self.clash = None
        self._face_up(target, card)[DOWN] = True
        events.append(event("food-truck.truck.cover", "G2-4", seat=seat, target=target,
                            card=card))
        self._serve(seat, card, events, ("G2-4", "R2-1"), "food-truck.cover")
        self._next_turn(events)

    def _do_rush(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self._use_truck(seat)
        self.clash = None
        blockers = self._blockers(seat, card)
        stack = self._face_up(seat, card)
        if stack is None:
            self.served[seat].append([card, 1, False])
        else:
            stack[COUNT] += 1
        events.append(event("food-truck.truck.rush", "G2-5", seat=seat, card=card,
                            blockers=blockers))
        self._next_turn(events)
