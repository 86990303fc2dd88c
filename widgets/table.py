"""The table view: the seat shown's view of the table as HTML text, drawn by the game's
renderer, with what the last step changed highlighted."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from foodplay_widgets.context import Context


class TableView(widgets.VBox):
    """An HTML widget holding the table; `render(ctx, before)` redraws it."""

    def __init__(self):
        self.html = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.html.add_class("fp-table")
        super().__init__([self.html])
        self.add_class("fp-table-panel")

    def render(self, ctx: Context, before: dict[str, Any] | None = None) -> None:
        """Draw the view after the cursor's step; `before` is the same seat's view one step
        earlier, so that what changed can be highlighted.

        A renderer that needs public, fixed facts of the game (such as the component set a
        record carries) may define `table_with_state(view, before, text, state)`; it must
        still take everything hidden from `view` only."""
        renderer = ctx.renderer
        with_state = getattr(renderer, "table_with_state", None)
        if with_state is not None:
            self.html.value = with_state(ctx.view(), before, ctx.text, ctx.state)
        else:
            self.html.value = renderer.table(ctx.view(), before, ctx.text)
