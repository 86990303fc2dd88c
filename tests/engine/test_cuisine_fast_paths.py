"""Cuisine a la Card's speed paths agree with the plain ones they stand in for: the shuffle,
the dish ceiling and preview, the bounds before the exact reach, and the move tables."""

from __future__ import annotations

import random
from itertools import product

from foodplay.games import get_game
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.lookups import shuffle

GAME = get_game("cuisine-a-la-card")


def _comp():
    return GAME.new_state(2, seed=0).comp


def _random_dish(comp, rng: random.Random, typed: bool) -> list[dict]:
    food = sorted(c for c, card in comp.cards.items() if not card.tool)
    dish = []
    for card in rng.sample(food, rng.randint(1, 7)):
        info = comp.cards[card]
        chosen = rng.choice([*info.types, None]) if info.dual and typed else None
        dish.append({"card": card, "from": rng.choice(["hand", "plate"]), "plate": 1,
                     "as": chosen})
    return dish


def test_the_shuffle_gives_random_shuffles_order():
    for seed in range(200):
        items = list(range(seed % 60))
        mine, theirs = random.Random(seed), random.Random(seed)
        fast, plain = list(items), list(items)
        shuffle(mine, fast)
        theirs.shuffle(plain)
        assert fast == plain and mine.getstate() == theirs.getstate(), seed


def test_the_ceiling_is_the_best_explained_total_over_every_dual_typing():
    comp = _comp()
    submit = [j for j in comp.judges.values() if j.ability.trigger == "submit"]
    rng = random.Random(7)
    duals_tried = 0
    for _ in range(300):
        dish = _random_dish(comp, rng, typed=False)
        abilities = rng.sample(submit, rng.randint(0, min(2, len(submit))))
        duals = [i for i, d in enumerate(dish) if comp.cards[d["card"]].dual]
        best = 0
        for choice in product(*(comp.cards[dish[i]["card"]].types for i in duals)):
            trial = [dict(d) for d in dish]
            for i, chosen in zip(duals, choice, strict=True):
                trial[i]["as"] = chosen
            best = max(best, scoring.score(trial, comp, abilities).total)
        assert scoring.ceiling(dish, comp, abilities) == best, dish
        duals_tried += bool(duals)
    assert duals_tried > 30


def test_the_dish_preview_adds_up_as_the_explained_score():
    comp = _comp()
    submit = [j for j in comp.judges.values() if j.ability.trigger == "submit"]
    rng = random.Random(5)
    for _ in range(300):
        dish = _random_dish(comp, rng, typed=True)
        abilities = rng.sample(submit, rng.randint(0, min(2, len(submit))))
        full = scoring.score(dish, comp, abilities)
        assert scoring.FastDish(dish, comp).card_totals(abilities) == full.card_totals


def _positions(players: int, seed: int, every: int = 1):
    state = GAME.new_state(players, seed=seed,
                           options={"advanced": seed % 2 == 1, "more_medals": seed % 3 == 0})
    rng = random.Random(seed)
    step = 0
    while legal := state.legal_moves():
        if step % every == 0:
            yield state, legal
        state.apply_legal(rng.choice(legal))
        step += 1


def test_the_quick_bounds_answer_as_the_exact_reach_and_moves_are_the_checked_candidates():
    """`_can_start` (bounds, then the exact reach) answers as G11's reach does, and the moves
    taken from the shared tables are the candidates whose verdict is ok, each once."""
    asked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        for state, legal in _positions(players, seed, every=3):
            seat = state.decision().seats[0]
            if state.mode() == "play":
                best, low = state._reach(seat)
                assert state._can_start(seat) == (low is not None and best >= low)
                asked += 1
            assert len(set(legal)) == len(legal)
            assert set(legal) == {m for m in state.candidates(seat) if state.check(m).ok}
    assert asked > 100
