"""What the last step changed: the table renderers mark the parts of a view that differ."""

from __future__ import annotations

from typing import Any

from foodplay_widgets.text import Text


def get_path(view: dict[str, Any] | None, *path: Any) -> Any:
    """The value at `path` in a view, or None where the path does not exist."""
    value: Any = view
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


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
        if not self.changed(*path):
            return ""
        return f'<span class="fp-sr"> {self.text.html("ui.changed")}</span>'
