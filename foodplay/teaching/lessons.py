"""Lessons: a learner makes the decisions of a prepared position, with graduated help.

A lesson is a data file, ``<game package>/data/lessons/NN-<id>.json`` (files are taught in name
order, from first contact to the subtle rules)::

    {
     "format": "foodplay.lesson/1",
     "game": "burg",
     "id": "tongs",                                     unique within the game
     "title": "burg.lesson.tongs.title",                message keys, in the game's catalogue
     "goal": "burg.lesson.tongs.goal",
     "done": "burg.lesson.tongs.done",                  optional: said on success
     "start": {"scenario": "two-player-reveal", "step": 8},   or {"record": {...}, "step": 8}
     "seat": 0,                                         the learner's seat
     "about": ["R4", "D2"],                             optional: the rules the lesson is
                                                        about, shown with the goal
     "decisions": [                                     the expected line, in order
      {"prompt": "burg.lesson.tongs.1.prompt",          optional: what to decide now
       "accept": [{"kind": "tool", "tool": "tongs"}],   accepted alternatives (moves as JSON;
                                                        "seat" may be left out: the learner's)
       "hints": {"nudge": KEY,                          the hint ladder, in this order
                 "clause": {"clause": "R3"},            cites a clause (KEY optional: without
                                                        it, the clause itself is the hint)
                 "piece": KEY,                          the piece or card that matters
                 "answer": KEY},                        optional: without it, the move itself
       "off_line": KEY,                                 said when the learner plays another
                                                        allowed move (nothing is played; retry)
       "comments": [{"move": {...}, "comment": KEY}],   optional: words for one deviation
       "try": [{...}],                                  optional: refused moves worth trying
       "replies": [{"seat": 1, "kind": "tool", "tool": "tea"}]   or "bots"; optional
      },
      {"free": true, "replies": "bots"}                 any allowed move is accepted
     ],
     "success": {"kind": "line"}                        the line's end (the default), or
                {"kind": "event", "key": EVENT_KEY, "seat": "learner"}, or
                {"kind": "view", "seat": "learner", "path": [...], "op": "ge", "value": 1},
                or a list of these (all must hold)
    }

Message texts are filled with ``seat`` (the learner's seat), so a text may say ``{seat!p}``.

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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from foodplay.bots import HeuristicBot
from foodplay.data import DataError, Say, read_json, require
from foodplay.engine import Event, Move, Seat, State, Verdict
from foodplay.games import LISTINGS, get_game
from foodplay.position import TRUE_OR_FALSE
from foodplay.record import Record, RecordError, Step
from foodplay.rulebook import Clause
from foodplay.timeline import Timeline

FORMAT = "foodplay.lesson/1"
RUNGS = ("nudge", "clause", "piece", "answer")
STARS = 3
MIN_STARS = 1
FREE_RUNGS = 1  # the nudge costs nothing
SUCCESS_KINDS = ("line", "event", "view")
VIEW_OPS = ("eq", "ne", "gt", "ge", "lt", "le", "contains", "not_contains", "len_eq", "len_ge")
LEARNER = "$learner"  # in a view path or an event's seat: the learner's seat
MAX_BOT_REPLIES = 1_000
MISS_COST = 1  # stars per allowed move off the lesson's line
# The progress in a link carries a checksum of itself, so that an address edited by hand
# (fewer hints, fewer misses) is noticed. It is a check against hand edits, not a secret.
CHECK_KEY = b"foodplay.lesson-progress/1"
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class LessonError(DataError):
    """A lesson file that cannot be taught: names the file and the field at fault."""


# --- the format --------------------------------------------------------------------------
@dataclass(frozen=True)
class Rung:
    """One step of a hint ladder: a message key (None: the tutor words it) and a clause."""

    kind: str
    key: str | None = None
    clause: str | None = None


@dataclass(frozen=True)
class Expected:
    """One decision of the expected line."""

    accept: tuple[Move, ...] = ()
    free: bool = False
    prompt: str | None = None
    hints: tuple[Rung, ...] = ()
    off_line: str | None = None
    comments: tuple[tuple[Move, str], ...] = ()
    tries: tuple[Move, ...] = ()
    replies: tuple[Move, ...] | str = ()

    def accepts(self, move: Move) -> bool:
        return self.free or move in self.accept

    def comment_for(self, move: Move) -> str | None:
        for other, key in self.comments:
            if other == move:
                return key
        return self.off_line


@dataclass(frozen=True)
class Condition:
    """One success condition from the closed vocabulary (see SUCCESS_KINDS, VIEW_OPS)."""

    kind: str = "line"
    key: str | None = None  # event
    seat: Any = None  # event: a seat, LEARNER or None (anyone); view: LEARNER, a seat or None
    path: tuple[Any, ...] = ()
    op: str = "eq"
    value: Any = None


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    title: str
    goal: str
    record: Record  # the start position's record, cut at `start`
    start: int
    seat: Seat
    decisions: tuple[Expected, ...]
    success: tuple[Condition, ...] = (Condition(),)
    done: str | None = None
    source: str = "lesson"
    about: tuple[str, ...] = ()  # the rules the lesson is about, shown with its goal

    @property
    def uid(self) -> str:
        """The lesson's id across games: ``<game>/<id>``."""
        return f"{self.game}/{self.id}"

    def new_timeline(self) -> Timeline:
        record = Record.from_json(self.record.to_json())
        return Timeline(record)


def _move(raw: Any, where: str, seat: Seat | None) -> Move:
    """A move from JSON; `seat` fills in a missing seat (the learner's)."""
    require(isinstance(raw, Mapping), where, "must be a move: an object with a 'kind'")
    data = dict(raw)
    if seat is not None:
        data.setdefault("seat", seat)
    try:
        return Move.from_json(data)
    except TypeError as exc:
        raise DataError(where, str(exc)) from exc


def _key(data: Mapping[str, Any], name: str, where: str, keys: set[str] | None,
         optional: bool = False) -> str | None:
    value = data.get(name)
    if value is None and optional:
        return None
    require(isinstance(value, str) and value, f"{where}.{name}", "must be a message key")
    if keys is not None:
        require(value in keys, f"{where}.{name}",
                f"{value!r} is not in the game's English message catalogue")
    return value


def _rungs(raw: Any, where: str, keys: set[str] | None, clauses: set[str]) -> tuple[Rung, ...]:
    require(isinstance(raw, Mapping), where, f"must be an object with the rungs "
                                             f"{', '.join(RUNGS)}")
    unknown = sorted(set(raw) - set(RUNGS))
    require(not unknown, f"{where}.{unknown[0] if unknown else ''}",
            f"is not a hint rung; the ladder is {', '.join(RUNGS)}")
    rungs = []
    for kind in RUNGS:
        item = raw.get(kind)
        at = f"{where}.{kind}"
        if kind == "answer" and item is None:
            rungs.append(Rung("answer"))
            continue
        if isinstance(item, str):
            item = {"key": item}
        require(isinstance(item, Mapping), at, "must be a message key or an object with "
                                               "'key' and/or 'clause'")
        key = _key(item, "key", at, keys, optional=kind in ("clause", "answer"))
        clause = item.get("clause")
        if kind == "clause":
            require(isinstance(clause, str), f"{at}.clause", "must cite a clause id")
        if clause is not None:
            require(isinstance(clause, str) and clause in clauses, f"{at}.clause",
                    f"{clause!r} is not a clause of this game's rulebook")
        rungs.append(Rung(kind, key, clause))
    return tuple(rungs)


def _moves(raw: Any, where: str, seat: Seat | None, allow_empty: bool = True) -> tuple[Move, ...]:
    require(isinstance(raw, list) and (allow_empty or raw), where,
            "must be a list of moves" if allow_empty else "must be a non-empty list of moves")
    return tuple(_move(m, f"{where}[{i}]", seat) for i, m in enumerate(raw))


def _decision(raw: Any, where: str, seat: Seat, keys: set[str] | None,
              clauses: set[str]) -> Expected:
    require(isinstance(raw, Mapping), where, Say("data.object"))
    known = {"prompt", "accept", "free", "hints", "off_line", "comments", "try", "replies"}
    unknown = sorted(set(raw) - known)
    require(not unknown, f"{where}.{unknown[0] if unknown else ''}",
            f"is not a field of a decision; use {', '.join(sorted(known))}")
    free = raw.get("free", False)
    require(isinstance(free, bool), f"{where}.free", TRUE_OR_FALSE)
    prompt = _key(raw, "prompt", where, keys, optional=True)
    replies_raw = raw.get("replies", [])
    if replies_raw == "bots":
        replies: tuple[Move, ...] | str = "bots"
    else:
        replies = _moves(replies_raw, f"{where}.replies", None)
        for i, move in enumerate(replies):
            require(move.seat != seat, f"{where}.replies[{i}].seat",
                    "a reply is another seat's move, not the learner's")
    if free:
        for name in ("accept", "hints", "off_line", "comments", "try"):
            require(name not in raw, f"{where}.{name}",
                    "a free decision accepts any allowed move, so it has no " + name)
        return Expected(free=True, prompt=prompt, replies=replies)
    accept = _moves(raw.get("accept"), f"{where}.accept", seat, allow_empty=False)
    for i, move in enumerate(accept):
        require(move.seat == seat, f"{where}.accept[{i}].seat",
                "an expected decision is the learner's own move")
    hints = _rungs(raw.get("hints"), f"{where}.hints", keys, clauses)
    off_line = _key(raw, "off_line", where, keys)
    comments = []
    raw_comments = raw.get("comments", [])
    require(isinstance(raw_comments, list), f"{where}.comments",
            "must be a list of {'move', 'comment'} objects")
    for i, item in enumerate(raw_comments):
        at = f"{where}.comments[{i}]"
        require(isinstance(item, Mapping), at, "must be an object with 'move' and 'comment'")
        move = _move(item.get("move"), f"{at}.move", seat)
        require(move not in accept, f"{at}.move", "is an accepted move, not a deviation")
        comments.append((move, _key(item, "comment", at, keys)))
    tries = _moves(raw.get("try", []), f"{where}.try", seat)
    return Expected(accept, False, prompt, hints, off_line, tuple(comments), tries, replies)


def _condition(raw: Any, where: str, players: int) -> Condition:
    require(isinstance(raw, Mapping), where, "must be an object with a 'kind'")
    kind = raw.get("kind", "line")
    require(kind in SUCCESS_KINDS, f"{where}.kind",
            Say("position.one_of", values=", ".join(SUCCESS_KINDS)))
    allowed = {"line": {"kind"}, "event": {"kind", "key", "seat"},
               "view": {"kind", "seat", "path", "op", "value"}}[kind]
    unknown = sorted(set(raw) - allowed)
    require(not unknown, f"{where}.{unknown[0] if unknown else ''}",
            f"is not a field of a {kind!r} condition; use {', '.join(sorted(allowed))}")
    seat = raw.get("seat", LEARNER if kind == "view" else None)
    require(seat in (None, LEARNER, "learner", "teacher")
            or (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players),
            f"{where}.seat", f"must be 'learner', 'teacher' or a seat from 0 to {players - 1}")
    seat = {"learner": LEARNER, "teacher": None}.get(seat, seat)
    if kind == "line":
        return Condition()
    if kind == "event":
        key = raw.get("key")
        require(isinstance(key, str) and key, f"{where}.key", "must be an event's message key")
        return Condition("event", key=key, seat=seat)
    path = raw.get("path")
    require(isinstance(path, list) and path and all(
        isinstance(p, str) or (isinstance(p, int) and not isinstance(p, bool)) for p in path),
        f"{where}.path", "must be a non-empty list of keys and indexes into the view")
    op = raw.get("op", "eq")
    require(op in VIEW_OPS, f"{where}.op", Say("position.one_of", values=", ".join(VIEW_OPS)))
    require("value" in raw, f"{where}.value", "is missing")
    return Condition("view", seat=seat, path=tuple(path), op=op, value=raw["value"])


def parse(data: Any, source: str = "lesson", game_dir: Path | None = None) -> Lesson:
    """Validate a lesson's shape and message keys; raise LessonError naming the field.

    Scenario paths are looked up in the game's data/scenarios. Whether the line can be played
    is a separate check: `verify`."""
    try:
        return _parse(data, source)
    except LessonError:
        raise
    except DataError as exc:
        raise LessonError(f"{source}: {exc.where}", exc.problem) from exc


def _parse(data: Any, source: str) -> Lesson:
    require(isinstance(data, Mapping), "lesson", "must be a JSON object")
    known = {"format", "game", "id", "title", "goal", "done", "start", "seat", "about",
             "decisions", "success"}
    unknown = sorted(set(data) - known)
    require(not unknown, unknown[0] if unknown else "",
            f"is not a field of a lesson; use {', '.join(sorted(known))}")
    require(data.get("format") == FORMAT, "format", f"must be {FORMAT!r}, not "
                                                    f"{data.get('format')!r}")
    game_id = data.get("game")
    try:
        game = get_game(game_id)
    except KeyError as exc:
        raise DataError("game", str(exc.args[0])) from exc
    lesson_id = data.get("id")
    require(isinstance(lesson_id, str) and _ID.match(lesson_id) is not None, "id",
            "must be lower-case letters and digits joined by hyphens, such as 'first-reveal'")
    keys = set(game.catalogue("en").templates)
    clauses = {c.id for c in game.rulebook()}
    title = _key(data, "title", "lesson", keys)
    goal = _key(data, "goal", "lesson", keys)
    done = _key(data, "done", "lesson", keys, optional=True)
    start = data.get("start")
    require(isinstance(start, Mapping), "start",
            "must be an object with 'scenario' (a file name) or 'record', and 'step'")
    require(("scenario" in start) != ("record" in start), "start",
            "needs exactly one of 'scenario' and 'record'")
    if "scenario" in start:
        name = start["scenario"]
        require(isinstance(name, str) and _ID.match(name) is not None, "start.scenario",
                "must be a scenario's file name without '.json'")
        path = game.package_dir / "data" / "scenarios" / f"{name}.json"
        require(path.is_file(), "start.scenario", f"there is no scenario {name!r} for "
                                                  f"{game.title}")
        try:
            record = Record.load(path)
        except RecordError as exc:
            raise DataError("start.scenario", str(exc)) from exc
    else:
        try:
            record = Record.from_json(start["record"])
        except RecordError as exc:
            raise DataError("start.record", str(exc)) from exc
    require(record.game == game.id, "start", f"the start position is a {record.game} game, "
                                             f"not {game.id}")
    step = start.get("step", 0)
    require(isinstance(step, int) and not isinstance(step, bool)
            and 0 <= step <= len(record.moves), "start.step",
            f"must be a step from 0 to {len(record.moves)}")
    record = record.cut(step)
    seat = data.get("seat")
    require(isinstance(seat, int) and not isinstance(seat, bool)
            and 0 <= seat < record.players, "seat",
            f"must be the learner's seat, from 0 to {record.players - 1}")
    about = data.get("about", [])
    require(isinstance(about, list), "about", "must be a list of clause ids")
    for i, clause in enumerate(about):
        require(isinstance(clause, str) and clause in clauses, f"about[{i}]",
                f"{clause!r} is not a clause of this game's rulebook")
    raw_decisions = data.get("decisions")
    require(isinstance(raw_decisions, list) and raw_decisions, "decisions",
            Say("data.non_empty_list"))
    decisions = tuple(_decision(d, f"decisions[{i}]", seat, keys, clauses)
                      for i, d in enumerate(raw_decisions))
    raw_success = data.get("success", {"kind": "line"})
    items = raw_success if isinstance(raw_success, list) else [raw_success]
    require(items, "success", "must be a condition or a non-empty list of conditions")
    where = (lambda i: f"success[{i}]") if isinstance(raw_success, list) else (lambda i: "success")
    success = tuple(_condition(c, where(i), record.players) for i, c in enumerate(items))
    return Lesson(game.id, lesson_id, title, goal, record, step, seat, decisions, success, done,
                  source, tuple(about))


def load(path: str | Path) -> Lesson:
    """Read and validate one lesson file (shape and keys); LessonError names the field."""
    path = Path(path)
    try:
        data = read_json(path)
    except DataError as exc:
        raise LessonError(exc.where, exc.problem) from exc
    return parse(data, source=path.name)


def lesson_dir(game_id: str) -> Path:
    return get_game(game_id).package_dir / "data" / "lessons"


def lesson_files(game_id: str) -> list[Path]:
    """A game's lesson files, in teaching order (their names start with a number)."""
    folder = lesson_dir(game_id)
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


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


# --- checking a lesson against the engine ------------------------------------------------
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
        twin = _fork(run)
        try:
            twin._advance(move)
        except LessonError:
            continue
        if _succeeds(twin):
            return True
    return False


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
        twin = _fork(run)
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
        twin = run if move is branches[-1] else _fork(run)
        twin._advance(move)
        _clauses_from(twin, found)


def _branch(run: LessonRun) -> str:
    if not run.chosen or not any(run.chosen):
        return ""
    return f"(after the alternatives {'.'.join(str(c) for c in run.chosen)}) "


def _fork(run: LessonRun) -> LessonRun:
    twin = LessonRun(run.lesson, timeline=_copy_timeline(run.timeline), check=False)
    twin.start = run.start
    twin.at = run.at
    twin.chosen = list(run.chosen)
    twin.rungs = list(run.rungs)
    return twin


def _copy_timeline(timeline: Timeline) -> Timeline:
    record = Record.from_json(timeline.record.to_json())
    return Timeline(record)


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
        twin = _fork(self)
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
        rungs = _dots(self.rungs) if any(self.rungs) else ""  # as a link writes them
        misses = _dots(self.misses) if any(self.misses) else ""
        body = "|".join([self.lesson, _dots(self.chosen), rungs, misses])
        return hashlib.blake2b(body.encode(), key=CHECK_KEY, digest_size=5).hexdigest()


def _dots(numbers: Sequence[int]) -> str:
    return ".".join(str(n) for n in numbers)


@dataclass
class Course:
    """A learner's progress through the lessons: the open lesson's progress as a query string
    (see `query`), and the stars of finished lessons.

    The open lesson's progress lives in the page's address: the lesson app rewrites the address
    bar after every decision (and shows the same address as a link), so a reload, a bookmark or
    a link sent to a teacher reopens the very same point, with a checksum against hand edits.
    The address never carries stars: the open lesson's score is recomputed from its progress,
    and the stars of finished lessons are kept in the browser's storage (the lesson player's
    `BrowserStore`), which the page hands back to the kernel once it has started."""

    lesson: str | None = None  # the lesson open now, "<game>/<id>"
    current: LessonProgress | None = None
    stars: dict[str, int] = field(default_factory=dict)  # finished lessons: uid -> stars
    lang: str = "en"
    problems: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def query(self) -> str:
        params: dict[str, str] = {}
        if self.lesson:
            params["lesson"] = self.lesson
        if self.current is not None and self.current.lesson == self.lesson:
            current = self.current
            if current.chosen:
                params["moves"] = _dots(current.chosen)
            if any(current.rungs):
                params["hints"] = _dots(current.rungs)
            if any(current.misses):
                params["misses"] = _dots(current.misses)
            if current.chosen or any(current.rungs) or any(current.misses):
                params["check"] = current.check()
        if self.lang != "en":
            params["lang"] = self.lang
        return urlencode(params, safe="/:,")


def _numbers(text: str) -> tuple[int, ...] | None:
    parts = text.split(".") if text else []
    if not all(p.isdigit() and len(p) <= 4 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def parse_course(query: str) -> Course:
    """Read a lesson link such as ``lesson=burg/tongs&moves=0.0&hints=1.2&misses=0.1&check=..``.

    Never raises: a bad part becomes a problem message (a core catalogue key) and is dropped.
    Stars are never read from a link (``stars=`` is ignored, and said so): they are earned."""
    from foodplay.i18n.langcodes import resolve

    course = Course()
    problems = course.problems
    try:
        values = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    except ValueError:
        problems.append(("ui.lesson.link.unreadable", {}))
        return course
    if resolve(values.get("lang")) is not None:
        course.lang = resolve(values["lang"]) or "en"
    if values.get("stars"):
        problems.append(("ui.lesson.link.stars_ignored", {}))
    uid = values.get("lesson")
    if uid is None:
        return course
    if not _known(uid):
        problems.append(("ui.lesson.link.bad_lesson", {"value": uid}))
        return course
    course.lesson = uid
    chosen = _numbers(values.get("moves", ""))
    rungs = _numbers(values.get("hints", ""))
    misses = _numbers(values.get("misses", ""))
    if chosen is None or rungs is None or misses is None:
        problems.append(("ui.lesson.link.bad_progress", {}))
        chosen, rungs, misses = (), (), ()
    progress = LessonProgress(uid, chosen, rungs, misses)
    checked = chosen or any(rungs) or any(misses) or "check" in values
    if checked and values.get("check") != progress.check():
        problems.append(("ui.lesson.link.edited", {}))  # edited by hand: start again
        progress = LessonProgress(uid)
    course.current = progress
    return course


def _known(uid: str) -> bool:
    try:
        find(uid)
    except (KeyError, DataError):
        return False
    return True


__all__ = ["FORMAT", "RUNGS", "STARS", "Condition", "Course", "Expected", "Lesson",
           "LessonError", "LessonProgress", "LessonRun", "Met", "Outcome", "Rung", "find",
           "games_with_lessons", "holds", "lesson_clauses", "lessons_for", "load", "parse",
           "parse_course", "verify"]
