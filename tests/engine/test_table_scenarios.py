"""The rulebooks' worked examples (the scenarios of foodplay/games/<game>/data/scenarios/, which
the scenario tests and lessons also use, and the lessons' own opening games), entered as a table
would enter them: the cards named as they come out instead of a stacked deck, on a table whose
own shuffle differs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from table_games import TWO_PLAYER, public

from foodplay.chance import Chance
from foodplay.companion.session import TableSession, enter_record
from foodplay.games import get_game
from foodplay.record import Record
from foodplay.timeline import Timeline

GAMES = ("burg", "coffee-rush")  # the games whose draws go through State.draw on this branch
SCENARIOS = [pytest.param(path, id=f"{game}-{path.stem}") for game in GAMES
             for path in sorted((get_game(game).package_dir / "data" / "scenarios").glob("*.json"))]
# lessons that open on a game of their own (moves from a stacked deck), not on a scenario
SCENARIOS += [pytest.param(path, id=f"{game}-lesson-{path.stem}") for game in GAMES
              for path in sorted((get_game(game).package_dir / "data" / "lessons").glob("*.json"))
              if json.loads(path.read_text(encoding="utf-8"))["start"].get("record", {})
              .get("moves")]


def worked_example(path: Path) -> Record:
    """A scenario record, or a lesson's opening record."""
    if path.parent.name == "lessons":
        return Record.from_json(json.loads(path.read_text(encoding="utf-8"))["start"]["record"])
    return Record.load(path)


def at_the_table(record: Record) -> Record:
    """The scenario as a table saw it: no stacked deck, another shuffle, every card drawn named
    (what the stacked deck gave, in order)."""
    chance = Chance([], ask=False)
    state = get_game(record.game).new_state(
        record.players, seed=record.seed, setup=record.setup, options=record.options,
        components=record.components, names=record.names, chance=chance)
    for move in record.moves:
        state.apply(move)
    setup = {k: v for k, v in (record.setup or {}).items() if k not in ("deck_top", "seed")}
    return Record(record.game, record.players, 4242, setup, dict(record.options),
                  record.names, record.components, list(record.moves), drawn=chance.drawn())


@pytest.mark.parametrize("path", SCENARIOS)
def test_a_worked_example_entered_at_the_table_tells_the_same_story(path: Path):
    scenario = worked_example(path)
    table = at_the_table(scenario)
    session = TableSession(table.game, table.players, names=table.names,
                           options=table.options or None, seed=table.seed, setup=table.setup,
                           components=table.components)
    results = enter_record(session, table)
    assert [r.text() for r in results if not r.ok] == []
    timeline = Timeline(scenario)
    told = [ev for step in timeline.steps for ev in public(step.events)]
    seen = [ev for r in results for ev in public(r.events)]
    opening = public(session.state.setup_events)
    if seen[:len(opening)] != opening:  # no card dealt at set-up, so no entry showed it
        seen = opening + seen
    assert seen == told
    chance_entries = [e for e in session.entries if "card" in e and e["kind"] in
                      session.game.chance_kinds.values()]
    assert len(chance_entries) == len([o for o in table.drawn if o.card is not None]) > 0
    final = timeline.state_at(len(scenario.moves))
    assert session.scores() == final.scores()


def test_burgs_two_player_example_prompt_by_prompt():
    """The rulebook's two-player round, typed as the table plays it (the entries of
    docs/table.md)."""
    session = TableSession("burg", 2, first=0)
    said = []
    for entry in TWO_PLAYER:
        said.append(session.prompt().text("en"))
        result = session.enter(entry)
        assert result.ok, result.text()
    assert said[:4] == [
        "Alice reveals cards until 4 ingredients are out (0 so far): which card came up?",
        "Alice reveals cards until 4 ingredients are out (1 so far): which card came up?",
        "Alice reveals cards until 4 ingredients are out (2 so far): which card came up?",
        "Alice puts the rat on a pile: which one?"]
    assert said[8:11] == [
        "Alice and Bob choose Tongs or Tea in secret; enter each card when it is shown.",
        "Bob chooses Tongs or Tea in secret; enter it when it is shown.",
        "Bob takes a pile: which one?"]
    scenario = Timeline(Record.load(get_game("burg").package_dir / "data" / "scenarios"
                                    / "two-player-reveal.json"))
    assert session.state.view(None)["piles"] == scenario.state_at(17).view(None)["piles"]
    assert session.state.view(None)["seats"] == scenario.state_at(17).view(None)["seats"]
    prompt = session.prompt()
    assert prompt.kind == "chance" and prompt.params["revealed"] == 0
    box = session.record().new_state().inventory()
    assert prompt.possible["cheese"] == box["cheese"] - 1  # one cheese revealed


def test_the_prompts_speak_every_language():
    session = TableSession("burg", 2, first=0)
    texts = {lang: session.prompt().text(lang) for lang in ("en", "fr", "ko", "pt", "zh")}
    assert texts["fr"].endswith("quelle carte est apparue\u00a0?")
    assert texts["ko"] == ("Alice가 재료 4장이 나올 때까지 카드를 공개해요(지금까지 0장). "
                           "어떤 카드가 나왔나요?")
    assert " " not in texts["zh"].replace("Alice", "")
    assert texts["pt"].startswith("Alice revela cartas até saírem 4 ingredientes")
