"""Quizzes of seeded games shared by the engine tests: each seed's quizzes are made once.

The clause coverage and the quiz tests ask about the same seeded games. `quizzes_of` makes a
seed's quizzes once per session (they are `foodplay.teaching.quiz.quizzes`, unchanged), and
`position`
replays a quiz's record once, from step 0 and checked, for the tests that judge its answers.
"""

from __future__ import annotations

from functools import cache

from foodplay.engine import State
from foodplay.record import Step, replay
from foodplay.teaching import quiz
from foodplay.teaching.quiz import Quiz


@cache
def quizzes_of(game_id: str, seed: int) -> tuple[Quiz, ...]:
    """`quiz.quizzes(game_id, seed)`, made once per session (quizzes are frozen)."""
    return tuple(quiz.quizzes(game_id, seed))


def quiz_of(kind: str, game_id: str, seed: int) -> Quiz | None:
    """`quiz.quiz_at(kind, game_id, seed)`: each kind is drawn with its own seeded generator,
    so it is the quiz of that kind among the seed's quizzes (None if the game has none)."""
    return next((q for q in quizzes_of(game_id, seed) if q.kind == kind), None)


@cache
def position(kind: str, game_id: str, seed: int) -> tuple[State, tuple[Step, ...]]:
    """The position the seed's `kind` quiz asks about, replayed from step 0 with every move
    checked (independently of the quiz module's checkpoints). Read only: callers clone it."""
    asked = quiz_of(kind, game_id, seed)
    assert asked is not None, (kind, game_id, seed)
    state, steps = replay(asked.record)
    return state, tuple(steps)


@cache
def final_position(game_id: str, seed: int) -> State:
    """The end of the seed's whole playout, replayed from step 0 (read only)."""
    return replay(quiz.playout(game_id, seed))[0]
