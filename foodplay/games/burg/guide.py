"""The counts BURG's set-up guide gives for a player count (data/setup_guide.json's fields),
from the component set and the rulebook's tables, so that the guide never types a number twice."""

from __future__ import annotations

from typing import Any

from foodplay.games.burg.components import Components
from foodplay.games.burg.constants import BURGER_TARGET, REVEAL_COUNT


def counts(comp: Components, players: int) -> dict[str, Any]:
    """The guide's fields for `players`: deck size, recipes, tools per player, cards revealed
    (rule 1), piles (rule 2) and the burger target (rule 6)."""
    return {"deck": sum(comp.counts.values()), "recipes": len(comp.recipes),
            "tongs": comp.tools["tongs"], "tea": comp.tools["tea"],
            "needed": REVEAL_COUNT[players], "piles": players, "target": BURGER_TARGET[players]}
