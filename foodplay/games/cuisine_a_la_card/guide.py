"""The counts Cuisine a la Card's set-up guide gives for a player count
(data/setup_guide.json's fields), from the component set and the set-up rules (S1-S6)."""

from __future__ import annotations

from typing import Any

from foodplay.games.cuisine_a_la_card.components import Components
from foodplay.games.cuisine_a_la_card.constants import HAND_SIZE, MARKET_SIZE, TARGET


def counts(comp: Components, players: int) -> dict[str, Any]:
    """The guide's fields for `players`: starting cards, hand, Forks, judges turned up (one
    per stack, plus one more than the players with three or four: S6), Pantry and Market, and
    the medals that end the game."""
    spoons = comp.starting.get("spoon", 0)
    stacks = len(comp.tiers)
    shown = stacks if players < 3 else players + 1
    return {"cards": sum(comp.starting.values()), "spoons": spoons,
            "salts": sum(comp.starting.values()) - spoons, "hand": HAND_SIZE,
            "forks": comp.forks, "judges": len(comp.judges), "stacks": stacks,
            "tiers": list(comp.tiers), "shown": shown, "extra": shown - stacks,
            "pantry": len(comp.pantry_deck()), "market": MARKET_SIZE, "target": TARGET[players]}
