"""The stars of finished lessons, kept in the browser's local storage.

Where: ``localStorage["foodplay.lessons/1"]`` of the tutor's origin (for example
http://127.0.0.1:8866), a JSON object ``{"<game>/<lesson id>": stars}`` holding the best score of
every finished lesson. It stays in that browser, across reloads and pages (the gallery and the
lesson menu both read it); clearing the site's data forgets it.

Each lesson also has a key of its own, ``localStorage["foodplay.lessons/1/<game>/<lesson id>"]``
holding its stars, and reading merges both (best score of each lesson). Why: Chromium gives
each tab's renderer a cached copy of the storage and passes writes between renderers a moment
later, so two tabs that save within about 50 ms each read the object without the other's
lesson, and the later write of the whole object drops the other tab's stars (measured: 14 of
20 simultaneous saves in two tabs lost one). A key per lesson is never overwritten by another
lesson's save. The shared object is still written, for the tutor's earlier versions.

How it reaches the kernel: the page runs a few lines of JavaScript (an ``<img>`` whose load
fails runs its ``onerror``, the way the lesson player rewrites the address bar) that copy the
stored stars into a hidden text box; ipywidgets sends the box's value to the kernel, where
`BrowserStore` checks it and calls back. Saving goes the other way: the kernel writes a new
script that merges its stars into storage, keeping the best score of each lesson.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping

import ipywidgets as widgets

from foodplay.teaching.lessons import MIN_STARS, STARS, find
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc

STORAGE_KEY = "foodplay.lessons/1"
LESSON_KEY_PREFIX = STORAGE_KEY + "/"  # + "<game>/<lesson id>": that lesson's stars
_IDS = itertools.count(1)
_NONCE = itertools.count(1)


def valid_stars(raw: object) -> dict[str, int]:
    """The lessons and stars of a stored object that name real lessons and a possible score;
    anything else is dropped (storage is the learner's, and may hold anything)."""
    if not isinstance(raw, Mapping):
        return {}
    stars: dict[str, int] = {}
    for uid, count in raw.items():
        if not (isinstance(uid, str) and isinstance(count, int) and not isinstance(count, bool)
                and MIN_STARS <= count <= STARS):
            continue
        try:
            find(uid)
        except Exception:  # a lesson this tutor does not have (any more)
            continue
        stars[uid] = count
    return stars


class BrowserStore(widgets.HBox):
    """A hidden page-level bridge to ``localStorage``: `on_load(stars)` is called once the
    page has handed the stored stars over; `save(stars)` merges stars into storage."""

    def __init__(self, on_load: Callable[[dict[str, int]], None]):
        self.on_load = on_load
        self.name = f"fp-store-{next(_IDS)}"
        self.loaded: dict[str, int] | None = None
        self.box = classed(widgets.Text(continuous_update=True), "fp-store-sync")
        self.box.add_class(self.name)
        self.script = classed(widgets.HTML(), "fp-store-script")
        self.box.observe(self._received, "value")
        super().__init__([self.box, self.script], layout=widgets.Layout(display="none"))
        self.add_class("fp-store")
        self._run(self._read_js())

    def _run(self, js: str) -> None:
        """Run `js` in the page: a new image each time, whose failing load runs it."""
        self.script.value = (f'<img class="fp-store-run" alt="" hidden data-n="{next(_NONCE)}"'
                             f' src="data:," onerror="{esc(js)}">')

    def _read_js(self) -> str:
        key, prefix = json.dumps(STORAGE_KEY), json.dumps(LESSON_KEY_PREFIX)
        return ("(function f(n){var i=document.querySelector(" + json.dumps(f".{self.name} input")
                + ");if(!i){if(n<100){setTimeout(function(){f(n+1)},100)}return}"
                "var v='{}';try{var s={};try{s=JSON.parse(localStorage.getItem(" + key + ")||'{}')"
                "||{}}catch(e){}for(var j=0;j<localStorage.length;j++){var k=localStorage.key(j);"
                "if(k.indexOf(" + prefix + ")===0){var c=Number(localStorage.getItem(k));"
                "var u=k.slice(" + prefix + ".length);if(c>0&&!(s[u]>=c)){s[u]=c}}}"
                "v=JSON.stringify(s)}catch(e){}"
                "i.value=v;i.dispatchEvent(new Event('input',{bubbles:true}));"
                "i.dispatchEvent(new Event('change',{bubbles:true}))})(0)")

    def _received(self, change: dict) -> None:
        try:
            raw = json.loads(change["new"] or "{}")
        except ValueError:
            raw = {}
        self.loaded = valid_stars(raw)
        self.on_load(dict(self.loaded))

    def receive(self, raw: str) -> None:
        """What the page does on load (tests call it): hand the stored text to the kernel."""
        self.box.value = raw

    def save(self, stars: Mapping[str, int]) -> None:
        """Merge `stars` into the browser's storage, keeping each lesson's best score."""
        new = json.dumps(valid_stars(stars), sort_keys=True)
        key, prefix = json.dumps(STORAGE_KEY), json.dumps(LESSON_KEY_PREFIX)
        self._run("try{var a=" + new + ";for(var k in a){var p=" + prefix + "+k;"
                  "if(!(Number(localStorage.getItem(p))>=a[k])){localStorage.setItem(p,a[k])}}"
                  "var s={};try{s=JSON.parse(localStorage.getItem(" + key + ")||'{}')||{}}"
                  "catch(e){}for(var k in a){if(!(s[k]>=a[k])){s[k]=a[k]}}"
                  "localStorage.setItem(" + key + ",JSON.stringify(s))}catch(e){}")
