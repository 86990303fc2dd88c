"""Coffee Rush's scenario records (foodplay/games/coffee_rush/data/scenarios), step by step.

Each scenario is replayed one step at a time; every step's events (keys and clauses) and the
facts the scenario exists to show are asserted, along with the narration it carries. The last
tests drive the command line on a bot game.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from foodplay.cli.commands import main
from foodplay.engine import Event, Move
from foodplay.explain import explain
from foodplay.games import get_game
from foodplay.record import Record, replay

GAME = get_game("coffee-rush")
CAT = GAME.catalogue("en")
FOLDER = GAME.package_dir / "data" / "scenarios"
ALICE, BOB, CAROL = range(3)
P = "coffee-rush."


def load(name: str) -> Record:
    return Record.load(FOLDER / f"{name}.json")


def walk(name: str, expected: list[list[str]]):
    """Replay scenario `name`, checking each step's event keys against `expected`; yield
    (step, state, events) so a test can look closer at the steps that matter."""
    record = load(name)
    assert len(record.moves) + 1 == len(expected), "one list of event keys per step"
    state, steps = replay(record, 0)
    for index in range(len(record.moves) + 1):
        events = steps[0].events if index == 0 else state.apply(record.moves[index - 1])
        assert [ev.key.removeprefix(P) for ev in events] == expected[index], f"step {index}"
        for sentence in explain(state, events):
            assert sentence.text.strip() and sentence.clauses
        if index in record.narration:
            assert CAT.format(record.narration[index], {}, state.names).strip()
        yield index, state, events


def find(events: list[Event], key: str) -> Event:
    found = [ev for ev in events if ev.key == P + key]
    assert len(found) == 1, f"expected one {key}"
    return found[0]


def params(ev: Event) -> dict:
    return dict(ev.params)


SETUP = ["setup.components", "setup.board", "setup.players", "setup.first_chosen",
         "setup.position"]


def test_scenarios_are_all_asserted_and_titled():
    names = sorted(p.stem for p in FOLDER.glob("*.json"))
    assert names == ["corners-and-crowd", "pass-through", "specialty-serve", "tab-four-penalty",
                     "two-player-draw"]
    for name in names:
        record = load(name)
        assert record.title and CAT.has(record.title) and record.narration
        assert record.names and record.setup and "first_player" in record.setup


def test_specialty_order_served_with_a_rush_token():
    expected = [SETUP, ["step"], ["step"], ["stop", "pour.start"], ["pour"], ["pour"],
                ["pour.done"],
                ["serve", "serve.specialty", "draw", "draw", "time", "turn.next"]]
    for k, state, events in walk("specialty-serve", expected):
        if k == 2:
            ev = find(events, "step")
            assert params(ev)["ingredient"] == "caramel"
            assert "bonus.ribbons" not in [e.key for e in events]  # Ribbons is not active
        if k == 6:
            assert state.phase == "serve"
            assert state.legal_moves() == [Move.make(ALICE, "serve", cup=1, tab=2,
                                                     order="caramel_steamer")]
        if k == 7:
            serve = find(events, "serve")
            assert serve.clauses == ("R4-1", "R4-2", "D2")
            assert params(serve)["contents"] == ["milk", "steam", "caramel"]
            assert find(events, "serve.specialty").clauses == ("R4-3",)
            assert state.rush[ALICE] == 1 and state.completed[ALICE] == ["caramel_steamer"]
            draws = [(params(e)["drawer"], params(e)["cards"]) for e in events
                     if e.key == P + "draw"]
            assert draws == [(BOB, ["latte"]), (CAROL, ["iced_tea"])]
            assert state.decision().seats == (BOB,)


def test_a_card_falls_off_tab_four_into_a_penalty_and_a_rush_token():
    expected = [SETUP + ["turn.upgrade_ready"], ["step"], ["step"], ["stop", "pour.start"],
                ["pour"], ["pour.leftover"],
                ["serve", "draw", "draw", "time", "penalty", "penalty.rush", "token.penalties",
                 "turn.next_closed"],
                ["stop.still", "pour.nothing", "time", "turn.next_closed", "turn.upgrade_ready"],
                ["stop.still", "pour.nothing", "time", "game.end", "score", "score", "score",
                 "winner.orders"]]
    for k, state, events in walk("tab-four-penalty", expected):
        if k == 6:
            penalty = find(events, "penalty")
            assert penalty.clauses == ("R5-2",)
            assert params(penalty) == {"seat": ALICE, "order": "salted_caramel_mocha", "tab": 4,
                                       "count": 5}
            assert params(find(events, "penalty.rush"))["count"] == 1 and state.rush[ALICE] == 1
            assert find(events, "token.penalties").clauses == ("R5-4",)
            assert state.view(None)["start_token"] == "closed"
            assert params(find(events, "turn.next_closed"))["next"] == BOB
        if k == 7:
            assert find(events, "stop.still").clauses == ("R2-1", "D1")
        if k == 8:
            assert state.is_over and state.scores() == [-1, 4, 4]
            win = find(events, "winner.orders")
            assert win.clauses == ("P2", "D10") and params(win)["seat"] == CAROL
            assert state.winners() == [CAROL]
            assert [s["turns"] for s in state.view(None)["seats"]] == [1, 1, 1]


def test_passing_through_another_meeple_but_not_ending_on_it():
    expected = [SETUP, ["step"], ["step", "step.through"],
                ["step", "move.spent", "pour.start"], ["pour"], ["pour"], ["pour"],
                ["pour.done"], ["serve", "draw", "draw", "time", "turn.next"]]
    for k, state, events in walk("pass-through", expected):
        if k == 2:
            through = find(events, "step.through")
            assert through.clauses == ("R2-3",) and params(through)["owners"] == [BOB]
            assert state.held == ["milk", "ice"]  # Bob's cell was collected
            verdict = state.check(Move.make(ALICE, "stop"))
            assert not verdict.ok and verdict.clause == "R2-3"
            assert verdict.reason == P + "refuse.stop_occupied"
            assert "Take another step first" in CAT.format(verdict.reason, verdict.params,
                                                           state.names)
            assert Move.make(ALICE, "stop") not in state.legal_moves()
        if k == 3:
            assert state.meeples[ALICE] == [state.board.cell(1, 3)]  # row 2, column 4
            assert params(find(events, "move.spent"))["count"] == 3
        if k == 8:
            assert state.completed[ALICE] == ["ice_water"]


def test_corners_and_crowd_stack():
    expected = [SETUP + ["turn.upgrade_ready"], ["upgrade"], ["upgrade.again"],
                ["step", "step.through", "bonus.crowd", "bonus.corners", "bonus.stacked"],
                ["step"], ["stop", "pour.start"], ["pour"], ["pour"], ["pour"], ["return"],
                ["pour.done"],
                ["serve", "serve.specialty", "draw", "draw", "time", "turn.next"]]
    for k, state, events in walk("corners-and-crowd", expected):
        if k == 1:
            assert find(events, "upgrade").clauses == ("R1", "U3", "D10")
        if k == 2:
            assert find(events, "upgrade.again").clauses == ("R1", "U1", "D10", "D3")
            assert state.upgrades[ALICE] == ["corners", "crowd"]  # in activation order
            assert state.spent[ALICE] and not state.completed[ALICE]
        if k == 3:
            assert find(events, "bonus.crowd").clauses == ("U1", "D4")
            assert find(events, "bonus.corners").clauses == ("U3", "D4")
            stacked = find(events, "bonus.stacked")
            assert stacked.clauses == ("D4",) and params(stacked)["count"] == 3
            assert Counter(state.held) == {"ice": 3}
            assert not state.check(Move.make(ALICE, "stop")).ok
        if k == 9:
            assert state.supply["ice"] == 12 - 2
        if k == 11:
            assert state.completed[ALICE] == ["caramel_frappe"] and state.rush[ALICE] == 1
            assert state.scores()[ALICE] == 1 + 2 * 2


def test_two_players_draw_for_the_opponent_and_then_yourself():
    expected = [["setup.components", "setup.board", "setup.players", "setup.first_chosen",
                 "setup.deal_start", "setup.deal", "setup.place_two"],
                ["place"], ["place"], ["place.choose"], ["place.pour"], ["place.choose"],
                ["place.pour", "setup.done"], ["step"], ["step", "step.through"],
                ["step.again", "move.spent", "pour.start"], ["pour"], ["pour"],
                ["pour.leftover"], ["serve"], ["serve", "draw", "draw.self", "time", "turn.next"]]
    for k, state, events in walk("two-player-draw", expected):
        if k == 0:
            assert [o for o in state.tabs[ALICE][0]] == ["cortado", "doppio"]
            assert state.tabs[ALICE][1] == ["iced_latte"]
            assert state.tabs[BOB][:2] == [["hot_tea"], ["iced_milk"]]
            assert state.decision().seats == (BOB,)
        if k == 4:
            assert state.cups[BOB] == [["steam"], ["tea"], []]
        if k == 6:
            assert state.cups[ALICE] == [["milk"], ["coffee"], []]
            assert state.decision().seats == (ALICE,) and state.phase == "move"
        if k == 9:
            assert find(events, "step.again").clauses == ("R2-1", "R2-2", "D1")
        if k == 12:
            assert find(events, "pour.leftover").clauses == ("D6",)
        if k == 14:
            bob, alice = find(events, "draw"), find(events, "draw.self")
            assert bob.clauses == alice.clauses == ("R4-4", "D7")
            assert (params(bob)["drawer"], params(bob)["cards"]) == (BOB, ["latte", "frappe"])
            assert (params(alice)["drawer"], params(alice)["cards"]) == \
                (ALICE, ["chai_latte", "americano"])
            # Alice's new cards went onto tab 1, then time passed on her board
            assert state.tabs[ALICE][1] == ["chai_latte", "americano"]
            assert state.tabs[BOB][0] == ["hot_tea", "latte", "frappe"]
            assert state.decision().seats == (BOB,)


# --- the command line ---------------------------------------------------------------------------
def test_cli_play_check_replay(tmp_path, capsys):
    out = tmp_path / "game.json"
    assert main(["play", "coffee-rush", "--players", "2", "--seed", "3", "--bots",
                 "heuristic,random", "--out", str(out), "--quiet"]) == 0
    assert "Won by" in capsys.readouterr().out
    assert main(["check", str(out)]) == 0
    assert "valid Coffee Rush record" in capsys.readouterr().out
    assert main(["replay", str(out), "--json", "--seat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "coffee-rush" and data["over"]
    assert all("top_first" not in step["view"]["deck"] for step in data["steps"])
    assert main(["replay", str(FOLDER / "specialty-serve.json"), "--step", "3"]) == 0
    text = capsys.readouterr().out
    assert "Row 1: ice (corner)" in text and "Rule 2-1" in text


def test_cli_bench(capsys):
    assert main(["bench", "coffee-rush", "--games", "5", "--players", "4"]) == 0
    assert "moves/s" in capsys.readouterr().out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_games_end_and_replay(players):
    from bot_games import bot_game

    record, final = bot_game("coffee-rush", players, 7, ["heuristic"])
    assert final.is_over and final.end in ("penalties", "deck", "stalled")
    assert replay(record)[0].snapshot() == final.snapshot()
