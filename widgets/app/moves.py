"""The move panel: legal moves as buttons, "why not?", hint and undo.

In play mode its move buttons act for the learner's seat at the present step. "Why not?"
never plays, in either mode: it only checks a move for the seat shown (or, for the teacher,
any seat that must decide) and says why it is or is not allowed. The hint is the heuristic's
advice for that seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from foodplay.bots import suggest
from foodplay.engine import Move, Seat, State, Verdict
from foodplay.explain import move_text, step_text
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import allowed_html, refusal_html, step_anchor
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.pool import Pool, set_children, set_classes
from foodplay_widgets.app.portal import Portal, html_holder, then_of
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.worded import Worded
from foodplay_widgets.text import Text, esc


@dataclass(frozen=True)
class Choices:
    """What "why not?" offers at a step: the seats it may show (`actors`), their candidate
    moves and the labelled options."""

    actors: list[Seat]
    moves: list[Move]
    options: list[tuple[str, int]]


class MovePanel(widgets.VBox):
    """Legal moves, why-not, hint and undo. `on_play(move)` asks the app to play a move and
    returns the refusing verdict, or None if it was played; `on_undo()` undoes. `editor` is a
    game's own move editor (see renderers.MoveEditor), shown under the turn line."""

    def __init__(self, on_play: Callable[[Move], Verdict | None], on_undo: Callable[[], None],
                 on_catch_up: Callable[[], None], reader_prefix: str,
                 guard: Guard = unguarded, editor: widgets.Widget | None = None,
                 portal: Portal | None = None):
        self.on_play, self.on_undo, self.on_catch_up = on_play, on_undo, on_catch_up
        self.prefix = reader_prefix
        self.guard = guard
        self.editor = editor
        # whose turn: with a `portal`, carried with the step (portal.py)
        self.status, status_box = html_holder(portal, "turn", "fp-turn", wide=False)
        # the why-not choices follow the step's view, which a portal sends first
        self._after = then_of(portal)
        self.legal = classed(widgets.HBox(layout=widgets.Layout(flex_flow="row wrap")), "fp-legal")
        self.move_buttons: list[widgets.Button] = []  # the buttons shown, one per move
        # made once and reused (see pool.py), with one layout and style model for them all;
        # the pool's button i plays `_button_moves[i]`
        self._button_layout = widgets.Layout(width="auto")
        self._button_style = widgets.ButtonStyle()
        self._button_pool: Pool[widgets.Button] = Pool(self._make_button)
        self._button_moves: list[Move] = []
        self.catch_up = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-catch-up")
        # as wide as its longest move, up to the panel's width (French moves need 36em)
        self.whynot = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto",
                                                                         max_width="100%"))
        self.whynot.add_class("fp-whynot-choice")
        self.whynot_try = widgets.Button(layout=widgets.Layout(width="auto"))
        self.whynot_try.add_class("fp-whynot-try")
        self.whynot_result = classed(widgets.HTML(), "fp-whynot-result")
        self.whynot_result.add_class("fp-live")  # announced (style.py)
        self.hint = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-hint")
        self.hint_text = classed(widgets.HTML(), "fp-hint-text")
        self.hint_text.add_class("fp-live")  # announced (style.py)
        self.undo = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-undo")
        self.whynot_try.on_click(guard(self._try))
        self.hint.on_click(guard(self._hint))
        self.undo.on_click(guard(lambda _: self.on_undo()))
        self.catch_up.on_click(guard(lambda _: self.on_catch_up()))
        self.whynot_box = classed(widgets.HBox([self.whynot, self.whynot_try]), "fp-whynot")
        tools = classed(widgets.HBox([self.hint, self.undo, self.catch_up]), "fp-move-tools")
        editors = [editor] if editor is not None else []
        super().__init__([status_box, *editors, self.legal, self.whynot_box,
                          self.whynot_result, tools, self.hint_text])
        self.add_class("fp-moves")
        self._ctx: Context | None = None
        # the verdict asked about and the hint, said again in another language at the same
        # position; wiped once the position changes (`_position`)
        self._verdict = Worded(self.whynot_result)
        self._hinted = Worded(self.hint_text)
        self._position: tuple | None = None
        self._candidates: list[Move] = []

    @property
    def anchor(self) -> str:
        """The id of the line that says whose turn it is, which heads the panel: the control
        bar's "Your move" link goes there (unique on the page: from the reader's prefix)."""
        return f"{self.prefix}-turn"

    # --- drawing -----------------------------------------------------------------------
    def render(self, ctx: Context, offer_moves: bool = True,
               leave_out: tuple[str, ...] = (), choices: Choices | None = None) -> None:
        """Draw for `ctx`. `offer_moves=False` leaves out the row of one button per legal move,
        when a game's move editor takes the decision instead (why-not and hint stay);
        `leave_out` leaves out only the buttons of those move kinds (an editor makes them);
        `choices`: the why-not choices for `ctx`, if drawn already (ahead.py)."""
        self._ctx = ctx
        if choices is None:
            choices = self.choices(ctx)
        actors = choices.actors
        play = ctx.mode == "play"
        state = ctx.state
        # on a phone, play mode puts this panel right after the explanation (style.py)
        (self.add_class if play else self.remove_class)("fp-moves-play")
        # reading the moves before the learner's turn: a link back up to the step's explanation
        back = (f'<a class="fp-to-step" href="#{step_anchor(self.prefix)}">'
                f'{ctx.text.html("ui.play.to_step")}</a>' if play and not ctx.at_present else "")
        self.status.value = (f'<p class="fp-turn-text" id="{self.anchor}" tabindex="-1">'
                             f"{esc(self._status(ctx, actors))}</p>{back}")
        moves: list[Move] = []
        if play and actors and offer_moves:
            moves = [m for m in state.legal_moves(actors[0]) if m.kind not in leave_out]
        self._button_moves = moves
        self._button_pool.rewind()
        self.move_buttons = [self._draw_button(self._button_pool.take(), state, m, ctx.lang)
                             for m in moves]
        set_children(self.legal, self.move_buttons)
        self.legal.layout.display = "" if self.move_buttons else "none"
        self._candidates = choices.moves
        options = choices.options
        index = 0 if self._candidates else None
        if options != list(self.whynot.options) or index != self.whynot.index:
            self._after(lambda: self._offer(options, index))
        self.whynot_box.layout.display = "" if self._candidates else "none"
        position = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.cursor, ctx.seat,
                    ctx.mode, ctx.learner)
        if position != self._position:
            self._position = position
            self._verdict.clear()
            self._hinted.clear()
        else:  # the same position in another language (or drawn again): said in it
            self._verdict.redraw(ctx.text)
            self._hinted.redraw(ctx.text)
        self.hint.layout.display = "" if actors else "none"
        self.undo.layout.display = "" if play else "none"
        self.undo.disabled = not (play and self._learner_moved(ctx))
        over = ctx.timeline.state_at(ctx.timeline.last).is_over
        self.catch_up.description = ctx.text("ui.catch_up_end" if over else "ui.catch_up")
        self.catch_up.tooltip = ctx.text("ui.catch_up_end_tip" if over else "ui.catch_up_tip")
        self.catch_up.layout.display = "" if play and not ctx.at_present else "none"

    def relabel(self, text: Text) -> None:
        """The labels of the why-not, hint and undo controls, in `text`'s language."""
        self.whynot.description = text("ui.whynot.label")
        self.whynot_try.description = text("ui.whynot.check")
        self.whynot_try.tooltip = text("ui.whynot.check_tip")
        self.hint.description = text("ui.hint")
        self.hint.tooltip = text("ui.hint_tip")
        self.undo.description = text("ui.undo")
        self.undo.tooltip = text("ui.undo_tip")

    @staticmethod
    def choices(ctx: Context) -> Choices:
        """The moves "why not?" offers at `ctx`'s step, each with its label."""
        actors = ctx.actors()
        state = ctx.state
        moves = [m for seat in actors for m in state.candidates(seat)]
        label = step_text if len(actors) > 1 else move_text  # several seats: say whose
        options = [(label(state, m, ctx.lang), i) for i, m in enumerate(moves)]
        return Choices(actors, moves, options)

    def _offer(self, options: list[tuple[str, int]], index: int | None) -> None:
        """The why-not choices and the one chosen, in one message."""
        with self.whynot.hold_sync():
            self.whynot.options = options
            self.whynot.index = index

    def _make_button(self, place: int) -> widgets.Button:
        button = widgets.Button(layout=self._button_layout, style=self._button_style)
        button.on_click(self.guard(lambda _: self._play(self._button_moves[place])))
        return button

    @staticmethod
    def _draw_button(button: widgets.Button, state: State, move: Move,
                     lang: str) -> widgets.Button:
        """`button` labelled for `move` (and no longer marked by a hint)."""
        with button.hold_sync():  # one message for the button's changes, none if unchanged
            button.description = move_text(state, move, lang)
            button.tooltip = step_text(state, move, lang)
            set_classes(button, "fp-move", f"fp-move-{move.kind}")
            button.button_style = ""
        return button

    @staticmethod
    def _learner_moved(ctx: Context) -> bool:
        return any(m.seat == ctx.learner for m in ctx.timeline.record.moves)

    @staticmethod
    def _status(ctx: Context, actors: list[int]) -> str:
        text = ctx.text
        decision = ctx.decision()
        if ctx.mode == "play":
            if not ctx.at_present:
                ahead = ctx.timeline.last - ctx.cursor
                over = ctx.timeline.state_at(ctx.timeline.last).is_over
                return text("ui.play.reading_end" if over else "ui.play.reading", count=ahead)
            if decision is None:
                return text("ui.play.over")
            if actors:
                kind = "ui.play.your_turn_secret" if decision.simultaneous else "ui.play.your_turn"
                return text(kind, decision=text(decision.kind, seat=ctx.learner))
            return text("ui.play.waiting", seats=list(decision.seats))
        if decision is None:
            return text("game.over")
        if actors:
            return text("ui.watch.check", seats=actors)
        return text("ui.watch.others", seats=list(decision.seats))

    # --- actions -----------------------------------------------------------------------
    def _play(self, move: Move) -> None:
        self.on_play(move)

    def _try(self, _: object = None) -> None:
        ctx = self._ctx
        if ctx is None or self.whynot.value is None:
            return
        move = self._candidates[self.whynot.value]
        state = ctx.state
        # asking never plays, in either mode: the engine only checks the move
        self.show_verdict(ctx, move, state.check(move))

    def ask(self, move: Move) -> None:
        """Ask "why not?" about `move` as the learner would: choose it in the list and press
        the button (it only checks). A lesson can open on a refusal this way."""
        self.whynot.value = self._candidates.index(move)
        self._try()

    def show_verdict(self, ctx: Context, move: Move, verdict: Verdict) -> None:
        """The verdict on a move: its reason and the clause that decides it."""
        state = ctx.state
        if not verdict.ok:
            self._verdict.say(lambda text: refusal_html(text, state, move, verdict,
                                                        "ui.whynot.refused", self.prefix),
                              ctx.text)
            return
        clause = state.game.rulebook()[verdict.clause]
        # a play-mode check says how to play the move: a separate, labelled action
        key = None
        if ctx.mode == "play":
            key = "ui.whynot.not_played_editor" if self.editor is not None and \
                self.editor.layout.display != "none" else "ui.whynot.not_played"

        def allowed(text: Text) -> str:
            how = "" if key is None else f'<p class="fp-allowed-how">{text.html(key)}</p>'
            return allowed_html(text, clause, move_text(state, move, text.lang), self.prefix,
                                how)

        self._verdict.say(allowed, ctx.text)

    def _hint(self, _: object = None) -> None:
        ctx = self._ctx
        if ctx is None:
            return
        actors = ctx.actors()
        if not actors:
            return
        state = ctx.state
        hint = suggest(state, actors[0])
        key = "ui.hint.for_you" if ctx.mode == "play" else "ui.hint.for_seat"

        def said(text: Text) -> str:
            reason = text.catalogue.format(hint.reason, hint.params, text.names)
            return (f'<p class="fp-hint-reason" role="status">'
                    f'{text.html(key, seat=actors[0], reason=reason)}</p>')

        self._hinted.say(said, ctx.text)
        wanted = move_text(state, hint.move, ctx.lang)
        for button in self.move_buttons:
            if button.description == wanted:
                button.add_class("fp-hinted")
                button.button_style = "info"
        show_hint = getattr(self.editor, "show_hint", None)
        if show_hint is not None:  # an editor may mark its own control for the hinted move
            show_hint(hint.move)
