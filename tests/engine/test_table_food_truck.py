"""Food Truck at a real table (issue #30): the draw piles ordered in secret and never entered,
each flipped card named as it is revealed; the Detour example entered as a table enters it;
impossible entries refused with their clause; seeded games entered again ending the same way."""

from __future__ import annotations

import pytest
from bot_games import bot_game

from foodplay.companion.session import TableSession, enter_record
from foodplay.explain import clause_label
from foodplay.games.food_truck import GAME

GID = "food-truck"


def named(kind: str, card: str, seat: int = 0) -> dict:
    return {"seat": seat, "kind": kind, "card": card}


def unchanged(session: TableSession, entry: dict):
    """Enter a refused entry and check that nothing changed; return the refusal."""
    before = (list(session.entries), session.state.snapshot(), session.prompt())
    result = session.enter(entry)
    assert not result.ok
    assert (list(session.entries), session.state.snapshot(), session.prompt()) == before
    return result


def detour_table() -> TableSession:
    """The scenario truck-detour's table: Alice first; the supply and the trucks named."""
    session = TableSession(GID, 2, names=["Alice", "Bob"], first=0)
    prompts = []
    for entry in (named("supply", "curry"), named("supply", "hot_dog"),
                  named("truck", "swap", 0), named("truck", "detour", 1)):
        prompts.append(session.prompt().key)
        assert session.enter(entry).ok, entry
    assert prompts == [f"{GID}.table.setup.supply"] * 2 + [f"{GID}.table.setup.truck"] * 2
    return session


def test_the_piles_are_ordered_in_secret_and_the_table_names_each_flipped_card():
    session = detour_table()
    assert session.entries[-1] == named("truck", "detour", 1)  # no order was ever entered
    assert session.state.phase == "turn" and all(len(p) == 6 for p in session.state.pile)
    prompt = session.prompt()  # Alice may use Quick Swap first, so she says what she does
    assert (prompt.kind, prompt.seats) == ("move", (0,))
    assert session.enter({"seat": 0, "kind": "reveal"}).ok
    prompt = session.prompt()
    assert (prompt.kind, prompt.pile, prompt.key) == ("chance", "pile.0", f"{GID}.table.reveal")
    assert prompt.text("en") == "Alice flips the top card of their draw pile: which one is it?"
    assert prompt.possible == {"burger": 1, "doner": 1, "ice_cream": 1, "noodles": 1,
                               "pizza": 1, "tacos": 1}


def test_the_detour_example_is_entered_and_explained_at_the_table():
    session = detour_table()
    for entry in ({"seat": 0, "kind": "reveal"}, named("reveal", "pizza", 0)):
        assert session.enter(entry).ok
    clash = session.enter(named("reveal", "pizza", 1))  # Bob has one choice: it is asked at once
    assert clash.ok
    said = dict(clash.explained("en"))
    line = ("Bob reveals Pizza, but Alice already served Pizza. That would put Bob out of the "
            "round, but their truck card, Detour, is for exactly this moment: Bob decides "
            "whether to use it.")
    assert line in said and clause_label(GAME.rulebook()["G2"], "en") in said[line]
    assert session.enter({"seat": 1, "kind": "detour"}).ok
    out_of_order = unchanged(session, named("reveal", "pizza", 1))  # it lies under the pile
    assert (out_of_order.key, out_of_order.clause) == ("table.chance.no_copy", "R1-2")
    detour = session.enter(named("reveal", "doner", 1))
    assert detour.ok
    said = [s for s, _ in detour.explained("en")]
    assert any("Detour" in s and "Pizza" in s for s in said)
    assert any("Bob reveals Döner" in s for s in said)
    assert session.state.pile[1][-1] == "pizza"
    for entry in ({"seat": 0, "kind": "reveal"}, named("reveal", "burger", 0),
                  named("reveal", "burger", 1)):
        assert session.enter(entry).ok, entry
    assert session.prompt().seats == (1,) and session.enter(
        {"seat": 1, "kind": "pick", "card": "curry"}).ok
    prompt = session.prompt()  # Alice wins the round; the next supply comes from the deck
    assert (prompt.kind, prompt.key) == ("chance", f"{GID}.table.supply")
    while session.prompt().kind == "chance":
        assert session.enter(session.choices()[0]).ok
    assert session.state.vp == [1, 0] and session.state.round == 2


def test_impossible_entries_are_refused_with_their_clause_and_change_nothing():
    session = TableSession(GID, 2, first=0)
    dessert = unchanged(session, named("supply", "ice_cream"))  # a dessert is no central card
    assert (dessert.key, dessert.clause) == ("table.chance.no_copy", "R3-3")
    for entry in (named("supply", "curry"), named("supply", "curry"), named("truck", "swap", 0)):
        assert session.enter(entry).ok
    again = unchanged(session, named("truck", "rush", 0))  # Bob's own deck: for seat 1 only
    assert again.key == "table.chance.seat"
    assert session.enter(named("truck", "rush", 1)).ok
    out_of_turn = unchanged(session, {"seat": 1, "kind": "reveal"})
    assert (out_of_turn.key, out_of_turn.clause) == ("verdict.not_your_turn", "R2")
    assert session.enter({"seat": 0, "kind": "reveal"}).ok
    unknown = unchanged(session, named("reveal", "sushi", 0))
    assert unknown.key == "table.chance.unknown"
    churros = unchanged(session, named("reveal", "churros", 0))  # Bob's dessert, not hers
    assert (churros.key, churros.clause) == ("table.chance.no_copy", "R1-2")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 3), (4, 4)])
def test_a_seeded_game_entered_as_a_table_enters_it_ends_the_same(players, seed):
    """Orders never entered (the companion plays them in an arbitrary order), each flipped
    card named when revealed: from another seed, the same events, scores and winner."""
    record, final = bot_game(GID, players, seed, ["heuristic"])
    first = GAME.new_state(players, seed=seed).first
    session = TableSession(GID, players, seed=seed + 1000, setup={"first_player": first})
    results = enter_record(session, record)
    assert all(r.ok for r in results), next(r.text("en") for r in results if not r.ok)
    assert not any(e["kind"] == "order" for e in session.entries)
    chosen = {f"{GID}.setup.first_chosen": f"{GID}.setup.first_seed"}  # the table said it (R0-4)
    seen = [(chosen.get(e.key, e.key), e.params) for r in results for e in r.events
            if e.visible_to is None]
    state = GAME.new_state(players, seed=seed)
    want = [(e.key, e.params) for e in state.setup_events if e.visible_to is None]
    for move in record.moves:  # the orders too: the companion plays them (public: a count)
        want += [(e.key, e.params) for e in state.apply(move) if e.visible_to is None]
    assert seen == want
    assert session.is_over and session.scores() == final.scores()
    assert session.winners() == final.winners()
