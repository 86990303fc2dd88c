"""Widgets made once and reused, for rows that are redrawn at every step (move buttons, a
builder's choices). Closing a widget and making a new one would leave the closed widget's
layout and style models behind, and cost the browser a new model each time.

    pool = Pool(lambda i: widgets.Button(...))   # `i`: the widget's place in the pool
    pool.rewind()                                # before each redraw
    button = pool.take()                         # the next one, made on first use
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import ipywidgets as widgets

W = TypeVar("W", bound=widgets.Widget)


class Pool(Generic[W]):
    """Widgets of one kind, taken in order after `rewind()`; never closed. A widget's place
    is fixed, so a click handler made with it (`make(place)`) can look up what the widget
    stands for now, such as `moves[place]`, filled again at every redraw."""

    def __init__(self, make: Callable[[int], W]):
        self.make = make
        self.made: list[W] = []
        self.taken = 0

    def rewind(self) -> None:
        self.taken = 0

    def take(self) -> W:
        """The next widget of the pool (its place is `self.taken - 1` afterwards)."""
        if self.taken == len(self.made):
            self.made.append(self.make(self.taken))
        self.taken += 1
        return self.made[self.taken - 1]


def set_children(box: widgets.Box, children: list[widgets.Widget]) -> None:
    """Set a box's children, sending nothing when they are the same."""
    if list(box.children) != children:
        box.children = children


def set_classes(widget: widgets.DOMWidget, *names: str) -> None:
    """Set a widget's CSS classes to exactly `names` (one message, none if unchanged)."""
    classes = tuple(n for n in names if n)
    if tuple(widget._dom_classes) != classes:
        widget._dom_classes = classes
