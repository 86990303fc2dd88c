"""Cuisine a la Card at a real table (issue #30): the rulebook's dish scored and explained clause
by clause from a table's entries, impossible entries refused with nothing changed, and seeded
games entered again as a table enters them (hands never asked for) ending the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_games import bot_game
from table_games import table_game

from foodplay.companion.session import TableSession, enter_record
from foodplay.explain import clause_label
from foodplay.games.cuisine_a_la_card import GAME

SCENARIOS = Path(GAME.package_dir) / "data" / "scenarios"
GID = "cuisine-a-la-card"


def judge(card: str) -> dict:
    return {"seat": 0, "kind": "judge", "card": card}


def market(card: str) -> dict:
    return {"seat": 0, "kind": "market", "card": card}


def example_table() -> TableSession:
    """The Eggs + Bok Choy example (the scenario's set-up: Alice's hand as the rulebook lays
    it out), with the judges and the Market named by the table."""
    from foodplay.record import Record
    record = Record.load(SCENARIOS / "eggs-and-bok-choy.json")
    setup = {k: v for k, v in record.setup.items() if k != "judges_top"}
    session = TableSession(GID, 2, names=["Alice", "Bob"], setup=setup)
    for card in ("market_farmer", "tea_master", "grand_chef"):
        assert session.enter(judge(card)).ok
    for card in ("shrimp", "cheddar", "pasta", "olive_oil"):
        assert session.enter(market(card)).ok
    return session


def test_the_set_up_asks_the_table_for_its_judges_and_market_but_never_for_a_hand():
    session = TableSession(GID, 2, first=0)
    prompts = []
    while session.prompt().kind == "chance":
        prompt = session.prompt()
        prompts.append((prompt.pile, prompt.key))
        assert session.enter(session.choices()[0]).ok
    assert [p for p, _ in prompts] == ["judges.15", "judges.18", "judges.21"] + ["pantry"] * 4
    assert {k for _, k in prompts} == {f"{GID}.table.setup.judge", f"{GID}.table.setup.market"}
    assert session.prompt().kind == "move" and session.prompt().seats == (0,)
    assert len(session.state.hand[0]) == len(session.state.hand[1]) == 5


def test_the_rulebooks_dish_is_scored_and_explained_clause_by_clause_at_the_table():
    session = example_table()
    for entry in ({"seat": 0, "kind": "no_warm"}, {"seat": 0, "kind": "dish", "card": "eggs"},
                  {"seat": 0, "kind": "dish", "card": "bok_choy"},
                  {"seat": 0, "kind": "dish", "card": "steak"},
                  {"seat": 0, "kind": "dish", "card": "potatoes"},
                  {"seat": 0, "kind": "serve", "judge": 1}):
        assert session.enter(entry).ok, entry
    prompt = session.prompt()  # the Market Farmer's place: the table turns up the next judge
    assert (prompt.kind, prompt.pile, prompt.key) == ("chance", "judges.15",
                                                      f"{GID}.table.judge")
    assert "market_farmer" not in prompt.possible
    served = session.enter(judge("pastry_chef"))
    assert served.ok
    said = dict(served.explained("en"))
    rulebook = GAME.rulebook()
    lines = {
        "Eggs gains 1 meal point from its Pan-Asian ability.": "C3",
        "Eggs counts 3 meal points: 2 printed plus 1 from its abilities.": "C1",
        ("Bok Choy gains 4 meal points from its Pan-Asian ability: 2 for each Pan-Asian "
         "ingredient in the dish, and there are 2."): "C3",
        "Bok Choy counts 6 meal points: 2 printed plus 4 from its abilities.": "C1",
        "The dish is worth 21 meal points: 3 + 6 + 8 + 4.": "P2-4",
        "The Market Farmer requires at least 2 Produce ingredients, and the dish has 2.": "P2-4",
        "The Market Farmer awards 2 medals.": "P2-5",
    }
    for line, clause in lines.items():
        assert line in said, f"{line!r} not in {list(said)}"
        assert clause_label(rulebook[clause], "en") in said[line], (line, said[line])
    assert session.scores() == [2, 0] and session.state.eaten[0] == [
        "eggs", "bok_choy", "steak", "potatoes"]
    french = served.explained("fr")
    assert len(french) == len(served.explained("en")) and any("21" in s for s, _ in french)


def unchanged(session: TableSession, entry: dict):
    """Enter a refused entry and check that nothing changed; return the refusal."""
    before = (list(session.entries), session.state.snapshot(), session.prompt())
    result = session.enter(entry)
    assert not result.ok
    assert (list(session.entries), session.state.snapshot(), session.prompt()) == before
    return result


def test_impossible_entries_are_refused_with_their_clause_and_change_nothing():
    session = example_table()
    out_of_turn = unchanged(session, {"seat": 1, "kind": "play", "card": "spoon"})
    assert (out_of_turn.key, out_of_turn.clause) == ("verdict.not_your_turn", "P1")
    for entry in ({"seat": 0, "kind": "no_warm"}, {"seat": 0, "kind": "dish", "card": "eggs"},
                  {"seat": 0, "kind": "dish", "card": "bok_choy"},
                  {"seat": 0, "kind": "dish", "card": "steak"},
                  {"seat": 0, "kind": "dish", "card": "potatoes"},
                  {"seat": 0, "kind": "serve", "judge": 1}):
        assert session.enter(entry).ok, entry
    gone = unchanged(session, judge("market_farmer"))  # just served: no copy is left
    assert (gone.key, gone.clause) == ("table.chance.no_copy", "S3")
    assert "Market Farmer" in gone.text("en") and "Rule S3" in gone.text("en")
    assert session.enter(judge("pastry_chef")).ok
    assert session.enter({"seat": 0, "kind": "end"}).ok
    while session.prompt().kind == "chance":  # the Market refilled from the Pantry
        assert session.enter(session.choices()[0]).ok
    assert session.prompt().seats == (1,)
    never = unchanged(session, {"seat": 1, "kind": "warm", "card": "steak"})  # Bob owns none
    assert (never.key, never.clause) == (f"{GID}.table.no_copy_in_hand", "P3")
    assert never.reason("en") == ("No copy of Steak can be in Bob's hand: after everything the "
                                  "table has seen, every copy Bob owns is somewhere else.")
    for lang in ("fr", "ko", "pt", "zh"):
        assert "Bob" in never.reason(lang) and "{" not in never.reason(lang)
    salt = session.enter({"seat": 1, "kind": "warm", "card": "salt"})  # his deck holds two
    assert salt.ok and session.state.plates[1][0] == "salt"


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 2), (4, 1)])
def test_a_seeded_game_entered_as_a_table_enters_it_ends_the_same(players, seed):
    """The moves in the record's notation, each public card named when the companion asks, no
    hand ever named except by the cards played, served or shown: from another seed (another
    arbitrary deal of the hidden cards), the table sees the same events, scores and winner."""
    record, final = bot_game(GID, players, seed, ["heuristic"])
    first = GAME.new_state(players, seed=seed).first
    session = TableSession(GID, players, seed=seed + 1000, setup={"first_player": first})
    results = enter_record(session, record)
    assert all(r.ok for r in results), next(r.text("en") for r in results if not r.ok)
    entries = session.entries
    assert not any(e.get("kind") == "draw" for e in entries)  # no hidden card asked for
    # the one difference: at the table the players said who goes first (S5)
    chosen = {f"{GID}.setup.first_chosen": f"{GID}.setup.first_seed"}
    seen = [(chosen.get(e.key, e.key), e.params) for r in results for e in r.events
            if e.visible_to is None]
    state = GAME.new_state(players, seed=seed)
    want = [(e.key, e.params) for e in state.setup_events if e.visible_to is None]
    for move in record.moves:
        want += [(e.key, e.params) for e in state.apply(move) if e.visible_to is None]
    assert seen == want
    assert session.is_over and session.scores() == final.scores()
    assert session.winners() == final.winners()


@pytest.mark.parametrize("players, seed", [(2, 6), (3, 3), (3, 23), (4, 6), (2, 53)])
def test_a_card_is_refused_only_when_no_deal_of_the_hidden_cards_holds_it(players, seed):
    """Games (random other seats) where the hidden hands could only be dealt again by keeping
    copies out of a reshuffle: the table's own game is a deal that fits, so nothing may be
    refused (the greedy re-deal refused a card late in each of these games)."""
    played = table_game(GID, players, seed)
    session = TableSession(GID, players, seed=seed + 7919, setup=played.record.setup)
    results = enter_record(session, played.record)
    assert [r.text("en") for r in results if not r.ok] == []
    assert session.is_over and session.scores() == list(played.scores)
