"""BURG, the hamburger card game (publisher unknown).

Modules, each importing only those before it: components, lookups, constants; table (BurgTable,
what a position holds); checks; building, then taking (a round's phases); state (BurgState);
position (positions as data); rules (BurgGame, GAME). The bot and text modules stand apart.
"""

from foodplay.games.burg.rules import GAME, BurgGame
from foodplay.games.burg.state import BurgState

__all__ = ["GAME", "BurgGame", "BurgState"]
