"""One message per step for the parts of an app that every step changes.

The table, the explanation and the step counter sit in different places of the page (two
columns, and the control bar that sticks to the top), yet each step changes all three. Each
message the kernel sends costs the page about a millisecond and a half on its way, whatever
its size (scripts/bench_app.py, --bare-widgets), so three widgets cost three messages.

A `Portal` carries them in one: a hidden HTML widget holds every part, and the page puts each
part into its slot, an empty HTML widget in the part's place in the layout. The page's
observer (style.py, PAGE_JS), which every app installs with its stylesheet, does it in the
same task as the portal's change, before the page is drawn again; once installed, it places
what came before it too. The kernel never writes to a slot, so ipywidgets never overwrites
what was put there; the slots' boxes stay on the page (a live region keeps working, see
style.py).

    portal = Portal()
    table_html = portal.part("table")        # a value holder, like an HTML widget's value
    slot = portal.slot("table", "fp-table")  # the widget to lay out in the table's place
    with portal.together():                  # every part changed inside: one message
        table_html.value = "<p>...</p>"

Once the page has drawn the app (its ping, ping.py), a message carries only what changed: the
parts that changed, and of a table sent in pieces only the pieces that changed. Each message
is numbered and names the one it follows; a page that missed one (two changes placed in one
pass, a view drawn later) asks for everything again with the same ping, and a view drawn from
the kernel's state (a page that loads, a second view) is given every part (`get_state`).

In plain Python there is no page: the parts are values, and tests read them as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets
import traitlets

SAFE_END_TAG = "<\\/"  # in JSON, the same as "</"
SAFE_COMMENT = "\\u003c!--"  # in JSON, the same as "<!--"

# The page asks for every part by clicking the app's ping button (ping.py), as a page that
# has just drawn the app does.
ASK_EVERYTHING = "fp-app-drawn"

# The parts travel as JSON in a <script type="application/json"> (never run): the page reads
# it as plain text, so each part's HTML is parsed once, into its slot, not first into the
# hidden portal. This puts each part into its slot in the same app (a part the slot already
# shows stays as it is: focus and selection in it are kept), then removes the JSON, so that
# the parts are placed once. It keeps the JSON while a slot is not drawn yet, and returns false:
# the observer tries again once more of the page is drawn. Each slot is found once per slot
# drawn. A message of changes that does not follow the last one placed here (or finds a slot
# drawn anew) is not placed: the page asks for every part instead, once until they come.
PLACE_FN = """function (box) {
  var data = box.querySelector(':scope > script.fp-parts');
  if (!data) { return true; }
  var app = box.closest('.fp-app') || document;
  var sent = JSON.parse(data.textContent);
  var slots = box.fpSlots || (box.fpSlots = {});  // found once per slot drawn
  var whole = sent.follows === null;
  var lost = !whole && (box.fpNumber !== sent.follows || Object.keys(slots).some(
    function (name) { return !slots[name] || !slots[name].isConnected; }));
  var left = false;
  if (!lost) {
    Object.keys(sent.parts).forEach(function (name) {
      var slot = slots[name];
      if (!slot || !slot.isConnected) {
        slot = slots[name] = app.querySelector('.fp-slot-' + name + ' > .widget-html-content');
      }
      if (!slot) { left = true; return; }
      var part = sent.parts[name];
      if (typeof part !== 'string') { lost = !fill(slot, part) || lost; return; }
      if (slot.fpHtml !== part) { slot.innerHTML = part; slot.fpHtml = part; slot.fpKept = null; }
    });
  }
  box.fpNumber = lost || left ? null : sent.number;
  if (whole) { box.fpAsked = false; }
  if (lost && !box.fpAsked) {
    var ask = app.querySelector(':scope > button.ASK_EVERYTHING');
    if (ask) { box.fpAsked = true; ask.click(); }
  }
  if (!left) { data.remove(); }
  return !left;
}""".replace("ASK_EVERYTHING", ASK_EVERYTHING)

# A part sent in pieces ({frame, pieces}: renderers.TableParts.framed): the frame is parsed
# when it changes, then only the pieces that changed, each in the place of its own nodes; the
# others stay as they are (their nodes, focus and selection). A piece sent as null is unchanged
# since the last message; returns false if one falls in a frame drawn anew (nothing to keep).
FILL_FN = """function (slot, part) {
  var kept = slot.fpKept;
  var whole = true;
  if (!kept || kept.frame !== part.frame) {
    slot.innerHTML = part.frame;
    slot.fpHtml = null;
    var marks = Array.prototype.slice.call(slot.getElementsByTagName('fp-piece'));
    kept = slot.fpKept = {frame: part.frame, html: [],
                          nodes: marks.map(function (mark) { return [mark]; })};
  }
  part.pieces.forEach(function (html, i) {
    var old = kept.nodes[i];
    if (html === null) { whole = whole && kept.html[i] !== undefined; return; }
    if (!old || kept.html[i] === html) { return; }
    var made = document.createElement('template');
    made.innerHTML = html;
    var nodes = Array.prototype.slice.call(made.content.childNodes);
    if (!nodes.length) { nodes = [document.createTextNode('')]; made.content.append(nodes[0]); }
    old[0].parentNode.insertBefore(made.content, old[0]);
    old.forEach(function (node) { node.remove(); });
    kept.nodes[i] = nodes;
    kept.html[i] = html;
  });
  return whole;
}"""


class Part(traitlets.HasTraits):
    """One part of a portal: the `value` an HTML widget in its place would have. A part may
    also travel in `pieces` (renderers.TableParts.framed), set before its value: the page then
    parses again only the pieces that changed."""

    value = traitlets.Unicode("")

    def __init__(self) -> None:
        super().__init__()
        self.pieces: dict[str, Any] | None = None

    @property
    def carried(self) -> str | dict[str, Any]:
        """What the portal sends for this part: its pieces, or its value."""
        return self.pieces if self.pieces is not None else self.value


class Portal(widgets.HTML):
    """A hidden HTML widget carrying several parts of an app to their slots in one message."""

    def __init__(self):
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class("fp-portal")
        self.parts: dict[str, Part] = {}
        self._held = 0
        self._changed = False
        self._then: list[Callable[[], None]] = []
        self._number = 0  # of the last message
        self._sent: dict[str, Any] = {}  # every part as of the last message (none yet)
        self._only_changes = False  # from the page's first word on (`send_everything`)

    def part(self, name: str) -> Part:
        """The value holder of part `name` (made on the first call)."""
        if name not in self.parts:
            part = Part()
            part.observe(lambda _: self._part_changed(), "value")
            self.parts[name] = part
        return self.parts[name]

    @staticmethod
    def slot(name: str, *classes: str, wide: bool = True) -> widgets.HTML:
        """The empty widget that part `name` is moved into, with the CSS classes the part's
        own widget would have had (`wide`: the whole width of its box)."""
        return _html(f"fp-slot-{name}", *classes, wide=wide)

    @contextmanager
    def together(self) -> Iterator[None]:
        """Parts changed inside go to the page in one message, at the end."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                if self._changed:
                    self._carry()
                then, self._then = self._then, []
                for update in then:
                    update()

    def then(self, update: Callable[[], None]) -> None:
        """Run `update` (another widget's change) once the parts changed together now have
        gone to the page, so that the page draws the step's view first; at once when nothing
        is held."""
        if self._held:
            self._then.append(update)
        else:
            update()

    def _part_changed(self) -> None:
        self._changed = True
        if not self._held:
            self._carry()

    def send_everything(self) -> None:
        """The page has drawn the app, or lost track of its parts: send every part now, and
        from then on only what changed."""
        self._only_changes = True
        self._carry(everything=True)

    def _whole(self) -> dict[str, Any]:
        return {name: part.carried for name, part in self.parts.items()}

    def _carry(self, everything: bool = False) -> None:
        """Send what changed since the last message (every part until the page has spoken,
        or with `everything`)."""
        self._changed = False
        whole = self._whole()
        follows = None if everything or not self._only_changes else self._number
        parts = whole if follows is None else changes(self._sent, whole)
        self._number += 1
        self._sent = whole
        self.value = _script(self._number, follows, parts)

    def get_state(self, key=None, drop_defaults=False):
        """A whole view's state (a page loading, a view drawn again) has every part; an
        update (`key` named) has what changed."""
        state = super().get_state(key, drop_defaults)
        # (asked for once while the widget is made, before it has any part)
        if key is None and "value" in state and getattr(self, "parts", None):
            state["value"] = _script(self._number, None, self._sent or self._whole())
        return state


def changes(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The parts of `now` that differ from `before`; of a part in pieces with the same frame,
    the pieces that differ, the others null (kept as they are on the page)."""
    changed = {}
    for name, part in now.items():
        old = before.get(name)
        if part == old:
            continue
        if (isinstance(part, dict) and isinstance(old, dict) and part["frame"] == old["frame"]
                and len(part["pieces"]) == len(old["pieces"])):
            part = {"frame": part["frame"],
                    "pieces": [None if piece == was else piece
                               for piece, was in zip(part["pieces"], old["pieces"], strict=True)]}
        changed[name] = part
    return changed


def _script(number: int, follows: int | None, parts: dict[str, Any]) -> str:
    """The message as the page reads it: JSON in a script element that is never run."""
    data = json.dumps({"number": number, "follows": follows, "parts": parts},
                      ensure_ascii=False)
    # "</" would end the script element early, and "<!--" change how it ends; JSON reads
    # the escapes as the same characters
    data = data.replace("</", SAFE_END_TAG).replace("<!--", SAFE_COMMENT)
    return f'<script type="application/json" class="fp-parts">{data}</script>'


def _html(*classes: str, wide: bool) -> widgets.HTML:
    html = widgets.HTML(layout=widgets.Layout(width="100%")) if wide else widgets.HTML()
    for css in classes:
        html.add_class(css)
    return html


def then_of(portal: Portal | None) -> Callable[[Callable[[], None]], None]:
    """`portal.then` (an update after the portal's parts), or, with no portal, run at once."""
    return portal.then if portal is not None else lambda update: update()


def html_holder(portal: Portal | None, name: str, *classes: str,
                wide: bool = True) -> tuple[widgets.HTML | Part, widgets.HTML]:
    """(what a panel writes its HTML to, the widget it lays out): the same HTML widget
    without a portal; with one, the portal's part `name` and its slot. `classes` go on the
    widget laid out; `wide`: it takes the whole width of its box."""
    if portal is not None:
        return portal.part(name), portal.slot(name, *classes, wide=wide)
    html = _html(*classes, wide=wide)
    return html, html
