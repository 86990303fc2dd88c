"""Clause coverage: every clause of every game's rulebook is met by at least one lesson or
quiz. A lesson meets the clauses of its start position, of its expected line (events and
verdicts, every accepted alternative), of the refusals it offers to try, of its hint ladders,
and the rules its goal names; a quiz meets the clauses its answers are explained with."""

from __future__ import annotations

from functools import cache

import pytest

from foodplay import quiz
from foodplay.games import built_games, get_game
from foodplay.lessons import lesson_clauses, lessons_for

SEEDS = range(48)  # quizzes from this many seeded games per game (deterministic)


@cache
def quiz_met(game_id: str) -> dict[str, list[str]]:
    return quiz.quiz_clauses(game_id, SEEDS)


@pytest.mark.parametrize("game_id", built_games())
def test_every_game_has_five_lessons_or_more(game_id):
    assert len(lessons_for(game_id)) >= 5


@pytest.mark.parametrize("game_id", built_games())
def test_every_clause_is_met_by_a_lesson_or_a_quiz(game_id):
    rulebook = get_game(game_id).rulebook()
    met: dict[str, list[str]] = {}
    for lesson in lessons_for(game_id):
        for clause, how in lesson_clauses(lesson).items():
            met.setdefault(clause, []).append(f"lesson {lesson.id} ({how})")
    for clause, where in quiz_met(game_id).items():
        met.setdefault(clause, []).extend(f"quiz {w}" for w in where[:3])
    missing = [f"{c.id} ({c.title()})" for c in rulebook if c.id not in met]
    assert not missing, f"{game_id}: no lesson or quiz meets {', '.join(missing)}"
    assert set(met) <= {c.id for c in rulebook}  # nothing cites a clause that does not exist


@pytest.mark.parametrize("game_id", built_games())
def test_most_clauses_are_met_in_play_not_only_named(game_id):
    """A lesson's goal may name a rule it is about (shown with the goal), but most clauses are
    met by what actually happens: events, verdicts and refusals."""
    named_only = set()
    shown = set()
    for lesson in lessons_for(game_id):
        for clause, how in lesson_clauses(lesson).items():
            (named_only if how == "goal" else shown).add(clause)
    shown |= set(quiz_met(game_id))
    only = named_only - shown
    assert len(only) <= len(get_game(game_id).rulebook()) // 5, sorted(only)
