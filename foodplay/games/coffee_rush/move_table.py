"""The move vocabulary: each phase's move kinds and parameters, and every fixed-shape move built
once per component set (MoveTable), so that listing legal moves is indexing rather than building."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Move, Seat
from foodplay.games.coffee_rush.board import Board
from foodplay.games.coffee_rush.components import Components

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

MOVE_CACHE: dict[tuple[Any, ...], Move] = {}


def cached_move(seat: Seat, kind: str, *params: tuple[str, Any]) -> Move:
    """A cached Move; `params` must already be sorted by name (as Move.make sorts them)."""
    key = (seat, kind, params)
    found = MOVE_CACHE.get(key)
    if found is None:
        found = MOVE_CACHE[key] = Move(seat, kind, params)
    return found


class MoveTable:
    """Every fixed-shape move of every seat, built once per component set and player count, so
    that listing legal moves is indexing rather than building."""

    def __init__(self, comp: Components, board: Board, players: int):
        cups = range(1, comp.cups + 1)
        rc = [board.rc(c) for c in range(board.size)]
        meeples = comp.meeples[players]
        self.place = [[cached_move(s, "place", ("col", c), ("row", r)) for r, c in rc]
                      for s in range(players)]
        self.upgrade = [{u: cached_move(s, "upgrade", ("upgrade", u)) for u in comp.upgrades}
                        for s in range(players)]
        self.step = [[[cached_move(s, "step", ("col", c), ("meeple", m + 1), ("row", r))
                       for r, c in rc] for m in range(meeples)] for s in range(players)]
        self.stop = [cached_move(s, "stop") for s in range(players)]
        self.pour = [{i: [cached_move(s, "pour", ("cup", k), ("ingredient", i)) for k in cups]
                      for i in comp.supply} for s in range(players)]
        self.back = [{i: cached_move(s, "return", ("ingredient", i)) for i in comp.supply}
                     for s in range(players)]
        self.empty = [[cached_move(s, "empty", ("cup", k)) for k in cups] for s in range(players)]
        self.done = [cached_move(s, "done") for s in range(players)]
        # and facts of the component set every game asks again
        self.deck = tuple(comp.deck())
        self.specialty_cards = sum(o.copies for o in comp.orders.values() if o.specialty)
        self.longest = max(len(o.ingredients) for o in comp.orders.values())
        self.cells = [(r, c, board.ingredient[i], i in board.corners, i in board.ribbons)
                      for i, (r, c) in enumerate(rc)]  # what a view says of each cell
