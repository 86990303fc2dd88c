"""Food Truck's pile editor: the learner makes the game's secret decision in one go.

The learner arranges the cards of their hand into a pile order, then confirms; the app checks
the whole order with the engine, one `order` move after another, before playing any of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from foodplay.bots import suggest
from foodplay.engine import Move, Verdict
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import refusal_html
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.worded import Worded
from foodplay_widgets.games.food_truck.cards import UI, Kinds, card
from foodplay_widgets.text import Text, esc

ORDER_DECISION = "food-truck.decide.order"
PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]


class PileEditor(widgets.VBox):
    """The learner arranges the cards of their hand into a draw pile, then confirms.

    Keyboard: Tab to the list and pick a card with the arrow keys, Tab to "Move up" or
    "Move down" (the card stays selected), and "Confirm this order". "Suggest an order" fills in
    the heuristic's order with its reasons. Confirming hands the whole order to `play_moves`,
    which checks every `order` move with the engine before any is played.
    """

    def __init__(self, play_moves: PlayMoves, reader_prefix: str, guard: Guard = unguarded):
        self.play_moves = play_moves
        self.prefix = reader_prefix
        self.heading = classed(widgets.HTML(), "fp-ft-editor-head")
        self.listbox = widgets.Select(options=[], rows=6,
                                      layout=widgets.Layout(width="auto", min_width="18em"))
        self.listbox.add_class("fp-ft-editor-list")
        self.up = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-ft-editor-up")
        self.down = widgets.Button(layout=widgets.Layout(width="auto"))
        self.down.add_class("fp-ft-editor-down")
        self.suggest = widgets.Button(layout=widgets.Layout(width="auto"))
        self.suggest.add_class("fp-ft-editor-suggest")
        self.confirm = widgets.Button(layout=widgets.Layout(width="auto"),
                                      button_style="success")
        self.confirm.add_class("fp-ft-editor-confirm")
        self.preview = classed(widgets.HTML(), "fp-ft-editor-preview")
        self.status = classed(widgets.HTML(), "fp-ft-editor-status")
        self.result = classed(widgets.HTML(), "fp-ft-editor-result")
        self.up.on_click(guard(lambda _: self.move_selected(-1)))
        self.down.on_click(guard(lambda _: self.move_selected(+1)))
        self.suggest.on_click(guard(lambda _: self.fill_suggestion()))
        self.confirm.on_click(guard(lambda _: self.submit()))
        self.listbox.observe(guard(self._selected), "value")
        buttons = classed(widgets.VBox([self.up, self.down]), "fp-ft-editor-buttons")
        body = classed(widgets.HBox([self.listbox, buttons, self.preview]), "fp-ft-editor-body")
        actions = classed(widgets.HBox([self.confirm, self.suggest]), "fp-ft-editor-actions")
        super().__init__([self.heading, body, self.status, actions, self.result])
        self.add_class("fp-ft-editor")
        self.layout.display = "none"
        self.order: list[str] = []  # the learner's cards still in hand, top of the pile first
        # the heuristic's reasons for the suggested order: (place, card, reason key, its params)
        self._advice: list[tuple[int, str, str, dict[str, Any]]] = []
        self._said = Worded(self.status)  # what the last action did, in the language shown
        self._refused = Worded(self.result)
        self._ctx: Context | None = None
        self._key: tuple | None = None
        self._quiet = False

    # --- drawing -----------------------------------------------------------------------
    @staticmethod
    def applies(ctx: Context) -> bool:
        """The learner's own pile ordering, at the present step of play mode."""
        decision = ctx.decision()
        return (ctx.mode == "play" and ctx.at_present and decision is not None
                and decision.kind == ORDER_DECISION and ctx.learner in decision.seats)

    def render(self, ctx: Context) -> bool:
        """Draw for `ctx`; whether the editor takes the learner's decision now."""
        self._ctx = ctx
        if not self.applies(ctx):
            self.layout.display = "none"
            self._key = None
            return False
        hand = list(ctx.state.view(ctx.learner)["seats"][ctx.learner]["hand"])
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.learner)
        if key != self._key or Counter(self.order) != Counter(hand):
            self.order, self._advice = hand, []
            self._said.clear()
            self._refused.clear()
            self._key = key
        self.layout.display = ""
        self._draw()
        self._said.redraw(ctx.text)  # in the language shown (a switch says it again)
        self._refused.redraw(ctx.text)
        return True

    @property
    def advice(self) -> list[str]:
        """The reasons for the suggested order, one per card, in the language shown."""
        return self._advice_texts(self._ctx.text) if self._ctx else []

    def _advice_texts(self, text: Text) -> list[str]:
        return [text(UI + "editor.advice_item", place=place, card=card_id,
                     reason=text.catalogue.format(reason, params, text.names))
                for place, card_id, reason, params in self._advice]

    def _placed(self) -> list[str]:
        ctx = self._ctx
        return list(ctx.state.view(ctx.learner)["seats"][ctx.learner]["pile"]) if ctx else []

    def _draw(self, selected: int | None = None) -> None:
        ctx = self._ctx
        text = ctx.text
        placed = self._placed()
        start = len(placed)
        intro = [f'<h4 class="fp-ft-editor-title">{text.html(UI + "editor.title")}</h4>',
                 f'<p>{text.html(UI + "editor.help")}</p>']
        if placed:
            intro.append(f'<p class="fp-ft-editor-placed">'
                         f'{text.html(UI + "editor.placed", cards=placed)}</p>')
        self.heading.value = "".join(intro)
        options = []
        for i, c in enumerate(self.order):
            key = "editor.item_top" if start + i == 0 else "editor.item"
            options.append((text(UI + key, place=start + i + 1, card=c), i))
        current = self.listbox.value if selected is None else selected
        self._quiet = True  # redrawing the list is not the learner selecting a card
        try:
            self.listbox.options = options
            self.listbox.rows = max(2, min(len(options), 8))
            self.listbox.value = current if current is not None and \
                0 <= current < len(options) else (0 if options else None)
        finally:
            self._quiet = False
        self.listbox.description = text(UI + "editor.list")
        for button, name in ((self.up, "up"), (self.down, "down"), (self.suggest, "suggest"),
                             (self.confirm, "confirm")):
            button.description = text(f"{UI}editor.{name}")
            button.tooltip = text(f"{UI}editor.{name}_tip")
        self._enable()
        kinds = Kinds.of(ctx.state.view(ctx.learner))
        cards = "".join(card(text, kinds, c, " fp-ft-in-pile",
                             text(UI + "pile_place", place=i, card=c),
                             f'<span class="fp-ft-place" aria-hidden="true">{i}</span>')
                        for i, c in enumerate(placed + self.order, start=1))
        advice = ""
        if self._advice:
            items = "".join(f"<li>{esc(a)}</li>" for a in self._advice_texts(text))
            advice = (f'<div class="fp-ft-advice"><p>{text.html(UI + "editor.advice_title")}'
                      f"</p><ul>{items}</ul></div>")
        self.preview.value = (f'<div class="fp-ft-editor-pile"><p>'
                              f'{text.html(UI + "editor.preview")}</p>'
                              f'<ol class="fp-cards fp-ft-pile-order" aria-label="'
                              f'{text.html(UI + "editor.preview")}">{cards}</ol>{advice}</div>')

    def _selected(self, change: dict) -> None:
        """The learner selected a card: say which, and where it lies in the pile."""
        self._enable()
        if self._quiet or self._ctx is None or change["new"] is None:
            return
        i = change["new"]
        self._say("editor.selected", card=self.order[i], place=len(self._placed()) + i + 1)

    def _say(self, key: str, **params: Any) -> None:
        self._said.say(lambda text: f'<p class="fp-ft-editor-note" role="status">'
                                    f"{text.html(UI + key, **params)}</p>", self._ctx.text)

    def _enable(self) -> None:
        index = self.listbox.value
        self.up.disabled = index is None or index <= 0
        self.down.disabled = index is None or index >= len(self.order) - 1
        self.confirm.disabled = not self.order

    # --- actions -----------------------------------------------------------------------
    def select(self, card_id: str) -> None:
        """Select the first `card_id` in the list (as a click or arrow keys would)."""
        self.listbox.value = self.order.index(card_id)
        self._enable()

    def move_selected(self, step: int) -> None:
        """Move the selected card `step` places (-1: nearer the top); it stays selected."""
        i = self.listbox.value
        if self._ctx is None or i is None:
            return
        j = i + step
        if not 0 <= j < len(self.order):
            return
        self.order[i], self.order[j] = self.order[j], self.order[i]
        self._advice = []
        self._draw(selected=j)
        self._say("editor.moved", card=self.order[j], place=len(self._placed()) + j + 1)
        self._refused.clear()

    def fill_suggestion(self) -> None:
        """The heuristic's order for the cards in hand, with a reason for each card."""
        ctx = self._ctx
        if ctx is None or not self.applies(ctx):
            return
        seat = ctx.learner
        state = ctx.state.clone()  # a scratch copy: the learner's cards only, nothing played
        start = len(self._placed())
        order, advice = [], []
        while (decision := state.decision()) is not None and \
                decision.kind == ORDER_DECISION and seat in decision.seats:
            hint = suggest(state, seat)
            placed = hint.move.get("card")
            order.append(placed)
            advice.append((start + len(order), placed, hint.reason, dict(hint.params)))
            state.apply(hint.move)
        self.order, self._advice = order, advice
        self._refused.clear()
        self._draw(selected=0)

    def moves(self) -> list[Move]:
        """The order as the engine's moves: one `order` move per card, top of the pile first."""
        seat = self._ctx.learner if self._ctx else 0
        return [Move.make(seat, "order", card=c) for c in self.order]

    def submit(self) -> None:
        """Confirm: play the whole order, or show why the engine refuses it (nothing played)."""
        ctx = self._ctx
        if ctx is None or not self.order:
            return
        moves = self.moves()
        refused = self.play_moves(moves)
        if refused is None:
            return  # played: the app has redrawn everything, this editor included
        index, verdict = refused
        self.show_refusal(ctx, moves[index], verdict)

    def show_refusal(self, ctx: Context, move: Move, verdict: Verdict) -> None:
        state = ctx.state
        self._refused.say(lambda text: refusal_html(text, state, move, verdict,
                                                    UI + "editor.refused", self.prefix), ctx.text)
