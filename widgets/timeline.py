"""Timeline controls: first, back, next, last, play/pause with a speed, and a move slider.

The slider is the keyboard control: once focused (Tab to its handle), the arrow keys step one
move and Home/End jump to the set-up and the last step (noUiSlider's keyboard support in
ipywidgets 8). Every position shown is `timeline.state_at(k)`.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from foodplay_widgets.guard import Guard, unguarded
from foodplay_widgets.text import Text

SPEEDS = (("ui.speed.slow", 2000), ("ui.speed.normal", 1000), ("ui.speed.fast", 400))


def _button(css: str) -> widgets.Button:
    button = widgets.Button(layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.add_class("fp-nav")
    return button


class TimelineControls(widgets.VBox):
    """Buttons, play/pause, speed and slider over steps 0..last; `on_go(k)` moves the cursor."""

    def __init__(self, on_go: Callable[[int], None], guard: Guard = unguarded):
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
        self.speed = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.speed.add_class("fp-speed")
        self.slider = widgets.IntSlider(min=0, max=0, value=0, readout=False,
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="12em"))
        self.slider.add_class("fp-slider")
        self.counter = widgets.HTML()
        self.counter.add_class("fp-step-counter")
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
        row1 = widgets.HBox([self.first, self.back, self.next, self.last, self.autoplay,
                             self.speed, self.play])
        row1.add_class("fp-nav-row")
        row2 = widgets.HBox([self.slider, self.counter])
        row2.add_class("fp-slider-row")
        super().__init__([row1, row2])
        self.add_class("fp-timeline")
        self._quiet = False
        self._text: Text | None = None

    def relabel(self, text: Text) -> None:
        """Labels and tooltips in the chosen language."""
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
        value = self.speed.value or 1000
        self._quiet = True
        try:
            self.speed.options = [(text(key), ms) for key, ms in SPEEDS]
            self.speed.value = value
        finally:
            self._quiet = False

    def show(self, cursor: int, last: int, text: Text) -> None:
        """Reflect the timeline's cursor without calling back."""
        self._quiet = True
        try:
            self.slider.max = max(last, 0)
            self.play.max = max(last, 0)
            self.slider.value = cursor
            if self.play.value != cursor:
                self.play.value = cursor
        finally:
            self._quiet = False
        self.first.disabled = self.back.disabled = cursor <= 0
        self.next.disabled = self.last.disabled = cursor >= last
        self.counter.value = (f'<span class="fp-counter" aria-live="polite">'
                              f'{text.html("step.of", n=cursor, total=last)}</span>')

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
