"""The printed records of Cuisine a la Card: a card (tool or ingredient), a judge, and an ability
as data; components.py loads and checks them, lookups.py compiles them for the hot paths."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Ability:
    """When it acts (play, submit, purchase, or a judge's turn) and what it does, in order."""

    trigger: str
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Card:
    """A card as printed. Tools pay; ingredients can be cooked."""

    id: str
    tool: bool
    cost: int
    points: int
    types: tuple[str, ...]
    dual: bool
    flavours: tuple[str, ...]
    cuisine: str | None
    seasoning: bool
    abilities: tuple[Ability, ...]
    cuisine_ability: Ability | None
    currency: int = 0

    def has_trigger(self, trigger: str) -> bool:
        return any(a.trigger == trigger for a in self.abilities)


@dataclass(frozen=True)
class Judge:
    """A judge as printed: the dish it asks for, the medals it gives, and its ability."""

    id: str
    tier: int  # the meal points a dish needs
    medals: int
    requires: tuple[dict[str, Any], ...]  # conditions, all needed
    bonus: tuple[tuple[dict[str, Any], int], ...]  # (condition, medals)
    penalty: tuple[tuple[dict[str, Any], int], ...]
    ability: Ability
