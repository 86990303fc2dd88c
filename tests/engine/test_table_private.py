"""Hidden information at the table (foodplay/companion/private.py), tested directly: private
draws that take the top, a named card fitted into a hidden hand by reassigning a draw, a card no
deal can put there refused, shown cards pinned, and Food Truck's secret ordering."""

from __future__ import annotations

from collections import Counter

import pytest

from foodplay.chance import Chance, ChanceNeeded, ChanceRefused, Outcome
from foodplay.companion.private import fit, pin, play_secret_moves
from foodplay.engine import Move
from foodplay.games.cuisine_a_la_card import GAME as CUISINE
from foodplay.games.food_truck import GAME as TRUCK

SETUP = {"first_player": 0}


def cuisine(seed: int = 1):
    """A two-player Cuisine game at a table (nothing named: every card the engine's own top),
    Alice to play after declining to warm, and the factory `fit` replays it with."""

    def new_state(chance: Chance):
        return CUISINE.new_state(2, seed=seed, setup=SETUP, chance=chance)

    state = new_state(Chance([], ask=False))
    moves = [Move.make(0, "no_warm")]
    state.apply(moves[0])
    return state, moves, new_state


def public(events):
    return [(e.key, e.params) for e in events if e.visible_to is None]


def test_a_private_draw_before_a_card_named_from_another_pile_takes_the_top_in_its_place():
    cards = ["salt", "spoon"]
    chance = Chance([Outcome("pantry", "corn")])
    assert chance.draw("deck.0", cards, 0, private=True) == "spoon"
    assert chance.draw("pantry", ["corn", "rice"], None, private=False) == "corn"
    assert chance.drawn() == [Outcome("deck.0", None), Outcome("pantry", "corn")]
    assert chance.taken == ["spoon", "corn"]
    with pytest.raises(ChanceRefused):  # a public draw still refuses another pile's card
        Chance([Outcome("pantry", "corn")]).draw("judges.1", ["chef"], None, private=False)


def test_every_cuisine_and_food_truck_draw_goes_through_the_table():
    """A game that asks for every public card stops at the first deal with the pile's name."""
    with pytest.raises(ChanceNeeded) as judge:
        CUISINE.new_state(2, seed=1, chance=Chance())
    assert judge.value.pile == "judges.15"
    with pytest.raises(ChanceNeeded) as supply:
        TRUCK.new_state(2, seed=1, chance=Chance())
    assert supply.value.pile == "central"
    state, _, _ = cuisine()
    piles = Counter(o.pile for o in state.chance.drawn())
    assert piles["pantry"] == 4 and piles["deck.0"] == piles["deck.1"] == 5
    assert all(o.card is None for o in state.chance.drawn() if o.pile.startswith("deck."))


def test_a_played_card_the_arbitrary_hand_lacks_is_fitted_by_naming_a_private_draw():
    state, moves, new_state = cuisine()
    assert state.hand[0].count("salt") < 2 <= state.deck[0].count("salt") + state.hand[0].count(
        "salt")
    play = Move.make(0, "play", card="salt")
    if "salt" in state.hand[0]:  # make the hand lack it: play the copy it holds first
        state.apply(play)
        moves.append(play)
    assert not state.check(play).ok
    before = public(new_state(Chance(state.chance.drawn())).setup_events)
    got = fit(new_state, moves, state, play)
    assert got is not None and got.ok and got.tried >= 1
    assert got.state.check(play).ok and "salt" in got.state.hand[0]
    assert got.state.chance.drawn()[got.index] == Outcome("deck.0", "salt")
    assert public(new_state(Chance(got.state.chance.drawn())).setup_events) == before
    assert state.check(play).ok is False  # the session's own position is left as it was


def test_a_card_the_seat_cannot_hold_is_refused_with_the_clause_of_its_deck():
    state, moves, new_state = cuisine()
    got = fit(new_state, moves, state, Move.make(0, "play", card="steak"))  # bought by nobody
    assert got is not None and not got.ok
    assert (got.key, got.clause, got.params) == ("cuisine-a-la-card.table.no_copy_in_hand", "P3",
                                                 {"seat": 0, "card": "steak"})
    assert got.tried == 0  # Alice owns no Steak at all: refused without a search


def test_a_move_refused_for_another_reason_keeps_the_engines_verdict():
    state, moves, new_state = cuisine()
    assert fit(new_state, moves, state, Move.make(1, "play", card="salt")) is None  # Bob waits
    assert fit(new_state, moves, state, Move.make(0, "play", card="spoon")) is None or \
        state.check(Move.make(0, "play", card="spoon")).ok


def test_a_shown_card_pins_the_draw_that_dealt_it():
    state, moves, _ = cuisine()
    card = state.hand[0][0]
    move = Move.make(0, "play", card=card) if card != "fork" else Move.make(0, "fork", use="buy")
    state.apply(move)
    pin(state, move)
    named = [o for o in state.chance.drawn() if o.pile == "deck.0" and o.card is not None]
    assert named == [Outcome("deck.0", card)]


def test_food_truck_orders_are_played_for_the_table_and_never_entered():
    state = TRUCK.new_state(2, seed=1, setup=SETUP, chance=Chance([], ask=False))
    assert state.phase == "prepare"
    played, shown = play_secret_moves(state)
    assert {m.kind for m in played} == {"order"} and len(played) == 12
    assert [e.key for e in shown if e.visible_to is None].count("food-truck.order") == 12
    assert "food-truck.service.start" in [e.key for e in shown]
    assert state.phase == "turn" and state.turn == 0
    assert play_secret_moves(state) == ((), [])
    cuisine_state, _, _ = cuisine()
    assert play_secret_moves(cuisine_state) == ((), [])


def test_a_flipped_card_is_named_by_the_table_and_a_detoured_card_comes_out_last():
    setup = {"first_player": 0}
    named = [Outcome("central", "curry"), Outcome("central", "hot_dog"),
             Outcome("trucks.0", "swap"), Outcome("trucks.1", "detour")]
    state = TRUCK.new_state(2, seed=5, setup=setup, chance=Chance(named))
    play_secret_moves(state)
    state.chance.outcomes.append(Outcome("pile.0", "pizza"))
    state.apply(Move.make(0, "reveal"))
    assert state.served[0] == [["pizza", 1, False]]
    state.chance.outcomes.append(Outcome("pile.1", "pizza"))
    state.apply(Move.make(1, "reveal"))
    assert state.phase == "clash"
    twin = state.clone()
    with pytest.raises(ChanceNeeded) as need:  # Detour: the next card is the table's to name
        twin.apply(Move.make(1, "detour"))
    assert "pizza" not in need.value.possible and sum(need.value.possible.values()) == 5
    twin = state.clone()
    twin.chance.outcomes.append(Outcome("pile.1", "pizza"))  # the card slid under: refused
    with pytest.raises(ChanceRefused):
        twin.apply(Move.make(1, "detour"))
    state.chance.outcomes.append(Outcome("pile.1", "doner"))
    state.apply(Move.make(1, "detour"))
    assert state.pile[1][-1] == "pizza" and state.served[1] == [["doner", 1, False]]
