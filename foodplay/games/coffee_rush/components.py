"""Coffee Rush's component set (supply, board, order deck, player pieces, upgrades) as data."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from foodplay import limits
from foodplay.components import entry_id, envelope
from foodplay.data import Say, read_json, require
from foodplay.limits import Shown, shown
from foodplay.position import TRUE_OR_FALSE

DEFAULT_PATH = Path(__file__).parent / "data" / "components.json"
UPGRADES = ("crowd", "diagonal", "corners", "ribbons")  # the effects the rules implement


@dataclass(frozen=True)
class Order:
    """One drink on an order card: the ingredients it needs, as a multiset, and its kind."""

    id: str
    ingredients: tuple[str, ...]  # in the supply's order
    specialty: bool
    copies: int

    @property
    def need(self) -> Counter[str]:
        return Counter(self.ingredients)


@dataclass(frozen=True)
class Components:
    """A validated Coffee Rush component set."""

    label: str
    supply: dict[str, int]  # ingredient -> tokens in the game
    special: frozenset[str]
    cells: tuple[tuple[str, ...], ...]  # board rows of ingredient ids
    ribbons: frozenset[tuple[int, int]]  # 0-based (row, col)
    board_label: str
    deck_label: str
    tabs: int
    cups: int
    meeples: dict[int, int]  # players -> meeples each
    upgrades: tuple[str, ...]
    scoring: dict[str, int]
    orders: dict[str, Order]
    source: Any  # the raw data, so a record can carry a user's own set

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def cols(self) -> int:
        return len(self.cells[0])

    def deck(self) -> list[str]:
        """One entry per order card, in the data file's order."""
        return [o.id for o in self.orders.values() for _ in range(o.copies)]


def load(path: str | Path | None = None) -> Components:
    """Load a component file (the tutor default when `path` is None, read once)."""
    if not path:
        return _default()
    source = Path(path)
    return parse(read_json(source), where=source.name)


@cache
def _default() -> Components:
    return parse(read_json(DEFAULT_PATH), where=DEFAULT_PATH.name)


def _ingredients(data: dict[str, Any], where: str) -> tuple[dict[str, int], frozenset[str]]:
    items = data.get("ingredients")
    require(isinstance(items, list) and items, f"{where}: ingredients",
            Say("data.non_empty_list"))
    limits.entries(items, f"{where}: ingredients")
    supply: dict[str, int] = {}
    special = set()
    for i, item in enumerate(items):
        at = f"{where}: ingredients[{i}]"
        ing = entry_id(item, at, "'milk'")
        require(ing not in supply, f"{at}.id", f"repeats ingredient {shown(ing)}")
        supply[ing] = limits.copies(item.get("count"), f"{at}.count", 1)
        flag = item.get("special", False)
        require(isinstance(flag, bool), f"{at}.special", TRUE_OR_FALSE)
        if flag:
            special.add(ing)
    return supply, frozenset(special)


def _board(data: Any, supply: dict[str, int], where: str):
    require(isinstance(data, dict), f"{where}: board", Say("data.object"))
    label = limits.label(data.get("label", "custom"), f"{where}: board.label")
    rows = data.get("cells")
    require(isinstance(rows, list) and len(rows) >= 2, f"{where}: board.cells",
            Say("data.rows", count=2))
    width = len(rows[0]) if isinstance(rows[0], list) else 0
    if len(rows) * width > limits.BOARD_CELLS:
        raise limits.LimitError(f"{where}: board.cells", "limit.board", count=len(rows) * width,
                                limit=limits.BOARD_CELLS)
    cells = []
    for r, row in enumerate(rows):
        at = f"{where}: board.cells[{r}]"
        require(isinstance(row, list) and len(row) == width and width >= 2, at,
                Say("data.row", count=max(width, 2)))
        for c, ing in enumerate(row):
            require(isinstance(ing, str) and ing in supply, f"{at}[{c}]",
                    Say("data.not_supply", value=Shown(ing)))
        cells.append(tuple(row))
    ribbons = set()
    raw = data.get("ribbons", [])
    require(isinstance(raw, list), f"{where}: board.ribbons", Say("data.cells"))
    for i, cell in enumerate(raw):
        at = f"{where}: board.ribbons[{i}]"
        require(isinstance(cell, list) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
                and 1 <= cell[0] <= len(cells) and 1 <= cell[1] <= width, at,
                Say("data.cell", rows=len(cells), cols=width))
        require((cell[0] - 1, cell[1] - 1) not in ribbons, at, "repeats a ribbon cell")
        ribbons.add((cell[0] - 1, cell[1] - 1))
    return tuple(cells), frozenset(ribbons), label


def _player(data: Any, where: str) -> tuple[int, int, dict[int, int]]:
    require(isinstance(data, dict), f"{where}: player", Say("data.object"))
    tabs = limits.copies(data.get("tabs"), f"{where}: player.tabs", 1)
    cups = limits.copies(data.get("cups"), f"{where}: player.cups", 1)
    raw = data.get("meeples")
    require(isinstance(raw, dict) and set(raw) == {"2", "3", "4"}, f"{where}: player.meeples",
            Say("data.meeples", players='"2", "3", "4"'))
    meeples = {int(k): limits.copies(v, f"{where}: player.meeples.{k}", 1)
               for k, v in raw.items()}
    return tabs, cups, meeples


def _orders(data: Any, supply: dict[str, int], special: frozenset[str],
            where: str) -> tuple[dict[str, Order], str]:
    require(isinstance(data, dict), f"{where}: deck", Say("data.object"))
    label = limits.label(data.get("label", "custom"), f"{where}: deck.label")
    items = data.get("orders")
    require(isinstance(items, list) and items, f"{where}: deck.orders", Say("data.non_empty_list"))
    limits.entries(items, f"{where}: deck.orders")
    rank = {ing: i for i, ing in enumerate(supply)}
    orders: dict[str, Order] = {}
    for i, item in enumerate(items):
        at = f"{where}: deck.orders[{i}]"
        oid = entry_id(item, at, "'latte'")
        require(oid not in orders and oid not in supply, f"{at}.id",
                f"repeats the id {shown(oid)}")
        ings = item.get("ingredients")
        require(isinstance(ings, list) and 1 <= len(ings), f"{at}.ingredients",
                Say("data.non_empty_list_of", what=Say("data.what.ingredient_ids")))
        for j, ing in enumerate(ings):
            require(isinstance(ing, str) and ing in supply, f"{at}.ingredients[{j}]",
                    Say("data.not_supply", value=Shown(ing)))
        for ing, n in Counter(ings).items():
            require(n <= supply[ing], f"{at}.ingredients",
                    f"needs {n} {ing} but the supply has only {supply[ing]}")
        specialty = item.get("specialty", False)
        require(isinstance(specialty, bool), f"{at}.specialty", TRUE_OR_FALSE)
        require(not specialty or bool(special & set(ings)), f"{at}.specialty",
                Say("data.specialty"))
        copies = limits.copies(item.get("copies", 1), f"{at}.copies", 1)
        orders[oid] = Order(oid, tuple(sorted(ings, key=rank.__getitem__)), specialty, copies)
    return orders, label


def parse(data: Any, where: str = "components") -> Components:
    """Validate raw component data; raise DataError naming the field at fault."""
    label = envelope(data, where, "coffee-rush")
    supply, special = _ingredients(data, where)
    cells, ribbons, board_label = _board(data.get("board"), supply, where)
    tabs, cups, meeples = _player(data.get("player"), where)
    free = len(cells) * len(cells[0])
    for players, each in meeples.items():
        require(players * each < free, f"{where}: player.meeples.{players}",
                f"{players} players with {each} meeples each would not leave a free cell on "
                f"a board of {free} cells")
    upgrades = data.get("upgrades")
    require(isinstance(upgrades, list) and all(isinstance(u, str) and u in UPGRADES
                                               for u in upgrades)
            and len(set(upgrades)) == len(upgrades), f"{where}: upgrades",
            Say("position.upgrades", upgrades=", ".join(UPGRADES)))
    scoring = data.get("scoring")
    require(isinstance(scoring, dict), f"{where}: scoring", Say("data.object"))
    points = {}
    for name in ("order", "upgrade", "penalty"):
        value = scoring.get(name)
        require(isinstance(value, int) and not isinstance(value, bool), f"{where}: scoring.{name}",
                Say("data.points"))
        points[name] = value
    orders, deck_label = _orders(data.get("deck"), supply, special, where)
    limits.components(sum(supply.values()) + sum(o.copies for o in orders.values()), where)
    return Components(label, supply, special, cells, ribbons, board_label, deck_label, tabs, cups,
                      meeples, tuple(upgrades), points, orders, data)
