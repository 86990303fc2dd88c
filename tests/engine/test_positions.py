"""Any position as data (issue 14 item 6): every game starts from a full position given in
`setup.position`, keeps every component in exactly one place, refuses a bad position naming the
field and the rule, and `foodplay check` validates records that start from one."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from foodplay.data import DataError
from foodplay.games import built_games, get_game
from foodplay.invariants import check_conservation
from foodplay.position import SETUP_KEYS
from foodplay.record import Record

POSITIONS = {
    "burg": (2, {"round": 3, "seats": [
        {"hand": {"tongs": 1, "tea": 2}, "used": ["tongs"],
         "burgers": [{"recipe": "cheeseburger"}],
         "in_progress": [{"bottom": "onion", "fillings": ["patty"]}],
         "wastebasket": ["rat", "lettuce"], "rat_tokens": 1}, {}]}),
    "coffee-rush": (2, {"meeples": [[[1, 1], [2, 2]], [[4, 4], [3, 3]]],
                        "seats": [{"completed": ["c01"], "rush": 2, "cups": [["milk"], [], []]},
                                  {}]}),
    "cuisine-a-la-card": (2, {
        "round": 5, "active": 1, "market": ["eggs", "butter", "rice", "tofu"],
        "fridge": ["duck", "corn"], "judges": ["home_cook", "nonna", "gourmet"],
        "seats": [{"hand": ["spoon", "spoon", "brie", "fork", "salt"], "discard": ["cheddar"],
                   "plates": ["tofu", None], "medals": 4, "eaten": ["eggs", "bok_choy", "salt"],
                   "judges": ["pitmaster"]},
                  {"hand": ["spoon"], "deck": ["spoon", "rice"], "medals": 2}]}),
    "food-truck": (2, {"round": 4, "supply": ["pizza", "curry"], "seats": [
        {"hand": ["burger", "doner", "pizza", "tacos", "noodles", "curry", "ice_cream"], "vp": 2,
         "truck_deck": ["swap", "detour"], "truck_discard": ["recall", "cover", "rush"]},
        {"vp": 1}]}),
}
# One bad position per game: (change, the field named, the rule cited)
BAD = {
    "burg": ({"seats": [{"rat_tokens": 2}, {}]}, "setup.position.seats[0].rat_tokens",
             "(Rule 5-1, clause R5-1)"),
    "cuisine-a-la-card": ({"seats": [{"plates": ["tofu"]}, {"hand": ["spoon"] * 9}]},
                          "setup.position.seats[1].hand[8]", "(Rule S1, clause S1)"),
    "food-truck": ({"seats": [{"vp": 3}, {}]}, "setup.position.seats[0].vp",
                   "(Rule 3-4, clause R3-4)"),
    "coffee-rush": ({"meeples": [[[1, 1], [2, 2]], [[1, 1], [3, 3]]]},
                    "setup.position.meeples[1][0]", "(Rule S-4, clause S4)"),
}


def _order_ids(game_id: str) -> list[str]:
    return sorted(get_game(game_id).components().orders)[:1] if game_id == "coffee-rush" else []


def position(game_id: str) -> tuple[int, dict]:
    players, raw = POSITIONS[game_id]
    raw = json.loads(json.dumps(raw))
    if game_id == "coffee-rush":
        raw["seats"][0]["completed"] = _order_ids(game_id)
    return players, raw


def test_every_game_takes_the_same_set_up_settings():
    for game_id in built_games():
        game = get_game(game_id)
        players, raw = position(game_id)
        state = game.new_state(players, setup={"seed": 2, "first_player": 1, "deck_top": [],
                                               "position": raw})
        assert state.first == 1, game_id
    assert SETUP_KEYS == ("seed", "first_player", "deck_top", "position")


@pytest.mark.parametrize("game_id", built_games())
def test_a_game_started_from_a_position_conserves_every_component(game_id):
    game = get_game(game_id)
    players, raw = position(game_id)
    state = game.new_state(players, setup={"seed": 3, "first_player": 0, "position": raw})
    whole = game.new_state(players, seed=3).inventory()
    assert check_conservation(state, whole) == []
    rng = random.Random(3)
    for _ in range(400):
        decision = state.decision()
        if decision is None:
            break
        state.apply(rng.choice(state.legal_moves(rng.choice(decision.seats))))
        assert check_conservation(state, whole) == []


def test_the_positions_are_laid_out_as_given():
    burg = get_game("burg").new_state(2, setup={"seed": 1, "position": position("burg")[1]})
    assert burg.round == 3 and burg.rat_tokens == [1, 0] and burg.hands[0] == {"tongs": 1,
                                                                                 "tea": 2}
    assert burg.burgers[0][0]["recipe"] == "cheeseburger" and burg.progress[0][0]["bottom"] == \
        "onion"
    truck = get_game("food-truck").new_state(2, setup={
        "seed": 1, "position": position("food-truck")[1], "deck_top": ["hot_dog"]})
    assert truck.round == 4 and truck.vp == [2, 1] and truck.supply == ["pizza", "curry"]
    assert truck.truck[0] == "swap" and truck.central[-1] == "hot_dog"
    cuisine = get_game("cuisine-a-la-card").new_state(2, setup={
        "seed": 1, "first_player": 0, "position": position("cuisine-a-la-card")[1],
        "deck_top": ["shrimp"]})
    assert (cuisine.round, cuisine.active, cuisine.medals) == (5, 1, [4, 2])
    assert cuisine.fridge[-1] == "duck" and cuisine.pantry[-1] == "shrimp"
    assert cuisine.deck[1] == ["rice", "spoon"] and cuisine.plates[0] == ["tofu", None, None]
    assert cuisine.forks == get_game("cuisine-a-la-card").components().forks - 1


@pytest.mark.parametrize("game_id", built_games())
def test_a_bad_position_is_refused_naming_the_field_and_the_rule(game_id):
    players, raw = position(game_id)
    change, where, rule = BAD[game_id]
    raw.update(json.loads(json.dumps(change)))
    with pytest.raises(DataError) as info:
        get_game(game_id).new_state(players, setup={"seed": 1, "position": raw})
    assert info.value.where == where and str(info.value).endswith(rule)


def test_a_whole_deck_must_account_for_every_card():
    with pytest.raises(DataError) as info:
        get_game("burg").new_state(2, setup={"seed": 1, "position": {"deck": ["rat"]}})
    assert "every card must be somewhere" in str(info.value) and "clause G1" in str(info.value)


def test_a_cuisine_position_cannot_mix_with_the_partial_fixes():
    with pytest.raises(DataError) as info:
        get_game("cuisine-a-la-card").new_state(2, setup={"position": {}, "hands": {}})
    assert info.value.where == "setup.hands"


def test_the_old_deck_top_names_still_load():
    cuisine = get_game("cuisine-a-la-card").new_state(2, setup={"seed": 1,
                                                                 "pantry_top": ["shrimp"]})
    assert "shrimp" in cuisine.market
    truck = get_game("food-truck").new_state(2, setup={"seed": 1, "central_top": ["curry"]})
    assert "curry" in truck.supply


@pytest.mark.parametrize("good", [True, False])
def test_foodplay_check_validates_a_record_that_starts_from_a_position(tmp_path, good):
    players, raw = position("burg")
    if not good:
        raw["seats"][0]["rat_tokens"] = 2
    record = Record("burg", players, setup={"seed": 1, "position": raw})
    path = tmp_path / "position.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "foodplay.cli", "check", str(path)],
                          capture_output=True, text=True, timeout=120)
    if good:
        assert done.returncode == 0 and done.stdout.startswith("OK"), done.stderr
    else:
        assert done.returncode == 2
        assert "rat_tokens" in done.stderr + done.stdout
        assert "Rule 5-1" in done.stderr + done.stdout


@pytest.mark.parametrize("top, says", [
    (["no_such_card"], "'no_such_card' is not a card of this component set"),
    (["cheese"] * 99, "'cheese' is not left in the deck"),
])
def test_burg_deck_top_names_the_card_and_the_place(top, says):
    with pytest.raises(DataError) as refused:
        get_game("burg").new_state(2, setup={"seed": 1, "deck_top": top})
    assert "setup.deck_top[" in str(refused.value) and says in str(refused.value)
