"""What every game's component file shares: its envelope (format, game, label, sizes) and
lists of entries named by an identifier. Each game's `components.py` checks the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from foodplay import limits
from foodplay.data import Say, require

FORMAT = "foodplay.components/1"


def envelope(data: Any, where: str, game_id: str, label_at: str = "label") -> str:
    """Check that `data` is a component file of `game_id` within the size limits; its label
    (the user's name for the set, "custom" when it has none)."""
    require(isinstance(data, Mapping), where, "must be a JSON object")
    require(data.get("format") == FORMAT, f"{where}: format", Say("data.equal", value=repr(FORMAT)))
    require(data.get("game") == game_id, f"{where}: game", Say("data.equal", value=repr(game_id)))
    limits.check_tree(data, where)
    return limits.label(data.get("label", "custom"), f"{where}: {label_at}")


def entry_id(item: Any, at: str, example: str | None = None) -> str:
    """The id of one entry of a list (an object whose `id` is an identifier such as
    `example`); DataError naming `at` otherwise."""
    require(isinstance(item, dict), at, Say("data.object"))
    found = item.get("id")
    require(isinstance(found, str) and found.isidentifier(), f"{at}.id",
            Say("data.identifier_such", example=example) if example else Say("data.identifier"))
    return found
