"""Food Truck's scenario records, asserted step by step, and the clauses they exercise."""

from __future__ import annotations

from pathlib import Path

import pytest

from foodplay.engine import Move
from foodplay.explain import explain
from foodplay.games.food_truck import GAME
from foodplay.record import Record

SCENARIOS = Path(GAME.package_dir) / "data" / "scenarios"
A, B, C, D, E = range(5)


def ev(key, clauses, **params):
    """An expected event: its key, exactly these clauses, and at least these parameters."""
    return key, tuple(clauses), params


SERVED, STACKED, DESSERT = ("food-truck.reveal.served", "food-truck.reveal.stacked",
                            "food-truck.reveal.dessert")
CLASH, CLASH_D1, CHOICE = ("food-truck.reveal.clash", "food-truck.reveal.clash.d1",
                           "food-truck.reveal.clash_choice")
R_SERVE, R_CLASH = ("R2", "R2-1"), ("R2", "R2-3", "D3")
TOKEN, CHOOSE, PICK, ONLY = ("food-truck.out.token", "food-truck.pick.choose", "food-truck.pick",
                             "food-truck.pick.only")


def won(seat, vp):
    return ev("food-truck.round.won", ["R3"], seat=seat, vp=vp)




EXPECT = {
    "clash-and-compensation": {
        1: [ev("food-truck.order", ["R1-2", "G3"], seat=A, count=1, total=6),
            ev("food-truck.order.own", ["R1-2", "G3"], seat=A, card="pizza")],
        18: [ev("food-truck.service.start", ["R2"], seat=A)],
        19: [ev(SERVED, R_SERVE, seat=A, card="pizza")],
        20: [ev(SERVED, R_SERVE, seat=B, card="burger")],
        21: [ev(CLASH, R_CLASH, seat=C, card="pizza", blockers=[A]),
             ev(TOKEN, ["R2-5"], seat=C),
             ev(CHOOSE, ["R2-4", "D4"], seat=C, supply=["curry", "pizza", "hot_dog"])],
        22: [ev(PICK, ["R2-4"], seat=C, card="curry", supply=["pizza", "hot_dog"])],
        23: [ev(CLASH, R_CLASH, seat=A, card="burger", blockers=[B]),
             ev(CHOOSE, ["R2-4", "D4"], seat=A, supply=["pizza", "hot_dog"])],
        24: [ev(PICK, ["R2-4"], seat=A, card="hot_dog"), won(B, 1),
             ev("food-truck.round.last_card", ["R3"], seat=B, card="pizza"),
             ev("food-truck.truck.discard_unused", ["R3-1"], seat=A, truck="swap"),
             ev("food-truck.end.continue", ["R3-4"], seat=B, vp=1, target=3),
             ev("food-truck.supply.deal", ["R3-3"], count=3),
             ev("food-truck.round.gather", ["D3"]),
             ev("food-truck.round.start", ["R1"], round=2, seat=C)],
    },
    "dessert-saves": {
        0: [ev("food-truck.setup.no_trucks", ["G4"])],
        24: [ev(DESSERT, ["R2", "R2-2"], seat=C, card="waffle")],
        25: [ev(CLASH, R_CLASH, seat=A, card="pizza", blockers=[C]), ev(TOKEN, ["R2-5"], seat=A)],
        27: [ev(CLASH_D1, R_CLASH + ("D1",), seat=B, card="burger", blockers=[A], gone=[A])],
        28: [ev(PICK, ["R2-4"], seat=B, card="hot_dog"), won(C, 1)],
    },
    "stacking": {
        14: [ev(CLASH, R_CLASH, seat=B, card="pizza", blockers=[A]), ev(TOKEN, ["R2-5"], seat=B)],
        15: [ev(PICK, ["R2-4"], seat=B, card="burger"), won(A, 1),
             ev("food-truck.round.last_card", ["R3"], seat=A, card="curry"),
             ev("food-truck.round.start", ["R1"], round=2, seat=B),
             ev("food-truck.truck.flip.recall", ["R1-1", "G2-3"], seat=A)],
        30: [ev(SERVED, R_SERVE, seat=B, card="burger")],
        31: [ev(SERVED, R_SERVE, seat=A, card="curry")],
        32: [ev(STACKED, R_SERVE + ("D5",), seat=B, card="burger", count=2)],
        35: [ev(CLASH, R_CLASH, seat=A, card="burger", blockers=[B]), ev(TOKEN, ["R2-5"], seat=A)],
        36: [ev(PICK, ["R2-4"], seat=A, card="doner"), won(B, 1)],
    },
    "truck-quick-swap": {
        0: [ev("food-truck.truck.flip.swap", ["R1-1", "G2-1"], seat=A)],
        15: [ev("food-truck.truck.swap", ["G2-1"], seat=A),
             ev("food-truck.truck.swap_own", ["G2-1", "G3"], seat=A, first="doner",
                second="burger")],
        16: [ev(SERVED, R_SERVE, seat=A, card="doner")],
        17: [ev(CLASH, R_CLASH, seat=B, card="pizza", blockers=[A])],
        18: [ev(PICK, ["R2-4"], seat=B, card="curry"), won(A, 1),
             ev("food-truck.truck.discard_used", ["R3-1"], seat=A, truck="swap"),
             ev("food-truck.truck.discard_unused", ["R3-1"], seat=B, truck="recall")],
    },
    "truck-detour": {
        14: [ev(CHOICE, ["R2", "R2-3", "G2"], seat=B, card="pizza", blockers=[A],
                truck="detour")],
        15: [ev("food-truck.truck.detour", ["G2-2"], seat=B, card="pizza", count=6),
             ev(SERVED, R_SERVE, seat=B, card="doner")],
        17: [ev(CLASH, R_CLASH, seat=B, card="burger", blockers=[A])],
    },
    "truck-recall": {
        32: [ev(STACKED, R_SERVE + ("D5",), seat=B, card="burger", count=2)],
        34: [ev(SERVED, R_SERVE, seat=B, card="pizza")],
        35: [ev("food-truck.truck.recall", ["G2-3", "D3"], seat=A, target=B, card="pizza")],
        36: [ev(SERVED, R_SERVE, seat=A, card="pizza")],
        38: [ev(CLASH, R_CLASH, seat=A, card="burger", blockers=[B])],
    },
    "truck-cover-up": {
        20: [ev(CHOICE, ["R2", "R2-3", "G2"], seat=B, card="pizza", blockers=[A],
                truck="cover")],
        21: [ev("food-truck.truck.cover", ["G2-4"], seat=B, target=A, card="pizza"),
             ev("food-truck.cover.served", ["G2-4", "R2-1"], seat=B, card="pizza")],
        22: [ev(CLASH, R_CLASH, seat=C, card="pizza", blockers=[B]), ev(TOKEN, ["R2-5"], seat=C)],
        26: [ev(CLASH, R_CLASH, seat=A, card="doner", blockers=[B])],
        27: [won(B, 1), ev("food-truck.truck.discard_used", ["R3-1"], seat=B, truck="cover")],
    },
    "truck-rush-hour": {
        21: [ev(CHOICE, ["R2", "R2-3", "G2"], seat=C, card="burger", blockers=[A],
                truck="rush")],
        22: [ev("food-truck.truck.rush", ["G2-5"], seat=C, card="burger", blockers=[A])],
        24: [ev(CLASH, R_CLASH, seat=B, card="burger", blockers=[A, C]),
             ev(TOKEN, ["R2-5"], seat=B)],
        28: [ev(CLASH_D1, R_CLASH + ("D1",), seat=C, card="doner", blockers=[B], gone=[B])],
        29: [won(A, 1)],
    },
    "five-player-ending": {
        0: [ev("food-truck.supply.deal", ["R0-3"], count=5),
            ev("food-truck.setup.target.five", ["R0"], target=2)],
        32: [ev(CLASH, R_CLASH, seat=B, card="burger", blockers=[A]), ev(TOKEN, ["R2-5"], seat=B),
             ev(CHOOSE, ["R2-4", "D4"], seat=B)],
        38: [ev(CLASH, R_CLASH, seat=E, card="burger", blockers=[A]),
             ev(ONLY, ["R2-4", "D4"], seat=E, card="hot_dog"), won(A, 1),
             ev("food-truck.round.last_card", ["R3"], seat=A, card="hot_dog"),
             ev("food-truck.end.continue", ["R3-4"], vp=1, target=2),
             ev("food-truck.round.start", ["R1"], round=2, seat=B)],
        75: [ev(CLASH, R_CLASH, seat=C, card="doner", blockers=[B]), ev(TOKEN, ["R2-5"], seat=C)],
        82: [ev(CLASH, R_CLASH, seat=B, card="pizza", blockers=[A])],
        83: [ev(PICK, ["R2-4"], seat=B, card="noodles"), won(A, 2),
             ev("food-truck.end.winner", ["R3-4", "R0"], seat=A, vp=2, target=2)],
    },
    "empty-pile": {
        7: [ev("food-truck.truck.rush", ["G2-5"], seat=B, card="burger")],
        9: [ev(DESSERT, ["R2", "R2-2"], seat=B, card="churros"),
            ev("food-truck.out.empty", ["D2", "R2-3"], seat=A), ev(TOKEN, ["R2-5"], seat=A),
            ev(ONLY, ["R2-4", "D4"], seat=A, card="pizza"), won(B, 1),
            ev("food-truck.truck.reshuffle", ["R3-2"], seat=A, count=1),
            ev("food-truck.truck.reshuffle", ["R3-2"], seat=B, count=1),
            ev("food-truck.supply.short", ["R3-3", "D6"], count=1, wanted=2, cards=["pizza"]),
            ev("food-truck.round.start", ["R1"], round=2, seat=A)],
        18: [ev("food-truck.go_out", ["R2-3", "D3"], seat=B, card="pizza", truck="rush"),
             ev(ONLY, ["R2-4", "D4"], seat=B, card="pizza"), won(A, 1),
             ev("food-truck.round.no_last_card", ["R3", "D6"], seat=A),
             ev("food-truck.supply.short", ["R3-3", "D6"], count=0)],
    },
}


def _teacher(state):
    return state.view(None)


# Checks on the position after a step: views, verdicts and "why not?" answers.
def _clash_views(state, step):
    if step == 21:
        assert _teacher(state)["first_player"] == C and state.out == [False, False, True]
        assert state.view(A)["seats"][C]["hand"] == ["pizza"]  # the clashing card, public


def _dessert_views(state, step):
    if step == 23:  # Carol is next: every meal she still holds is already on the table
        shown = {st["card"] for s in (A, B) for st in _teacher(state)["seats"][s]["served"]}
        assert {"burger", "doner", "tacos", "noodles"} <= shown
        assert state.pile[C][0] == "waffle"
    if step == 19:
        verdict = state.check(Move.make(B, "swap"))
        assert (verdict.clause, verdict.reason) == ("G4", "food-truck.refuse.no_trucks")


def _stacking_views(state, step):
    if step == 32:
        assert state.view(A)["seats"][B]["served"] == [
            {"card": "burger", "count": 2, "face_down": False}]


def _swap_views(state, step):
    if step == 15:
        assert state.view(A)["seats"][A]["pile"][:2] == ["doner", "burger"]
        assert state.view(B)["seats"][A]["pile"] == {"count": 5}
        assert state.view(B)["seats"][A]["truck"] == {"card": "swap", "used": True}


def _detour_views(state, step):
    if step == 14:
        assert state.decision().kind == "food-truck.decide.clash"
        assert state.legal_moves() == [Move.make(B, "go_out"), Move.make(B, "detour")]
        assert _teacher(state)["clash"] == {"seat": B, "card": "pizza", "blockers": [A]}
    if step == 15:
        assert state.pile[B][-1] == "pizza"


def _recall_views(state, step):
    if step == 34:  # Alice's turn: "why not recall Bob's Burgers?"
        verdict = state.check(Move.make(A, "recall", target=B, card="burger"))
        assert not verdict.ok and verdict.clause == "G2-3"
        assert verdict.reason == "food-truck.refuse.part_of_pile"
        assert dict(verdict.params)["count"] == 2
        assert [m for m in state.legal_moves(A) if m.kind == "recall"] == [
            Move.make(A, "recall", target=B, card="pizza")]
    if step == 35:
        assert "pizza" in state.hand[B] and state.phase == "turn" and state.turn == A


def _cover_views(state, step):
    if step == 21:
        assert _teacher(state)["seats"][A]["served"] == [
            {"card": "pizza", "count": 1, "face_down": True}]
        assert "face-down Pizza" in GAME.describe(state.view(C))


def _rush_views(state, step):
    if step == 22:
        assert state._blockers(A, "burger") == [C] and state._blockers(C, "burger") == [A]


def _five_views(state, step):
    if step == 83:
        assert state.is_over and state.winners() == [A] and state.scores() == [2, 0, 0, 0, 0]
        assert _teacher(state)["winners"] == [A]


def _empty_views(state, step):
    if step == 9:
        # each one-card truck deck was rebuilt, and its card turned over again for round 2
        assert state.truck == ["rush", "rush"] and state.truck_discard == [[], []]
        assert state.supply == ["pizza"]


CHECKS = {"clash-and-compensation": _clash_views, "dessert-saves": _dessert_views,
          "stacking": _stacking_views, "truck-quick-swap": _swap_views,
          "truck-detour": _detour_views, "truck-recall": _recall_views,
          "truck-cover-up": _cover_views, "truck-rush-hour": _rush_views,
          "five-player-ending": _five_views, "empty-pile": _empty_views}


def _matches(event, expected) -> bool:
    key, clauses, params = expected
    got = dict(event.params)
    return event.key == key and event.clauses == clauses and all(
        got.get(name) == value for name, value in params.items())


def _assert_in_order(events, expected, where):
    """Every expected event happens at this step, in this order (others may come between)."""
    rest = list(events)
    for want in expected:
        for i, event in enumerate(rest):
            if _matches(event, want):
                rest = rest[i + 1:]
                break
        else:
            raise AssertionError(f"{where}: expected {want} among "
                                 f"{[(e.key, e.clauses, dict(e.params)) for e in events]}")


def test_every_scenario_file_is_asserted():
    assert sorted(p.stem for p in SCENARIOS.glob("*.json")) == sorted(EXPECT)


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_scenario_step_by_step(name):
    record = Record.load(SCENARIOS / f"{name}.json")
    cat = GAME.catalogue()
    assert record.title and cat.has(record.title) and 0 in record.narration
    assert all(cat.has(key) for key in record.narration.values())
    state = record.new_state()
    expected, check = EXPECT[name], CHECKS[name]
    _assert_in_order(state.setup_events, expected.get(0, []), f"{name} set-up")
    for step, move in enumerate(record.moves, start=1):
        events = state.apply(move)
        _assert_in_order(events, expected.get(step, []), f"{name} step {step}")
        check(state, step)
        for seat in range(state.players):  # private events reach only their seat
            shown = explain(state, events, seat)
            assert len(shown) == sum(e.visible_to is None or seat in e.visible_to
                                     for e in events)
    assert max(expected) <= len(record.moves)


def test_the_scenarios_exercise_every_clause():
    """Replaying the scenarios, the clauses cited by their events, and by the verdicts on every
    candidate move at every step, are exactly the rulebook's clauses."""
    seen: set[str] = set()
    for path in SCENARIOS.glob("*.json"):
        record = Record.load(path)
        state = record.new_state()
        seen.update(c for e in state.setup_events for c in e.clauses)
        for move in record.moves:
            for seat in range(state.players):
                seen.update(state.check(m).clause for m in state.candidates(seat))
            seen.update(c for e in state.apply(move) for c in e.clauses)
    assert seen == {clause.id for clause in GAME.rulebook()}
