"""Draws kept by the inputs they were made from, so that a click redraws only what changed.

    drawn = Drawn()
    drawn("table", (step, seat, lang), draw_table, ctx)   # draw_table(ctx), if the key changed
    drawn.clear()                                                  # everything, next time

    links = Debounced(0.6, draw_links)  # links() draws once the calls stop for 0.6 s
"""

from __future__ import annotations

import asyncio
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


class Debounced:
    """`draw()` once calls have stopped for `delay` seconds: each call within the delay puts
    the draw off again (a teacher typing a note redraws the links once, not per key). With no
    delay (None), or outside a running event loop, it draws at once."""

    def __init__(self, delay: float | None, draw: Callable[[], None]):
        self.delay = delay
        self.draw = draw
        self._pending: asyncio.TimerHandle | None = None

    def __call__(self) -> None:
        try:
            loop = asyncio.get_running_loop() if self.delay is not None else None
        except RuntimeError:
            loop = None
        if loop is None:
            self.draw()
            return
        if self._pending is not None:
            self._pending.cancel()
        self._pending = loop.call_later(self.delay, self._fire)

    def _fire(self) -> None:
        self._pending = None
        self.draw()

    @property
    def pending(self) -> bool:
        return self._pending is not None
