"""The app's rule search box and its query limit: a query over QUERY_CHARS characters is never
searched, the box is cut back to the limit and says why (in the app's language), the page's
handler gives the box that maxlength, and what a query echoes is printable."""

from __future__ import annotations

import html
import time

import pytest
from html_text import plain

import foodplay.teaching.search
from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.limits import QUERY_CHARS
from foodplay_widgets.app.lookup import KEY_JS, SEARCH_INPUT_SELECTOR
from foodplay_widgets.app.tutor import App


@pytest.fixture
def no_search(monkeypatch):
    """Fail if the search runs: a refused query must be refused before it."""
    monkeypatch.setattr(foodplay.teaching.search, "search",
                        lambda *_a, **_k: pytest.fail("searched"))


@pytest.mark.parametrize("size", [QUERY_CHARS + 1, 100_000, 1_000_000])
def test_a_query_over_the_limit_is_refused_unsearched_and_the_box_cut_back(app, no_search,
                                                                         size):
    box = app.reader.search
    query = ("rat tokens " * (size // 11 + 1))[:size - 1] + "s"
    started = time.process_time()
    box.query.value = query
    assert time.process_time() - started < 1.0  # a 1 MB query cost 31-120 s of CPU
    assert box.query.value == query[:QUERY_CHARS]  # the box takes no more
    said = plain(box.results.value)
    assert f"at most {QUERY_CHARS} characters" in said and f"this one has {size}" in said
    assert plain(box.said.value) == said  # a screen reader hears it too
    assert box.hits == [] and len(box.results.value) < 600  # the query is not repeated


def test_a_query_at_the_limit_is_searched(app):
    box = app.reader.search
    query = ("rats become rat tokens " * 10)[:QUERY_CHARS]
    box.query.value = query
    assert box.hits and box.hits[0] == "R5-1"
    box.query.value = "rat"  # and the box goes on searching after a refusal
    box.query.value = "x" * (QUERY_CHARS + 5)
    assert box.hits == [] and "at most" in plain(box.results.value)
    box.query.value = "rat"
    assert box.hits[0] == "R5-1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusal_and_the_box_note_are_in_the_app_language(no_search, lang):
    app = App(players=3, seed=7, step=0, env={}, lang=lang)
    box = app.reader.search
    box.query.value = "x" * 500
    refusal = catalogue(None, lang).format("ui.lookup.too_long",
                                           {"limit": QUERY_CHARS, "count": 500})
    assert plain(box.results.value) == plain(html.escape(refusal))  # French: no-break spaces
    full = catalogue(None, lang).format("ui.lookup.full", {"limit": QUERY_CHARS})
    assert f'data-full="{html.escape(full)}"' in box.limit_note.value
    assert "fp-live" in box.limit_note._dom_classes  # announced when the handler fills it


def test_the_page_handler_gives_the_box_its_maxlength():
    assert f"maxLength = {QUERY_CHARS}" in KEY_JS
    assert "'focusin'" in KEY_JS and "'paste'" in KEY_JS and "'beforeinput'" in KEY_JS
    assert f"matches('{SEARCH_INPUT_SELECTOR}')" in KEY_JS
    assert "MAXCHARS" not in KEY_JS


def test_a_query_with_control_and_bidi_codes_is_echoed_escaped(app):
    box = app.reader.search
    box.query.value = "qq\u202eqq\x1b[31m\u2066zz"
    value = box.results.value + box.said.value
    for raw in ("\u202e", "\x1b", "\u2066"):
        assert raw not in value
    assert "qq\\u202eqq\\x1b[31m\\u2066zz" in plain(box.results.value)
