"""BURG's UI: its table (table.py) drawn from its cards (cards.py), registered for `burg`."""

from foodplay_widgets.app.renderers import register
from foodplay_widgets.games.burg.table import BurgRenderer

register("burg", BurgRenderer())
