"""Start-up helpers: shared style models, and apps built once the page's cells have run."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import ipywidgets as widgets
from threads import run_alone

from foodplay_widgets.serving import lean
from foodplay_widgets.serving.lean import Later, shared_styles


def test_widgets_made_together_share_a_style_model_and_others_do_not():
    with shared_styles():
        a, b, html = widgets.Button(), widgets.Button(), widgets.HTML()
    assert a.style is b.style and html.style is not a.style
    assert widgets.Button().style is not a.style


def test_later_widgets_are_built_in_order_once_the_browser_has_drawn_one():
    built = []

    def make(name):
        built.append(name)
        return widgets.HTML(name)

    async def page():
        first = Later(lambda: make("first"), "<p>wait</p>", "<p>failed</p>")
        broken = Later(lambda: 1 / 0, "<p>wait</p>", "<p>failed</p>")
        last = Later(lambda: make("last"), "<p>wait</p>", "<p>failed</p>")
        await asyncio.sleep(0.05)
        assert built == [] and first.children[0].value.startswith("<p>wait</p>")
        assert "fp-later-go" in first.children[0].value  # the note pings its hidden button
        last.go.click()  # what the note's image does once the browser has drawn it
        last.go.click()  # every placeholder pings: the first ping starts the building
        assert built == []  # on the event loop, not in the click
        for _ in range(50):
            if len(built) == 2 and last.built is not None:
                break
            await asyncio.sleep(0.05)
        return first, broken, last

    first, broken, last = run_alone(page())
    assert built == ["first", "last"]
    assert first.children[0].value == "first" and last.children[0].value == "last"
    assert broken.children[0].value == "<p>failed</p>"


def test_later_widgets_without_an_event_loop_are_built_at_the_ping():
    def ping() -> Later:
        later = Later(lambda: widgets.HTML("built"), "<p>wait</p>", "<p>failed</p>")
        later.go.click()
        return later

    # a thread with no event loop: an earlier test may leave this thread's loop running
    with ThreadPoolExecutor(1) as pool:
        later = pool.submit(ping).result()
    assert later.children[0].value == "built" and not lean._waiting


def test_placeholders_share_one_ping_button():
    """Each placeholder's note pings, but one hidden button (one model) serves them all."""
    def ping() -> tuple[Later, Later, list[str]]:
        first = Later(lambda: widgets.HTML("a"), "<p>wait</p>", "<p>failed</p>")
        second = Later(lambda: widgets.HTML("b"), "<p>wait</p>", "<p>failed</p>")
        notes = [first.children[0].value, second.children[0].value]
        first.go.click()  # any placeholder drawn builds every one waiting
        return first, second, notes

    # a thread with no event loop: an earlier test may leave this thread's loop running
    with ThreadPoolExecutor(1) as pool:
        first, second, notes = pool.submit(ping).result()
    assert first.go is second.go and all("fp-ping" in note for note in notes)
    assert first.children[0].value == "a" and second.children[0].value == "b"
