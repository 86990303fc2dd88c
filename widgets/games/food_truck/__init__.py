"""Food Truck's UI: its table (table.py) drawn from its cards (cards.py), with its own
stylesheet (style.py), and the pile editor (pile_editor.py); registered for `food-truck`."""

from foodplay_widgets.app.renderers import register, register_editor
from foodplay_widgets.games.food_truck.pile_editor import PileEditor
from foodplay_widgets.games.food_truck.table import FoodTruckRenderer

GAME_ID = "food-truck"

register(GAME_ID, FoodTruckRenderer())
register_editor(GAME_ID, PileEditor)
