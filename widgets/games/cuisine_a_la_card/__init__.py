"""Cuisine a la Card's UI: its table and its dish builder, registered for the game."""

from foodplay_widgets.games.cuisine_a_la_card import table  # noqa: F401  (registers them)
