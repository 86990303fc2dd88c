"""Worked examples: the rulebook's own examples as scenario records, stepped through with the
teacher's narration (message keys stored in the record, text in the catalogue).

An example page holds several examples. Each one's "Link to this step" carries its record;
opening that link runs every cell of the page again, and the example whose record the link
carries reopens at the linked step, view and language, and says so (the others open at their
set-up)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Move
from foodplay.games import get_game
from foodplay.i18n.messages import catalogue
from foodplay.links import Link, parse_query
from foodplay.record import Record
from foodplay_widgets.app.stepwise import in_kernel_loop
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.page import query_lang, section
from foodplay_widgets.serving.lean import Later, shared_styles
from foodplay_widgets.text import esc, mark_link_target


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


def later_app(build: Callable[[], widgets.Widget], lang: str,
              keys: tuple[str, str] = ("ui.load.example", "ui.load.example_failed")
              ) -> widgets.Widget:
    """`build()`'s app, made once the page has drawn a placeholder (`Later`) in its place,
    if this runs in a kernel; made now otherwise (plain Python, tests). `keys`: the messages
    the placeholder shows while it waits, and if the build fails."""
    if not in_kernel_loop():
        return build()
    cat = catalogue(None, lang)
    waiting, failed = (cat.format(key, {}) for key in keys)
    return Later(build, f'<p class="fp-later-text">{esc(waiting)}</p>',
                 f'<p class="fp-later-failed" role="alert">{esc(failed)}</p>')


def worked_example(game: str, name: str, seat: int | None = None, lang: str | None = None,
                   query: str | None = None, later: bool = False, step: int = 0,
                   ask: Move | None = None) -> App | Later:
    """A tutor opened on a scenario at `step` (its set-up by default), in the teacher's view,
    without the new-game settings: step through it with Next, or drag the slider; `ask` asks
    "why not?" about a move there (a refusal the example shows). If the page's query string
    (`query`, else Voilà's QUERY_STRING) links to a step of this very example, it opens there
    instead, and says so. The language is `lang`, else the one the address asks for.

    `later=True` (in a kernel) gives a placeholder at once and builds the app once the page's
    cells have run, so that an examples page shows its first example sooner."""
    lang = query_lang(query) if lang is None else lang
    if later:
        return later_app(lambda: worked_example(game, name, seat, lang, query, step=step,
                                                ask=ask), lang)
    record = load_scenario(game, name)
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    link = None
    if "record=" in query:
        try:
            link = parse_query(query, default_game=record.game)
        except Exception:  # a damaged link opens the example at its set-up, as without one
            link = None
    if link is None or not _same_example(link, record):
        app = App(record, seat=seat, lang=lang, step=step, settings=False)
        if ask is not None:
            app.moves.ask(ask)
        return app
    if link.record.annotations:  # a teacher's notes travel with the link
        record.annotations = dict(link.record.annotations)
    app = App(record, seat=link.seat, lang=link.lang, step=link.step or 0, settings=False)
    mark_link_target(app)  # the page lands on this example's step, however far down
    step = app.timeline.cursor
    app.show_messages([catalogue(None, app.lang).format("ui.example.opened_at",
                                                        {"step": step,
                                                         "last": app.timeline.last})],
                      "info")
    return app


def example(game: str, name: str, text: str | None = None, later: bool = True,
            **kwargs: Any) -> widgets.VBox:
    """An examples page's section: the example's text (`text`, else the catalogue's
    `<game>.page.example.<name>`) above `worked_example(game, name, later=later, **kwargs)`.
    Built later by default: only a page's first example need be there at its first paint."""
    with shared_styles():  # a page makes many: fewer models to send before it shows
        shown = worked_example(game, name, later=later, **kwargs)
        return section(text or f"{game}.page.example.{name}", game, shown, kwargs.get("query"))


def examples(build: Callable[[], list[widgets.Widget]],
             query: str | None = None) -> widgets.Widget:
    """An examples page's other examples: `build()` makes their sections (`example`, each app
    built later still) once the page is drawn, and one placeholder stands for them all until
    then, so that the page sends few widgets before it first shows (`query`: as `example`'s,
    for the language)."""
    def sections() -> widgets.VBox:
        box = classed(widgets.VBox(build()), "fp-examples")
        return box

    return later_app(sections, query_lang(query),
                     ("ui.load.examples", "ui.load.examples_failed"))
