"""No script from a link: every parameter a page of the tutor reads, set to markup, comes out
of the widgets escaped (issue #29; docs/security.md).

Each page's widgets are built in plain Python from a hostile query string, as its notebook
builds them from Voilà's QUERY_STRING, and every string the browser will parse as HTML (an HTML
widget's value, an HTML description) is searched for the payloads' markup. The same payloads
go through real pages in Chromium in tests/browser/test_hostile_links_browser.py.
"""

from __future__ import annotations

import json
import warnings
from html import escape
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlencode

import ipywidgets as widgets
import pytest

from foodplay.bots import play_game
from foodplay.games import get_game
from foodplay.links import encode_record
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.gallery import Gallery
from foodplay_widgets.pages.lesson_player import LessonPlayer
from foodplay_widgets.pages.page import page_text
from foodplay_widgets.pages.setup_guide import SetupGuide
from foodplay_widgets.pages.summary import summary_page
from foodplay_widgets.pages.teacher import Teacher
from foodplay_widgets.pages.worked_examples import example

# Each sets window.__xss if it ever runs; each is at most 40 characters, so that a message that
# repeats a value (cut to foodplay.limits.SHOWN_CHARS) repeats it whole.
PAYLOADS = (
    '"><script>window.__xss=1</script>',
    "'><img src=x onerror=window.__xss=1>",
    "</script><svg onload=window.__xss=1>",
    "javascript:window.__xss=1//",
    "{0.__class__}<i data-xss>",
)
APP_PARAMS = ("game", "players", "seed", "record", "scenario", "step", "seat", "lang", "mode",
              "theme", "template")
LESSON_PARAMS = ("lesson", "moves", "hints", "misses", "check", "lang", "stars", "theme",
                 "template")
PAGE_PARAMS = ("game", "lang", "theme", "template")
LESSON = "burg/rat-on-a-pile"


def hostile_query(params: tuple[str, ...], turn: int, **fixed: str) -> str:
    """Every parameter set to a payload (the payloads taken in turn from `turn`), one more
    parameter named by a payload, and the `fixed` ones as they are."""
    values = {name: PAYLOADS[(turn + i) % len(PAYLOADS)] for i, name in enumerate(params)}
    values[PAYLOADS[turn % len(PAYLOADS)]] = "1"
    return urlencode({**values, **fixed})


def new_widgets(build) -> list[widgets.Widget]:
    """The widgets that `build()` makes (and what it returns)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets, still the registry
        before = set(widgets.Widget.widgets)
        built = build()
        return [w for k, w in widgets.Widget.widgets.items() if k not in before] + [built]


def html_of(made: list) -> list[str]:
    """Every string the browser parses as HTML: HTML widgets' values, HTML descriptions, and
    HTML outputs (an IPython.display.HTML, or an Output widget's)."""
    found = []
    for each in made:
        if isinstance(each, widgets.HTML | widgets.HTMLMath):
            found.append(each.value)
        if getattr(each, "description_allow_html", False):
            found.append(each.description)
        if isinstance(each, widgets.Output):
            found += [o.get("data", {}).get("text/html", "") for o in each.outputs]
        if hasattr(each, "_repr_html_") and not isinstance(each, widgets.Widget):
            found.append(each._repr_html_() or "")
    return found


class Markup(HTMLParser):
    """What a payload leaves in HTML when it is not escaped, as the browser parses it: a script
    or an event attribute that sets window.__xss, the payloads' own element, a javascript:
    address; and text that a format string filled from an object (`{0.__class__}`). The HTML
    inside a JSON script (the parts of a step, widgets/app/portal.py) is checked the same way."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.script: str | None = None  # the type of the script being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.script = (dict(attrs).get("type") or "text/javascript") if tag == "script" else None
        for name, value in attrs:
            value = (value or "").strip().lower()
            if name.startswith("on") and "__xss" in value or name == "data-xss" \
                    or name in ("href", "src", "action") and value.startswith("javascript:"):
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        self.script = None

    def handle_data(self, data: str) -> None:
        if self.script == "application/json":
            self.found += [hit for text in strings(json.loads(data)) for hit in markup(text)]
        elif self.script and "__xss" in data or "<class '" in data:
            self.found.append(data)


def strings(value: Any) -> list[str]:
    """Every string in a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [s for each in value for s in strings(each)] if isinstance(value, list) else []


def markup(html: str) -> list[str]:
    parser = Markup()
    parser.feed(html)
    parser.close()
    return parser.found


def assert_escaped(made: list, where: str) -> None:
    texts = html_of(made)
    assert texts, f"{where}: no HTML to check"
    for text in texts:
        found = markup(text)
        assert not found, f"{where}: {found}"


@pytest.mark.parametrize("game", ["burg", "coffee-rush", "cuisine-a-la-card", "food-truck"])
@pytest.mark.parametrize("turn", [0, 1])
def test_app_pages(game, turn):
    query = hostile_query(APP_PARAMS, turn)
    assert_escaped(new_widgets(lambda: App.from_query(query, env={}, game=game)), query)


@pytest.mark.parametrize("turn", [0, 1])
def test_teacher_page(turn):
    query = hostile_query(APP_PARAMS, turn)
    assert_escaped(new_widgets(lambda: Teacher.from_query(query, env={})), query)


@pytest.mark.parametrize("turn", range(len(PAYLOADS)))
def test_gallery_summary_and_page_texts(turn):
    query = hostile_query(PAGE_PARAMS, turn)
    assert_escaped(new_widgets(lambda: Gallery.from_query(query)), "gallery " + query)
    assert_escaped(new_widgets(lambda: summary_page(query)), "summary " + query)
    assert_escaped(new_widgets(lambda: page_text("burg.page.examples", "burg", query=query,
                                                 links=True, tips=True)), "text " + query)


@pytest.mark.parametrize("turn", range(len(PAYLOADS)))
def test_setup_guide_page(turn):
    query = hostile_query(("game", "players", "lang", "theme", "template"), turn)
    made = new_widgets(lambda: SetupGuide.from_query(query))
    assert_escaped(made, "setup " + query)
    assert not any(getattr(w, "description_allow_html", False) for w in made
                   if isinstance(w, widgets.Checkbox))  # a step's label is plain text


@pytest.mark.parametrize("turn", [0, 1])
def test_examples_page(turn):
    query = hostile_query(APP_PARAMS, turn)
    assert_escaped(new_widgets(lambda: example("burg", "two-player-reveal", query=query,
                                               later=False)), query)


@pytest.mark.parametrize("turn", [0, 1])
def test_lessons_page(turn):
    query = hostile_query(LESSON_PARAMS, turn)  # an unknown lesson: the first one, and why
    assert_escaped(new_widgets(lambda: LessonPlayer.from_query(query, env={})), query)
    query = hostile_query(LESSON_PARAMS[1:], turn, lesson=LESSON)  # a lesson, bad progress
    assert_escaped(new_widgets(lambda: LessonPlayer.from_query(query, env={})), query)


@pytest.mark.parametrize("turn", [0, 2])
def test_a_shared_record_with_markup_in_its_names_title_and_notes(turn):
    """A class link carries a teacher's notes and the seats' names: their own words, shown."""
    names = [PAYLOADS[(turn + i) % len(PAYLOADS)] for i in range(3)]
    played, _ = play_game("burg", 3, 5)
    record = Record("burg", 3, seed=5, names=names, title=PAYLOADS[turn], moves=played.moves,
                    annotations={0: PAYLOADS[turn], 1: PAYLOADS[turn + 1]})
    query = urlencode({"game": "burg", "record": encode_record(record), "step": "1"})
    for build in (lambda: App.from_query(query, env={}), lambda: Teacher.from_query(query)):
        made = new_widgets(build)
        shown = escape(PAYLOADS[turn + 1], quote=True)  # a name and a note, shown as text
        assert any(shown in text for text in html_of(made)), "the record did not open"
        assert_escaped(made, "record")


def test_the_check_finds_markup_that_is_not_escaped():
    """The check itself: an HTML widget that shows a payload as it is, is caught."""
    for payload in PAYLOADS:
        with pytest.raises(AssertionError):
            assert_escaped([widgets.HTML(f'<a href="{payload}">{payload}</a>')], payload)
        parts = json.dumps({"parts": [f'<a href="{payload}">{payload}</a>']}).replace("</", "<\\/")
        with pytest.raises(AssertionError):  # inside a step's parts, as the portal sends them
            assert_escaped([widgets.HTML(f'<script type="application/json">{parts}</script>')],
                           payload)
    assert_escaped([widgets.HTML(f"<p>{get_game('burg').title}</p>")], "a page")
