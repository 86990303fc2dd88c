"""Worked examples: the rulebook's own examples as scenario records, stepped through with the
teacher's narration (message keys stored in the record, text in the catalogue).

An example page holds several examples. Each one's "Link to this step" carries its record;
opening that link runs every cell of the page again, and the example whose record the link
carries reopens at the linked step, view and language, and says so (the others open at their
set-up)."""

from __future__ import annotations

import os
from pathlib import Path

from foodplay.games import get_game
from foodplay.links import Link, parse_query
from foodplay.messages import catalogue
from foodplay.record import Record
from foodplay_widgets.app import App, in_kernel_loop
from foodplay_widgets.lean import Later
from foodplay_widgets.page import query_lang
from foodplay_widgets.text import esc


def scenario_path(game: str, name: str) -> Path:
    """Where a game keeps a scenario record: <game package>/data/scenarios/<name>.json."""
    return get_game(game).package_dir / "data" / "scenarios" / f"{name}.json"


def load_scenario(game: str, name: str) -> Record:
    """A scenario record (fixed deck, narration keys) from the game's data."""
    return Record.load(scenario_path(game, name))


def _same_example(link: Link, record: Record) -> bool:
    """Whether a link's record is this example's (its set-up and moves; notes may differ)."""
    other = link.record
    return (other is not None and other.game == record.game and other.setup == record.setup
            and other.moves == record.moves and other.players == record.players)


def worked_example(game: str, name: str, seat: int | None = None, lang: str | None = None,
                   query: str | None = None, later: bool = False) -> App | Later:
    """A tutor opened on a scenario at its set-up, in the teacher's view, without the
    new-game settings: step through it with Next, or drag the slider. If the page's query
    string (`query`, else Voilà's QUERY_STRING) links to a step of this very example, it opens
    there instead, and says so. The language is `lang`, else the one the address asks for.

    `later=True` (in a kernel) gives a placeholder at once and builds the app once the page's
    cells have run, so that an examples page shows its first example sooner."""
    lang = query_lang(query) if lang is None else lang
    if later and in_kernel_loop():
        cat = catalogue(None, lang)
        return Later(lambda: worked_example(game, name, seat, lang, query),
                     f'<p class="fp-later-text">{esc(cat.format("ui.load.example", {}))}</p>',
                     f'<p class="fp-later-failed" role="alert">'
                     f'{esc(cat.format("ui.load.example_failed", {}))}</p>')
    record = load_scenario(game, name)
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    link = None
    if "record=" in query:
        try:
            link = parse_query(query, default_game=record.game)
        except Exception:  # a damaged link opens the example at its set-up, as without one
            link = None
    if link is None or not _same_example(link, record):
        return App(record, seat=seat, lang=lang, step=0, settings=False)
    if link.record.annotations:  # a teacher's notes travel with the link
        record.annotations = dict(link.record.annotations)
    app = App(record, seat=link.seat, lang=link.lang, step=link.step or 0, settings=False)
    step = app.timeline.cursor
    app.show_messages([catalogue(None, app.lang).format("ui.example.opened_at",
                                                        {"step": step,
                                                         "last": app.timeline.last})],
                      "info")
    return app
