"""The next step drawn ahead: while the learner reads a step, the kernel draws what the step
after it shows (the table, the explanation...), so that Next finds it ready (a prefetch).

    ahead = DrawAhead({"table": draw_table, "explanation": draw_explanation})
    ahead.later(ctx, version)          # in a kernel: draw ctx's next step on the event loop
    html = ahead.take("table", ctx, version)   # drawn for ctx's step, or None

A drawing is kept under the step (and whether it was the last one played), seat, language and
mode it was drawn for, and the app's version of the record (`version`: anything that changes
when the moves may have changed other than by growing), so a drawing is used only for exactly
the step it shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

from foodplay_widgets.app.context import Context
from foodplay_widgets.app.guard import Guard, unguarded

AHEAD_DELAY = 0.05  # s after a step is drawn: the page draws its reply first


def _key(ctx: Context, version: Hashable) -> tuple:
    # whether the step is the last one played: play mode offers moves only there
    return (id(ctx.timeline), version, ctx.cursor, ctx.at_present, ctx.seat, ctx.lang, ctx.mode,
            ctx.learner)


class DrawAhead:
    """Drawings of the step after the one shown, made on the kernel's event loop."""

    def __init__(self, drawers: dict[str, Callable[[Context], Any]], guard: Guard = unguarded):
        self.drawers = drawers
        self.guard = guard
        self._ready: dict[str, tuple[tuple, Any]] = {}
        self._pending: asyncio.TimerHandle | None = None
        self._pending_key: tuple | None = None
        self.drawn = 0  # steps drawn ahead (tests read it)

    def take(self, name: str, ctx: Context, version: Hashable) -> Any | None:
        """What was drawn ahead as `name` for `ctx`'s step (taken: it is given once), or None."""
        kept = self._ready.get(name)
        if kept is None or kept[0] != _key(ctx, version):
            return None
        del self._ready[name]
        return kept[1]

    def later(self, ctx: Context, version: Hashable) -> None:
        """Draw the step after `ctx`'s on the running event loop, shortly (nothing if there
        is no next step or no running loop). A step already drawn or waiting to be drawn stays
        as it is: a redraw that does not move the step (the end of the bots' game) keeps it."""
        ahead = replace(ctx, at=ctx.cursor + 1)
        key = _key(ahead, version)
        if key == self._pending_key or any(kept[0] == key for kept in self._ready.values()):
            return
        if self._pending is not None:
            self._pending.cancel()
            self._pending, self._pending_key = None, None
        if ctx.cursor >= ctx.timeline.last:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pending = loop.call_later(AHEAD_DELAY, self.guard(self.draw), ahead, version)
        self._pending_key = key

    def draw(self, ctx: Context, version: Hashable) -> None:
        """Draw `ctx`'s step now with each drawer, and keep the drawings for `take`."""
        self._pending, self._pending_key = None, None
        if ctx.cursor > ctx.timeline.last:
            return
        key = _key(ctx, version)
        self._ready = {name: (key, draw(ctx)) for name, draw in self.drawers.items()}
        self.drawn += 1
