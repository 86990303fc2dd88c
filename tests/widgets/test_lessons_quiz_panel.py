"""The quiz panel without a browser: questions from real positions, marking, explanations
with clauses, and the next question."""

from __future__ import annotations

import pytest
from html_text import plain

from foodplay.games import built_games
from foodplay_widgets.pages.quiz_panel import QuizPanel


@pytest.fixture(params=built_games())
def panel(request):
    p = QuizPanel(request.param, seed=2)
    yield p
    assert p.errors.errors == [], p.errors.errors[0]


def test_a_right_answer_is_marked_right_and_explained(panel):
    quiz = panel.quiz
    assert quiz is not None
    assert quiz.question in plain(panel.question.value)
    panel.answer(quiz.answer)
    panel.check.click()
    result = plain(panel.result.value)
    assert result.startswith("Right!")
    for choice in quiz.choices:
        assert choice.explanation in result
    assert "fp-cited-" in panel.result.value  # each answer with its clause
    assert "Right so far: 1 of 1" in plain(panel.score.value)
    assert panel.check.disabled


def test_a_wrong_answer_shows_what_was_missed_and_wrong(panel):
    quiz = panel.quiz
    wrong = set(range(len(quiz.choices))) - set(quiz.answer)
    panel.answer(wrong if quiz.multiple else {min(wrong)})
    panel.check.click()
    result = plain(panel.result.value)
    assert result.startswith("Not quite.")
    assert "You chose this, but it is wrong." in result
    assert "Right so far: 0 of 1" in plain(panel.score.value)


def test_next_question_and_kinds(panel):
    panel.kind_select.value = "allowed"
    assert panel.quiz.kind == "allowed" and panel.quiz.multiple
    assert len(panel.choice_boxes) == len(panel.quiz.choices)
    assert all(box.description for box in panel.choice_boxes)
    panel.kind_select.value = "reveal"
    assert panel.quiz.kind == "reveal" and panel.radio is not None
    first = panel.quiz.question
    panel.next_button.click()
    assert panel.quiz.kind == "reveal" and not panel.check.disabled
    assert panel.quiz.question != first or panel.seed > 3
    assert panel.table.value  # the position is shown


def test_an_empty_answer_is_not_graded(panel):
    panel.check.click()  # nothing chosen
    assert "Choose an answer first" in plain(panel.result.value)
    assert not panel.check.disabled and "Right so far: 0 of 0" in plain(panel.score.value)
    panel.answer(panel.quiz.answer)
    panel.check.click()
    assert plain(panel.result.value).startswith("Right!")


def test_each_question_says_what_it_tests_and_shows_the_deciding_seats_view(panel):
    for kind in ("allowed", "reveal", "scores"):
        panel.kind_select.value = kind
        quiz = panel.quiz
        if quiz is None:
            continue
        assert "What this tests:" in plain(panel.question.value)
        assert quiz.seat is not None  # a player's view, never the teacher's
        name = quiz.record.names[quiz.seat] if quiz.record.names else None
        assert name is None or name in plain(panel.table.value)


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_the_question_shown_follows_a_language_switch(panel, lang):
    english = panel.quiz
    assert english is not None and english.lang == "en"
    panel.set_lang(lang)
    asked = panel.quiz
    assert asked.lang == lang and asked.kind == english.kind and asked.step == english.step
    assert asked.question != english.question
    shown = plain(panel.question.value).replace("\xa0", " ")
    assert asked.question.replace("\xa0", " ") in shown and english.question not in shown
    labels = [box.description for box in panel.choice_boxes] if asked.multiple \
        else [label for label, _ in panel.radio.options]
    assert labels == [c.text for c in asked.choices]
    assert not {c.text for c in english.choices} & set(labels)
