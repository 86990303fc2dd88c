"""Rule lookup: search, related rules, the "see it in play" index and `foodplay rules`."""

from __future__ import annotations

import copy
import json

import pytest
from bot_games import bot_game

from foodplay.cli.commands import main
from foodplay.data import DataError, read_json
from foodplay.games import built_games, get_game
from foodplay.links import parse_query
from foodplay.rulebook import Rulebook
from foodplay.teaching.rule_index import (
    BOT,
    Place,
    cheap_places,
    fingerprint,
    index_path,
    places_for,
    replay_steps,
    scenario_record,
)
from foodplay.teaching.search import ANALYZERS, EnglishAnalyzer, SearchIndex, search

GAMES = built_games()


def numbers(game: str, query: str, limit: int = 10) -> list[str]:
    return [h.clause.number for h in search(game, query, limit=limit).hits]


# --- search ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, query, first", [
    ("burg", "rat", "5-1"),                          # the title names it
    ("burg", "what does a rat do?", "5-1"),          # a question: its small words are dropped
    ("burg", "rats", "5-1"),                         # a plural
    ("burg", "rat tokns", "5-1"),                    # a typo
    ("burg", "5-2", "5-2"),                          # a rule number
    ("burg", "Rule D3", "D3"),
    ("coffee-rush", "diagonl", "U-2"),               # a typo in a title word
    ("coffee-rush", "C3", "C-3"),                    # a number written without its hyphen
    ("food-truck", "desserts", "0-2"),
    ("food-truck", "desert", "0-2"),                 # a typo that is also a word
    ("cuisine-a-la-card", "Mozzarela", "G1"),        # a component named in no rule's text
    ("cuisine-a-la-card", "The Pastry Chef", "G2"),  # a judge, from the component names
])
def test_search_finds_the_rule_first(game, query, first):
    assert numbers(game, query)[0] == first


def test_word_forms_meet_in_one_stem():
    stem = EnglishAnalyzer().stem
    assert stem("serving") == stem("served") == stem("serves") == stem("serve")
    assert stem("patties") == stem("patty")
    assert stem("took") == stem("take") == stem("taking")
    hits = numbers("cuisine-a-la-card", "serving")
    assert {"2-4", "2-9", "D1", "D2"} <= set(hits[:4])


def test_results_are_ranked_and_say_where_they_matched():
    hits = search("burg", "wastebasket").hits
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].clause.number in ("7", "D8")  # "wastebasket" in the title beats the text
    assert "title" in hits[0].fields
    text_only = [h for h in hits if h.fields == ("text",)]
    assert text_only and all(h.score < hits[0].score for h in text_only)
    for hit in hits:
        assert hit.clause.provenance in ("rulebook", "tutor reading", "tutor default")


def test_no_match_suggests_the_closest_words():
    assert search("burg", "wastbsket").hits[0].clause.number in ("7", "D8")
    nothing = search("burg", "qqqq")
    assert nothing.hits == ()
    assert nothing.suggestions, "a search that finds nothing must suggest words"
    close = search("burg", "tomatoe ketchupp")
    assert close.hits[0].clause.id in ("G1", "G2")  # "tomatoe" is near "tomato"


def test_another_language_plugs_in_with_its_own_analyzer(monkeypatch):
    class Upper(EnglishAnalyzer):
        def stem(self, word: str) -> str:
            return "X" + super().stem(word)

    monkeypatch.setitem(ANALYZERS, "xx", Upper())
    index = SearchIndex(get_game("burg").rulebook(), "xx")
    assert index.analyzer.stem("rats") == "Xrat"
    assert index.search("rats").hits[0].clause.id == "R5-1"  # titles fall back to English


# --- related rules -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_clause_lists_related_rules_of_its_own_game(game):
    rulebook = get_game(game).rulebook()
    components = read_json(get_game(game).package_dir / "data" / "components.json")
    for clause in rulebook:
        assert clause.related, f"{game} {clause.id} lists no related rules"
        assert all(r in rulebook and r != clause.id for r in clause.related)
        assert all(section in components for section in clause.components), clause.id


def _rulebook_json(game: str) -> dict:
    return json.loads((get_game(game).package_dir / "data" / "rulebook.json").read_text())


@pytest.mark.parametrize("related, problem", [
    (["R99"], "names 'R99', which is no clause of this rulebook"),
    (["R5-1"], "names the clause itself"),
    (["R1", "R1"], "names a clause twice"),
    ("R1", "must be a list of clause ids"),
])
def test_a_bad_cross_reference_is_refused_on_load(related, problem):
    data = copy.deepcopy(_rulebook_json("burg"))
    data["clauses"][6]["related"] = related  # R5-1
    with pytest.raises(DataError) as caught:
        Rulebook.from_json(data, "rulebook.json")
    assert problem in str(caught.value)
    if not isinstance(related, str):
        assert "game 'burg', clause 'R5-1'" in str(caught.value)


# --- see it in play ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_index_is_current_and_every_clause_has_a_place(game):
    """Cheaply: the bot games' part by its fingerprint (rules version, clauses), the examples'
    and lessons' part by building it again."""
    data = read_json(index_path(game))
    rebuild = f"{index_path(game).name} is stale: run `python scripts/build_rule_index.py`"
    assert data["fingerprint"] == fingerprint(game), rebuild
    stored = {c: [p for p in places if p["kind"] != "game"]
              for c, places in data["places"].items()}
    assert stored == cheap_places(game), rebuild
    for clause in get_game(game).rulebook():
        assert places_for(game, clause.id) or not clause.in_play, \
            f"{game} {clause.id} has no place in play and is not marked in_play: false"


def _cited_at(record, step: int) -> list[tuple[str, ...]]:
    for index, events in replay_steps(record):
        if index == step:
            return [ev.clauses for ev in events]
    raise AssertionError(f"no step {step}")


@pytest.mark.parametrize("game", GAMES)
def test_places_are_steps_where_the_clause_is_the_point(game):
    """Worked examples are replayed in full; one bot game per game is played again."""
    index = {c.id: places_for(game, c.id) for c in get_game(game).rulebook()}
    examples = [(c, p) for c, ps in index.items() for p in ps if p.kind == "example"]
    for clause, place in examples:
        cited = _cited_at(scenario_record(game, place.scenario), place.step)
        assert any(clause in ev and len(ev) <= 3 for ev in cited), (clause, place)
    bot = [(c, p) for c, ps in index.items() for p in ps if p.kind == "game"]
    players, seed = min((p.players, p.seed) for _, p in bot)
    record, _ = bot_game(game, players, seed, (BOT,))
    checked = 0
    for clause, place in bot:
        if (place.players, place.seed) == (players, seed):
            cited = _cited_at(record, place.step)
            assert any(clause in ev and len(ev) <= 3 for ev in cited), (clause, place)
            checked += 1
    assert checked


def test_place_links_open_the_tutor_there():
    game = Place("game", step=12, players=3, seed=2)
    assert game.href("burg") == "burg.ipynb?players=3&seed=2&step=12"
    link = parse_query(game.href("burg").split("?")[1], default_game="burg")
    assert (link.players, link.seed, link.step, link.problems) == (3, 2, 12, [])
    example = Place("example", step=4, scenario="two-player-reveal", title="t")
    link = parse_query(example.href("burg").split("?")[1], default_game="burg")
    assert link.record.title == "burg.scenario.two_player.title" and link.step == 4
    lesson = Place("lesson", lesson="burg/only-tongs", title="t")
    assert lesson.href("burg") == "lessons.ipynb?lesson=burg%2Fonly-tongs"


def test_a_link_to_an_unknown_example_says_so():
    link = parse_query("game=burg&scenario=nope")
    assert link.record is None
    assert "worked example 'nope'" in link.problem_texts()[0]


@pytest.mark.parametrize("place, problem", [
    ({"kind": "film"}, "kind is one of game, example, lesson"),
    ({"kind": "game", "players": 3, "seed": 1}, ".step: is missing"),
    ({"kind": "game", "players": "3", "seed": 1, "step": 2}, ".players: must be a whole number"),
])
def test_a_damaged_place_is_refused(place, problem):
    with pytest.raises(DataError) as caught:
        Place.from_json(place, "rule_index.json: places.R1[0]")
    assert problem in str(caught.value)


# --- the command line ----------------------------------------------------------------------
def test_cli_search_lists_ranked_rules_with_provenance(capsys):
    assert main(["rules", "burg", "--search", "rat tokns", "--limit", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3 rules match “rat tokns”"
    assert out[1].strip().startswith("Rule 5-1 · rulebook · Rats become rat tokens")


def test_cli_search_without_a_match_suggests_words(capsys):
    assert main(["rules", "burg", "--search", "qqqq"]) == 0
    out = capsys.readouterr().out
    assert "No rule matches “qqqq”." in out and "Closest words in the rules:" in out


def test_cli_clause_card_and_listing(capsys):
    assert main(["rules", "food-truck", "--clause", "g2-2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Rule G2-2 · tutor default · Detour")
    assert "Related rules\n  Rule 2-3 · rulebook" in out
    assert "See it in play\n" in out and "food-truck.ipynb?" in out
    assert main(["rules", "burg"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(get_game("burg").rulebook())


def test_cli_unknown_clause_or_game_is_one_clear_line(capsys):
    assert main(["rules", "burg", "--clause", "99"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("foodplay rules: --clause: BURG has no rule 99; its rules are 0, 1,")
    assert main(["rules", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
