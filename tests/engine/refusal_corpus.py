"""Hostile inputs that the tutor refuses, and each refusal as a learner reads it in a language.

The inputs are those of the fuzz, hostile-input and position tests, made deterministic: every
field of a game record, of a position document and of a component set a record carries, set
to every wrong value (`position_mutations.WRONG`), damaged JSON and bytes, and share links
holding a damaged, a foreign or an illegal record. Shared by
tests/engine/test_refusal_language.py and the figures in the report (run as a script from
tests/engine: `python refusal_corpus.py`, which prints, per language, how many refusals were
read and how many hold an English word).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from position_mutations import WRONG, document, mutations

from foodplay.bots import play_game
from foodplay.data import DataError, refusal_text
from foodplay.games import built_games, get_game
from foodplay.links import encode_record, parse_query
from foodplay.position_io import position_record
from foodplay.record import Record, RecordError, replay

# English words that never belong in a translated refusal (whole words): the stopwords of
# tests/engine/test_native_reading.py and a few that every English refusal says.
ENGLISH = {"the", "is", "not", "allowed", "under", "clause", "step", "move", "now", "game",
           "waiting", "decision", "it", "for", "and", "of", "must", "be", "an", "which", "has",
           "with", "from", "to", "least", "only", "cannot", "in", "too", "there", "this"}
LANGS = ("ko", "fr", "pt", "zh")
_PATH = re.compile(r"[\w.\[\]-]+(?:\s?\([^()]*\))?[\s\u00a0]?[:：]")
_NAMES = re.compile(r"[\w-]+(?:, [\w-]+){2,}")  # a list of field or component names
_WORD = re.compile(r"[A-Za-z][\w.-]*")  # a field path such as in_progress is one word


def english_words(text: str) -> set[str]:
    """The English stopwords in `text`, outside quoted values ('...') the user wrote, the
    field paths a refusal names before a colon ("game: ...", which may stay as they are) and
    lists of field or component names ("hand, deck, waiting")."""
    text = _PATH.sub(" ", _NAMES.sub(" ", re.sub(r"'[^']*'", " ", text)))
    return {w.lower() for w in _WORD.findall(text)} & ENGLISH


@cache
def base_record(game: str) -> dict:
    record, _ = play_game(game, 2, 5, ["random"])
    record.moves = record.moves[:12]
    return record.to_json()


def _record_paths(doc: dict) -> list[tuple]:
    paths: list[tuple] = [(k,) for k in doc]
    paths += [("moves", i) for i in range(3)]
    paths += [("moves", 0, k) for k in doc["moves"][0]]
    paths += [("names",), ("narration",), ("annotations",), ("rules_version",), ("title",)]
    return paths


def _set(doc: Any, path: tuple, value: Any) -> None:
    for step in path[:-1]:
        doc = doc[step]
    doc[path[-1]] = value


def _record(text: str) -> None:
    replay(Record.loads(text))


def _position(text: str) -> None:
    replay(position_record(text))


RAW = ["", "{", "[1, 2", "{\"format\": 1,}", "nul", "\"text\"", "[]", "{} {}", "1e999",
       "[" * 100 + "]" * 100, "9" * 40, "{\"a\": NaN}", "{\"a\": \"\\ud800\"}"]


def cases() -> Iterator[tuple[str, str, Callable[[str], None] | None, Any]]:
    """(kind, where, how to open, input) for every hostile input; `how` None: a link query."""
    for game in built_games():
        base = base_record(game)
        for path in _record_paths(base):
            for value in WRONG + ["x", {"1": "x"}, {"1": 3}, {"99": "x"}]:
                doc = copy.deepcopy(base)
                _set(doc, path, value)
                yield "record", f"{game} {path}", _record, json.dumps(doc)
        illegal = copy.deepcopy(base)
        illegal["moves"][5]["seat"] = (illegal["moves"][5]["seat"] + 1) % 2
        yield "record", f"{game} illegal move", _record, json.dumps(illegal)
        for where, text in mutations(game):
            yield "position", f"{game} {where}", _position, text
        doc = document(game)
        for key in ("game", "players", "options", "names", "deck_top", "first_player"):
            for value in WRONG[:8]:
                bad = copy.deepcopy(doc)
                bad[key] = value
                yield "position", f"{game} {key}", _position, json.dumps(bad)
        record = Record.from_json(base)
        yield "link", f"{game} cut", None, f"game={game}&record={encode_record(record)[:-9]}"
        yield "link", f"{game} junk", None, f"game={game}&record=%%%%AAAA"
        other = [g for g in built_games() if g != game][0]
        yield "link", f"{game} foreign", None, f"game={other}&record={encode_record(record)}"
        yield "link", f"{game} illegal", None, \
            f"game={game}&record={encode_record(Record.from_json(illegal))}"
    for raw in RAW:
        yield "record", f"raw {raw[:10]!r}", _record, raw
        yield "position", f"raw {raw[:10]!r}", _position, raw
    yield "record", "bytes", lambda _: replay(Record.loads(b"\xff\xfe{}")), ""
    for game in built_games():  # a record carrying its own component set
        comp = json.loads((get_game(game).package_dir / "data" / "components.json").read_text())
        for path in _paths(comp):
            for value in WRONG:
                doc, changed = copy.deepcopy(base_record(game)), copy.deepcopy(comp)
                _set(changed, path, value)
                doc["components"] = changed
                yield "components", f"{game} {path}", _record, json.dumps(doc)


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into `value` but the root; of a list, its first two items only."""
    items = value.items() if isinstance(value, dict) else \
        enumerate(value[:2]) if isinstance(value, list) else ()
    for key, item in items:
        yield path + (key,)
        yield from _paths(item, path + (key,))


@cache
def refused() -> list[tuple[str, str, Any]]:
    """(kind, where, the refusal: an exception, or a link's problems) for each refused input,
    tried once whatever the language."""
    found: list[tuple[str, str, Any]] = []
    for kind, where, how, given in cases():
        if how is None:
            found.append((kind, where, parse_query(given)))
            continue
        try:
            how(given)
        except (DataError, RecordError) as exc:
            found.append((kind, where, exc))
    return found


def refusals(lang: str) -> Iterator[tuple[str, str, str]]:
    """(kind, where, text in `lang`) for each refused input."""
    for kind, where, said in refused():
        if kind == "link":
            for text in said.problem_texts(lang):
                yield kind, where, text
        else:
            yield kind, where, refusal_text(said, lang)


def figures(lang: str) -> dict[str, Any]:
    """Refusals read in `lang`, and those holding English, by kind; a few examples."""
    read: dict[str, int] = {}
    english: dict[str, int] = {}
    examples: list[str] = []
    for kind, where, text in refusals(lang):
        read[kind] = read.get(kind, 0) + 1
        if english_words(text):
            english[kind] = english.get(kind, 0) + 1
            if len(examples) < 400:
                examples.append(f"{where}: {text}")
    return {"read": read, "english": english, "examples": examples}


if __name__ == "__main__":
    import sys

    for lang in sys.argv[1:] or LANGS:
        found = figures(lang)
        print(lang, "read", found["read"], "with English", found["english"])
        for line in found["examples"][:8]:
            print("   ", line[:300])
