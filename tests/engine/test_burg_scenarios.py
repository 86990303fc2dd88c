"""The rulebook's two worked examples (foodplay/games/burg/data/scenarios/), card by card."""

from __future__ import annotations

from pathlib import Path

import pytest

from foodplay.explain import explain, step_text
from foodplay.games import get_game
from foodplay.record import Record
from foodplay.timeline import Timeline

GAME = get_game("burg")
CAT = GAME.catalogue("en")
SCENARIOS = Path(GAME.package_dir) / "data" / "scenarios"
ALICE, BOB, CAROL = range(3)


def load(name: str) -> Timeline:
    return Timeline(Record.load(SCENARIOS / name))


def step(timeline: Timeline, k: int) -> list[tuple[str, dict]]:
    return [(ev.key, dict(ev.params)) for ev in timeline.steps[k].events]


def piles(timeline: Timeline, k: int) -> list[list[str]]:
    return [p["cards"] for p in timeline.state_at(k).view(None)["piles"]]


def counter(timeline: Timeline, k: int) -> int:
    return timeline.state_at(k).view(None)["reveal"]["revealed"]


def test_two_player_reveal_card_by_card():
    tl = load("two-player-reveal.json")
    assert tl.record.names == ["Alice", "Bob"] and tl.state_at(0).first == ALICE
    assert [step_text(tl.state_at(k), tl.record.moves[k - 1]) for k in range(1, 9)] == [
        "Alice: reveal the next card", "Alice: reveal the next card",
        "Alice: reveal the next card", "Alice: put it on pile 2",
        "Alice: reveal the next card", "Alice: put it on pile 2",
        "Alice: reveal the next card", "Alice: put it on pile 1"]
    # 1. lettuce opens pile 1
    assert step(tl, 1) == [("burg.reveal.starts_pile", {"seat": 0, "card": "lettuce", "pile": 1,
                                                         "count": 1, "needed": 4})]
    assert piles(tl, 1) == [["lettuce"]]
    # 2. onion opens pile 2
    assert step(tl, 2)[0][1]["card"] == "onion" and piles(tl, 2) == [["lettuce"], ["onion"]]
    # 3. a rat: the counter stays at 2 of 4, and Alice must place it
    assert step(tl, 3) == [("burg.reveal.rat", {"seat": 0, "needed": 4})]
    assert counter(tl, 2) == counter(tl, 3) == 2
    assert tl.state_at(3).view(None)["reveal"]["pending"] == "rat"
    assert tl.steps[3].events[0].clauses == ("R1", "R2")
    # 4. the rat goes on pile 2
    assert step(tl, 4) == [("burg.place", {"seat": 0, "card": "rat", "pile": 2})]
    assert piles(tl, 4) == [["lettuce"], ["onion", "rat"]]
    # 5-6. mushroom, ingredient 3, on pile 2
    assert step(tl, 5)[0] == ("burg.reveal.choose", {"seat": 0, "card": "mushroom", "count": 3,
                                                      "needed": 4})
    assert piles(tl, 6) == [["lettuce"], ["onion", "rat", "mushroom"]]
    # 7-8. cheese, ingredient 4, on pile 1: revealing stops, the rat did not count
    assert step(tl, 7)[0][1]["count"] == 4
    assert [key for key, _ in step(tl, 8)] == ["burg.place", "burg.reveal.done",
                                                "burg.tools.start"]
    assert piles(tl, 8) == [["lettuce", "cheese"], ["onion", "rat", "mushroom"]]
    assert counter(tl, 8) == 4 and tl.state_at(8).phase == "tools"
    assert tl.state_at(8).view(None)["deck"]["count"] == 168 - 5
    # 9-10. both play Tongs in secret; Bob does not see Alice's choice until the reveal
    assert tl.state_at(9).view(BOB)["seats"][ALICE]["chosen"] == "face_down"
    assert [s.text for s in explain(tl.state_at(9), tl.steps[9].events, BOB)] == [
        "Alice lays a tool card face down."]
    revealed = [p for key, p in step(tl, 10) if key == "burg.tools.revealed"]
    assert revealed == [{"seat": 0, "tool": "tongs"}, {"seat": 1, "tool": "tongs"}]
    assert tl.state_at(10).decision().seats == (BOB,)  # left of Alice: Bob takes first
    # 11. Bob takes pile 2 and gets 1 rat token; the last pile goes to Alice
    assert step(tl, 11)[:3] == [
        ("burg.take", {"seat": 1, "pile": 2, "cards": ["onion", "rat", "mushroom"]}),
        ("burg.take.last", {"seat": 0, "pile": 1, "cards": ["lettuce", "cheese"]}),
        ("burg.build.rats_public", {"seat": 1})]
    assert ("burg.build.rats", {"seat": 1, "count": 1}) in step(tl, 11)
    bob = tl.state_at(11).view(None)["seats"][BOB]
    assert bob["rat_tokens"] == 1 and bob["wastebasket"] == ["rat"]
    assert bob["taken"] == ["onion", "mushroom"]
    assert tl.state_at(11).view(ALICE)["seats"][BOB]["rat_tokens"] is None
    assert [s.text for s in explain(tl.state_at(11), tl.steps[11].events, BOB)][3] == (
        "Bob took a rat, so they take 1 rat token face down, and the rat card goes under "
        "their wastebasket.")
    assert not any("1 rat token" in s.text
                   for s in explain(tl.state_at(11), tl.steps[11].events, ALICE))
    # 12. Bob flips the onion as a bottom bun (never the rat)
    assert step(tl, 12) == [("burg.build.flip", {"seat": 1, "card": "onion", "burger": 1})]
    assert tl.steps[12].events[0].clauses == ("R5-2",)
    # 13-17. the build goes on; Alice took the last pile and leads round 2
    assert step(tl, 13)[0][1]["recipes"] == ["mushroom_swiss", "forest"]
    assert step(tl, 15) == [("burg.build.flip", {"seat": 0, "card": "lettuce", "burger": 1})]
    last = tl.state_at(17)
    assert [key for key, _ in step(tl, 17)] == ["burg.build.discard", "burg.end.continue",
                                                 "burg.round.start"]
    assert last.first == ALICE and last.round == 2 and last.phase == "reveal"
    assert [s["in_progress"] for s in last.view(None)["seats"]] == [
        [{"bottom": "lettuce", "fillings": ["cheese"]}],
        [{"bottom": "onion", "fillings": ["mushroom"]}]]
    assert tl.last == 17


def test_three_player_lone_tongs_takes_every_pile():
    tl = load("three-player-lone-tongs.json")
    assert tl.record.names == ["Alice", "Bob", "Carol"]
    assert piles(tl, 9) == [["patty", "rat"], ["cheese", "lettuce"], ["bottom_bun", "top_bun"]]
    assert counter(tl, 4) == 3 and counter(tl, 9) == 5
    # tools go down in any order and stay hidden until the last one
    assert tl.state_at(10).view(ALICE)["seats"][BOB]["chosen"] == "face_down"
    assert tl.state_at(10).decision().seats == (ALICE, CAROL)
    assert "burg.tools.revealed" not in [key for key, _ in step(tl, 11)]
    events = step(tl, 12)
    assert [p for key, p in events if key == "burg.tools.revealed"] == [
        {"seat": 0, "tool": "tongs"}, {"seat": 1, "tool": "tea"}, {"seat": 2, "tool": "tea"}]
    lone = next(p for key, p in events if key == "burg.take.lone")
    assert lone == {"seat": 0, "piles": 3, "cards": ["patty", "rat", "cheese", "lettuce",
                                                     "bottom_bun", "top_bun"]}
    seats = tl.state_at(12).view(None)["seats"]
    assert seats[ALICE]["taken"] == ["patty", "cheese", "lettuce", "bottom_bun", "top_bun"]
    assert seats[ALICE]["rat_tokens"] == 1
    assert seats[BOB]["taken"] == seats[CAROL]["taken"] == []
    assert (seats[BOB]["rat_tokens"], seats[CAROL]["rat_tokens"]) == (0, 0)
    assert all(p["taken"] and p["cards"] == [] for p in tl.state_at(12).view(None)["piles"])
    assert tl.state_at(12).decision().seats == (ALICE,)  # Bob and Carol build nothing
    close = step(tl, 16)
    assert close == [("burg.build.close", {"seat": 0, "burger": 1, "recipe": "cheeseburger",
                                           "points": 3, "total": 1, "target": 8})]
    end = step(tl, 17)
    assert end[0] == ("burg.build.discard", {"seat": 0, "count": 1})
    assert end[1][0] == "burg.end.continue" and end[1][1]["seat"] == ALICE
    final = tl.state_at(17).view(None)["seats"][ALICE]
    assert final["wastebasket"] == ["rat", "lettuce"]
    assert [b["recipe"] for b in final["burgers"]] == ["cheeseburger"]


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.json")))
def test_every_narration_key_exists(name):
    record = Record.load(SCENARIOS / name)
    assert record.title and CAT.has(record.title)
    assert record.narration, "a scenario narrates its steps"
    for k, key in record.narration.items():
        assert 0 <= k <= len(record.moves)
        assert CAT.has(key), f"{name}: step {k} narration {key!r} is missing"
        assert CAT.format(key, {}, record.names).strip()
