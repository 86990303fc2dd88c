"""Cuisine a la Card's UI, beside its engine in foodplay.games.cuisine_a_la_card: the table
(`table`, with card faces from `faces` and its stylesheet in `style`) and the dish builder
(`builder`, working a dish out with `preview`), registered for the game here."""

from foodplay_widgets.app.renderers import register, register_editor
from foodplay_widgets.games.cuisine_a_la_card.builder import DishBuilder
from foodplay_widgets.games.cuisine_a_la_card.table import CuisineRenderer

GAME_ID = "cuisine-a-la-card"

register(GAME_ID, CuisineRenderer())
register_editor(GAME_ID, DishBuilder)
