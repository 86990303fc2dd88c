"""Coffee Rush's UI, beside its engine in foodplay.games.coffee_rush: the table (`table`, with
the players' seats in `seats`, drawn from the pieces in `pieces`, styled by `style`), the move
builder of play mode (`move_builder`, with what it shows in `preview`) and the narrated opening
(`opening`). Drawn pieces are cached by value, keyed on a `foodplay_widgets.text.HashableText`.
Importing the package registers the renderer and the move builder for the game."""

from foodplay_widgets.app.renderers import register, register_editor
from foodplay_widgets.games.coffee_rush.move_builder import MoveBuilder
from foodplay_widgets.games.coffee_rush.pieces import GAME_ID
from foodplay_widgets.games.coffee_rush.table import CoffeeRushRenderer

register(GAME_ID, CoffeeRushRenderer())
register_editor(GAME_ID, MoveBuilder)
