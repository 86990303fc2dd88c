"""foodplay's Jupyter layer: ipywidgets components over the engine, composed into apps.

    from foodplay_widgets import App, Gallery, worked_example
    App.from_query(os.environ.get("QUERY_STRING", ""))

Imports flow one way: notebooks -> foodplay_widgets -> foodplay. Names are imported on first
use, so that `python -m foodplay_widgets.serving.serve` does not load ipywidgets. In a Voilà page's
kernel, importing the package keeps widget messages back until the page connects
(`foodplay_widgets.serving.quiet`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from foodplay_widgets.serving import quiet as _quiet

_EXPORTS = {
    "App": "app.tutor",
    "Context": "app.context",
    "ExplanationPanel": "app.explanation",
    "Gallery": "pages.gallery",
    "LessonPlayer": "pages.lesson_player",
    "MovePanel": "app.moves",
    "QuizPanel": "pages.quiz_panel",
    "RulebookReader": "app.explanation",
    "ScoresPanel": "app.scores",
    "SharePanel": "app.share",
    "TableView": "app.table",
    "Teacher": "pages.teacher",
    "TimelineControls": "app.timeline",
    "example": "pages.worked_examples",
    "examples": "pages.worked_examples",
    "load_scenario": "pages.worked_examples",
    "register": "app.renderers",
    "renderer_for": "app.renderers",
    "worked_example": "pages.worked_examples",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(import_module(f"foodplay_widgets.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'foodplay_widgets' has no attribute {name!r}")


_quiet.install()
