"""The app's message box: problems with a link or a file, and unexpected errors, in words."""

from __future__ import annotations

import ipywidgets as widgets

from foodplay_widgets.text import Text, esc


class MessageBox(widgets.HTML):
    """The messages to show, as (kind, text) in order, drawn as one alert; hidden when empty."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("fp-messages")
        self.items: list[tuple[str, str]] = []

    @property
    def texts(self) -> list[str]:
        return [t for _, t in self.items]

    def add(self, kind: str, texts: list[str]) -> None:
        """Add `texts` of `kind` ("problem", "error"...); drawn by the next `draw`."""
        self.items += [(kind, t) for t in texts]

    def clear(self) -> None:
        self.items = []

    def draw(self, text: Text) -> None:
        """Show the messages in `text`'s language (the box's title), or hide the box."""
        if not self.items:
            self.value = ""
            self.layout.display = "none"
            return
        items = "".join(f'<li class="fp-msg fp-msg-{esc(kind)}">{esc(t)}</li>'
                        for kind, t in self.items)
        self.value = (f'<div class="fp-message-box" role="alert">'
                      f'<p class="fp-message-title">{text.html("ui.messages.title")}</p>'
                      f"<ul>{items}</ul></div>")
        self.layout.display = ""
