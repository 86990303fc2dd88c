"""foodplay's Jupyter layer: ipywidgets components over the engine, composed into apps.

    from foodplay_widgets import App, Gallery, worked_example
    App.from_query(os.environ.get("QUERY_STRING", ""))

Imports flow one way: notebooks -> foodplay_widgets -> foodplay. Names are imported on first
use, so that `python -m foodplay_widgets.serve` does not load ipywidgets. In a Voilà page's
kernel, importing the package keeps widget messages back until the page connects
(`foodplay_widgets.quiet`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from foodplay_widgets import quiet as _quiet

_EXPORTS = {
    "App": "app",
    "Context": "context",
    "ExplanationPanel": "explanation",
    "Gallery": "gallery",
    "LessonPlayer": "lesson_player",
    "MovePanel": "moves",
    "QuizPanel": "quiz_panel",
    "RulebookReader": "explanation",
    "ScoresPanel": "scores",
    "SharePanel": "share",
    "TableView": "table",
    "Teacher": "teacher",
    "TimelineControls": "timeline",
    "example": "lesson",
    "examples": "lesson",
    "load_scenario": "lesson",
    "register": "renderers",
    "renderer_for": "renderers",
    "worked_example": "lesson",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f"foodplay_widgets.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'foodplay_widgets' has no attribute {name!r}")


_quiet.install()
