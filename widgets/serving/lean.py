"""Fewer widget models per app: widgets of one kind made together share one style model.

Every ipywidgets control carries a style model (ButtonStyle, HTMLStyle, DescriptionStyle...)
that the browser must create and fetch before the page can show it. The tutor never changes a
widget's style after it is made (looks come from CSS classes), so the widgets an app builds at
once can share one style model per kind: about a fifth fewer models to send and to create.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import ipywidgets as widgets

from foodplay_widgets.serving.ping import ping_button, ping_html

F = TypeVar("F", bound=Callable[..., Any])


def _style_traits() -> list[Any]:
    """The distinct `style` traits of every widget class loaded so far."""
    seen: dict[int, Any] = {}
    todo: list[type] = [widgets.DOMWidget]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        trait = cls.class_traits().get("style")
        if trait is not None and hasattr(trait, "make_dynamic_default"):
            seen.setdefault(id(trait), trait)
    return list(seen.values())


_sharing: list[bool] = []  # [True] inside a shared_styles block


@contextmanager
def shared_styles() -> Iterator[None]:
    """Inside this block, each kind of widget made without its own style shares one style
    model (made on first use). Only for widgets whose `.style` nothing changes later. A block
    inside another is part of it (an editor built while its app is being made)."""
    if _sharing:
        yield
        return
    traits = _style_traits()
    for trait in traits:
        original = trait.make_dynamic_default
        made: list[Any] = []

        def default(original=original, made=made) -> Any:
            if not made:
                made.append(original())
            return made[0]

        trait.make_dynamic_default = default
    _sharing.append(True)
    try:
        yield
    finally:
        _sharing.clear()
        for trait in traits:
            del trait.make_dynamic_default


def sharing_styles(init: F) -> F:
    """Decorate a composite widget's `__init__`: the widgets it makes share style models."""

    @functools.wraps(init)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        with shared_styles():
            return init(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


BUILD_GAP_S = 0.01  # between two later widgets, so that clicks are answered in between
_waiting: list[Later] = []
_building: list[Any] = []  # [the event loop] while it builds the waiting widgets
_go: list[widgets.Button] = []  # [the placeholders' one ping button], once made

# An app on the page whose step counter is still empty: its portal has not placed its parts
# (portal.py), so the app is not shown whole yet. The placeholders wait for the apps before
# them: the page's first example shows before the kernel sends the others.
APP_NOT_SHOWN = ".fp-app .fp-slot-counter > .widget-html-content:empty"

# A placeholder's note pings its hidden button once the browser has drawn it (see ping.py), so
# the kernel builds only for a page that is connected: the new widgets' models then reach the
# browser. (Built on a timer, a busy machine's page could ask for a widget the kernel had not yet
# made, and showed an error in its place.)


class Later(widgets.VBox):
    """A placeholder drawn at once, which becomes `build()`'s widget once the browser has
    drawn the page: built one at a time on the kernel's event loop, in the order they were
    made, so that a page of several apps shows its first one sooner."""

    def __init__(self, build: Callable[[], widgets.Widget], waiting_html: str,
                 failed_html: str):
        note = widgets.HTML(waiting_html + ping_html(".fp-later", "fp-later-go",
                                                     after=APP_NOT_SHOWN))
        note.add_class("fp-later-note")
        self.go = _go_button()
        super().__init__([note, self.go])
        self.add_class("fp-later")
        self.build, self.failed_html, self.built = build, failed_html, None
        _waiting.append(self)

    def fill(self) -> None:
        """Build the widget now and show it in place of the note (a failure says so)."""
        if self.built is not None:
            return
        try:
            self.built = self.build()
        except Exception:  # the page keeps its other apps, and says this one failed
            import logging

            logging.getLogger("foodplay_widgets").exception("a later widget failed")
            self.built = widgets.HTML(self.failed_html)
        self.children = [self.built]


def _go_button() -> widgets.Button:
    """The hidden button every placeholder's note pings: one model for them all (a widget may
    be drawn in several places), so that a page of many placeholders sends fewer models."""
    if not _go:
        _go.append(ping_button("fp-later-go", start_building))
    return _go[0]


def start_building() -> None:
    """The browser has drawn a placeholder: build the waiting widgets, first made first."""
    import asyncio

    if not _waiting:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # no event loop (plain Python): build them all now
        while _waiting:
            _waiting.pop(0).fill()
        return
    if _building and _building[0] is loop:
        return  # this loop is building them already
    _building[:] = [loop]  # a loop that ended mid-way (a test's) no longer blocks the building
    loop.call_soon(_build_next, loop)


def _build_next(loop: Any) -> None:
    if _waiting:
        _waiting.pop(0).fill()
    if _waiting:
        loop.call_later(BUILD_GAP_S, _build_next, loop)
    else:
        _building.clear()
