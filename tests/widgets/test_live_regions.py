"""What a screen reader hears: each step's counter says what the step did, in a live region
that stays on the page (style.py: PAGE_JS), never a secret the seat shown may not read."""

from __future__ import annotations

import re
from html import unescape

from html_text import plain

from foodplay_widgets.app.style import PAGE_JS, style_widget
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.lesson_player import LessonPlayer


def heard(app: App) -> str:
    """The counter's words that only a screen reader reads (class fp-sr)."""
    found = re.search(r'<span class="fp-sr">(.*?)</span>', app.controls.counter.value)
    return unescape(found[1]) if found else ""


def test_the_counter_says_what_each_step_did(app):
    assert "fp-live" in app.controls.counter_box._dom_classes
    assert heard(app) == "Set-up"
    for k in (1, 2, 7):
        app.go(k)
        move = re.search(r'<p class="fp-step-move">(.*?)</p>', app.explanation.html.value)[1]
        assert heard(app) == unescape(move) and heard(app)
        assert re.fullmatch(rf"step {k} / \d+ {re.escape(heard(app))}",
                            plain(app.controls.counter.value))


def test_a_secret_choice_is_heard_as_a_secret(lone_tongs):
    # step 10: Bob has laid Tea face down; Alice's screen may not say which tool
    app = App(lone_tongs, seat=0, step=10, env={})
    assert heard(app) == "Bob makes a secret choice."
    app.seat_select.value = 1  # Bob's own screen: his own choice
    assert "Tea" in heard(app) and "secret choice" not in heard(app)


def test_while_the_bots_play_the_counter_says_so_far_in_one_message():
    app = App(game="coffee-rush", seed=3, env={}, lazy=True)
    assert app.pending is not None
    sent = []
    app.controls.counter.observe(lambda change: sent.append(change["new"]), "value")
    app.controls.next.click()
    assert len(sent) == 1 and "so far" in plain(sent[0]) and heard(app)
    assert not app.controls.next.disabled and not app.controls.last.disabled


def test_the_explanation_is_no_live_region_of_its_own(app):
    """The counter speaks for the step; the explanation, long with its rules, is read on
    demand (a region inserted with its text was never announced reliably anyway)."""
    app.go(3)
    assert "aria-live" not in app.explanation.html.value


def test_every_page_installs_the_live_regions_once():
    sheet = style_widget().value
    assert 'class="fp-page-installer"' in sheet and "onerror=" in sheet
    assert "if (window.fpPage) { return; }" in PAGE_JS
    assert "['fp-live', 'fp-portal']" in PAGE_JS and "takeRecords()" in PAGE_JS
    assert "widget.querySelector(':scope > .widget-html-content')" in PAGE_JS
    assert "'aria-live', 'polite'" in PAGE_JS and "'aria-atomic', 'true'" in PAGE_JS


def test_answers_to_a_learner_are_live(app):
    moves = app.moves
    assert {"fp-live"} <= set(moves.whynot_result._dom_classes)
    assert {"fp-live"} <= set(moves.hint_text._dom_classes)
    player = LessonPlayer("burg")
    for box in (player.prompt, player.hints, player.feedback, player.summary):
        assert "fp-live" in box._dom_classes
