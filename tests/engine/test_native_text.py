"""Read the tutor as a native reviewer would: seeded bot games with their explanations, the
bots' advice, lessons and quizzes, in each language, scanned line by line for that language's
known machine-made defects. Any hit fails, quoting the line.

Add a language by adding its patterns to DEFECTS (label, regular expression); the transcripts
are shared. Catalogue, glossary and rulebook text is scanned as written as well, so that a key
no seeded game reaches is still read.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from functools import cache

import pytest

from foodplay import cli
from foodplay.bots import suggest
from foodplay.games import LISTINGS, get_game
from foodplay.lessons import lessons_for
from foodplay.messages import CORE_DIR
from foodplay.quiz import quizzes
from foodplay.record import replay

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]
GAMES = [entry.id for entry in LISTINGS if entry.module is not None]
SEEDS = (1, 2)
PARTICLE = r"이|가|은|는|을|를|과|와|으|아|야|이나|이에요|예요"
DEFECTS: dict[str, list[tuple[str, str]]] = {
    "ko": [
        ("particle fallback", rf"\((?:{PARTICLE})\)"),
        ("formal imperative -십시오", r"십시오|하시오"),
        ("formal -습니다/-ㅂ니다 (해요체 throughout)", r"[가-힣]니다(?![가-힣])|[가-힣]니까\?"),
        ("당신", r"당신"),
        ("the bot as 나", r"나에게|(?<![가-힣])내가 |(?<![가-힣])나는 "),
        ("위 번 for the top bun", r"위 번|아래 번"),
        ("'N장 중 M번째'", r"중 \d+번째"),
        ("a count in parentheses", r"\(1\)"),
    ],
}


def _played_lines(game_id: str, lang: str, seed: int) -> Iterator[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        cli.main(["play", game_id, "--players", "3", "--seed", str(seed), "--lang", lang])
    yield from out.getvalue().splitlines()


def _advice_lines(game_id: str, lang: str, seed: int) -> Iterator[str]:
    """The heuristic bot's hint at every tenth decision of a seeded game."""
    from foodplay.bots import play_game

    record, _ = play_game(game_id, 3, seed)
    cat = get_game(game_id).catalogue(lang)
    state, _ = replay(record, 0)
    for index, move in enumerate(record.moves):
        if index % 10 == 0:
            hint = suggest(state, move.seat)
            reason = cat.format(hint.reason, hint.params, state.names)
            yield cat.format("ui.hint.for_seat", {"seat": move.seat, "reason": reason},
                             state.names)
        state.apply(move)


def _lesson_lines(game_id: str, lang: str) -> Iterator[str]:
    cat = get_game(game_id).catalogue(lang)
    for lesson in lessons_for(game_id):
        keys = [lesson.title, lesson.goal, lesson.done]
        for decision in lesson.decisions:
            keys += [decision.prompt, decision.off_line]
            keys += [key for _, key in decision.comments]
            keys += [rung.key for rung in decision.hints]
        for key in keys:
            if key and cat.has(key):
                yield cat.format(key, {"seat": lesson.seat}, NAMES)


def _quiz_lines(game_id: str, lang: str) -> Iterator[str]:
    for quiz in quizzes(game_id, 1, lang):
        yield quiz.question
        for choice in quiz.choices:
            yield choice.text
            yield choice.explanation


@cache
def transcript(lang: str) -> tuple[tuple[str, str], ...]:
    """(where, line) for every line a learner reads in the seeded sample."""
    lines: list[tuple[str, str]] = []
    for game_id in GAMES:
        for seed in SEEDS:
            lines += [(f"{game_id} play seed {seed}", t)
                      for t in _played_lines(game_id, lang, seed)]
            lines += [(f"{game_id} advice seed {seed}", t)
                      for t in _advice_lines(game_id, lang, seed)]
        lines += [(f"{game_id} lessons", t) for t in _lesson_lines(game_id, lang)]
        lines += [(f"{game_id} quiz", t) for t in _quiz_lines(game_id, lang)]
    return tuple(lines)


def _written_text(lang: str) -> Iterator[tuple[str, str]]:
    """Every string of the catalogues, glossaries and rulebooks of `lang`, as written."""
    folders = [CORE_DIR] + [get_game(g).package_dir / "data" for g in GAMES]
    for folder in folders:
        for kind in ("messages", "glossary", "rulebook"):
            path = folder / f"{kind}.{lang}.json"
            if path.exists():
                yield from _strings(json.loads(path.read_text(encoding="utf-8")), path.name)


def _strings(value: object, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{where}: {key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{where}[{index}]")


def hits(lang: str, lines: object) -> list[str]:
    found = []
    for label, pattern in DEFECTS[lang]:
        rule = re.compile(pattern)
        for where, line in lines:  # type: ignore[attr-defined]
            match = rule.search(line)
            if match:
                context = line[max(0, match.start() - 30):match.end() + 30]
                found.append(f"{label}: {where}: …{context}…")
    return found


@pytest.mark.parametrize("lang", sorted(DEFECTS))
def test_transcripts_read_as_native_text(lang: str) -> None:
    lines = transcript(lang)
    assert len(lines) > 1000, "the sample is too small to judge"
    found = hits(lang, lines)
    assert found == [], f"{len(found)} defects, such as:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", sorted(DEFECTS))
def test_catalogues_read_as_native_text(lang: str) -> None:
    found = hits(lang, list(_written_text(lang)))
    assert found == [], f"{len(found)} defects, such as:\n" + "\n".join(found[:40])
