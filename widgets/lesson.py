"""Worked examples: the rulebook's own examples as scenario records, stepped through with the
teacher's narration (message keys stored in the record, text in the catalogue)."""

from __future__ import annotations

from pathlib import Path

from foodplay.games import get_game
from foodplay.messages import catalogue
from foodplay.record import Record
from foodplay_widgets.app import App, in_kernel_loop
from foodplay_widgets.lean import Later
from foodplay_widgets.text import esc


def scenario_path(game: str, name: str) -> Path:
    """Where a game keeps a scenario record: <game package>/data/scenarios/<name>.json."""
    return get_game(game).package_dir / "data" / "scenarios" / f"{name}.json"


def load_scenario(game: str, name: str) -> Record:
    """A scenario record (fixed deck, narration keys) from the game's data."""
    return Record.load(scenario_path(game, name))


def worked_example(game: str, name: str, seat: int | None = None, lang: str = "en",
                   later: bool = False) -> App | Later:
    """A tutor opened on a scenario at its set-up, in the teacher's view, without the
    new-game settings: step through it with Next, or drag the slider.

    `later=True` (in a kernel) gives a placeholder at once and builds the app once the page's
    cells have run, so that an examples page shows its first example sooner."""
    if later and in_kernel_loop():
        cat = catalogue(None, lang)
        return Later(lambda: worked_example(game, name, seat, lang),
                     f'<p class="fp-later-text">{esc(cat.format("ui.load.example", {}))}</p>',
                     f'<p class="fp-later-failed" role="alert">'
                     f'{esc(cat.format("ui.load.example_failed", {}))}</p>')
    return App(load_scenario(game, name), seat=seat, lang=lang, step=0, settings=False)
