"""BURG's UI: its table (table.py) drawn from its cards (cards.py), registered for `burg`."""

from foodplay_widgets.games.burg.table import BurgRenderer
from foodplay_widgets.renderers import register

register("burg", BurgRenderer())
