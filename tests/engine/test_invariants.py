"""Properties of every game, checked with `foodplay.invariants` over random playouts:
components are conserved at every step, and a private choice never shows in another seat's view
(non-interference: whichever secret option is chosen, every other seat sees the same)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foodplay.engine import Move
from foodplay.games import built_games, get_game
from foodplay.invariants import (
    check_conservation,
    interference_problems,
    private_choices,
)

CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in built_games()
         for n in range(get_game(g).min_players, get_game(g).max_players + 1)]
PROFILE = settings.get_profile("foodplay-engine")
SMALL = settings(PROFILE, max_examples=2)
PRIVATE_POSITIONS = 12  # positions with a secret choice checked per game
OPTIONS = 4  # secret options tried per choice


def secret_positions(game_id: str, players: int, seed: int):
    """Yield the positions of one random game that offer a secret choice, spread over it."""
    state = get_game(game_id).new_state(players, seed=seed)
    rng = random.Random(seed)
    start = state.inventory()
    found = 0
    while (decision := state.decision()) is not None:
        if private_choices(state) and rng.random() < 0.3:
            found += 1
            yield state
            if found >= PRIVATE_POSITIONS:
                return
        state.apply(rng.choice(state.legal_moves(rng.choice(decision.seats))))
        assert check_conservation(state, start) == []


@pytest.mark.parametrize("game_id, players", CASES)
@SMALL
@given(seed=st.integers(0, 1000))
def test_no_other_seat_can_tell_which_secret_option_was_chosen(game_id, players, seed):
    for state in secret_positions(game_id, players, seed):
        assert interference_problems(state, limit=OPTIONS) == []


@pytest.mark.parametrize("game_id", built_games())
def test_the_games_with_secret_choices_offer_them_for_the_check_to_try(game_id):
    """Guards the property above from passing vacuously. Coffee Rush has no secret choice: its
    face-down cards were served or dropped in the open, and every move is public."""
    game = get_game(game_id)
    found = any(True for _ in secret_positions(game_id, game.min_players, 0))
    assert found == (game_id != "coffee-rush")


def test_the_check_catches_a_leak():
    """A view that shows a seat's hand to everyone is caught."""
    state = get_game("cuisine-a-la-card").new_state(2, seed=3)
    while not private_choices(state):
        state.apply(state.legal_moves()[0])
    original = type(state).view

    def leaky(self, seat):
        view = original(self, seat)
        view["leak"] = [list(h) for h in self.hand]
        return view

    type(state).view = leaky
    try:
        assert interference_problems(state)
    finally:
        type(state).view = original


def test_cuisine_a_dual_card_in_a_dish_does_not_show_to_the_others():
    """G12: adding Tofu (two food types) or Eggs looks the same to the other seat."""
    game = get_game("cuisine-a-la-card")
    state = game.new_state(2, setup={"seed": 1, "first_player": 0, "judges_top": ["home_cook"],
                                     "hands": {"0": ["tofu", "eggs", "rice", "steak", "spoon"]}})
    state.apply(Move.make(0, "no_warm"))
    views = []
    for card in ("tofu", "eggs"):
        twin = state.clone()
        twin.apply(Move.make(0, "dish", card=card))
        views.append(twin.view(1))
    assert views[0] == views[1] and views[0]["mode"] == "dish"


def test_conservation_problems_name_what_changed():
    state = get_game("burg").new_state(2, seed=0)
    start = state.inventory()
    state.deck.append("rat")
    rats = start["rat"]
    assert check_conservation(state, start) == [f"rat: {rats} expected, {rats + 1} found"]
