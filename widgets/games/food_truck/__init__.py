"""Food Truck's UI: its table and pile editor, registered for `food-truck` on import."""

from foodplay_widgets.games.food_truck import table  # noqa: F401  (registers both)
