"""The checks: a lesson played through the engine along every accepted line (`verify`), the
clauses it teaches (`lesson_clauses`), and each game's lessons, read and verified once."""

from __future__ import annotations

import json
from functools import cache

from foodplay.data import require
from foodplay.games import LISTINGS
from foodplay.record import RecordError
from foodplay.teaching.lessons.format import Lesson, LessonError, lesson_files, load
from foodplay.teaching.lessons.runner import LessonRun, fork


def verify(lesson: Lesson) -> None:
    """Play the lesson through the engine along every accepted alternative, and raise
    LessonError naming the decision at fault: at each decision the learner must be deciding,
    every reply must be allowed, every move offered to "try" must be refused and every
    comment's move allowed but off the line; the line of first choices must end in success,
    not before its last decision; and every accepted alternative must lead to success on some
    line (one that never can is a mistake in the lesson). At run time an accepted move that
    cannot lead to success any more is treated as off the line (`LessonRun.viable`)."""
    where = lesson.source
    try:
        timeline = lesson.new_timeline()
    except RecordError as exc:
        raise LessonError(f"{where}: start", str(exc)) from exc
    run = LessonRun(lesson, timeline=timeline, check=False)
    viable: set[tuple[int, int]] = set()
    _verify_from(run, where, viable, first=True)
    for i, expected in enumerate(lesson.decisions):
        for j, _ in enumerate(expected.accept):
            if (i, j) not in viable:
                raise LessonError(f"{where}: decisions[{i}].accept[{j}]", "this alternative "
                                  "never leads to success, whatever was chosen before it")


def _verify_from(run: LessonRun, where: str, viable: set[tuple[int, int]], first: bool) -> bool:
    """Check the decision `run` is at and everything after it; whether success is reached.
    On the line of first choices (`first`), every failure is an error."""
    lesson = run.lesson
    i = run.at
    if run.finished:
        if i < len(lesson.decisions) and first:
            raise LessonError(f"{where}: decisions[{i}]", "the lesson is already over here ("
                              f"{'success' if run.succeeded else 'the game ended'}), so this "
                              "decision is never reached")
        if not run.succeeded and first:
            raise LessonError(f"{where}: success", "the expected line does not meet the "
                              "success condition")
        return run.succeeded
    if i >= len(lesson.decisions):
        if first:
            raise LessonError(f"{where}: success", "the expected line does not meet the "
                              "success condition")
        return False
    at = f"{where}: decisions[{i}]"
    expected = lesson.decisions[i]
    state = run.state
    decision = state.decision()
    if decision is None or lesson.seat not in decision.seats:
        if not first:
            return False
        raise LessonError(at, f"the learner does not decide here {_branch(run)}(waiting for "
                          f"{list(decision.seats) if decision else 'nobody'})")
    for j, move in enumerate(expected.tries if first else ()):  # (a branch may allow them)
        if state.check(move).ok:
            raise LessonError(f"{at}.try[{j}]", "this move is allowed; 'try' lists refused moves")
    for j, (move, _) in enumerate(expected.comments if first else ()):
        if not state.check(move).ok:
            raise LessonError(f"{at}.comments[{j}].move", "this move is refused, so it gets the "
                              "engine's reason rather than a comment")
    if expected.free:
        moves = state.legal_moves(lesson.seat)
        if not moves:
            raise LessonError(at, "the learner has no allowed move here")
        branches = [(0, moves[0])]
    else:
        branches = [(j, m) for j, m in enumerate(expected.accept) if state.check(m).ok]
        if not branches and first:
            verdict = state.check(expected.accept[0])
            raise LessonError(f"{at}.accept", f"no accepted move is allowed {_branch(run)}"
                              f"(the first is refused under clause {verdict.clause}: "
                              f"{verdict.reason})")
    reached = False
    for n, (j, move) in enumerate(branches):
        on_first = first and n == 0
        twin = fork(run)
        try:
            twin._advance(move)
        except LessonError as exc:
            raise LessonError(at, f"after {json.dumps(move.to_json())}: {exc}") from exc
        if _verify_from(twin, where, viable, on_first):
            reached = True
            if not expected.free:
                viable.add((i, j))
    return reached


def lesson_clauses(lesson: Lesson) -> dict[str, str]:
    """The clauses a lesson meets, each with how: the rules it says it is about, the events of
    its start position and of its expected line (every accepted alternative), the verdicts of
    the accepted moves, the refusals it offers to try, and the clauses its hint ladders cite.
    (A learner's own run lists what they actually met: `LessonRun.met`.)"""
    found: dict[str, str] = {}
    _clauses_from(LessonRun(lesson, check=False), found)
    return found


def _clauses_from(run: LessonRun, found: dict[str, str]) -> None:
    for met in run.met:
        found.setdefault(met.clause, met.how)
    expected = run.expected
    if expected is None or run.finished:
        return
    state = run.state
    for move in expected.tries:
        found.setdefault(state.check(move).clause, "refusal")
    for rung in expected.hints:
        if rung.clause:
            found.setdefault(rung.clause, "hint")
    if expected.free:
        branches = state.legal_moves(run.lesson.seat)[:1]
    else:
        branches = [m for m in expected.accept if state.check(m).ok]
    for move in branches:
        twin = run if move is branches[-1] else fork(run)
        twin._advance(move)
        _clauses_from(twin, found)


def _branch(run: LessonRun) -> str:
    if not run.chosen or not any(run.chosen):
        return ""
    return f"(after the alternatives {'.'.join(str(c) for c in run.chosen)}) "


@cache
def lessons_for(game_id: str) -> tuple[Lesson, ...]:
    """A game's lessons in teaching order, each validated and verified (cached)."""
    lessons = tuple(load(p) for p in lesson_files(game_id))
    seen: set[str] = set()
    for lesson in lessons:
        require(lesson.id not in seen, f"{lesson.source}: id", f"repeats lesson id {lesson.id!r}")
        seen.add(lesson.id)
        verify(lesson)
    return lessons


def games_with_lessons() -> list[str]:
    """The built games that have lessons, in the gallery's order."""
    games = []
    for entry in LISTINGS:
        if entry.module is not None and lesson_files(entry.id):
            games.append(entry.id)
    return games


def find(uid: str) -> Lesson:
    """The lesson ``<game>/<id>``; KeyError with the known lessons if there is none."""
    game_id, _, lesson_id = uid.partition("/")
    try:
        lessons = lessons_for(game_id)
    except KeyError as exc:
        raise KeyError(f"no lessons for the game {game_id!r}") from exc
    for lesson in lessons:
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(f"no lesson {uid!r}; {game_id} has "
                   f"{', '.join(lesson.id for lesson in lessons) or 'none'}")
