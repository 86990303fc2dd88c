"""What a native reader of a language sees, line by line: seeded bot games of every game as
`foodplay play` prints them, every lesson played along its line (goal, prompts, hints,
comments, the events the learner sees), the quizzes of a few seeds, and refusals of a bad
record by `foodplay check`. The native-reading tests scan these lines for known defects.

Each source is made once per session and language (the games take a few seconds in all).
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from foodplay import cli
from foodplay.explain import explain
from foodplay.games import get_game
from foodplay.lessons import LessonRun, games_with_lessons, lessons_for
from foodplay.quiz import quizzes

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
SEEDS = (1, 2, 3)
QUIZ_SEEDS = (1, 2)
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]


def _run_cli(args: list[str]) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        cli.main(args)
    return out.getvalue(), err.getvalue()


@cache
def game_lines(game_id: str, seed: int, lang: str) -> tuple[str, ...]:
    """Every line `foodplay play GAME --players 3 --seed SEED --lang LANG` prints."""
    out, err = _run_cli(["play", game_id, "--players", "3", "--seed", str(seed), "--lang", lang])
    assert err == "", err
    return tuple(line for line in out.splitlines() if line.strip())


@cache
def lesson_lines(lang: str) -> tuple[tuple[str, str], ...]:
    """Each lesson in `lang`: its own texts (goal, prompts, hints, comments, done), and the
    events the learner sees while playing the lesson's line: (game id, line) pairs."""
    lines: list[tuple[str, str]] = []
    for game_id in games_with_lessons():
        game = get_game(game_id)
        cat = game.catalogue(lang)
        for lesson in lessons_for(game_id):
            prefix = f"{game_id}.lesson.{lesson.id}."
            for key in sorted(k for k in cat.templates if k.startswith(prefix)):
                lines.append((game_id, cat.format(key, {"seat": lesson.seat}, NAMES)))
            run = LessonRun(lesson)
            for _ in range(60):
                move = run.answer()
                if move is None:
                    break
                outcome = run.attempt(move)
                for step in outcome.steps:
                    lines += [(game_id, s.text) for s in explain(
                        run.state, list(step.events), lesson.seat, lang)]
    return tuple(lines)


@cache
def quiz_lines(game_id: str, lang: str) -> tuple[str, ...]:
    """The questions, choices and explanations of the quizzes of a few seeds."""
    lines: list[str] = []
    for seed in QUIZ_SEEDS:
        for quiz in quizzes(game_id, seed, lang):
            lines.append(quiz.question)
            for choice in quiz.choices:
                lines += [choice.text, choice.explanation]
    return tuple(lines)


@cache
def refusal_lines(lang: str, folder: str) -> tuple[str, ...]:
    """`foodplay check` refusing a record whose step 7 is played by the wrong seat."""
    record = Path(folder) / "record.json"
    if not record.exists():
        _run_cli(["play", "burg", "--seed", "1", "--quiet", "--out", str(record)])
        data = json.loads(record.read_text(encoding="utf-8"))
        data["moves"][6]["seat"] = (data["moves"][6]["seat"] + 1) % data["players"]
        record.write_text(json.dumps(data), encoding="utf-8")
    _, err = _run_cli(["check", str(record), "--lang", lang])
    return tuple(line for line in err.splitlines() if line.strip())


def all_lines(lang: str) -> Iterator[tuple[str, str]]:
    """(where, line) for every generated line in `lang`, refusals aside."""
    for game_id in GAMES:
        for seed in SEEDS:
            for line in game_lines(game_id, seed, lang):
                yield f"{game_id} seed {seed}", line
        for line in quiz_lines(game_id, lang):
            yield f"{game_id} quiz", line
    for game_id, line in lesson_lines(lang):
        yield f"{game_id} lesson", line
