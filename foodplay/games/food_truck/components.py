"""Food Truck's component set (meal types, central deck, desserts, truck cards): data, validated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foodplay import limits
from foodplay.components import envelope
from foodplay.data import Say, read_json, require
from foodplay.limits import Shown, shown

DEFAULT_PATH = Path(__file__).parent / "data" / "components.json"
GAME_ID = "food-truck"
# The truck effects the rules implement (G2-1 .. G2-5); a component set picks its deck from these.
EFFECTS = ("swap", "detour", "recall", "cover", "rush")


@dataclass(frozen=True)
class Components:
    """A validated Food Truck component set."""

    label: str
    meals: tuple[str, ...]  # every meal type, in display order
    starting: tuple[str, ...]  # the meal cards each player starts with (the same for all)
    central: dict[str, int]  # meal id -> copies in the central meal deck
    desserts: tuple[str, ...]  # one distinct dessert per seat, seat 0 first
    trucks: tuple[str, ...]  # one player's truck deck (every player has the same)
    source: Any  # the raw data, kept so a record can carry a user's own set

    def central_deck(self) -> list[str]:
        """One entry per central-deck card, in the data file's order."""
        return [meal for meal, count in self.central.items() for _ in range(count)]


def load(path: str | Path | None = None) -> Components:
    """Load a component file (the tutor default when `path` is None)."""
    source = Path(path) if path else DEFAULT_PATH
    return parse(read_json(source), where=source.name)


def _ids(value: Any, where: str, minimum: int) -> list[str]:
    require(isinstance(value, list) and len(value) >= minimum, where,
            Say("data.card_ids_min", minimum=minimum))
    limits.entries(value, where)
    for i, item in enumerate(value):
        require(isinstance(item, str) and item.isidentifier(), f"{where}[{i}]",
                Say("data.identifier_such_not", example="'pizza'", value=Shown(item)))
    return list(value)


def parse(data: Any, where: str = "components") -> Components:
    """Validate raw component data; raise DataError naming the field at fault."""
    label = envelope(data, where, GAME_ID)

    meals = _ids(data.get("meals"), f"{where}: meals", 2)
    for i, meal in enumerate(meals):
        require(meal not in meals[:i], f"{where}: meals[{i}]", f"repeats meal {shown(meal)}")

    starting = _ids(data.get("starting_meals"), f"{where}: starting_meals", 1)
    for i, meal in enumerate(starting):
        require(meal in meals, f"{where}: starting_meals[{i}]",
                Say("data.value_not_meal", value=Shown(meal), field="'meals'"))

    central = data.get("central_deck")
    require(isinstance(central, Mapping), f"{where}: central_deck",
            Say("data.meal_counts"))
    counts: dict[str, int] = {}
    for meal, count in central.items():
        at = f"{where}: central_deck.{limits.part(meal)}"
        require(meal in meals, at, Say("data.not_meal", field="'meals'"))
        counts[meal] = limits.copies(count, at, 0)

    desserts = _ids(data.get("desserts"), f"{where}: desserts", 2)
    for i, dessert in enumerate(desserts):
        require(dessert not in desserts[:i], f"{where}: desserts[{i}]",
                f"repeats dessert {shown(dessert)}: every player's dessert is different")
        require(dessert not in meals, f"{where}: desserts[{i}]",
                f"{shown(dessert)} is already a meal id")

    trucks = data.get("truck_deck")
    require(isinstance(trucks, list) and trucks, f"{where}: truck_deck",
            Say("data.non_empty_list_of", what=Say("data.what.truck_ids")))
    limits.entries(trucks, f"{where}: truck_deck", limits.COPIES)
    for i, effect in enumerate(trucks):
        require(effect in EFFECTS, f"{where}: truck_deck[{i}]",
                Say("data.not_truck_effect", value=Shown(effect), effects=", ".join(EFFECTS)))
    limits.components(sum(counts.values()) + 5 * len(trucks) + 5 * len(starting), where)
    return Components(label, tuple(meals), tuple(starting), counts, tuple(desserts),
                      tuple(trucks), data)
