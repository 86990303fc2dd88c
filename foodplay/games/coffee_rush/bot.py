"""Coffee Rush's heuristic bot. It reads only `state.view(seat)` and the legal moves, so its hints
never use hidden information (the deck's order).

Plan: walk the path whose collected ingredients complete the most urgent orders (tab 4 first),
pour them where they complete or build toward an order, serve the most urgent match. The plans
are in planner.py, the path search in search.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Move, Seat, Suggestion
from foodplay.games.coffee_rush.planner import Planner, _fits, _orders, _planner
from foodplay.games.coffee_rush.search import (
    BOUND_SLACK,
    FREE_STEPS,
    RUSH_COST,
    _neighbours,
    _paths,
    position_key,
)

__all__ = ["FREE_STEPS", "RUSH_COST", "Planner", "suggest"]

UPGRADE_GAIN = 12.0  # an upgrade costs a point net, so it must win about one more order now


def _hint(move: Move, reason: str, **params: Any) -> Suggestion:
    return Suggestion(move, reason, tuple(params.items()))


def suggest(state, seat: Seat) -> Suggestion:
    """A sensible move for `seat` with a one-line reason."""
    view = state.view(seat)
    legal = state.legal_moves(seat)
    phase = view["phase"]
    if len(legal) == 1 and phase != "serve":
        return _hint(legal[0], "coffee-rush.reason.only")
    me = view["seats"][seat]
    if phase == "place":
        return _place(view, seat, legal)
    if phase == "setup_pour":
        return _setup_pour(view, seat, legal)
    if phase == "move":
        return _move(view, seat, legal)
    if phase == "pour":
        return _pour(view, me, legal)
    serves = sorted(legal, key=lambda m: (-m.get("tab"), m.get("cup")))
    best = serves[0]
    return _hint(best, "coffee-rush.reason.serve", cup=best.get("cup"), order=best.get("order"),
                 tab=best.get("tab"))


def _wanted(me: dict[str, Any]) -> Counter[str]:
    """How much I want each ingredient, weighted by how urgent the orders needing it are."""
    want: Counter[str] = Counter()
    for tab, order in _orders(me):
        for ing in order["ingredients"]:
            want[ing] += tab
    return want


def _place(view: dict[str, Any], seat: Seat, legal: list[Move]) -> Suggestion:
    me = view["seats"][seat]
    want = _wanted(me)
    board = view["board"]
    cells, cols = board["cells"], board["cols"]

    def score(m: Move) -> tuple[float, int, int]:
        i = (m.get("row") - 1) * cols + m.get("col") - 1
        near = sum(want[cells[j]["ingredient"]]
                   for j in _neighbours(i, board["rows"], cols, False))
        return (2 * want[cells[i]["ingredient"]] + 0.5 * near, -m.get("row"), -m.get("col"))

    best = max(legal, key=score)
    cell = cells[(best.get("row") - 1) * cols + best.get("col") - 1]
    return _hint(best, "coffee-rush.reason.place", row=best.get("row"), col=best.get("col"),
                 ingredient=cell["ingredient"])


def _setup_pour(view: dict[str, Any], seat: Seat, legal: list[Move]) -> Suggestion:
    me = view["seats"][seat]
    ing = legal[0].get("ingredient")
    needs = [Counter(o["ingredients"]) for _, o in _orders(me)]
    for move in legal:
        cup = Counter(me["cups"][move.get("cup") - 1])
        if cup and any(_fits(cup + Counter([ing]), n) for n in needs):
            return _hint(move, "coffee-rush.reason.setup_join", ingredient=ing,
                         cup=move.get("cup"))
    empty = next((m for m in legal if not me["cups"][m.get("cup") - 1]), legal[0])
    return _hint(empty, "coffee-rush.reason.setup_apart", ingredient=ing, cup=empty.get("cup"))


def _move(view: dict[str, Any], seat: Seat, legal: list[Move]) -> Suggestion:
    me = view["seats"][seat]
    upgrades = [m for m in legal if m.kind == "upgrade"]
    position = position_key(view, seat)
    if upgrades:
        now = _paths(view, seat, None, position).best
        gains = []
        for move in upgrades:
            trial = _paths(view, seat, {**me["upgrades"], move.get("upgrade"): True}, position)
            # a trial whose bound stays below the bar cannot be chosen: its bound will do
            gain = trial.ceiling - now
            gains.append((gain if gain + BOUND_SLACK < UPGRADE_GAIN else trial.best - now, move))
        gain, move = max(gains, key=lambda g: g[0])
        if gain >= UPGRADE_GAIN:
            return _hint(move, "coffee-rush.reason.upgrade", upgrade=move.get("upgrade"))
    steps = {(m.get("meeple"), m.get("row"), m.get("col")): m for m in legal if m.kind == "step"}
    cols = view["board"]["cols"]
    for _, meeple, path, got in _paths(view, seat, None, position).ranked():
        if not path:
            stop = next((m for m in legal if m.kind == "stop"), None)
            if stop:
                return _stop_hint(view, seat, stop)
            continue
        row, col = divmod(path[0], cols)
        move = steps.get((meeple, row + 1, col + 1))
        if move:
            plan = _planner(me).plan(Counter(view["turn"]["held"]) + Counter(dict(got)))
            if plan.completes:
                _, tab, order, _ = plan.completes[0]
                return _hint(move, "coffee-rush.reason.step_complete", row=row + 1, col=col + 1,
                             order=order["id"], tab=tab)
            return _hint(move, "coffee-rush.reason.step_collect", row=row + 1, col=col + 1)
    return _hint(legal[-1], "coffee-rush.reason.only")


def _stop_hint(view: dict[str, Any], seat: Seat, stop: Move) -> Suggestion:
    me = view["seats"][seat]
    plan = _planner(me).plan(Counter(view["turn"]["held"]))
    if plan.completes:
        _, tab, order, _ = plan.completes[0]
        return _hint(stop, "coffee-rush.reason.stop_complete", order=order["id"], tab=tab)
    return _hint(stop, "coffee-rush.reason.stop")


def _pour(view: dict[str, Any], me: dict[str, Any], legal: list[Move]) -> Suggestion:
    held = Counter(view["turn"]["held"])
    planner = _planner(me)
    plan = planner.plan(held)
    by_key = {(m.kind, m.get("cup"), m.get("ingredient")): m for m in legal}
    for i in planner.dead:
        move = by_key.get(("empty", i + 1, None))
        if move:
            return _hint(move, "coffee-rush.reason.empty_dead", cup=i + 1)
    for cup, tab, order, rest in plan.completes:
        for ing in sorted(rest):
            if held[ing]:
                move = by_key.get(("pour", cup + 1, ing))
                if move:
                    return _hint(move, "coffee-rush.reason.pour_complete", ingredient=ing,
                                 cup=cup + 1, order=order["id"], tab=tab)
    for cup, tab, order, add in plan.builds:
        for ing in sorted(add):
            if held[ing]:
                move = by_key.get(("pour", cup + 1, ing))
                if move:
                    return _hint(move, "coffee-rush.reason.pour_build", ingredient=ing,
                                 cup=cup + 1, order=order["id"], tab=tab)
    done = by_key[("done", None, None)]
    return _hint(done, "coffee-rush.reason.done_leftover" if held else "coffee-rush.reason.done")
