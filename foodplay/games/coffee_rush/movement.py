"""A turn's first part, rules 1-2: activating upgrades and stepping a meeple over the board."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat, Verdict, event
from foodplay.games.coffee_rush.base import (
    FREE_STEPS,
    UPGRADE_CLAUSE,
    UPGRADE_COST,
    StateBase,
    whole_or_none,
)


class Movement(StateBase):
    """The upgrade, step and stop moves, from the start of a turn to the end of the move."""

    def _start_turn(self, seat: Seat, events: list[Event]) -> None:
        self.phase = "move"
        self.turn = seat
        self.turn_no += 1
        self.meeple = None
        self.steps = 0
        self.path = []
        self.held = []
        self.served = 0
        self.upgraded = 0
        have = len(self.completed[seat])
        if have >= UPGRADE_COST and len(self.upgrades[seat]) < len(self.comp.upgrades):
            events.append(event("coffee-rush.turn.upgrade_ready", "R1", seat=seat, count=have,
                                cost=UPGRADE_COST))

    def _legal_move_phase(self, seat: Seat) -> list[Move]:
        moves = []
        table = self.table
        if self.steps == 0 and len(self.completed[seat]) >= UPGRADE_COST:
            moves += [m for u, m in table.upgrade[seat].items() if u not in self.upgrades[seat]]
        step = self.steps + 1
        if step <= FREE_STEPS or self.rush[seat] > 0:
            budget = self._budget_after(seat, step)
            diagonal = "diagonal" in self.upgrades[seat]
            board = self.board
            meeples = range(len(self.meeples[seat])) if self.meeple is None else (self.meeple,)
            for m in meeples:
                here = self.meeples[seat][m]
                occupied = self._occupied(seat, m)
                steps = table.step[seat][m]
                for target in board.neighbours(here, diagonal):
                    if target in occupied and board.nearest_free(target, occupied,
                                                                 diagonal) > budget:
                        continue
                    moves.append(steps[target])
        if not self._stop_blocked(seat):
            moves.append(table.stop[seat])
        return moves

    def _stop_blocked(self, seat: Seat) -> list[Seat]:
        meeple = self.meeple if self.meeple is not None else 0
        return self._others_at(self.meeples[seat][meeple], seat, meeple)

    def _check_upgrade(self, move: Move) -> Verdict:
        seat, upgrade = move.seat, move.get("upgrade")
        if upgrade not in self.comp.upgrades:
            return Verdict.refuse("R1", "coffee-rush.refuse.no_such_upgrade",
                                  upgrade=str(upgrade), upgrades=list(self.comp.upgrades))
        if self.steps:
            return Verdict.refuse("R1", "coffee-rush.refuse.upgrade_after_move", seat=seat)
        if upgrade in self.upgrades[seat]:
            return Verdict.refuse("R1", "coffee-rush.refuse.upgrade_active", seat=seat,
                                  upgrade=upgrade)
        have = len(self.completed[seat])
        if have < UPGRADE_COST:
            return Verdict.refuse("R1", "coffee-rush.refuse.upgrade_cost", seat=seat, count=have,
                                  cost=UPGRADE_COST)
        return Verdict.allow("D3" if self.upgraded else "R1")

    def _check_step(self, move: Move) -> Verdict:
        seat = move.seat
        meeple = whole_or_none(move.get("meeple"))
        count = len(self.meeples[seat])
        if meeple is None or not 1 <= meeple <= count:
            return Verdict.refuse("R2-1", "coffee-rush.refuse.no_such_meeple",
                                  meeple=str(move.get("meeple")), count=count)
        m = meeple - 1
        if self.meeple is not None and m != self.meeple:
            return Verdict.refuse("R2-1", "coffee-rush.refuse.other_meeple", seat=seat,
                                  meeple=self.meeple + 1)
        target = self.board.at(move.get("row"), move.get("col"))
        if target is None:
            return Verdict.refuse("R2-1", "coffee-rush.refuse.off_board",
                                  row=str(move.get("row")), col=str(move.get("col")),
                                  rows=self.board.rows, cols=self.board.cols)
        here = self.meeples[seat][m]
        if self.board.chebyshev(here, target) != 1:
            row, col = self.board.rc(here)
            return Verdict.refuse("R2-1", "coffee-rush.refuse.not_adjacent",
                                  row=move.get("row"), col=move.get("col"), from_row=row,
                                  from_col=col)
        if self.board.manhattan(here, target) == 2 and "diagonal" not in self.upgrades[seat]:
            return Verdict.refuse("U2", "coffee-rush.refuse.diagonal_locked", seat=seat)
        step = self.steps + 1  # a step beyond the free ones always has a rush token to pay
        occupied = self._occupied(seat, m)
        if target in occupied:
            budget = self._budget_after(seat, step)
            if self.board.nearest_free(target, occupied, "diagonal" in self.upgrades[seat]) \
                    > budget:
                return Verdict.refuse("R2-3", "coffee-rush.refuse.stranded", seat=seat,
                                      row=move.get("row"), col=move.get("col"), count=budget,
                                      owners=self._others_at(target, seat, m))
        return Verdict.allow("R2-1")

    def _check_stop(self, move: Move) -> Verdict:
        owners = self._stop_blocked(move.seat)
        if owners:
            return Verdict.refuse("R2-3", "coffee-rush.refuse.stop_occupied", seat=move.seat,
                                  owners=owners)
        return Verdict.allow("D1" if self.steps == 0 else "R2-1")

    def _do_upgrade(self, move: Move, events: list[Event]) -> None:
        seat, upgrade = move.seat, move.get("upgrade")
        paid = self.completed[seat][:UPGRADE_COST]
        del self.completed[seat][:UPGRADE_COST]
        self.spent[seat] += paid
        self.upgrades[seat].append(upgrade)
        self.upgraded += 1
        clauses = ("R1", UPGRADE_CLAUSE[upgrade], "D10") + (("D3",) if self.upgraded > 1 else ())
        key = "coffee-rush.upgrade.again" if self.upgraded > 1 else "coffee-rush.upgrade"
        events.append(event(key, clauses, seat=seat, upgrade=upgrade, cost=UPGRADE_COST,
                            count=len(self.completed[seat])))

    def _do_step(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        m = move.get("meeple") - 1
        board = self.board
        here = self.meeples[seat][m]
        if self.meeple is None:
            self.meeple = m
            self.path = [here]
        row, col = move.get("row"), move.get("col")  # checked already: on the board
        target = (row - 1) * board.cols + col - 1
        step = self.steps = self.steps + 1
        if step > FREE_STEPS:
            self.rush[seat] -= 1
            events.append(event("coffee-rush.step.rush", "R2-4", seat=seat, step=step,
                                free=FREE_STEPS, count=self.rush[seat]))
        again = target in self.path
        diagonal = board.dist[False][here][target] == 2
        owners = self._others_at(target, seat, m)
        self.meeples[seat][m] = target
        self.path.append(target)
        ingredient = board.ingredient[target]
        active = self.upgrades[seat]
        bonuses = [u for u in self.comp.upgrades if u in active and (
            (u == "crowd" and owners) or (u == "corners" and target in board.corners)
            or (u == "ribbons" and target in board.ribbons))] if active else []
        wanted = 1 + len(bonuses)
        got = self._take(ingredient, wanted)
        self.held += [ingredient] * got
        params = {"seat": seat, "meeple": m + 1, "row": row, "col": col, "ingredient": ingredient}
        extra = ("U2",) if diagonal else ()
        if not got:
            events.append(event("coffee-rush.step.none", ("R2-1", "R2-2", "D5") + extra,
                                **params))
        elif again:
            key = "coffee-rush.step.return" if target == self.path[0] else "coffee-rush.step.again"
            events.append(event(key, ("R2-1", "R2-2", "D1") + extra, **params))
        elif diagonal:
            events.append(event("coffee-rush.step.diagonal", ("R2-1", "R2-2", "U2"), **params))
        else:
            events.append(event("coffee-rush.step", ("R2-1", "R2-2"), **params))
        own = owners == [seat]  # D11: a player's own second meeple counts as another meeple
        if owners:
            key = "coffee-rush.step.through_own" if own else "coffee-rush.step.through"
            events.append(event(key, ("R2-3", "D11") if own else "R2-3", seat=seat,
                                owners=owners, row=row, col=col))
        stacked = ("D4",) if len(bonuses) > 1 else ()
        for upgrade in bonuses[:max(0, got - 1)]:
            reading = ("D11",) if own and upgrade == "crowd" else ()
            events.append(event(f"coffee-rush.bonus.{upgrade}", (UPGRADE_CLAUSE[upgrade],)
                                + stacked + reading, seat=seat, ingredient=ingredient, row=row,
                                col=col))
        if got and got < wanted:
            events.append(event("coffee-rush.bonus.short", "D5", seat=seat, upgrades=bonuses,
                                ingredient=ingredient, wanted=wanted, count=got))
        elif len(bonuses) > 1:
            events.append(event("coffee-rush.bonus.stacked", "D4", seat=seat, upgrades=bonuses,
                                ingredient=ingredient, count=got))
        if step >= FREE_STEPS and self.rush[seat] == 0:  # no step left: the move ends here
            events.append(event("coffee-rush.move.spent", ("R2-1", "R2-4"), seat=seat,
                                count=step))
            self._end_move(events)

    def _do_stop(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        if self.steps == 0:
            events.append(event("coffee-rush.stop.still", ("R2-1", "D1"), seat=seat))
        else:
            row, col = self.board.rc(self.meeples[seat][self.meeple])
            events.append(event("coffee-rush.stop", "R2-1", seat=seat, count=self.steps,
                                row=row, col=col))
        self._end_move(events)

    def _end_move(self, events: list[Event]) -> None:
        seat = self.turn
        self.phase = "pour"
        if self.held:
            events.append(event("coffee-rush.pour.start", "R3-1", seat=seat,
                                held=sorted(self.held, key=self._order_key),
                                count=len(self.held)))
        elif any(self.cups[seat]):
            events.append(event("coffee-rush.pour.only_empty", "R3-3", seat=seat))
        else:
            events.append(event("coffee-rush.pour.nothing", "R3-1", seat=seat))
            self._finish_turn(events)
