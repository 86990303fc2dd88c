"""Coffee Rush (Euijin Han, Korea Boardgames, 2023): serve drink orders before they walk out."""

from foodplay.games.coffee_rush.rules import GAME, CoffeeRushGame, CoffeeRushState

__all__ = ["GAME", "CoffeeRushGame", "CoffeeRushState"]
