"""A game's move editor, built the first time play mode needs it.

Editors (Coffee Rush's move builder, Cuisine a la Card's dish builder, Food Truck's pile order)
take the learner's own decisions, so watch mode never shows them; built with the app, they were
about 30 of an app's 160 to 200 widget models for the page to fetch and build before its first
paint. The slot stands in the move panel from the start and holds the editor once it is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from foodplay_widgets.app.context import Context
from foodplay_widgets.app.renderers import MoveEditor
from foodplay_widgets.serving.lean import shared_styles


class EditorSlot(widgets.VBox):
    """The move panel's place for a game's editor; `make()` builds it on first use (play mode,
    or a caller asking for `editor`). It shows as its editor does."""

    def __init__(self, make: Callable[[], MoveEditor]):
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("fp-editor-slot")
        self._make = make
        self._editor: Any = None

    @property
    def built(self) -> bool:
        return self._editor is not None

    @property
    def editor(self) -> Any:
        """The editor, made now if it was not yet."""
        if self._editor is None:
            with shared_styles():  # as if made with the app: one style model per kind
                self._editor = self._make()
            self.children = [self._editor]
        return self._editor

    def render(self, ctx: Context) -> bool | frozenset[str]:
        """The editor's own render (see MoveEditor); nothing to draw in watch mode before the
        editor exists: it would not apply."""
        if self._editor is None and ctx.mode != "play":
            return False
        taken = self.editor.render(ctx)
        self.layout.display = self._editor.layout.display
        return taken

    def show_hint(self, move: Any) -> None:
        """Mark the editor's control for a hinted move, if the editor has such a control."""
        mark = getattr(self._editor, "show_hint", None)
        if mark is not None:
            mark(move)
