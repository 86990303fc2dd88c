"""The lesson format: a lesson is declarative data (a JSON file), read and validated here into
frozen records (`Lesson`, `Expected`, `Rung`, `Condition`); nothing here plays a move.

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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foodplay.data import DataError, Say, read_json, require
from foodplay.engine import Move, Seat
from foodplay.games import get_game
from foodplay.position import TRUE_OR_FALSE
from foodplay.record import Record, RecordError
from foodplay.timeline import Timeline

FORMAT = "foodplay.lesson/1"
RUNGS = ("nudge", "clause", "piece", "answer")
SUCCESS_KINDS = ("line", "event", "view")
VIEW_OPS = ("eq", "ne", "gt", "ge", "lt", "le", "contains", "not_contains", "len_eq", "len_ge")
LEARNER = "$learner"  # in a view path or an event's seat: the learner's seat
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class LessonError(DataError):
    """A lesson file that cannot be taught: names the file and the field at fault."""


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
