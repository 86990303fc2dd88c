"""Coffee Rush: walk the ingredient board, pour into cups, serve orders before they fall off tab 4.

Clause ids follow ../shared/rules/coffee-rush.md: C1-C5 the components, S1-S5 the set-up,
R1-R6 the numbered turn steps (shown as "1".."6", "2-1".."5-4"), U1-U4 the upgrades, P1-P2
scoring and ties; D1-D11 are the tutor's readings and G1-G3 the tutor's defaults.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from foodplay.data import Say, require
from foodplay.engine import (
    DEFAULT_NAMES,
    Credits,
    Decision,
    Event,
    Game,
    Move,
    Seat,
    State,
    Verdict,
    check_params,
    event,
)
from foodplay.games.coffee_rush import setup as cr_setup
from foodplay.games.coffee_rush.board import Board
from foodplay.games.coffee_rush.components import Components
from foodplay.position import TRUE_OR_FALSE

FREE_STEPS = 3  # rule 2-1
UPGRADE_COST = 3  # rule 1
PENALTY_LIMIT = 5  # rule 5-4
DRAWERS = 2  # rule 4-4: the next two players draw
UPGRADE_CLAUSE = {"crowd": "U1", "diagonal": "U2", "corners": "U3", "ribbons": "U4"}
OPTIONS = {"extra_order": False}  # D7: the unverified two-player variant, off by default

PHASE_CLAUSE = {"place": "S4", "setup_pour": "S5", "move": "R2-1", "pour": "R3-1",
                "serve": "R4-1"}
PHASE_KINDS = {
    "place": ("place",),
    "setup_pour": ("pour",),
    "move": ("upgrade", "step", "stop"),
    "pour": ("pour", "return", "empty", "done"),
    "serve": ("serve",),
}
MOVE_PARAMS = {"place": ("col", "row"), "upgrade": ("upgrade",), "step": ("col", "meeple", "row"),
               "stop": (), "pour": ("cup", "ingredient"), "return": ("ingredient",),
               "empty": ("cup",), "done": (), "serve": ("cup", "order", "tab")}

_MOVES: dict[tuple[Any, ...], Move] = {}


def _move(seat: Seat, kind: str, *params: tuple[str, Any]) -> Move:
    """A cached Move; `params` must already be sorted by name (as Move.make sorts them)."""
    key = (seat, kind, params)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Move(seat, kind, params)
    return found


class MoveTable:
    """Every fixed-shape move of every seat, built once per component set and player count, so
    that listing legal moves is indexing rather than building."""

    def __init__(self, comp: Components, board: Board, players: int):
        cups = range(1, comp.cups + 1)
        rc = [board.rc(c) for c in range(board.size)]
        meeples = comp.meeples[players]
        self.place = [[_move(s, "place", ("col", c), ("row", r)) for r, c in rc]
                      for s in range(players)]
        self.upgrade = [{u: _move(s, "upgrade", ("upgrade", u)) for u in comp.upgrades}
                        for s in range(players)]
        self.step = [[[_move(s, "step", ("col", c), ("meeple", m + 1), ("row", r))
                       for r, c in rc] for m in range(meeples)] for s in range(players)]
        self.stop = [_move(s, "stop") for s in range(players)]
        self.pour = [{i: [_move(s, "pour", ("cup", k), ("ingredient", i)) for k in cups]
                      for i in comp.supply} for s in range(players)]
        self.back = [{i: _move(s, "return", ("ingredient", i)) for i in comp.supply}
                     for s in range(players)]
        self.empty = [[_move(s, "empty", ("cup", k)) for k in cups] for s in range(players)]
        self.done = [_move(s, "done") for s in range(players)]
        # and facts of the component set every game asks again
        self.deck = tuple(comp.deck())
        self.specialty_cards = sum(o.copies for o in comp.orders.values() if o.specialty)
        self.longest = max(len(o.ingredients) for o in comp.orders.values())
        self.cells = [(r, c, board.ingredient[i], i in board.corners, i in board.ribbons)
                      for i, (r, c) in enumerate(rc)]  # what a view says of each cell


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class CoffeeRushState(State):
    """A Coffee Rush position. Seats are 0-based; rows, columns, cups, tabs and meeples in moves
    and views are numbered from 1."""

    def __init__(self, game: CoffeeRushGame, players: int, comp: Components, board: Board,
                 rng: random.Random, names: list[str], options: dict[str, Any],
                 table: MoveTable):
        self.game = game
        self.table = table
        self.players = players
        self.comp = comp
        self.board = board
        self.rng = rng
        self.names = names
        self.options = options
        self.phase = "place"
        self.first = 0
        self.open = True  # the start token's side
        self.closed_by: str | None = None
        self.supply = dict(comp.supply)
        self.deck: list[str] = []  # the top of the deck is the end of the list
        each = comp.meeples[players]
        self.meeples: list[list[int | None]] = [[None] * each for _ in range(players)]
        self.cups: list[list[list[str]]] = [[[] for _ in range(comp.cups)]
                                            for _ in range(players)]
        self.tabs: list[list[list[str]]] = [[[] for _ in range(comp.tabs)]
                                            for _ in range(players)]
        self.completed: list[list[str]] = [[] for _ in range(players)]
        self.penalties: list[list[str]] = [[] for _ in range(players)]
        self.spent: list[list[str]] = [[] for _ in range(players)]
        self.rush = [0] * players
        self.upgrades: list[list[str]] = [[] for _ in range(players)]
        self.turns = [0] * players
        self.queue: list[list[int]] = []  # meeple placements still to make: [seat, meeple]
        self.turn = 0  # the seat deciding now (the placing seat during set-up)
        self.turn_no = 0
        self.meeple: int | None = None  # the meeple moving this turn (0-based)
        self.steps = 0
        self.path: list[int] = []  # cells of this move, the starting cell first
        self.held: list[str] = []  # ingredients collected and not yet poured
        self.served = 0
        self.upgraded = 0  # upgrades activated this turn (D3)
        self.end: str | None = None
        self.setup_events: list[Event] = []
        self._rank = {ingredient: i for i, ingredient in enumerate(comp.supply)}

    # --- whose decision ------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        return Decision((self.turn,), f"coffee-rush.decide.{self.phase}")

    # --- helpers -------------------------------------------------------------------------
    def _others_at(self, cell: int, seat: Seat, meeple: int | None) -> list[Seat]:
        """The seats owning a meeple on `cell`, other than `seat`'s meeple `meeple`."""
        found = []
        for s, cells in enumerate(self.meeples):
            if cell in cells:
                found += [s for m, c in enumerate(cells)
                          if c == cell and not (s == seat and m == meeple)]
        return found

    def _occupied(self, seat: Seat, meeple: int) -> set[int]:
        return {c for s in range(self.players) for m, c in enumerate(self.meeples[s])
                if c is not None and not (s == seat and m == meeple)}

    def _budget_after(self, seat: Seat, step: int) -> int:
        """Steps still possible after taking step number `step` (free steps, then rush tokens)."""
        rush = self.rush[seat] - (1 if step > FREE_STEPS else 0)
        return max(0, FREE_STEPS - step) + rush

    def matches(self, seat: Seat) -> list[tuple[int, int, str]]:
        """Every (cup, tab, order) whose cup holds exactly the order's ingredients (D2)."""
        found = []
        orders = self.comp.orders
        for c, cup in enumerate(self.cups[seat]):
            if not cup:
                continue
            key = tuple(sorted(cup, key=self._rank.__getitem__))
            for t, tab in enumerate(self.tabs[seat]):
                for order in dict.fromkeys(tab):
                    if orders[order].ingredients == key:
                        found.append((c, t, order))
        return found

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, seat: Seat) -> list[Move]:
        phase = self.phase
        comp, board = self.comp, self.board
        if phase == "place":
            return [_move(seat, "place", ("col", c), ("row", r))
                    for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)]
        if phase == "setup_pour":
            return [_move(seat, "pour", ("cup", k), ("ingredient", i))
                    for i in comp.supply for k in range(1, comp.cups + 1)]
        if phase == "move":
            return ([_move(seat, "upgrade", ("upgrade", u)) for u in comp.upgrades]
                    + [_move(seat, "step", ("col", c), ("meeple", m), ("row", r))
                       for m in range(1, len(self.meeples[seat]) + 1)
                       for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)]
                    + [_move(seat, "stop")])
        if phase == "pour":
            return ([_move(seat, "pour", ("cup", k), ("ingredient", i))
                     for i in comp.supply for k in range(1, comp.cups + 1)]
                    + [_move(seat, "return", ("ingredient", i)) for i in comp.supply]
                    + [_move(seat, "empty", ("cup", k)) for k in range(1, comp.cups + 1)]
                    + [_move(seat, "done")])
        if phase == "serve":
            on_board = [(t, o) for t, tab in enumerate(self.tabs[seat]) for o in dict.fromkeys(tab)]
            return [_move(seat, "serve", ("cup", k), ("order", o), ("tab", t + 1))
                    for k in range(1, comp.cups + 1) for t, o in on_board]
        return []

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Generated directly for speed; tests compare it with candidates filtered by check."""
        phase = self.phase
        if phase == "over" or (seat is not None and seat != self.turn):
            return []
        seat = self.turn
        table = self.table
        if phase == "move":
            return self._legal_move_phase(seat)
        if phase == "pour":
            kinds = [i for i in self.comp.supply if i in self.held]
            pour, back = table.pour[seat], table.back[seat]
            return ([m for i in kinds for m in pour[i]] + [back[i] for i in kinds]
                    + [m for m, cup in zip(table.empty[seat], self.cups[seat], strict=True)
                       if cup]
                    + [table.done[seat]])
        if phase == "serve":
            return [_move(seat, "serve", ("cup", c + 1), ("order", o), ("tab", t + 1))
                    for c, t, o in self.matches(seat)]
        if phase == "place":
            taken = {c for ms in self.meeples for c in ms if c is not None}
            return [m for c, m in enumerate(table.place[seat]) if c not in taken]
        # setup_pour
        return list(table.pour[seat][self.held[0]])

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

    def check(self, move: Move) -> Verdict:
        phase = self.phase
        if phase == "over":
            return Verdict.refuse("R6", "verdict.game_over")
        clause = PHASE_CLAUSE[phase]
        if move.seat != self.turn:
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=[self.turn])
        if move.kind not in PHASE_KINDS[phase]:
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=move.kind,
                                  decision=f"coffee-rush.decide.{phase}")
        if (refusal := check_params(move, MOVE_PARAMS[move.kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{move.kind}")(move)

    def _cup(self, move: Move) -> int | None:
        cup = _int(move.get("cup"))
        return cup - 1 if cup is not None and 1 <= cup <= self.comp.cups else None

    def _check_place(self, move: Move) -> Verdict:
        cell = self.board.at(move.get("row"), move.get("col"))
        if cell is None:
            return Verdict.refuse("S4", "coffee-rush.refuse.off_board", row=str(move.get("row")),
                                  col=str(move.get("col")), rows=self.board.rows,
                                  cols=self.board.cols)
        owners = self._others_at(cell, move.seat, None)
        if owners:
            return Verdict.refuse("S4", "coffee-rush.refuse.place_taken", owners=owners,
                                  row=move.get("row"), col=move.get("col"))
        return Verdict.allow("S4")

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
        meeple = _int(move.get("meeple"))
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

    def _check_pour(self, move: Move) -> Verdict:
        clause = "S5" if self.phase == "setup_pour" else "R3-1"
        ingredient = move.get("ingredient")
        if ingredient not in self.held:
            return Verdict.refuse(clause, "coffee-rush.refuse.not_held", seat=move.seat,
                                  ingredient=str(ingredient), held=list(self.held))
        if self._cup(move) is None:
            return Verdict.refuse(clause, "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        return Verdict.allow(clause)

    def _check_return(self, move: Move) -> Verdict:
        ingredient = move.get("ingredient")
        if ingredient not in self.held:
            return Verdict.refuse("R3-1", "coffee-rush.refuse.not_held", seat=move.seat,
                                  ingredient=str(ingredient), held=list(self.held))
        return Verdict.allow("R3-1")

    def _check_empty(self, move: Move) -> Verdict:
        cup = self._cup(move)
        if cup is None:
            return Verdict.refuse("R3-3", "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        if not self.cups[move.seat][cup]:
            return Verdict.refuse("R3-3", "coffee-rush.refuse.cup_already_empty", cup=cup + 1)
        return Verdict.allow("R3-3")

    def _check_done(self, move: Move) -> Verdict:
        return Verdict.allow("D6" if self.held else "R3-1")

    def _check_serve(self, move: Move) -> Verdict:
        seat = move.seat
        cup = self._cup(move)
        if cup is None:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        tab = _int(move.get("tab"))
        if tab is None or not 1 <= tab <= self.comp.tabs:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.no_such_tab",
                                  tab=str(move.get("tab")), count=self.comp.tabs)
        order = move.get("order")
        if order not in self.tabs[seat][tab - 1]:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.order_not_there", seat=seat,
                                  order=str(order), tab=tab)
        contents = self.cups[seat][cup]
        if not contents:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.cup_empty", cup=cup + 1)
        need = self.comp.orders[order].ingredients
        if tuple(sorted(contents, key=self._order_key)) != need:
            return Verdict.refuse("D2", "coffee-rush.refuse.mismatch", cup=cup + 1, order=order,
                                  contents=sorted(contents, key=self._order_key),
                                  need=list(need))
        return Verdict.allow("R4-1")

    # --- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    def _take(self, ingredient: str, wanted: int) -> int:
        """Take up to `wanted` tokens from the supply (D5); return how many were taken."""
        got = min(wanted, self.supply[ingredient])
        self.supply[ingredient] -= got
        return got

    # set-up: placing meeples
    def _do_place(self, move: Move, events: list[Event]) -> None:
        seat, meeple = self.queue.pop(0)
        row, col = move.get("row"), move.get("col")
        cell = self.board.at(row, col)
        self.meeples[seat][meeple] = cell
        ingredient = self.board.ingredient[cell]
        params = {"seat": seat, "row": row, "col": col, "ingredient": ingredient}
        if not self._take(ingredient, 1):
            events.append(event("coffee-rush.place.none", ("S4", "S5", "D5"), **params))
        elif any(self.cups[seat]):
            self.held = [ingredient]
            self.phase = "setup_pour"
            events.append(event("coffee-rush.place.choose", ("S4", "S5"), **params))
            return
        else:
            self.cups[seat][0].append(ingredient)
            events.append(event("coffee-rush.place", ("S4", "S5"), cup=1, **params))
        self._next_placement(events)

    def _next_placement(self, events: list[Event]) -> None:
        if self.queue:
            self.phase = "place"
            self.turn = self.queue[0][0]
            return
        events.append(event("coffee-rush.setup.done", ("S4", "R6"), seat=self.first))
        self._start_turn(self.first, events)

    # a turn: upgrades and movement
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

    def _order_key(self, ingredient: str) -> int:
        return self._rank[ingredient]

    # pouring
    def _do_pour(self, move: Move, events: list[Event]) -> None:
        seat, ingredient, cup = move.seat, move.get("ingredient"), move.get("cup") - 1
        self.held.remove(ingredient)
        contents = self.cups[seat][cup]
        contents.append(ingredient)
        listed = sorted(contents, key=self._order_key)
        if self.phase == "setup_pour":
            events.append(event("coffee-rush.place.pour", "S5", seat=seat, ingredient=ingredient,
                                cup=cup + 1, contents=listed))
            self._next_placement(events)
            return
        big = len(contents) > self.table.longest
        events.append(event("coffee-rush.pour.big" if big else "coffee-rush.pour",
                            ("R3-1", "R3-2") + (("D8",) if big else ()), seat=seat,
                            ingredient=ingredient, cup=cup + 1, contents=listed,
                            count=len(contents)))

    def _do_return(self, move: Move, events: list[Event]) -> None:
        ingredient = move.get("ingredient")
        self.held.remove(ingredient)
        self.supply[ingredient] += 1
        events.append(event("coffee-rush.return", "R3-1", seat=move.seat, ingredient=ingredient))

    def _do_empty(self, move: Move, events: list[Event]) -> None:
        seat, cup = move.seat, move.get("cup") - 1
        contents = self.cups[seat][cup]
        for ingredient in contents:
            self.supply[ingredient] += 1
        events.append(event("coffee-rush.empty", "R3-3", seat=seat, cup=cup + 1,
                            contents=sorted(contents, key=self._order_key),
                            count=len(contents)))
        self.cups[seat][cup] = []

    def _do_done(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        if self.held:
            left = sorted(self.held, key=self._order_key)
            for ingredient in left:
                self.supply[ingredient] += 1
            self.held = []
            events.append(event("coffee-rush.pour.leftover", "D6", seat=seat, held=left,
                                count=len(left)))
        else:
            events.append(event("coffee-rush.pour.done", "R3-1", seat=seat))
        self._start_serve(events)

    # serving
    def _start_serve(self, events: list[Event]) -> None:
        if self.matches(self.turn):
            self.phase = "serve"
        else:
            events.append(event("coffee-rush.serve.none", ("R4-1", "D2"), seat=self.turn))
            self._finish_turn(events)

    def _do_serve(self, move: Move, events: list[Event]) -> None:
        seat, cup, tab, order = move.seat, move.get("cup") - 1, move.get("tab"), move.get("order")
        contents = self.cups[seat][cup]
        for ingredient in contents:
            self.supply[ingredient] += 1
        self.cups[seat][cup] = []
        self.tabs[seat][tab - 1].remove(order)
        self.completed[seat].append(order)
        self.served += 1
        events.append(event("coffee-rush.serve", ("R4-1", "R4-2", "D2"), seat=seat, cup=cup + 1,
                            tab=tab, order=order, contents=sorted(contents, key=self._order_key),
                            count=len(self.completed[seat])))
        if self.comp.orders[order].specialty:
            self.rush[seat] += 1
            events.append(event("coffee-rush.serve.specialty", "R4-3", seat=seat, order=order,
                                count=self.rush[seat]))
        if not self.matches(seat):
            self._finish_turn(events)

    # the end of a turn: draws, time, the start token
    def _draw(self, drawer: Seat, count: int, events: list[Event], key: str,
              clauses: tuple[str, ...]) -> None:
        cards = [self.deck.pop() for _ in range(min(count, len(self.deck)))]
        self.tabs[drawer][0] += cards
        if cards:
            events.append(event(key, clauses, seat=self.turn, drawer=drawer, count=len(cards),
                                cards=cards, served=self.served))
        if len(cards) < count:
            self._close("deck", events, drawer=drawer, count=len(cards), wanted=count)

    def _close(self, why: str, events: list[Event], **params: Any) -> None:
        """Flip the start token to CLOSED (once), saying why."""
        if not self.open:
            return
        self.open = False
        self.closed_by = why
        clauses = {"deck": ("R4-5", "D9"), "penalties": "R5-4", "stalled": "G3"}[why]
        events.append(event(f"coffee-rush.token.{why}", clauses, **params))

    def _finish_turn(self, events: list[Event]) -> None:
        seat, n = self.turn, self.players
        if self.served:
            if n == 2:
                self._draw(1 - seat, self.served, events, "coffee-rush.draw", ("R4-4", "D7"))
                self._draw(seat, self.served, events, "coffee-rush.draw.self", ("R4-4", "D7"))
            else:
                for k in range(1, DRAWERS + 1):
                    self._draw((seat + k) % n, self.served, events, "coffee-rush.draw", "R4-4")
        if self.options.get("extra_order"):
            self._draw(1 - seat, 1, events, "coffee-rush.draw.extra", "D7")
        self._time_passes(seat, events)
        if not any(tab for tabs in self.tabs for tab in tabs):
            self._close("stalled", events)
        self.turns[seat] += 1
        nxt = (seat + 1) % n
        if not self.open and nxt == self.first:
            events.append(event("coffee-rush.game.end", "R6", count=self.turns[seat]))
            self._finish(events)
            return
        key = "coffee-rush.turn.next" if self.open else "coffee-rush.turn.next_closed"
        events.append(event(key, "R6", seat=seat, next=nxt, first=self.first))
        self._start_turn(nxt, events)

    def _time_passes(self, seat: Seat, events: list[Event]) -> None:
        tabs = self.tabs[seat]
        on_board = sum(len(t) for t in tabs)
        fallen = tabs[-1]
        self.tabs[seat] = [[]] + tabs[:-1]
        events.append(event("coffee-rush.time", "R5-1", seat=seat, count=on_board,
                            tabs=len(tabs)))
        before = len(self.penalties[seat])
        for order in fallen:
            self.penalties[seat].append(order)
            events.append(event("coffee-rush.penalty", "R5-2", seat=seat, order=order,
                                tab=len(tabs), count=len(self.penalties[seat])))
        if fallen:
            self.rush[seat] += len(fallen)
            events.append(event("coffee-rush.penalty.rush", "R5-3", seat=seat, count=len(fallen),
                                total=self.rush[seat]))
        if before < PENALTY_LIMIT <= len(self.penalties[seat]):
            self._close("penalties", events, seat=seat, count=PENALTY_LIMIT)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        self.end = self.closed_by
        points = self.comp.scoring
        scores = self.scores()
        for s in range(self.players):
            events.append(event("coffee-rush.score", "P1", seat=s, points=scores[s],
                                orders=len(self.completed[s]), upgrades=len(self.upgrades[s]),
                                upgrade_points=points["upgrade"] * len(self.upgrades[s]),
                                penalties=len(self.penalties[s])))
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        most = max(len(self.completed[s]) for s in tied)
        by_orders = [s for s in tied if len(self.completed[s]) == most]
        winners = self.winners()
        if len(tied) == 1:
            events.append(event("coffee-rush.winner", "P1", seat=tied[0], points=best))
        elif len(by_orders) == 1:
            events.append(event("coffee-rush.winner.orders", ("P2", "D10"), seat=winners[0],
                                tied=tied, points=best, count=most))
        elif len(winners) == 1:
            events.append(event("coffee-rush.winner.rush", "P2", seat=winners[0], tied=tied,
                                points=best, count=self.rush[winners[0]]))
        else:
            events.append(event("coffee-rush.winner.shared", "P2", seats=winners, points=best))

    # --- results -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        points = self.comp.scoring
        return [points["order"] * len(self.completed[s])
                + points["upgrade"] * len(self.upgrades[s])
                + points["penalty"] * len(self.penalties[s]) for s in range(self.players)]

    def winners(self) -> list[Seat]:
        """Highest score; ties go to more completed orders (D10), then more rush tokens (P2)."""
        scores = self.scores()
        key = [(scores[s], len(self.completed[s]), self.rush[s]) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]

    # --- views ---------------------------------------------------------------------------
    def _order(self, order: str) -> dict[str, Any]:
        data = self.comp.orders[order]
        return {"id": order, "ingredients": list(data.ingredients), "specialty": data.specialty}

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: the teacher). Face-down cards show only their count to
        other seats; the deck's order is the teacher's alone."""
        board = self.board
        decision = self.decision()
        at: dict[int, list[list[int]]] = {}  # the meeples on each cell, by seat then meeple
        for s, where in enumerate(self.meeples):
            for m, c in enumerate(where):
                if c is not None:
                    at.setdefault(c, []).append([s, m + 1])
        cells = [{"row": row, "col": col, "ingredient": ingredient, "corner": corner,
                  "ribbon": ribbon, "meeples": at.get(cell, [])}
                 for cell, (row, col, ingredient, corner, ribbon) in enumerate(self.table.cells)]
        seats = []
        for s in range(self.players):
            own = seat is None or seat == s
            seats.append({
                "name": self.names[s],
                "meeples": [list(board.rc(c)) if c is not None else None
                            for c in self.meeples[s]],
                "cups": [sorted(c, key=self._order_key) for c in self.cups[s]],
                "tabs": [[self._order(o) for o in tab] for tab in self.tabs[s]],
                "completed": list(self.completed[s]) if own
                else {"count": len(self.completed[s])},
                "penalties": list(self.penalties[s]) if own
                else {"count": len(self.penalties[s])},
                "spent": list(self.spent[s]) if own else {"count": len(self.spent[s])},
                "rush": self.rush[s],
                "upgrades": {u: u in self.upgrades[s] for u in self.comp.upgrades},
                "turns": self.turns[s],
            })
        over = decision is None
        deck: dict[str, Any] = {"count": len(self.deck)}
        if seat is None:
            deck["top_first"] = list(reversed(self.deck))
        path = [list(board.rc(c)) for c in self.path]
        return {
            "game": "coffee-rush",
            "seat": seat,
            "phase": self.phase,
            "to_act": list(decision.seats) if decision else [],
            "decision": decision.kind if decision else None,
            "start_player": self.first,
            "start_token": "open" if self.open else "closed",
            "closed_by": self.closed_by,
            "turn": {"seat": self.turn, "number": self.turn_no,
                     "meeple": None if self.meeple is None else self.meeple + 1,
                     "steps": self.steps, "free_steps": FREE_STEPS, "path": path,
                     "held": sorted(self.held, key=self._order_key), "served": self.served},
            "placements": [[s, m + 1] for s, m in self.queue],
            "board": {"rows": board.rows, "cols": board.cols, "cells": cells,
                      "label": self.comp.board_label},
            "supply": dict(self.supply),
            "deck": deck,
            "seats": seats,
            "upgrades": list(self.comp.upgrades),
            "scoring": dict(self.comp.scoring),
            "options": dict(self.options),
            "components": self.comp.label,
            "scores": self.scores() if over else None,
            "winners": self.winners() if over else None,
        }

    def inventory(self) -> Counter[str]:
        """Every ingredient token and order card wherever it lies, plus the fixed pieces.
        Rush tokens are unlimited (C4), so they are not counted."""
        where: Counter[str] = Counter(self.supply)
        where.update(self.held)
        where.update(self.deck)
        for s in range(self.players):
            for cup in self.cups[s]:
                where.update(cup)
            for tab in self.tabs[s]:
                where.update(tab)
            where.update(self.completed[s])
            where.update(self.penalties[s])
            where.update(self.spent[s])
            where["upgrade_tile"] += len(self.comp.upgrades)
            where["cup"] += len(self.cups[s])
            where["meeple"] += len(self.meeples[s])
        where["start_token"] += 1
        return where

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """Face-down cards: a seat's completed orders, penalty cards and orders spent on
        upgrades (R4-2, R5-2, R1)."""
        return [("seats", seat, "completed"), ("seats", seat, "penalties"),
                ("seats", seat, "spent")]

    # --- copies ------------------------------------------------------------------------
    SHARED = State.SHARED + ("board", "options", "_rank", "table")


class CoffeeRushGame(Game):
    id = "coffee-rush"
    title = "Coffee Rush"
    credits = Credits("Euijin Han", "Korea Boardgames", 2023)
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = OPTIONS


    def new_state(self, players: int, *, seed: int | None = None,
                  setup: Mapping[str, Any] | None = None,
                  options: Mapping[str, Any] | None = None,
                  components: Mapping[str, Any] | None = None,
                  names: list[str] | None = None,
                  rules_version: str | None = None) -> CoffeeRushState:
        self.check_players(players)
        self.check_rules_version(rules_version)  # only one version so far
        chosen = self._options(options, players)
        comp = self.components(components)
        board = self._board(comp)
        plan = cr_setup.parse(setup, players, comp, board)
        rng = random.Random(seed if seed is not None else (plan.seed or 0))
        require(names is None or (isinstance(names, list) and len(names) == players), "names",
                Say("position.name_list", players=players))
        state = CoffeeRushState(self, players, comp, board, rng,
                                list(names or DEFAULT_NAMES[:players]), chosen,
                                self._table(comp, board, players))
        deck = list(state.table.deck)
        rng.shuffle(deck)
        if plan.first_player is None:
            state.first = rng.randrange(players)
            why = "coffee-rush.setup.first_seed"
        else:
            state.first = plan.first_player
            why = "coffee-rush.setup.first_chosen"
        events = state.setup_events
        events.append(event("coffee-rush.setup.components", ("C1", "C3", "C4", "G1"),
                            tokens=sum(comp.supply.values()), cards=len(deck),
                            label=comp.deck_label, specialty=state.table.specialty_cards))
        events.append(event("coffee-rush.setup.board", "G2", label=comp.board_label,
                            rows=comp.rows, cols=comp.cols,
                            ribbons=[board.ingredient[c] for c in sorted(board.ribbons)]))
        events.append(event("coffee-rush.setup.players", ("C2", "S1"),
                            count=comp.meeples[players], cups=comp.cups, tabs=comp.tabs,
                            upgrades=len(comp.upgrades)))
        events.append(event(why, ("C5", "S2"), seat=state.first))
        staged = plan.position
        # what the set-up fixes is taken out of the shuffled deck; the rest keeps its order
        fixed = list(plan.deck_top)
        if staged:
            for s in staged.seats:
                fixed += [c for tab in s.tabs for c in tab] + s.completed + s.penalties + s.spent
        if fixed:
            rest = Counter(deck)
            rest.subtract(fixed)
            remaining = []
            for card in deck:
                if rest[card] > 0:
                    rest[card] -= 1
                    remaining.append(card)
            deck = remaining
        state.deck = deck + list(reversed(plan.deck_top))
        if staged:
            self._stage(state, staged, events)
        else:
            self._deal(state, events)
        return state

    _boards: dict[int, tuple[Components, Board]] = {}
    _tables: dict[tuple[int, int], tuple[Components, MoveTable]] = {}

    def _table(self, comp: Components, board: Board, players: int) -> MoveTable:
        found = self._tables.get((id(comp), players))
        if found is None or found[0] is not comp:
            found = self._tables[(id(comp), players)] = (comp, MoveTable(comp, board, players))
            if len(self._tables) > 64:
                self._tables.pop(next(iter(self._tables)))
        return found[1]

    def _board(self, comp: Components) -> Board:
        """The board geometry, built once per component set."""
        found = self._boards.get(id(comp))
        if found is None or found[0] is not comp:
            found = self._boards[id(comp)] = (comp, Board(comp))
            if len(self._boards) > 64:
                self._boards.pop(next(iter(self._boards)))
        return found[1]

    def _options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        chosen = dict(OPTIONS)
        require(options is None or isinstance(options, Mapping), "options", Say("data.object"))
        for name, value in dict(options or {}).items():
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option_of", title="Coffee Rush",
                        options=", ".join(OPTIONS)))
            require(isinstance(value, bool), f"options.{name}", TRUE_OR_FALSE)
            chosen[name] = value
        require(not chosen["extra_order"] or players == 2, "options.extra_order",
                Say("position.coffee.two_player"))
        return chosen

    def _deal(self, state: CoffeeRushState, events: list[Event]) -> None:
        """S3 and S4: two orders each (tab 1, tab 2), a third for the start player on tab 1;
        then the meeples go down in reverse turn order."""
        n, first = state.players, state.first
        require(len(state.deck) >= 2 * n + 1, "components: deck.orders",
                Say("position.coffee.order_deck", cards=2 * n + 1, players=n))
        for k in range(n):
            seat = (first + k) % n
            for tab in (0, 1):
                state.tabs[seat][tab].append(state.deck.pop())
        state.tabs[first][0].append(state.deck.pop())
        for k in range(n):
            seat = (first + k) % n
            tabs = state.tabs[seat]
            if seat == first:
                events.append(event("coffee-rush.setup.deal_start", "S3", seat=seat,
                                    cards=list(tabs[0]), card=tabs[1][0]))
            else:
                events.append(event("coffee-rush.setup.deal", "S3", seat=seat, first=tabs[0][0],
                                    second=tabs[1][0]))
        each = state.comp.meeples[n]
        if n == 2:
            other = 1 - first
            state.queue = [[s, m] for m in range(each) for s in (other, first)]
            events.append(event("coffee-rush.setup.place_two", "S4", seat=other, first=first,
                                count=each))
        else:
            order = [(first - k) % n for k in range(1, n + 1)]
            state.queue = [[s, m] for s in order for m in range(each)]
            events.append(event("coffee-rush.setup.place_order", "S4", seats=order))
        state.phase = "place"
        state.turn = state.queue[0][0]

    def _stage(self, state: CoffeeRushState, staged: cr_setup.Position,
               events: list[Event]) -> None:
        """A position set up for an example, in the middle of a game."""
        for s, seat in enumerate(staged.seats):
            state.tabs[s] = [list(t) for t in seat.tabs]
            state.cups[s] = [list(c) for c in seat.cups]
            for cup in seat.cups:
                for ingredient in cup:
                    state.supply[ingredient] -= 1
            state.completed[s] = list(seat.completed)
            state.penalties[s] = list(seat.penalties)
            state.spent[s] = list(seat.spent)
            state.rush[s] = seat.rush
            state.upgrades[s] = [u for u in state.comp.upgrades if u in seat.upgrades]
            state.meeples[s] = list(staged.meeples[s])
        state.open = staged.open
        state.turns = [staged.round - 1] * state.players
        if not staged.open:
            state.closed_by = "staged"
        events.append(event("coffee-rush.setup.position", ("S1", "S3", "S4"), seat=state.first,
                            token="OPEN" if staged.open else "CLOSED"))
        state._start_turn(state.first, events)


_DO = {kind: getattr(CoffeeRushState, f"_do_{kind}") for kind in MOVE_PARAMS}
GAME = CoffeeRushGame()
__all__ = ["GAME", "CoffeeRushGame", "CoffeeRushState"]
