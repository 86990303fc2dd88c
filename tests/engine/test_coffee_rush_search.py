"""The Coffee Rush bot's path search gives the answers of the plain search it replaced.

`reference_search` is the search as it was before positions were packed into ints (commit
58da010, without its caches): a tuple per collected counts, a list per path. Both are asked on
positions of the golden heuristic games, with and without each upgrade, and with the supply cut
short at random so that paths run out of an ingredient.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from bot_games import bot_game

from foodplay.games.coffee_rush import planner as plans
from foodplay.games.coffee_rush import search
from foodplay.timeline import Timeline

UPGRADES = ("crowd", "diagonal", "corners", "ribbons")


def reference_search(view, seat, upgrades=None):
    """(score, meeple, cells entered, collected pairs) for every position the old search kept."""
    me = view["seats"][seat]
    turn = view["turn"]
    board = view["board"]
    rows, cols, cells = board["rows"], board["cols"], board["cells"]
    upgrades = upgrades or me["upgrades"]
    diagonal = upgrades.get("diagonal", False)
    planner = plans.Planner(me["cups"], plans._orders(me), len(me["tabs"]))
    held_items = Counter(turn["held"])
    names = tuple(sorted({c["ingredient"] for c in cells} | set(held_items)))
    index = {name: j for j, name in enumerate(names)}
    held = tuple(held_items.get(name, 0) for name in names)
    cell_ing = [index[c["ingredient"]] for c in cells]
    supply = [view["supply"].get(name, 0) for name in names]
    steps, rush = turn["steps"], me["rush"]
    limit = max(0, search.FREE_STEPS - steps) + min(rush, 1)
    meeples = [turn["meeple"]] if turn["meeple"] else range(1, len(me["meeples"]) + 1)
    caps = [planner.demand.get(name, 0) for name in names]
    near = [search._neighbours(i, rows, cols, diagonal) for i in range(rows * cols)]
    occupied = [((c["row"] - 1) * cols + c["col"] - 1, s, m) for c in cells
                for s, m in c["meeples"]]
    results = []
    for meeple in meeples:
        row, col = me["meeples"][meeple - 1]
        start = (row - 1) * cols + col - 1
        others = {i for i, s, m in occupied if (s, m) != (seat, meeple)}
        gain = [search._bonus(cell, upgrades, i in others) for i, cell in enumerate(cells)]
        seen = set()
        stack = [(start, [], (0,) * len(names))]
        while stack:
            here, path, got = stack.pop()
            if (here, got) in seen:
                continue
            seen.add((here, got))
            if here not in others:
                total = tuple(min(a + b, c) for a, b, c in zip(got, held, caps, strict=True))
                paid = search.RUSH_COST * max(0, steps + len(path) - search.FREE_STEPS)
                value = planner.counts_value(names, total) - paid - 0.01 * len(path)
                pairs = tuple((names[j], n) for j, n in enumerate(got) if n)
                results.append((value, meeple, path, pairs))
            if len(path) >= limit:
                continue
            for nxt in near[here]:
                j = cell_ing[nxt]
                take = min(gain[nxt], supply[j] - got[j])
                after = got[:j] + (got[j] + take,) + got[j + 1:] if take > 0 else got
                if (nxt, after) not in seen:
                    stack.append((nxt, path + [nxt], after))
    return sorted(results, key=lambda p: (-p[0], len(p[2]), p[1], p[2]))


def move_views(players: int, seed: int, every: int) -> list[tuple[dict, int]]:
    """(view, seat) of every `every`-th move-phase position of a golden heuristic game."""
    record, _ = bot_game("coffee-rush", players, seed, ["heuristic"])
    timeline = Timeline(record)
    found = []
    for k in range(len(record.moves)):
        state = timeline.state_at(k)
        decision = state.decision()
        if state.phase == "move" and decision is not None:
            found.append((state.view(decision.seats[0]), decision.seats[0]))
    return found[::every]


def agree(view, seat, upgrades) -> None:
    """The search's best score and ranking are the reference's."""
    want = reference_search(view, seat, upgrades)
    found = search._search(view, seat, upgrades)
    ceiling = found.ceiling
    assert ceiling + search.BOUND_SLACK >= found.best
    assert found.best == (want[0][0] if want else float("-inf")), (view["turn"], upgrades)
    assert list(found.ranked()) == want, (view["turn"], upgrades)


@pytest.mark.parametrize("players, seed, every", [(2, 1, 4), (3, 2, 6), (4, 3, 5)])
def test_search_agrees_with_the_reference(players, seed, every):
    """Every scored position, its score to the last bit and the ranking are the same, and the
    best score is the ranking's first; half the positions have a short supply."""
    rng = random.Random(seed)
    short = compared = 0
    for view, seat in move_views(players, seed, every):
        view = copy.deepcopy(view)
        if rng.random() < 0.5:
            for name in rng.sample(sorted(view["supply"]), 3):
                view["supply"][name] = rng.randint(0, 4)
            short += 1
        me = view["seats"][seat]
        trials = [None] + [{**me["upgrades"], u: True} for u in UPGRADES
                           if not me["upgrades"].get(u)]
        for upgrades in rng.sample(trials, min(2, len(trials))):
            agree(view, seat, upgrades)
            compared += 1
        last = copy.deepcopy(view)  # no step left: only the start is scored, if allowed
        last["turn"]["steps"] = search.FREE_STEPS
        last["seats"][seat]["rush"] = 0
        agree(last, seat, None)
    assert compared >= 16 and short >= 3


def test_plan_value_bound_is_never_below_the_value():
    """Planner.bound, which decides which plan values the search works out, is at least
    packed_value (and packed_value is counts_value) for the cups and orders of a game's
    positions and random handfuls; it is also not so loose that it never prunes."""
    rng = random.Random(5)
    names = tuple(sorted({c["ingredient"] for c in move_views(2, 1, 1)[0][0]["board"]["cells"]}))
    checked = tight = 0
    for view, seat in move_views(3, 2, 3) + move_views(2, 1, 3):
        me = view["seats"][seat]
        planner = plans.Planner(me["cups"], plans._orders(me), len(me["tabs"]))
        for _ in range(20):
            counts = tuple(rng.randint(0, 3) if rng.random() < 0.5 else 0 for _ in names)
            packed = int.from_bytes(bytes(counts), "little")
            value = planner.packed_value(names, packed)
            assert value == planner.counts_value(names, counts)
            assert planner.bound(names, packed) >= value, (me["cups"], counts)
            tight += planner.bound(names, packed) < value + 10
            checked += 1
    assert checked >= 300 and tight > checked // 4
