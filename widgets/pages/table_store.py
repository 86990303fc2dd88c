"""A game at the table, kept in the browser's local storage, so that a reload, a closed tab or
a dead kernel loses none of the entries.

Where: ``localStorage["foodplay.table/1/<game key>"]`` of the tutor's origin, one key per table
game (a key per game, as the teacher's notes do: two tabs never overwrite each other's game).
The game key is made when the game starts. The value is JSON:
``{"record": <the record, as a saved file holds it>, "lang": "fr", "saved": <ms since 1970>}``.
At most KEPT_GAMES games are kept; the oldest go first.

The kernel writes the whole record after each accepted entry, undo or correction (a record of
a table game is a few kilobytes). When the page opens, a script hands every stored game to the
kernel through a hidden text box (the way lesson stars come in, see stars.py); `on_load` gets
the newest one that still opens (anything malformed is dropped: storage may hold anything).
"""

from __future__ import annotations

import itertools
import json
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from foodplay.record import Record
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc

PREFIX = "foodplay.table/1/"
KEPT_GAMES = 10
_IDS = itertools.count(1)
_NONCE = itertools.count(1)


def new_key() -> str:
    """A fresh key for a game started now."""
    return secrets.token_hex(8)


def stored_games(raw: object) -> list[tuple[str, Record, str, int]]:
    """The stored games that still open, newest first: (key, record, language, saved ms)."""
    if not isinstance(raw, dict):
        return []
    games = []
    for key, entry in raw.items():
        if not (isinstance(key, str) and len(key) <= 40 and isinstance(entry, dict)):
            continue
        try:
            record = Record.from_json(entry.get("record"))
        except Exception:  # noqa: BLE001 - anything the storage holds that is not a record
            continue
        lang = entry.get("lang") if isinstance(entry.get("lang"), str) else "en"
        saved = entry.get("saved") if isinstance(entry.get("saved"), int) else 0
        games.append((key, record, lang, saved))
    return sorted(games, key=lambda g: -g[3])


class TableStore(widgets.HBox):
    """The hidden bridge to the browser's storage: `keep(key, record, lang)` writes a game;
    `on_load(games)` is called once with the stored games (see `stored_games`)."""

    def __init__(self, on_load: Callable[[list[tuple[str, Record, str, int]]], None]):
        self.on_load = on_load
        self.name = f"fp-table-store-{next(_IDS)}"
        self.box = classed(widgets.Text(continuous_update=True), "fp-table-store-sync")
        self.box.add_class(self.name)
        self.script = classed(widgets.HTML(), "fp-table-store-script")
        self.loaded = False
        self.writes = 0
        self.box.observe(self._received, "value")
        super().__init__([self.box, self.script], layout=widgets.Layout(display="none"))
        self.add_class("fp-table-store")
        self._run(self._read_js())

    def _run(self, js: str) -> None:
        """Run `js` in the page: a new image each time, whose failing load runs it."""
        self.script.value = (f'<img class="fp-table-store-run" alt="" hidden '
                             f'data-n="{next(_NONCE)}" src="data:," onerror="{esc(js)}">')

    def _read_js(self) -> str:
        prefix = json.dumps(PREFIX)
        return ("(function f(n){var i=document.querySelector(" + json.dumps(f".{self.name} input")
                + ");if(!i){if(n<100){setTimeout(function(){f(n+1)},100)}return}var a={};"
                "try{for(var j=0;j<localStorage.length;j++){var k=localStorage.key(j);"
                "if(k.indexOf(" + prefix + ")===0){try{a[k.slice(" + prefix + ".length)]="
                "JSON.parse(localStorage.getItem(k))}catch(e){}}}}catch(e){}"
                "i.value=JSON.stringify(a);i.dispatchEvent(new Event('input',{bubbles:true}));"
                "i.dispatchEvent(new Event('change',{bubbles:true}))})(0)")

    def _received(self, change: dict) -> None:
        if self.loaded:
            return
        self.loaded = True
        try:
            raw: Any = json.loads(change["new"] or "{}")
        except ValueError:
            raw = {}
        self.on_load(stored_games(raw))

    def receive(self, raw: str) -> None:
        """What the page does on load (tests call it): hand the stored games to the kernel."""
        self.box.value = raw

    def keep(self, key: str, record: Record, lang: str) -> None:
        """Write the game `key` (its whole record); the oldest games go past KEPT_GAMES."""
        self.writes += 1
        value = json.dumps({"record": record.to_json(), "lang": lang}, ensure_ascii=False)
        self._run("try{var v=" + value + ";v.saved=Date.now();var p=" + json.dumps(PREFIX)
                  + ";localStorage.setItem(p+" + json.dumps(key) + ",JSON.stringify(v));"
                  "var e=[];for(var j=0;j<localStorage.length;j++){var q=localStorage.key(j);"
                  "if(q.indexOf(p)===0){var w=0;try{w=JSON.parse(localStorage.getItem(q)).saved"
                  "||0}catch(x){}e.push([w,q])}}e.sort(function(a,b){return b[0]-a[0]});"
                  "e.slice(" + str(KEPT_GAMES) + ").forEach(function(x){"
                  "localStorage.removeItem(x[1])})}catch(e){}")

    def forget(self, key: str) -> None:
        """Remove the game `key` from storage (the table finished with it)."""
        self._run("try{localStorage.removeItem(" + json.dumps(PREFIX + key) + ")}catch(e){}")
