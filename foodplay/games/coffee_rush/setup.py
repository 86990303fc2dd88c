"""Validating `setup={...}`: seed, first player, the deck's top cards and a staged position.

A staged position lets a scenario start in the middle of a game (cards on tabs, cups, completed
orders, rush tokens, upgrades, meeples) so that a rulebook example plays out exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from foodplay.data import Say, require, whole_number
from foodplay.engine import Game
from foodplay.games.coffee_rush.board import Board
from foodplay.games.coffee_rush.components import Components
from foodplay.position import broken, id_list, known_keys

SETUP_KEYS = ("seed", "first_player", "deck_top", "position")
POSITION_KEYS = ("round", "meeples", "seats", "start_token")
SEAT_KEYS = ("tabs", "cups", "completed", "penalties", "spent", "rush", "upgrades")


@dataclass
class SeatStart:
    """One seat's pieces in a staged position."""

    tabs: list[list[str]]
    cups: list[list[str]]
    completed: list[str] = field(default_factory=list)
    penalties: list[str] = field(default_factory=list)
    spent: list[str] = field(default_factory=list)  # completed orders turned in for upgrades
    rush: int = 0
    upgrades: list[str] = field(default_factory=list)


@dataclass
class Position:
    meeples: list[list[int]]  # per seat, cell numbers
    seats: list[SeatStart]
    open: bool = True
    round: int = 1  # the round this turn starts: every seat has had round - 1 turns


@dataclass
class Setup:
    seed: int | None
    first_player: int | None
    deck_top: list[str]
    position: Position | None


def _ids(value: Any, where: str, known: Mapping[str, Any], what: str) -> list[str]:
    return id_list(value, where, known, what)


def parse(raw: Mapping[str, Any] | None, players: int, comp: Components, board: Board,
          game: Game) -> Setup:
    """Validate a setup for `game`; raise DataError naming the field at fault (e.g.
    'setup.deck_top[2]')."""
    data = dict(raw or {})
    require(isinstance(raw, Mapping) or raw is None, "setup", Say("data.object"))
    unknown = [k for k in data if k not in SETUP_KEYS]
    require(not unknown, f"setup.{unknown[0] if unknown else ''}",
            Say("position.not_setting", allowed=", ".join(SETUP_KEYS)))
    seed = data.get("seed")
    require(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)), "setup.seed",
            Say("data.integer"))
    first = data.get("first_player")
    require(first is None or (isinstance(first, int) and not isinstance(first, bool)
                              and 0 <= first < players), "setup.first_player",
            Say("position.seat", low=0, high=players - 1))
    top = _ids(data.get("deck_top", []), "setup.deck_top", comp.orders, "an order card")
    position = None
    if "position" in data:
        position = _position(data["position"], players, comp, board, game)
    used = Counter(top)
    if position:
        for seat in position.seats:
            used.update(c for tab in seat.tabs for c in tab)
            used.update(seat.completed)
            used.update(seat.penalties)
            used.update(seat.spent)
    cards = Counter(comp.deck()) if used else Counter()
    for card, n in used.items():
        require(n <= cards[card], "setup",
                broken(game, Say("position.coffee.too_many_orders", count=n, card=repr(card),
                                 total=cards[card]), "C3"))
    if position:
        held = Counter(i for seat in position.seats for cup in seat.cups for i in cup)
        for ing, n in held.items():
            require(n <= comp.supply[ing], "setup.position",
                    broken(game, Say("position.coffee.too_many_cups", count=n,
                                     ingredient=repr(ing), total=comp.supply[ing]), "C1"))
    return Setup(seed, first, top, position)


def _position(raw: Any, players: int, comp: Components, board: Board,
              game: Game) -> Position:
    where = "setup.position"
    require(isinstance(raw, Mapping), where, Say("data.object"))
    known_keys(raw, POSITION_KEYS, where)
    each = comp.meeples[players]
    meeples_raw = raw.get("meeples")
    require(isinstance(meeples_raw, list) and len(meeples_raw) == players, f"{where}.meeples",
            Say("position.meeples_all", players=players))
    taken: set[int] = set()
    meeples = []
    for s, cells in enumerate(meeples_raw):
        at = f"{where}.meeples[{s}]"
        require(isinstance(cells, list) and len(cells) == each, at,
                broken(game, Say("position.meeples_each", each=each), "C2"))
        seat_cells = []
        for m, rc in enumerate(cells):
            cell = board.at(*rc) if isinstance(rc, list) and len(rc) == 2 else None
            require(cell is not None, f"{at}[{m}]",
                    Say("position.cell", rows=board.rows, cols=board.cols))
            require(cell not in taken, f"{at}[{m}]", broken(game, Say("position.cell_taken"), "S4"))
            taken.add(cell)
            seat_cells.append(cell)
        meeples.append(seat_cells)
    seats_raw = raw.get("seats")
    require(isinstance(seats_raw, list) and len(seats_raw) == players, f"{where}.seats",
            Say("position.seats_all", players=players))
    seats = [_seat(item, f"{where}.seats[{s}]", comp, game) for s, item in enumerate(seats_raw)]
    token = raw.get("start_token", "open")
    require(isinstance(token, str) and token in ("open", "closed"), f"{where}.start_token",
            Say("position.either", first="'open'", second="'closed'"))
    for s, seat in enumerate(seats):
        require(token == "closed" or len(seat.penalties) < 5, f"{where}.start_token",
                broken(game, Say("position.coffee.token_open", value="'open'", seat=s,
                                 count=len(seat.penalties)), "R5-4"))
    number = whole_number(raw.get("round", 1), f"{where}.round", 1)
    return Position(meeples, seats, token == "open", number)


def _seat(raw: Any, where: str, comp: Components, game: Game) -> SeatStart:
    require(isinstance(raw, Mapping), where, Say("data.object"))
    known_keys(raw, SEAT_KEYS, where)
    tabs_raw = raw.get("tabs", [[] for _ in range(comp.tabs)])
    require(isinstance(tabs_raw, list) and len(tabs_raw) == comp.tabs, f"{where}.tabs",
            broken(game, Say("position.tabs", count=comp.tabs), "C2"))
    tabs = [_ids(t, f"{where}.tabs[{i}]", comp.orders, "an order card")
            for i, t in enumerate(tabs_raw)]
    cups_raw = raw.get("cups", [[] for _ in range(comp.cups)])
    require(isinstance(cups_raw, list) and len(cups_raw) == comp.cups, f"{where}.cups",
            broken(game, Say("position.cups", count=comp.cups), "C2"))
    cups = [_ids(c, f"{where}.cups[{i}]", comp.supply, "an ingredient")
            for i, c in enumerate(cups_raw)]
    completed = _ids(raw.get("completed", []), f"{where}.completed", comp.orders, "an order card")
    penalties = _ids(raw.get("penalties", []), f"{where}.penalties", comp.orders, "an order card")
    spent = _ids(raw.get("spent", []), f"{where}.spent", comp.orders, "an order card")
    rush = whole_number(raw.get("rush", 0), f"{where}.rush")
    upgrades = raw.get("upgrades", [])
    require(isinstance(upgrades, list)
            and all(isinstance(u, str) and u in comp.upgrades for u in upgrades)
            and len(set(upgrades)) == len(upgrades), f"{where}.upgrades",
            Say("position.upgrades", upgrades=", ".join(comp.upgrades)))
    require(len(spent) == 3 * len(upgrades), f"{where}.spent",
            broken(game, Say("position.coffee.spent", spent=len(spent), upgrades=len(upgrades)),
                   "R1"))
    return SeatStart(tabs, cups, completed, penalties, spent, rush, list(upgrades))


def export(state: Any) -> dict[str, Any] | None:
    """The position document of `state` if a round starts (the start player's turn begins,
    nothing done yet), else None; `parse` reads it back into the same position, the deck's
    order included. Mid-round turns are left out: a position's turn is the start player's."""
    if state.phase != "move" or state.turn != state.first or state.meeple is not None \
            or state.steps or state.path or state.held or state.served or state.upgraded \
            or state.is_over or state.queue or len(set(state.turns)) != 1:
        return None
    board = state.board
    seats = [{"tabs": [list(t) for t in state.tabs[s]], "cups": [list(c) for c in state.cups[s]],
              "completed": list(state.completed[s]), "penalties": list(state.penalties[s]),
              "spent": list(state.spent[s]), "rush": state.rush[s],
              "upgrades": list(state.upgrades[s])} for s in range(state.players)]
    meeples = [[list(board.rc(cell)) for cell in state.meeples[s]] for s in range(state.players)]
    return {"first_player": state.first, "options": dict(state.options),
            "deck_top": list(reversed(state.deck)),
            "position": {"round": state.turns[0] + 1, "meeples": meeples, "seats": seats,
                         "start_token": "open" if state.open else "closed"}}
