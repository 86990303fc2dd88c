"""The lesson runner: `LessonRun`, one learner making a lesson's decisions, with graduated
hints and stars; and `LessonProgress`, where a learner is, as a link carries it.

The runner `LessonRun` is pure Python over the engine: the learner's move is judged by the
engine (a refused move is welcome: it is answered with the verdict's reason and clause, and
nothing changes), compared with the expected line, and followed by the scripted replies.
Scoring is transparent: a lesson is worth `STARS` stars; on each decision the first hint (the
nudge) is free and each further rung costs one star; every allowed move off the lesson's line
costs one star (it is not played: the learner reads why it is weaker and tries again); a move
the rules refuse costs nothing (asking the rules is welcome); a finished lesson earns at least
one star. The score is always recomputed from the progress (decisions, hints, misses), never
read from anywhere.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from foodplay.bots import HeuristicBot
from foodplay.engine import Event, Move, Seat, State, Verdict
from foodplay.games import get_game
from foodplay.record import Record, Step
from foodplay.rulebook import Clause
from foodplay.teaching.lessons.format import (
    LEARNER,
    Condition,
    Expected,
    Lesson,
    LessonError,
    Rung,
)
from foodplay.timeline import Timeline

STARS = 3
MIN_STARS = 1
FREE_RUNGS = 1  # the nudge costs nothing
MISS_COST = 1  # stars per allowed move off the lesson's line
MAX_BOT_REPLIES = 1_000
# The progress in a link carries a checksum of itself, so that an address edited by hand
# (fewer hints, fewer misses) is noticed. It is a check against hand edits, not a secret.
CHECK_KEY = b"foodplay.lesson-progress/1"


# --- success conditions ------------------------------------------------------------------
def _resolve(path: Sequence[Any], learner: Seat) -> list[Any]:
    return [learner if p == LEARNER else p for p in path]


def view_value(view: Any, path: Sequence[Any]) -> Any:
    """Follow `path` into a view; KeyError/IndexError if it is not there."""
    value = view
    for part in path:
        value = value[part]
    return value


def _compare(value: Any, op: str, wanted: Any) -> bool:
    try:
        if op == "eq":
            return value == wanted
        if op == "ne":
            return value != wanted
        if op == "gt":
            return value > wanted
        if op == "ge":
            return value >= wanted
        if op == "lt":
            return value < wanted
        if op == "le":
            return value <= wanted
        if op == "contains":
            return wanted in value
        if op == "not_contains":
            return wanted not in value
        if op == "len_eq":
            return len(value) == wanted
        if op == "len_ge":
            return len(value) >= wanted
    except TypeError:
        return False
    raise ValueError(f"unknown operator {op!r}")


def holds(condition: Condition, run: LessonRun) -> bool:
    """Whether `condition` holds for the run so far."""
    learner = run.lesson.seat
    if condition.kind == "line":
        return run.at >= len(run.lesson.decisions)
    if condition.kind == "event":
        seat = learner if condition.seat == LEARNER else condition.seat
        for ev in run.events():
            if ev.key == condition.key and (seat is None or dict(ev.params).get("seat") == seat):
                return True
        return False
    seat = learner if condition.seat == LEARNER else condition.seat
    try:
        value = view_value(run.state.view(seat), _resolve(condition.path, learner))
    except (KeyError, IndexError, TypeError):
        return False
    return _compare(value, condition.op, condition.value)


# --- the runner --------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """What became of one attempt.

    kind: "refused" (the engine said no: `verdict` says why), "off_line" (allowed, but not the
    lesson's line: `comment` says why, `events` are what it would have done; nothing changed),
    "accepted" (played: `steps` are the learner's move and the replies), "over" (the lesson is
    finished)."""

    kind: str
    move: Move | None = None
    verdict: Verdict | None = None
    comment: str | None = None
    events: tuple[Event, ...] = ()
    steps: tuple[Step, ...] = ()
    finished: bool = False


@dataclass
class Met:
    """A clause the learner met, and how: "goal" (the lesson says it is about it), "event",
    "refusal" or "hint"."""

    clause: str
    how: str


class LessonRun:
    """One learner going through one lesson. All state lives in `timeline` plus the counts.

    `attempt(move)` judges a move; `hint()` climbs the current decision's ladder;
    `stars` is the score so far; `met` lists the clauses met, in order."""

    def __init__(self, lesson: Lesson, *, timeline: Timeline | None = None, check: bool = True):
        self.lesson = lesson
        self.timeline = timeline if timeline is not None else lesson.new_timeline()
        self.start = self.timeline.last
        self.at = 0  # the index of the decision being made
        self.rungs: list[int] = [0] * len(lesson.decisions)  # hint rungs shown per decision
        self.chosen: list[int] = []  # per decision made: the accepted alternative's index
        self.misses: list[int] = [0] * len(lesson.decisions)  # off-line moves per decision
        self.refused = 0
        self.off_line = 0
        self.finished = False
        self.succeeded = False
        self._met: dict[str, Met] = {}
        self._meet(lesson.about, "goal")
        for ev in self.timeline.steps[self.start].events:
            if ev.visible(lesson.seat):
                self._meet(ev.clauses, "event")
        if check:
            self._check_finished()

    # --- reading -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.timeline.state_at(self.timeline.last)

    @property
    def expected(self) -> Expected | None:
        """The decision the learner is making, or None once the lesson is finished."""
        if self.finished or self.at >= len(self.lesson.decisions):
            return None
        return self.lesson.decisions[self.at]

    def events(self) -> list[Event]:
        """Every event since the lesson's start position, in order."""
        return [ev for step in self.timeline.steps[self.start + 1:] for ev in step.events]

    @property
    def cost(self) -> int:
        """Stars lost: each hint rung beyond the first on a decision, and each allowed move
        off the lesson's line, costs one."""
        return sum(max(0, used - FREE_RUNGS) for used in self.rungs) + \
            MISS_COST * sum(self.misses)

    @property
    def stars(self) -> int:
        return max(MIN_STARS, STARS - self.cost)

    @property
    def met(self) -> list[Met]:
        return list(self._met.values())

    def met_clauses(self) -> list[Clause]:
        rulebook = get_game(self.lesson.game).rulebook()
        return [rulebook[m.clause] for m in self._met.values()]

    def _meet(self, clauses: Sequence[str], how: str) -> None:
        for clause in clauses:
            self._met.setdefault(clause, Met(clause, how))

    # --- hints ---------------------------------------------------------------------------
    def next_rung(self) -> tuple[Rung, int] | None:
        """The next hint rung of this decision and what it would cost in stars (0 or 1), or
        None when the ladder is climbed (or there is no ladder)."""
        expected = self.expected
        if expected is None or not expected.hints:
            return None
        used = self.rungs[self.at]
        if used >= len(expected.hints):
            return None
        cost = 0 if used < FREE_RUNGS else 1
        return expected.hints[used], cost

    def shown_rungs(self) -> list[Rung]:
        expected = self.expected
        if expected is None:
            return []
        return list(expected.hints[: self.rungs[self.at]])

    def hint(self) -> Rung | None:
        """Show the next rung of the ladder (it may cost a star); None if none is left."""
        nxt = self.next_rung()
        if nxt is None:
            return None
        rung, _ = nxt
        self.rungs[self.at] += 1
        if rung.clause:
            self._meet((rung.clause,), "hint")
        return rung

    def answer(self) -> Move | None:
        """The move the ladder's last rung gives away."""
        expected = self.expected
        if expected is None or expected.free:
            return None
        return expected.accept[0]

    # --- moves ---------------------------------------------------------------------------
    def attempt(self, move: Move) -> Outcome:
        """Judge the learner's move. Refused and off-line moves change nothing."""
        expected = self.expected
        if expected is None:
            return Outcome("over", move, finished=True)
        state = self.state
        verdict = state.check(move)
        if verdict.ok and move.seat != self.lesson.seat:  # allowed, but not the learner's
            decision = state.decision()
            verdict = Verdict.refuse(verdict.clause, "verdict.not_your_turn", seat=move.seat,
                                     waiting=list(decision.seats) if decision else [])
        if not verdict.ok:
            self.refused += 1
            self._meet((verdict.clause,), "refusal")
            return Outcome("refused", move, verdict)
        if not expected.accepts(move) or not self.viable(move):
            self.off_line += 1
            self.misses[self.at] += 1
            twin = state.clone()
            events = tuple(ev for ev in twin.apply(move) if ev.visible(self.lesson.seat))
            return Outcome("off_line", move, verdict, expected.comment_for(move), events)
        return self._advance(move)

    def viable(self, move: Move) -> bool:
        """Whether the lesson can still end in success after `move`. An accepted alternative
        counts only if it still leads somewhere: a lesson may accept either order of two moves,
        but not the first of one order followed by the first of the other."""
        if self.expected is None or self.expected.free:
            return True
        twin = fork(self)
        try:
            twin._advance(move)
        except LessonError:
            return False
        return _succeeds(twin)

    def _advance(self, move: Move) -> Outcome:
        """Play an accepted move and its replies, then check the success condition."""
        expected = self.lesson.decisions[self.at]
        first = self.timeline.last
        self._play(move)
        if expected.replies == "bots":
            self._bots()
        else:
            for i, reply in enumerate(expected.replies):
                try:
                    self._play(reply)
                except Exception as exc:
                    raise LessonError(f"replies[{i}]", f"the reply cannot be played: {exc}") \
                        from exc
        self.chosen.append(expected.accept.index(move) if move in expected.accept
                           else self._legal_index(move, first))
        self.at += 1
        steps = tuple(self.timeline.steps[first + 1:])
        for step in steps:
            for ev in step.events:
                if ev.visible(self.lesson.seat):
                    self._meet(ev.clauses, "event")
        self._check_finished()
        return Outcome("accepted", move, steps=steps, finished=self.finished)

    def _legal_index(self, move: Move, index: int) -> int:
        moves = self.timeline.state_at(index).legal_moves(self.lesson.seat)
        return moves.index(move) if move in moves else 0

    def _play(self, move: Move) -> None:
        self.timeline.go(self.timeline.last)
        verdict = self.state.check(move)
        if not verdict.ok:
            raise LessonError("move", f"{json.dumps(move.to_json())} is refused under clause "
                              f"{verdict.clause} ({verdict.reason})")
        self.timeline.play(move)
        self._meet((verdict.clause,), "event")

    def _bots(self) -> None:
        bot = HeuristicBot()
        for _ in range(MAX_BOT_REPLIES):
            state = self.state
            decision = state.decision()
            if decision is None or self.lesson.seat in decision.seats:
                return
            self._play(bot.choose(state, decision.seats[0]))
        raise LessonError("replies", "the bots did not hand the decision back to the learner")

    def _check_finished(self) -> None:
        conditions = self.lesson.success
        if all(holds(c, self) for c in conditions):
            self.finished = self.succeeded = True
        elif self.at >= len(self.lesson.decisions) or self.state.is_over:
            self.finished = True  # the line is over without success: a broken lesson

    # --- progress ------------------------------------------------------------------------
    def progress(self) -> LessonProgress:
        upto = min(self.at + 1, len(self.rungs))
        return LessonProgress(self.lesson.uid, tuple(self.chosen), tuple(self.rungs[:upto]),
                              tuple(self.misses[:upto]))

    @classmethod
    def resume(cls, lesson: Lesson, progress: LessonProgress) -> LessonRun:
        """A run replayed to `progress` (the decisions made, the hints used). Whatever does
        not fit the lesson is dropped, so a damaged link still opens the lesson."""
        run = cls(lesson)
        for i, missed in enumerate(progress.misses[: len(run.misses)]):
            run.misses[i] = min(missed, STARS)  # more cannot lower the score further
        for i, choice in enumerate(progress.chosen):
            expected = run.expected
            if expected is None:
                break
            if i < len(progress.rungs):
                run.rungs[i] = min(progress.rungs[i], len(expected.hints))
            if expected.free:
                moves = run.state.legal_moves(lesson.seat)
                move = moves[choice] if 0 <= choice < len(moves) else None
            else:
                move = expected.accept[choice] if 0 <= choice < len(expected.accept) else None
            if move is None:
                run.rungs[i] = 0
                run.misses[i + 1:] = [0] * (len(run.misses) - i - 1)
                break
            run._advance(move)
            for rung in expected.hints[: run.rungs[i]]:
                if rung.clause:
                    run._meet((rung.clause,), "hint")
        else:
            i = len(progress.chosen)
            if run.expected is not None and i < len(progress.rungs):
                run.rungs[i] = min(progress.rungs[i], len(run.expected.hints))
                for rung in run.expected.hints[: run.rungs[i]]:
                    if rung.clause:
                        run._meet((rung.clause,), "hint")
        return run


def _succeeds(run: LessonRun) -> bool:
    """Whether some line of accepted moves from here ends in success (a small search)."""
    if run.finished:
        return run.succeeded
    expected = run.expected
    if expected is None:
        return False
    state = run.state
    if expected.free:
        moves = state.legal_moves(run.lesson.seat)[:1]
    else:
        moves = [m for m in expected.accept if state.check(m).ok]
    for move in moves:
        twin = fork(run)
        try:
            twin._advance(move)
        except LessonError:
            continue
        if _succeeds(twin):
            return True
    return False


def fork(run: LessonRun) -> LessonRun:
    """An independent copy of `run`, to try a line without changing it."""
    twin = LessonRun(run.lesson, timeline=_copy_timeline(run.timeline), check=False)
    twin.start = run.start
    twin.at = run.at
    twin.chosen = list(run.chosen)
    twin.rungs = list(run.rungs)
    return twin


def _copy_timeline(timeline: Timeline) -> Timeline:
    record = Record.from_json(timeline.record.to_json())
    return Timeline(record)


# --- progress in a link ------------------------------------------------------------------
@dataclass(frozen=True)
class LessonProgress:
    """Where a learner is in one lesson: the alternatives chosen, the hint rungs used and the
    moves off the line tried, per decision."""

    lesson: str
    chosen: tuple[int, ...] = ()
    rungs: tuple[int, ...] = ()
    misses: tuple[int, ...] = ()

    def check(self) -> str:
        """The checksum a link carries with this progress (see CHECK_KEY)."""
        rungs = dots(self.rungs) if any(self.rungs) else ""  # as a link writes them
        misses = dots(self.misses) if any(self.misses) else ""
        body = "|".join([self.lesson, dots(self.chosen), rungs, misses])
        return hashlib.blake2b(body.encode(), key=CHECK_KEY, digest_size=5).hexdigest()


def dots(numbers: Sequence[int]) -> str:
    """Numbers as a link writes them: "0.2.1"."""
    return ".".join(str(n) for n in numbers)
