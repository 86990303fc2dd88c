"""BURG, clause by clause, against its clause catalogue foodplay/games/burg/data/rulebook.json.

Each test builds a position from a record with a fixed deck top and explicit moves, and checks
the events (keys and clauses), the views and the refusals. Each test names the clauses it
exercises with `@pytest.mark.clauses(...)`; the `cited` fixture fails the test if it never saw
one of them cited (or marked), and the last test checks that together they cover the rulebook.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest

from foodplay.data import DataError
from foodplay.engine import Event, IllegalMove, Move
from foodplay.explain import explain
from foodplay.games import get_game
from foodplay.games.burg import components as burg_components
from foodplay.record import Record, RecordError, replay

GAME = get_game("burg")
CAT = GAME.catalogue("en")
NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]
DEFAULT = json.loads(burg_components.DEFAULT_PATH.read_text(encoding="utf-8"))
DEFAULT_DECK = sum(card["count"] for card in DEFAULT["cards"])
ALICE, BOB, CAROL, DAVE, EVE = range(5)


def small_set(**counts: int) -> dict:
    """A custom component set: the given card counts, one recipe (patty + cheese, 3 points)."""
    roles = {"bottom_bun": "bottom_bun", "top_bun": "top_bun", "rat": "rat"}
    return {
        "format": "foodplay.components/1", "game": "burg", "label": "test set",
        "cards": [{"id": card, "role": roles.get(card, "filling"), "count": n}
                  for card, n in counts.items()],
        "recipes": [{"id": "cheeseburger", "fillings": ["patty", "cheese"], "points": 3}],
        "tools": {"tongs": 2, "tea": 2},
        "scoring": {"rat_token": -1},
    }


def keys(events: list[Event]) -> list[str]:
    return [ev.key for ev in events]


def find(events: list[Event], key: str) -> Event:
    found = [ev for ev in events if ev.key == key]
    assert len(found) == 1, f"expected one {key} in {keys(events)}"
    return found[0]


def params(ev: Event) -> dict:
    return dict(ev.params)


class Table:
    """A BURG position built from a record, with helpers that record the clauses they see."""

    def __init__(self, cited, players: int = 2, top: list[str] | tuple = (), first: int = 0,
                 seed: int = 1, components: dict | None = None):
        self.cited = cited
        self.record = Record("burg", players, setup={"first_player": first, "seed": seed,
                                                     "deck_top": list(top)},
                             names=NAMES[:players], components=components)
        self.state = self.record.new_state()
        cited.events(self.state.setup_events)

    def play(self, seat: int, kind: str, **kw) -> list[Event]:
        move = Move.make(seat, kind, **kw)
        verdict = self.cited.verdict(self.state.check(move))
        assert verdict.ok, f"{move} refused: {CAT.format(verdict.reason, verdict.params, NAMES)}"
        events = self.cited.events(self.state.apply(move))
        self.record.moves.append(move)
        for ev in events:
            CAT.format(ev.key, ev.params, NAMES)
        return events

    def refuse(self, seat: int, kind: str, clause: str, reason: str, **kw) -> str:
        """Assert the move is refused under `clause` with `reason`; nothing changes."""
        move = Move.make(seat, kind, **kw)
        before = self.state.snapshot()
        verdict = self.cited.verdict(self.state.check(move))
        assert (verdict.ok, verdict.clause, verdict.reason) == (False, clause, reason), verdict
        with pytest.raises(IllegalMove) as raised:
            self.state.apply(move)
        assert raised.value.verdict == verdict
        assert self.state.snapshot() == before
        assert move not in self.state.legal_moves(seat)
        return CAT.format(verdict.reason, verdict.params, NAMES)

    def reveal(self, places=()) -> list[Event]:
        """The first player reveals until the piles are made, placing cards on `places` in
        turn (pile 1 once they run out)."""
        places = iter(places)
        events: list[Event] = []
        while self.state.phase in ("reveal", "place"):
            first = self.state.first
            if self.state.phase == "reveal":
                events += self.play(first, "reveal")
            else:
                events += self.play(first, "place", pile=next(places, 1))
        return events

    def tools(self, choices: dict[int, str]) -> list[Event]:
        events: list[Event] = []
        for seat, tool in choices.items():
            events += self.play(seat, "tool", tool=tool)
        return events

    def lone(self, taker: int) -> list[Event]:
        """Tools for a round where only `taker` plays Tongs."""
        return self.tools({s: "tongs" if s == taker else "tea"
                           for s in range(self.state.players)})

    def view(self, seat: int | None) -> dict:
        return self.state.view(seat)

    def seat(self, seat: int, viewer: int | None = None) -> dict:
        return self.state.view(viewer)["seats"][seat]

    @property
    def piles(self) -> list[list[str]]:
        return [p["cards"] for p in self.view(None)["piles"]]


# --- 0, 1, 2: first player, reveal, piles -------------------------------------------------------
@pytest.mark.clauses("R0")
def test_r0_first_player_is_the_learners_choice_or_the_seeds(cited):
    table = Table(cited, players=3, first=2)
    assert table.state.first == 2 and table.state.decision().seats == (2,)
    assert "burg.setup.first_chosen" in keys(table.state.setup_events)
    firsts = set()
    for seed in range(30):
        state = GAME.new_state(3, seed=seed)
        ev = find(state.setup_events, "burg.setup.first_seed")
        cited.events([ev])
        assert params(ev)["seat"] == state.first
        assert GAME.new_state(3, seed=seed).first == state.first  # the seed decides
        firsts.add(state.first)
    assert firsts == {0, 1, 2}
    with pytest.raises(DataError, match="setup.first_player"):
        GAME.new_state(3, setup={"first_player": 3})


@pytest.mark.clauses("R1")
@pytest.mark.parametrize("players, n", [(2, 4), (3, 5), (4, 7), (5, 8)])
def test_r1_reveal_stops_at_n_ingredients_and_rats_do_not_count(cited, players, n):
    fillings = ["patty", "cheese", "lettuce", "tomato", "onion", "mushroom", "patty", "cheese"]
    top: list[str] = []
    for i, card in enumerate(fillings[:n]):
        top.append(card)
        if i % 2 or i == n - 1:
            top.append("rat")  # a rat after every second ingredient, and after the N-th
    top += ["bottom_bun", "top_bun"]
    rats = top[:-3].count("rat")  # the rat right after the N-th stays in the deck
    table = Table(cited, players=players, top=top)
    assert table.view(None)["reveal"]["needed"] == n
    revealed = []
    while table.state.phase in ("reveal", "place"):
        if table.state.phase == "reveal":
            assert table.view(None)["reveal"]["revealed"] < n
            events = table.play(0, "reveal")
            revealed.append(top[len(revealed)])
            counted = [ev for ev in events if ev.key in ("burg.reveal.starts_pile",
                                                         "burg.reveal.choose")]
            if revealed[-1] == "rat":
                assert not counted and "burg.reveal.rat" in keys(events)
                assert "R1" in find(events, "burg.reveal.rat").clauses
            else:
                assert params(counted[0])["count"] == len(revealed) - revealed.count("rat")
            assert table.view(None)["reveal"]["revealed"] == len(revealed) - revealed.count("rat")
        else:
            table.play(0, "place", pile=1)
    assert table.view(None)["reveal"]["revealed"] == n
    assert revealed == top[:n + rats] and top[n + rats] == "rat"
    assert sorted(c for p in table.piles for c in p) == sorted(revealed)
    assert table.view(None)["deck"]["count"] == DEFAULT_DECK - n - rats
    assert table.state.deck[-1] == "rat"  # not revealed: four ingredients were already out
    assert table.state.phase == "tools"


@pytest.mark.clauses("R2")
def test_r2_first_ingredients_open_the_piles_then_the_first_player_places(cited):
    top = ["lettuce", "rat", "onion", "cheese", "tomato", "rat", "patty"]
    table = Table(cited, players=3, top=top)
    events = table.play(0, "reveal")
    assert params(find(events, "burg.reveal.starts_pile"))["pile"] == 1
    assert "R2" in find(events, "burg.reveal.starts_pile").clauses
    # a rat after pile 1 opened must go on a pile, and only an open pile will do
    table.play(0, "reveal")
    assert table.state.phase == "place" and table.state.legal_moves(0) == [
        Move.make(0, "place", pile=1)]
    table.refuse(0, "reveal", "R2", "verdict.wrong_kind")
    table.refuse(0, "place", "R2", "burg.refuse.no_such_pile", pile=2)
    table.play(0, "place", pile=1)
    table.play(0, "reveal")  # onion opens pile 2
    events = table.play(0, "reveal")  # cheese opens pile 3: no decision yet
    assert params(find(events, "burg.reveal.starts_pile"))["pile"] == 3
    assert table.state.phase == "reveal"
    events = table.play(0, "reveal")  # tomato: every pile is open, Alice chooses
    assert "burg.reveal.choose" in keys(events) and table.state.phase == "place"
    assert table.state.legal_moves(0) == [Move.make(0, "place", pile=p) for p in (1, 2, 3)]
    table.refuse(1, "place", "R2", "verdict.not_your_turn", pile=1)
    table.refuse(0, "place", "R2", "burg.refuse.no_such_pile", pile=4)
    events = table.play(0, "place", pile=3)
    assert params(find(events, "burg.place")) == {"seat": 0, "card": "tomato", "pile": 3}
    table.play(0, "reveal")
    table.play(0, "place", pile=2)  # the rat, on a pile of Alice's choice
    table.play(0, "reveal")
    table.play(0, "place", pile=2)  # patty, the fifth ingredient
    assert table.piles == [["lettuce", "rat"], ["onion", "rat", "patty"], ["cheese", "tomato"]]
    assert table.state.phase == "tools"


@pytest.mark.clauses("D1")
def test_d1_a_rat_cannot_open_a_pile_and_joins_pile_1(cited):
    table = Table(cited, players=2, top=["rat", "rat", "onion", "patty", "cheese", "lettuce"])
    for _ in range(2):
        events = table.play(0, "reveal")
        assert keys(events) == ["burg.reveal.rat_waits"]
        assert find(events, "burg.reveal.rat_waits").clauses == ("R1", "D1")
    reveal = table.view(None)["reveal"]
    assert (reveal["waiting_rats"], reveal["revealed"], table.piles) == (2, 0, [])
    assert table.state.phase == "reveal"  # nothing to place: no pile exists yet
    events = table.play(0, "reveal")
    assert keys(events) == ["burg.reveal.starts_pile", "burg.reveal.rats_join"]
    assert params(find(events, "burg.reveal.rats_join"))["count"] == 2
    assert table.piles == [["onion", "rat", "rat"]]
    assert table.view(None)["reveal"]["waiting_rats"] == 0
    table.reveal()
    assert table.piles == [["onion", "rat", "rat", "cheese", "lettuce"], ["patty"]]


# --- 3, 4: tools --------------------------------------------------------------------------------
@pytest.mark.clauses("R3", "G5")
def test_r3_tools_are_chosen_in_secret(cited):
    table = Table(cited, players=2, top=["patty", "cheese", "onion", "lettuce"])
    table.reveal()
    decision = table.state.decision()
    assert decision.simultaneous and decision.seats == (0, 1)
    events = table.play(ALICE, "tool", tool="tongs")
    public, own = find(events, "burg.tools.committed"), find(events, "burg.tools.committed_own")
    assert public.visible_to is None and "tool" not in params(public)
    assert own.visible_to == frozenset({ALICE}) and params(own)["tool"] == "tongs"
    assert [s.text for s in explain(table.state, events, BOB)] == [
        CAT.format(public.key, public.params, NAMES)]
    assert len(explain(table.state, events, ALICE)) == 2
    assert table.seat(ALICE, ALICE)["chosen"] == "tongs"
    assert table.seat(ALICE, ALICE)["hand"] == {"tongs": 1, "tea": 2}
    assert table.seat(ALICE, BOB)["chosen"] == "face_down"
    assert table.seat(ALICE, BOB)["hand"] == {"count": 3}
    bob_text = GAME.describe(table.view(BOB)).splitlines()
    alice_line = next(line for line in bob_text if line.startswith("Alice:"))
    assert "face-down card" in alice_line and "Tongs" not in alice_line
    cited.mark("G5")
    assert table.state.decision().seats == (BOB,)
    table.refuse(ALICE, "tool", "R3", "burg.refuse.already_chose", tool="tea")
    table.refuse(BOB, "tool", "R3", "burg.refuse.no_such_tool", tool="spoon")
    events = table.play(BOB, "tool", tool="tongs")
    assert "burg.tools.revealed" in keys(events)


@pytest.mark.clauses("D3", "R3")
def test_d3_a_used_tool_is_refused_until_the_hand_is_down_to_one_card(cited):
    table = Table(cited, players=2, seed=5)
    for _ in range(2):  # two all-Tea rounds: both Tea cards are used
        table.reveal()
        events = table.tools({ALICE: "tea", BOB: "tea"})
        assert "burg.tools.refresh" not in keys(events)
    assert table.seat(ALICE)["hand"] == {"tongs": 2, "tea": 0}
    assert table.seat(ALICE)["used"] == ["tea", "tea"]
    assert table.seat(ALICE, BOB)["used"] == {"count": 2}  # used tools are secret (G5)
    events = table.reveal()
    assert "burg.tools.refresh" not in keys(events)  # two cards in hand: no refresh yet
    assert table.state.legal_moves(ALICE) == [Move.make(ALICE, "tool", tool="tongs")]
    text = table.refuse(ALICE, "tool", "D3", "burg.refuse.tool_not_in_hand", tool="tea")
    assert "no Tea left in hand" in text
    table.tools({ALICE: "tongs", BOB: "tongs"})
    while table.state.phase == "take":
        seat = table.state.decision().seats[0]
        table.play(seat, "take", pile=table.state.legal_moves(seat)[0].get("pile"))
    while table.state.phase == "build":
        table.play(table.state.decision().seats[0], "done")
    assert table.seat(ALICE)["hand"] == {"tongs": 1, "tea": 0}
    events = table.reveal()  # exactly one card in hand: everything used comes back first
    refresh = [ev for ev in events if ev.key == "burg.tools.refresh"]
    assert [params(ev) for ev in refresh] == [{"seat": 0, "count": 3}, {"seat": 1, "count": 3}]
    assert all(ev.clauses == ("R3", "D3") for ev in refresh)
    assert keys(events)[-1] == "burg.tools.start"
    assert table.seat(ALICE)["hand"] == {"tongs": 2, "tea": 2}
    assert table.seat(ALICE)["used"] == []
    table.play(ALICE, "tool", tool="tea")


@pytest.mark.clauses("R4", "D2", "R6")
def test_d2_tongs_take_clockwise_from_left_of_first_player_who_comes_last(cited):
    top = ["patty", "cheese", "onion", "lettuce", "tomato", "mushroom", "bottom_bun"]
    table = Table(cited, players=4, top=top)
    table.reveal()
    assert table.piles == [["patty", "tomato", "mushroom", "bottom_bun"], ["cheese"],
                           ["onion"], ["lettuce"]]
    events = table.tools({ALICE: "tongs", BOB: "tongs", CAROL: "tea", DAVE: "tongs"})
    revealed = [params(ev) for ev in events if ev.key == "burg.tools.revealed"]
    assert revealed == [{"seat": s, "tool": t} for s, t in
                        enumerate(["tongs", "tongs", "tea", "tongs"])]
    assert all(find(events, "burg.tools.used").clauses == ("R4",) for _ in [0])
    assert [table.seat(s, CAROL)["played"] for s in range(4)] == ["tongs", "tongs", "tea",
                                                                   "tongs"]
    # Bob sits left of Alice, so he takes first; then Dave (Carol drank Tea); Alice is last
    assert table.state.decision().seats == (BOB,)
    table.refuse(ALICE, "take", "R4", "verdict.not_your_turn", pile=1)
    table.refuse(CAROL, "take", "R4", "verdict.not_your_turn", pile=1)
    assert table.state.legal_moves(BOB) == [Move.make(BOB, "take", pile=p) for p in (1, 2, 3, 4)]
    events = table.play(BOB, "take", pile=3)
    assert find(events, "burg.take").clauses == ("R4", "D2")
    assert table.state.decision().seats == (DAVE,)
    table.refuse(DAVE, "take", "D2", "burg.refuse.pile_taken", pile=3)
    table.refuse(DAVE, "take", "R4", "burg.refuse.no_such_pile", pile=5)
    table.play(DAVE, "take", pile=1)
    assert table.state.decision().seats == (ALICE,)
    events = table.play(ALICE, "take", pile=4)
    last = find(events, "burg.take.last")  # the order loops back to Bob for the last pile
    assert params(last)["seat"] == BOB and params(last)["pile"] == 2
    assert [table.seat(s)["taken"] for s in range(4)] == [
        ["lettuce"], ["onion", "cheese"], [], ["patty", "tomato", "mushroom", "bottom_bun"]]
    assert table.state.decision().seats == (BOB,)  # builders in taking order; Carol never
    for seat in (BOB, DAVE, ALICE):
        assert table.state.decision().seats == (seat,)
        events = table.play(seat, "done")
    cont = find(events, "burg.end.continue")
    assert cont.clauses == ("R6", "D6") and params(cont)["seat"] == BOB
    assert table.state.first == BOB  # he took the last pile
    assert table.state.decision().seats == (BOB,) and table.state.phase == "reveal"


@pytest.mark.clauses("R4", "R5")
def test_r4_a_lone_tongs_player_takes_every_pile(cited):
    top = ["patty", "cheese", "onion", "lettuce", "tomato"]
    table = Table(cited, players=3, top=top, first=1)
    table.reveal()
    piles = [list(p) for p in table.piles]
    events = table.tools({ALICE: "tea", BOB: "tea", CAROL: "tongs"})
    lone = find(events, "burg.take.lone")
    assert lone.clauses == ("R4",) and params(lone)["seat"] == CAROL
    assert sorted(table.seat(CAROL)["taken"]) == sorted(c for p in piles for c in p)
    assert table.seat(ALICE)["taken"] == table.seat(BOB)["taken"] == []
    assert all(p["taken"] for p in table.view(None)["piles"])
    assert find(events, "burg.build.begin").clauses == ("R5",)
    assert table.state.decision().seats == (CAROL,)  # only a player who took piles builds
    table.refuse(ALICE, "done", "R5", "verdict.not_your_turn")
    events = table.play(CAROL, "done")
    assert table.state.first == CAROL and "burg.end.continue" in keys(events)


@pytest.mark.clauses("D4", "R4")
def test_d4_all_tea_sends_every_pile_to_the_first_players_wastebasket(cited):
    top = ["patty", "rat", "cheese", "onion", "rat", "lettuce", "tomato"]
    table = Table(cited, players=3, top=top, first=1)
    table.reveal()
    events = table.tools({s: "tea" for s in range(3)})
    tea = find(events, "burg.take.all_tea")
    assert tea.clauses == ("R4", "D4") and params(tea) == {"seat": BOB, "count": 7}
    assert sorted(table.seat(BOB)["wastebasket"]) == sorted(top)
    assert table.seat(BOB, ALICE)["wastebasket"] == {"count": 7}
    assert [table.seat(s)["rat_tokens"] for s in range(3)] == [0, 0, 0]
    assert all(table.seat(s)["taken"] == [] for s in range(3))
    same = find(events, "burg.end.continue_same")
    assert "D4" in same.clauses and params(same)["seat"] == BOB
    assert table.state.first == BOB and table.state.decision().seats == (BOB,)


# --- 5: building --------------------------------------------------------------------------------
@pytest.mark.clauses("R5-1", "G5")
def test_r5_1_each_rat_taken_becomes_a_secret_rat_token(cited):
    top = ["onion", "rat", "patty", "rat", "cheese", "lettuce"]
    table = Table(cited, players=2, top=top)
    table.reveal()
    assert table.piles == [["onion", "rat", "rat", "cheese", "lettuce"], ["patty"]]
    events = table.lone(BOB)
    rats = find(events, "burg.build.rats")
    assert rats.clauses == ("R5-1", "G5") and params(rats) == {"seat": BOB, "count": 2}
    assert rats.visible_to == frozenset({BOB})  # G5: the count is the owner's secret
    public = find(events, "burg.build.rats_public")
    assert public.visible_to is None and "count" not in params(public)
    assert table.seat(BOB)["rat_tokens"] == 2
    assert table.seat(BOB)["wastebasket"] == ["rat", "rat"]
    assert "rat" not in table.seat(BOB)["taken"]
    assert table.seat(BOB, ALICE)["rat_tokens"] is None  # face down (G5)
    assert table.seat(BOB, ALICE)["wastebasket"] == {"count": 2}
    assert table.seat(BOB, BOB)["rat_tokens"] == 2
    cited.mark("G5")


@pytest.mark.clauses("R5-2", "R5")
def test_r5_2_flip_a_card_only_without_a_bottom_bun_and_never_a_rat(cited):
    table = Table(cited, players=2, top=["onion", "lettuce", "rat", "mushroom", "cheese"])
    table.reveal(places=[2, 2, 1])
    assert table.piles == [["onion", "cheese"], ["lettuce", "rat", "mushroom"]]
    table.lone(BOB)
    assert table.seat(BOB)["taken"] == ["onion", "cheese", "lettuce", "mushroom"]
    # the rat card went to the wastebasket (5-1), and could never be flipped anyway
    text = table.refuse(BOB, "flip", "R5-2", "burg.refuse.flip_rat", card="rat")
    assert "rat can never be flipped" in text
    table.refuse(BOB, "start", "R5-2", "burg.refuse.no_bottom_bun")
    table.refuse(BOB, "flip", "R5", "burg.refuse.card_not_taken", card="patty")
    flips = {m.get("card") for m in table.state.legal_moves(BOB) if m.kind == "flip"}
    assert flips == {"onion", "cheese", "lettuce", "mushroom"}
    events = table.play(BOB, "flip", card="lettuce")
    assert find(events, "burg.build.flip").clauses == ("R5-2",)
    assert table.seat(BOB)["in_progress"] == [{"bottom": "lettuce", "fillings": []}]
    # with a bottom bun in hand there is nothing to flip
    table2 = Table(cited, players=2, top=["bottom_bun", "patty", "onion", "cheese"])
    table2.reveal()
    table2.lone(ALICE)
    table2.refuse(ALICE, "flip", "R5-2", "burg.refuse.flip_has_bun", card="onion")
    events = table2.play(ALICE, "start")
    assert find(events, "burg.build.start").clauses == ("R5-2",)
    assert table2.seat(ALICE)["in_progress"] == [{"bottom": "bottom_bun", "fillings": []}]


@pytest.mark.clauses("R5-3", "R5-4", "D5")
def test_r5_3_and_5_4_only_exact_recipes_close_and_fillings_go_in_any_order(cited):
    top = ["bottom_bun", "cheese", "top_bun", "mushroom", "lettuce", "patty", "tomato",
           "bottom_bun"]
    table = Table(cited, players=5, top=top)
    table.reveal()
    table.lone(ALICE)
    table.play(ALICE, "start")
    table.refuse(ALICE, "close", "R5-3", "burg.refuse.not_a_recipe", burger=1)  # no fillings
    table.refuse(ALICE, "add", "R5-3", "burg.refuse.not_filling", card="top_bun", burger=1)
    table.refuse(ALICE, "add", "D5", "burg.refuse.no_burger", card="cheese", burger=2)
    events = table.play(ALICE, "add", card="cheese", burger=1)  # cheese first, patty later
    add = find(events, "burg.build.add")
    assert add.clauses == ("R5-4", "D5")
    assert set(params(add)["recipes"]) == {"cheeseburger", "mushroom_swiss", "double", "deluxe"}
    table.play(ALICE, "add", card="mushroom", burger=1)
    table.refuse(ALICE, "close", "R5-3", "burg.refuse.not_a_recipe", burger=1)
    text = table.refuse(ALICE, "add", "R5-4", "burg.refuse.no_fit", card="lettuce", burger=1)
    assert "would fit no recipe" in text
    table.play(ALICE, "add", card="patty", burger=1)
    events = table.play(ALICE, "close", burger=1)
    close = find(events, "burg.build.close")
    assert close.clauses == ("R5-3", "R5-4")
    assert params(close)["recipe"] == "mushroom_swiss" and params(close)["points"] == 4
    done = table.seat(ALICE)["burgers"]
    assert done == [{"bottom": "bottom_bun", "fillings": ["cheese", "mushroom", "patty"],
                     "top": "top_bun", "recipe": "mushroom_swiss", "points": 4}]
    assert table.seat(ALICE)["in_progress"] == []
    # a second burger, but the only top bun is gone
    table.play(ALICE, "start")
    table.play(ALICE, "add", card="lettuce", burger=1)
    table.play(ALICE, "add", card="tomato", burger=1)
    table.refuse(ALICE, "close", "R5-3", "burg.refuse.no_top_bun", burger=1)


@pytest.mark.clauses("R5-5", "D5")
def test_r5_5_unused_cards_go_under_the_wastebasket_and_nothing_stays_in_hand(cited):
    table = Table(cited, players=2, top=["bottom_bun", "patty", "onion", "top_bun"])
    table.reveal()
    table.lone(ALICE)
    table.play(ALICE, "start")
    table.play(ALICE, "add", card="patty", burger=1)
    events = table.play(ALICE, "done")
    discard = find(events, "burg.build.discard")
    assert discard.clauses == ("R5-5",) and params(discard)["count"] == 2
    assert sorted(table.seat(ALICE)["wastebasket"]) == ["onion", "top_bun"]
    assert table.seat(ALICE, BOB)["wastebasket"] == {"count": 2}
    assert table.seat(ALICE)["taken"] == []
    assert table.seat(ALICE)["in_progress"] == [{"bottom": "bottom_bun", "fillings": ["patty"]}]
    cited.mark("D5")  # nothing held in hand after the build step


@pytest.mark.clauses("D5", "R5-3")
def test_d5_burgers_in_progress_are_kept_across_rounds(cited):
    top = ["bottom_bun", "patty", "bottom_bun", "lettuce",  # round 1: two burgers started
           "cheese", "top_bun", "tomato", "onion"]  # round 2: one of them finished
    table = Table(cited, players=2, top=top)
    table.reveal()
    table.lone(ALICE)
    table.play(ALICE, "start")
    table.play(ALICE, "add", card="patty", burger=1)
    table.play(ALICE, "start")
    table.play(ALICE, "add", card="lettuce", burger=2)
    table.play(ALICE, "done")
    progress = [{"bottom": "bottom_bun", "fillings": ["patty"]},
                {"bottom": "bottom_bun", "fillings": ["lettuce"]}]
    assert table.seat(ALICE)["in_progress"] == progress
    assert table.state.round == 2 and table.state.first == ALICE
    table.reveal()
    assert table.seat(ALICE)["in_progress"] == progress  # still there in round 2
    table.lone(ALICE)
    table.play(ALICE, "add", card="tomato", burger=2)
    table.play(ALICE, "add", card="onion", burger=2)
    table.play(ALICE, "add", card="cheese", burger=1)
    events = table.play(ALICE, "close", burger=1)
    assert params(find(events, "burg.build.close"))["recipe"] == "cheeseburger"
    assert table.seat(ALICE)["in_progress"] == [
        {"bottom": "bottom_bun", "fillings": ["lettuce", "tomato", "onion"]}]
    table.refuse(ALICE, "close", "R5-3", "burg.refuse.no_top_bun", burger=1)  # used it up
    table.play(ALICE, "done")
    assert table.seat(ALICE)["in_progress"][0]["fillings"] == ["lettuce", "tomato", "onion"]


# --- 6, 7: the end --------------------------------------------------------------------------
def lone_round(table: Table, taker: int, build: list[tuple]) -> list[Event]:
    table.reveal()
    events = table.lone(taker)
    for kind, kw in build:
        events += table.play(taker, kind, **kw)
    return events + table.play(taker, "done")


CHEESEBURGER = [("start", {}), ("add", {"card": "patty", "burger": 1}),
                ("add", {"card": "cheese", "burger": 1}), ("close", {"burger": 1})]


@pytest.mark.clauses("R6", "D6")
@pytest.mark.parametrize("overshoot", [False, True], ids=["exactly-8", "9-at-once"])
def test_d6_the_game_ends_at_the_burger_target_counted_over_all_players(cited, overshoot):
    full = ["bottom_bun", "patty", "cheese", "top_bun"]
    starts = ["bottom_bun", "patty", "bottom_bun", "patty"]
    finish = ["cheese", "cheese", "top_bun", "top_bun"]
    top = full * 7 + (starts + finish if overshoot else full)
    table = Table(cited, players=2, top=top)
    for r in range(7):  # Alice and Bob take turns completing one burger a round
        events = lone_round(table, r % 2, CHEESEBURGER)
        cont = find(events, "burg.end.continue")
        assert cont.clauses == ("R6", "D6") and params(cont)["count"] == r + 1
        assert params(cont)["target"] == 8
    assert [len(table.seat(s)["burgers"]) for s in (ALICE, BOB)] == [4, 3]
    if overshoot:
        build = [("start", {}), ("add", {"card": "patty", "burger": 1}),
                 ("start", {}), ("add", {"card": "patty", "burger": 2})]
        events = lone_round(table, BOB, build)
        assert params(find(events, "burg.end.continue"))["count"] == 7
        build = [("add", {"card": "cheese", "burger": 1}),
                 ("add", {"card": "cheese", "burger": 2}),
                 ("close", {"burger": 1}), ("close", {"burger": 1})]
    else:
        build = CHEESEBURGER
    events = lone_round(table, BOB, build)
    end = find(events, "burg.end.burgers")  # "8" means 8 or more
    total = 9 if overshoot else 8
    assert end.clauses == ("R6", "D6") and params(end) == {"count": total, "target": 8}
    assert table.state.end_reason == "burgers" and table.state.is_over
    assert [len(table.seat(s)["burgers"]) for s in (ALICE, BOB)] == [4, total - 4]


@pytest.mark.clauses("R6", "D7")
def test_d7_the_game_ends_when_the_deck_cannot_make_new_piles(cited):
    comp = small_set(bottom_bun=2, top_bun=2, patty=3, cheese=2, rat=2)  # 11 cards
    table = Table(cited, players=2, components=comp,
                  top=["bottom_bun", "patty", "cheese", "top_bun",
                       "patty", "cheese", "bottom_bun", "top_bun"])
    events = lone_round(table, ALICE, CHEESEBURGER)
    assert params(find(events, "burg.end.continue"))["deck"] == 7
    events = lone_round(table, BOB, CHEESEBURGER)
    end = find(events, "burg.end.deck")  # 3 cards left: one short of the 4 a reveal needs
    assert end.clauses == ("R6", "D7") and params(end) == {"deck": 3, "needed": 4}
    assert table.state.end_reason == "deck" and table.state.is_over
    assert table.view(None)["deck"]["count"] == 3


@pytest.mark.clauses("D7", "D1")
def test_d7_running_out_mid_reveal_plays_the_round_out_then_ends(cited):
    comp = small_set(bottom_bun=1, top_bun=1, patty=2, cheese=2, rat=2)  # 8 cards
    top = ["bottom_bun", "patty", "cheese", "top_bun", "rat", "patty", "rat", "cheese"]
    table = Table(cited, players=2, components=comp, top=top)
    events = lone_round(table, ALICE, CHEESEBURGER)
    assert params(find(events, "burg.end.continue"))["deck"] == 4  # 4 cards: not fewer than N
    events = table.reveal()
    out = find(events, "burg.reveal.deck_out")
    assert out.clauses == ("D7",) and params(out)["piles"] == 2
    assert table.view(None)["reveal"]["revealed"] == 2 and table.view(None)["deck"]["count"] == 0
    assert table.piles == [["patty", "rat", "rat"], ["cheese"]]
    assert table.state.phase == "tools"  # the round is played out
    table.tools({ALICE: "tongs", BOB: "tongs"})
    table.play(BOB, "take", pile=1)
    table.play(BOB, "flip", card="patty")
    table.play(BOB, "done")
    events = table.play(ALICE, "done")
    end = find(events, "burg.end.deck_ran_out")
    assert end.clauses == ("R6", "D7") and table.state.end_reason == "deck_ran_out"
    assert table.seat(BOB)["rat_tokens"] == 2
    assert table.state.is_over


@pytest.mark.clauses("D7")
def test_d7_a_deck_of_rats_ends_the_game_before_any_pile_opens(cited):
    comp = small_set(bottom_bun=1, top_bun=1, patty=1, cheese=1, rat=4)
    top = ["bottom_bun", "patty", "cheese", "top_bun", "rat", "rat", "rat", "rat"]
    table = Table(cited, players=2, components=comp, top=top)
    lone_round(table, BOB, CHEESEBURGER)
    events = table.reveal()
    out = find(events, "burg.reveal.deck_out_no_pile")
    assert params(out) == {"seat": BOB, "count": 4}
    assert table.seat(BOB)["wastebasket"] == ["rat"] * 4 and table.seat(BOB)["rat_tokens"] == 0
    assert table.state.end_reason == "deck_ran_out" and table.state.is_over
    assert table.state.scores() == [0, 3]


@pytest.mark.clauses("R7", "D8")
def test_d8_the_wastebasket_is_a_last_top_bun_once_and_only_on_an_exact_recipe(cited):
    comp = small_set(bottom_bun=3, top_bun=1, patty=2, cheese=2, rat=1)  # 9 cards, 4 players
    top = ["bottom_bun", "patty", "cheese", "bottom_bun", "patty", "cheese", "bottom_bun"]
    table = Table(cited, players=4, components=comp, top=top)
    table.reveal()
    table.lone(CAROL)
    for b in (1, 2):
        table.play(CAROL, "start")
        table.play(CAROL, "add", card="patty", burger=b)
        table.play(CAROL, "add", card="cheese", burger=b)
    table.play(CAROL, "start")
    events = table.play(CAROL, "done")
    assert "burg.end.deck" in keys(events)
    start = find(events, "burg.final.start")
    assert start.clauses == ("R7", "D8")
    assert table.state.decision().seats == (CAROL,)  # nobody else has a burger to close
    assert table.state.legal_moves(CAROL) == [Move.make(CAROL, "final", burger=b)
                                              for b in (1, 2)] + [Move.make(CAROL, "skip")]
    table.refuse(CAROL, "final", "D8", "burg.refuse.not_a_recipe", burger=3)
    table.refuse(CAROL, "final", "D8", "burg.refuse.no_burger", burger=4)
    events = table.play(CAROL, "final", burger=2)
    close = find(events, "burg.final.close")
    assert close.clauses == ("R7", "D8") and params(close)["recipe"] == "cheeseburger"
    assert table.seat(CAROL)["burgers"][0]["top"] == "wastebasket"
    assert table.state.is_over  # once per player: burger 1 stays unfinished
    assert len(table.seat(CAROL)["in_progress"]) == 2
    table.refuse(CAROL, "final", "R6", "verdict.game_over", burger=1)
    assert table.state.scores() == [0, 0, 3, 0]


@pytest.mark.clauses("R7", "R5")
def test_r7_each_player_may_keep_the_wastebasket_card(cited):
    comp = small_set(bottom_bun=1, top_bun=1, patty=2, cheese=1, rat=1)  # 6 cards, 2 players
    table = Table(cited, players=2, components=comp,
                  top=["bottom_bun", "patty", "patty", "cheese"])
    table.reveal(places=[2, 2])
    assert table.piles == [["bottom_bun"], ["patty", "patty", "cheese"]]
    table.tools({ALICE: "tongs", BOB: "tongs"})
    table.play(BOB, "take", pile=1)  # Alice gets the last pile
    table.play(BOB, "start")
    table.refuse(BOB, "add", "R5", "burg.refuse.card_not_taken", card="patty", burger=1)
    table.play(BOB, "done")
    table.play(ALICE, "flip", card="patty")
    table.play(ALICE, "add", card="patty", burger=1)
    table.play(ALICE, "add", card="cheese", burger=1)
    table.play(ALICE, "done")
    assert table.state.end_reason == "deck"
    assert table.state.decision().seats == (ALICE,)  # Bob's empty burger is no recipe
    assert table.state.legal_moves(ALICE) == [Move.make(ALICE, "final", burger=1),
                                              Move.make(ALICE, "skip")]
    events = table.play(ALICE, "skip")  # "may": keeping the card is allowed
    assert find(events, "burg.final.skip").clauses == ("R7",)
    assert table.state.is_over and table.state.scores() == [0, 0]
    assert len(table.seat(ALICE)["in_progress"]) == 1 and table.seat(ALICE)["burgers"] == []


# --- G: the tutor's defaults ------------------------------------------------------------------
@pytest.mark.clauses("G4")
def test_g4_burger_points_minus_rat_tokens_and_tie_breaks(cited):
    comp = small_set(bottom_bun=1, top_bun=1, patty=1, cheese=1, rat=3)  # 7 cards
    top = ["bottom_bun", "rat", "rat", "patty", "rat", "cheese", "top_bun"]
    # Alice takes everything: a Cheeseburger (3) and 3 rat tokens (-3); Bob has nothing
    table = Table(cited, players=2, components=comp, top=top)
    events = lone_round(table, ALICE, CHEESEBURGER)
    scores = [params(ev) for ev in events if ev.key == "burg.score"]
    assert scores == [{"seat": 0, "points": 0, "burgers": 1, "burger_points": 3, "rats": 3},
                      {"seat": 1, "points": 0, "burgers": 0, "burger_points": 0, "rats": 0}]
    win = find(events, "burg.winner.fewer_rats")
    assert win.clauses == ("G4",) and params(win) == {"seat": BOB, "points": 0, "tied": [0, 1]}
    assert table.state.scores() == [0, 0] and table.state.winners() == [BOB]
    # without the rats Alice wins outright
    table = Table(cited, players=2, components=small_set(bottom_bun=1, top_bun=1, patty=1,
                                                         cheese=1, rat=1),
                  top=["bottom_bun", "patty", "cheese", "top_bun"])
    events = lone_round(table, ALICE, CHEESEBURGER)
    assert params(find(events, "burg.winner")) == {"seat": ALICE, "points": 3}
    # all Tea, nothing scored, no rats: the win is shared
    table = Table(cited, players=3, components=small_set(bottom_bun=1, top_bun=1, patty=2,
                                                         cheese=2, rat=1),
                  top=["bottom_bun", "patty", "cheese", "top_bun", "patty"])
    table.reveal()
    events = table.tools({s: "tea" for s in range(3)})
    shared = find(events, "burg.winner.shared")
    assert params(shared) == {"seats": [0, 1, 2], "points": 0}
    assert table.state.winners() == [0, 1, 2]
    # the default set scores its recipes by the values printed on them (G2)
    table = Table(cited, players=2, top=["bottom_bun", "patty", "cheese", "top_bun"])
    lone_round(table, ALICE, CHEESEBURGER)
    assert table.state.scores() == [3, 0]


@pytest.mark.clauses("G1", "G2", "G3", "G4")
def test_g1_to_g4_the_default_components_match_the_rulebook_text(cited):
    comp = burg_components.load()
    rulebook = GAME.rulebook()
    assert comp.label == "tutor default"
    numbers = [int(n) for n in re.findall(r"\d+", rulebook["G1"].text())]
    assert numbers[:len(comp.counts) + 1] == [DEFAULT_DECK, *comp.counts.values()]
    assert set(comp.roles.values()) == {"bottom_bun", "top_bun", "filling", "rat"}
    assert {c for c, r in comp.roles.items() if r == "filling"} == {
        "patty", "cheese", "lettuce", "tomato", "onion", "mushroom"}
    for recipe, raw in zip(comp.recipes, DEFAULT["recipes"], strict=True):
        printed = (f"{CAT.name(recipe.id)} ({', '.join(raw['fillings'])}) {recipe.points}")
        assert printed in rulebook["G2"].text(), printed
    assert len(comp.recipes) == 8
    assert f"{comp.tools['tongs']} Tongs and {comp.tools['tea']} Tea" in rulebook["G3"].text()
    assert comp.rat_token_points == -1 and "1 point per rat token" in rulebook["G4"].text()
    cited.mark("G4")
    table = Table(cited, players=3)
    setup = find(table.state.setup_events, "burg.setup.components")
    assert setup.clauses == ("G1", "G2", "G3")
    assert params(setup) == {"count": DEFAULT_DECK, "label": "tutor default", "tongs": 2,
                             "tea": 2}
    assert table.state.inventory() == Counter(comp.counts)
    assert all(table.seat(s)["hand"] == {"tongs": 2, "tea": 2} for s in range(3))
    assert [r["id"] for r in table.view(1)["recipes"]] == [r.id for r in comp.recipes]


def _broken(change) -> dict:
    data = copy.deepcopy(DEFAULT)
    change(data)
    return data


BROKEN = {
    "missing cards": (lambda d: d.pop("cards"), "components: cards"),
    "missing count": (lambda d: d["cards"][0].pop("count"), "components: cards[0].count"),
    "unknown role": (lambda d: d["cards"][1].update(role="pickle"), "components: cards[1].role"),
    "negative count": (lambda d: d["cards"][2].update(count=-3), "components: cards[2].count"),
    "no rats": (lambda d: d["cards"].pop(8), "components: cards"),
    "non-filling in recipe": (lambda d: d["recipes"][0].update(fillings=["patty", "top_bun"]),
                              "components: recipes[0].fillings[1]"),
    "unknown filling": (lambda d: d["recipes"][3].update(fillings=["pickle"]),
                        "components: recipes[3].fillings[0]"),
    "recipe beyond the deck": (lambda d: d["recipes"][0].update(fillings=["mushroom"] * 11),
                               "components: recipes[0].fillings"),
    "missing points": (lambda d: d["recipes"][2].pop("points"), "components: recipes[2].points"),
    "missing tools": (lambda d: d.pop("tools"), "components: tools"),
    "zero tea": (lambda d: d["tools"].update(tea=0), "components: tools.tea"),
    "positive rat token": (lambda d: d["scoring"].update(rat_token=2),
                           "components: scoring.rat_token"),
    "wrong format": (lambda d: d.update(format="v2"), "components: format"),
}


@pytest.mark.clauses("G1", "G2", "G3")
@pytest.mark.parametrize("name", BROKEN)
def test_g1_to_g3_a_broken_component_set_names_the_field(cited, name):
    change, where = BROKEN[name]
    with pytest.raises(DataError) as raised:
        burg_components.parse(_broken(change), "components")
    assert raised.value.where == where
    # through a record, the same problem is a RecordError before any move is replayed
    record = Record("burg", 2, seed=1, components=_broken(change))
    with pytest.raises(RecordError, match=re.escape(where)):
        replay(record)
    cited.mark("G1", "G2", "G3")


@pytest.mark.clauses("G1")
def test_g1_a_component_file_that_is_not_json_is_named(cited, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text('{"format": "foodplay.components/1", "cards": [', encoding="utf-8")
    with pytest.raises(DataError) as raised:
        burg_components.load(path)
    assert raised.value.where == str(path) and "not valid JSON" in raised.value.problem
    cited.mark("G1")


@pytest.mark.clauses("G1", "G2", "G3")
def test_g1_to_g3_a_users_own_component_file_is_played(cited, tmp_path):
    mine = small_set(bottom_bun=5, top_bun=5, patty=6, cheese=6, onion=4, rat=2)
    mine["label"] = "my kitchen"
    mine["recipes"].append({"id": "onion_stack", "fillings": ["onion", "onion"], "points": 6})
    mine["tools"] = {"tongs": 1, "tea": 3}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine), encoding="utf-8")
    comp = burg_components.load(path)
    assert comp.label == "my kitchen" and sum(comp.counts.values()) == 28
    table = Table(cited, players=2, components=json.loads(path.read_text(encoding="utf-8")),
                  top=["bottom_bun", "onion", "onion", "top_bun"])
    setup = find(table.state.setup_events, "burg.setup.components")
    assert params(setup) == {"count": 28, "label": "my kitchen", "tongs": 1, "tea": 3}
    assert table.seat(ALICE)["hand"] == {"tongs": 1, "tea": 3}
    assert [r["id"] for r in table.view(None)["recipes"]] == ["cheeseburger", "onion_stack"]
    events = lone_round(table, ALICE, [("start", {}), ("add", {"card": "onion", "burger": 1}),
                                       ("add", {"card": "onion", "burger": 1}),
                                       ("close", {"burger": 1})])
    assert params(find(events, "burg.build.close"))["points"] == 6
    again = Record.loads(table.record.dumps())
    assert again.components == table.record.components
    assert replay(again)[0].snapshot() == table.state.snapshot()


# --- G5 ------------------------------------------------------------------------------------------
@pytest.mark.clauses("G5")
def test_g5_each_seat_sees_only_what_it_may(cited):
    top = ["onion", "rat", "patty", "cheese", "lettuce", "bottom_bun"]
    table = Table(cited, players=3, top=top)
    table.reveal()
    table.play(ALICE, "tool", tool="tea")
    for viewer in (BOB, CAROL):
        alice = table.seat(ALICE, viewer)
        assert alice["hand"] == {"count": 3} and alice["used"] == {"count": 0}
        assert alice["chosen"] == "face_down"
    table.tools({BOB: "tongs", CAROL: "tea"})
    # revealed tools are public; Bob's rat token, hand, used pile and wastebasket are not
    for viewer in (ALICE, CAROL):
        bob = table.seat(BOB, viewer)
        assert bob["played"] == "tongs"
        assert bob["taken"] == table.seat(BOB, None)["taken"] == [
            "onion", "lettuce", "bottom_bun", "patty", "cheese"]
        assert bob["rat_tokens"] is None and bob["wastebasket"] == {"count": 1}
        assert bob["hand"] == {"count": 3} and bob["used"] == {"count": 1}
        assert table.view(viewer)["piles"] == table.view(None)["piles"]
        assert table.view(viewer)["recipes"] == table.view(None)["recipes"]
    bob = table.seat(BOB, BOB)
    assert bob["rat_tokens"] == 1 and bob["wastebasket"] == ["rat"]
    assert bob["hand"] == {"tongs": 1, "tea": 2} and bob["used"] == ["tongs"]
    assert table.seat(BOB, None) == bob  # the teacher sees what Bob sees, and everyone else's
    for path in table.state.secret_paths(BOB):
        assert path[:2] == ("seats", BOB)
    for line in GAME.describe(table.view(ALICE)).splitlines():
        if line.startswith("Bob:"):
            assert "rat tokens ?" in line and "1 hidden card" in line
    cited.mark("G5")


# --- coverage -----------------------------------------------------------------------------------
def test_every_clause_is_covered():
    """The clauses claimed by the tests above are exactly the rulebook's (each test checks its
    own claims at teardown through the `cited` fixture)."""
    claimed: set[str] = set()
    for name, fn in globals().items():
        if not name.startswith("test_") or not callable(fn):
            continue
        marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "clauses"]
        if marks:
            assert "cited" in fn.__code__.co_varnames[:fn.__code__.co_argcount], name
        for mark in marks:
            claimed.update(mark.args)
    ids = [c.id for c in GAME.rulebook()]
    assert sorted(ids) == sorted(
        ["R0", "R1", "R2", "R3", "R4", "R5", "R5-1", "R5-2", "R5-3", "R5-4", "R5-5", "R6", "R7",
         "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "G1", "G2", "G3", "G4", "G5"])
    assert claimed == set(ids), f"unclaimed: {sorted(set(ids) - claimed)}"
