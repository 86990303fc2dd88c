"""Coffee Rush bot's plans: where collected ingredients would go for a seat's cups and orders,
and what that is worth (the value the path search maximises).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

COUNT_LIMIT = 128  # packed_value packs counts a byte each, below the byte's top bit


def _orders(me: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """My orders as (tab, order), most urgent first: tab 4 before tab 1, Specialty first."""
    found = [(t, o) for t, tab in enumerate(me["tabs"], start=1) for o in tab]
    return sorted(found, key=lambda p: (-p[0], not p[1]["specialty"], p[1]["id"]))


_PLANNERS: dict[tuple, Planner] = {}


def _planner(me: dict[str, Any]) -> Planner:
    """The Planner of my cups and orders, remembered for the last few (read only)."""
    orders = _orders(me)
    key = (tuple(tuple(c) for c in me["cups"]),
           tuple((t, o["id"], tuple(o["ingredients"]), o["specialty"]) for t, o in orders),
           len(me["tabs"]))
    found = _PLANNERS.get(key)
    if found is None:
        if len(_PLANNERS) >= 16:
            del _PLANNERS[next(iter(_PLANNERS))]
        found = _PLANNERS[key] = Planner(me["cups"], orders, len(me["tabs"]))
    return found


def _urgency(tab: int, order: dict[str, Any]) -> float:
    return 10 + 4 * tab + (2 if order["specialty"] else 0)


def _fits(cup: Counter[str], need: Counter[str]) -> bool:
    return all(n <= need[k] for k, n in cup.items())


class Planner:
    """Where collected ingredients would go, for one set of cups and orders.

    For every order, the cups it could be finished in (a cup whose contents are part of the
    order, or an empty cup) and what each of them still lacks are worked out once; `plan(held)`
    then shares the held ingredients out: first orders it can complete (most urgent first),
    then progress toward the rest. Cups whose contents fit no order are "dead" and get emptied.
    """

    def __init__(self, cups: list[list[str]], orders: list[tuple[int, dict[str, Any]]],
                 last_tab: int = 4):
        self.orders = orders
        self.last_tab = last_tab  # an order there falls off at the end of this turn
        contents = [Counter(c) for c in cups]
        needs = [Counter(o["ingredients"]) for _, o in orders]
        self.dead = [i for i, c in enumerate(contents)
                     if c and not any(_fits(c, n) for n in needs)]
        for i in self.dead:
            contents[i] = Counter()
        self.sizes = [sum(c.values()) for c in contents]
        by_size = sorted(range(len(contents)), key=lambda i: (-self.sizes[i], i))
        self.options = [[(i, dict(need) if not contents[i] else  # need - contents, in order
                          {x: n - contents[i].get(x, 0) for x, n in need.items()
                           if n > contents[i].get(x, 0)})
                         for i in by_size if not contents[i] or _fits(contents[i], need)]
                        for need in needs]
        self._missing = [[(i, tuple(rest.items())) for i, rest in option]
                         for option in self.options]
        # The most of each ingredient plan() could ever use: holding more changes nothing.
        self._compiled: dict[tuple[str, ...], tuple] = {}  # packed_value's tables
        self.demand: Counter[str] = Counter()
        for option in self.options:
            most: dict[str, int] = {}
            for _, rest in option:
                for x, n in rest.items():
                    if n > most.get(x, 0):
                        most[x] = n
            for x, n in most.items():
                self.demand[x] += n

    def value(self, held: dict[str, int]) -> float:
        """`plan(held).value` without the plan's lists (the same arithmetic in the same order,
        so the same float; tests check they agree): `counts_value` with names in order."""
        names = tuple(sorted(held))
        return self.counts_value(names, tuple(held[x] for x in names))

    def counts_value(self, names: tuple[str, ...], counts: tuple[int, ...]) -> float:
        """`value({names[j]: counts[j]})` with ingredients as indices into `names`."""
        if counts and max(counts) >= COUNT_LIMIT:
            return self.plan(Counter({x: n for x, n in zip(names, counts, strict=True)
                                      if n})).value
        return self.packed_value(names, int.from_bytes(bytes(counts), "little"))

    def packed_value(self, names: tuple[str, ...], packed: int) -> float:
        """`counts_value` with the counts packed a byte each (`names[j]` in byte j, each below
        COUNT_LIMIT): the search asks this hundreds of times per decision. "Do I hold all a
        cup lacks?" is one subtraction: a byte whose top bit (set beforehand) it clears held
        too few."""
        compiled = self._compiled.get(names)
        if compiled is None:
            compiled = self._compiled[names] = self._compile(names)
        orders, guards, width, _ = compiled
        left = packed
        used: set[int] = set()
        done: set[int] = set()
        value = 0.0
        for k, (_tab, urgency, _, _, blocks) in enumerate(orders):
            for cups, lacking, _, _ in blocks:
                if lacking < 0 or ((left | guards) - lacking) & guards != guards:
                    continue
                for i in cups:
                    if i not in used:
                        left -= lacking
                        used.add(i)
                        done.add(k)
                        value += urgency
                        break
                else:
                    continue
                break
        rest = bytearray(left.to_bytes(width, "little"))
        sizes = self.sizes
        for k, (tab, _, length, factor, blocks) in enumerate(orders):
            if k in done or tab >= self.last_tab:
                continue
            best = None
            for cups, _, missing, cup_size in blocks:
                for i in cups:
                    if i not in used:
                        break
                else:
                    continue
                size = 0
                for j, n in missing:
                    have = rest[j]
                    if have:
                        size += n if n < have else have
                if size and (best is None or size + cup_size > best[0]):
                    best = (size + cup_size, i, size, missing)
            if best:
                have, i, size, missing = best
                for j, n in missing:
                    got = rest[j]
                    if got:
                        rest[j] = got - min(n, got)
                used.add(i)
                value += 1.5 * size * have / length * factor
        value += 0.5 * sum(n for i, n in enumerate(sizes) if i not in used)
        return value

    def bound(self, names: tuple[str, ...], packed: int) -> float:
        """At least `packed_value(names, packed)`, for a fraction of its cost: every order a
        cup could be finished for counts as finished, the cups' contents count as left over,
        and each held ingredient as poured toward the tab that weighs most (an ingredient is
        poured once; progress per ingredient is at most 1.5 times the tab's factor)."""
        compiled = self._compiled.get(names)
        if compiled is None:
            compiled = self._compiled[names] = self._compile(names)
        _, guards, width, (base, rate, finishable) = compiled
        value = base + rate * sum(packed.to_bytes(width, "little"))
        full = packed | guards
        for urgency, lackings in finishable:
            for lacking in lackings:
                if (full - lacking) & guards == guards:
                    value += urgency
                    break
        return value

    def _compile(self, names: tuple[str, ...]) -> tuple:
        """packed_value's and bound's tables. Per order (tab, urgency, length, tab factor,
        blocks): each block is a run of options whose cups hold the same (so lack the same and
        are the same size): its cups in order, what they lack packed a byte per ingredient (-1
        if something is not in `names`), the same as (index, count) pairs without those, and
        the cups' size. Then the guard bits, the packed width, and (left-over value, progress
        per ingredient, (urgency, lacks) of each order) for the bound."""
        index = {name: j for j, name in enumerate(names)}
        compiled = []
        for k, (tab, order) in enumerate(self.orders):
            blocks: list[tuple[list[int], int, tuple[tuple[int, int], ...], int, tuple]] = []
            for i, missing in self._missing[k]:
                if blocks and blocks[-1][4] == missing:
                    blocks[-1][0].append(i)
                    continue
                lacking = 0
                for x, n in missing:
                    if x not in index or n >= COUNT_LIMIT:
                        lacking = -1
                        break
                    lacking += n << 8 * index[x]
                pairs = tuple((index[x], n) for x, n in missing if x in index)
                blocks.append(([i], lacking, pairs, self.sizes[i], missing))
            compiled.append((tab, _urgency(tab, order), len(order["ingredients"]), 1 + tab / 4,
                             [(tuple(c), lacking, pairs, size) for c, lacking, pairs, size, _
                              in blocks]))
        factors = [factor for tab, _, _, factor, _ in compiled if tab < self.last_tab]
        finishable = [(urgency, [b[1] for b in blocks if b[1] >= 0])
                      for _, urgency, _, _, blocks in compiled]
        bound = (0.5 * sum(self.sizes), 1.5 * max(factors, default=0.0),
                 [(urgency, lackings) for urgency, lackings in finishable if lackings])
        return (compiled, int.from_bytes(b"\x80" * len(names), "little"), max(1, len(names)),
                bound)

    def plan(self, held: Counter[str]) -> Plan:
        plan = Plan()
        left = dict(held)
        used: set[int] = set()
        done: set[int] = set()
        for k, (tab, order) in enumerate(self.orders):
            for (i, rest), (_, missing) in zip(self.options[k], self._missing[k], strict=True):
                if i in used:
                    continue
                for x, n in missing:
                    if left.get(x, 0) < n:
                        break
                else:
                    for x, n in missing:
                        left[x] -= n
                    used.add(i)
                    done.add(k)
                    plan.completes.append((i, tab, order, rest))
                    plan.value += _urgency(tab, order)
                    break
        for k, (tab, order) in enumerate(self.orders):
            if k in done or tab >= self.last_tab:  # it falls off this turn: too late to build
                continue
            best = None
            for i, missing in self._missing[k]:
                if i in used:
                    continue
                size = 0  # how much of what it lacks I hold (what `add` below would pour)
                for x, n in missing:
                    have = left.get(x, 0)
                    if have:
                        size += n if n < have else have
                if size and (best is None or size + self.sizes[i] > best[0]):
                    best = (size + self.sizes[i], i, size)
            if best:
                have, i, size = best
                rest = self.options[k][[j for j, _ in self.options[k]].index(i)][1]
                add = {x: min(n, left.get(x, 0)) for x, n in rest.items() if left.get(x, 0)}
                for x, n in add.items():
                    left[x] -= n
                used.add(i)
                plan.builds.append((i, tab, order, add))
                plan.value += 1.5 * size * have / len(order["ingredients"]) * (1 + tab / 4)
        plan.value += 0.5 * sum(n for i, n in enumerate(self.sizes) if i not in used)
        return plan


class Plan:
    """Completions and partial progress: (cup index, tab, order, ingredients to pour)."""

    def __init__(self) -> None:
        self.value = 0.0
        self.completes: list[tuple[int, int, dict[str, Any], dict[str, int]]] = []
        self.builds: list[tuple[int, int, dict[str, Any], dict[str, int]]] = []

