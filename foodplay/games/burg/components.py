"""BURG's component set (deck, recipes, tools, scoring): loaded from data and validated."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foodplay import limits
from foodplay.components import entry_id, envelope
from foodplay.data import Say, read_json, require, whole_number
from foodplay.limits import Shown, shown

DEFAULT_PATH = Path(__file__).parent / "data" / "components.json"
ROLES = ("bottom_bun", "top_bun", "filling", "rat")
TOOLS = ("tongs", "tea")


@dataclass(frozen=True)
class Recipe:
    id: str
    fillings: Counter[str]
    points: int


@dataclass(frozen=True)
class Components:
    """A validated BURG component set."""

    label: str
    counts: dict[str, int]  # card id -> copies in the deck
    roles: dict[str, str]  # card id -> role
    recipes: tuple[Recipe, ...]
    tools: dict[str, int]
    rat_token_points: int
    source: Any  # the raw data, kept so a record can carry a user's own set

    def role(self, card: str) -> str:
        return self.roles[card]

    def deck(self) -> list[str]:
        """One entry per physical card, in the data file's order."""
        return [card for card, count in self.counts.items() for _ in range(count)]


def load(path: str | Path | None = None) -> Components:
    """Load a component file (the tutor default when `path` is None)."""
    source = Path(path) if path else DEFAULT_PATH
    return parse(read_json(source), where=source.name)


def parse(data: Any, where: str = "components") -> Components:
    """Validate raw component data; raise DataError naming the field at fault."""
    label = envelope(data, where, "burg")

    cards = data.get("cards")
    require(isinstance(cards, list) and cards, f"{where}: cards", Say("data.non_empty_list"))
    limits.entries(cards, f"{where}: cards")
    counts: dict[str, int] = {}
    roles: dict[str, str] = {}
    for i, card in enumerate(cards):
        at = f"{where}: cards[{i}]"
        card_id = entry_id(card, at, "'cheese'")
        require(card_id not in counts, f"{at}.id", f"repeats card {shown(card_id)}")
        require(card.get("role") in ROLES, f"{at}.role",
                Say("position.one_of", values=", ".join(ROLES)))
        counts[card_id] = limits.copies(card.get("count"), f"{at}.count", 1)
        roles[card_id] = card["role"]
    for role in ROLES:
        require(role in roles.values(), f"{where}: cards", f"needs at least one {role} card")

    raw_recipes = data.get("recipes")
    require(isinstance(raw_recipes, list) and raw_recipes, f"{where}: recipes",
            Say("data.non_empty_list"))
    limits.entries(raw_recipes, f"{where}: recipes")
    recipes = []
    seen: set[str] = set()
    for i, recipe in enumerate(raw_recipes):
        at = f"{where}: recipes[{i}]"
        recipe_id = entry_id(recipe, at)
        require(recipe_id not in seen, f"{at}.id", f"repeats recipe {shown(recipe_id)}")
        seen.add(recipe_id)
        fillings = recipe.get("fillings")
        require(isinstance(fillings, list) and fillings, f"{at}.fillings",
                Say("data.non_empty_list_of", what=Say("data.what.filling_cards")))
        for j, filling in enumerate(fillings):
            require(isinstance(filling, str) and roles.get(filling) == "filling",
                    f"{at}.fillings[{j}]", Say("data.not_filling_card", value=Shown(filling)))
        need = Counter(fillings)
        for filling, n in need.items():
            require(n <= counts[filling], f"{at}.fillings",
                    f"needs {n} {filling} but the deck has only {counts[filling]}")
        recipes.append(Recipe(recipe_id, need, whole_number(recipe.get("points"), f"{at}.points",
                                                            1)))
    tools = data.get("tools")
    require(isinstance(tools, dict) and set(tools) == set(TOOLS), f"{where}: tools",
            Say("data.exactly_two", first="'tongs'", second="'tea'"))
    for tool in TOOLS:
        limits.copies(tools[tool], f"{where}: tools.{tool}", 1)
    limits.components(sum(counts.values()) + sum(tools.values()), where)
    scoring = data.get("scoring", {})
    require(isinstance(scoring, dict), f"{where}: scoring", Say("data.object"))
    rat = scoring.get("rat_token", -1)
    require(isinstance(rat, int) and not isinstance(rat, bool) and rat <= 0,
            f"{where}: scoring.rat_token", Say("data.zero_or_negative"))
    return Components(label, counts, roles, tuple(recipes), dict(tools), rat, data)

