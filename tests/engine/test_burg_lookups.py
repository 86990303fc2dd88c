"""BURG's speed look-ups agree with the plain answers: remembered recipe answers, shared moves
and decisions, and the legal move lists built from them."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from foodplay.engine import Decision, Move
from foodplay.games import get_game
from foodplay.games.burg import lookups
from foodplay.games.burg.lookups import (
    SEAT_MOVES,
    exact_recipe,
    fits_some_recipe,
    recipe_index,
)


def _orderings(comp) -> set[tuple[str, ...]]:
    """Every order of every part of every recipe's fillings, and each with one filling more."""
    fillings = sorted(c for c, role in comp.roles.items() if role == "filling")
    seen: set[tuple[str, ...]] = set()
    for recipe in comp.recipes:
        cards = list(recipe.fillings.elements())
        for size in range(len(cards) + 1):
            for part in itertools.combinations(cards, size):
                for order in set(itertools.permutations(part)):
                    seen.add(order)
                    seen.update(order + (extra,) for extra in fillings)
    return seen


def test_remembered_burger_answers_are_the_plain_recipe_answers(monkeypatch):
    comp = get_game("burg").new_state(2, seed=0).comp
    index = recipe_index(comp)
    fillings = sorted(c for c, role in comp.roles.items() if role == "filling")
    monkeypatch.setattr(lookups, "_REMEMBERED", 50)  # the memo also starts over on the way
    index.burgers.clear()  # the index is shared: games played before this test filled it
    orders = sorted(_orderings(comp))
    assert len(orders) > 100
    for order in orders + orders[:60]:
        addable, recipe = index.burger(order)
        assert recipe == exact_recipe(Counter(order), comp), order
        assert addable == {c for c in fillings if fits_some_recipe(Counter(order + (c,)), comp)}
        assert len(index.burgers) <= 50
    assert any(index.burger(o)[1] for o in orders) and any(index.burger(o)[0] for o in orders)


def test_shared_moves_and_decisions_are_the_plain_values():
    table = SEAT_MOVES[3]
    assert table.place[2] == Move.make(3, "place", pile=2) and table.place[2] is table.place[2]
    assert table.add[4]["cheese"] == Move.make(3, "add", burger=4, card="cheese")
    assert table.tool["tea"] == Move.make(3, "tool", tool="tea")
    assert list(table.places[3]) == [Move.make(3, "place", pile=p) for p in (1, 2, 3)]
    assert lookups.DECISIONS["tools", (0, 2)] == Decision((0, 2), "burg.decide.tools", True)
    assert lookups.DECISIONS["build", (1,)] == Decision((1,), "burg.decide.build")


def test_legal_move_lists_are_fresh_and_match_the_checked_candidates():
    """Changing a returned list changes nothing later; every listed move is allowed, every
    other candidate refused, and `decision()` names the seats `legal_moves` answers for."""
    for players in (2, 4):
        state = get_game("burg").new_state(players, seed=7)
        rng = random.Random(7)
        phases = set()
        while legal := state.legal_moves():
            phases.add(state.phase)
            decision = state.decision()
            assert {m.seat for m in legal} <= set(decision.seats)
            again = list(legal)
            legal.append(Move(99, "nothing"))
            legal.clear()
            assert state.legal_moves() == again
            for seat in decision.seats:
                ok = [m for m in state.candidates(seat) if state.check(m).ok]
                assert state.legal_moves(seat) == ok
            state.apply_legal(rng.choice(again))
        assert phases >= {"reveal", "place", "tools", "take", "build"}
        assert state.decision() is None and state.legal_moves(0) == []
