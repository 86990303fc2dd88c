"""Coffee Rush's move builder: the learner's way to play a turn in play mode.

- set-up: the free cells are "Place here" buttons, then a cup for the starting ingredient;
- move: upgrades first (optional), then the cells next to the meeple are step buttons. Each
  step is tried on a scratch copy of the position (never the real one), and the builder shows
  what the path collects (upgrade bonuses, a short supply and rush tokens included) and whether
  the move may end there. "Stop here" plays the whole path as one decision;
- pour: one button per ingredient and cup, "give back", "empty cup" and "finish pouring";
- serve: one button per cup and matching order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Move, State, Verdict
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import refusal_html
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.pool import Pool, W, set_children, set_classes
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.worded import Worded
from foodplay_widgets.games.coffee_rush.pieces import DECIDE, UI, UPGRADE_COST, chip, path_marks
from foodplay_widgets.games.coffee_rush.preview import (
    Preview,
    cell_face,
    cups_html,
    move_preview_html,
)
from foodplay_widgets.text import HashableText, Text

PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]
_classes = set_classes
GRID_GAP_PX = 6  # .fp-cr-grid's gap (style.py)


def _classed(widget: W, css: str) -> W:
    widget.add_class(css)
    return widget


class MoveBuilder(widgets.VBox):
    """The learner's Coffee Rush decisions in play mode (see the module's docstring).

    Keyboard: every action is a labelled button, reached with Tab. On the board, the cells
    next to the meeple hold "Step to row r, column c" buttons; other cells have none.
    """

    def __init__(self, play_moves: PlayMoves, reader_prefix: str, guard: Guard = unguarded):
        self.play_moves = play_moves
        self.prefix = reader_prefix
        self.guard = guard
        self.heading = classed(widgets.HTML(), "fp-cr-editor-head")
        self.meeple_choice = widgets.ToggleButtons(options=[], layout=widgets.Layout(width="auto"))
        self.meeple_choice.add_class("fp-cr-meeple-choice")
        self.upgrade_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.upgrade_row.add_class("fp-cr-upgrade-row")
        self.upgrade_buttons: dict[str, widgets.Button] = {}
        self.grid = classed(widgets.GridBox(layout=widgets.Layout(width="auto")), "fp-cr-grid")
        self.cells: list[tuple[widgets.HTML, widgets.Button, widgets.VBox]] = []
        self.preview = classed(widgets.HTML(), "fp-cr-preview")
        self.stop = widgets.Button(layout=widgets.Layout(width="auto"), button_style="success")
        self.stop.add_class("fp-cr-stop")
        self.back = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-cr-back-step")
        self.clear = classed(widgets.Button(layout=widgets.Layout(width="auto")), "fp-cr-clear")
        self.actions = classed(widgets.HBox([self.stop, self.back, self.clear]), "fp-cr-actions")
        self.choices = classed(widgets.VBox(), "fp-cr-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.choice_moves: dict[Move, widgets.Button] = {}
        # the choice rows' widgets are made once and reused from these pools (a closed widget
        # would leave its layout and style models behind); `_slot_moves[i]` is button i's move
        self._choice_layout = widgets.Layout(width="auto")  # one for all: never changed
        self._choice_style = widgets.ButtonStyle()
        self._choice_pool: Pool[widgets.Button] = Pool(self._make_choice)
        self._row_pool: Pool[widgets.HBox] = Pool(lambda _: _classed(widgets.HBox(),
                                                                     "fp-cr-choice-row"))
        self._label_pool: Pool[widgets.HTML] = Pool(lambda _: _classed(widgets.HTML(),
                                                                       "fp-cr-choice-label"))
        self._slot_moves: list[Move] = []  # the pool's choice button i makes _slot_moves[i]
        self.upgrade_label = classed(widgets.HTML(), "fp-cr-upgrade-label")
        self.cups = classed(widgets.HTML(), "fp-cr-cups-panel")
        self.result = classed(widgets.HTML(), "fp-cr-editor-result")
        self._refused = Worded(self.result)  # a refusal shown, in the language shown
        self.stop.on_click(guard(lambda _: self.submit()))
        self.back.on_click(guard(lambda _: self.step_back()))
        self.clear.on_click(guard(lambda _: self.start_again()))
        self.meeple_choice.observe(guard(self._meeple_chosen), "value")
        side = classed(widgets.VBox([self.preview, self.actions]), "fp-cr-editor-side")
        self.body = classed(widgets.HBox([self.grid, side]), "fp-cr-editor-body")
        self.lower = classed(widgets.HBox([self.choices, self.cups]), "fp-cr-editor-lower")
        super().__init__([self.heading, self.meeple_choice, self.upgrade_row, self.body,
                          self.lower, self.result])
        self.add_class("fp-cr-editor")
        self.layout.display = "none"
        self.pending: list[Move] = []
        self._ctx: Context | None = None
        self._key: tuple | None = None
        self._quiet = False
        self._targets: dict[int, Move] = {}  # cell index -> the move its button makes

    # --- drawing -----------------------------------------------------------------------
    @staticmethod
    def applies(ctx: Context) -> bool:
        """The learner's own decision, at the present step of play mode."""
        decision = ctx.decision()
        return (ctx.mode == "play" and ctx.at_present and decision is not None
                and ctx.learner in decision.seats and decision.kind.startswith(DECIDE))

    def render(self, ctx: Context) -> bool:
        """Draw for `ctx`; whether the builder takes the learner's decision now."""
        self._ctx = ctx
        if not self.applies(ctx):
            self.layout.display = "none"
            self._key = None
            return False
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.learner)
        if key != self._key:
            self.pending = []
            self._refused.clear()
            self._key = key
        self.layout.display = ""
        self._draw()
        self._refused.redraw(self._text())  # in the language shown (a switch says it again)
        return True

    @property
    def phase(self) -> str:
        return self._ctx.decision().kind[len(DECIDE):]

    def _text(self) -> Text:
        return HashableText.of(self._ctx.text)  # its messages and pieces come from caches

    def _draw(self) -> None:
        ctx = self._ctx
        text = self._text()
        phase = self.phase
        seat = ctx.learner
        try:
            preview = Preview(ctx.state, seat, self.pending)
        except Exception:  # a pending move went stale: start the move again
            self.pending = []
            preview = Preview(ctx.state, seat, [])
        self._preview = preview
        view = preview.view
        help_key = f"{UI}editor.help.{phase}"
        held = view["turn"]["held"]
        title = text.html(f"{UI}editor.title.{phase}", ingredient=held[0] if held else "")
        self.heading.value = (f'<h4 class="fp-cr-editor-title">{title}</h4>'
                              f'<p class="fp-cr-editor-help">{text.html(help_key)}</p>')
        on_board = phase in ("place", "move")
        self._draw_meeples(preview, text)
        self._draw_upgrades(preview, text)
        self._draw_grid(preview, text)
        self.body.layout.display = "" if on_board else "none"
        self.stop.remove_class("fp-cr-hinted")
        if phase == "move":
            self._draw_move_preview(preview, text)
            self.actions.layout.display = ""
        else:
            self.preview.value = ""
            self.actions.layout.display = "none"
        self._draw_choices(preview, text)
        self._draw_cups(preview, text)

    # the meeple to move (two players) and the upgrades
    def _fixed_meeple(self, preview: Preview) -> int | None:
        """The meeple this move uses, once a step is taken (or pending)."""
        turn = preview.view["turn"]
        return turn["meeple"]

    def _draw_meeples(self, preview: Preview, text: Text) -> None:
        view = preview.view
        meeples = view["seats"][self.learner]["meeples"]
        show = self.phase == "move" and len(meeples) > 1 and \
            self._fixed_meeple(preview) is None and view["phase"] == "move"
        self._quiet = True
        try:
            options = [(text(UI + "editor.meeple_n", meeple=m, row=at[0], col=at[1]), m)
                       for m, at in enumerate(meeples, start=1) if at]
            if list(self.meeple_choice.options) != options:
                current = self.meeple_choice.value
                with self.meeple_choice.hold_sync():  # the options and the choice: one message
                    self.meeple_choice.options = options
                    values = [v for _, v in options]
                    self.meeple_choice.value = current if current in values else \
                        (values[0] if values else None)
            self.meeple_choice.description = text(UI + "editor.meeple")
        finally:
            self._quiet = False
        self.meeple_choice.layout.display = "" if show else "none"

    @property
    def learner(self) -> int:
        return self._ctx.learner

    def _meeple(self, preview: Preview) -> int:
        fixed = self._fixed_meeple(preview)
        if fixed is not None:
            return fixed
        return self.meeple_choice.value or 1

    def _meeple_chosen(self, change: dict) -> None:
        if self._quiet or self._ctx is None:
            return
        self._refused.clear()
        self._draw()

    def _draw_upgrades(self, preview: Preview, text: Text) -> None:
        view = preview.view
        seat = view["seats"][self.learner]
        completed = seat["completed"]
        show = (self.phase == "move" and view["phase"] == "move" and view["turn"]["steps"] == 0
                and isinstance(completed, list))
        buttons = []
        if show:
            pending = {m.get("upgrade") for m in self.pending if m.kind == "upgrade"}
            for upgrade, on in seat["upgrades"].items():
                if on and upgrade not in pending:
                    continue
                button = self.upgrade_buttons.get(upgrade)
                if button is None:
                    button = widgets.Button(layout=widgets.Layout(width="auto"))
                    button.on_click(self.guard(lambda _, u=upgrade: self.add_upgrade(u)))
                    self.upgrade_buttons[upgrade] = button
                with button.hold_sync():  # one message for the button's changes
                    if upgrade in pending:
                        button.description = text(UI + "editor.upgrade_pending",
                                                  upgrade=upgrade)
                        button.disabled = True
                        _classes(button, "fp-cr-upgrade-button", "fp-cr-upgrade-pending")
                    else:
                        button.description = text(UI + "editor.upgrade", upgrade=upgrade)
                        button.disabled = len(completed) < UPGRADE_COST
                        _classes(button, "fp-cr-upgrade-button")
                    button.tooltip = text(UI + "upgrade_help." + upgrade)
                buttons.append(button)
        show = show and (len(completed) >= UPGRADE_COST or any(
            m.kind == "upgrade" for m in self.pending))
        label = self.upgrade_label
        label.value = text.html(UI + "editor.upgrades", count=len(completed)
                                if isinstance(completed, list) else 0, cost=UPGRADE_COST)
        set_children(self.upgrade_row, [label, *buttons] if show else [])
        self.upgrade_row.layout.display = "" if show else "none"

    # the board of buttons
    def _ensure_cells(self, rows: int, cols: int) -> None:
        if len(self.cells) == rows * cols:
            return
        self.cells = []
        for i in range(rows * cols):
            face = classed(widgets.HTML(), "fp-cr-face")
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.on_click(self.guard(lambda _, i=i: self.click_cell(i)))
            box = widgets.VBox([face, button])
            self.cells.append((face, button, box))
        self.grid.children = [box for _, _, box in self.cells]
        # 7.5em a column, less on a phone: every column in view, as on the board (with 7.5em,
        # a 390 px phone showed three of four columns, the fourth only by scrolling the grid)
        fit = f"calc((100% - {(cols - 1) * GRID_GAP_PX}px) / {cols})"
        self.grid.layout.grid_template_columns = f"repeat({cols}, minmax(min(7.5em, {fit}), 1fr))"

    def _draw_grid(self, preview: Preview, text: Text) -> None:
        view = preview.view
        board = view["board"]
        rows, cols = board["rows"], board["cols"]
        self._ensure_cells(rows, cols)
        self._targets = {}
        phase = view["phase"]
        seat = self.learner
        two = any(len(s["meeples"]) > 1 for s in view["seats"])
        marks = path_marks(view) if phase in ("move", "pour") else {}
        meeple = self._meeple(preview)
        here = preview.meeple_at(meeple) if phase == "move" else None
        for i, cell in enumerate(board["cells"]):
            face, button, box = self.cells[i]
            r, c = cell["row"], cell["col"]
            steps = marks.get((r, c), [])
            mine = any(s == seat and m == meeple for s, m in cell["meeples"])
            face.value = cell_face(text, cell, steps, two, seat, meeple if phase == "move"
                                   else None)
            kind, label, tip = self._cell_action(preview, text, cell, here, meeple)
            box_classes = ["fp-cr-grid-cell", f"fp-cr-i-{cell['ingredient']}"]
            if steps:
                box_classes.append("fp-cr-on-path")
            if mine and phase == "move":
                box_classes.append("fp-cr-here")
            if kind is None:
                button.layout.display = "none"
                _classes(button, "fp-cr-cell-button")
            else:
                button.layout.display = ""
                with button.hold_sync():  # one message for the button's changes
                    button.description = label
                    button.tooltip = tip
                    button.disabled = False
                    _classes(button, "fp-cr-cell-button", f"fp-cr-{kind}")
                box_classes.append(f"fp-cr-{kind}-cell")
            _classes(box, *box_classes)

    def _cell_action(self, preview: Preview, text: Text, cell: dict[str, Any],
                     here: tuple[int, int] | None, meeple: int
                     ) -> tuple[str | None, str, str]:
        """What a cell's button does now: ("place" | "step" | "refused" | None, label, tip)."""
        view = preview.view
        state_phase = view["phase"]
        r, c = cell["row"], cell["col"]
        i = (r - 1) * view["board"]["cols"] + c - 1
        ingredient = cell["ingredient"]
        if state_phase == "place":
            if cell["meeples"]:
                return None, "", ""
            move = Move.make(self.learner, "place", row=r, col=c)
            self._targets[i] = move
            return ("place", text(UI + "editor.place_here", row=r, col=c),
                    text(UI + "editor.place_tip", row=r, col=c, ingredient=ingredient))
        if state_phase != "move" or here is None:
            return None, "", ""
        diagonal = view["seats"][self.learner]["upgrades"].get("diagonal", False)
        dr, dc = abs(r - here[0]), abs(c - here[1])
        if max(dr, dc) != 1 or (dr and dc and not diagonal):
            return None, "", ""
        move = Move.make(self.learner, "step", meeple=meeple, row=r, col=c)
        self._targets[i] = move
        verdict, after, _ = preview.try_move(move)
        if not verdict.ok:
            return ("refused", text(UI + "editor.why_not", row=r, col=c),
                    text(UI + "editor.why_not_tip", row=r, col=c))
        gained = len(after["turn"]["held"]) - len(view["turn"]["held"])
        paid = view["seats"][self.learner]["rush"] - after["seats"][self.learner]["rush"]
        key = "editor.step_here_rush" if paid else "editor.step_here"
        tip = text(UI + ("editor.step_tip_rush" if paid else "editor.step_tip"), meeple=meeple,
                   row=r, col=c, count=gained, ingredient=ingredient)
        return "step", text(UI + key, row=r, col=c, count=gained, ingredient=ingredient), tip

    # the move preview
    def _draw_move_preview(self, preview: Preview, text: Text) -> None:
        self.preview.value = move_preview_html(preview, text, self._meeple(preview), self.prefix)
        steps_pending = any(m.kind == "step" for m in self.pending)
        if not preview.still_moving:
            stop = "editor.confirm"
        elif not steps_pending and preview.view["turn"]["steps"] == 0:
            stop = "editor.stay"
        else:
            stop = "editor.stop"
        for button, key in ((self.stop, stop), (self.back, "editor.back"),
                            (self.clear, "editor.clear")):
            with button.hold_sync():  # one message per button, none if unchanged
                button.description = text(UI + key)
                button.tooltip = text(UI + key + "_tip")
                if button is not self.stop:
                    button.disabled = not self.pending

    # pour, serve and set-up choices
    def _draw_choices(self, preview: Preview, text: Text) -> None:
        for pool in (self._choice_pool, self._row_pool, self._label_pool):
            pool.rewind()
        self.choice_buttons = []
        self.choice_moves = {}
        self._slot_moves = []
        rows: list[widgets.Widget] = []
        view = preview.view
        phase = view["phase"]
        seat = self.learner
        if self.phase in ("pour", "setup_pour", "serve") and not self.pending:
            state = self._ctx.state
            legal = state.legal_moves(seat)
            cups = view["seats"][seat]["cups"]
            if phase in ("pour", "setup_pour"):
                held = Counter(view["turn"]["held"])
                for ingredient, count in held.items():
                    label = self._label_pool.take()
                    label.value = (f'<ul class="fp-cr-chips">'
                                   f'{chip(text, ingredient, count=count)}</ul>')
                    buttons = []
                    for k, cup in enumerate(cups, start=1):
                        move = Move.make(seat, "pour", cup=k, ingredient=ingredient)
                        if move not in legal:
                            continue
                        after = sorted([*cup, ingredient], key=list(view["supply"]).index)
                        buttons.append(self._choice(
                            move, text(UI + "editor.pour_into", ingredient=ingredient, cup=k),
                            text(UI + "editor.pour_tip", cup=k, contents=after), "fp-cr-pour"))
                    move = Move.make(seat, "return", ingredient=ingredient)
                    if move in legal:
                        buttons.append(self._choice(
                            move, text(UI + "editor.return", ingredient=ingredient),
                            text(UI + "editor.return_tip", ingredient=ingredient),
                            "fp-cr-return"))
                    rows.append(self._row([label, *buttons]))
                extra = []
                for k, cup in enumerate(cups, start=1):
                    move = Move.make(seat, "empty", cup=k)
                    if move in legal:
                        extra.append(self._choice(
                            move, text(UI + "editor.empty", cup=k),
                            text(UI + "editor.empty_tip", cup=k, contents=cup,
                                 count=len(cup)), "fp-cr-empty"))
                move = Move.make(seat, "done")
                if move in legal:
                    key = "editor.done_leftover" if held else "editor.done"
                    extra.append(self._choice(move, text(UI + key),
                                              text(UI + key + "_tip"), "fp-cr-finish"))
                if extra:
                    rows.append(self._row(extra))
            elif phase == "serve":
                buttons = []
                for move in legal:
                    cup = move.get("cup")
                    buttons.append(self._choice(
                        move, text(UI + "editor.serve", cup=cup, order=move.get("order"),
                                   tab=move.get("tab")),
                        text(UI + "editor.serve_tip", cup=cup, order=move.get("order"),
                             tab=move.get("tab"), contents=cups[cup - 1]), "fp-cr-serve"))
                rows.append(self._row(buttons))
        set_children(self.choices, rows)
        self.choices.layout.display = "" if rows else "none"

    def _row(self, children: list[widgets.Widget]) -> widgets.HBox:
        row = self._row_pool.take()
        set_children(row, children)
        return row

    def _make_choice(self, place: int) -> widgets.Button:
        button = widgets.Button(layout=self._choice_layout, style=self._choice_style)
        button.on_click(self.guard(lambda _: self.play([self._slot_moves[place]])))
        return button

    def _choice(self, move: Move, label: str, tip: str, css: str) -> widgets.Button:
        self._slot_moves.append(move)
        button = self._choice_pool.take()
        with button.hold_sync():  # one message for the button's changes, none if unchanged
            button.description, button.tooltip = label, tip
            _classes(button, "fp-cr-choice", css)  # a hint's mark goes with the old move
        self.choice_buttons.append(button)
        self.choice_moves[move] = button
        return button

    def choice_for(self, move: Move) -> widgets.Button | None:
        """The pour, serve or set-up button that makes `move`, if it is shown."""
        return self.choice_moves.get(move)

    def _draw_cups(self, preview: Preview, text: Text) -> None:
        """The learner's cups against their orders, in the pour, serve and set-up phases."""
        if self.phase not in ("pour", "serve", "setup_pour"):
            self.cups.value = ""
            self.cups.layout.display = "none"
            return
        self.cups.value = cups_html(text, preview.view["seats"][self.learner])
        self.cups.layout.display = ""

    # --- actions -----------------------------------------------------------------------
    def click_cell(self, index: int) -> None:
        """A board button: place there, add a step to the path, or say why not."""
        ctx = self._ctx
        if ctx is None or not self.applies(ctx):
            return
        move = self._targets.get(index)
        if move is None:
            return
        if move.kind == "place":
            self.play([move])
            return
        self._add_step(move)

    def step_to(self, row: int, col: int) -> None:
        """Press the button of the cell at (row, col), as a click would (tests, lessons)."""
        cols = self._preview.view["board"]["cols"]
        self.click_cell((row - 1) * cols + col - 1)

    def cell_button(self, row: int, col: int) -> widgets.Button:
        cols = self._preview.view["board"]["cols"]
        return self.cells[(row - 1) * cols + col - 1][1]

    def add_upgrade(self, upgrade: str) -> None:
        self._add_step(Move.make(self.learner, "upgrade", upgrade=upgrade))

    def _add_step(self, move: Move) -> None:
        """Add `move` to the turn being built, if the position after the steps so far allows
        it; else say why not."""
        verdict = self._preview.state.check(move)
        if not verdict.ok:
            self.show_refusal(self._preview.state, move, verdict, "editor.refused_step")
            return
        self.pending.append(move)
        self._refused.clear()
        self._draw()

    def show_hint(self, move: Move) -> None:
        """Mark the button that makes the hint's `move` (the move panel's Hint calls this)."""
        if self._ctx is None or not self.applies(self._ctx):
            return
        if move.kind in ("step", "place") and not self.pending:
            if move.kind == "step" and self.meeple_choice.layout.display != "none" and \
                    self.meeple_choice.value != move.get("meeple"):
                self.meeple_choice.value = move.get("meeple")  # redraws for that meeple
            found = [i for i, m in self._targets.items() if m == move]
            button = self.cells[found[0]][1] if found else None
        elif move.kind == "upgrade" and not self.pending:
            button = self.upgrade_buttons.get(move.get("upgrade"))
        elif move.kind == "stop" and not self.pending:
            button = self.stop
        else:
            button = self.choice_for(move)
        if button is not None:
            button.add_class("fp-cr-hinted")

    def step_back(self) -> None:
        if self.pending:
            self.pending.pop()
        self._refused.clear()
        self._draw()

    def start_again(self) -> None:
        self.pending = []
        self._refused.clear()
        self._draw()

    def moves(self) -> list[Move]:
        """The pending moves, ended with `stop` if the move is still open."""
        preview = self._preview
        decision = preview.state.decision()
        moves = list(self.pending)
        if decision is not None and decision.kind == DECIDE + "move":
            moves.append(Move.make(self.learner, "stop"))
        return moves

    def submit(self) -> None:
        """"Stop here": play the whole move, or show why the engine refuses it (nothing
        played)."""
        if self._ctx is None or not self.applies(self._ctx):
            return
        self.play(self.moves())

    def play(self, moves: list[Move]) -> None:
        ctx = self._ctx
        refused = self.play_moves(moves)
        if refused is None:
            return  # played: the app has redrawn everything, this builder included
        index, verdict = refused
        state = ctx.state.clone()
        for move in moves[:index]:
            state.apply(move)
        self.show_refusal(state, moves[index], verdict, "editor.refused")

    def show_refusal(self, state: State, move: Move, verdict: Verdict, key: str) -> None:
        self._refused.say(lambda text: refusal_html(text, state, move, verdict, UI + key,
                                                    self.prefix), self._text())

