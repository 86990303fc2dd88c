"""What the last step changed: the table renderers mark the parts of a view that differ."""

from __future__ import annotations

from typing import Any

from foodplay_widgets.text import Text, esc


def get_path(view: dict[str, Any] | None, *path: Any) -> Any:
    """The value at `path` in a view, or None where the path does not exist."""
    value: Any = view
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def changed_mark(text: Text) -> str:
    """Words for a screen reader: the highlight's colour alone says nothing to them."""
    return f'<span class="fp-sr"> {text.html("ui.changed")}</span>'


def seat_row(label: str, body: str, changed: bool, text: Text,
             classes: str = "fp-seat-row") -> str:
    """One row of a seat's list: its `label` (plain text) and `body` (HTML), highlighted and
    marked for a screen reader when it `changed` at the last step."""
    cls, mark = (" fp-changed", changed_mark(text)) if changed else ("", "")
    return f'<div class="{classes}{cls}"><dt>{esc(label)}{mark}</dt><dd>{body}</dd></div>'


class ViewDiff:
    """Compares parts of a view with the view one step earlier; changed parts get fp-changed."""

    def __init__(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text):
        self.view, self.before, self.text = view, before, text

    def changed(self, *path: Any) -> bool:
        return self.before is not None and get_path(self.before, *path) != get_path(self.view,
                                                                                    *path)

    def cls(self, *path: Any) -> str:
        return " fp-changed" if self.changed(*path) else ""

    def mark(self, *path: Any) -> str:
        """Words for a screen reader: the highlight's colour alone says nothing to them."""
        return changed_mark(self.text) if self.changed(*path) else ""

    def seat_row(self, label: str, body: str, s: int, *fields: str,
                 classes: str = "fp-seat-row") -> str:
        """Seat `s`'s row (`seat_row`), highlighted if any of its `fields` changed."""
        changed = any(self.changed("seats", s, field) for field in fields)
        return seat_row(label, body, changed, self.text, classes)
