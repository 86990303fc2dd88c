"""BURG, the hamburger card game (publisher unknown)."""

from foodplay.games.burg.rules import GAME, BurgGame, BurgState

__all__ = ["GAME", "BurgGame", "BurgState"]
