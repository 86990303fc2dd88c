"""Timeline controls: the control bar beside the explanation (set-up, back, the step and its
count, next, last, auto-play with a speed, a step slider) and the page's keyboard shortcuts.

Keyboard: the bar carries a small page-level key handler, installed once per page. ipywidgets'
HTML widget sets its value as `innerHTML`, which never runs a `<script>`, but it does run an
element's event attribute: the legend holds a hidden `<img src="data:,">` whose `onerror` (an
empty image always fails to decode) runs `KEYS_JS`. The same holds in Voilà and JupyterLab, and
needs nothing in the notebook. The handler listens on `document`, so the keys work wherever the
focus is, except while typing (input, textarea, select, contenteditable, a slider's handle) or
with Ctrl, Alt or Meta held. It never changes state itself: it clicks the app's own buttons,
found by CSS class, so the kernel does the work exactly as for a mouse click. It also names
the step slider's handle for screen readers (noUiSlider leaves it unnamed), and it takes Home
and End on that handle to the First and Last buttons (noUiSlider's own Home and End keep the
bounds the slider was made with).

To add a key, add an entry to `KEY_CLICKS` (key -> a button's CSS selector, clicked) or to
`KEY_FOCUS` (key -> an element's selector, focused and scrolled into view) or to `KEY_GO` (key ->
a target found by focus.py: M the move panel's next control, T the table), and a legend line to
`LEGEND` (message keys for the key cap and the action). The app searched is the one holding the
focus, else the first on screen with a Next button. The rule search box (`.fp-rule-search
input`) is on "/" already: its legend line shows only in an app that has one (CSS `:has`).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import ipywidgets as widgets

from foodplay_widgets.app.focus import FOCUS_JS
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.portal import Portal, html_holder, then_of
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import Text, esc

SPEEDS = (("ui.speed.slow", 2000), ("ui.speed.normal", 1000), ("ui.speed.fast", 400))

KEY_CLICKS = {"ArrowLeft": "button.fp-back", "ArrowRight": "button.fp-next",
              "Home": "button.fp-first", "End": "button.fp-last",
              "p": "button.fp-autoplay", "P": "button.fp-autoplay"}
KEY_FOCUS = {"w": ".fp-whynot-choice select", "W": ".fp-whynot-choice select",
             "/": ".fp-rule-search input"}
# key -> a target of focus.py (the move panel's next control, the table's title), focused
KEY_GO = {"m": "moves", "M": "moves", "t": "table", "T": "table"}
# (CSS class of the legend line, message key of the key cap, message key of the action)
LEGEND = (("fp-key-back", "ui.keys.back_key", "ui.keys.back"),
          ("fp-key-next", "ui.keys.next_key", "ui.keys.next"),
          ("fp-key-first", "ui.keys.first_key", "ui.keys.first"),
          ("fp-key-last", "ui.keys.last_key", "ui.keys.last"),
          ("fp-key-play", "ui.keys.play_key", "ui.keys.play"),
          ("fp-key-moves", "ui.keys.moves_key", "ui.keys.moves"),
          ("fp-key-table", "ui.keys.table_key", "ui.keys.table"),
          ("fp-key-whynot", "ui.keys.whynot_key", "ui.keys.whynot"),
          ("fp-key-search", "ui.keys.search_key", "ui.keys.search"))

KEYS_JS = """(function () {
  if (window.fpKeys) { return; }
  var CLICK = CLICKS, FOCUS = FOCUSES, GO = GOES;
  var TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable=false]),'
    + ' [role=slider], [role=textbox], [role=combobox], [role=listbox]';
  function shown(el) { return !!el && el.getClientRects().length > 0; }
  function appFor(target) {
    var own = target && target.closest ? target.closest('.fp-app') : null;
    if (own && own.querySelector('button.fp-next')) { return own; }
    var apps = Array.prototype.filter.call(document.querySelectorAll('.fp-app'),
      function (a) { return a.querySelector('button.fp-next'); });
    for (var i = 0; i < apps.length; i++) {
      var box = apps[i].getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) { return apps[i]; }
    }
    return apps[0] || null;
  }
  window.fpKeys = function (e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) { return; }
    var target = e.target;
    if (target && target.closest && (target.closest(TYPING) || target.isContentEditable)) {
      return;
    }
    var click = CLICK[e.key], focus = FOCUS[e.key], go = GO[e.key];
    if (!click && !focus && !go) { return; }
    var app = appFor(target);
    var el = !app ? null : go ? (window.fpFocus ? window.fpFocus[go](app) : null)
      : app.querySelector(click || focus);
    if (!shown(el)) { return; }
    e.preventDefault();
    if (click) {
      if (!el.disabled) { el.click(); }
    } else {
      el.scrollIntoView({block: go === 'table' ? 'start' : 'center'});
      el.focus();
    }
  };
  document.addEventListener('keydown', window.fpKeys);
  // Home and End on the slider's handle: noUiSlider's own go to the bounds the slider was made
  // with (its keyboard code reads its first options, which updateOptions leaves alone), so a
  // slider whose last step grew (the bots played on) stopped short. The buttons do it instead.
  document.addEventListener('keydown', function (e) {
    if ((e.key !== 'Home' && e.key !== 'End') || !e.target.closest
        || !e.target.closest('.fp-slider .noUi-handle')) { return; }
    var app = appFor(e.target);
    var button = app ? app.querySelector(CLICK[e.key]) : null;
    e.preventDefault();
    e.stopPropagation();  // this listener captures: the handle's own never sees the key
    if (button && !button.disabled) { button.click(); }
  }, true);
  // noUiSlider's handle (role=slider) gets no name from the widget's label: give it that one
  function nameSliders() {
    document.querySelectorAll('.fp-slider .noUi-handle:not([aria-label])').forEach(
      function (handle) {
        var label = handle.closest('.fp-slider').querySelector('.widget-label');
        if (label && label.textContent) {
          handle.setAttribute('aria-label', label.textContent);
        }
      });
  }
  nameSliders();
  new MutationObserver(nameSliders).observe(document.body, {childList: true, subtree: true});
})();""".replace("CLICKS", json.dumps(KEY_CLICKS)).replace("FOCUSES", json.dumps(KEY_FOCUS)) \
    .replace("GOES", json.dumps(KEY_GO))


def keys_html(text: Text) -> str:
    """The visible legend of the keyboard shortcuts, with the hidden installer of their handler."""
    items = "".join(f'<li class="{css}"><kbd>{text.html(cap)}</kbd> {text.html(action)}</li>'
                    for css, cap, action in LEGEND)
    installer = (f'<img class="fp-keys-installer" hidden alt="" src="data:," '
                 f'onerror="{esc(FOCUS_JS + KEYS_JS)}">')
    return (f'<div class="fp-keys-legend"><span class="fp-keys-title">'
            f'{text.html("ui.keys.title")}</span><ul aria-label="{text.html("ui.keys.label")}">'
            f"{items}</ul>{installer}</div>")


def _button(css: str) -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.add_class("fp-nav")
    return button


class TimelineControls(widgets.VBox):
    """The control bar over steps 0..last: buttons, the step counter, auto-play with a speed, a
    slider and the key legend; `on_go(k)` moves the cursor. `tools` is the row an app may add its
    own controls to (the app puts its Watch/Play choice there). With a `portal`, the counter
    is the portal's part "counter", shown in its slot (portal.py)."""

    def __init__(self, on_go: Callable[[int], None], guard: Guard = unguarded,
                 portal: Portal | None = None):
        self.on_go = on_go
        self.first = _button("fp-first")
        self.back = _button("fp-back")
        self.next = _button("fp-next")
        self.last = _button("fp-last")
        # Play is the timer; its own icon buttons have no accessible name, so it is hidden and
        # driven by a labelled toggle button instead (the hidden view still runs the timer).
        self.play = widgets.Play(min=0, max=0, value=0, interval=1000, show_repeat=False,
                                 layout=widgets.Layout(display="none"))
        self.play.add_class("fp-play")
        self.autoplay = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.autoplay.add_class("fp-autoplay")
        self.autoplay.add_class("fp-nav")
        self.speed = classed(widgets.Dropdown(layout=widgets.Layout(width="auto")), "fp-speed")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, readout=False,
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="8em"))
        self.slider.add_class("fp-slider")
        # the counter is announced at each step (fp-live: see style.py, live regions);
        # counter_box is the widget laid out
        self.counter, self.counter_box = html_holder(portal, "counter", "fp-step-counter",
                                                     "fp-live", wide=False)
        # a redraw moves the slider after the step's view, which a portal sends first; Next,
        # Back and a jump move it before the step is drawn (`follow`, from App.go)
        self._after = then_of(portal)
        self.legend = classed(widgets.HTML(), "fp-keys")
        # No jslink between Play and the slider: echoes from a link made fast key presses jump
        # back. The kernel follows Play's timer and moves the slider itself.
        self.first.on_click(guard(lambda _: self._go(0)))
        self.back.on_click(guard(lambda _: self._go(self.slider.value - 1)))
        self.next.on_click(guard(lambda _: self._go(self.slider.value + 1)))
        self.last.on_click(guard(lambda _: self._go(self.slider.max)))
        self.slider.observe(guard(self._slid), "value")
        self.play.observe(guard(self._played), "value")
        self.speed.observe(guard(self._speed), "value")
        self.autoplay.observe(guard(self._toggle), "value")
        self.play.observe(guard(self._playing), "playing")
        row1 = widgets.HBox([self.first, self.back, self.counter_box, self.next, self.last])
        row1.add_class("fp-nav-row")
        self.tools = classed(widgets.HBox([self.autoplay, self.speed, self.play]), "fp-play-row")
        row3 = classed(widgets.HBox([self.slider]), "fp-slider-row")
        super().__init__([row1, self.tools, row3, self.legend])
        self.add_class("fp-timeline")
        self._quiet = False
        self._text: Text | None = None

    def relabel(self, text: Text) -> None:
        """Labels, tooltips and the key legend in the chosen language."""
        for button, key in ((self.first, "first"), (self.back, "back"), (self.next, "next"),
                            (self.last, "last")):
            button.description = text(f"ui.timeline.{key}")
            button.tooltip = text(f"ui.timeline.{key}_tip")
        self._text = text
        self._label_autoplay()
        self.autoplay.tooltip = text("ui.timeline.play_tip")
        self.slider.description = text("ui.timeline.slider")
        self.slider.tooltip = text("ui.timeline.slider_tip")
        self.speed.description = text("ui.timeline.speed")
        legend = keys_html(text)
        if self.legend.value != legend:
            self.legend.value = legend
        value = self.speed.value or 1000
        self._quiet = True
        try:
            options = [(text(key), ms) for key, ms in SPEEDS]
            if list(self.speed.options) != options:
                self.speed.options = options
            self.speed.value = value
        finally:
            self._quiet = False

    def show(self, cursor: int, last: int, text: Text, so_far: bool = False,
             summary: str = "", to_move: str | None = None) -> None:
        """Reflect the timeline's cursor without calling back. The hidden timer follows the
        cursor only while it plays (it starts from the cursor): one message less per step.
        `so_far`: the bots still play, so `last` is not the end (Next and Last stay on);
        `summary`: what the step did, read out by screen readers with the counter (a live
        region, see style.py) and not shown; `to_move`: the id of the move panel's first line,
        when the learner decides now (play mode), for a "Your move" link under the counter.

        A bound goes to the browser before the value it admits, in a message of its own: given
        both at once, the browser's slider may apply the value first, clamp it to the old
        bound and send that back, which took the app back to the previous last step."""
        self._after(lambda: self.follow(cursor, last))
        self.first.disabled = self.back.disabled = cursor <= 0
        self.next.disabled = self.last.disabled = cursor >= last and not so_far
        key = "step.of_so_far" if so_far else "step.of"
        said = f'<span class="fp-sr">{esc(summary)}</span>' if summary else ""
        link = (f'<a class="fp-to-move" href="#{esc(to_move)}">{text.html("ui.play.to_move")}</a>'
                if to_move else "")
        self.counter.value = (f'<span class="fp-counter">{text.html(key, n=cursor, total=last)}'
                              f"</span>{said}{link}")

    def follow(self, cursor: int, last: int) -> None:
        """Move the slider (and the hidden timer, while it plays) to `cursor` of 0..`last`
        without calling back; nothing travels if they are there already."""
        self._quiet = True
        try:
            self.slider.max = max(last, 0)
            self.slider.value = cursor
            self.play.max = max(last, 0)
            if self.play.playing and self.play.value != cursor:
                self.play.value = cursor
        finally:
            self._quiet = False

    def _go(self, k: int) -> None:
        self.on_go(max(0, min(self.slider.max, k)))

    def _slid(self, change: dict) -> None:
        if not self._quiet:
            self.on_go(change["new"])

    def _played(self, change: dict) -> None:
        if not self._quiet and change["new"] != self.slider.value:
            self.on_go(change["new"])

    def _label_autoplay(self) -> None:
        if self._text is not None:
            key = "ui.timeline.pause" if self.autoplay.value else "ui.timeline.play"
            self.autoplay.description = self._text(key)

    def _toggle(self, change: dict) -> None:
        if not self._quiet:
            if change["new"]:  # the timer starts from the step shown
                self._quiet = True
                try:
                    self.play.value = self.slider.value
                finally:
                    self._quiet = False
            self.play.playing = change["new"]
        self._label_autoplay()

    def _playing(self, change: dict) -> None:
        """The timer stopped by itself at the last step (or started): mirror it."""
        self._quiet = True
        try:
            self.autoplay.value = bool(change["new"])
        finally:
            self._quiet = False

    def _speed(self, change: dict) -> None:
        if not self._quiet and change["new"]:
            self.play.interval = change["new"]
