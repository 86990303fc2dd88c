"""The table view: the seat shown's view of the table as HTML text, drawn by the game's
renderer, with what the last step changed highlighted.

The table is sent in one message: in an app, together with the explanation and the counter,
through the app's portal (portal.py). The renderer draws it in parts (`TableParts`) and keeps
the parts that did not change (`KeptParts`), which saves the kernel the work of drawing them
again; the portal carries the parts with their frame, and the page parses again only the
parts that changed. (The table used to be one widget per part; but each message costs the
page about a millisecond on its way, whatever its size: scripts/bench_app.py measures the
click.)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from foodplay_widgets.app.context import Context
from foodplay_widgets.app.portal import Part, Portal, html_holder
from foodplay_widgets.app.renderers import TableParts, table_parts

EMPTY = TableParts("", "", ())


class TableView(widgets.VBox):
    """The table as one HTML widget (`html`); `render(ctx, before)` draws it for the step
    shown, and `value` is its HTML. With a `portal`, `html` is the portal's part "table" and
    the panel shows its slot (portal.py: one message for the parts every step changes)."""

    def __init__(self, portal: Portal | None = None):
        self.html, shown = html_holder(portal, "table", "fp-table")
        self.shown = EMPTY
        super().__init__([shown])
        self.add_class("fp-table-panel")

    @property
    def value(self) -> str:
        """The table shown, as one HTML string (the renderer's `table`)."""
        return self.html.value

    def render(self, ctx: Context, before: dict[str, Any] | None = None) -> None:
        """Draw the view after the cursor's step; `before` is the same seat's view one step
        earlier, so that what changed can be highlighted."""
        self.show(self.parts_for(ctx, before))

    @staticmethod
    def parts_for(ctx: Context, before: dict[str, Any] | None) -> TableParts:
        """The table for `ctx`'s step. The renderer may read public, fixed facts of the game
        from the state (such as the component set a record carries); it must still take
        everything hidden from the view."""
        return table_parts(ctx.renderer, ctx.view(), before, ctx.text, ctx.state)

    def clear(self) -> None:
        """Show no table."""
        self.show(EMPTY)

    def show(self, table: TableParts) -> None:
        """Show `table`; an unchanged table sends nothing. Through a portal, the table goes in
        its pieces, so that the page parses again only those that changed."""
        if isinstance(self.html, Part):
            self.html.pieces = table.framed
        self.html.value = table.html()
        self.shown = table
