"""Cuisine a la Card's scenario records, replayed and asserted step by step.

Each record in foodplay/games/cuisine_a_la_card/data/scenarios/ reproduces a rule the brief
names: the rulebook's Eggs + Bok Choy example, a Fridge purchase without On Purchase, two
refused dishes, a warmed card acting only when served, and the finish after the medal goal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from foodplay.engine import Event, Move
from foodplay.explain import explain
from foodplay.games.cuisine_a_la_card import GAME
from foodplay.record import Record, replay

K = "cuisine-a-la-card."
SCENARIOS = Path(GAME.package_dir) / "data" / "scenarios"


def load(name: str) -> Record:
    return Record.load(SCENARIOS / f"{name}.json")


def steps(name: str):
    """Yield (k, state after step k, events of step k) through a scenario."""
    record = load(name)
    state, first = replay(record, 0)
    yield 0, state, first[0].events
    for k, move in enumerate(record.moves, start=1):
        yield k, state, state.apply(move)


def walk(name: str) -> dict[int, tuple]:
    """Every step of a scenario with a snapshot-free copy of the state after it."""
    return {k: (state.clone(), events) for k, state, events in steps(name)}


def keys(events: list[Event]) -> list[str]:
    return [e.key.removeprefix(K) for e in events]


def params(events: list[Event], key: str, last: bool = False) -> dict:
    found = [dict(e.params) for e in events if e.key == K + key]
    assert found, f"no {key} among {keys(events)}"
    return found[-1] if last else found[0]


def texts(state, events: list[Event], seat=None) -> list[str]:
    return [s.text for s in explain(state, events, seat)]


def test_every_scenario_has_a_title_and_narration_in_the_catalogue():
    cat = GAME.catalogue("en")
    names = sorted(p.stem for p in SCENARIOS.glob("*.json"))
    assert names == ["eggs-and-bok-choy", "end-of-round", "fridge-purchase", "judge-refusals",
                     "warming-plate"]
    for name in names:
        record = load(name)
        assert cat.has(record.title) and record.narration
        assert all(cat.has(key) for key in record.narration.values())


def test_eggs_and_bok_choy_make_three_plus_six_equals_nine():
    at = walk("eggs-and-bok-choy")
    state, events = at[0]
    assert state.hand[0] == ["eggs", "bok_choy", "steak", "potatoes", "spoon"]
    assert [slot["judge"] for slot in state.judges] == ["market_farmer", "tea_master",
                                                        "grand_chef"]
    state, events = at[2]
    assert params(events, "dish.so_far") == {"seat": 0, "count": 1, "points": 2, "sum": "2"}
    state, events = at[3]  # the rulebook's example
    so_far = params(events, "dish.so_far")
    assert (so_far["points"], so_far["sum"]) == (9, "3 + 6")
    assert "The dish so far: 2 ingredients worth 9 meal points (3 + 6)." in texts(state, events)
    assert texts(state, events, 1) == ["Alice adds a card from hand to the dish."]
    state, events = at[5]
    assert params(events, "dish.so_far")["sum"] == "3 + 6 + 8 + 4"
    state, events = at[6]
    lines = texts(state, events)
    assert "Eggs counts 3 meal points: 2 printed plus 1 from its abilities." in lines
    assert ("Bok Choy gains 4 meal points from its Pan-Asian ability: 2 for each Pan-Asian "
            "ingredient in the dish, and there are 2.") in lines
    assert "Bok Choy counts 6 meal points: 2 printed plus 4 from its abilities." in lines
    assert "The dish is worth 21 meal points: 3 + 6 + 8 + 4." in lines
    assert params(events, "judge.requires.has") == {
        "seat": 0, "judge": "market_farmer", "what": "produce", "count": 2, "have": 2}
    assert state.medals == [2, 0] and state.eaten[0] == ["eggs", "bok_choy", "steak", "potatoes"]
    state, events = at[7]
    assert state.active == 1 and state.won[0] == [{"judge": "market_farmer", "active": False}]


def test_a_fridge_purchase_costs_one_spoon_and_skips_on_purchase():
    at = walk("fridge-purchase")
    state, _ = at[0]
    assert state.market == ["tomatoes", "bacon", "pasta", "duck"] and state.fridge == []
    state, events = at[6]  # Bacon from the Market: its On Purchase gains a Fork
    assert keys(events) == ["buy.market", "buy.on_purchase", "effect.gain_fork"]
    assert state.discard[0] == ["bacon", "fork"] and state.forks == 17
    state, events = at[7]  # cleanup: Duck slides from slot 4 into the Fridge
    assert params(events, "cleanup.fridge") == {"card": "duck", "count": 1}
    assert state.fridge == ["duck"] and state.market == ["corn", "rice", "tomatoes", "pasta"]
    state, events = at[10]
    assert keys(events) == ["buy.fridge_no_purchase"]
    bought = params(events, "buy.fridge_no_purchase")
    assert (bought["card"], bought["price"], bought["cost"]) == ("duck", 1, 6)
    assert state.discard[1] == ["duck"] and state.forks == 17  # no Fork for Bob
    assert state.currency == 0 and state.fridge == []
    assert ("A card bought from the Fridge never uses its On Purchase ability"
            in texts(state, events)[0])


def test_a_dish_refused_for_a_missing_taste_and_for_too_few_medals_then_accepted():
    at = walk("judge-refusals")
    state, _ = at[7]
    assert [d["card"] for d in state.dish[0]] == ["bok_choy", "steak", "potatoes", "beans",
                                                  "cheddar"]
    taste = state.check(Move.make(0, "serve", judge=2))
    assert (taste.ok, taste.clause, taste.reason) == (False, "P2-4", K + "refuse.requires.has")
    assert dict(taste.params) == {"judge": "pitmaster", "what": "spicy", "count": 1, "have": 0}
    medals = state.check(Move.make(0, "serve", judge=1))
    assert (medals.ok, medals.clause, medals.reason) == (False, "P2-8",
                                                         K + "refuse.too_few_medals")
    assert dict(medals.params) == {"judge": "home_cook", "count": 0, "base": 1, "bonus": 0,
                                   "penalty": 1}
    cat = GAME.catalogue()
    assert cat.format(medals.reason, medals.params, state.names) == (
        "The Home Cook would award no medal for this dish (1 from the judge, +0 in bonuses, "
        "-1 in penalties), and a dish must earn at least 1.")
    assert Move.make(0, "serve", judge=1) not in state.legal_moves(0)
    state, events = at[8]  # Rice: a Grain for the bonus, and a Pan-Asian partner for Bok Choy
    assert params(events, "dish.so_far")["points"] == 31
    assert Move.make(0, "serve", judge=1) in state.legal_moves(0)
    state, events = at[9]
    assert params(events, "medals.bonus.has")["what"] == "grain"
    assert params(events, "medals.penalty.has")["what"] == "bitter"
    assert params(events, "medals.total")["count"] == 1 and state.medals[0] == 1
    assert params(events, "serve.played")["cards"] == ["bok_choy", "steak", "potatoes", "rice"]
    assert params(events, "score.plate_plays")["card"] == "cheddar"
    drew = [dict(e.params)["source"] for e in events if e.key == K + "effect.draw"]
    assert sorted(drew) == ["cheddar", "rice"]  # Cheddar from its plate (D2), Rice's Pan-Asian


def test_a_warmed_card_triggers_only_when_it_is_served():
    at = walk("warming-plate")
    state, events = at[1]
    assert state.plates[0] == ["brie", None, None]
    assert state.view(1)["seats"][0]["plates"] == ["face_down", None, None]
    assert texts(state, events, 1) == [
        "Alice slides a card face down onto warming plate 1. It stays there until it is served "
        "or an ability takes it off."]
    state, events = at[6]  # Baguette finds no French partner: the warmed Brie does not count
    assert keys(events) == ["play.card", "pair.waiting"]
    state, events = at[12]
    assert keys(events).index("score.plate_plays") < keys(events).index("score.total")
    assert params(events, "score.plate_plays")["card"] == "brie"
    brie = [dict(e.params) for e in events if e.key == K + "score.bonus.flat"][0]
    assert (brie["card"], brie["ability"], brie["count"]) == ("brie", "french", 2)
    assert params(events, "score.total")["sum"] == "6 + 3 + 7 + 6"
    sources = [dict(e.params)["source"] for e in events if e.key == K + "effect.spoons"]
    assert sorted(sources) == ["brie", "butter", "butter"]  # D2: Brie acts from its plate
    served = [dict(e.params)["card"] for e in events if e.key == K + "pair.served"]
    woke = [dict(e.params)["card"] for e in events if e.key == K + "pair.play"]
    assert served == ["butter"]  # served with Brie and Duck: a pair in the dish (D2)
    assert woke == ["baguette"]  # played earlier; Butter and Duck now count as played
    assert state.medals[0] == 3 and params(events, "medals.card")["card"] == "duck"


def test_the_round_is_finished_after_the_goal_and_the_tie_goes_to_the_bigger_eater():
    at = walk("end-of-round")
    state, _ = at[0]
    assert state.medals == [13, 12] and state.target == 15
    state, events = at[8]
    assert params(events, "end.trigger") == {"seat": 0, "medals": 15, "target": 15, "last": 1}
    state, events = at[9]
    assert not state.is_over and state.active == 1 and "turn.start" in keys(events)
    state, events = at[16]
    assert state.medals == [15, 15] and "end.trigger" not in keys(events)
    state, events = at[17]
    assert state.is_over and state.winners() == [1]
    assert params(events, "winner.eaten") == {"seat": 1, "medals": 15, "tied": [0, 1],
                                              "count": 5}
    assert texts(state, events)[-1] == ("Alice and Bob are tied on 15 medals; Bob ate the most "
                                        "ingredients (5) and wins.")


@pytest.mark.parametrize("name", ["eggs-and-bok-choy", "end-of-round", "fridge-purchase",
                                  "judge-refusals", "warming-plate"])
def test_a_scenario_replays_the_same_way_twice(name):
    first = [state.snapshot() for _, state, _ in steps(name)]
    second = [state.snapshot() for _, state, _ in steps(name)]
    assert first == second
