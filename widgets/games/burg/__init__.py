"""BURG's UI: its table as HTML, registered for the game id `burg` on import."""

from foodplay_widgets.games.burg import table  # noqa: F401  (registers the renderer)
