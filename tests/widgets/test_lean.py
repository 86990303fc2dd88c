"""Start-up helpers: shared style models, and apps built once the page's cells have run."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import ipywidgets as widgets

from foodplay_widgets import lean
from foodplay_widgets.lean import Later, shared_styles


def test_widgets_made_together_share_a_style_model_and_others_do_not():
    with shared_styles():
        a, b, html = widgets.Button(), widgets.Button(), widgets.HTML()
    assert a.style is b.style and html.style is not a.style
    assert widgets.Button().style is not a.style


def test_later_widgets_are_built_in_order_once_the_cells_are_quiet(monkeypatch):
    # a longer quiet time than the page's, so that a busy test machine's late wake-ups
    # (up to a second) cannot be taken for the wait being over
    LATER_DELAY_S = 2.0
    monkeypatch.setattr(lean, "LATER_DELAY_S", LATER_DELAY_S)
    built = []

    def make(name):
        built.append(name)
        return widgets.HTML(name)

    async def page():
        first = Later(lambda: make("first"), "<p>wait</p>", "<p>failed</p>")
        broken = Later(lambda: 1 / 0, "<p>wait</p>", "<p>failed</p>")
        await asyncio.sleep(LATER_DELAY_S / 2)
        assert built == [] and first.children[0].value == "<p>wait</p>"
        last = Later(lambda: make("last"), "<p>wait</p>", "<p>failed</p>")  # resets the wait
        await asyncio.sleep(LATER_DELAY_S / 2 + 0.05)
        assert built == []
        await asyncio.sleep(LATER_DELAY_S)
        return first, broken, last

    # a thread of its own: an earlier test of the session may leave this thread's loop marked
    # as running, and asyncio.run refuses to start inside it
    with ThreadPoolExecutor(1) as pool:
        first, broken, last = pool.submit(asyncio.run, page()).result()
    assert built == ["first", "last"]
    assert first.children[0].value == "first" and last.children[0].value == "last"
    assert broken.children[0].value == "<p>failed</p>"
