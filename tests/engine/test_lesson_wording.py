"""Lesson words that teach: a comment on a move off the line says why the move is weaker and
never what to play; a goal states the aim, never the move."""

from __future__ import annotations

import re

import pytest

from foodplay.explain import move_text
from foodplay.games import get_game
from foodplay.teaching.lessons import games_with_lessons, lessons_for

# verbs that would turn a comment into an instruction ("Play Tongs.", "Step left onto ...")
IMPERATIVES = ("put", "play", "step", "choose", "serve", "warm", "add", "take", "use", "flip",
               "drink", "stop", "finish", "end", "start", "close", "buy", "pour", "turn",
               "spend", "send", "recall", "cover", "activate", "keep", "lead", "walk",
               "move", "place", "make", "give", "pick", "build", "try", "go")
LESSONS = [lesson for game in games_with_lessons() for lesson in lessons_for(game)]


def sentences(text: str) -> list[str]:
    """Sentences and clauses after a colon or a semicolon, each as it starts."""
    return [part.strip() for part in re.split(r"[.:;!?]\s+|\s+instead\b", text) if part.strip()]


def comment_keys(lesson) -> list[str]:
    keys = []
    for decision in lesson.decisions:
        keys += [k for k in (decision.off_line,) if k]
        keys += [key for _, key in decision.comments]
    return keys


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.uid for x in LESSONS])
def test_comments_say_why_never_what_to_play(lesson):
    cat = get_game(lesson.game).catalogue("en")
    for key in comment_keys(lesson):
        text = cat.format(key, {"seat": lesson.seat}, ["Alice", "Bob", "Carol", "Dave", "Eve"])
        for sentence in sentences(text):
            first = sentence.split()[0].lower().strip(",")
            assert first not in IMPERATIVES, f"{key}: {sentence!r} tells the learner what to do"


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.uid for x in LESSONS])
def test_no_comment_names_the_expected_move(lesson):
    from foodplay.teaching.lessons import LessonRun

    cat = get_game(lesson.game).catalogue("en")
    names = ["Alice", "Bob", "Carol", "Dave", "Eve"]
    words = [cat.format(k, {"seat": lesson.seat}, names) for k in comment_keys(lesson)]
    run = LessonRun(lesson)
    for _ in range(200):
        if run.expected is None:
            break
        expected = run.expected
        state = run.state
        if not expected.free:
            for move in expected.accept:
                said = move_text(state, move)
                assert not any(said.lower() in w.lower() for w in words), \
                    f"{lesson.uid}: a comment says {said!r}"
        moves = list(expected.accept) or state.legal_moves(lesson.seat)
        for move in moves:  # the first accepted alternative that leads on
            if run.attempt(move).kind == "accepted":
                break


def test_the_first_burg_lesson_does_not_say_where_the_rat_goes():
    lesson = lessons_for("burg")[0]
    goal = get_game("burg").catalogue("en").format(lesson.goal, {"seat": 0}, ["Alice", "Bob"])
    assert "onion pile" not in goal and "pile 2" not in goal and "rat" in goal
