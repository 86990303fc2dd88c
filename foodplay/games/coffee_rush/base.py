"""The rule constants and the position's fields (StateBase), with the look-ups every phase shares
and the hooks one phase calls in another."""

from __future__ import annotations

import random
from typing import Any

from foodplay.engine import Event, Game, Move, Seat, State
from foodplay.games.coffee_rush.board import Board
from foodplay.games.coffee_rush.components import Components
from foodplay.games.coffee_rush.move_table import MoveTable

FREE_STEPS = 3  # rule 2-1
UPGRADE_COST = 3  # rule 1
PENALTY_LIMIT = 5  # rule 5-4
DRAWERS = 2  # rule 4-4: the next two players draw
UPGRADE_CLAUSE = {"crowd": "U1", "diagonal": "U2", "corners": "U3", "ribbons": "U4"}


def whole_or_none(value: Any) -> int | None:
    """`value` if it is a whole number (True and False are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class StateBase(State):
    """A Coffee Rush position's fields and shared look-ups. Seats are 0-based; rows, columns,
    cups, tabs and meeples in moves and views are numbered from 1. CoffeeRushState (state.py)
    adds each phase's moves from placement.py, movement.py, pour_and_serve.py and turn_end.py."""

    def __init__(self, game: Game, players: int, comp: Components, board: Board,
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

    def _cup(self, move: Move) -> int | None:
        cup = whole_or_none(move.get("cup"))
        return cup - 1 if cup is not None and 1 <= cup <= self.comp.cups else None

    def _take(self, ingredient: str, wanted: int) -> int:
        """Take up to `wanted` tokens from the supply (D5); return how many were taken."""
        got = min(wanted, self.supply[ingredient])
        self.supply[ingredient] -= got
        return got

    def _order_key(self, ingredient: str) -> int:
        return self._rank[ingredient]

    # --- hooks one phase calls in another (each defined in its phase's module) ----------
    def _next_placement(self, events: list[Event]) -> None:
        """Hand the set-up to the next meeple to place, or start the first turn (placement.py)."""
        raise NotImplementedError

    def _start_turn(self, seat: Seat, events: list[Event]) -> None:
        """Begin `seat`'s turn with the move phase (movement.py)."""
        raise NotImplementedError

    def _finish_turn(self, events: list[Event]) -> None:
        """Draws, time passing, the start token, then the next turn or the end (turn_end.py)."""
        raise NotImplementedError
