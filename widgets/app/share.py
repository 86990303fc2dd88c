"""Share the current position as a deep link, and download the game record as JSON, behind
a toggle button."""

from __future__ import annotations

import base64

import ipywidgets as widgets

from foodplay.links import SHARE_CHARS, Link, encode_record, too_long_to_share
from foodplay.record import Record
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc


def page_url(query: str) -> str:
    """This page with `query`, as a relative address ('?query'). The browser resolves it
    against the page's own address, so scheme, host and base URL (Binder's /user/<name>/) stay."""
    return f"?{query}"


def sibling_url(notebook: str, query: str) -> str:
    """Another notebook served beside this page, with `query`, as a relative address."""
    return f"{notebook}?{query}"


# The copy box shows the full address. Only the browser knows it (behind a proxy the kernel
# sees another scheme, host and path), so it is read from the link's resolved `href`: at once,
# by an <img> whose load fails (a script tag would not run in a widget), and again on focus.
_FILL_FULL_URL = ("var row = this.parentNode; "
                  "row.querySelector('input').value = row.querySelector('a').href")


def link_row_html(href: str, css: str, text_html: str, label_html: str,
                  new_tab: bool = True) -> str:
    """A link to a relative `href` and a read-only box with its full address, to copy."""
    target = ' target="_blank" rel="noopener"' if new_tab else ""
    return (f'<div class="fp-share-row"><a class="{css}" href="{esc(href)}"{target}>'
            f'{text_html}</a> <input class="fp-share-url" type="text" readonly '
            f'aria-label="{label_html}" value="{esc(href)}" '
            f'onfocus="this.value = this.previousElementSibling.href; this.select()">'
            f'<img class="fp-full-url" alt="" hidden src="data:," '
            f'onerror="{esc(_FILL_FULL_URL)}"></div>')


def too_long_html(css: str, text_html: str) -> str:
    """What stands in place of a link too long to hand out: why, and what to do instead."""
    return f'<p class="{css} fp-link-too-long" role="status">{text_html}</p>'


def link_for(ctx: Context) -> Link:
    """The Link that reopens exactly what is shown: record, step, seat, language and mode."""
    record = ctx.timeline.record
    return Link(game=record.game, players=record.players, seed=record.seed or 0, record=record,
                step=ctx.cursor, seat=ctx.seat, lang=ctx.lang, mode=ctx.mode)


def download_name(ctx: Context) -> str:
    record = ctx.timeline.record
    tail = f"seed{record.seed}" if record.seed is not None else "example"
    return f"{record.game}-{record.players}p-{tail}.json"


class RecordCode:
    """A record compressed for links, once per version of it: its identity, its number of
    moves, its notes and `version` (whatever else says the moves may have changed, such as
    an undo). Calling gives (that version, the compressed record)."""

    def __init__(self):
        self._code: tuple[tuple, str] | None = None
        self.encodings = 0  # how many times a record was compressed (tests check the cache)

    def __call__(self, record: Record, version: object) -> tuple[tuple, str]:
        notes = tuple(sorted(getattr(record, "annotations", {}).items()))
        key = (id(record), len(record.moves), version, notes)
        if self._code is None or self._code[0] != key:
            self._code = (key, encode_record(record))
            self.encodings += 1
        return self._code


class SharePanel(widgets.VBox):
    """A link to this exact position and a record download, behind a toggle button. Closed,
    it only keeps the step shown: a step sends the page nothing for it (a link row is a
    3 kB message). Open, the link follows every step. `url` is the link either way.

    The record is compressed for the link and encoded for the download once per version of
    the record: a step, seat or language only rewrites the link's short parameters."""

    def __init__(self, guard: Guard = unguarded):
        self.toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(
            width="auto", align_self="flex-start"))
        self.toggle.add_class("fp-share-toggle")
        self.link = classed(widgets.HTML(), "fp-share")
        self.download = classed(widgets.HTML(), "fp-download-box")
        self.body = widgets.VBox([self.link, self.download],
                                 layout=widgets.Layout(display="none"))
        self.body.add_class("fp-share-body")
        super().__init__([self.toggle, self.body])
        self.add_class("fp-share-panel")
        self.toggle.observe(guard(self._toggled), "value")
        self._shown: tuple[Context, object] | None = None  # the step shown, and its version
        self._record_key: tuple | None = None  # the record the download was made from
        self._code = RecordCode()

    @property
    def encodings(self) -> int:
        """How many times the record was compressed (tests check the cache)."""
        return self._code.encodings

    @property
    def url(self) -> str:
        """The link to the step shown (relative), whether or not the panel is open."""
        if self._shown is None:
            return ""
        ctx, version = self._shown
        return page_url(link_for(ctx).query(self._code(ctx.timeline.record, version)[1]))

    def render(self, ctx: Context, version: object = None) -> None:
        """Show `ctx`'s step. `version` changes whenever the record's moves may have changed
        other than by growing (an undo, a new game): with its identity and length, it says
        when the record must be encoded again."""
        self._shown = (ctx, version)
        text = ctx.text
        opened = self.toggle.value
        self.toggle.description = text("ui.share.close" if opened else "ui.share.link")
        self.toggle.tooltip = text("ui.share.open_tip")
        self.body.layout.display = "" if opened else "none"
        if opened:
            self._draw(ctx, version)

    def _toggled(self, _: dict) -> None:
        if self._shown is not None:
            self.render(*self._shown)

    def _draw(self, ctx: Context, version: object) -> None:
        """The link row and the download for the step shown (`render` keeps it first)."""
        text = ctx.text
        record = ctx.timeline.record
        record_key = self._code(record, version)[0]
        url = self.url
        if too_long_to_share(url):  # no server on the way would open it: the download only
            self.link.value = too_long_html("fp-share-too-long", text.html(
                "ui.share.too_long", count=len(url), limit=SHARE_CHARS))
        else:
            self.link.value = link_row_html(url, "fp-share-link", text.html("ui.share.open_tab"),
                                            text.html("ui.share.label"))
        key = (*record_key, ctx.lang)
        if key != self._record_key:  # the data URL is large: resend it only when it changes
            data = base64.b64encode(record.dumps().encode("utf-8")).decode()
            self.download.value = (
                f'<a class="fp-download" download="{esc(download_name(ctx))}" '
                f'href="data:application/json;base64,{data}">'
                f'{text.html("ui.share.download")}</a>')
            self._record_key = key
