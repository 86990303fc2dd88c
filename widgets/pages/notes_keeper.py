"""A teacher's notes: what a note may be (`note_problem`: what a saved game and a class link
can hold), and the notes kept in the browser's local storage too, so that a reload or a dead
kernel loses none of them.

Where: ``localStorage["foodplay.notes/1/<game key>"]`` of the tutor's origin, one key per game
(a key per game, not one object for all: Chromium passes writes between tabs a moment late, and
a shared object written whole by two tabs loses one tab's part, as lesson stars did). The game
key is a hash of the record without its notes (game, players, set-up, moves), so that the same
address, or the same saved file, finds its notes again. The value is JSON:
``{"notes": {"<step>": text}, "base": <hash of the notes the game was opened with>,
"saved": <ms since 1970>}``. At most KEPT_GAMES games are kept; the oldest go first.

Two writers, so that nothing typed is lost even once the kernel is gone:
- the page itself: a listener on the note box writes the step's note at each key, in the
  browser (installed once by the first script below; it needs no kernel). It reads the game key,
  the step and the longest note from a hidden marker the kernel draws (`.fp-notes-keeper`);
- the kernel: after a note is removed, a game opened, or typing pauses, it writes the game's
  whole notes (`keep`), and the step being typed from the note box as it is in the page.

Reading: when a game is shown, a script hands that game's stored entry to the kernel through a
hidden text box (the way lesson stars come in, see foodplay_widgets.pages.stars); `on_restore`
gets it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import re
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from foodplay import limits
from foodplay.record import MAX_ANNOTATION, Record
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc

PREFIX = "foodplay.notes/1/"
KEPT_GAMES = 30
_IDS = itertools.count(1)
_NONCE = itertools.count(1)


SURROGATE = re.compile("[\ud800-\udfff]")  # half a character: no file can hold it


def note_problem(record: Record, step: int, text: str,
                 bare_bytes: int | None = None) -> tuple[str, dict[str, Any]] | None:
    """Why `text` cannot be the note on `step` of `record`, as a message (key, params), or None
    if the saved game and the class link would still open with it. `bare_bytes`: the size of
    the record without notes, when the caller knows it (it costs a dump of the record)."""
    if len(text) > MAX_ANNOTATION:
        return "ui.teacher.note_too_long", {"count": len(text), "limit": MAX_ANNOTATION,
                                            "over": len(text) - MAX_ANNOTATION, "step": step}
    found = SURROGATE.search(text)
    if found:
        return "ui.teacher.note_bad_char", {"code": f"U+{ord(found.group()):04X}", "step": step}
    notes = {k: v for k, v in record.annotations.items() if k != step}
    if text.strip():
        notes[step] = text
    if record_bytes(record, notes, bare_bytes) > limits.RECORD_BYTES:
        return "ui.teacher.notes_too_big", {"limit": limits.RECORD_BYTES // 1_000_000,
                                            "step": step}
    return None


def record_bytes(record: Record, notes: Mapping[int, str], bare: int | None = None) -> int:
    """The size in bytes of the download of `record` with `notes` (as Record.dumps writes it),
    or a bound above it when that is well under the limit (a note's character takes at most
    6 bytes in JSON: `\\u001f`)."""
    bare = bare if bare is not None else len(
        dataclasses.replace(record, annotations={}).dumps().encode("utf-8"))
    bound = bare + 32 + sum(6 * len(text) + 24 for text in notes.values())
    if bound <= limits.RECORD_BYTES:
        return bound
    return len(dataclasses.replace(record, annotations=dict(notes)).dumps().encode("utf-8"))


def game_key(record: Record) -> str:
    """The storage key's game part: the record without its notes, hashed."""
    data = record.to_json()
    data.pop("annotations", None)
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def notes_hash(notes: Mapping[int, str]) -> str:
    """A short hash of a set of notes (the notes a game was opened with)."""
    raw = json.dumps({str(k): v for k, v in sorted(notes.items())}, ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def stored_notes(raw: object, last_step: int) -> tuple[dict[int, str], str | None]:
    """The notes and base hash of a stored entry; anything malformed is dropped (storage is the
    browser's, and may hold anything). Steps outside the game are dropped too."""
    if not isinstance(raw, Mapping):
        return {}, None
    notes = raw.get("notes")
    base = raw.get("base")
    found: dict[int, str] = {}
    for key, text in (notes.items() if isinstance(notes, Mapping) else ()):
        if isinstance(key, str) and key.isascii() and key.isdecimal() and len(key) <= 9 \
                and int(key) <= last_step and isinstance(text, str) and text.strip():
            found[int(key)] = text
    return found, base if isinstance(base, str) else None


# The page's own writer: one listener for the whole page, kept on `window` (it outlives the
# kernel). It writes the note box's text for the step the marker names, within the limit.
_LISTENER_JS = """if(!window.fpNotesKeeper){window.fpNotesKeeper=function(notes,marker){
var d=marker.dataset,k=PREFIX+d.key,s={};try{s=JSON.parse(localStorage.getItem(k)||'{}')||{}}
catch(x){}if(notes){s.notes=notes;s.base=d.base}if(!s.notes){s.notes={}}if(!s.base){s.base=d.base}
var t=document.querySelector('.fp-teacher-note-input textarea');
if(t&&t.value.length<=Number(d.max)){if(t.value.trim()){s.notes[d.step]=t.value}
else{delete s.notes[d.step]}}s.saved=Date.now();var v=JSON.stringify(s);
for(var n=0;n<=KEPT;n++){try{localStorage.setItem(k,v);return true}catch(x){}
var o=null,a=Infinity;for(var j=0;j<localStorage.length;j++){var q=localStorage.key(j);
if(q.indexOf(PREFIX)===0&&q!==k){var w=0;try{w=JSON.parse(localStorage.getItem(q)).saved||0}
catch(x){}if(w<a){a=w;o=q}}}if(o===null){return false}localStorage.removeItem(o)}
return false};
window.fpNotesPrune=function(){var e=[];for(var j=0;j<localStorage.length;j++){
var q=localStorage.key(j);if(q.indexOf(PREFIX)===0){var w=0;try{w=JSON.parse(
localStorage.getItem(q)).saved||0}catch(x){}e.push([w,q])}}e.sort(function(a,b){return b[0]-a[0]});
e.slice(KEPT).forEach(function(p){localStorage.removeItem(p[1])})};
document.addEventListener('input',function(ev){var t=ev.target;
if(!t||!t.closest||!t.closest('.fp-teacher-note-input'))return;
var m=document.querySelector('.fp-notes-keeper');if(m){try{window.fpNotesKeeper(null,m)}catch(x){}}
},true)}""".replace("\n", "").replace("PREFIX", json.dumps(PREFIX)) \
    .replace("KEPT", str(KEPT_GAMES))


class NotesKeeper(widgets.HBox):
    """The hidden bridge between a Teacher and the browser's storage for its notes.

    `show(record, step, base, max_chars)` draws the marker the page's listener reads (and, for a
    game not read yet, reads its stored entry); `keep(notes)` writes the whole notes;
    `on_restore(notes, base)` is called with what the browser had for the game shown."""

    def __init__(self, on_restore: Callable[[dict[int, str], str | None], None]):
        self.on_restore = on_restore
        self.name = f"fp-notes-{next(_IDS)}"
        self.box = classed(widgets.Text(continuous_update=True), "fp-notes-sync")
        self.box.add_class(self.name)
        self.marker = classed(widgets.HTML(), "fp-notes-marker")
        self.script = classed(widgets.HTML(), "fp-notes-script")
        self.key: str | None = None  # the game shown
        self.last_step = 0
        self.read: set[str] = set()  # games whose stored entry came in: writes may follow
        self.box.observe(self._received, "value")
        super().__init__([self.box, self.marker, self.script],
                         layout=widgets.Layout(display="none"))
        self.add_class("fp-notes-store")

    def _run(self, js: str) -> None:
        """Run `js` in the page: a new image each time, whose failing load runs it."""
        self.script.value = (f'<img class="fp-notes-run" alt="" hidden data-n="{next(_NONCE)}"'
                             f' src="data:," onerror="{esc(js)}">')

    def show(self, key: str, last_step: int, step: int, base: str, max_chars: int,
             lang: str) -> None:
        """Publish the game and step shown (the page's listener writes there); read the game's
        stored notes the first time it is shown."""
        self.last_step = last_step
        value = (f'<span class="fp-notes-keeper" lang="{esc(lang)}" data-key="{esc(key)}" '
                 f'data-step="{step}" data-base="{esc(base)}" data-max="{max_chars}"></span>')
        if self.marker.value != value:
            self.marker.value = value
        if key != self.key:
            self.key = key
            self._run(_LISTENER_JS + self._read_js(key))

    def _read_js(self, key: str) -> str:
        return (";(function f(n){var i=document.querySelector(" + json.dumps(f".{self.name} input")
                + ");if(!i){if(n<100){setTimeout(function(){f(n+1)},100)}return}"
                "var v=null;try{v=JSON.parse(localStorage.getItem(" + json.dumps(PREFIX + key)
                + ")||'null');window.fpNotesPrune()}catch(e){}"
                "i.value=JSON.stringify({key:" + json.dumps(key) + ",entry:v,n:Date.now()});"
                "i.dispatchEvent(new Event('input',{bubbles:true}));"
                "i.dispatchEvent(new Event('change',{bubbles:true}))})(0)")

    def _received(self, change: dict) -> None:
        try:
            raw: Any = json.loads(change["new"] or "{}")
        except ValueError:
            raw = {}
        key = raw.get("key") if isinstance(raw, Mapping) else None
        if key != self.key or key in self.read:
            return
        self.read.add(key)
        notes, base = stored_notes(raw.get("entry"), self.last_step)
        self.on_restore(notes, base)

    def receive(self, key: str, entry: object) -> None:
        """What the page does when a game is shown (tests call it): hand its stored entry over."""
        self.box.value = json.dumps({"key": key, "entry": entry, "n": time.time()})

    def keep(self, notes: Mapping[int, str]) -> None:
        """Write the game's whole notes to the browser's storage (once its stored entry has come
        in, so that it is never overwritten unread); the note box's text for the step shown
        goes in as the page has it."""
        if self.key is None or self.key not in self.read:
            return
        data = json.dumps({str(k): v for k, v in sorted(notes.items())}, ensure_ascii=False)
        self._run(_LISTENER_JS + ";try{var m=document.querySelector('.fp-notes-keeper');"
                  "if(m&&m.dataset.key===" + json.dumps(self.key) + "){window.fpNotesKeeper("
                  + data + ",m)}}catch(e){}")
