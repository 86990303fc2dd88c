"""The lesson player without a browser: the hint ladder and its cost, scoring, refusals and
off-line comments with a retry, the end summary of rules met, and progress kept in the link."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from html_text import plain

from foodplay.teaching.lessons import STARS, games_with_lessons, lessons_for
from foodplay_widgets.pages.lesson_player import LessonPlayer


@pytest.fixture
def player():
    p = LessonPlayer(lesson="burg/first-burger", env={})
    yield p
    assert p.errors.errors == [], p.errors.errors[0]


def click(player, label):
    """Click the learner's move button labelled `label`."""
    for button in player.move_buttons + player.try_buttons:
        if button.description == label:
            button.click()
            return
    raise AssertionError(f"no button {label!r} in "
                         f"{[b.description for b in player.move_buttons + player.try_buttons]}")


def query(player) -> str:
    return urlsplit(player.url).query


def test_opens_on_the_goal_with_full_marks_and_the_scale(player):
    goal = plain(player.goal.value)
    assert "Lesson 3 of 7: Your first burger" in goal
    assert "Goal: You are Alice" in goal
    assert "Decision 1 of 4" in goal and "3 of 3 stars" in goal
    assert "the first hint is free, and each further hint costs 1 star" in goal
    assert plain(player.prompt.value) == "Now Start a burger."
    assert [b.description for b in player.move_buttons] == [  # the allowed moves only
        "start a burger with a bottom bun", "finish building"]
    assert "Where the lesson starts" in plain(player.happened.value)
    # the learner's view: Bob's and Carol's tools in hand are hidden from Alice
    assert "fp-card-back" in player.table.value


def test_hint_ladder_shows_its_cost_and_costs_stars(player):
    assert player.hint_button.description == "Hint 1 of 4: a nudge (free)"
    player.hint_button.click()
    hints = plain(player.hints.value)
    assert hints.startswith("Hints for this decision a nudge: Every burger is built up")
    assert "3 of 3 stars" in plain(player.goal.value)
    assert player.hint_button.description == "Hint 2 of 4: the rule (costs 1 star)"
    player.hint_button.click()
    assert "the rule: The rule that decides it is Rule 5-2: Start with a bottom bun." in \
        plain(player.hints.value)
    assert "fp-cited-R5-2" in player.hints.value  # the clause itself, with its text and badge
    assert "2 of 3 stars" in plain(player.goal.value)
    player.hint_button.click()
    assert "the piece that matters: You took a bottom bun card" in plain(player.hints.value)
    assert "1 of 3 stars" in plain(player.goal.value)
    assert player.hint_button.description == "Hint 4 of 4: the answer (costs 1 star)"
    player.hint_button.click()
    assert "the answer: Play this: start a burger with a bottom bun." in plain(player.hints.value)
    assert "1 of 3 stars" in plain(player.goal.value)  # never below one
    assert player.hint_button.disabled
    assert player.hint_button.description == "No more hints for this decision"
    click(player, "start a burger with a bottom bun")
    assert player.hints.value == ""  # a new decision, a new ladder
    assert player.hint_button.description == "Hint 1 of 4: a nudge (free)"


def test_trying_a_forbidden_move_is_welcome_and_names_the_rule(player):
    assert [b.description for b in player.try_buttons] == ["flip patty as a bottom bun"]
    before = player.run.state.snapshot()
    click(player, "flip patty as a bottom bun")
    feedback = plain(player.feedback.value)
    assert feedback.startswith("Not allowed: flip patty as a bottom bun.")
    assert "took a bottom bun, so there is no need to flip a card" in feedback
    assert "Rule 5-2" in feedback and "Nothing was played" in feedback
    assert 'role="alert"' in player.feedback.value
    assert player.run.state.snapshot() == before
    assert player.retry.layout.display == ""
    player.retry.click()
    assert player.feedback.value == "" and player.retry.layout.display == "none"
    assert "3 of 3 stars" in plain(player.goal.value)  # trying costs nothing


def test_any_candidate_can_be_tried_from_the_list(player):
    labels = [label for label, _ in player.whynot.options]
    assert labels[0] == "flip patty as a bottom bun"  # the lesson's suggestions come first
    player.whynot.value = labels.index("flip rat as a bottom bun")
    player.whynot_try.click()
    assert "A rat can never be flipped" in plain(player.feedback.value)


def test_off_line_move_gets_the_comment_and_a_retry(player):
    click(player, "start a burger with a bottom bun")
    click(player, "add lettuce to burger 1")
    feedback = plain(player.feedback.value)
    assert feedback.startswith("Allowed, but not this lesson's move: add lettuce to burger 1.")
    assert "you have no tomato to finish one" in feedback
    assert "What it would have done: Alice adds lettuce to burger 1" in feedback
    assert "Decision 2 of 4" in plain(player.goal.value)
    player.retry.click()
    click(player, "add cheese to burger 1")
    assert plain(player.feedback.value) == "Well played: add cheese to burger 1."
    assert "Decision 3 of 4" in plain(player.goal.value)


def test_the_end_summary_lists_the_rules_met_and_the_score(player):
    player.hint_button.click()
    player.hint_button.click()  # -1 star
    for label in ("start a burger with a bottom bun", "add patty to burger 1",
                  "add cheese to burger 1", "put a top bun on burger 1"):
        click(player, label)
    assert player.run.succeeded
    summary = plain(player.summary.value)
    assert summary.startswith("Lesson complete! ★★☆ Score: 2 of 3 stars")
    assert "Bottom bun, fillings that make exactly a recipe, top bun" in summary
    assert "Rules you met in this lesson" in summary
    for number in ("Rule 5-2", "Rule 5-3", "Rule 5-4"):
        assert number in summary
    assert player.decide.layout.display == "none"
    assert player.summary_next.layout.display == "" and not player.summary_next.disabled
    assert "(done, 2 stars)" in player.lesson_select.options[2][0]
    player.summary_next.click()
    assert player.lesson.uid == "burg/flip-a-bun"
    assert "Lesson 4 of 7" in plain(player.goal.value)


def test_progress_survives_a_reload_through_the_link(player):
    click(player, "start a burger with a bottom bun")
    player.hint_button.click()
    player.hint_button.click()
    click(player, "add cheese to burger 1")
    player.hint_button.click()
    assert query(player).startswith("lesson=burg/first-burger&moves=0.1&hints=0.2.1&check=")
    assert "history.replaceState" in player.link.value and "?lesson=burg/first-burger" in \
        player.link.value
    again = LessonPlayer.from_query(query(player), env={})
    assert again.message_texts == []
    assert again.lesson.uid == "burg/first-burger"
    assert again.run.state.snapshot() == player.run.state.snapshot()
    assert (again.run.at, again.run.stars) == (2, 2)
    assert plain(again.hints.value) == plain(player.hints.value)
    assert plain(again.goal.value) == plain(player.goal.value)
    assert again.hint_button.description == player.hint_button.description


def test_finished_lessons_keep_their_stars_in_the_browser_not_the_link():
    player = LessonPlayer(lesson="burg/only-tongs", env={})
    click(player, "play Tongs")
    assert player.run.succeeded
    assert "stars" not in query(player)
    saved = player.store.script.value
    assert "localStorage.setItem" in saved and "burg/only-tongs&quot;: 3" in saved
    player.open_index(0)
    again = LessonPlayer.from_query(query(player), env={})
    assert again.course.stars == {}
    again.store.receive('{"burg/only-tongs": 3, "burg/nowhere": 3, "burg/first-burger": 9}')
    assert again.course.stars == {"burg/only-tongs": 3}  # only real lessons and scores
    assert "(done, 3 stars)" in again.lesson_select.options[1][0]


def test_a_wrong_move_lowers_the_stars_and_an_edited_address_does_not_raise_them(player):
    click(player, "finish building")  # allowed, but off the line
    assert "2 of 3 stars" in plain(player.goal.value)
    feedback = plain(player.feedback.value)
    assert "Allowed, but not this lesson's move" in feedback
    edited = query(player).replace("misses=1", "misses=0")
    again = LessonPlayer.from_query(edited + "&stars=burg/first-burger:3", env={})
    assert "3 of 3 stars" in plain(again.goal.value) and again.run.at == 0  # starts again
    assert any("changed by hand" in t for t in again.message_texts)
    assert any("never read from a link" in t for t in again.message_texts)
    assert again.course.stars == {}


def test_a_bad_link_opens_the_first_lesson_and_says_why():
    player = LessonPlayer.from_query("lesson=burg/nowhere&stars=x", env={})
    assert player.lesson.uid == lessons_for("burg")[0].uid
    texts = player.message_texts
    assert any("'burg/nowhere'" in t for t in texts)
    assert any("never read from a link" in t for t in texts)
    assert "Please note" in plain(player.messages.value)


def test_choosing_lessons_and_restarting(player):
    player.lesson_select.value = "burg/tea-for-all"
    assert player.lesson.uid == "burg/tea-for-all"
    player.next_lesson.click()
    assert player.lesson.uid == "burg/wastebasket-bun"
    assert player.next_lesson.disabled
    click(player, "start a burger with a bottom bun")
    player.restart.click()
    assert player.run.at == 0
    player.prev_lesson.click()
    assert player.lesson.uid == "burg/tea-for-all"


def test_every_control_is_a_labelled_button_or_list(player):
    for widget in [player.hint_button, player.whynot_try, player.prev_lesson,
                   player.next_lesson, player.restart, player.retry, player.summary_next,
                   *player.move_buttons, *player.try_buttons]:
        assert widget.description.strip()
        assert widget.tooltip
    assert player.whynot.description and player.lesson_select.description
    assert player.game_select.description


@pytest.mark.parametrize("uid", [x.uid for g in games_with_lessons() for x in lessons_for(g)])
def test_every_lesson_can_be_finished_by_clicking(uid):
    player = LessonPlayer(lesson=uid, env={})
    while not player.run.finished:
        expected = player.run.expected
        state = player.run.state
        move = state.legal_moves(player.lesson.seat)[0] if expected.free else next(
            m for m in expected.accept if state.check(m).ok)
        button = player.move_buttons[state.legal_moves(player.lesson.seat).index(move)]
        button.click()
    assert player.run.succeeded and player.run.stars == STARS
    assert "Lesson complete!" in plain(player.summary.value)
    assert "Rules you met in this lesson" in plain(player.summary.value)
    assert player.errors.errors == []
    # the table is the learner's own view: nothing another seat keeps secret
    view = player.run.state.view(player.lesson.seat)
    assert player.table.value and view["seat"] == player.lesson.seat


@pytest.mark.parametrize("name", ["lessons", "teacher"])
def test_the_notebooks_are_valid(name):
    """Voilà refuses an invalid notebook (such as a cell id with an apostrophe)."""
    from pathlib import Path

    import nbformat

    path = Path(__file__).resolve().parents[2] / "notebooks" / f"{name}.ipynb"
    nbformat.validate(nbformat.read(path, as_version=4))


def test_asking_about_an_allowed_move_never_plays_nor_costs(player):
    labels = [label for label, _ in player.whynot.options]
    assert player.whynot_try.description == "Check"
    player.whynot.value = labels.index("finish building")  # allowed, but off the line
    player.whynot_try.click()
    feedback = plain(player.feedback.value)
    assert feedback.startswith("Allowed: finish building, because of Rule")
    assert "Nothing was played, and asking cost nothing" in feedback
    assert player.run.at == 0 and player.run.misses == [0] * len(player.run.misses)
    assert "3 of 3 stars" in plain(player.goal.value)
