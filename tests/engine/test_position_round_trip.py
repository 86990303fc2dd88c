"""A position taken from a random game and reloaded plays on identically (issue 29 item 5):
the same legal moves, the same events (so the same explanations) and the same scores, in all
four games.

A position is taken wherever the game's position format can hold one (foodplay.position.
position_document): BURG and Food Truck at the start of a round, Coffee Rush when a round
starts, Cuisine a la Card when a turn starts. Shuffles still to come (Food Truck's truck decks,
Cuisine's discard piles) draw on the game's random stream, which a position does not carry: the
reloaded game is given the original's stream, so that the rest of the game can be compared."""

from __future__ import annotations

import json

import pytest
from bot_games import bot_game
from hypothesis import given, settings
from hypothesis import strategies as st

from foodplay.explain import explain
from foodplay.games import built_games, get_game
from foodplay.position_io import position_document, position_record
from foodplay.record import replay

LATER_SHUFFLES = {"cuisine-a-la-card", "food-truck"}


def _events(events: list) -> list:
    return [(e.key, e.params, e.clauses, e.visible_to) for e in events]


def _taken_positions(game_id: str, players: int, seed: int, bots: str):
    """(step, original state, position document) for every step the format can hold."""
    record, _ = bot_game(game_id, players, seed, [bots])
    state, _ = replay(record, 0)
    found = []
    for index, move in enumerate(record.moves):
        doc = position_document(state, seed=seed + 1)
        if doc is not None:
            found.append((index, state.clone(), doc))
        state.apply(move)
    return record, found


def _plays_on_identically(record, index: int, original, doc: dict) -> None:
    again, _ = replay(position_record(json.dumps(doc)))
    if original.game.id in LATER_SHUFFLES:
        again.rng.setstate(original.rng.getstate())
    for step, move in enumerate(record.moves[index:], start=index + 1):
        assert sorted(map(repr, again.legal_moves())) == \
            sorted(map(repr, original.legal_moves())), step
        before, after = original.apply(move), again.apply(move)
        assert _events(after) == _events(before), step
        said = [s.text for s in explain(again, after, None, "fr")]
        assert said == [s.text for s in explain(original, before, None, "fr")], step
    assert again.is_over and original.is_over
    assert (again.scores(), again.winners()) == (original.scores(), original.winners())


@pytest.mark.parametrize("game_id", built_games())
@settings(max_examples=8, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 5_000), extra=st.integers(0, 3), pick=st.integers(0, 10**6),
       bots=st.sampled_from(["heuristic", "random"]))
def test_a_position_from_any_step_plays_on_identically(game_id, seed, extra, pick, bots):
    game = get_game(game_id)
    players = min(game.min_players + extra, game.max_players)
    if bots == "random" and game_id in ("cuisine-a-la-card", "coffee-rush"):
        bots = "heuristic"  # random games of these run to thousands of moves
    record, found = _taken_positions(game_id, players, seed, bots)
    assert found, "every game passes a point its position format holds"
    index, state, doc = found[pick % len(found)]
    _plays_on_identically(record, index, state, doc)


def test_a_position_document_round_trips_through_the_loader():
    """The document of a reloaded position is the document it was loaded from."""
    for game_id in built_games():
        record, found = _taken_positions(game_id, 2, 7, "heuristic")
        _, state, doc = found[len(found) // 2]
        again, _ = replay(position_record(json.dumps(doc)))
        assert position_document(again, seed=8) == doc, game_id
