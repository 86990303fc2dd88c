"""The table view: the seat shown's view of the table as HTML text, drawn by the game's
renderer, with what the last step changed highlighted.

The renderer gives the table in parts (`TableParts`: the title, the middle of the table, one
part per seat...) and each part is an HTML widget of its own, so that a step changes, and the
browser redraws, only the parts whose HTML changed: a widget whose value is assigned the value
it already has sends nothing. The widgets are made once and reused, more made when a table has
more parts (more players), fewer shown when it has fewer.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from foodplay_widgets.context import Context
from foodplay_widgets.pool import Pool, set_children, set_classes
from foodplay_widgets.renderers import PartRow, TableParts, table_parts

EMPTY = TableParts("", "", ())


class PartWidgets:
    """Makes the part widgets of one table: they share one layout and one style model (nothing
    changes either; sizes and margins come from `.fp-table-part`), fewer models to send."""

    def __init__(self):
        self.first: widgets.HTML | None = None

    def __call__(self, _: int = 0) -> widgets.HTML:
        shared = {} if self.first is None else {"layout": self.first.layout,
                                                "style": self.first.style}
        html = widgets.HTML(**shared)
        html.add_class("fp-table-part")
        self.first = self.first or html
        return html


class PartRowBox(widgets.Box):
    """A row of parts (such as the seats' grid): a box of part widgets."""

    def __init__(self, make: PartWidgets):
        self.pool: Pool[widgets.HTML] = Pool(make)
        super().__init__()

    def show(self, row: PartRow) -> None:
        set_classes(self, "fp-table-row", *row.classes.split())
        self.pool.rewind()
        shown = []
        for part in row.parts:
            html = self.pool.take()
            html.value = part
            shown.append(html)
        set_children(self, shown)


class TableView(widgets.VBox):
    """The table, one HTML widget per part in a box (`box`); `render(ctx, before)` redraws
    the parts that changed, and `value` is the whole table as one HTML string."""

    def __init__(self):
        self.box = widgets.Box()
        self.box.add_class("fp-table")
        make = PartWidgets()
        self.parts: Pool[widgets.HTML] = Pool(make)
        self.rows: Pool[PartRowBox] = Pool(lambda _: PartRowBox(make))
        self.shown = EMPTY
        super().__init__([self.box])
        self.add_class("fp-table-panel")

    @property
    def value(self) -> str:
        """The table shown, as one HTML string (the renderer's `table`)."""
        return self.shown.html()

    def part_widgets(self) -> list[widgets.HTML]:
        """The widgets of the parts shown, in reading order."""
        out: list[widgets.HTML] = []
        for child in self.box.children:
            out.extend(child.children if isinstance(child, PartRowBox) else [child])
        return out

    def render(self, ctx: Context, before: dict[str, Any] | None = None) -> None:
        """Draw the view after the cursor's step; `before` is the same seat's view one step
        earlier, so that what changed can be highlighted.

        The renderer may read public, fixed facts of the game from the state (such as the
        component set a record carries); it must still take everything hidden from the view."""
        self.show(table_parts(ctx.renderer, ctx.view(), before, ctx.text, ctx.state))

    def clear(self) -> None:
        """Show no table."""
        self.show(EMPTY)

    def show(self, table: TableParts) -> None:
        """Show `table`: each part's widget gets its HTML; only changed values are sent."""
        set_classes(self.box, "fp-table", *table.classes.split())
        self.parts.rewind()
        self.rows.rewind()
        shown: list[widgets.Widget] = []
        for item in table.items:
            if isinstance(item, PartRow):
                row = self.rows.take()
                row.show(item)
                shown.append(row)
            else:
                html = self.parts.take()
                html.value = item
                shown.append(html)
        set_children(self.box, shown)
        self.shown = table
