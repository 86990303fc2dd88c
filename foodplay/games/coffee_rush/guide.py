"""The counts Coffee Rush's set-up guide gives for a player count (data/setup_guide.json's
fields), from the component set and the set-up rules (S1-S5), never typed twice."""

from __future__ import annotations

from typing import Any

from foodplay.games.coffee_rush.components import Components

OPENING_TABS = 2  # S3: every player's first orders, one on tab 1 and one on tab 2
START_EXTRA = 1  # S3: the start player's third card, on tab 1


def counts(comp: Components, players: int) -> dict[str, Any]:
    """The guide's fields for `players`: tokens and kinds in the supply, the board's size, each
    player's pieces, the order deck and the opening deal."""
    dealt = OPENING_TABS * players + START_EXTRA
    cards = len(comp.deck())
    return {"tokens": sum(comp.supply.values()), "kinds": len(comp.supply),
            "rows": comp.rows, "cols": comp.cols, "cups": comp.cups, "tabs": comp.tabs,
            "meeples": comp.meeples[players], "upgrades": len(comp.upgrades),
            "cards": cards, "each": OPENING_TABS, "extra": START_EXTRA, "dealt": dealt,
            "left": cards - dealt}
