"""Cuisine a la Card's closed effect vocabulary: one test per effect, each of which would fail
if the engine stopped interpreting that effect."""

from __future__ import annotations

import pytest

from foodplay.engine import Move
from foodplay.games.cuisine_a_la_card import GAME, CuisineState, scoring
from foodplay.games.cuisine_a_la_card import components as cu_components

COMP = GAME.components()
HAND = ["eggs", "bok_choy", "steak", "potatoes", "spoon"]


def in_play() -> CuisineState:
    """Seat 0 in its play phase with a known hand."""
    state = GAME.new_state(2, setup={"seed": 1, "first_player": 0, "hands": {"0": HAND}})
    if state.mode() == "warming":
        state.apply(Move.make(0, "no_warm"))
    assert state.mode() == "play"
    return state


def trigger(state: CuisineState, effect: str, amount: int = 1) -> list:
    """Run one effect of the vocabulary for seat 0, as a card's On Play ability would."""
    events: list = []
    state._enqueue(0, "brie", "on_play", ({"effect": effect, "amount": amount},))
    state._run(events)
    return events


def test_every_effect_of_the_vocabulary_has_a_test_here():
    tested = {name.removeprefix("test_effect_") for name in globals()
              if name.startswith("test_effect_")}
    assert tested == set(cu_components.EFFECTS)


def test_effect_spoons():
    state = in_play()
    before = state.currency
    trigger(state, "spoons", 2)
    assert state.currency == before + 2


def test_effect_buys():
    state = in_play()
    before = state.buys
    trigger(state, "buys")
    assert state.buys == before + 1


def test_effect_draw():
    state = in_play()
    before = len(state.hand[0])
    trigger(state, "draw", 2)
    assert len(state.hand[0]) == before + 2


def test_effect_gain_fork():
    state = in_play()
    forks = state.forks
    trigger(state, "gain_fork")
    assert state.forks == forks - 1 and state.discard[0].count("fork") == 1


def test_effect_trash():
    state = in_play()
    trigger(state, "trash")
    assert state.mode() == "trash"
    state.apply(Move.make(0, "trash", card="potatoes"))
    assert "potatoes" in state.trash and "potatoes" not in state.hand[0]


def test_effect_warm():
    state = in_play()
    trigger(state, "warm")
    assert state.mode() == "warm"
    state.apply(Move.make(0, "warm", card="steak"))
    assert "steak" in state.plates[0] and "steak" not in state.hand[0]


def test_effect_retrieve():
    state = in_play()
    state.plates[0][0] = "tofu"
    trigger(state, "retrieve")
    assert state.mode() == "retrieve"
    state.apply(Move.make(0, "retrieve", plate=1))
    assert state.plates[0][0] is None and "tofu" in state.hand[0]


def test_effect_others_discard():
    state = in_play()
    trigger(state, "others_discard")
    decision = state.decision()
    assert decision.seats == (1,)
    card = state.hand[1][0]
    state.apply(Move.make(1, "discard", card=card))
    assert card in state.discard[1]


def _dish(*cards: str) -> list[dict]:
    return [{"card": c, "from": "hand", "plate": None, "as": None} for c in cards]


def _submit_card(effect: str) -> str:
    """A card of the tutor set whose On Submit ability uses `effect`."""
    for card in COMP.cards.values():
        abilities = card.abilities + ((card.cuisine_ability,) if card.cuisine_ability else ())
        if any(a.trigger == "submit" and any(e["effect"] == effect for e in a.effects)
               for a in abilities):
            return card.id
    pytest.fail(f"no card uses {effect}")


def test_effect_points():
    assert scoring.score(_dish("eggs", "bok_choy"), COMP).card_totals == [3, 6]
    assert scoring.score(_dish("eggs"), COMP).card_totals == [2]  # no partner, no bonus


def test_effect_points_per():
    card = _submit_card("points_per")
    dishes = [_dish(card), _dish(card, _partner(card)), _dish(card, _partner(card), "eggs",
                                                              "bok_choy", "steak", "salt")]
    lines = [key for dish in dishes for key, _, _ in scoring.score(dish, COMP).lines]
    assert "score.bonus.per" in lines


def _partner(card_id: str) -> str:
    """Another card of the same cuisine, so that a cuisine ability wakes up."""
    cuisine = COMP.cards[card_id].cuisine
    return next(c.id for c in COMP.cards.values() if c.id != card_id and c.cuisine == cuisine)


def test_effect_medals():
    card = _submit_card("medals")
    alone = scoring.score(_dish(card), COMP)
    paired = scoring.score(_dish(card, _partner(card)), COMP)
    assert paired.medal_lines and paired.card_medals > alone.card_medals
