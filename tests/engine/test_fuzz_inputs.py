"""Fuzz: mutated records, component sets and moves either load or raise the project's own clear
error (RecordError, DataError, IllegalMove), never TypeError, KeyError, RecursionError and the
like; a refusal leaves its input and the position untouched.

Sized for CI (a few seconds): FOODPLAY_FUZZ=2000 (say) runs a longer local soak.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

import pytest
from bot_games import bot_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foodplay.data import DataError
from foodplay.engine import IllegalMove, Move
from foodplay.games import built_games, get_game
from foodplay.record import Record, RecordError, replay

settings.register_profile(
    "foodplay-fuzz",
    max_examples=int(os.environ.get("FOODPLAY_FUZZ", "50")),  # 50 per test and game on CI
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
    print_blob=True,
)
FUZZ = settings.get_profile("foodplay-fuzz")
GAMES = built_games()
MESSAGE_CHARS = 600  # a refusal repeats no huge value (limits.MESSAGE_CHARS)

ODD_TEXTS = ["", "²", "٣", "0", "1", "-1", "9" * 30, "\ud800", "\x1b[31m", "\u202e", "x" * 5000,
             "patty", "milk", "spoon", "pizza", "seat", "kind", "count", "id", "fork", "null"]
LEAVES = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 8), st.integers(-(2 ** 80), 2 ** 80),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6), st.sampled_from(ODD_TEXTS),
)
VALUES = st.recursive(
    LEAVES, lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(ODD_TEXTS[:10]) | st.text(max_size=4), inner, max_size=3),
    max_leaves=6)
SETUP_KEYS = ("seed", "first_player", "deck_top", "position", "pantry_top", "fridge",
              "judges_top", "hands", "decks", "plates", "medals", "central_top", "trucks")


@cache
def base_record(game: str) -> str:
    """A valid record of the game's first 25 moves, as JSON text (fast to replay)."""
    record = bot_game(game, 2, 5, ["random"])[0]
    record.moves = record.moves[:25]
    return record.dumps()


@cache
def base_components(game: str) -> str:
    return json.dumps(get_game(game).components().source)


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside `doc`, the root included."""
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += paths(value, prefix + (i,))
    return found


def _get(doc: Any, path: tuple) -> Any:
    for step in path:
        doc = doc[step]
    return doc


@cache
def _shape(text: str, extra_keys: tuple[str, ...]) -> tuple[list[tuple], list[str]]:
    """The paths into a base document, and the keys to add: computed once per base."""
    where = paths(json.loads(text))
    return where, sorted({str(p[-1]) for p in where if p and isinstance(p[-1], str)}
                         | set(extra_keys))


@st.composite
def mutated(draw: st.DrawFn, text: str, extra_keys: tuple[str, ...]) -> Any:
    """`text` parsed, then changed in one to three places: a value replaced by another (often of
    the wrong type, or an id wrapped in a list), a key or an entry removed, a key added."""
    doc = json.loads(text)
    where, keys = _shape(text, extra_keys)
    for _ in range(draw(st.integers(1, 3))):
        path = where[draw(st.integers(0, len(where) - 1))]
        try:
            target = _get(doc, path)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
        op = draw(st.sampled_from(["replace", "wrap", "delete", "add", "copy"]))
        if op == "add" and isinstance(target, dict):
            target[draw(st.sampled_from(keys))] = draw(VALUES)
        elif op == "add" and isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(VALUES))
        elif not path:
            doc = draw(VALUES) if op == "replace" else [doc] if op == "wrap" else doc
        else:
            parent, last = _get(doc, path[:-1]), path[-1]
            if op == "delete":
                del parent[last]
            elif op == "wrap":
                parent[last] = [target] if draw(st.booleans()) else {"id": target}
            elif op == "copy":
                other = json.loads(text)
                for step in where[draw(st.integers(0, len(where) - 1))]:
                    other = other[step]
                parent[last] = other
            else:
                parent[last] = draw(VALUES)
    return doc


def unchanged(before: str, data: Any) -> None:
    assert json.dumps(data, sort_keys=True) == before, "loading changed its input"


def short(exc: Exception) -> None:
    assert len(str(exc)) <= MESSAGE_CHARS, str(exc)[:200]


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_record_replays_or_is_refused_with_a_record_error(game):
    @FUZZ
    @given(mutated(base_record(game), SETUP_KEYS))
    def check(data: Any) -> None:
        before = json.dumps(data, sort_keys=True)
        try:
            record = Record.from_json(data)
            replay(record)
        except RecordError as exc:
            short(exc)
        unchanged(before, data)
    check()


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_component_set_loads_or_is_refused_with_a_data_error(game):
    base = json.loads(base_record(game))

    @FUZZ
    @given(mutated(base_components(game), ()))
    def check(data: Any) -> None:
        before = json.dumps(data, sort_keys=True)
        try:
            get_game(game).components(data)
        except DataError as exc:
            short(exc)
        unchanged(before, data)
        try:
            replay(Record.from_json(base | {"components": data, "moves": []}))  # set up a game
        except RecordError as exc:
            short(exc)
        unchanged(before, data)
    check()
    assert json.dumps(get_game(game).components().source) == base_components(game)


@pytest.mark.parametrize("game", GAMES)
def test_a_mutated_move_is_played_or_refused_leaving_the_position_untouched(game):
    record = Record.from_json(json.loads(base_record(game)))
    state, _ = replay(record, 12)
    decision = state.decision()
    assert decision is not None
    moves = [m.to_json() for s in decision.seats for m in state.candidates(s)]
    text = json.dumps(moves[0] if len(moves) == 1 else moves[:4])

    @FUZZ
    @given(mutated(text, ("seat", "kind", "card", "pile", "burger", "row", "col", "order")))
    def check(data: Any) -> None:
        for raw in data if isinstance(data, list) else [data]:
            try:
                move = Move.from_json(raw)
            except TypeError:
                continue  # the record loader turns this into a DataError naming the move
            twin = state.clone()
            before = twin.snapshot()
            try:
                twin.check(move)
                twin.apply(move)
            except IllegalMove:
                assert twin.snapshot() == before, "a refused move changed the position"
    check()
