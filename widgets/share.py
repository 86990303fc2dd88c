"""Share the current position as a deep link, and download the game record as JSON."""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping

import ipywidgets as widgets

from foodplay.links import Link
from foodplay_widgets.context import Context
from foodplay_widgets.text import esc


def page_url(query: str, env: Mapping[str, str] | None = None) -> str:
    """The full URL of this page with `query`, from the variables Voilà sets in the kernel
    (SERVER_NAME, SERVER_PORT, SCRIPT_NAME, PATH_INFO); a relative '?query' otherwise."""
    env = os.environ if env is None else env
    host, path = env.get("SERVER_NAME", ""), env.get("SCRIPT_NAME", "")
    if not host or not path:
        return f"?{query}"
    request = env.get("VOILA_REQUEST_URL", "")
    scheme = "https" if request.startswith("https:") else "http"
    port = env.get("SERVER_PORT", "")
    default = {"http": "80", "https": "443"}[scheme]
    netloc = host if not port or port == default else f"{host}:{port}"
    return f"{scheme}://{netloc}{path}{env.get('PATH_INFO', '')}?{query}"


def link_for(ctx: Context) -> Link:
    """The Link that reopens exactly what is shown: record, step, seat, language and mode."""
    record = ctx.timeline.record
    return Link(game=record.game, players=record.players, seed=record.seed or 0, record=record,
                step=ctx.cursor, seat=ctx.seat, lang=ctx.lang, mode=ctx.mode)


def download_name(ctx: Context) -> str:
    record = ctx.timeline.record
    tail = f"seed{record.seed}" if record.seed is not None else "example"
    return f"{record.game}-{record.players}p-{tail}.json"


class SharePanel(widgets.VBox):
    """A link to this exact position (updated at every step) and a record download."""

    def __init__(self):
        self.link = widgets.HTML()
        self.link.add_class("fp-share")
        self.download = widgets.HTML()
        self.download.add_class("fp-download-box")
        super().__init__([self.link, self.download])
        self.add_class("fp-share-panel")
        self.url = ""
        self._record_key: tuple | None = None

    def render(self, ctx: Context, env: Mapping[str, str] | None = None) -> None:
        text = ctx.text
        self.url = page_url(link_for(ctx).query(), env)
        label = text.html("ui.share.label")
        self.link.value = (
            f'<div class="fp-share-row"><a class="fp-share-link" href="{esc(self.url)}" '
            f'target="_blank" rel="noopener">{text.html("ui.share.link")}</a> '
            f'<input class="fp-share-url" type="text" readonly aria-label="{label}" '
            f'value="{esc(self.url)}" onfocus="this.select()"></div>')
        record = ctx.timeline.record
        notes = tuple(sorted(getattr(record, "annotations", {}).items()))
        key = (id(record), len(record.moves), ctx.lang, notes)
        if key != self._record_key:  # the data URL is large: resend it only when it changes
            data = base64.b64encode(ctx.timeline.record.dumps().encode("utf-8")).decode()
            self.download.value = (
                f'<a class="fp-download" download="{esc(download_name(ctx))}" '
                f'href="data:application/json;base64,{data}">'
                f'{text.html("ui.share.download")}</a>')
            self._record_key = key
