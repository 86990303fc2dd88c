"""Whether a Food Truck move is allowed now, and which clause says so: `check` and one
`_check_<kind>` per move kind, with the refusals the truck effects share."""

from __future__ import annotations

from foodplay.engine import Move, Seat, Verdict, check_params
from foodplay.games.food_truck.constants import (
    AT_CLASH,
    BEFORE_REVEAL,
    COUNT,
    MOVE_PARAMS,
    PHASE_CLAUSE,
    PHASE_KINDS,
    TRUCK_CLAUSE,
)
from foodplay.games.food_truck.table import FoodTruckTable, is_seat


class MoveChecks(FoodTruckTable):
    """The verdict on a move, without changing anything."""

    def check(self, move: Move) -> Verdict:
        phase = self.phase
        if phase == "over":
            return Verdict.refuse("R3-4", "verdict.game_over")
        clause = PHASE_CLAUSE[phase]
        deciders = self._deciders()
        kind = move.kind
        if move.seat not in deciders:
            if phase == "prepare" and is_seat(move.seat, self.players):
                return Verdict.refuse("R1-2", "food-truck.refuse.pile_ready", seat=move.seat)
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=list(deciders))
        if kind not in PHASE_KINDS[phase]:
            if phase == "turn" and kind in AT_CLASH:
                return Verdict.refuse(TRUCK_CLAUSE[kind], "food-truck.refuse.only_at_clash",
                                      truck=kind)
            if phase == "clash" and kind in BEFORE_REVEAL:
                return Verdict.refuse(TRUCK_CLAUSE[kind], "food-truck.refuse.only_before_reveal",
                                      truck=kind)
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=str(kind),
                                  decision=self.decision().kind)
        if (refusal := check_params(move, MOVE_PARAMS[kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{kind}")(move)

    def _check_order(self, move: Move) -> Verdict:
        card = move.params[0][1]
        if not isinstance(card, str) or card not in self.hand[move.seat]:
            return Verdict.refuse("R1-2", "food-truck.refuse.not_in_hand", seat=move.seat,
                                  card=str(card))
        return Verdict.allow("R1-2")

    def _check_reveal(self, move: Move) -> Verdict:
        return Verdict.allow("R2")

    def _check_truck(self, seat: Seat, kind: str) -> Verdict | None:
        """The refusal shared by every truck effect, or None when `seat` may use `kind` now."""
        if not self.trucks_on:
            return Verdict.refuse("G4", "food-truck.refuse.no_trucks")
        if self.truck[seat] != kind:
            return Verdict.refuse("R1-1", "food-truck.refuse.not_your_truck", seat=seat,
                                  truck=self.truck[seat], wanted=kind)
        if self.truck_used[seat]:
            return Verdict.refuse("G2", "food-truck.refuse.truck_used", seat=seat, truck=kind)
        return None

    @staticmethod
    def _refusal(*verdicts: Verdict | None) -> Verdict | None:
        """The first refusal among `verdicts` (a refused Verdict is falsy, so `or` won't do)."""
        return next((v for v in verdicts if v is not None), None)

    def _check_swap(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "swap")
        if refused is not None:
            return refused
        if len(self.pile[move.seat]) < 2:
            return Verdict.refuse("G2-1", "food-truck.refuse.swap_short",
                                  count=len(self.pile[move.seat]))
        return Verdict.allow("G2-1")

    def _check_target(self, move: Move, clause: str) -> Verdict | None:
        target = move.get("target")
        if not is_seat(target, self.players):
            return Verdict.refuse(clause, "food-truck.refuse.no_such_seat", target=str(target),
                                  count=self.players)
        if target == move.seat:
            return Verdict.refuse(clause, "food-truck.refuse.own_card", truck=move.kind)
        return None

    def _check_recall(self, move: Move) -> Verdict:
        refused = self._refusal(self._check_truck(move.seat, "recall"),
                                self._check_target(move, "G2-3"))
        if refused is not None:
            return refused
        target, card = move.get("target"), move.get("card")
        if not isinstance(card, str) or card not in self.comp.meals:
            return Verdict.refuse("G2-3", "food-truck.refuse.not_a_meal", card=str(card))
        stack = self._face_up(target, card)
        if stack is None:
            return Verdict.refuse("G2-3", "food-truck.refuse.not_served", target=target,
                                  card=card)
        if stack[COUNT] > 1:
            return Verdict.refuse("G2-3", "food-truck.refuse.part_of_pile", target=target,
                                  card=card, count=stack[COUNT], truck="recall")
        return Verdict.allow("G2-3")

    def _check_go_out(self, move: Move) -> Verdict:
        return Verdict.allow("R2-3")

    def _check_detour(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "detour")
        if refused is not None:
            return refused
        if not self.pile[move.seat]:
            return Verdict.refuse("G2-2", "food-truck.refuse.detour_empty", card=self.clash)
        return Verdict.allow("G2-2")

    def _check_cover(self, move: Move) -> Verdict:
        refused = self._refusal(self._check_truck(move.seat, "cover"),
                                self._check_target(move, "G2-4"))
        if refused is not None:
            return refused
        target, card = move.get("target"), self.clash
        stack = self._face_up(target, card)
        if stack is None:
            return Verdict.refuse("G2-4", "food-truck.refuse.cover_not_blocking", target=target,
                                  card=card)
        blockers = self._blockers(move.seat, card)
        if len(blockers) > 1:
            return Verdict.refuse("G2-4", "food-truck.refuse.cover_many", card=card,
                                  blockers=blockers)
        if stack[COUNT] > 1:
            return Verdict.refuse("G2-4", "food-truck.refuse.part_of_pile", target=target,
                                  card=card, count=stack[COUNT], truck="cover")
        return Verdict.allow("G2-4")

    def _check_rush(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "rush")
        return Verdict.allow("G2-5") if refused is None else refused

    def _check_pick(self, move: Move) -> Verdict:
        card = move.params[0][1]
        if not isinstance(card, str) or card not in self.supply:
            return Verdict.refuse("R2-4", "food-truck.refuse.not_in_supply", card=str(card),
                                  supply=list(self.supply))
        return Verdict.allow("R2-4")
