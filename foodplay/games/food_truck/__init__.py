"""Food Truck, the meal-serving bluffing game by Florian Fay (Gigamic, 2022)."""

from foodplay.games.food_truck.rules import GAME, FoodTruckGame, FoodTruckState

__all__ = ["GAME", "FoodTruckGame", "FoodTruckState"]
