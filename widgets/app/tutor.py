"""The tutor's screen for one game: header, table, explanation, rulebook, moves, timeline,
scores and sharing, composed from the game-neutral components.

    app = App()                                   # a new BURG game, watched step by step
    app = App.from_query(os.environ.get("QUERY_STRING", ""))   # a deep link, in Voilà
    app = App(record=Record.load(path), seat=None)               # a saved or scenario record
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from foodplay.bots import BOT_KINDS, make_bot, play_game
from foodplay.engine import IllegalMove, Move, Verdict
from foodplay.games import get_game
from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.links import parse_query, query_lang
from foodplay.record import Record, RecordError
from foodplay.timeline import Timeline
from foodplay_widgets.app.ahead import DrawAhead
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.editor_slot import EditorSlot
from foodplay_widgets.app.explanation import (
    ExplanationPanel,
    RulebookReader,
    notes_html,
    step_heading,
)
from foodplay_widgets.app.guard import ErrorCatcher
from foodplay_widgets.app.header import MODES, TEACHER, AppHeader
from foodplay_widgets.app.message_box import MessageBox
from foodplay_widgets.app.moves import MovePanel
from foodplay_widgets.app.portal import ASK_EVERYTHING, Portal
from foodplay_widgets.app.redraw import Drawn
from foodplay_widgets.app.renderers import editor_for, renderer_for
from foodplay_widgets.app.scores import ScoresPanel
from foodplay_widgets.app.share import SharePanel
from foodplay_widgets.app.stepwise import (
    BackgroundPlay,
    GrowingTimeline,
    StepwiseBotGame,
    in_kernel_loop,
)
from foodplay_widgets.app.style import style_widget
from foodplay_widgets.app.table import TableView
from foodplay_widgets.app.timeline import TimelineControls
from foodplay_widgets.serving.lean import sharing_styles
from foodplay_widgets.serving.ping import ping_button, ping_html
from foodplay_widgets.text import Text, mark_language, mark_link_target

MAX_BOT_MOVES = 10_000
AHEAD = 10  # a fresh bot game is played this many steps ahead of the step shown


class App(widgets.VBox):
    """One game's tutor. All game state lives in `self.timeline`; widgets only render it.

    Children worth knowing (tests click and read them): `seat_select`, `lang_select`,
    `players`, `seed`, `bots`, `mode`, `new_game`, `messages`, `table`, `explanation`,
    `reader`, `moves`, `editor` (the game's move editor, or None), `controls`
    (`.first/.back/.next/.last/.play/.slider/.counter`), `scores`, `share`.

    A fresh bot game to watch is played stepwise when `lazy` (`from_query`'s default inside a
    Jupyter kernel): the first steps before the first paint, the rest on the kernel's event
    loop between the learner's clicks, or at once when the learner jumps past the steps played.
    `pending` is that game while it is unfinished; `finish_game()` plays the rest now.
    """

    @sharing_styles
    def __init__(self, record: Record | None = None, *, game: str = "burg", players: int = 3,
                 seed: int = 1, bots: str = "heuristic", mode: str = "watch",
                 seat: int | None = None, lang: str = "en", step: int | None = None,
                 env: Mapping[str, str] | None = None, settings: bool = True,
                 lazy: bool = False):
        self.env = env
        self.lazy = lazy
        self.pending: StepwiseBotGame | None = None
        self.errors = ErrorCatcher(self._report_error)
        guard = self.errors
        self.lang = lang if lang in LANGUAGES else "en"
        self.mode = mode if mode in MODES else "watch"
        self.bot_kind = bots if bots in BOT_KINDS else "heuristic"
        self.seat: int | None = seat
        self.learner: int | None = None
        self.bots: dict[int, Any] = {}
        self._quiet = False
        self._edits = 0  # bumped whenever a step already shown may have changed (load, undo, play)
        self._drawn = Drawn()  # panel -> the inputs it was last drawn from
        self.game = get_game(record.game if record is not None else game)

        # --- header (header.py) ---------------------------------------------------------
        self.header = AppHeader(self.lang, seed)
        for name in ("title", "seat_select", "lang_select", "players", "seed", "bots_select",
                     "mode_select", "new_game"):
            setattr(self, name, getattr(self.header, name))
        self.messages = MessageBox()
        self.note = widgets.HTML()
        self.note.add_class("fp-note")

        # --- panels ---------------------------------------------------------------------
        self.reader = RulebookReader(guard)
        # one message carries the table, the explanation and the counter (portal.py)
        self.portal = Portal()
        self.table = TableView(self.portal)
        self.explanation = ExplanationPanel(self.reader.prefix, self.portal)
        # a game may bring its own editor for a decision, shown in the move panel once play
        # mode needs it (editor_slot.py)
        factory = editor_for(self.game.id)
        self.editor_slot = EditorSlot(
            lambda: factory(self.play_moves, self.reader.prefix, guard)) if factory else None
        self.moves = MovePanel(self.play_move, self.undo, self.catch_up, self.reader.prefix,
                               guard, editor=self.editor_slot, portal=self.portal)
        self.controls = TimelineControls(self.go, guard, self.portal)
        self.scores = ScoresPanel(guard, self.portal)
        # in a kernel, what the next step shows is drawn while this one is read
        self.draws_ahead = in_kernel_loop()
        self.ahead = DrawAhead({"table": lambda ctx: self.table.parts_for(ctx, ctx.view_before()),
                                "explanation": self.explanation.html_for,
                                "heading": step_heading, "choices": MovePanel.choices,
                                "scores": ScoresPanel.html_for}, guard)
        self.share = SharePanel(guard)

        top = widgets.HBox([self.seat_select, self.lang_select])
        top.add_class("fp-view-select")
        header = widgets.HBox([self.title, top])
        header.add_class("fp-header")
        self.settings = widgets.HBox([self.players, self.seed, self.bots_select,
                                      self.new_game])
        self.settings.add_class("fp-settings")
        # the control bar heads the right column, beside the explanation it updates (sticky:
        # see style.py); Watch or Play sits in its second row
        self.controls.tools.children = (*self.controls.tools.children, self.mode_select)
        if not settings:
            self.settings.layout.display = "none"
            self.mode_select.layout.display = "none"
        left = widgets.VBox([self.table, self.scores])
        left.add_class("fp-left")
        right = widgets.VBox([self.controls, self.note, self.explanation, self.reader])
        right.add_class("fp-right")
        main = widgets.HBox([left, right])
        main.add_class("fp-main")
        bottom = widgets.VBox([self.moves, self.share])
        bottom.add_class("fp-bottom")
        game_css = getattr(renderer_for(self.game.id), "css", "")
        # the page says when it has drawn the app (ping.py): the bots play on only from then
        self.background = BackgroundPlay(lambda: self.pending, self.finish_game, guard)
        self.ping = ping_button(ASK_EVERYTHING, guard(self._page_drew))
        sheet = style_widget(game_css, after=ping_html(".fp-app", ASK_EVERYTHING))
        super().__init__([sheet, header, self.settings, self.messages, main, bottom,
                          self.ping, self.portal])
        self.add_class("fp-app")
        self.add_class(f"fp-game-{self.game.id}")  # for a game's own stylesheet
        mark_language(self, self.lang)

        self.seat_select.observe(guard(self._seat_changed), "value")
        self.lang_select.observe(guard(self._lang_changed), "value")
        self.mode_select.observe(guard(self._mode_changed), "value")
        self.new_game.on_click(guard(lambda _: self.start_new_game()))

        self._set_options(players=record.players if record else players)
        if record is not None:
            self._load(record, step)
        else:
            self._fresh(step)

    def _page_drew(self) -> None:
        """The page has drawn the app (or lost track of the portal's parts): every part now,
        then only changes; the bots play on from now."""
        self.portal.send_everything()
        self.background.page_drew()

    def __repr__(self) -> str:
        """Short: IPython puts a widget's repr beside its view, and ipywidgets' own repr of
        an app writes out every widget in it (about 150 kB, 25 ms, before the page shows)."""
        return f"App(game={self.game.id!r})"

    # --- opening -------------------------------------------------------------------------
    @classmethod
    def from_query(cls, query: str, env: Mapping[str, str] | None = None, *,
                   game: str = "burg", **kwargs: Any) -> App:
        """Open the position a query string asks for. Bad settings are listed in the message
        box and replaced by defaults; this never raises. `game` is the game opened when the
        query names none (each game's app notebook passes its own). In a kernel, a fresh bot
        game is played stepwise unless `lazy=False` is passed."""
        kwargs.setdefault("lazy", in_kernel_loop())
        try:
            link = parse_query(query or "", default_game=game)
            problems = link.problem_texts(link.lang)
            app = cls(link.record, game=link.game, players=link.players, seed=link.seed,
                      mode=link.mode, seat=link.seat, lang=link.lang, env=env,
                      step=link.step, **kwargs)
            if link.step is not None and link.step > app.timeline.last:
                problems.append(catalogue(None, link.lang).format(
                    "link.step_clamped", {"step": link.step, "last": app.timeline.last}))
            app.show_messages(problems, "problem")
            if link.step is not None or link.record is not None:
                mark_link_target(app)  # a link to a position: the page lands on its step
            return app
        except Exception as exc:  # a link must never show a traceback: fall back, and say so
            lang = query_lang(query)  # in the link's own language
            app = cls(game=game, env=env, lang=lang, **kwargs)
            app.show_messages([catalogue(None, lang).format("link.not_opened", {})], "problem")
            app.errors.record(exc)
            return app

    def _fresh(self, step: int | None = None) -> None:
        """A new game from the settings: bots play it (watch) or the learner sits in."""
        players, seed = self.players.value, self.seed.value
        if self.mode == "watch" and self.lazy:
            self._load(Record(self.game.id, players, seed=seed), 0 if step is None else step,
                       stepwise=self.bot_kind)
            return
        if self.mode == "watch":
            record, _ = play_game(self.game.id, players, seed, (self.bot_kind,))
        else:
            record = Record(self.game.id, players, seed=seed)
        self._load(record, 0 if step is None else step, fresh=True)

    def _load(self, record: Record, step: int | None, fresh: bool = False,
              stepwise: str | None = None) -> None:
        """Show `record` at `step` (None: its last step). With `stepwise` (a bot kind), the
        record is a fresh one that those bots play on demand (see `pending`)."""
        self.pending = None
        self._edits += 1
        if stepwise is not None:
            self.timeline = GrowingTimeline(record)
            self.pending = StepwiseBotGame(self.timeline, stepwise)
            self.pending.play_to((step or 0) + AHEAD)
            if step is not None and step >= self.timeline.last:
                self.pending.finish()
            if self.pending.done:
                self.pending = None
            else:
                self.background.start()
        else:
            self.timeline = Timeline(record)
        self._decision_start: dict[int, int] = {}  # learner's move index -> its decision's first
        if self.seat is not None and not 0 <= self.seat < record.players:
            self.seat = None
        if self.mode == "play":
            self.learner = self.seat if self.seat is not None else 0
            self.seat = self.learner
            self._make_bots()
        self.timeline.go(self.timeline.last if step is None else step)
        if self.mode == "play":
            start = self.timeline.cursor
            if self.timeline.cursor == self.timeline.last:
                self._advance_bots()
            self.timeline.go(start)
        self.render()

    def _make_bots(self) -> None:
        record = self.timeline.record
        seed = record.seed if record.seed is not None else 0
        self.bots = {s: make_bot(self.bot_kind, seed * 101 + s) for s in range(record.players)
                     if s != self.learner}

    # --- actions -------------------------------------------------------------------------
    def start_new_game(self) -> None:
        """The New game button: a fresh game with the chosen players, seed, bots and mode."""
        self.messages.clear()
        self.bot_kind = self.bots_select.value or self.bot_kind
        self._fresh()

    def go(self, k: int) -> None:
        """Show step `k` (clamped to the record). While the bots still play, they play on to
        stay AHEAD of `k`; `k` at the last step played (Last, the slider's end) means the end of
        the game, which they then play at once."""
        if self.pending is not None:
            if k == self.timeline.last:
                self.pending.finish()
                k = self.timeline.last
            elif k + AHEAD > self.timeline.last:
                self.pending.play_to(k + AHEAD)
            if self.pending.done:
                self.pending = None
        self.timeline.go(k)
        # the slider's message goes first: the page moves it while the kernel draws the step
        self.controls.follow(self.timeline.cursor, self.timeline.last)
        self.render()

    # --- the stepwise bot game -------------------------------------------------------------
    def finish_game(self) -> None:
        """Play the rest of a game still being played now (nothing if there is none)."""
        if self.pending is not None:
            self.pending.finish()
            self.pending = None
            self.render()  # the counter, the share panel: what the end of the game changes

    def play_move(self, move: Move) -> Verdict | None:
        """Play the learner's move at the present step. A refused move returns its verdict and
        changes nothing; an accepted one is followed by the bots' moves, shown from there."""
        refused = self.play_moves([move])
        return None if refused is None else refused[1]

    def play_moves(self, moves: Sequence[Move]) -> tuple[int, Verdict] | None:
        """Play several of the learner's moves in a row as one decision (a game's move editor
        uses this, such as Food Truck's whole pile order). The engine checks each move on a
        scratch copy of the present position, after the ones before it, before anything is
        played: a refusal returns `(index, verdict)` of the first refused move and changes
        nothing. Once all are played, the bots reply; the learner's last move is shown."""
        state = self.timeline.state
        if not moves:
            return None
        if self.mode != "play" or self.timeline.cursor != self.timeline.last:
            return 0, self._not_yours(state, moves[0])
        scratch = state.clone()
        for index, move in enumerate(moves):
            if move.seat != self.learner:
                return index, self._not_yours(scratch, move)
            verdict = scratch.check(move)
            if not verdict.ok:
                return index, verdict
            scratch.apply(move)
        start = self.timeline.last
        self._edits += 1
        for index, move in enumerate(moves):
            try:
                self.timeline.play(move)
            except IllegalMove as exc:  # not after the check above; but never half-apply
                while self.timeline.last > start:
                    self.timeline.undo()
                return index, exc.verdict
            self._decision_start[start + index] = start
        mine = self.timeline.cursor
        self._advance_bots()
        self.timeline.go(mine)
        self.render()
        return None

    @staticmethod
    def _not_yours(state, move: Move) -> Verdict:
        """The verdict on a move that is not the learner's to make here: the engine's refusal,
        or, if the rules allow it, "not your turn"."""
        verdict = state.check(move)
        if verdict.ok:  # allowed by the rules, but not the learner's move to make here
            decision = state.decision()
            verdict = Verdict.refuse(verdict.clause, "verdict.not_your_turn", seat=move.seat,
                                     waiting=list(decision.seats) if decision else [])
        return verdict

    def _advance_bots(self) -> int:
        """Let the bots decide until the learner must (or the game ends); how many moved.

        A bot reads only its own seat's view, and in a secret choice the bots decide after the
        learner, so nobody sees a choice before the reveal."""
        played = 0
        while played < MAX_BOT_MOVES:
            state = self.timeline.state_at(self.timeline.last)
            decision = state.decision()
            if decision is None or self.learner in decision.seats:
                break
            seat = decision.seats[0]
            self.timeline.go(self.timeline.last)
            self.timeline.play(self.bots[seat].choose(state, seat))
            played += 1
        return played

    def undo(self) -> None:
        """Undo back to the learner's last decision (the bots' replies go too)."""
        moves = self.timeline.record.moves
        if self.mode != "play" or not any(m.seat == self.learner for m in moves):
            return
        self._edits += 1
        while self.timeline.last > 0:
            seat = moves[-1].seat
            self.timeline.undo()
            if seat == self.learner:
                # moves played together (play_moves) were one decision: undo them together
                start = self._decision_start.get(len(moves), len(moves))
                while len(moves) > start:
                    self.timeline.undo()
                break
        self.timeline.go(self.timeline.last)
        self.render()

    def catch_up(self) -> None:
        """Jump to the present step (where the learner can move)."""
        self.go(self.timeline.last)

    # --- settings ------------------------------------------------------------------------
    def _set_options(self, players: int) -> None:
        self._quiet = True
        try:
            self.players.options = AppHeader.player_options(self.game, Text(self.game, self.lang))
            self.players.value = players
        finally:
            self._quiet = False

    def _seat_changed(self, change: dict) -> None:
        if self._quiet:
            return
        self.seat = None if change["new"] == TEACHER else change["new"]
        if self.mode == "play" and self.seat is not None and self.seat != self.learner:
            self.learner = self.seat
            self._make_bots()
            if self.timeline.cursor == self.timeline.last:
                start = self.timeline.cursor
                self._advance_bots()
                self.timeline.go(start)
        self.render()

    def _lang_changed(self, change: dict) -> None:
        if not self._quiet:
            self.lang = change["new"]
            mark_language(self, self.lang)
            self.render()

    def _mode_changed(self, change: dict) -> None:
        if self._quiet or change["new"] == self.mode:
            return
        self.mode = change["new"]
        if self.mode == "play":
            # take a seat from the position shown: later steps are dropped, bots take the rest
            record = self.timeline.record
            kept = record.cut(self.timeline.cursor)  # under the rules the record follows
            self._load(kept, None)
        else:
            self.learner = None
            self.render()

    # --- messages ------------------------------------------------------------------------
    def show_messages(self, texts: list[str], kind: str = "problem") -> None:
        """Show messages in the visible message box (kind: problem, error or info)."""
        self.messages.add(kind, texts)
        self.messages.draw(Text(self.game, self.lang))

    def _report_error(self, exc: BaseException) -> None:
        from foodplay.limits import SHOWN_CHARS, printable

        text = Text(self.game, self.lang)
        detail = printable(" ".join(exc.text(self.lang).split()), 6 * SHOWN_CHARS) \
            if isinstance(exc, RecordError) else type(exc).__name__  # values in it already cut
        self.show_messages([text("ui.error.unexpected", detail=detail)], "error")

    @property
    def message_texts(self) -> list[str]:
        return self.messages.texts

    # --- drawing -------------------------------------------------------------------------
    def context(self) -> Context:
        return Context(self.timeline, self.seat, self.lang, self.mode, self.learner)

    def render(self, everything: bool = False) -> None:
        """Draw the components whose inputs changed since they were last drawn (all of them
        with `everything`). Each panel has a key of what it is drawn from (step, seat,
        language, mode...); a Next click redraws only the panels that show the step."""
        if everything:
            self._drawn.clear()
        ctx = self.context()
        cursor, last = ctx.cursor, self.timeline.last
        step = (self._edits, cursor, self.seat, self.lang)  # what a view of the step needs
        record = self.timeline.record
        notes = getattr(record, "annotations", {})
        panels = (
            ("header", (self._edits, self.lang, self.mode, self.learner, self.seat,
                        self.bot_kind), self._draw_header),
            ("table", step, self._draw_table),
            ("explanation", step, self._draw_explanation),
            ("reader", (self.lang,), self._draw_reader),
            # play mode reads the last step (catching up, the learner's turn); watch mode not
            ("moves", (*step, last if self.mode == "play" else None, self.mode, self.learner),
             self._draw_moves),
            ("labels", (self.lang,), self._draw_labels),
            # the step counter comes after the table, the explanation and the moves: a page
            # (and the browser tests) may take its change for the step being drawn
            ("counter", (*step, last, self.pending is None, self.mode, self.learner),
             self._draw_counter),
            ("scores", (*step, last if self.scores.chart_toggle.value else None),
             self._draw_scores),
            ("share", (*step, len(record.moves), self.mode, self.pending is None,
                       tuple(sorted(notes.items()))), self._draw_share),
            ("note", (self.lang, getattr(record, "narration", {}).get(cursor),
                      notes.get(cursor)), self._draw_note),
            ("messages", (self.lang, tuple(self.messages.items)),
             lambda ctx: self.messages.draw(ctx.text)),
        )
        with self.portal.together():
            for name, key, draw in panels:
                self._drawn(name, key, draw, ctx)
        if self.draws_ahead:
            self.ahead.later(ctx, self._edits)

    def _draw_table(self, ctx: Context) -> None:
        parts = self.ahead.take("table", ctx, self._edits)
        self.table.show(parts if parts is not None else
                        self.table.parts_for(ctx, ctx.view_before()))

    def _draw_explanation(self, ctx: Context) -> None:
        self.explanation.render(ctx, self.ahead.take("explanation", ctx, self._edits))

    def _draw_reader(self, ctx: Context) -> None:
        self.reader.render(self.game.rulebook(), ctx.text)

    @property
    def editor(self) -> Any:
        """The game's move editor (made now if play mode has not needed it yet), or None."""
        return self.editor_slot.editor if self.editor_slot is not None else None

    def _draw_moves(self, ctx: Context) -> None:
        slot = self.editor_slot
        taken = slot.render(ctx) if slot is not None else False
        # True: the editor takes the whole decision; a set of move kinds: only those kinds
        kinds = () if isinstance(taken, bool) else tuple(taken)
        self.moves.render(ctx, offer_moves=taken is not True, leave_out=kinds,
                          choices=self.ahead.take("choices", ctx, self._edits))

    def _draw_labels(self, ctx: Context) -> None:
        self.controls.relabel(ctx.text)
        self.moves.relabel(ctx.text)

    def _draw_scores(self, ctx: Context) -> None:
        self.scores.render(ctx, self.ahead.take("scores", ctx, self._edits))

    def _draw_counter(self, ctx: Context) -> None:
        """The timeline controls at the cursor; while the bots still play, the last step
        played is not the end: Next and Last stay on and the counter says "so far". When the
        learner decides now, a link under the counter goes to the move panel."""
        title, move = self.ahead.take("heading", ctx, self._edits) or step_heading(ctx)
        yours = ctx.mode == "play" and bool(ctx.actors())  # the learner decides now
        self.controls.show(ctx.cursor, self.timeline.last, ctx.text,
                           so_far=self.pending is not None, summary=move or title,
                           to_move=self.moves.anchor if yours else None)

    def _draw_share(self, ctx: Context) -> None:
        """The link and the download carry the whole record: shown once the bots are done."""
        if self.pending is not None:
            self.share.layout.display = "none"
            return
        self.share.layout.display = ""
        self.share.render(ctx, self._edits)

    def _draw_note(self, ctx: Context) -> None:
        """The narration for this step, if the record (a scenario) has one, and a teacher's own
        comment on it, if the record carries one (`Record.annotations`: their words, as data)."""
        record = self.timeline.record
        self.note.value = notes_html(ctx.text, getattr(record, "narration", {}).get(ctx.cursor),
                                     getattr(record, "annotations", {}).get(ctx.cursor))
        self.note.layout.display = "" if self.note.value else "none"

    def _draw_header(self, ctx: Context) -> None:
        self._quiet = True  # the menus' values change as they are drawn: not the learner's
        try:
            self.header.draw(ctx, self.game, self.timeline.record, mode=self.mode,
                             learner=self.learner, seat=self.seat, bot_kind=self.bot_kind,
                             lang=self.lang)
        finally:
            self._quiet = False
