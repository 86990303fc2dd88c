"""Positions are checked against every stated rule (issue 29 item 5): Coffee Rush's fifth
penalty (5-4) and paid upgrades (1), dealt parts that a position leaves out, and no TypeError
from any field of a position, whatever its type."""

from __future__ import annotations

import json

import pytest
from position_mutations import document, exported, run

from foodplay.data import DataError
from foodplay.engine import Move
from foodplay.games import built_games, get_game
from foodplay.position_io import position_record
from foodplay.record import replay


def _state(doc: dict):
    return replay(position_record(json.dumps(doc)))[0]


def _refusal(doc: dict) -> str:
    with pytest.raises(DataError) as raised:
        position_record(json.dumps(doc))
    return str(raised.value)


def test_coffee_rush_five_penalties_with_the_start_token_open_is_refused():
    doc = document("coffee-rush")
    orders = sorted(get_game("coffee-rush").components().orders)[-5:]
    doc["position"]["seats"][1]["penalties"] = orders
    said = _refusal(doc)
    assert "setup.position.start_token" in said and "(Rule 5-4, clause R5-4)" in said
    assert "5 penalty cards" in said
    doc["position"]["start_token"] = "closed"
    state = _state(doc)
    assert not state.open  # the round is finished, then the game ends (rule 6)


def test_coffee_rush_upgrades_must_each_be_paid_with_three_spent_orders():
    doc = document("coffee-rush")
    doc["position"]["seats"][0]["upgrades"] = ["diagonal"]
    said = _refusal(doc)
    assert "setup.position.seats[0].spent" in said and "(Rule 1, clause R1)" in said
    doc["position"]["seats"][1]["spent"] = doc["position"]["seats"][1]["spent"][:2]
    doc["position"]["seats"][0].pop("upgrades")
    assert "setup.position.seats[1].spent" in _refusal(doc)


def test_a_food_truck_position_without_a_supply_deals_it_and_compensation_works():
    doc = document("food-truck")
    doc["position"].pop("supply")
    state = _state(doc)
    assert len(state.supply) == 2 and state.supply[0] == "hot_dog"  # deck_top is dealt first
    # play until someone drops out: they pick their compensation from the dealt supply
    while state.decision() and not any(m.kind == "pick" for m in state.legal_moves()):
        state.apply(state.legal_moves()[0])
    picks = [m for m in state.legal_moves() if m.kind == "pick"]
    assert picks and {m.get("card") for m in picks} <= set(state.supply)


def test_a_food_truck_supply_short_of_a_card_per_player_is_refused_while_the_deck_has_more():
    doc = document("food-truck")
    doc["position"]["supply"] = ["pizza"]
    said = _refusal(doc)
    assert "setup.position.supply" in said and "(Rule 3-3, clause R3-3)" in said


def test_a_cuisine_position_without_market_or_hands_deals_them():
    doc = document("cuisine-a-la-card")
    doc["position"].pop("market")
    for seat in doc["position"]["seats"]:
        seat.pop("hand")
    doc["position"]["seats"][1].pop("deck")
    state = _state(doc)
    assert None not in state.market and state.market[0] == "shrimp"  # deck_top first, slot 1
    assert [len(h) for h in state.hand] == [5, 5]
    assert sum(state.inventory().values()) == sum(
        get_game("cuisine-a-la-card").new_state(2, seed=1).inventory().values())


def test_a_cuisine_position_refuses_a_gap_in_the_market():
    doc = document("cuisine-a-la-card")
    doc["position"]["market"][2] = None
    said = _refusal(doc)
    assert "setup.position.market[2]" in said and "(Rule G6, clause G6)" in said


@pytest.mark.parametrize("game_id", built_games())
def test_no_position_field_of_any_type_raises_anything_but_a_refusal(game_id):
    """Every field of a position document (and every key it leaves out) set to a list, an
    object, a huge or negative number, a boolean, null, a string or a float: refused with a
    DataError or played on, never a TypeError."""
    for base in (None, exported(game_id)):  # hand-written, and taken from a played game
        result = run(game_id, base=base)
        assert result["faults"] == []
        assert result["tried"] > 500 and result["refused"] > 0.9 * result["tried"]


def test_a_position_plays_on_after_it_is_dealt():
    for game_id in built_games():
        state = _state(document(game_id))
        move = state.legal_moves()[0]
        assert isinstance(move, Move)
        state.apply(move)
