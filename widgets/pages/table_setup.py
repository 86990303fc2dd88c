"""The table companion's start: what the page address asks for (`?game=&players=&lang=`), and
the form that sets a real game up (game, player count, names, who goes first).

A bad address applies nothing of the game's settings: the form keeps its own, and the message
box names what was wrong. The language applies on its own (it is the page's language).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import cache
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from foodplay import limits
from foodplay.games import LISTINGS, built_games, get_game
from foodplay.i18n.langcodes import resolve
from foodplay.i18n.messages import catalogue
from foodplay.limits import LINK_CHARS
from foodplay.links import Echo, lang_problem
from foodplay.refusal import DataError
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import Text, esc

KNOWN = ("game", "players", "lang")
RANDOM_FIRST = -1  # the "who goes first" menu's value for "the tutor draws lots"


@dataclass
class TableLink:
    """What the address asks for, after checking: None where it asks for nothing usable."""

    game: str | None = None
    players: int | None = None
    lang: str = "en"
    problems: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def problem_texts(self, lang: str) -> list[str]:
        cat = catalogue(None, lang)
        return [cat.format(key, {k: v.shown(lang) if isinstance(v, Echo) else v
                                 for k, v in params.items()}) for key, params in self.problems]


def parse_table_query(query: str) -> TableLink:
    """Read `?game=burg&players=3&lang=fr`. Never raises. If the game or the player count is
    wrong, neither is kept (nothing half-applied) and the problems say why."""
    link = TableLink()
    if len(query) > LINK_CHARS:
        link.problems.append(("link.too_long", {"count": LINK_CHARS}))
        return link
    try:
        values = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True,
                                                max_num_fields=50).items()}
    except ValueError:
        link.problems.append(("link.unreadable", {}))
        return link
    for name in sorted(set(values) - set(KNOWN)):
        link.problems.append(("link.unknown_setting", {"name": Echo(name)}))
    if "lang" in values:
        problem = lang_problem(values["lang"])
        if problem is None:
            link.lang = resolve(values["lang"]) or "en"
        else:
            link.problems.append(problem)
    bad = len(link.problems)
    game_id = values.get("game")
    if game_id is not None and game_id not in built_games():
        link.problems.append(("ui.table.link.bad_game", {
            "value": Echo(game_id), "games": ", ".join(e.id for e in LISTINGS
                                                       if e.id in built_games())}))
        game_id = None
    players: int | None = None
    if "players" in values:
        low, high = _player_range(game_id)
        raw = values["players"]
        number = int(raw) if raw.isascii() and raw.isdecimal() and len(raw) < 4 else None
        if number is None or not low <= number <= high:
            link.problems.append(("ui.table.link.bad_players", {
                "name": "players", "value": Echo(raw), "low": low, "high": high}))
        else:
            players = number
    if len(link.problems) > bad:  # the game's settings go together, or not at all
        link.problems.append(("ui.table.link.not_applied", {}))
        return link
    link.game, link.players = game_id, players
    return link


def _player_range(game_id: str | None) -> tuple[int, int]:
    """The player counts `game_id` allows (every built game's range if none is named)."""
    games = [get_game(game_id)] if game_id else [get_game(g) for g in built_games()]
    return min(g.min_players for g in games), max(g.max_players for g in games)


@cache
def first_rule(game_id: str) -> str | None:
    """The clause by which the rulebook chooses who goes first, found among the set-up's events
    (the one about the first player), or None if the set-up names none."""
    from foodplay.companion.session import TableSession

    try:
        state = TableSession(game_id, get_game(game_id).min_players, first=0).state
        events = list(getattr(state, "setup_events", ()) or ())
    except Exception:  # noqa: BLE001 - a game whose set-up waits for the table: no hint
        return None
    found = next((ev for ev in events if ".first" in ev.key and ev.clauses), None)
    return found.clauses[0] if found is not None else None


def name_problem(value: str, seat: int, lang: str) -> str | None:
    """Why `value` cannot be seat `seat`'s name (in `lang`), or None ("" is the default name)."""
    if not value.strip():
        return None
    try:
        limits.name(value.strip(), f"names[{seat}]")
    except DataError as exc:
        return catalogue(None, lang).format("ui.table.bad_name", {"n": seat + 1,
                                                                 "problem": exc.text(lang)})
    return None


class SetupForm(widgets.VBox):
    """The game, the player count, the players' names and who goes first, and a Start
    button. `values()` gives (game, players, names or None, first or None) once checked."""

    def __init__(self, game: str, players: int | None):
        games = built_games()
        self.game = classed(widgets.Dropdown(options=[(get_game(g).title, g) for g in games],
                                             value=game), "fp-table-game")
        self.players = classed(widgets.Dropdown(), "fp-table-players")
        high = max(get_game(g).max_players for g in games)
        self.names = [classed(widgets.Text(continuous_update=False), "fp-table-name")
                      for _ in range(high)]
        self.first = classed(widgets.Dropdown(), "fp-table-first")
        self.first_help = classed(widgets.HTML(), "fp-table-first-help")
        self.problems = classed(widgets.HTML(), "fp-table-setup-problems")
        self.start = classed(widgets.Button(button_style="primary"), "fp-table-start",
                             "fp-table-big")
        self.heading = classed(widgets.HTML(), "fp-table-setup-title")
        super().__init__([self.heading, self.game, self.players, *self.names, self.first,
                          self.first_help, self.problems, self.start])
        self.add_class("fp-table-setup")
        self._wanted_players = players
        self._text: Text | None = None
        self.game.observe(lambda _: self.draw(), "value")
        self.players.observe(lambda _: self._draw_names(), "value")
        for box in self.names:
            box.observe(lambda _: self._draw_first(), "value")

    def draw(self, lang: str | None = None) -> None:
        """Write every label, option and visible name box, in `lang` (the last one if None)."""
        game = get_game(self.game.value)
        if lang is not None or self._text is None or self._text.game is not game:
            self._text = Text(game, lang or (self._text.lang if self._text else "en"))
        text = self._text
        self.heading.value = f'<h3>{text.html("ui.table.setup.title")}</h3>'
        self.game.description = text("ui.table.setup.game")
        wanted = self.players.value if self.players.value is not None else self._wanted_players
        options = [(text("ui.settings.players_n", count=n), n)
                   for n in range(game.min_players, game.max_players + 1)]
        if list(self.players.options) != options:
            self.players.options = options
        low, high = game.min_players, game.max_players
        self.players.value = min(max(wanted or low, low), high)
        self.players.description = text("ui.settings.players")
        self.start.description = text("ui.table.setup.start")
        self._draw_names()

    def _draw_names(self) -> None:
        text = self._text
        if text is None or self.players.value is None:
            return
        for seat, box in enumerate(self.names):
            box.description = text("ui.table.setup.name", n=seat + 1)
            box.placeholder = text("ui.table.setup.name_hint", n=seat + 1)
            box.layout.display = "" if seat < self.players.value else "none"
        self._draw_first()

    def _draw_first(self) -> None:
        text = self._text
        if text is None or self.players.value is None:
            return
        shown = [(box.value.strip() or text("ui.table.setup.name_hint", n=seat + 1), seat)
                 for seat, box in enumerate(self.names[:self.players.value])]
        options = [(text("ui.table.setup.first_random"), RANDOM_FIRST)] + shown
        value = self.first.value if self.first.value is not None else RANDOM_FIRST
        if value >= self.players.value:
            value = RANDOM_FIRST
        if list(self.first.options) != options:
            self.first.options = options
        self.first.value = value
        self.first.description = text("ui.table.setup.first")
        rule = first_rule(text.game.id)
        rulebook = text.game.rulebook()
        if rule is not None and rule in rulebook:
            clause = rulebook[rule]
            said = text("ui.table.setup.first_rule", rule=text.clause_number(clause),
                        text=clause.text(text.lang))
            self.first_help.value = f'<p class="fp-table-first-rule">{esc(said)}</p>'
        else:
            self.first_help.value = ""

    def values(self) -> tuple[str, int, list[str] | None, int | None] | None:
        """The settings to start with, or None (and the problems shown) if a name is wrong."""
        text = self._text
        lang = text.lang if text else "en"
        count = self.players.value
        raw = [box.value for box in self.names[:count]]
        problems = [p for seat, value in enumerate(raw)
                    if (p := name_problem(value, seat, lang)) is not None]
        if problems:
            items = "".join(f"<li>{esc(p)}</li>" for p in problems)
            self.problems.value = f'<ul class="fp-table-refusal" role="alert">{items}</ul>'
            return None
        self.problems.value = ""
        names = [value.strip() or (text("ui.table.setup.name_hint", n=seat + 1) if text
                                   else f"{seat + 1}") for seat, value in enumerate(raw)]
        first = secrets.randbelow(count) if self.first.value == RANDOM_FIRST else self.first.value
        return self.game.value, count, names, first

