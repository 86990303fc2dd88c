"""The table companion (`notebooks/table.ipynb?game=burg&players=2&lang=fr`): a phone at a real
table follows the game phase by phase.

The page starts from a game, a player count, the players' names and who goes first. Then it
says whose turn it is and what the table does next (the session's prompt), and the table enters
what happened in a few taps: the likeliest entries as large buttons, the rest under "More".
Each accepted entry is explained with its clauses; each refusal is shown with its clause and
changes nothing. The table can undo the last entry, correct an earlier one, look a rule up,
save the game as a record (and open it in the game's tutor for a step-by-step review). The
game is kept in the browser's storage after every entry (table_store.py), so that a reload
loses nothing.

The page knows no game: everything comes from the session (`foodplay.companion.session`),
plus the tutor's own words for cards and moves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from foodplay.companion.session import TableSession
from foodplay.games import built_games, credits_text, get_game
from foodplay.record import Record
from foodplay_widgets.app.explanation import RulebookReader
from foodplay_widgets.app.guard import ErrorCatcher
from foodplay_widgets.app.message_box import MessageBox
from foodplay_widgets.app.style import classed, style_widget
from foodplay_widgets.pages.gallery import APPS
from foodplay_widgets.pages.page import LANGUAGE_LINKS_CSS
from foodplay_widgets.pages.table_html import (
    TABLE_CSS,
    accepted_html,
    describe_html,
    entry_label,
    explained_html,
    log_html,
    over_html,
    prompt_html,
    refused_html,
    save_html,
    score_line,
    scores_html,
)
from foodplay_widgets.pages.table_setup import SetupForm, parse_table_query
from foodplay_widgets.pages.table_store import TableStore, new_key
from foodplay_widgets.text import Text, esc, language_options

TOP = 6  # entries shown as large buttons; the rest wait under "More"
ENTRY_CHARS = 2_000  # the longest entry typed as text
EXAMPLE = {"seat": 0, "kind": "take", "pile": 1}  # an entry in the record's notation


class TableCompanion(widgets.VBox):
    """The page. Worth knowing for tests: `setup` (the form), `choice_buttons` and
    `more_buttons` (the entries shown), `undo_button`, `correct_select`/`correct_button`,
    `result` (the last entry's explanation or refusal), `save` (download and review link),
    `lang_select`, `store`, `session`."""

    def __init__(self, lang: str = "en", game: str | None = None, players: int | None = None,
                 problems: list[str] | None = None):
        self.lang = lang
        self.errors = ErrorCatcher(self._report_error)
        guard = self.errors
        self.session: TableSession | None = None
        self.key: str | None = None
        self.last: tuple[dict, Any] | None = None  # the last entry and its Result
        self.correcting: int | None = None
        self._probe: TableSession | None = None  # the game before the entry being corrected
        self._cards: dict[str, int] = {}  # every card a chance prompt offered: its box copies
        self._stored: list[tuple[str, Record, str, int]] = []
        self._labels: dict[tuple[str, str], str] = {}  # (language, entry) -> its words
        self._reader_drawn: tuple[str, str] | None = None  # the rulebook's game and language
        self._buttons: list[widgets.Button] = []  # the entry buttons, kept from entry to entry
        self.lang_select = classed(widgets.Dropdown(options=language_options(), value=lang),
                                   "fp-lang")
        self.head = classed(widgets.HTML(), "fp-table-head")
        self.messages = MessageBox()
        self.setup = SetupForm(game or built_games()[0], players)
        self.resume = classed(widgets.HTML(), "fp-table-resume-text")
        self.resume_button = classed(widgets.Button(), "fp-table-resume", "fp-table-big")
        self.resume_box = classed(widgets.VBox([self.resume, self.resume_button],
                                               layout=widgets.Layout(display="none")),
                                  "fp-table-resume-box")
        self.prompt = classed(widgets.HTML(), "fp-table-prompt-box")
        self.choice_buttons: list[widgets.Button] = []
        self.choices = classed(widgets.VBox(), "fp-table-choices")
        self.more_toggle = classed(widgets.ToggleButton(), "fp-table-more", "fp-table-big")
        self.more_buttons: list[widgets.Button] = []
        self.more = classed(widgets.VBox(layout=widgets.Layout(display="none")),
                            "fp-table-more-box")
        self.result = classed(widgets.HTML(), "fp-table-result")
        self.undo_button = classed(widgets.Button(), "fp-table-undo")
        self.cancel_button = classed(widgets.Button(layout=widgets.Layout(display="none")),
                                     "fp-table-cancel")
        self.new_button = classed(widgets.Button(), "fp-table-new")
        self.tools = classed(widgets.HBox([self.undo_button, self.cancel_button,
                                           self.new_button]), "fp-table-tools")
        self.correct_select = classed(widgets.Dropdown(), "fp-table-correct-select")
        self.correct_button = classed(widgets.Button(), "fp-table-correct", "fp-table-big")
        self.correct_title = classed(widgets.HTML(), "fp-table-correct-title")
        self.correct_box = classed(widgets.VBox([self.correct_title, self.correct_select,
                                                 self.correct_button]), "fp-table-correct-box")
        self.typed = classed(widgets.Text(continuous_update=False), "fp-table-typed")
        self.typed_button = classed(widgets.Button(), "fp-table-typed-enter", "fp-table-big")
        self.typed_title = classed(widgets.HTML(), "fp-table-typed-title")
        self.typed_box = classed(widgets.VBox([self.typed_title, self.typed,
                                               self.typed_button]), "fp-table-typed-box")
        self.scores = classed(widgets.HTML(), "fp-table-scores")
        self.over = classed(widgets.HTML(), "fp-table-over-box")
        self.log_box = classed(widgets.HTML(), "fp-table-log-box")
        self.describe = classed(widgets.HTML(), "fp-table-describe-box")
        self.save = classed(widgets.HTML(), "fp-table-save")
        self.reader = RulebookReader(guard)
        self.lookup_title = classed(widgets.HTML(), "fp-table-lookup-title")
        self.play = classed(widgets.VBox(layout=widgets.Layout(display="none")),
                            "fp-table-play")
        self.store = TableStore(guard(self._stored_games))
        super().__init__([style_widget(TABLE_CSS + LANGUAGE_LINKS_CSS), self.lang_select,
                          self.head, self.messages, self.resume_box, self.setup, self.play,
                          self.store])
        self.add_class("fp-app")
        self.add_class("fp-table-app")
        self.lang_select.observe(guard(self._lang_changed), "value")
        self.setup.game.observe(guard(lambda _: self._draw_head()), "value")
        self.setup.start.on_click(guard(lambda _: self.start()))
        self.resume_button.on_click(guard(lambda _: self.resume_stored()))
        self.more_toggle.observe(guard(lambda _: self._draw_choices()), "value")
        self.undo_button.on_click(guard(lambda _: self.undo()))
        self.cancel_button.on_click(guard(lambda _: self.cancel_correction()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.correct_button.on_click(guard(lambda _: self.start_correction(
            self.correct_select.value)))
        self.typed_button.on_click(guard(lambda _: self.enter_typed(self.typed.value)))
        if problems:
            self.messages.add("problem", problems)
        self.render()

    def __repr__(self) -> str:
        return "TableCompanion()"

    @classmethod
    def from_query(cls, query: str) -> TableCompanion:
        """The page as its address asks (`?game=burg&players=2&lang=ko`); bad settings are
        named in the message box and none of them applied. Never raises."""
        link = parse_table_query(query or "")
        return cls(link.lang, link.game, link.players, link.problem_texts(link.lang))

    # --- the words -----------------------------------------------------------------------
    @property
    def text(self) -> Text:
        if self.session is not None:
            return Text(self.session.state.game, self.lang, self.session.state.names)
        return Text(get_game(self.setup.game.value), self.lang)

    def _report_error(self, exc: BaseException) -> None:
        self.messages.clear()
        self.messages.add("error", [self.text("ui.error.unexpected",
                                              detail=type(exc).__name__)])
        self.messages.draw(self.text)

    def _lang_changed(self, change: dict) -> None:
        self.lang = change["new"]
        self.render()

    def _draw_head(self) -> None:
        game = self.session.state.game if self.session else get_game(self.setup.game.value)
        text = self.text
        self.lang_select.description = text("ui.lang.label")
        title = text.html("ui.table.title", title=game.title)
        credits = esc(credits_text(game.id, self.lang))
        self.head.value = (f'<h2 class="fp-app-title">{title}</h2>'
                           f'<p class="fp-table-credits">{credits}</p>' + (
                               "" if self.session else f"<p>{text.html('ui.table.intro')}</p>"))

    # --- starting ------------------------------------------------------------------------
    def start(self) -> bool:
        """Start the game the form describes (names checked first: nothing starts if one is
        wrong)."""
        values = self.setup.values()
        if values is None:
            return False
        game, players, names, first = values
        session = TableSession(game, players, first=first, names=names)
        try:
            session.record()
        except Exception:  # noqa: BLE001 - a game whose draws the table cannot name yet
            self.messages.clear()
            self.messages.add("problem", [self.text("ui.table.not_ready",
                                                    title=get_game(game).title)])
            self.render()
            return False
        self._begin(session, new_key())
        return True

    def _begin(self, session: TableSession, key: str) -> None:
        self.session, self.key = session, key
        self.last, self.correcting, self._probe = None, None, None
        self._cards = {}
        self._labels = {}
        self.more_toggle.value = False
        self.messages.clear()
        self._keep()
        self.render()

    def new_game(self) -> None:
        """Back to the form. The game just played stays in the browser's storage, and the page
        offers it back (a tap on New game by mistake loses nothing)."""
        if self.session is not None and self.key is not None:
            self._stored = [(self.key, self.session.record(), self.lang, 0),
                            *[g for g in self._stored if g[0] != self.key]]
        self.session, self.key, self.last = None, None, None
        self.correcting, self._probe = None, None
        self.render()

    def _stored_games(self, games: list[tuple[str, Record, str, int]]) -> None:
        """The browser handed over the games it kept: offer the newest one back."""
        self._stored = games
        self._draw_resume()

    def resume_stored(self) -> bool:
        """Go on with the newest game kept in the browser."""
        if not self._stored:
            return False
        key, record, _, _ = self._stored[0]
        try:
            session = TableSession.from_record(record)
        except Exception:  # noqa: BLE001 - a kept game this version cannot replay
            self.messages.add("problem", [self.text("ui.table.resume_failed")])
            self._stored = self._stored[1:]
            self.render()
            return False
        self._stored = []
        self._begin(session, key)
        return True

    # --- entering ------------------------------------------------------------------------
    def enter(self, entry: Mapping[str, Any]) -> Any:
        """Enter `entry` (or, while correcting, put it in place of the entry corrected)."""
        session = self.session
        if session is None:
            return None
        if self.correcting is not None:
            result = session.correct(self.correcting, dict(entry))
            if result.ok:
                self.correcting, self._probe = None, None
        else:
            result = session.enter(dict(entry))
        self.last = (dict(entry), result)
        if result.ok:
            self.more_toggle.value = False
            self._keep()
        self.render()
        return result

    def enter_typed(self, raw: str) -> Any:
        """An entry typed as JSON (the record's notation); a bad one is refused in words."""
        if len(raw) > ENTRY_CHARS:
            return self._refuse_typed("ui.table.typed.too_long", count=len(raw),
                                      limit=ENTRY_CHARS)
        try:
            entry = json.loads(raw)
        except ValueError:
            return self._refuse_typed("ui.table.typed.not_json")
        if not isinstance(entry, dict):
            return self._refuse_typed("ui.table.typed.not_json")
        return self.enter(entry)

    def _refuse_typed(self, key: str, **params: Any) -> None:
        text = self.text
        self.last = None
        self.result.value = (f'<div class="fp-table-refusal" role="alert"><p>'
                             f"{text.html(key, **params)}</p></div>")
        return None

    def undo(self) -> Any:
        """Drop the last entry."""
        if self.session is None:
            return None
        result = self.session.undo()
        self.last = ({}, result)
        self.correcting, self._probe = None, None
        if result.ok:
            self._keep()
        self.render()
        return result

    def start_correction(self, index: int | None) -> None:
        """Correct entry `index`: the choices become those possible at that moment."""
        if self.session is None or index is None or not 0 <= index < len(self.session.entries):
            return
        self.correcting = index
        self._probe = self._session_upto(index)
        self.more_toggle.value = False
        self.render()

    def cancel_correction(self) -> None:
        self.correcting, self._probe = None, None
        self.render()

    def _session_upto(self, index: int) -> TableSession:
        """The game as it stood before entry `index` (a copy: the game itself is untouched)."""
        session = self.session
        probe = TableSession(session.game.id, session.players, names=session.names,
                             options=session.options, seed=session.seed, setup=session.setup)
        for entry in session.entries[:index]:
            probe.enter(entry)
        return probe

    def _keep(self) -> None:
        if self.session is not None and self.key is not None:
            self.store.keep(self.key, self.session.record(), self.lang)

    def _current(self) -> TableSession:
        """The game the choices are for: the one before the entry corrected, if correcting."""
        return self._probe if self._probe is not None else self.session

    @staticmethod
    def _possible(session: TableSession) -> dict[str, int]:
        prompt = session.prompt()
        return dict(prompt.possible or {}) if prompt.kind == "chance" else {}

    # --- drawing -------------------------------------------------------------------------
    def render(self) -> None:
        """Draw everything in the page's language."""
        text = self.text
        self._draw_head()
        self.messages.draw(text)
        self.setup.draw(self.lang)
        started = self.session is not None
        self.setup.layout.display = "none" if started else ""
        self.play.layout.display = "" if started else "none"
        self._draw_resume()
        if not started:
            return
        self._draw_play()

    def _draw_resume(self) -> None:
        if self.session is not None or not self._stored:
            self.resume_box.layout.display = "none"
            return
        _, record, _, _ = self._stored[0]
        game = get_game(record.game)
        text = Text(game, self.lang, record.names or [])
        self.resume.value = "<p>" + text.html(
            "ui.table.resume.text", title=game.title, seats=list(range(record.players)),
            count=len(record.moves)) + "</p>"
        self.resume_button.description = text("ui.table.resume.button")
        self.resume_box.layout.display = ""

    def _draw_play(self) -> None:
        session, text = self.session, self.text
        current = self._current()
        prompt = current.prompt()
        head = ""
        if self.correcting is not None:
            head = (f'<p class="fp-table-correcting-note" role="status">'
                    f'{text.html("ui.table.correct.now", n=self.correcting + 1)}</p>')
        self.prompt.value = head + prompt_html(text, prompt, score_line(text, session.state))
        self._draw_result()
        self._order()
        self._draw_choices()
        self.undo_button.description = text("ui.table.undo")
        self.undo_button.disabled = not session.entries
        self.cancel_button.description = text("ui.table.correct.cancel")
        self.cancel_button.layout.display = "" if self.correcting is not None else "none"
        self.new_button.description = text("ui.table.new")
        self.scores.value = scores_html(text, session.state)
        self.over.value = self._over_html() if session.is_over else ""
        labels = self._log_labels(text)
        self.log_box.value = log_html(text, session, labels, self.correcting)
        self.correct_title.value = f'<h3>{text.html("ui.table.correct.title")}</h3>'
        options = [(f"{i + 1}. {label}", i) for i, label in enumerate(labels)]
        if list(self.correct_select.options) != options:
            self.correct_select.options = options
        if options:
            self.correct_select.value = options[-1][1] if self.correcting is None \
                else self.correcting
        self.correct_select.description = text("ui.table.correct.pick")
        self.correct_button.description = text("ui.table.correct.button")
        self.correct_button.disabled = not options
        # the table in words, unless it would show cards nobody at the table has seen (the
        # engine's stand-ins for private draws not named yet)
        unseen = any(o.card is None for o in (session.record().drawn or ()))
        self.describe.value = "" if unseen else describe_html(text, session.state)
        self.typed_title.value = (f'<details class="fp-table-typed-help"><summary>'
                                  f'{text.html("ui.table.typed.title")}</summary><p>'
                                  f'{text.html("ui.table.typed.help")}</p><p><code>'
                                  f"{esc(json.dumps(EXAMPLE))}</code></p></details>")
        self.typed.description = text("ui.table.typed.label")
        self.typed_button.description = text("ui.table.typed.button")
        self.lookup_title.value = f'<h3>{text.html("ui.table.lookup")}</h3>'
        if self._reader_drawn != (session.state.game.id, self.lang):  # only when it changes
            self._reader_drawn = (session.state.game.id, self.lang)
            self.reader.render(session.state.game.rulebook(), text)
        self._draw_save()

    def _log_labels(self, text: Text) -> list[str]:
        """Each accepted entry in words (kept: an entry's words change only with the
        language)."""
        labels = []
        for entry in self.session.entries:
            key = (self.lang, json.dumps(entry, sort_keys=True))
            if key not in self._labels:
                self._labels[key] = entry_label(text, self.session, entry)
            labels.append(self._labels[key])
        return labels

    def _order(self) -> None:
        """The play area, top down: what to do, then the entries to tap (a refusal goes
        between them, where the eye is; an accepted entry's explanation after them)."""
        refused = self.last is not None and not self.last[1].ok
        head = [self.prompt, self.result] if refused else [self.prompt]
        tail = [] if refused else [self.result]
        children = (*head, self.choices, self.more_toggle, self.more, self.tools, *tail,
                    self.over, self.scores, self.save, self.log_box, self.correct_box,
                    self.describe, self.typed_box, self.lookup_title, self.reader)
        if self.play.children != children:
            self.play.children = children

    def _draw_result(self) -> None:
        text = self.text
        if self.last is None and not self.session.entries:  # the set-up, explained
            state = self.session.state
            self.result.value = explained_html(
                text, state, text("ui.table.setup.done"),
                list(getattr(state, "setup_events", ()) or ()), [], self.reader.prefix)
            return
        if self.last is None:
            self.result.value = ""
            return
        entry, result = self.last
        if result.ok and result.events:
            self.result.value = accepted_html(text, self.session.state, result,
                                              self.reader.prefix)
        elif result.ok:
            self.result.value = (f'<div class="fp-table-accepted" role="status"><p>'
                                 f"{esc(result.reason(self.lang))}</p></div>")
        else:
            current = self._current()  # a refusal changed nothing: the choices were these
            possible = self._possible(current)
            label = entry_label(text, current, entry,
                                possible if "card" in entry and possible else None)
            self.result.value = refused_html(text, label, result, self.reader.prefix)

    def _draw_choices(self) -> None:
        """The likeliest entries as large buttons; the rest under "More" (drawn when open).
        A chance prompt's "More" also offers the cards the box has no copy of any more: the
        table may have seen one (then the refusal says why it cannot be)."""
        session, text = self.session, self.text
        if session is None:
            return
        current = self._current()
        prompt = current.prompt()
        choices = [] if prompt.kind == "over" else list(current.choices())
        possible = self._possible(current)
        for card, count in possible.items():
            self._cards[card] = max(self._cards.get(card, 0), count)
        if prompt.kind == "chance" and choices:
            seat = choices[0].get("seat")
            kind = choices[0].get("kind")
            offered = {c.get("card") for c in choices}
            choices += [{"seat": seat, "kind": kind, "card": card} for card in self._cards
                        if card not in offered]
        top, rest = choices[:TOP], choices[TOP:]
        shown = rest if rest and self.more_toggle.value else []
        with_seat = len(prompt.seats) != 1
        buttons = [self._button(i, text, current, e, possible, with_seat)
                   for i, e in enumerate(top + shown)]
        self.choice_buttons, self.more_buttons = buttons[:len(top)], buttons[len(top):]
        if tuple(self.choices.children) != tuple(self.choice_buttons):
            self.choices.children = self.choice_buttons
        self.more_toggle.layout.display = "" if rest else "none"
        self.more_toggle.description = text("ui.table.more", count=len(rest))
        if tuple(self.more.children) != tuple(self.more_buttons):
            self.more.children = self.more_buttons
        self.more.layout.display = "" if self.more_buttons else "none"

    def _button(self, index: int, text: Text, current: TableSession, entry: dict,
                possible: dict[str, int], with_seat: bool) -> widgets.Button:
        """The `index`-th entry button, showing `entry`: the buttons are kept and relabelled
        from one entry to the next (a new button is a new widget for the page to build)."""
        label = entry_label(text, current, entry,
                            possible if "card" in entry and possible else None,
                            with_seat=with_seat)
        while len(self._buttons) <= index:
            button = classed(widgets.Button(), "fp-table-choice")
            button.on_click(self.errors(lambda b: self.enter(b.entry)))
            self._buttons.append(button)
        button = self._buttons[index]
        button.entry = entry
        button.description = label
        button.tooltip = label
        return button

    def _over_html(self) -> str:
        session = self.session
        events = list(self.last[1].events) if self.last and self.last[1].ok else []
        if not events:
            try:
                from foodplay.timeline import Timeline

                timeline = Timeline(session.record())
                events = list(timeline.steps[timeline.last].events)
            except Exception:  # noqa: BLE001 - the scores are still shown
                events = []
        return over_html(self.text, session.state, session.winners(), events,
                         self.reader.prefix)

    def _draw_save(self) -> None:
        """The record as a download, and a link that opens it in the game's tutor."""
        record = self.session.record()
        self.save.value = save_html(self.text, record, APPS.get(record.game))

def table_page(query: str = "") -> TableCompanion:
    """The notebook's one cell: the page as its address asks."""
    return TableCompanion.from_query(query)
