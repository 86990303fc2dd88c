"""The set-up guide (issue 30, item 1): its counts are what each game's `set_up` deals, for every
game and player count; its texts read in five languages; its data files are checked on load; a
swapped component file changes it; bad requests are refused in one sentence."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from foodplay.data import DataError
from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES
from foodplay.teaching import setup_guide
from foodplay.teaching.setup_guide import counts, guide_text, parse, steps

CASES = [(g, n) for g in built_games()
         for n in range(get_game(g).min_players, get_game(g).max_players + 1)]
SEEDS = (1, 7)


def _burg(state: Any, c: dict[str, Any]) -> None:
    view = state.view(None)
    assert c["deck"] == view["deck"]["count"]
    assert c["recipes"] == len(view["recipes"])
    assert all(seat["hand"] == {"tongs": c["tongs"], "tea": c["tea"]} for seat in view["seats"])
    assert c["needed"] == view["reveal"]["needed"]
    assert c["target"] == view["target"]
    while state.phase in ("reveal", "place"):  # the first reveal makes one pile per player
        state.apply(state.legal_moves()[0])
    assert c["piles"] == len(state.piles) == state.players


def _coffee_rush(state: Any, c: dict[str, Any]) -> None:
    view = state.view(None)
    assert c["tokens"] == sum(view["supply"].values()) and c["kinds"] == len(view["supply"])
    assert (c["rows"], c["cols"]) == (view["board"]["rows"], view["board"]["cols"])
    first = view["start_player"]
    for s, seat in enumerate(view["seats"]):
        assert (len(seat["cups"]), len(seat["tabs"]), len(seat["meeples"]),
                len(seat["upgrades"])) == (c["cups"], c["tabs"], c["meeples"], c["upgrades"])
        assert all(cup == [] for cup in seat["cups"])
        assert not any(seat["upgrades"].values())  # inactive side up
        on_tabs = [len(tab) for tab in seat["tabs"]]
        assert on_tabs[:2] == [1 + (c["extra"] if s == first else 0), 1]  # one per tab, S3
        assert sum(on_tabs) == c["each"] + (c["extra"] if s == first else 0)
    dealt = sum(len(tab) for seat in view["seats"] for tab in seat["tabs"])
    assert c["dealt"] == dealt and c["left"] == view["deck"]["count"]
    assert c["cards"] == dealt + view["deck"]["count"]
    placing = [seat for seat, _ in state.queue]
    assert len(placing) == state.players * c["meeples"]
    assert placing[-1] == first  # the start player places last (S4)
    if state.players == 2:  # alternating, the other player first
        assert placing == [1 - first, first] * c["meeples"]


def _cuisine(state: Any, c: dict[str, Any]) -> None:
    view = state.view(None)
    for seat in view["seats"]:
        assert len(seat["hand"]) == c["hand"]
        assert len(seat["hand"]) + len(seat["deck"]) == c["cards"]
        assert seat["owned"] == {"spoon": c["spoons"], "salt": c["salts"]}
    assert c["forks"] == view["forks"]["count"]
    assert c["shown"] == len(view["judges"]) and c["stacks"] == len(view["stacks"])
    assert c["shown"] - c["stacks"] == c["extra"]
    tiers = Counter(j["tier"] for j in view["judges"])
    assert sorted(tiers) == c["tiers"]
    extra = sorted(t for t in tiers for _ in range(tiers[t] - 1))
    assert extra == c["tiers"][:c["extra"]]  # the lowest stack first, then the next (S6)
    assert c["market"] == len(view["market"])
    assert c["pantry"] == view["pantry"]["count"] + len(view["market"])
    assert view["fridge"]["cards"] == []
    assert c["target"] == view["target"]
    assert c["judges"] == len(get_game("cuisine-a-la-card").components().judges)


def _food_truck(state: Any, c: dict[str, Any]) -> None:
    view = state.view(None)
    for seat in view["seats"]:
        assert c["trucks"] == seat["truck_deck"]["count"] + (seat["truck"]["card"] is not None)
        assert len(seat["cards"]) == c["meals"] + 1  # the meals and one dessert
    assert len({seat["dessert"] for seat in view["seats"]}) == state.players
    assert c["supply"] == len(view["supply"]) == state.players
    assert c["central"] == view["central_deck"]["count"] + len(view["supply"])
    assert c["target"] == view["target"]


DEALT = {"burg": _burg, "coffee-rush": _coffee_rush, "cuisine-a-la-card": _cuisine,
         "food-truck": _food_truck}


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_the_guide_counts_what_set_up_deals(game_id, players):
    c = counts(game_id, players)
    for seed in SEEDS:
        DEALT[game_id](get_game(game_id).new_state(players, seed=seed), c)
    assert setup_guide.fields(game_id) <= set(c), "a text asks for a count the game never gives"


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_steps_are_numbered_cite_their_clause_and_say_own_or_default(game_id, players):
    rulebook = get_game(game_id).rulebook()
    for lang in LANGUAGES:
        found = steps(game_id, players, lang)
        assert [s.number for s in found] == list(range(1, len(found) + 1))
        assert all(s.clause in rulebook and s.source in ("own", "default") for s in found)
        assert all("{" not in s.text and "}" not in s.text and s.text.strip() for s in found)
        assert {s.source for s in found} == {"own", "default"} or game_id == "cuisine-a-la-card"
    text = guide_text(game_id, players)
    assert text.splitlines()[0].startswith(f"Setting up {get_game(game_id).title} for {players}")
    assert len(text.splitlines()) == len(found) + 1


def test_each_player_count_gets_its_own_numbers():
    """The questions a table asks: how many cards to reveal with three, which judges with four."""
    assert "until 5 ingredient cards are showing" in guide_text("burg", 3)
    assert "until 8 ingredient cards are showing" in guide_text("burg", 5)
    assert "there are 3 piles, one per player" in guide_text("burg", 3)
    four = guide_text("cuisine-a-la-card", 4)
    assert "5 judges in all" in four and "plus 2 extra judges" in four and "10 medals" in four
    assert "15 medals" in guide_text("cuisine-a-la-card", 2)
    two, three = guide_text("coffee-rush", 2), guide_text("coffee-rush", 3)
    assert "2 meeples each, starting with the player who is not the start player" in two
    assert "counter-clockwise" in three and "1 meeple" in three
    assert "That makes 7 cards dealt, and 73 cards stay in the deck" in three
    assert "2 victory points" in guide_text("food-truck", 5)
    assert "3 victory points" in guide_text("food-truck", 4)


def test_where_the_rulebook_gives_no_count_the_guide_says_so():
    burg = steps("burg", 2)
    deck = next(s for s in burg if s.id == "deck")
    assert deck.source == "default" and deck.clause == "G1"
    assert "The rulebook gives no card counts, so use the cards your box holds" in deck.text
    assert "168 cards" in deck.text
    central = next(s for s in steps("food-truck", 3) if s.id == "central")
    assert central.source == "default" and "use the meal cards of your box" in central.text


def test_the_texts_read_in_each_language():
    fr = guide_text("burg", 3, "fr")
    assert "jusqu’à ce que 5 cartes ingrédient soient visibles" in fr
    assert "aucun nombre de cartes\u00a0: utilisez" in fr  # a no-break space before the colon
    assert "카드 덱에서 재료 카드 5장이 보일 때까지" in guide_text("burg", 3, "ko")
    assert "até que 5 cartas de ingrediente estejam à mostra" in guide_text("burg", 3, "pt")
    zh = guide_text("burg", 3, "zh")
    assert "直到翻出5张食材牌为止" in zh and "【规则1·规则书原有】" in zh
    assert " 5" not in zh and "5 " not in zh  # no spaces around numbers in Chinese
    assert "1 carte de plus" in guide_text("coffee-rush", 4, "fr")  # the singular for 1


def test_a_swapped_component_file_changes_the_guide():
    game = get_game("burg")
    data = copy.deepcopy(game.components().source)
    data["cards"][0]["count"] += 6  # six more bottom buns
    data["tools"] = {"tongs": 3, "tea": 1}
    c = counts("burg", 2, data)
    assert c["deck"] == 174 and (c["tongs"], c["tea"]) == (3, 1)
    _burg(game.new_state(2, seed=3, components=data), c)
    text = guide_text("burg", 2, components=data)
    assert "the tutor's own deck has 174 cards" in text
    assert "3 Tongs cards and 1 Tea card" in text
    truck = copy.deepcopy(get_game("food-truck").components().source)
    truck["central_deck"] = {meal: 2 for meal in truck["central_deck"]}
    c = counts("food-truck", 3, truck)
    _food_truck(get_game("food-truck").new_state(3, seed=1, components=truck), c)
    assert f"central deck has {c['central']} cards" in guide_text("food-truck", 3,
                                                                  components=truck)


@pytest.mark.parametrize(("change", "where", "words"), [
    (lambda d: d["steps"][0].update(clause="Z9"), "setup_guide.json: steps[0].clause",
     "names 'Z9', which is no clause of the BURG rulebook"),
    (lambda d: d["steps"][4].update(clause="G1"), "setup_guide.json: steps[4].source",
     "says 'own', but clause G1 is a tutor default"),
    (lambda d: d["steps"][1].update(text="burg.guide.nope"), "setup_guide.json: steps[1].text",
     "must be a message key of the BURG catalogue"),
    (lambda d: d["steps"][2].update(players=[1, 2]), "setup_guide.json: steps[2].players",
     "must list player counts from 2 to 5"),
    (lambda d: d["steps"][2].update(source="maybe"), "setup_guide.json: steps[2].source",
     "must be one of own, default"),
    (lambda d: d["steps"][3].update(colour="red"), "setup_guide.json: steps[3].colour",
     "is not a field of a step"),
    (lambda d: d["steps"].append(dict(d["steps"][0])), "setup_guide.json: steps[8].id",
     "repeats step 'deck'"),
    (lambda d: d.update(game="food-truck"), "setup_guide.json: game", "must be 'burg'"),
    (lambda d: d.update(steps=[]), "setup_guide.json: steps", "must be a non-empty list"),
])
def test_a_malformed_guide_file_is_refused_naming_the_file_and_entry(change, where, words):
    game = get_game("burg")
    data = json.loads((game.package_dir / "data" / "setup_guide.json").read_text())
    change(data)
    with pytest.raises(DataError) as caught:
        parse(data, game)
    assert str(caught.value).startswith(where) and words in str(caught.value), str(caught.value)


@pytest.mark.parametrize(("call", "words"), [
    (lambda: guide_text("monopoly", 3), "unknown game 'monopoly'; the games are burg, "),
    (lambda: guide_text("burg", 6), "BURG is for 2 to 5 players, not 6"),
    (lambda: guide_text("cuisine-a-la-card", 1), "Cuisine a la Card is for 2 to 4 players, not 1"),
    (lambda: guide_text("burg", 3, "xx"), "unknown language 'xx'; the languages are en, "),
    (lambda: steps("burg", "3"), "BURG is for 2 to 5 players, not '3'"),
])
def test_bad_requests_are_refused_in_one_sentence(call, words):
    with pytest.raises(DataError) as caught:
        call()
    assert words in str(caught.value) and "\n" not in str(caught.value)
