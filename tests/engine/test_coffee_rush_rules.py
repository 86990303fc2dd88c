"""Coffee Rush, clause by clause, as the clause catalogue states them
(foodplay/games/coffee_rush/data/rulebook.json).

Most tests start from a staged position (`setup.position`): cards on tabs, cups, meeples and
tokens placed for the rule at hand, on the tutor-default board:

          col 1       col 2       col 3       col 4
    row 1 ice (C)     caramel (R) steam       coffee (C)
    row 2 coffee      milk        ice         water (R)
    row 3 tea (R)     steam       milk        coffee
    row 4 milk (C)    ice         chocolate(R) steam (C)      C corner, R ribbon

Each test names the clauses it exercises with `@pytest.mark.clauses(...)`; the `cited` fixture
fails the test if one of them was never cited (or marked), and the last test checks that
together they cover the rulebook.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from foodplay.data import DataError
from foodplay.engine import Event, IllegalMove, Move
from foodplay.games import get_game
from foodplay.games.coffee_rush import components as cr_components
from foodplay.record import Record

GAME = get_game("coffee-rush")
CAT = GAME.catalogue("en")
NAMES = ["Alice", "Bob", "Carol", "Dave"]
ALICE, BOB, CAROL, DAVE = range(4)
DEFAULT = json.loads(cr_components.DEFAULT_PATH.read_text(encoding="utf-8"))


def keys(events: list[Event]) -> list[str]:
    return [ev.key for ev in events]


def find(events: list[Event], key: str) -> Event:
    found = [ev for ev in events if ev.key == key]
    assert len(found) == 1, f"expected one {key} in {keys(events)}"
    return found[0]


def params(ev: Event) -> dict:
    return dict(ev.params)


def seat(tabs=None, cups=None, **more) -> dict:
    """One seat of a staged position: tabs (4 lists, tab 1 first), cups (3 lists), and more."""
    data = {"tabs": tabs or [[], [], [], []], "cups": cups or [[], [], []]}
    data.update(more)
    if "spent" not in data:  # R1: each active upgrade was paid with 3 completed orders
        orders = [o["id"] for o in DEFAULT["deck"]["orders"]][-12:]
        data["spent"] = orders[:3 * len(data.get("upgrades", []))]
    return data


def small_set(orders: list[str], copies: int = 1, **supply: int) -> dict:
    """The default component set with only `orders` in the deck (and supply counts changed)."""
    data = copy.deepcopy(DEFAULT)
    data["label"] = "test set"
    data["deck"]["orders"] = [dict(o, copies=copies) for o in data["deck"]["orders"]
                              if o["id"] in orders]
    for item in data["ingredients"]:
        item["count"] = supply.get(item["id"], item["count"])
    return data


class Table:
    """A Coffee Rush position built from a record, with helpers that record cited clauses."""

    def __init__(self, cited, players: int = 3, *, meeples=None, seats=None, token="open",
                 top=(), first: int = 0, seed: int = 1, components=None, options=None):
        setup: dict = {"first_player": first, "seed": seed, "deck_top": list(top)}
        if meeples is not None:
            seats = seats or [seat() for _ in range(players)]
            setup["position"] = {"meeples": meeples, "seats": seats, "start_token": token}
        self.cited = cited
        self.record = Record("coffee-rush", players, setup=setup, names=NAMES[:players],
                             components=components, options=options or {})
        self.state = self.record.new_state()
        self.setup_events = cited.events(self.state.setup_events)

    def play(self, seat: int, kind: str, **kw) -> list[Event]:
        move = Move.make(seat, kind, **kw)
        verdict = self.cited.verdict(self.state.check(move))
        assert verdict.ok, f"{move} refused: {CAT.format(verdict.reason, verdict.params, NAMES)}"
        events = self.cited.events(self.state.apply(move))
        self.record.moves.append(move)
        for ev in events:
            assert CAT.format(ev.key, ev.params, NAMES).strip()
        return events

    def step(self, seat: int, row: int, col: int, meeple: int = 1) -> list[Event]:
        return self.play(seat, "step", meeple=meeple, row=row, col=col)

    def refuse(self, seat: int, kind: str, clause: str, reason: str, **kw):
        move = Move.make(seat, kind, **kw)
        before = self.state.snapshot()
        verdict = self.cited.verdict(self.state.check(move))
        assert not verdict.ok, f"{move} should be refused"
        assert (verdict.clause, verdict.reason) == (clause, f"coffee-rush.refuse.{reason}"
                                                    if "." not in reason else reason)
        assert CAT.format(verdict.reason, verdict.params, NAMES).strip()
        with pytest.raises(IllegalMove):
            self.state.apply(move)
        assert self.state.snapshot() == before
        return verdict

    @property
    def view(self) -> dict:
        return self.state.view(None)

    def me(self, s: int) -> dict:
        return self.state.view(None)["seats"][s]


# --- components and set-up ----------------------------------------------------------------------
@pytest.mark.clauses("C1", "C3", "C4", "G1")
def test_components_supply_and_deck(cited):
    t = Table(cited)
    ev = find(t.setup_events, "coffee-rush.setup.components")
    assert ev.clauses == ("C1", "C3", "C4", "G1")
    assert params(ev)["tokens"] == 102 and params(ev)["cards"] == 80
    assert params(ev)["specialty"] == 16
    comp = t.state.comp
    assert comp.supply == {"coffee": 18, "milk": 12, "steam": 12, "ice": 12, "chocolate": 12,
                           "caramel": 12, "tea": 12, "water": 12}
    assert comp.special == {"chocolate", "caramel", "tea", "water"}
    # rush tokens are unlimited (C4): they are not counted as components
    assert "rush" not in t.state.inventory() and "rush_token" not in t.state.inventory()
    assert sum(t.state.inventory()[i] for i in comp.supply) == 102


@pytest.mark.clauses("G1")
def test_tutor_default_order_deck(cited):
    comp = cr_components.load()
    cited.mark("G1")
    deck = comp.deck()
    assert len(deck) == 80 and DEFAULT["deck"]["label"] == "tutor default"
    orders = list(comp.orders.values())
    assert len(orders) == 40 and all(o.copies == 2 for o in orders)
    assert Counter(len(o.ingredients) for o in orders) == {2: 8, 3: 14, 4: 12, 5: 6}
    specialty = [o for o in orders if o.specialty]
    assert sum(o.copies for o in specialty) == 16  # one card in five
    assert all(comp.special & set(o.ingredients) for o in specialty)
    assert len({o.ingredients for o in orders}) == 40, "two drinks share a recipe"
    assert all(CAT.has(f"name.{o.id}") for o in orders)


@pytest.mark.clauses("G2")
def test_tutor_default_board(cited):
    t = Table(cited)
    ev = find(t.setup_events, "coffee-rush.setup.board")
    assert params(ev)["label"] == "tutor default"
    assert params(ev)["ribbons"] == ["caramel", "water", "tea", "chocolate"]
    cells = t.view["board"]["cells"]
    grid = [[c["ingredient"] for c in cells[r * 4:(r + 1) * 4]] for r in range(4)]
    assert grid == [["ice", "caramel", "steam", "coffee"], ["coffee", "milk", "ice", "water"],
                    ["tea", "steam", "milk", "coffee"], ["milk", "ice", "chocolate", "steam"]]
    assert {(c["row"], c["col"]) for c in cells if c["ribbon"]} == {(1, 2), (2, 4), (3, 1),
                                                                     (4, 3)}
    assert {(c["row"], c["col"]) for c in cells if c["corner"]} == {(1, 1), (1, 4), (4, 1),
                                                                     (4, 4)}


@pytest.mark.clauses("C2", "S1")
def test_each_player_has_a_board_three_cups_and_inactive_upgrades(cited):
    for players, meeples in ((2, 2), (3, 1), (4, 1)):
        t = Table(cited, players)
        ev = find(t.setup_events, "coffee-rush.setup.players")
        assert ev.clauses == ("C2", "S1") and params(ev)["count"] == meeples
        for info in t.view["seats"]:
            assert info["cups"] == [[], [], []] and len(info["tabs"]) == 4
            assert len(info["meeples"]) == meeples
            assert info["upgrades"] == {"crowd": False, "diagonal": False, "corners": False,
                                        "ribbons": False}


@pytest.mark.clauses("C5", "S2")
def test_the_start_player_lays_the_start_token_open(cited):
    t = Table(cited, first=BOB)
    ev = find(t.setup_events, "coffee-rush.setup.first_chosen")
    assert ev.clauses == ("C5", "S2") and params(ev)["seat"] == BOB
    assert t.view["start_token"] == "open" and t.view["start_player"] == BOB
    picked = GAME.new_state(3, seed=5)
    assert [e.key for e in picked.setup_events].count("coffee-rush.setup.first_seed") == 1
    assert picked.first == GAME.new_state(3, seed=5).first  # the seed decides


@pytest.mark.clauses("S3")
def test_first_orders_two_each_and_a_third_for_the_start_player(cited):
    top = ["latte", "mocha", "doppio", "breve", "cortado", "frappe", "hot_tea"]
    t = Table(cited, 3, top=top, first=BOB)
    deal = find(t.setup_events, "coffee-rush.setup.deal_start")
    assert deal.clauses == ("S3",) and params(deal)["seat"] == BOB
    tabs = [[[o["id"] for o in tab] for tab in info["tabs"]] for info in t.view["seats"]]
    # dealt in turn order from the start player: tab 1, tab 2; the extra card comes last
    assert tabs[BOB] == [["latte", "hot_tea"], ["mocha"], [], []]
    assert tabs[CAROL] == [["doppio"], ["breve"], [], []]
    assert tabs[ALICE] == [["cortado"], ["frappe"], [], []]
    assert t.view["deck"]["count"] == 80 - 7


@pytest.mark.clauses("S4", "S5")
def test_meeples_are_placed_in_reverse_turn_order_each_on_its_own_cell(cited):
    t = Table(cited, 4, first=CAROL)
    order = find(t.setup_events, "coffee-rush.setup.place_order")
    assert params(order)["seats"] == [BOB, ALICE, DAVE, CAROL]
    assert t.state.decision().seats == (BOB,)
    events = t.play(BOB, "place", row=2, col=2)
    ev = find(events, "coffee-rush.place")
    assert ev.clauses == ("S4", "S5") and params(ev)["ingredient"] == "milk"
    assert t.me(BOB)["cups"] == [["milk"], [], []] and t.view["supply"]["milk"] == 11
    t.refuse(ALICE, "place", "S4", "place_taken", row=2, col=2)
    t.refuse(ALICE, "place", "S4", "off_board", row=5, col=1)
    t.play(ALICE, "place", row=1, col=1)
    t.play(DAVE, "place", row=4, col=4)
    events = t.play(CAROL, "place", row=3, col=3)
    assert keys(events)[-1] == "coffee-rush.setup.done"
    assert t.state.phase == "move" and t.state.decision().seats == (CAROL,)


@pytest.mark.clauses("S4", "S5")
def test_two_players_alternate_their_two_meeples_and_choose_a_cup(cited):
    t = Table(cited, 2, first=ALICE)
    ev = find(t.setup_events, "coffee-rush.setup.place_two")
    assert params(ev)["seat"] == BOB  # the player who is not the start player places first
    assert [s for s, _ in t.view["placements"]] == [BOB, ALICE, BOB, ALICE]
    t.play(BOB, "place", row=4, col=4)
    t.play(ALICE, "place", row=1, col=4)
    events = t.play(BOB, "place", row=4, col=3)
    assert keys(events) == ["coffee-rush.place.choose"]
    assert t.state.phase == "setup_pour"
    # a starting ingredient goes into a cup: it cannot be given back
    t.refuse(BOB, "return", "S5", "verdict.wrong_kind", ingredient="chocolate")
    t.refuse(BOB, "pour", "S5", "not_held", ingredient="steam", cup=1)
    events = t.play(BOB, "pour", ingredient="chocolate", cup=1)
    assert find(events, "coffee-rush.place.pour").clauses == ("S5",)
    assert t.me(BOB)["cups"] == [["steam", "chocolate"], [], []]


# --- step 1: upgrades ---------------------------------------------------------------------------
@pytest.mark.clauses("R1", "U2", "D10")
def test_upgrade_costs_three_completed_orders_and_works_this_turn(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(completed=["latte", "mocha", "doppio", "breve"]), seat(), seat()])
    assert keys(t.setup_events)[-1] == "coffee-rush.turn.upgrade_ready"
    t.refuse(ALICE, "step", "U2", "diagonal_locked", meeple=1, row=1, col=1)
    events = t.play(ALICE, "upgrade", upgrade="diagonal")
    ev = find(events, "coffee-rush.upgrade")
    assert ev.clauses == ("R1", "U2", "D10") and params(ev)["count"] == 1
    me = t.me(ALICE)
    assert me["completed"] == ["breve"] and me["spent"] == ["latte", "mocha", "doppio"]
    assert me["upgrades"]["diagonal"] is True
    t.refuse(ALICE, "upgrade", "R1", "upgrade_active", upgrade="diagonal")
    t.refuse(ALICE, "upgrade", "R1", "upgrade_cost", upgrade="corners")  # 1 left
    t.refuse(ALICE, "upgrade", "R1", "no_such_upgrade", upgrade="turbo")
    t.step(ALICE, 1, 1)  # diagonal, this very turn
    t.refuse(ALICE, "upgrade", "R1", "upgrade_after_move", upgrade="corners")
    assert t.state.scores()[ALICE] == 1 + 2


# --- step 2: moving -----------------------------------------------------------------------------
@pytest.mark.clauses("R2-1", "R2-2", "R2-4")
def test_three_steps_one_cell_at_a_time_collecting_each_cell(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    t.refuse(ALICE, "step", "R2-1", "not_adjacent", meeple=1, row=4, col=2)
    t.refuse(ALICE, "step", "R2-1", "off_board", meeple=1, row=0, col=2)
    t.refuse(ALICE, "step", "R2-1", "no_such_meeple", meeple=2, row=2, col=3)
    events = t.step(ALICE, 2, 3)
    ev = find(events, "coffee-rush.step")
    assert ev.clauses == ("R2-1", "R2-2") and params(ev)["ingredient"] == "ice"
    assert t.view["turn"]["held"] == ["ice"] and t.view["supply"]["ice"] == 11
    t.step(ALICE, 3, 3)
    assert t.state.phase == "move"
    events = t.step(ALICE, 3, 4)
    ev = find(events, "coffee-rush.move.spent")
    assert ev.clauses == ("R2-1", "R2-4") and params(ev)["count"] == 3
    assert t.state.phase == "pour"
    assert t.view["turn"]["held"] == ["coffee", "milk", "ice"]
    assert t.me(ALICE)["meeples"] == [[3, 4]]


@pytest.mark.clauses("R2-4")
def test_each_step_beyond_the_third_costs_a_rush_token(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]], seats=[seat(rush=2), seat(), seat()])
    for row, col in ((2, 3), (3, 3), (3, 4)):
        assert "coffee-rush.step.rush" not in keys(t.step(ALICE, row, col))
    events = t.step(ALICE, 2, 4)
    ev = find(events, "coffee-rush.step.rush")
    assert ev.clauses == ("R2-4",) and params(ev)["step"] == 4 and params(ev)["count"] == 1
    assert t.state.phase == "move"
    events = t.step(ALICE, 1, 4)
    assert "coffee-rush.move.spent" in keys(events) and t.me(ALICE)["rush"] == 0


@pytest.mark.clauses("R2-3")
def test_pass_through_another_meeple_but_never_end_there(cited):
    t = Table(cited, meeples=[[[2, 1]], [[2, 3]], [[4, 4]]])
    t.step(ALICE, 2, 2)
    events = t.step(ALICE, 2, 3)
    ev = find(events, "coffee-rush.step.through")
    assert ev.clauses == ("R2-3",) and params(ev)["owners"] == [BOB]
    assert t.view["turn"]["held"] == ["milk", "ice"]  # collected while passing through
    t.refuse(ALICE, "stop", "R2-3", "stop_occupied")
    t.step(ALICE, 2, 4)
    assert t.state.phase == "pour"


@pytest.mark.clauses("R2-3")
def test_a_step_that_would_strand_the_meeple_on_another_meeple_is_refused(cited):
    t = Table(cited, meeples=[[[2, 1]], [[2, 4]], [[4, 4]]])
    t.step(ALICE, 2, 2)
    t.step(ALICE, 2, 3)
    verdict = t.refuse(ALICE, "step", "R2-3", "stranded", meeple=1, row=2, col=4)
    assert dict(verdict.params)["count"] == 0
    # with a rush token there is a way off Bob's cell, so the step is allowed
    t2 = Table(cited, meeples=[[[2, 1]], [[2, 4]], [[4, 4]]], seats=[seat(rush=1), seat(),
                                                                        seat()])
    t2.step(ALICE, 2, 2)
    t2.step(ALICE, 2, 3)
    t2.step(ALICE, 2, 4)
    t2.refuse(ALICE, "stop", "R2-3", "stop_occupied")
    t2.step(ALICE, 1, 4)
    assert t2.state.phase == "pour" and t2.me(ALICE)["rush"] == 0


@pytest.mark.clauses("R2-1")
def test_two_players_move_one_of_their_two_meeples(cited):
    t = Table(cited, 2, meeples=[[[2, 2], [4, 4]], [[1, 1], [3, 4]]])
    legal = t.state.legal_moves(ALICE)
    assert {m.get("meeple") for m in legal if m.kind == "step"} == {1, 2}
    t.play(ALICE, "step", meeple=2, row=4, col=3)
    t.refuse(ALICE, "step", "R2-1", "other_meeple", meeple=1, row=2, col=3)
    assert {m.get("meeple") for m in t.state.legal_moves(ALICE) if m.kind == "step"} == {2}


# --- step 3: pouring ----------------------------------------------------------------------------
@pytest.mark.clauses("R3-1", "R3-2")
def test_pour_each_ingredient_into_a_cup_or_give_it_back(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([["latte"], [], [], []], [["coffee"], [], []]), seat(), seat()])
    t.step(ALICE, 2, 3)
    t.play(ALICE, "stop")
    t.refuse(ALICE, "pour", "R3-1", "not_held", ingredient="milk", cup=1)
    t.refuse(ALICE, "pour", "R3-1", "no_such_cup", ingredient="ice", cup=4)
    t.refuse(ALICE, "return", "R3-1", "not_held", ingredient="milk")
    events = t.play(ALICE, "pour", ingredient="ice", cup=1)
    ev = find(events, "coffee-rush.pour")
    assert ev.clauses == ("R3-1", "R3-2") and params(ev)["contents"] == ["coffee", "ice"]
    # there is no move that takes an ingredient out of a cup or into another cup: only the
    # whole cup can be emptied (R3-3)
    kinds = {m.kind for m in t.state.candidates(ALICE)}
    assert kinds == {"pour", "return", "empty", "done"}
    t2 = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    t2.step(ALICE, 2, 3)
    t2.play(ALICE, "stop")
    events = t2.play(ALICE, "return", ingredient="ice")
    assert find(events, "coffee-rush.return").clauses == ("R3-1",)
    assert t2.view["supply"]["ice"] == 12 and t2.view["turn"]["held"] == []


@pytest.mark.clauses("R3-3")
def test_empty_a_cup_back_to_the_supply(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(cups=[["tea", "tea"], [], []]), seat(), seat()])
    assert t.view["supply"]["tea"] == 10
    events = t.play(ALICE, "stop")
    assert "coffee-rush.pour.only_empty" in keys(events)
    t.refuse(ALICE, "empty", "R3-3", "cup_already_empty", cup=2)
    t.refuse(ALICE, "empty", "R3-3", "no_such_cup", cup=0)
    events = t.play(ALICE, "empty", cup=1)
    ev = find(events, "coffee-rush.empty")
    assert ev.clauses == ("R3-3",) and params(ev)["contents"] == ["tea", "tea"]
    assert t.me(ALICE)["cups"][0] == [] and t.view["supply"]["tea"] == 12


@pytest.mark.clauses("D6")
def test_unpoured_ingredients_go_back_when_pouring_ends(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    t.step(ALICE, 2, 3)
    t.step(ALICE, 2, 4)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="ice", cup=1)
    assert t.cited.verdict(t.state.check(Move.make(ALICE, "done"))).clause == "D6"
    events = t.play(ALICE, "done")
    ev = find(events, "coffee-rush.pour.leftover")
    assert ev.clauses == ("D6",) and params(ev)["held"] == ["water"]
    assert t.view["supply"]["water"] == 12


@pytest.mark.clauses("D8")
def test_a_cup_has_no_size_limit(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(cups=[["ice"] * 5, [], []]), seat(), seat()])
    t.step(ALICE, 2, 3)
    t.play(ALICE, "stop")
    events = t.play(ALICE, "pour", ingredient="ice", cup=1)
    ev = find(events, "coffee-rush.pour.big")
    assert "D8" in ev.clauses and params(ev)["count"] == 6


# --- step 4: serving ----------------------------------------------------------------------------
def serve_table(cited, players: int = 3, **kw) -> Table:
    """Alice holds coffee and milk in cup 1 and walks to steam: a Latte on tab 2."""
    seats = kw.pop("seats", None) or [
        seat([["cortado"], ["latte"], [], []], [["coffee", "milk"], [], []])] + \
        [seat([[order], [], [], []]) for order in ("doppio", "iced_tea", "hot_tea")[:players - 1]]
    meeples = kw.pop("meeples", None) or [[[3, 3]], [[4, 4]], [[4, 1]], [[1, 1]]][:players]
    return Table(cited, players, meeples=meeples, seats=seats, **kw)


@pytest.mark.clauses("R4-1", "R4-2", "D2")
def test_a_matching_cup_is_served_and_goes_face_down(cited):
    t = serve_table(cited, top=["mocha", "breve"])
    t.step(ALICE, 3, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="steam", cup=1)
    t.play(ALICE, "done")
    assert t.state.phase == "serve"
    # serving is not optional: the only moves are serves
    t.refuse(ALICE, "done", "R4-1", "verdict.wrong_kind")
    t.refuse(ALICE, "serve", "R4-1", "order_not_there", cup=1, tab=1, order="latte")
    t.refuse(ALICE, "serve", "R4-1", "cup_empty", cup=2, tab=2, order="latte")
    t.refuse(ALICE, "serve", "R4-1", "no_such_tab", cup=1, tab=5, order="latte")
    t.refuse(ALICE, "serve", "R4-1", "no_such_cup", cup=9, tab=2, order="latte")
    t.refuse(ALICE, "serve", "D2", "mismatch", cup=1, tab=1, order="cortado")
    events = t.play(ALICE, "serve", cup=1, tab=2, order="latte")
    ev = find(events, "coffee-rush.serve")
    assert ev.clauses == ("R4-1", "R4-2", "D2")
    assert t.me(ALICE)["completed"] == ["latte"] and t.me(ALICE)["cups"][0] == []
    assert t.view["supply"]["coffee"] == 18 and t.view["supply"]["steam"] == 12
    assert t.state.view(BOB)["seats"][ALICE]["completed"] == {"count": 1}  # face down
    assert "coffee-rush.serve.specialty" not in keys(events)  # a Latte is no Specialty


@pytest.mark.clauses("D2")
def test_a_match_is_exact_as_a_multiset(cited):
    t = serve_table(cited, seats=[seat([["doppio"], ["latte"], [], []],
                                       [["coffee"], ["milk", "steam", "coffee"], []]),
                                  seat(), seat()])
    t.step(ALICE, 3, 4)  # coffee
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="coffee", cup=1)
    t.play(ALICE, "done")
    legal = t.state.legal_moves(ALICE)
    # cup 1 (coffee, coffee) is a Doppio; cup 2 poured in another order is still a Latte
    assert {(m.get("cup"), m.get("order")) for m in legal} == {(1, "doppio"), (2, "latte")}
    t.play(ALICE, "serve", cup=1, tab=1, order="doppio")
    events = t.play(ALICE, "serve", cup=2, tab=2, order="latte")
    assert "coffee-rush.time" in keys(events)  # no match left: the turn goes on by itself
    t2 = serve_table(cited, seats=[seat([["cortado"], [], [], []],
                                        [["coffee", "milk", "milk"], [], []]), seat(), seat()])
    t2.play(ALICE, "stop")
    events = t2.play(ALICE, "done")
    assert find(events, "coffee-rush.serve.none").clauses == ("R4-1", "D2")


@pytest.mark.clauses("R4-3")
def test_a_specialty_order_earns_a_rush_token(cited):
    t = serve_table(cited, seats=[seat([[], ["caramel_steamer"], [], []],
                                       [["milk", "steam"], [], []]), seat(), seat()],
                    meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    t.step(ALICE, 1, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="caramel", cup=1)
    t.play(ALICE, "done")
    events = t.play(ALICE, "serve", cup=1, tab=2, order="caramel_steamer")
    ev = find(events, "coffee-rush.serve.specialty")
    assert ev.clauses == ("R4-3",) and t.me(ALICE)["rush"] == 1


@pytest.mark.clauses("R4-4")
def test_the_next_two_players_draw_as_many_orders_as_were_completed(cited):
    t = serve_table(cited, 4, top=["mocha", "breve", "frappe"], first=ALICE)
    assert t.view["turn"]["seat"] == ALICE
    t.step(ALICE, 3, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="steam", cup=1)
    t.play(ALICE, "done")
    events = t.play(ALICE, "serve", cup=1, tab=2, order="latte")
    draws = [params(ev) for ev in events if ev.key == "coffee-rush.draw"]
    assert [(d["drawer"], d["cards"]) for d in draws] == [(BOB, ["mocha"]), (CAROL, ["breve"])]
    assert all(ev.clauses == ("R4-4",) for ev in events if ev.key == "coffee-rush.draw")
    tabs = {s: [o["id"] for o in t.me(s)["tabs"][0]] for s in (BOB, CAROL, DAVE)}
    assert tabs == {BOB: ["doppio", "mocha"], CAROL: ["iced_tea", "breve"], DAVE: ["hot_tea"]}


@pytest.mark.clauses("D7")
def test_two_players_the_next_two_are_the_opponent_and_yourself(cited):
    t = serve_table(cited, 2, meeples=[[[3, 3], [1, 1]], [[4, 4], [4, 1]]],
                    top=["mocha", "breve"])
    t.step(ALICE, 3, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="steam", cup=1)
    t.play(ALICE, "done")
    events = t.play(ALICE, "serve", cup=1, tab=2, order="latte")
    assert find(events, "coffee-rush.draw").clauses == ("R4-4", "D7")
    assert params(find(events, "coffee-rush.draw"))["cards"] == ["mocha"]
    mine = find(events, "coffee-rush.draw.self")
    assert mine.clauses == ("R4-4", "D7") and params(mine)["cards"] == ["breve"]
    # Alice drew onto tab 1, and then time passed on her board
    assert [o["id"] for o in t.me(ALICE)["tabs"][1]] == ["cortado", "breve"]


@pytest.mark.clauses("D7")
def test_the_unverified_extra_order_option(cited):
    assert GAME.options == {"extra_order": False}
    t = Table(cited, 2, meeples=[[[2, 2], [1, 1]], [[4, 4], [4, 1]]], top=["mocha"],
              options={"extra_order": True})
    events = t.play(ALICE, "stop")
    ev = find(events, "coffee-rush.draw.extra")
    assert ev.clauses == ("D7",) and params(ev) == {"seat": ALICE, "drawer": BOB, "count": 1,
                                                    "cards": ["mocha"], "served": 0}
    with pytest.raises(DataError) as err:
        GAME.new_state(3, seed=1, options={"extra_order": True})
    assert err.value.where == "options.extra_order"
    with pytest.raises(DataError) as err:
        GAME.new_state(2, seed=1, options={"turbo": True})
    assert err.value.where == "options.turbo"


@pytest.mark.clauses("R4-5", "D9")
def test_a_short_deck_is_drawn_to_the_end_then_the_token_flips(cited):
    orders = ["cortado", "latte", "doppio", "americano", "mocha"]
    t = serve_table(cited, components=small_set(orders), top=["americano"],
                    seats=[seat([["cortado"], ["latte"], [], []],
                                [["coffee", "milk"], ["coffee", "milk"], []]),
                           seat([["doppio"], [], [], []]), seat([["mocha"], [], [], []])])
    assert t.view["deck"]["count"] == 1
    t.step(ALICE, 3, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="steam", cup=1)
    t.play(ALICE, "done")
    t.play(ALICE, "serve", cup=1, tab=2, order="latte")
    events = t.play(ALICE, "serve", cup=2, tab=1, order="cortado")
    draw = find(events, "coffee-rush.draw")
    assert params(draw)["drawer"] == BOB and params(draw)["cards"] == ["americano"]
    flip = find(events, "coffee-rush.token.deck")  # Bob wanted 2 and got the last 1
    assert flip.clauses == ("R4-5", "D9")
    assert params(flip) == {"drawer": BOB, "count": 1, "wanted": 2}
    assert keys(events).index("coffee-rush.token.deck") < keys(events).index("coffee-rush.time")
    assert t.view["start_token"] == "closed" and t.view["closed_by"] == "deck"
    # Carol draws nothing from the empty deck; the token is already CLOSED
    assert [params(e)["drawer"] for e in events if e.key == "coffee-rush.draw"] == [BOB]


@pytest.mark.clauses("R4-5", "D9")
def test_an_empty_deck_flips_the_token_when_a_card_is_needed(cited):
    orders = ["cortado", "latte", "doppio", "iced_tea"]
    t = serve_table(cited, components=small_set(orders))
    assert t.view["deck"]["count"] == 0 and t.view["start_token"] == "open"
    t.step(ALICE, 3, 2)
    t.play(ALICE, "stop")
    t.play(ALICE, "pour", ingredient="steam", cup=1)
    t.play(ALICE, "done")
    events = t.play(ALICE, "serve", cup=1, tab=2, order="latte")
    flip = find(events, "coffee-rush.token.deck")
    assert params(flip)["count"] == 0 and "coffee-rush.draw" not in keys(events)
    assert CAT.format(flip.key, flip.params, NAMES).startswith("The order deck is empty")


# --- step 5: time passes ------------------------------------------------------------------------
@pytest.mark.clauses("R5-1", "R5-2", "R5-3")
def test_time_moves_cards_down_and_tab_four_falls_off(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([["latte"], ["mocha"], ["doppio"], ["frappe", "breve"]]), seat(),
                     seat()])
    events = t.play(ALICE, "stop")
    time = find(events, "coffee-rush.time")
    assert time.clauses == ("R5-1",) and params(time)["count"] == 5
    falls = [e for e in events if e.key == "coffee-rush.penalty"]
    assert [params(e)["order"] for e in falls] == ["frappe", "breve"]
    assert all(e.clauses == ("R5-2",) for e in falls)
    rush = find(events, "coffee-rush.penalty.rush")
    assert rush.clauses == ("R5-3",) and params(rush)["count"] == 2
    me = t.me(ALICE)
    assert [[o["id"] for o in tab] for tab in me["tabs"]] == [[], ["latte"], ["mocha"],
                                                              ["doppio"]]
    assert me["penalties"] == ["frappe", "breve"] and me["rush"] == 2
    assert t.state.view(BOB)["seats"][ALICE]["penalties"] == {"count": 2}
    assert t.view["start_token"] == "open"


@pytest.mark.clauses("R5-4")
def test_the_fifth_penalty_flips_the_start_token(cited):
    four = ["latte", "mocha", "doppio", "breve"]
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([[], [], [], ["frappe"]], penalties=four[:3]),
                     seat([["cortado"], [], [], []]), seat()])
    t.play(ALICE, "stop")
    assert t.view["start_token"] == "open"  # a fourth penalty changes nothing
    t2 = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
               seats=[seat([[], [], [], ["frappe"]], penalties=four), seat(), seat()])
    events = t2.play(ALICE, "stop")
    flip = find(events, "coffee-rush.token.penalties")
    assert flip.clauses == ("R5-4",) and params(flip) == {"seat": ALICE, "count": 5}
    assert t2.view["start_token"] == "closed"


# --- step 6: the end of a turn and of the game ---------------------------------------------------
@pytest.mark.clauses("R6")
def test_play_passes_clockwise_while_the_token_is_open(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([["latte"], [], [], []]), seat([["mocha"], [], [], []]), seat()])
    events = t.play(ALICE, "stop")
    nxt = find(events, "coffee-rush.turn.next")
    assert nxt.clauses == ("R6",) and params(nxt)["next"] == BOB
    assert t.state.decision().seats == (BOB,)


@pytest.mark.clauses("R6", "R5-4")
def test_a_closed_token_finishes_the_round_and_ends_the_game(cited):
    four = ["latte", "mocha", "doppio", "breve"]
    t = Table(cited, first=BOB, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([["cortado"], [], [], []]), seat([[], [], [], ["frappe"]],
                                                           penalties=four),
                     seat([["hot_tea"], [], [], []])])
    events = t.play(BOB, "stop")  # Bob, the start player, takes his fifth penalty
    assert "coffee-rush.token.penalties" in keys(events)
    assert params(find(events, "coffee-rush.turn.next_closed"))["next"] == CAROL
    events = t.play(CAROL, "stop")
    assert params(find(events, "coffee-rush.turn.next_closed"))["next"] == ALICE
    events = t.play(ALICE, "stop")  # Alice is last in the round: the game ends
    end = find(events, "coffee-rush.game.end")
    assert end.clauses == ("R6",) and params(end)["count"] == 1
    assert t.state.is_over and t.view["turn"]["seat"] == ALICE
    assert [s["turns"] for s in t.view["seats"]] == [1, 1, 1]


@pytest.mark.clauses("G3")
def test_a_game_with_no_order_left_anywhere_ends(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat([[], [], [], ["latte"]]), seat(), seat()])
    events = t.play(ALICE, "stop")
    flip = find(events, "coffee-rush.token.stalled")
    assert flip.clauses == ("G3",) and t.view["closed_by"] == "stalled"
    t2 = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
               seats=[seat([[], [], [], ["latte"]]), seat([["mocha"], [], [], []]), seat()])
    assert "coffee-rush.token.stalled" not in keys(t2.play(ALICE, "stop"))


# --- upgrades -----------------------------------------------------------------------------------
@pytest.mark.clauses("U1")
def test_crowd_takes_two_where_another_meeple_stands(cited):
    t = Table(cited, meeples=[[[2, 2]], [[2, 3]], [[4, 1]]],
              seats=[seat(upgrades=["crowd"]), seat(), seat()])
    events = t.step(ALICE, 2, 3)
    ev = find(events, "coffee-rush.bonus.crowd")
    assert ev.clauses == ("U1",) and t.view["turn"]["held"] == ["ice", "ice"]
    assert "coffee-rush.bonus.crowd" not in keys(t.step(ALICE, 3, 3))


@pytest.mark.clauses("U2")
def test_diagonal_allows_diagonal_steps(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(upgrades=["diagonal"]), seat(), seat()])
    steps = {(m.get("row"), m.get("col")) for m in t.state.legal_moves(ALICE)
             if m.kind == "step"}
    assert steps == {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}
    ev = find(t.step(ALICE, 3, 3), "coffee-rush.step.diagonal")
    assert ev.clauses == ("R2-1", "R2-2", "U2")


@pytest.mark.clauses("U3")
def test_corners_takes_two_on_a_corner_cell(cited):
    t = Table(cited, meeples=[[[1, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(upgrades=["corners"]), seat(), seat()])
    ev = find(t.step(ALICE, 1, 1), "coffee-rush.bonus.corners")
    assert ev.clauses == ("U3",) and t.view["turn"]["held"] == ["ice", "ice"]
    assert "coffee-rush.bonus.corners" not in keys(t.step(ALICE, 2, 1))


@pytest.mark.clauses("U4")
def test_ribbons_takes_two_on_a_ribbon_cell(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(upgrades=["ribbons"]), seat(), seat()])
    ev = find(t.step(ALICE, 1, 2), "coffee-rush.bonus.ribbons")
    assert ev.clauses == ("U4",) and t.view["turn"]["held"] == ["caramel", "caramel"]
    assert "coffee-rush.bonus.ribbons" not in keys(t.step(ALICE, 1, 3))


@pytest.mark.clauses("D3")
def test_several_upgrades_in_one_turn(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(completed=["latte"] * 2 + ["mocha"] * 2 + ["doppio"] * 2), seat(),
                     seat()])
    first = t.cited.verdict(t.state.check(Move.make(ALICE, "upgrade", upgrade="corners")))
    assert first.clause == "R1"
    t.play(ALICE, "upgrade", upgrade="corners")
    second = t.cited.verdict(t.state.check(Move.make(ALICE, "upgrade", upgrade="ribbons")))
    assert second.ok and second.clause == "D3"
    ev = find(t.play(ALICE, "upgrade", upgrade="ribbons"), "coffee-rush.upgrade.again")
    assert "D3" in ev.clauses and params(ev)["count"] == 0


@pytest.mark.clauses("D4")
def test_upgrades_stack_corners_and_crowd_give_three(cited):
    t = Table(cited, meeples=[[[2, 1]], [[1, 1]], [[4, 4]]],
              seats=[seat(upgrades=["crowd", "corners"]), seat(), seat()])
    events = t.step(ALICE, 1, 1)
    assert keys(events) == ["coffee-rush.step", "coffee-rush.step.through",
                            "coffee-rush.bonus.crowd", "coffee-rush.bonus.corners",
                            "coffee-rush.bonus.stacked"]
    assert find(events, "coffee-rush.bonus.corners").clauses == ("U3", "D4")
    stacked = find(events, "coffee-rush.bonus.stacked")
    assert stacked.clauses == ("D4",) and params(stacked)["count"] == 3
    assert t.view["turn"]["held"] == ["ice"] * 3


@pytest.mark.clauses("D5")
def test_a_supply_that_runs_out_gives_what_is_left_or_nothing(cited):
    # Bob's cups hold 11 ice, so 1 is left in the supply
    t = Table(cited, meeples=[[[2, 1]], [[4, 4]], [[4, 1]]],
              seats=[seat(upgrades=["corners"]), seat(cups=[["ice"] * 6, ["ice"] * 5, []]),
                     seat()])
    assert t.view["supply"]["ice"] == 1
    events = t.step(ALICE, 1, 1)
    short = find(events, "coffee-rush.bonus.short")
    assert short.clauses == ("D5",) and params(short)["wanted"] == 2 and params(short)["count"] == 1
    assert "coffee-rush.bonus.corners" not in keys(events)
    assert t.view["turn"]["held"] == ["ice"] and t.view["supply"]["ice"] == 0
    t.step(ALICE, 1, 2)
    events = t.step(ALICE, 1, 1)
    assert find(events, "coffee-rush.step.none").clauses == ("R2-1", "R2-2", "D5")
    assert t.view["turn"]["held"] == ["ice", "caramel"]


@pytest.mark.clauses("D1")
def test_the_start_cell_is_not_collected_zero_steps_and_going_back(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    verdict = t.cited.verdict(t.state.check(Move.make(ALICE, "stop")))
    assert verdict.ok and verdict.clause == "D1"
    t.step(ALICE, 2, 3)
    events = t.step(ALICE, 2, 2)  # back onto the start cell: entering it again counts
    assert find(events, "coffee-rush.step.return").clauses == ("R2-1", "R2-2", "D1")
    events = t.step(ALICE, 2, 3)
    assert find(events, "coffee-rush.step.again").clauses == ("R2-1", "R2-2", "D1")
    assert Counter(t.view["turn"]["held"]) == {"ice": 2, "milk": 1}
    t2 = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]])
    events = t2.play(ALICE, "stop")
    assert find(events, "coffee-rush.stop.still").clauses == ("R2-1", "D1")
    assert t2.view["supply"]["milk"] == 12  # the start cell gave nothing


@pytest.mark.clauses("D11")
def test_your_own_second_meeple_counts_as_another_meeple(cited):
    t = Table(cited, 2, meeples=[[[2, 1], [1, 1]], [[4, 4], [4, 3]]],
              seats=[seat(upgrades=["crowd"]), seat()])
    events = t.play(ALICE, "step", meeple=1, row=1, col=1)
    assert find(events, "coffee-rush.step.through_own").clauses == ("R2-3", "D11")
    assert find(events, "coffee-rush.bonus.crowd").clauses == ("U1", "D11")
    t.refuse(ALICE, "stop", "R2-3", "stop_occupied")
    t.refuse(BOB, "stop", "R2-1", "verdict.not_your_turn")


# --- scoring and ties ---------------------------------------------------------------------------
def final_table(cited, seats) -> Table:
    t = Table(cited, first=ALICE, token="closed", meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=seats)
    t.play(ALICE, "stop")
    t.play(BOB, "stop")
    t.last = t.play(CAROL, "stop")
    assert t.state.is_over
    return t


@pytest.mark.clauses("P1")
def test_scoring_orders_upgrades_and_penalties(cited):
    t = final_table(cited, [seat(completed=["latte"] * 2, upgrades=["crowd"],
                                 penalties=["mocha"]),
                            seat(completed=["doppio"]), seat()])
    assert t.state.scores() == [2 + 2 - 1, 1, 0]
    events = t.last
    scores = [params(e) for e in events if e.key == "coffee-rush.score"]
    assert scores[ALICE] == {"seat": ALICE, "points": 3, "orders": 2, "upgrades": 1,
                             "upgrade_points": 2, "penalties": 1}
    win = find(events, "coffee-rush.winner")
    assert win.clauses == ("P1",) and params(win)["seat"] == ALICE
    assert t.state.winners() == [ALICE]


@pytest.mark.clauses("P2", "D10")
def test_ties_go_to_completed_orders_then_rush_tokens(cited):
    # Bob turns in 3 of his 5 orders for an upgrade: 2 orders + 2 = 4. Carol has 4 orders.
    t = Table(cited, first=ALICE, token="closed", meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(), seat(completed=["latte", "mocha", "iced_tea", "breve", "doppio"],
                              rush=5),
                     seat(completed=["iced_milk", "cold_brew", "frappe", "cortado"])])
    t.play(ALICE, "stop")
    t.play(BOB, "upgrade", upgrade="diagonal")
    t.play(BOB, "stop")
    t.last = t.play(CAROL, "stop")
    assert t.state.spent[BOB] == ["latte", "mocha", "iced_tea"]
    assert t.state.scores() == [0, 4, 4] and t.state.winners() == [CAROL]
    ev = find(t.last, "coffee-rush.winner.orders")
    assert ev.clauses == ("P2", "D10") and params(ev)["tied"] == [BOB, CAROL]
    # equal orders too: the most rush tokens wins
    t2 = final_table(cited, [seat(completed=["latte"], rush=1), seat(completed=["mocha"], rush=3),
                             seat()])
    assert t2.state.winners() == [BOB]
    assert find(t2.last, "coffee-rush.winner.rush").clauses == ("P2",)
    # and equal rush tokens: the win is shared
    t3 = final_table(cited, [seat(completed=["latte"]), seat(completed=["mocha"]), seat()])
    assert t3.state.winners() == [ALICE, BOB]
    assert params(find(t3.last, "coffee-rush.winner.shared"))["seats"] == [ALICE, BOB]


# --- views, hidden information, inventory ---------------------------------------------------------
@pytest.mark.clauses("C3", "R4-2")
def test_views_hide_the_deck_order_and_face_down_cards(cited):
    t = Table(cited, meeples=[[[2, 2]], [[4, 4]], [[4, 1]]],
              seats=[seat(completed=["latte"], penalties=["mocha"]), seat(), seat()])
    cited.mark("C3", "R4-2")
    teacher = t.view
    assert len(teacher["deck"]["top_first"]) == 78
    for s in range(3):
        view = t.state.view(s)
        assert set(view["deck"]) == {"count"} and view["deck"]["count"] == 78
        json.dumps(view)
        other = view["seats"][ALICE]
        if s == ALICE:
            assert other["completed"] == ["latte"] and other["penalties"] == ["mocha"]
        else:
            assert other["completed"] == {"count": 1} and other["penalties"] == {"count": 1}
            assert "latte" not in json.dumps(view)
    assert t.state.secret_paths(ALICE) == [("seats", ALICE, "completed"),
                                           ("seats", ALICE, "penalties"),
                                           ("seats", ALICE, "spent")]
    # a seat's text view shows no deck cards; the teacher's lists the next ones
    assert "teacher only" not in GAME.describe(t.state.view(BOB))
    assert "teacher only" in GAME.describe(teacher)


def test_inventory_is_constant_and_legal_moves_match_checked_candidates():
    state = GAME.new_state(2, seed=3)
    inventory = state.inventory()
    assert inventory["start_token"] == 1 and inventory["meeple"] == 4 and inventory["cup"] == 6
    rng = random.Random(3)
    while not state.is_over:
        seat_ = state.decision().seats[0]
        legal = state.legal_moves(seat_)
        assert set(legal) == {m for m in state.candidates(seat_) if state.check(m).ok}
        state.apply(rng.choice(legal))
        assert state.inventory() == inventory


# --- component and set-up files ------------------------------------------------------------------
def broken(path: list, value) -> dict:
    data = copy.deepcopy(DEFAULT)
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize("path, value, where", [
    (["format"], "x", "components: format"),
    (["game"], "burg", "components: game"),
    (["ingredients", 0, "count"], 0, "components: ingredients[0].count"),
    (["ingredients", 1, "id"], "coffee", "components: ingredients[1].id"),
    (["ingredients", 2, "special"], "yes", "components: ingredients[2].special"),
    (["board", "cells", 1, 2], "lava", "components: board.cells[1][2]"),
    (["board", "cells", 2], ["ice"], "components: board.cells[2]"),
    (["board", "ribbons", 0], [9, 9], "components: board.ribbons[0]"),
    (["player", "cups"], 0, "components: player.cups"),
    (["player", "meeples"], {"2": 2}, "components: player.meeples"),
    (["upgrades"], ["crowd", "teleport"], "components: upgrades"),
    (["scoring", "penalty"], "-1", "components: scoring.penalty"),
    (["deck", "orders", 0, "ingredients", 1], "sugar",
     "components: deck.orders[0].ingredients[1]"),
    (["deck", "orders", 1, "id"], "doppio", "components: deck.orders[1].id"),
    (["deck", "orders", 0, "specialty"], True, "components: deck.orders[0].specialty"),
    (["deck", "orders", 3, "copies"], 0, "components: deck.orders[3].copies"),
    (["deck", "orders"], [], "components: deck.orders"),
])
def test_component_errors_name_the_field(path, value, where):
    with pytest.raises(DataError) as err:
        GAME.new_state(3, seed=1, components=broken(path, value))
    assert err.value.where == where


def test_a_users_own_component_set_is_used():
    data = small_set(["latte", "mocha", "doppio", "breve", "cortado", "frappe", "hot_tea"],
                     copies=2, coffee=30)
    data["board"]["label"] = "my board"
    state = GAME.new_state(3, seed=1, components=data)
    assert state.view(None)["supply"]["coffee"] == 30 - sum(
        c == "coffee" for cup in state.cups for c in cup)
    assert state.view(None)["deck"]["count"] == 14 - 7
    assert state.view(None)["board"]["label"] == "my board"
    with pytest.raises(DataError) as err:
        GAME.new_state(4, seed=1, components=small_set(["latte", "mocha"]))
    assert err.value.where == "components: deck.orders"


@pytest.mark.parametrize("setup, where", [
    ({"colour": 1}, "setup.colour"),
    ({"first_player": 3}, "setup.first_player"),
    ({"deck_top": ["latte", "espresso"]}, "setup.deck_top[1]"),
    ({"deck_top": ["iced_chai"] * 3}, "setup"),
    ({"position": {"meeples": [[[1, 1]], [[1, 1]], [[2, 2]]],
                   "seats": [{}, {}, {}]}}, "setup.position.meeples[1][0]"),
    ({"position": {"meeples": [[[1, 1]], [[5, 1]], [[2, 2]]],
                   "seats": [{}, {}, {}]}}, "setup.position.meeples[1][0]"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]]], "seats": [{}, {}, {}]}},
     "setup.position.meeples"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]],
                   "seats": [{"tabs": [[], []]}, {}, {}]}}, "setup.position.seats[0].tabs"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]],
                   "seats": [{}, {"cups": [["sugar"], [], []]}, {}]}},
     "setup.position.seats[1].cups[0][0]"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]],
                   "seats": [{}, {}, {"rush": -1}]}}, "setup.position.seats[2].rush"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]],
                   "seats": [{"upgrades": ["wings"]}, {}, {}]}},
     "setup.position.seats[0].upgrades"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]], "seats": [{}, {}, {}],
                   "start_token": "ajar"}}, "setup.position.start_token"),
    ({"position": {"meeples": [[[1, 1]], [[1, 2]], [[2, 2]]],
                   "seats": [{"cups": [["tea"] * 13, [], []]}, {}, {}]}}, "setup.position"),
])
def test_setup_errors_name_the_field(setup, where):
    with pytest.raises(DataError) as err:
        GAME.new_state(3, seed=1, setup=setup)
    assert err.value.where == where


# --- the heuristic bot --------------------------------------------------------------------------
def play_bot_turn(state) -> list[Event]:
    seat_ = state.decision().seats[0]
    events = []
    while not state.is_over and state.decision().seats == (seat_,):
        hint = GAME.heuristic(state, seat_)
        assert hint.move in state.legal_moves(seat_)
        assert CAT.format(hint.reason, hint.params, NAMES).strip()
        events += state.apply(hint.move)
        if any(ev.key.startswith("coffee-rush.turn.") for ev in events):
            break
    return events


def test_the_heuristic_serves_an_order_before_it_falls_off_tab_four():
    setup = {"first_player": 0, "seed": 4, "position": {
        "meeples": [[[2, 2]], [[4, 4]], [[4, 1]]],
        "seats": [seat([["latte"], [], [], ["iced_americano"]], [["coffee"], [], []]), seat(),
                  seat()]}}
    state = GAME.new_state(3, setup=setup)
    events = play_bot_turn(state)
    served = [params(e)["order"] for e in events if e.key == "coffee-rush.serve"]
    assert served == ["iced_americano"] and not state.penalties[ALICE]


def test_the_heuristic_reads_no_hidden_information():
    """Two games that differ only in the deck's hidden order get the same hints."""
    def staged(seed: int):
        return GAME.new_state(3, setup={"first_player": 0, "seed": seed, "position": {
            "meeples": [[[2, 2]], [[4, 4]], [[4, 1]]],
            "seats": [seat([["latte", "mocha"], ["cortado"], ["iced_tea"], []],
                           [["milk"], [], []]), seat(), seat()]}})

    one, two = staged(1), staged(2)
    assert one.deck != two.deck
    while one.decision().seats == (ALICE,) and one.phase != "serve":
        a, b = GAME.heuristic(one, ALICE), GAME.heuristic(two, ALICE)
        assert (a.move, a.reason, a.params) == (b.move, b.reason, b.params)
        one.apply(a.move)
        two.apply(b.move)


def test_the_heuristic_activates_an_upgrade_only_when_it_pays_this_turn():
    # a Cold Brew needs 4 ingredients: three steps give 3, unless the corner coffee gives 2
    setup = {"first_player": 0, "seed": 1, "position": {
        "meeples": [[[1, 3]], [[4, 4]], [[4, 1]]],
        "seats": [seat([[], [], ["cold_brew"], []], completed=["latte", "mocha", "doppio"]),
                  seat(), seat()]}}
    state = GAME.new_state(3, setup=setup)
    hint = GAME.heuristic(state, ALICE)
    assert hint.move == Move.make(ALICE, "upgrade", upgrade="corners")
    assert hint.reason == "coffee-rush.reason.upgrade"
    # an Iced Shot is within reach without any upgrade, which would cost a point
    setup["position"]["seats"][0]["tabs"] = [[], [], ["iced_shot"], []]
    state = GAME.new_state(3, setup=setup)
    assert GAME.heuristic(state, ALICE).move.kind != "upgrade"


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
    assert ids == ["C1", "C2", "C3", "C4", "C5", "S1", "S2", "S3", "S4", "S5", "R1", "R2-1",
                   "R2-2", "R2-3", "R2-4", "R3-1", "R3-2", "R3-3", "R4-1", "R4-2", "R4-3",
                   "R4-4", "R4-5", "R5-1", "R5-2", "R5-3", "R5-4", "R6", "U1", "U2", "U3", "U4",
                   "P1", "P2", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "D11",
                   "G1", "G2", "G3"]
    assert claimed == set(ids), f"unclaimed: {sorted(set(ids) - claimed)}"
