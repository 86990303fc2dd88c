"""Food Truck, the meal-serving bluffing game by Florian Fay (Gigamic, 2022).

Modules, each importing only those before it: components, constants; table (FoodTruckTable, what
a position holds); checks; between_rounds, service, trucks (a round's phases, each building on
the one before); state (FoodTruckState); position (positions as data); rules (FoodTruckGame,
GAME). The bot and text modules stand apart.
"""

from foodplay.games.food_truck.rules import GAME, FoodTruckGame
from foodplay.games.food_truck.state import FoodTruckState

__all__ = ["GAME", "FoodTruckGame", "FoodTruckState"]
