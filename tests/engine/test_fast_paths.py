"""The speed paths agree with the checked ones: trusted apply, clones, checkpointed time travel."""

from __future__ import annotations

import copy
import random
from dataclasses import FrozenInstanceError

import pytest
from bot_games import bot_game

from foodplay.engine import Event, Move, Verdict
from foodplay.games import built_games, get_game
from foodplay.record import Record, replay
from foodplay.timeline import Timeline


@pytest.mark.parametrize("game_id", built_games())
@pytest.mark.parametrize("players", [2, 4])
def test_apply_legal_agrees_with_apply_on_random_games(game_id, players):
    """Two copies of a game, one checked and one trusted, give the same events move by move
    and the same position every 20 moves and at the end."""
    checked = get_game(game_id).new_state(players, seed=11)
    trusted = get_game(game_id).new_state(players, seed=11)
    rng = random.Random(11)
    moves = 0
    while legal := checked.legal_moves():
        assert trusted.legal_moves() == legal
        move = rng.choice(legal)
        assert checked.apply(move) == trusted.apply_legal(move)
        moves += 1
        if moves % 20 == 0:
            assert checked.snapshot() == trusted.snapshot()
    assert trusted.is_over and checked.snapshot() == trusted.snapshot()


@pytest.mark.parametrize("game_id", built_games())
def test_a_clone_is_equal_and_independent(game_id):
    state = get_game(game_id).new_state(3, seed=5)
    for _ in range(5):
        state.apply(state.legal_moves()[0])
    twin = state.clone()
    assert twin.snapshot() == state.snapshot() and twin.game is state.game
    rng = random.Random(5)
    for _ in range(20):
        if not (legal := twin.legal_moves()):
            break
        twin.apply(rng.choice(legal))
    assert twin.snapshot() != state.snapshot()
    assert state.clone().snapshot() == state.snapshot()


def test_moves_verdicts_and_events_are_immutable_values():
    move = Move.make(1, "take", pile=2)
    assert move == Move(1, "take", (("pile", 2),)) and hash(move) == hash(Move(1, "take",
                                                                               (("pile", 2),)))
    assert move != Move.make(1, "take", pile=3) and move != (1, "take", (("pile", 2),))
    assert copy.deepcopy(move) == move and repr(move).startswith("Move(seat=1")
    verdict = Verdict.refuse("R1", "verdict.x", n=1)
    assert not verdict and Verdict.allow("R1") and verdict.params == (("n", 1),)
    event = Event("k", (("a", 1),), ("R1",))
    assert event.visible(0) and event.to_json() == {"key": "k", "params": {"a": 1},
                                                    "clauses": ["R1"]}
    for thing, field in ((move, "seat"), (verdict, "ok"), (event, "key")):
        with pytest.raises(FrozenInstanceError):
            setattr(thing, field, None)
        with pytest.raises(AttributeError):
            thing.extra = 1


@pytest.fixture(scope="module")
def long_record() -> Record:
    record, _ = bot_game("food-truck", 2, 4, ["random"])
    assert len(record.moves) > 60
    return record


def test_checkpointed_jumps_equal_a_replay_in_any_order(long_record):
    state, _ = replay(long_record, 0)
    snaps = [state.snapshot()]
    for move in long_record.moves:
        state.apply(move)
        snaps.append(state.snapshot())
    timeline = Timeline(Record.loads(long_record.dumps()), every=8, recent=4)
    order = list(range(timeline.last + 1))
    random.Random(1).shuffle(order)
    for k in order + [timeline.last, 0, timeline.last - 1, 7, 8, 9]:
        assert timeline.go(k).snapshot() == snaps[k], f"step {k}"
        assert timeline.back().snapshot() == snaps[max(0, k - 1)]
    assert timeline.cached_positions() <= timeline.last // 8 + 1 + 4


def test_back_after_a_jump_never_replays_from_the_start(long_record, monkeypatch):
    timeline = Timeline(Record.loads(long_record.dumps()))
    calls = []
    monkeypatch.setattr(Record, "new_state", lambda self: calls.append(1))
    middle = timeline.last // 2 + 3
    timeline.go(middle)
    for _ in range(10):
        timeline.back()
    assert timeline.cursor == middle - 10 and not calls


def test_play_and_undo_drop_later_checkpoints(long_record):
    timeline = Timeline(Record.loads(long_record.dumps()), every=4)
    timeline.go(10)
    keep = timeline.state.snapshot()
    move = next(m for m in timeline.state.legal_moves() if m != long_record.moves[10])
    timeline.play(move)
    assert timeline.last == 11 and max(timeline._checkpoints) <= 8
    while timeline.last > 10:
        timeline.undo()
    assert timeline.state_at(10).snapshot() == keep
    for _ in range(5):
        timeline.play(timeline.state.legal_moves()[0])
    assert timeline.state_at(timeline.last).snapshot() == replay(timeline.record)[0].snapshot()
    assert timeline.state_at(12).snapshot() == replay(timeline.record, 12)[0].snapshot()


def test_cuisine_fast_scoring_agrees_with_the_explained_scoring():
    """scoring.points and accepted_medals (bots, legal_moves) give what score and assess give,
    on random dishes, dual typings, judge abilities, judges and the More Medals option."""
    from foodplay.games.cuisine_a_la_card import scoring

    comp = get_game("cuisine-a-la-card").new_state(2, seed=0).comp
    food = sorted(c for c, card in comp.cards.items() if not card.tool)
    submit = [j for j in comp.judges.values() if j.ability and j.ability.trigger == "submit"]
    judges = list(comp.judges.values())
    rng = random.Random(3)
    accepted = 0
    for _ in range(400):
        dish = []
        for card in rng.sample(food, rng.randint(1, 7)):
            info = comp.cards[card]
            chosen = rng.choice([*info.types, None]) if info.dual else None
            dish.append({"card": card, "from": rng.choice(["hand", "plate"]), "plate": 1,
                         "as": chosen})
        abilities = rng.sample(submit, rng.randint(0, min(2, len(submit))))
        full = scoring.score(dish, comp, abilities)
        assert scoring.points(dish, comp, abilities) == (full.total, full.card_medals)
        for judge in rng.sample(judges, 3):
            more = rng.random() < 0.5
            verdict = scoring.assess(dish, comp, judge, full, more)
            fast = scoring.accepted_medals(dish, comp, judge, (full.total, full.card_medals),
                                           more)
            assert fast == (verdict.medals if verdict.ok else 0), (dish, judge.id)
            accepted += verdict.ok
    assert accepted > 20  # the random dishes reach the accepting branch, not only refusals


def test_coffee_rush_plan_value_agrees_with_the_full_plan():
    """Planner.value and counts_value (the path search) are Planner.plan(...).value to the
    last bit, for the cups and orders of a random game's positions and random handfuls."""
    from foodplay.games.coffee_rush import bot

    state = get_game("coffee-rush").new_state(3, seed=8)
    rng = random.Random(8)
    names = sorted({c["ingredient"] for c in state.view(None)["board"]["cells"]})
    checked = 0
    while (legal := state.legal_moves()) and checked < 600:
        me = state.view(None)["seats"][legal[0].seat]
        planner = bot.Planner(me["cups"], bot._orders(me), len(me["tabs"]))
        for _ in range(6):
            held = {x: rng.randint(0, 3) for x in rng.sample(names, rng.randint(0, len(names)))}
            full = planner.plan(held).value
            assert planner.value(held) == full, (me["cups"], held)
            counts = tuple(held.get(x, 0) for x in names)
            assert planner.counts_value(tuple(names), counts) == full, (me["cups"], held)
            checked += 1
        state.apply(rng.choice(legal))
    assert checked >= 300
