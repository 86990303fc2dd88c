"""The app's header and settings: the title with the game's credits, the seat and language
menus, and the new-game settings (players, seed, bots, Watch or Play).

`AppHeader` makes the widgets and writes their words and options for a step; the app lays them
out and reacts to their changes (tutor.App). Writing options changes the menus' values, so the
app ignores those changes while `draw` runs (`App._quiet`).
"""

from __future__ import annotations

import ipywidgets as widgets

from foodplay.bots import BOT_KINDS
from foodplay.engine import Game
from foodplay.record import Record
from foodplay_widgets.app.context import Context
from foodplay_widgets.text import Text, esc, language_options

TEACHER = -1  # the seat selector's value for the teacher's view (None would mean "nothing")
MODES = ("watch", "play")


def title_html(ctx: Context, game: Game, record: Record) -> str:
    """The header's title: the game with its players and seed (or set-up), the record's own
    title, the game's credits and the components it is played with."""
    text, renderer = ctx.text, ctx.renderer
    if record.seed is not None:
        title = text("ui.header.seed", title=game.title, count=record.players,
                     seed=record.seed)
    else:
        title = text("ui.header.setup", title=game.title, count=record.players)
    shown = text(record.title) if record.title and text.has(record.title) else record.title
    sub = f'<p class="fp-record-title">{esc(shown)}</p>' if shown else ""
    return (f'<h2 class="fp-app-title">{esc(title)}</h2>{sub}'
            f'<p class="fp-credits">{esc(renderer.credits(game, text))}</p>'
            f'<p class="fp-components">{esc(renderer.components_label(ctx.view(0), text))}</p>')


def _set_options(select: widgets.Widget, options: list) -> None:
    """Set a menu's options, sending nothing when they are the same."""
    if list(select.options) != options:
        select.options = options


class AppHeader:
    """The header's widgets: `title`, `seat_select`, `lang_select`, `players`, `seed`,
    `bots_select`, `mode_select`, `new_game`."""

    def __init__(self, lang: str, seed: int):
        self.title = widgets.HTML()
        self.title.add_class("fp-title")
        self.seat_select = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.seat_select.add_class("fp-seat")
        self.lang_select = widgets.Dropdown(options=language_options(), value=lang,
                                            layout=widgets.Layout(width="auto"))
        self.lang_select.add_class("fp-lang")
        self.players = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.players.add_class("fp-players")
        self.seed = widgets.BoundedIntText(min=0, max=2**31 - 1, value=seed,
                                           layout=widgets.Layout(width="14em"))
        self.seed.add_class("fp-seed")
        self.bots_select = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.bots_select.add_class("fp-bots")
        self.mode_select = widgets.ToggleButtons(layout=widgets.Layout(width="auto"))
        self.mode_select.add_class("fp-mode")
        self.new_game = widgets.Button(layout=widgets.Layout(width="auto"),
                                       button_style="primary")
        self.new_game.add_class("fp-new-game")

    @staticmethod
    def player_options(game: Game, text: Text) -> list[tuple[str, int]]:
        return [(text("ui.settings.players_n", count=n), n)
                for n in range(game.min_players, game.max_players + 1)]

    def draw(self, ctx: Context, game: Game, record: Record, *, mode: str,
             learner: int | None, seat: int | None, bot_kind: str, lang: str) -> None:
        """Write the title, and every menu's words, options and value, for `ctx`'s game."""
        text = ctx.text
        self.title.value = title_html(ctx, game, record)
        names = ctx.timeline.state_at(0).names
        seats = [(text("seat.you", name=n) if mode == "play" and s == learner
                  else text("view.seat", name=n), s) for s, n in enumerate(names)]
        _set_options(self.seat_select,
                     seats if mode == "play" else [(text("view.teacher"), TEACHER)] + seats)
        self.seat_select.value = TEACHER if seat is None else seat
        self.seat_select.description = text("ui.seat.label")
        self.lang_select.description = text("ui.lang.label")
        self.lang_select.value = lang
        self.players.description = text("ui.settings.players")
        _set_options(self.players, self.player_options(game, text))
        self.players.value = record.players
        self.seed.description = text("ui.settings.seed")
        if record.seed is not None:
            self.seed.value = record.seed
        self.bots_select.description = text("ui.settings.bots")
        _set_options(self.bots_select, [(text(f"ui.bots.{k}"), k) for k in BOT_KINDS])
        self.bots_select.value = bot_kind
        self.mode_select.options = [(text(f"ui.mode.{m}"), m) for m in MODES]
        self.mode_select.tooltips = [text(f"ui.mode.{m}_tip") for m in MODES]
        self.mode_select.value = mode
        self.new_game.description = text("ui.settings.new_game")
        self.new_game.tooltip = text("ui.settings.new_game_tip")
