"""What a widget says, kept as a function of the language, so that a switch of the Language menu
says the same thing again in the new language instead of leaving it in the old one (or wiping
it): a refusal shown, a hint, an editor's "moved to place 3"."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from foodplay_widgets.text import Text

Words = Callable[[Text], str]  # the HTML a widget shows, in a language


class Worded:
    """An HTML widget's words, drawn from `words(text)`: `say` shows them now, `redraw` again in
    `text`'s language (nothing if nothing is said), `clear` empties the widget."""

    def __init__(self, widget: widgets.HTML):
        self.widget = widget
        self.words: Words | None = None

    def say(self, words: Words, text: Text) -> None:
        self.words = words
        self._show(words(text))

    def clear(self) -> None:
        self.words = None
        self._show("")

    def redraw(self, text: Text) -> None:
        if self.words is not None:
            self._show(self.words(text))

    def _show(self, value: str) -> None:
        if self.widget.value != value:
            self.widget.value = value
