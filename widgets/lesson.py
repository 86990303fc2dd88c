"""Worked examples: the rulebook's own examples as scenario records, stepped through with the
teacher's narration (message keys stored in the record, text in the catalogue)."""

from __future__ import annotations

from pathlib import Path

from foodplay.games import get_game
from foodplay.record import Record
from foodplay_widgets.app import App


def scenario_path(game: str, name: str) -> Path:
    """Where a game keeps a scenario record: <game package>/data/scenarios/<name>.json."""
    return get_game(game).package_dir / "data" / "scenarios" / f"{name}.json"


def load_scenario(game: str, name: str) -> Record:
    """A scenario record (fixed deck, narration keys) from the game's data."""
    return Record.load(scenario_path(game, name))


def worked_example(game: str, name: str, seat: int | None = None, lang: str = "en") -> App:
    """A tutor opened on a scenario at its set-up, in the teacher's view, without the
    new-game settings: step through it with Next, or drag the slider."""
    return App(load_scenario(game, name), seat=seat, lang=lang, step=0, settings=False)
