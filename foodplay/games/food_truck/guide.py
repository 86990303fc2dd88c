"""The counts Food Truck's set-up guide gives for a player count (data/setup_guide.json's
fields), from the component set and the rules (R0 to R0-3), never typed twice."""

from __future__ import annotations

from typing import Any

from foodplay.games.food_truck.components import Components
from foodplay.games.food_truck.constants import TARGET, TARGET_FIVE


def counts(comp: Components, players: int) -> dict[str, Any]:
    """The guide's fields for `players`: truck cards and meals per player, the central deck,
    the general supply (one meal per player) and the victory points to win."""
    return {"trucks": len(comp.trucks), "meals": len(comp.starting),
            "central": len(comp.central_deck()), "supply": players,
            "target": TARGET_FIVE if players == 5 else TARGET}
