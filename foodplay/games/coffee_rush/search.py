"""Coffee Rush bot's path search: every continuation of a turn's move, scored by the plan value
of what it collects less what its steps cost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from foodplay.engine import Seat
from foodplay.games.coffee_rush.planner import COUNT_LIMIT, Planner, _planner

FREE_STEPS = 3
RUSH_COST = 2.5  # how much a rush token is worth to keep, in plan-value units


def _bonus(cell: dict[str, Any], upgrades: dict[str, bool], others: bool) -> int:
    """How many tokens a step onto `cell` takes with these upgrades (`others`: a meeple there)."""
    return (1 + (upgrades.get("crowd", False) and others)
            + (upgrades.get("corners", False) and cell["corner"])
            + (upgrades.get("ribbons", False) and cell["ribbon"]))


def _neighbours(index: int, rows: int, cols: int, diagonal: bool) -> list[int]:
    """The cells one step from `index`, in row then column order."""
    r, c = divmod(index, cols)
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and (diagonal or not (dr and dc)) and 0 <= r + dr < rows \
                    and 0 <= c + dc < cols:
                found.append((r + dr) * cols + c + dc)
    return found


# A position of the search is one int: the cell in the low bits, then a byte per ingredient for
# how many the path collected, as Planner.packed_value reads them (a path collects at most
# (FREE_STEPS + 1) * 4 of one, _bonus being at most 4, and the turn held at most as much before,
# so every byte stays below its top bit).
FIELD = 8
FIELD_MASK = 0xFF
BOUND_SLACK = 1e-9  # bound and value add in different orders: a margin for the last bit


# Plan values by (cups, orders, last tab, ingredient names) and then by everything held at the
# end of a path: the same within a turn's steps, so the search keeps them from step to step.
_PLAN_VALUES: dict[tuple, tuple[dict, dict, dict]] = {}


def _plan_values(me: dict[str, Any], planner: Planner, names: tuple[str, ...],
                 held: tuple[int, ...]
                 ) -> tuple[dict[int, float], dict[int, float],
                            tuple[dict[int, float], dict[int, float]]]:
    """Plan values and their bounds by everything held at the end of a path (packed and
    capped), and, for what is held now, plan values and bounds by what a path collects
    (packed as in the search): a decision's searches with and without each upgrade share
    them, and so do the steps of a turn."""
    key = (tuple(tuple(sorted(c)) for c in me["cups"]),
           tuple((t, o["id"], tuple(o["ingredients"]), o["specialty"]) for t, o in planner.orders),
           planner.last_tab, names)
    found = _PLAN_VALUES.get(key)
    if found is None:
        if len(_PLAN_VALUES) >= 64:
            del _PLAN_VALUES[next(iter(_PLAN_VALUES))]
        found = _PLAN_VALUES[key] = ({}, {}, {})
    totals, ceilings, by_held = found
    collected = by_held.get(held)
    if collected is None:
        if len(by_held) >= 8:
            del by_held[next(iter(by_held))]
        collected = by_held[held] = ({}, {})
    return totals, ceilings, collected


_NEAR: dict[tuple[int, int, bool], list[list[int]]] = {}


def _near(rows: int, cols: int, diagonal: bool) -> list[list[int]]:
    """Every cell's neighbours, worked out once per board shape (read only)."""
    found = _NEAR.get((rows, cols, diagonal))
    if found is None:
        found = _NEAR[rows, cols, diagonal] = [_neighbours(i, rows, cols, diagonal)
                                               for i in range(rows * cols)]
    return found


class Walk:
    """One meeple's walk: positions before the last step as (key, path length, index of the
    position before or -1 for the start), in the order they were reached, and last-step
    positions as keys with the index of the position before (read only)."""

    def __init__(self, meeple: int, others: set[int], limit: int) -> None:
        self.meeple = meeple
        self.others = others  # cells where this meeple may not stop
        self.limit = limit
        self.inner: list[tuple[int, int, int]] = []
        self.leaves: list[int] = []
        self.leaf_parents: list[int] = []

    def positions(self) -> Iterator[tuple[int, int, int]]:
        """(index, key, path length) of every position; last-step ones follow the others."""
        for i, (key, depth, _) in enumerate(self.inner):
            yield i, key, depth
        first = len(self.inner)
        for j, key in enumerate(self.leaves):
            yield first + j, key, self.limit

    def at(self, index: int) -> tuple[int, int]:
        """(key, path length) of a position."""
        if index < len(self.inner):
            return self.inner[index][:2]
        return self.leaves[index - len(self.inner)], self.limit

    def path(self, index: int, cell_mask: int) -> list[int]:
        """The cells entered on the way to a position, first to last."""
        cells = []
        if index >= len(self.inner):
            cells.append(self.leaves[index - len(self.inner)] & cell_mask)
            index = self.leaf_parents[index - len(self.inner)]
        key, _, index = self.inner[index] if index >= 0 else (0, 0, -1)
        while index >= 0:
            cells.append(key & cell_mask)
            key, _, index = self.inner[index]
        cells.reverse()
        return cells


def _walk(walk: Walk, start: int, exits: list[list], cell_mask: int, short: bool) -> None:
    """Fills `walk` with the positions a depth-first walk from `start` reaches.

    Each exit is the key change of the step, or if `short` (some supply may run short) (key
    change when the whole gain is taken, key change of the move alone, shift of the
    ingredient's field, gain, supply or -1 when the supply cannot run short). A position
    seen once is never walked again, even if met later by a shorter path: the first meeting
    decides, as it always has (children are pushed in neighbour order and the last one pushed
    is walked first). Positions at the last step are not expanded, so they are visited when
    their parent is (nothing comes between them on the stack: their order does not matter)."""
    limit = walk.limit
    inner, leaves, leaf_parents = walk.inner, walk.leaves, walk.leaf_parents
    seen: set[int] = set()
    stack = [(start, 0, -1)]
    pop, push, visit, add = stack.pop, stack.append, seen.add, inner.append
    if limit == 0:
        add((start, 0, -1))
        return
    while stack:
        entry = pop()
        key = entry[0]
        if key in seen:
            continue
        visit(key)
        index = len(inner)
        add(entry)
        depth = entry[1] + 1
        cell = key & cell_mask
        if not short:
            children = map(key.__add__, exits[cell])
        else:
            children = []
            for change, move, shift, gain, supply in exits[cell]:
                if supply < 0:
                    children.append(key + change)
                else:
                    room = supply - ((key >> shift) & FIELD_MASK)
                    children.append(key + move + ((gain if gain < room else room) << shift
                                                  if room > 0 else 0))
        if depth < limit:
            for child in children:
                if child not in seen:
                    push((child, depth, index))
        else:
            fresh = set(children).difference(seen)
            seen.update(fresh)
            leaves.extend(fresh)
            leaf_parents.extend([index] * len(fresh))


class Found:
    """A search's answer: per meeple the positions walked, and the best score (exact). Scores
    are plan values less path costs; plan values are worked out only where a bound says they
    could reach the best, the rest when the ranking is asked past the best (read only)."""

    def __init__(self, names: tuple[str, ...], cell_bits: int,
                 costs: list[tuple[float, float]], values: dict[int, float],
                 exact: Callable[[int], float]) -> None:
        self.names = names
        self.cell_bits = cell_bits
        self.costs = costs
        self.values = values  # plan value by what a path collects, where worked out
        self.exact = exact  # the plan value of what a path collects, worked out and kept
        self.walks: list[Walk] = []
        self.known = float("-inf")  # the best score among the plan values worked out
        # (bound on the score, collected, path length) of positions whose plan value may beat
        # it, highest bound first
        self.pending: list[tuple[float, int, int]] = []

    @property
    def ceiling(self) -> float:
        """At least the best score (to the bound's margin), without working out more values."""
        return max(self.known, self.pending[0][0]) if self.pending else self.known

    @property
    def best(self) -> float:
        """The best score, exact: plan values are worked out best bound first until no bound
        left reaches the best found (ties included)."""
        best = self.known
        for ceiling, got, depth in self.pending:
            if ceiling < best - BOUND_SLACK:
                break  # sorted: no bound after it reaches the best either
            paid, step_cost = self.costs[depth]
            score = self.exact(got) - paid - step_cost
            if score > best:
                best = score
        self.known, self.pending = best, []
        return best

    def path(self, walk: int, index: int) -> list[int]:
        """The cells entered on the way to a position, first to last."""
        return self.walks[walk].path(index, (1 << self.cell_bits) - 1)

    def collected(self, walk: int, index: int) -> tuple[tuple[str, int], ...]:
        """What the path to a position collects, as sorted (ingredient, count) pairs."""
        got = self.walks[walk].at(index)[0] >> self.cell_bits
        return tuple((name, n) for j, name in enumerate(self.names)
                     if (n := (got >> FIELD * j) & FIELD_MASK))

    def ranked(self) -> Iterator[tuple[float, int, list[int], tuple[tuple[str, int], ...]]]:
        """(score, meeple, cells entered, collected) of every position where the meeple may
        stop, by score, then shorter path, meeple and path: those with the best score first,
        the rest scored and sorted only if the decision asks further."""
        def order(entry: tuple[float, int, int, int, int]) -> tuple:
            score, depth, meeple, walk, index = entry
            return -score, depth, meeple, self.path(walk, index)

        mask = (1 << self.cell_bits) - 1
        best, costs, values = self.best, self.costs, self.values
        top, rest = [], []
        for w, walk in enumerate(self.walks):
            meeple, others = walk.meeple, walk.others
            for i, key, depth in walk.positions():
                if key & mask in others:
                    continue
                value = values.get(key >> self.cell_bits)
                if value is not None:
                    paid, step_cost = costs[depth]
                    if value - paid - step_cost == best:
                        top.append((best, depth, meeple, w, i))
                        continue
                rest.append((meeple, w, i))
        for score, _, meeple, walk, index in sorted(top, key=order):
            yield score, meeple, self.path(walk, index), self.collected(walk, index)
        scored = []
        for meeple, w, i in rest:
            key, depth = self.walks[w].at(i)
            paid, step_cost = costs[depth]
            scored.append((self.exact(key >> self.cell_bits) - paid - step_cost, depth, meeple,
                           w, i))
        for score, _, meeple, walk, index in sorted(scored, key=order):
            yield score, meeple, self.path(walk, index), self.collected(walk, index)


_SEARCHES: dict[tuple, Found] = {}


def position_key(view: dict[str, Any], seat: Seat) -> tuple:
    """Everything of a view the search reads but the upgrades: a decision works it out once
    for its searches with and without each upgrade."""
    me = view["seats"][seat]
    board = view["board"]
    turn = view["turn"]
    return (seat, tuple(tuple(cup) for cup in me["cups"]),
            tuple(tuple((o["id"], tuple(o["ingredients"]), o["specialty"]) for o in tab)
                  for tab in me["tabs"]),
            tuple(tuple(at) for at in me["meeples"]), me["rush"], tuple(turn["held"]),
            turn["steps"], turn["meeple"], tuple(sorted(view["supply"].items())),
            board["rows"], board["cols"],
            tuple((c["ingredient"], c["corner"], c["ribbon"], tuple(map(tuple, c["meeples"])))
                  for c in board["cells"]))


def _paths(view: dict[str, Any], seat: Seat, upgrades: dict[str, bool] | None = None,
           position: tuple | None = None) -> Found:
    """_search's answer, remembered for the last few inputs (read only: do not change it).
    `position` is `position_key(view, seat)` if the caller has it already.

    A decision with upgrades on offer searches with and without each, and the step after an
    upgrade asks again what was judged for it."""
    active = upgrades or view["seats"][seat]["upgrades"]
    position = position or position_key(view, seat)
    key = (position, tuple(sorted(k for k, on in active.items() if on)))
    found = _SEARCHES.get(key)
    if found is None:
        if len(_SEARCHES) >= 8:
            del _SEARCHES[next(iter(_SEARCHES))]
        setting = _SETTINGS.get(position)
        if setting is None:
            if len(_SETTINGS) >= 4:
                del _SETTINGS[next(iter(_SETTINGS))]
            setting = _SETTINGS[position] = Setting(view, seat)
        found = _SEARCHES[key] = _search(view, seat, upgrades, setting)
    return found


class Setting:
    """What the search reads of a position whatever the upgrades, worked out once for a
    decision's searches with and without each upgrade (read only)."""

    def __init__(self, view: dict[str, Any], seat: Seat) -> None:
        me = view["seats"][seat]
        turn = view["turn"]
        board = view["board"]
        cells = board["cells"]
        self.rows, self.cols, self.cells = board["rows"], board["cols"], cells
        self.planner = planner = _planner(me)
        held_items = Counter(turn["held"])
        self.names = names = tuple(sorted({c["ingredient"] for c in cells} | set(held_items)))
        index = {name: j for j, name in enumerate(names)}
        held = tuple(held_items.get(name, 0) for name in names)
        self.cell_bits = max(1, (len(cells) - 1).bit_length())
        self.shifts = [self.cell_bits + FIELD * index[c["ingredient"]] for c in cells]
        self.supply = [view["supply"].get(c["ingredient"], 0) for c in cells]
        steps = turn["steps"]
        spare = min(me["rush"], 1)  # consider at most one paid step
        self.limit = limit = max(0, FREE_STEPS - steps) + spare
        self.totals, self.ceilings, (self.values, self.bounds) = _plan_values(me, planner, names,
                                                                              held)
        # what is held at a path's end, packed a byte per ingredient and capped at what plan()
        # can use: held + collected, then the smaller of it and the cap byte by byte (a guard
        # bit survives the subtraction where the cap is not below)
        self.held = int.from_bytes(bytes(held), "little")
        self.caps = int.from_bytes(bytes(min(planner.demand.get(name, 0), COUNT_LIMIT - 1)
                                         for name in names), "little")
        self.guards = int.from_bytes(b"\x80" * len(names), "little")
        cols = self.cols
        occupied = [((c["row"] - 1) * cols + c["col"] - 1, s, m) for c in cells
                    for s, m in c["meeples"]]
        # (meeple, start cell, cells where it may not stop) for each meeple that may move
        self.meeples = []
        for meeple in [turn["meeple"]] if turn["meeple"] else range(1, len(me["meeples"]) + 1):
            row, col = me["meeples"][meeple - 1]
            self.meeples.append((meeple, (row - 1) * cols + col - 1,
                                 {i for i, s, m in occupied if (s, m) != (seat, meeple)}))
        # what a path of each length costs: paid steps and a hair per step (kept as two terms,
        # so the scores are the same floats as `value - RUSH_COST * paid - 0.01 * len(path)`)
        self.costs = [(RUSH_COST * max(0, steps + d - FREE_STEPS), 0.01 * d)
                      for d in range(limit + 1)]

    def total(self, got: int) -> int:
        """Everything held at the end of a path that collects `got`, capped (packed)."""
        both = self.held + got
        guards, caps = self.guards, self.caps
        take = (((caps | guards) - both) & guards) >> 7
        take *= 255
        return (both & take) | (caps & ~take)

    def exact(self, got: int) -> float:
        """The plan value at the end of a path that collects `got`, worked out and kept."""
        value = self.values.get(got)
        if value is None:
            key = self.total(got)
            value = self.totals.get(key)
            if value is None:
                value = self.totals[key] = self.planner.packed_value(self.names, key)
            self.values[got] = value
        return value


_SETTINGS: dict[tuple, Setting] = {}


def _search(view: dict[str, Any], seat: Seat, upgrades: dict[str, bool] | None = None,
            setting: Setting | None = None) -> Found:
    """Every continuation of this turn's move worth considering, scored.

    A position's score is the plan value of what is held at its end, less the rush tokens and
    a hair per step its path costs; a start position (no step) means stop now. `upgrades`
    replaces my active upgrades, to judge one before activating it. Only the plan values
    already known are used here; `Found.best` works out the others that could beat them.
    """
    setting = setting or Setting(view, seat)
    upgrades = upgrades or view["seats"][seat]["upgrades"]
    cells, cell_bits, limit, costs = setting.cells, setting.cell_bits, setting.limit, \
        setting.costs
    cell_mask = (1 << cell_bits) - 1
    near = _near(setting.rows, setting.cols, upgrades.get("diagonal", False))
    shifts, supply = setting.shifts, setting.supply
    values, bounds, ceilings = setting.values, setting.bounds, setting.ceilings
    found = Found(setting.names, cell_bits, costs, values, setting.exact)
    shortest: dict[int, int] = {}  # the shortest path to a stop, by what it collects
    for meeple, start, others in setting.meeples:
        gain = [_bonus(cell, upgrades, i in others) for i, cell in enumerate(cells)]
        enough = limit * max(gain)  # no path collects more of one ingredient than this
        taken = [nxt + (gain[nxt] << shifts[nxt]) for nxt in range(len(cells))]
        short = min(supply) < enough
        if short:
            exits = [[(taken[nxt] - i, nxt - i, shifts[nxt], gain[nxt],
                       -1 if supply[nxt] >= enough else supply[nxt]) for nxt in near[i]]
                     for i in range(len(cells))]
        else:
            exits = [[taken[nxt] - i for nxt in near[i]] for i in range(len(cells))]
        walk = Walk(meeple, others, limit)
        _walk(walk, start, exits, cell_mask, short)
        found.walks.append(walk)
        # last-step positions are the longest paths: any shorter one found already wins
        last = dict.fromkeys([key >> cell_bits for key in walk.leaves
                              if key & cell_mask not in others], limit)
        last.update(shortest)
        shortest = last
        for key, depth, _ in walk.inner:
            if key & cell_mask not in others:
                got = key >> cell_bits
                if shortest.get(got, limit + 1) > depth:
                    shortest[got] = depth
    best = float("-inf")
    pending = []
    planner, names, total = setting.planner, setting.names, setting.total
    for got, depth in shortest.items():
        paid, step_cost = costs[depth]
        value = values.get(got)
        if value is not None:
            score = value - paid - step_cost
            if score > best:
                best = score
            continue
        ceiling = bounds.get(got)
        if ceiling is None:
            key = total(got)
            ceiling = ceilings.get(key)
            if ceiling is None:
                ceiling = ceilings[key] = planner.bound(names, key)
            bounds[got] = ceiling
        pending.append((ceiling - paid - step_cost, got, depth))
    pending.sort(reverse=True)
    found.known, found.pending = best, pending
    return found
