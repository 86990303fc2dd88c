"""Cuisine a la Card, the deck-building cooking game (Dani Demarest, InMotion, 2016)."""

from foodplay.games.cuisine_a_la_card.rules import GAME, CuisineGame, CuisineState

__all__ = ["GAME", "CuisineGame", "CuisineState"]
