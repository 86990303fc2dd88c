"""Food Truck: one unit test (at least) per rulebook clause, plus data and setup validation.

A test marked `clauses(...)` must see each of those clauses cited (conftest's `cited` fixture):
here `find` records the clauses of every event a test looks up, and `refused` those of every
verdict it checks, so a test can only claim a clause it actually asserted.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from foodplay.data import DataError
from foodplay.engine import IllegalMove, Move
from foodplay.games.food_truck import GAME
from foodplay.games.food_truck import components as ft_components
from foodplay.games.food_truck.bot import suggest

STD = ["burger", "doner", "pizza", "tacos", "noodles"]
DESSERTS = ["ice_cream", "churros", "waffle", "crepe", "donut"]
A, B, C, D, E = range(5)
REC = None  # the running test's ClauseRecorder, when it is marked with clauses


@pytest.fixture(autouse=True)
def _record_clauses(request):
    global REC
    REC = request.getfixturevalue("cited") if request.node.get_closest_marker("clauses") \
        else None
    yield
    REC = None


def new(players=2, *, first=0, trucks=None, central_top=None, options=None, components=None,
        seed=0):
    setup = {"first_player": first, "seed": seed}
    if trucks is not None:
        setup["trucks"] = trucks
    if central_top is not None:
        setup["central_top"] = central_top
    return GAME.new_state(players, setup=setup, options=options, components=components)


def order(state, piles):
    """Lay every seat's pile: the listed cards on top, then the rest of the hand in hand order."""
    events = []
    for seat, lead in piles.items():
        rest = list(state.hand[seat])
        for card in lead:
            rest.remove(card)
        for card in list(lead) + rest:
            events += state.apply(Move.make(seat, "order", card=card))
    return events


def play(state, seat, kind, **params):
    return state.apply(Move.make(seat, kind, **params))


def reveal(state, seat):
    return play(state, seat, "reveal")


def keys(events):
    return [e.key for e in events]


def find(events, key):
    found = [e for e in events if e.key == key]
    assert found, f"no {key} among {keys(events)}"
    if REC is not None:
        REC.events(found[:1])
    return found[0]


def params(ev):
    return dict(ev.params)


def refused(state, move, clause, reason):
    verdict = state.check(move)
    assert not verdict.ok
    assert (verdict.clause, verdict.reason) == (clause, reason)
    if REC is not None:
        REC.verdict(verdict)
    before = state.snapshot()
    with pytest.raises(IllegalMove):
        state.apply(move)
    assert state.snapshot() == before
    return dict(verdict.params)


def custom(**changes):
    data = copy.deepcopy(ft_components.load().source)
    data.update(changes)
    return data


def finish_round(state):
    """Play the first legal move until the round changes; everyone orders the same way, so the
    second player to reveal clashes at once."""
    start, events = state.round, []
    while not state.is_over and state.round == start:
        events += state.apply(state.legal_moves()[0])
    return events


# --- 0: goal and set-up --------------------------------------------------------------------------
@pytest.mark.clauses("R0")
def test_goal_is_three_points_or_two_with_five_players():
    for players in (2, 3, 4):
        state = new(players)
        assert state.target == 3
        ev = find(state.setup_events, "food-truck.setup.target")
        assert ev.clauses == ("R0",) and params(ev)["target"] == 3
    five = new(5)
    assert five.target == 2
    assert find(five.setup_events, "food-truck.setup.target.five").clauses == ("R0",)
    state = new(2, trucks=[["swap"], ["swap"]])
    state.vp = [2, 0]
    order(state, {A: ["pizza"], B: ["pizza"]})
    reveal(state, A)
    events = reveal(state, B) + play(state, B, "pick", card=state.supply[0])
    assert state.is_over and state.winners() == [A] and state.scores() == [3, 0]
    assert find(events, "food-truck.end.winner").clauses == ("R3-4", "R0")


@pytest.mark.clauses("R0-1")
def test_each_player_has_a_face_down_deck_of_the_same_five_trucks():
    state = new(3)
    ev = find(state.setup_events, "food-truck.setup.trucks")
    assert "R0-1" in ev.clauses
    inventory = state.inventory()
    for effect in ("swap", "detour", "recall", "cover", "rush"):
        assert inventory["truck." + effect] == 3
    for seat in range(3):
        assert sorted(state.truck_deck[seat] + [state.truck[seat]]) == \
            sorted(["swap", "detour", "recall", "cover", "rush"])
    teacher, alice = state.view(None), state.view(A)
    assert len(teacher["seats"][B]["truck_deck"]["cards"]) == 4
    assert alice["seats"][A]["truck_deck"] == {"count": 4}  # nobody knows a deck's order


@pytest.mark.clauses("R0-2")
def test_each_player_has_the_same_five_meals_and_a_dessert_of_their_own():
    state = new(5)
    events = [e for e in state.setup_events if e.key == "food-truck.setup.seat"]
    assert find(events, "food-truck.setup.seat") is events[0]
    assert [params(e)["dessert"] for e in events] == DESSERTS
    assert all(e.clauses == ("R0-2", "G1") for e in events)
    for seat in range(5):
        assert sorted(state.hand[seat]) == sorted(STD + [DESSERTS[seat]])


@pytest.mark.clauses("R0-3")
def test_the_supply_has_one_card_per_player_from_the_central_deck():
    state = new(3, central_top=["curry", "curry", "pizza"])
    assert state.supply == ["curry", "curry", "pizza"]
    assert len(state.central) == 40 - 3
    deal = find(state.setup_events, "food-truck.supply.deal")
    assert deal.clauses == ("R0-3",) and params(deal)["count"] == 3
    assert find(state.setup_events, "food-truck.setup.central").clauses == ("R0-3", "G1")
    assert state.view(B)["central_deck"] == {"count": 37}


@pytest.mark.clauses("R0-4")
def test_first_player_is_chosen_or_drawn_from_the_seed():
    chosen = new(3, first=2)
    assert chosen.first == 2
    assert find(chosen.setup_events, "food-truck.setup.first_chosen").clauses == ("R0-4",)
    drawn = GAME.new_state(4, seed=11)
    again = GAME.new_state(4, seed=11)
    assert drawn.first == again.first
    assert find(drawn.setup_events, "food-truck.setup.first_seed").clauses == ("R0-4",)
    with pytest.raises(DataError, match="setup.first_player"):
        new(3, first=3)


# --- 1: preparation ------------------------------------------------------------------------------
@pytest.mark.clauses("R1")
def test_a_round_begins_with_the_preparation():
    state = new(2)
    ev = find(state.setup_events, "food-truck.round.start")
    assert ev.clauses == ("R1",) and params(ev) == {"round": 1, "seat": A}
    assert state.phase == "prepare" and state.round == 1


@pytest.mark.clauses("R1-1")
def test_each_player_turns_over_a_public_truck_card_and_may_use_only_that_one():
    state = new(2, trucks=[["recall"], ["cover"]])
    flips = [e for e in state.setup_events if e.key.startswith("food-truck.truck.flip.")]
    assert [e.key for e in flips] == ["food-truck.truck.flip.recall",
                                      "food-truck.truck.flip.cover"]
    assert flips[0].clauses == ("R1-1", "G2-3") and flips[0].visible_to is None
    assert state.view(B)["seats"][A]["truck"] == {"card": "recall", "used": False}
    order(state, {A: [], B: []})
    got = refused(state, Move.make(A, "swap"), "R1-1", "food-truck.refuse.not_your_truck")
    assert got["truck"] == "recall" and got["wanted"] == "swap"


@pytest.mark.clauses("R1-2")
def test_players_order_their_piles_in_secret_one_card_at_a_time():
    state = new(2)
    decision = state.decision()
    assert decision.simultaneous and decision.seats == (A, B)
    assert decision.kind == "food-truck.decide.order"
    events = play(state, A, "order", card="tacos")
    public, own = events
    assert public.key == "food-truck.order" and public.visible_to is None
    assert "card" not in params(public)
    assert own.visible_to == frozenset({A}) and params(own)["card"] == "tacos"
    assert own.clauses == ("R1-2", "G3")
    got = refused(state, Move.make(A, "order", card="tacos"), "R1-2",
                  "food-truck.refuse.not_in_hand")
    assert got["card"] == "tacos"
    order(state, {A: []})
    assert state.pile[A][0] == "tacos"  # the first card chosen is the top of the pile
    assert state.decision().seats == (B,)
    refused(state, Move.make(A, "order", card="pizza"), "R1-2", "food-truck.refuse.pile_ready")
    order(state, {B: []})
    assert state.phase == "turn"


# --- 2: service ----------------------------------------------------------------------------------
@pytest.mark.clauses("R2")
def test_service_starts_with_the_first_player_goes_clockwise_and_skips_players_out():
    state = new(3, first=1, trucks=[["swap"]] * 3)
    events = order(state, {A: ["pizza"], B: ["burger"], C: ["burger"]})
    assert find(events, "food-truck.service.start").clauses == ("R2",)
    assert state.decision().seats == (B,)
    refused(state, Move.make(A, "reveal"), "R2", "verdict.not_your_turn")
    assert find(reveal(state, B), "food-truck.reveal.served").clauses == ("R2", "R2-1")
    assert state.decision().seats == (C,)
    reveal(state, C)  # Burger again: Carol is out
    play(state, C, "pick", card=state.supply[0])
    assert state.decision().seats == (A,)
    reveal(state, A)
    assert state.decision().seats == (B,)  # Carol is skipped


@pytest.mark.clauses("R2-1")
def test_a_meal_nobody_else_served_is_served_and_a_repeat_makes_a_pile():
    comp = custom(starting_meals=["burger", "burger", "pizza"])
    state = new(2, components=comp, trucks=[["swap"], ["swap"]])
    order(state, {A: ["burger", "burger"], B: ["pizza"]})
    ev = find(reveal(state, A), "food-truck.reveal.served")
    assert ev.clauses == ("R2", "R2-1") and params(ev) == {"seat": A, "card": "burger"}
    reveal(state, B)
    ev = find(reveal(state, A), "food-truck.reveal.stacked")
    assert ev.clauses == ("R2", "R2-1", "D5") and params(ev)["count"] == 2
    assert state.view(B)["seats"][A]["served"] == [
        {"card": "burger", "count": 2, "face_down": False}]


@pytest.mark.clauses("R2-2")
def test_a_dessert_is_wild_and_always_served():
    state = new(2, trucks=[["swap"], ["swap"]])
    order(state, {A: ["pizza", "doner", "burger", "tacos", "noodles"], B: ["burger", "churros"]})
    for seat in (A, B, A):
        reveal(state, seat)
    assert state.turn == B
    blocked = {m for m in state.pile[B] if state._blockers(B, m)}
    assert blocked == {"pizza", "doner"}  # some of Bob's meals are in trouble, not his dessert
    ev = find(reveal(state, B), "food-truck.reveal.dessert")
    assert ev.clauses == ("R2", "R2-2") and params(ev)["card"] == "churros"
    assert not state.out[B] and state.served[B][-1] == ["churros", 1, False]


@pytest.mark.clauses("R2-3")
def test_a_meal_someone_else_served_puts_you_out_and_names_who_served_it():
    state = new(3, trucks=[["swap"]] * 3)
    order(state, {A: ["pizza"], B: ["burger"], C: ["pizza"]})
    reveal(state, A)
    reveal(state, B)
    events = reveal(state, C)
    ev = find(events, "food-truck.reveal.clash")
    assert ev.clauses == ("R2", "R2-3", "D3")
    assert params(ev)["blockers"] == [A] and params(ev)["card"] == "pizza"
    assert state.out[C] and "pizza" in state.hand[C]


@pytest.mark.clauses("R2-4")
def test_a_player_who_goes_out_picks_a_meal_from_the_supply():
    state = new(3, trucks=[["swap"]] * 3, central_top=["curry", "pizza", "curry"])
    order(state, {A: ["pizza"], B: ["pizza"], C: ["burger"]})
    reveal(state, A)
    events = reveal(state, B)
    assert params(find(events, "food-truck.pick.choose"))["supply"] == ["curry", "pizza", "curry"]
    assert state.decision().kind == "food-truck.decide.pick"
    assert state.legal_moves() == [Move.make(B, "pick", card="pizza"),
                                   Move.make(B, "pick", card="curry")]
    got = refused(state, Move.make(B, "pick", card="doner"), "R2-4",
                  "food-truck.refuse.not_in_supply")
    assert got["supply"] == ["curry", "pizza", "curry"]
    ev = find(play(state, B, "pick", card="curry"), "food-truck.pick")
    assert ev.clauses == ("R2-4",)
    assert state.supply == ["pizza", "curry"] and "curry" in state.hand[B]


@pytest.mark.clauses("R2-5")
def test_the_first_player_out_takes_the_first_player_token():
    state = new(3, trucks=[["swap"]] * 3, central_top=["curry", "hot_dog", "pizza"])
    order(state, {A: ["pizza"], B: ["pizza"], C: ["pizza"]})
    reveal(state, A)
    events = reveal(state, B)
    assert find(events, "food-truck.out.token").clauses == ("R2-5",)
    assert state.first == B and state.view(C)["first_player"] == B
    play(state, B, "pick", card="curry")
    events = reveal(state, C)
    assert "food-truck.out.token" not in keys(events)
    play(state, C, "pick", card="hot_dog")
    assert state.round == 2 and state.first == B
    assert state.decision().seats == (A, B, C)
    order(state, {A: [], B: [], C: []})
    assert state.decision().seats == (B,)  # Bob serves first in round 2


# --- 3: end of service ---------------------------------------------------------------------------
@pytest.mark.clauses("R3")
def test_the_last_player_in_wins_the_round_a_point_and_the_last_supply_card():
    state = new(2, trucks=[["swap"], ["swap"]], central_top=["curry", "hot_dog", "pizza", "doner"])
    order(state, {A: ["pizza"], B: ["pizza"]})
    reveal(state, A)
    events = reveal(state, B) + play(state, B, "pick", card="curry")
    won = find(events, "food-truck.round.won")
    assert won.clauses == ("R3",) and params(won)["vp"] == 1
    last = find(events, "food-truck.round.last_card")
    assert last.clauses == ("R3",) and params(last)["card"] == "hot_dog"
    assert state.vp == [1, 0] and "hot_dog" in state.hand[A]


@pytest.mark.clauses("R3-1")
def test_truck_cards_are_discarded_face_up_used_or_not():
    state = new(2, trucks=[["swap"], ["detour"]])
    order(state, {A: ["pizza"], B: ["pizza"]})
    reveal(state, A)
    reveal(state, B)
    play(state, B, "detour")
    events = finish_round(state)
    assert find(events, "food-truck.truck.discard_unused").clauses == ("R3-1",)
    assert params(find(events, "food-truck.truck.discard_used"))["truck"] == "detour"
    assert state.truck_discard == [["swap"], ["detour"]]
    assert state.view(A)["seats"][B]["truck_discard"] == ["detour"]


@pytest.mark.clauses("R3-2")
def test_an_empty_truck_deck_is_rebuilt_from_the_discard():
    state = new(4, seed=3)
    for _ in range(4):
        events = finish_round(state)
        assert "food-truck.truck.reshuffle" not in keys(events)
    events = finish_round(state)
    shuffles = [e for e in events if e.key == "food-truck.truck.reshuffle"]
    assert find(events, "food-truck.truck.reshuffle") is shuffles[0]
    assert len(shuffles) == 4 and all(e.clauses == ("R3-2",) for e in shuffles)
    assert all(len(state.truck_deck[s]) == 4 and state.truck_discard[s] == []
               for s in range(4))


@pytest.mark.clauses("R3-3")
def test_a_new_supply_of_one_card_per_player_is_dealt():
    state = new(3, central_top=["curry"] * 3 + ["hot_dog", "pizza", "doner"])
    events = finish_round(state)
    deal = find(events, "food-truck.supply.deal")
    assert deal.clauses == ("R3-3",)
    assert state.supply == ["hot_dog", "pizza", "doner"] and len(state.central) == 34


@pytest.mark.clauses("R3-4")
def test_the_game_goes_on_until_someone_reaches_the_target():
    state = new(2)
    events = finish_round(state)
    assert find(events, "food-truck.end.continue").clauses == ("R3-4",)
    state.vp = [2, 2]
    events = finish_round(state)
    assert state.is_over and state.decision() is None and state.legal_moves() == []
    assert find(events, "food-truck.end.winner").clauses == ("R3-4", "R0")
    refused(state, Move.make(A, "reveal"), "R3-4", "verdict.game_over")
    assert state.view(None)["scores"] == state.scores()


# --- readings ------------------------------------------------------------------------------------
@pytest.mark.clauses("D1")
def test_cards_of_a_player_who_is_out_still_block():
    state = new(3, trucks=[["swap"]] * 3)
    order(state, {A: ["pizza", "burger"], B: ["burger", "tacos"], C: ["doner", "pizza"]})
    reveal(state, A)
    reveal(state, B)
    reveal(state, C)
    reveal(state, A)  # Burger: Alice is out, her Pizza stays on the table
    play(state, A, "pick", card=state.supply[0])
    reveal(state, B)
    ev = find(reveal(state, C), "food-truck.reveal.clash.d1")
    assert ev.clauses == ("R2", "R2-3", "D3", "D1")
    assert params(ev)["gone"] == [A] and params(ev)["blockers"] == [A]


TINY = {"format": "foodplay.components/1", "game": "food-truck", "label": "tiny",
        "meals": ["burger", "pizza"], "starting_meals": ["burger"],
        "central_deck": {"pizza": 3}, "desserts": ["ice_cream", "churros"],
        "truck_deck": ["rush"]}


@pytest.mark.clauses("D2")
def test_a_player_with_an_empty_pile_is_out():
    state = new(2, components=TINY)
    order(state, {A: ["burger"], B: ["burger"]})
    reveal(state, A)
    reveal(state, B)
    play(state, B, "rush")
    reveal(state, A)
    events = reveal(state, B)  # Bob's churros; then Alice has nothing left
    ev = find(events, "food-truck.out.empty")
    assert ev.clauses == ("D2", "R2-3") and params(ev)["seat"] == A
    assert state.round == 2 and state.vp == [0, 1]
    assert "food-truck.pick.only" in keys(events)  # the usual compensation


@pytest.mark.clauses("D3")
def test_everyone_takes_all_their_cards_back_between_rounds():
    state = new(3, trucks=[["swap"]] * 3)
    order(state, {A: ["pizza"], B: ["pizza"], C: ["doner"]})
    reveal(state, A)
    reveal(state, B)
    assert "pizza" in state.hand[B]  # the card that put Bob out waits in his hand
    events = finish_round(state)
    assert find(events, "food-truck.round.gather").clauses == ("D3",)
    for seat in range(3):
        assert state.pile[seat] == [] and state.served[seat] == []
        assert Counter(STD + [DESSERTS[seat]]) <= Counter(state.hand[seat])
        assert len(state.hand[seat]) == 7 if seat != A else True
    assert state.pile_size == [len(h) for h in state.hand]


@pytest.mark.clauses("D4")
def test_compensation_is_picked_on_going_out_and_an_empty_or_uniform_supply_needs_no_choice():
    state = new(3, trucks=[["swap"]] * 3, central_top=["curry", "curry", "pizza"])
    order(state, {A: ["pizza"], B: ["pizza"], C: ["pizza"]})
    reveal(state, A)
    events = reveal(state, B)
    assert find(events, "food-truck.pick.choose").clauses == ("R2-4", "D4")
    play(state, B, "pick", card="pizza")
    assert state.out_order == [B]
    events = reveal(state, C)
    ev = find(events, "food-truck.pick.only")
    assert ev.clauses == ("R2-4", "D4") and params(ev)["card"] == "curry"
    assert keys(events).index("food-truck.pick.only") < keys(events).index(
        "food-truck.round.won")
    short = dict(TINY, central_deck={"pizza": 1})
    state = new(2, components=short)
    assert state.supply == ["pizza"]
    order(state, {A: ["burger"], B: ["burger"]})
    reveal(state, A)
    reveal(state, B)
    events = play(state, B, "go_out")
    assert find(events, "food-truck.pick.only")
    events = finish_round(state)
    assert find(events, "food-truck.pick.empty").clauses == ("R2-4", "D4")


@pytest.mark.clauses("D5")
def test_a_meal_only_you_served_is_safe_but_not_once_another_player_shows_it():
    comp = custom(starting_meals=["burger", "burger", "pizza"])
    state = new(2, components=comp, trucks=[["swap"], ["rush"]])
    order(state, {A: ["burger", "burger"], B: ["burger", "pizza"]})
    reveal(state, A)
    reveal(state, B)
    play(state, B, "rush")  # Bob shows a Burger too: it is no longer Alice's alone
    events = reveal(state, A)
    assert params(find(events, "food-truck.reveal.clash"))["blockers"] == [B]
    state = new(2, components=comp, trucks=[["swap"], ["swap"]])
    order(state, {A: ["burger", "burger"], B: ["pizza"]})
    reveal(state, A)
    reveal(state, B)
    assert "D5" in find(reveal(state, A), "food-truck.reveal.stacked").clauses


@pytest.mark.clauses("D6")
def test_a_short_central_deck_gives_a_short_supply():
    state = new(2, components=dict(TINY, central_deck={"pizza": 3}))
    assert state.supply == ["pizza", "pizza"]
    events = finish_round(state)
    ev = find(events, "food-truck.supply.short")
    assert ev.clauses == ("R3-3", "D6")
    assert params(ev)["count"] == 1 and state.supply == ["pizza"]
    events = finish_round(state)
    assert find(events, "food-truck.round.no_last_card").clauses == ("R3", "D6")
    assert params(find(events, "food-truck.supply.short"))["count"] == 0
    assert state.supply == []


# --- defaults ------------------------------------------------------------------------------------
@pytest.mark.clauses("G1")
def test_default_components_are_labelled_and_a_users_set_is_validated():
    comp = ft_components.load()
    assert find(new(2).setup_events, "food-truck.setup.central").clauses == ("R0-3", "G1")
    assert comp.label == "tutor default"
    assert len(comp.meals) == 8 and list(comp.starting) == STD
    assert sum(comp.central.values()) == 40 and list(comp.desserts) == DESSERTS
    state = new(2)
    assert state.view(A)["components"] == "tutor default"
    assert new(2, components=TINY).view(None)["components"] == "tiny"


BAD_COMPONENTS = [
    (lambda d: d.update(format="x"), "components: format"),
    (lambda d: d.update(game="burg"), "components: game"),
    (lambda d: d.update(meals=["pizza"]), "components: meals"),
    (lambda d: d["meals"].append("pizza"), "components: meals[8]"),
    (lambda d: d["meals"].append("hot dog"), "components: meals[8]"),
    (lambda d: d["starting_meals"].append("sushi"), "components: starting_meals[5]"),
    (lambda d: d.update(starting_meals=[]), "components: starting_meals"),
    (lambda d: d.update(central_deck=[]), "components: central_deck"),
    (lambda d: d["central_deck"].update(sushi=2), "components: central_deck.sushi"),
    (lambda d: d["central_deck"].update(pizza=-1), "components: central_deck.pizza"),
    (lambda d: d["central_deck"].update(pizza=True), "components: central_deck.pizza"),
    (lambda d: d["desserts"].append("waffle"), "components: desserts[5]"),
    (lambda d: d["desserts"].append("pizza"), "components: desserts[5]"),
    (lambda d: d.update(desserts=["waffle"]), "components: desserts"),
    (lambda d: d.update(truck_deck=[]), "components: truck_deck"),
    (lambda d: d["truck_deck"].append("teleport"), "components: truck_deck[5]"),
    (lambda d: d.update(label=3), "components: label"),
]


@pytest.mark.parametrize(("change", "where"), BAD_COMPONENTS)
def test_a_bad_component_set_is_refused_naming_the_field(change, where):
    data = custom()
    change(data)
    with pytest.raises(DataError) as info:
        GAME.new_state(2, seed=1, components=data)
    assert info.value.where == where


def test_component_files_and_setups_name_the_field_at_fault(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(DataError, match="mine.json"):
        ft_components.load(path)
    with pytest.raises(DataError, match="components: desserts"):
        GAME.new_state(3, seed=1, components=TINY)
    for setup, where in [({"central_top": ["sushi"]}, "setup.central_top[0]"),
                         ({"central_top": "pizza"}, "setup.central_top"),
                         ({"trucks": [["swap"]]}, "setup.trucks"),
                         ({"trucks": [["swap", "swap"], []]}, "setup.trucks[0][1]"),
                         ({"first_player": "0"}, "setup.first_player"),
                         ({"seed": "x"}, "setup.seed"),
                         ({"pantry_top": []}, "setup")]:
        with pytest.raises(DataError) as info:
            GAME.new_state(2, setup=setup)
        assert info.value.where == where
    for options, where in [({"trucks": "no"}, "options.trucks"), ({"speed": 2}, "options.speed")]:
        with pytest.raises(DataError) as info:
            GAME.new_state(2, seed=1, options=options)
        assert info.value.where == where
    with pytest.raises(DataError, match="players"):
        GAME.new_state(6, seed=1)


@pytest.mark.clauses("G2")
def test_a_truck_card_works_once_and_only_at_its_moment():
    state = new(2, trucks=[["swap"], ["detour"]])
    order(state, {A: ["doner", "pizza"], B: ["pizza"]})
    got = refused(state, Move.make(A, "detour"), "G2-2", "food-truck.refuse.only_at_clash")
    assert got["truck"] == "detour"
    play(state, A, "swap")
    refused(state, Move.make(A, "swap"), "G2", "food-truck.refuse.truck_used")
    reveal(state, A)
    events = reveal(state, B)
    ev = find(events, "food-truck.reveal.clash_choice")
    assert ev.clauses == ("R2", "R2-3", "G2") and params(ev)["truck"] == "detour"
    assert state.decision().kind == "food-truck.decide.clash"
    refused(state, Move.make(B, "swap"), "G2-1", "food-truck.refuse.only_before_reveal")
    assert state.legal_moves() == [Move.make(B, "go_out"), Move.make(B, "detour")]
    events = play(state, B, "go_out")
    assert find(events, "food-truck.go_out").clauses == ("R2-3", "D3")
    assert state.out[B]


@pytest.mark.clauses("G2-1")
def test_quick_swap_trades_the_top_two_cards_in_secret():
    state = new(2, trucks=[["swap"], ["swap"]])
    order(state, {A: ["pizza", "burger"], B: []})
    events = play(state, A, "swap")
    public, own = events
    assert public.clauses == ("G2-1",) and public.visible_to is None
    assert own.visible_to == frozenset({A})
    assert params(own)["first"] == "burger" and params(own)["second"] == "pizza"
    assert state.pile[A][:2] == ["burger", "pizza"]
    assert state.view(A)["seats"][A]["truck"] == {"card": "swap", "used": True}
    state = new(2, trucks=[["swap"], ["swap"]], components=dict(TINY, truck_deck=["swap"]))
    order(state, {A: ["burger"], B: ["churros"]})
    reveal(state, A)
    reveal(state, B)
    got = refused(state, Move.make(A, "swap"), "G2-1", "food-truck.refuse.swap_short")
    assert got["count"] == 1


@pytest.mark.clauses("G2-2")
def test_detour_slides_the_card_under_the_pile_and_reveals_the_next():
    state = new(2, trucks=[["swap"], ["detour"]])
    order(state, {A: ["pizza"], B: ["pizza", "doner"]})
    reveal(state, A)
    reveal(state, B)
    events = play(state, B, "detour")
    assert keys(events)[:2] == ["food-truck.truck.detour", "food-truck.reveal.served"]
    assert events[0].clauses == ("G2-2",) and params(events[0])["card"] == "pizza"
    assert state.pile[B][-1] == "pizza" and state.served[B] == [["doner", 1, False]]
    state = new(2, components=dict(TINY, truck_deck=["detour"]))
    order(state, {A: ["burger"], B: ["churros", "burger"]})
    reveal(state, A)
    reveal(state, B)
    reveal(state, A)
    reveal(state, B)  # Bob's last card clashes
    refused(state, Move.make(B, "detour"), "G2-2", "food-truck.refuse.detour_empty")
    assert state.legal_moves() == [Move.make(B, "go_out")]


def _bob_has_a_burger_pile(truck):
    comp = custom(starting_meals=["burger", "burger", "pizza", "doner"])
    state = new(2, components=comp, first=B, trucks=[[truck], ["swap"]])
    order(state, {A: ["doner", "burger"], B: ["burger", "burger", "pizza"]})
    reveal(state, B)
    reveal(state, A)
    reveal(state, B)
    return state


@pytest.mark.clauses("G2-3")
def test_recall_sends_back_a_lone_served_card_but_never_a_pile():
    state = _bob_has_a_burger_pile("recall")
    got = refused(state, Move.make(A, "recall", target=B, card="burger"), "G2-3",
                  "food-truck.refuse.part_of_pile")
    assert got["count"] == 2
    refused(state, Move.make(A, "recall", target=A, card="doner"), "G2-3",
            "food-truck.refuse.own_card")
    refused(state, Move.make(A, "recall", target=B, card="pizza"), "G2-3",
            "food-truck.refuse.not_served")
    refused(state, Move.make(A, "recall", target=B, card="churros"), "G2-3",
            "food-truck.refuse.not_a_meal")
    refused(state, Move.make(A, "recall", target=7, card="burger"), "G2-3",
            "food-truck.refuse.no_such_seat")
    assert [m for m in state.legal_moves() if m.kind == "recall"] == []
    reveal(state, A)  # Alice's Burger clashes with Bob's pile: out
    state = new(2, trucks=[["swap"], ["recall"]])
    order(state, {A: ["pizza"], B: ["doner", "pizza"]})
    reveal(state, A)
    reveal(state, B)
    reveal(state, A)
    assert state.legal_moves() == [Move.make(B, "reveal"),
                                   Move.make(B, "recall", target=A, card="burger"),
                                   Move.make(B, "recall", target=A, card="pizza")]
    ev = find(play(state, B, "recall", target=A, card="pizza"), "food-truck.truck.recall")
    assert ev.clauses == ("G2-3", "D3")
    assert "pizza" in state.hand[A] and state.served[A] == [["burger", 1, False]]
    assert "food-truck.reveal.served" in keys(reveal(state, B))


@pytest.mark.clauses("G2-4")
def test_cover_up_turns_a_lone_blocking_card_face_down_but_not_a_pile():
    state = _bob_has_a_burger_pile("cover")
    reveal(state, A)
    assert state.phase == "clash"
    got = refused(state, Move.make(A, "cover", target=B), "G2-4",
                  "food-truck.refuse.part_of_pile")
    assert got["count"] == 2 and got["truck"] == "cover"
    assert state.legal_moves() == [Move.make(A, "go_out")]
    state = new(3, trucks=[["swap"], ["rush"], ["cover"]])
    order(state, {A: ["pizza"], B: ["pizza"], C: ["pizza"]})
    reveal(state, A)
    reveal(state, B)
    play(state, B, "rush")
    reveal(state, C)
    got = refused(state, Move.make(C, "cover", target=A), "G2-4", "food-truck.refuse.cover_many")
    assert got["blockers"] == [A, B]
    state = new(2, trucks=[["swap"], ["cover"]])
    order(state, {A: ["pizza", "doner"], B: ["burger", "pizza"]})
    reveal(state, A)
    reveal(state, B)
    reveal(state, A)
    reveal(state, B)
    refused(state, Move.make(B, "cover", target=B), "G2-4", "food-truck.refuse.own_card")
    events = play(state, B, "cover", target=A)
    assert keys(events)[:2] == ["food-truck.truck.cover", "food-truck.cover.served"]
    assert events[0].clauses == ("G2-4",) and events[1].clauses == ("G2-4", "R2-1")
    assert state.view(B)["seats"][A]["served"][0] == {"card": "pizza", "count": 1,
                                                      "face_down": True}
    state = new(2, trucks=[["swap"], ["cover"]])
    order(state, {A: ["pizza"], B: ["doner", "burger"]})
    reveal(state, A)
    reveal(state, B)
    reveal(state, A)
    refused(state, Move.make(B, "cover", target=A), "G2-4", "food-truck.refuse.only_at_clash")
    refused(state, Move.make(B, "pick", card="pizza"), "R2", "verdict.wrong_kind")


@pytest.mark.clauses("G2-5")
def test_rush_hour_serves_a_clashing_meal_anyway():
    state = new(2, trucks=[["swap"], ["rush"]])
    order(state, {A: ["pizza"], B: ["pizza"]})
    reveal(state, A)
    reveal(state, B)
    ev = find(play(state, B, "rush"), "food-truck.truck.rush")
    assert ev.clauses == ("G2-5",) and params(ev)["blockers"] == [A]
    assert state.served[B] == [["pizza", 1, False]] and not state.out[B]
    assert state._blockers(A, "pizza") == [B]


@pytest.mark.clauses("G3")
def test_views_hide_pile_order_and_hands_while_ordering():
    state = new(3, trucks=[["swap"]] * 3)
    own = find(play(state, A, "order", card="pizza"), "food-truck.order.own")
    assert own.visible_to == frozenset({A})
    teacher, bob = state.view(None), state.view(B)
    assert teacher["seats"][A]["pile"] == ["pizza"]
    assert bob["seats"][A]["pile"] == {"count": 1}
    assert bob["seats"][A]["hand"] == {"count": 5}
    assert state.view(A)["seats"][A]["hand"] == state.hand[A]
    assert bob["central_deck"] == {"count": 37} and "cards" in teacher["central_deck"]
    assert state.secret_paths(A) == [("seats", A, "pile"), ("seats", A, "hand")]
    assert bob["seats"][A]["cards"] == sorted(bob["seats"][A]["cards"],
                                              key=(STD + ["hot_dog", "fish_chips", "curry",
                                                          "ice_cream"]).index)
    order(state, {A: [], B: [], C: []})
    assert state.secret_paths(A) == [("seats", A, "pile")]
    assert state.view(B)["seats"][A]["hand"] == []  # hands are public again in the service
    text = GAME.describe(state.view(B))
    assert text.count("draw pile: 6 hidden cards") == 2 and text.count("(top first)") == 1


@pytest.mark.clauses("G4")
def test_without_trucks_no_truck_is_turned_over_or_used():
    state = new(2, options={"trucks": False})
    assert find(state.setup_events, "food-truck.setup.no_trucks").clauses == ("G4",)
    assert state.truck == [None, None] and state.inventory()["truck.swap"] == 0
    order(state, {A: ["pizza"], B: ["pizza"]})
    refused(state, Move.make(A, "swap"), "G4", "food-truck.refuse.no_trucks")
    reveal(state, A)
    reveal(state, B)
    assert state.out[B]  # no truck, no choice


# --- moves, bot and text -------------------------------------------------------------------------
def test_malformed_moves_are_refused_without_crashing():
    state = new(2)
    for move in [Move.make(A, "order", card=["pizza"]), Move.make(A, "order"),
                 Move.make(A, "order", card="pizza", extra=1), Move.make(A, "reveal"),
                 Move.make(9, "order", card="pizza"), Move.make(A, "pick", card={"x": 1})]:
        assert not state.check(move).ok
    order(state, {A: [], B: []})
    for move in [Move.make(state.first, "recall", target=True, card="pizza"),
                 Move.make(state.first, "recall", target=1, card=["pizza"]),
                 Move.make(state.first, "pick", card="pizza")]:
        assert not state.check(move).ok


def test_candidates_filtered_by_check_are_exactly_the_legal_moves():
    for players in (2, 3, 5):
        state = GAME.new_state(players, seed=players)
        while not state.is_over:
            for seat in state.decision().seats:
                assert state.legal_moves(seat) == [m for m in state.candidates(seat)
                                                   if state.check(m).ok]
            state.apply(suggest(state, state.decision().seats[0]).move)


def test_heuristic_hints_are_legal_explained_and_blind_to_secrets():
    cat = GAME.catalogue()
    state = GAME.new_state(3, seed=5)
    while not state.is_over:
        seat = state.decision().seats[-1]
        hint = suggest(state, seat)
        assert hint.move in state.legal_moves(seat)
        assert cat.format(hint.reason, hint.params, state.names)
        twin = state.clone()  # scramble what the seat cannot see: the hint must not change
        for other in range(3):
            if other != seat:
                twin.pile[other].reverse()
                twin.central.reverse()
        assert suggest(twin, seat) == hint
        state.apply(hint.move)


def test_the_heuristic_beats_random_players():
    from foodplay.bots import HeuristicBot, RandomBot

    wins = 0
    for seed in range(30):
        state = GAME.new_state(3, seed=seed)
        bots = [HeuristicBot(), RandomBot(seed), RandomBot(seed + 100)]
        while not state.is_over:
            for seat in state.decision().seats:
                state.apply(bots[seat].choose(state, seat))
                if not state.decision() or not state.decision().simultaneous:
                    break
        wins += state.winners() == [A]
    assert wins >= 15  # a fair share would be 10


def test_the_bot_orders_its_pile_to_avoid_likely_clashes():
    state = new(3, first=A)
    firsts = [suggest(state, seat) for seat in range(3)]
    leads = [hint.move.get("card") for hint in firsts]
    assert len(set(leads)) == 3  # each seat leads with a different meal
    assert all(hint.reason == "food-truck.reason.order_lead" for hint in firsts)


def test_every_clause_is_covered():
    """Each clause is claimed by a marked test, and the `cited` fixture proves the claim."""
    claimed = set()
    for name, test in globals().items():
        if name.startswith("test_"):
            for mark in getattr(test, "pytestmark", []):
                if mark.name == "clauses":
                    claimed.update(mark.args)
    assert claimed == {clause.id for clause in GAME.rulebook()}
