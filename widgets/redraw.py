"""Draws kept by the inputs they were made from, so that a click redraws only what changed.

    drawn = Drawn()
    drawn("table", (step, seat, lang), draw_table, ctx)   # draw_table(ctx), if the key changed
    drawn.clear()                                                  # everything, next time
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any


class Drawn:
    """The key each named part was last drawn from; calling draws a part whose key changed.
    A draw that raises is tried again next time (its old key is forgotten first)."""

    def __init__(self):
        self._keys: dict[str, Hashable] = {}

    def __call__(self, name: str, key: Hashable, draw: Callable[..., None], *args: Any) -> bool:
        """`draw(*args)` if `key` differs from the one `name` was last drawn from; True if
        drawn."""
        if name in self._keys and self._keys[name] == key:
            return False
        self._keys.pop(name, None)
        draw(*args)
        self._keys[name] = key
        return True

    def clear(self) -> None:
        """Forget every key: each part is drawn at its next call."""
        self._keys.clear()
