"""The lesson player's hint ladder: the button that climbs one rung (and says what the next
rung costs in stars), and the panel of the rungs climbed so far.

The ladder itself (which rungs a decision has, what each costs) is the engine's
(`foodplay.teaching.lessons.LessonRun`); this draws it. The player (lesson_player.py) lays
the widgets out and calls `draw` at every change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from foodplay.explain import move_text
from foodplay.rulebook import Rulebook
from foodplay.teaching.lessons import LessonRun, Rung
from foodplay_widgets.app.context import Context
from foodplay_widgets.pages.lesson_view import hints_html


class HintLadder:
    """`button` (climb one rung) and `panel` (the rungs shown, announced as they come)."""

    def __init__(self, make_button: Callable[..., widgets.Button]):
        self.button = make_button("fp-lesson-hint", "info")
        self.button.add_class("fp-lesson-tool")
        self.panel = widgets.HTML()
        self.panel.add_class("fp-lesson-hints")
        self.panel.add_class("fp-live")  # announced (style.py)

    def draw_button(self, ctx: Context, run: LessonRun) -> None:
        """The button's words: the next rung and its cost, or that none is left."""
        text, expected = ctx.text, run.expected
        nxt = run.next_rung()
        if nxt is None:
            self.button.description = text("ui.lesson.hint.none_left")
            self.button.disabled = True
        else:
            rung, cost = nxt
            n, total = run.rungs[run.at] + 1, len(expected.hints)
            name = text(f"ui.lesson.rung.{rung.kind}")
            self.button.description = (
                text("ui.lesson.hint.button_free", n=n, total=total, rung=name) if cost == 0
                else text("ui.lesson.hint.button_cost", n=n, total=total, rung=name,
                          count=cost))
            self.button.disabled = False
        self.button.tooltip = text("ui.lesson.hint.tip")
        self.button.layout.display = "" if expected.hints else "none"

    @staticmethod
    def rung_text(rung: Rung, ctx: Context, run: LessonRun, rulebook: Rulebook,
                  params: dict[str, Any]) -> str:
        """A rung's words (its own message, or the tutor's wording of the clause or answer)."""
        text = ctx.text
        if rung.key:
            return text(rung.key, **params)
        if rung.kind == "clause":
            clause = rulebook[rung.clause]
            return text("ui.lesson.hint.clause", rule=text.clause_number(clause),
                        title=clause.title(ctx.lang))
        return text("ui.lesson.hint.answer", move=move_text(run.state, run.answer(), ctx.lang))

    def draw_panel(self, ctx: Context, run: LessonRun, rulebook: Rulebook,
                   params: dict[str, Any], prefix: str) -> None:
        """The rungs climbed at this decision, each with its clause's link."""
        shown = run.shown_rungs()
        self.panel.value = hints_html(
            ctx.text, rulebook, shown,
            lambda rung: self.rung_text(rung, ctx, run, rulebook, params),
            prefix) if shown else ""
        self.panel.layout.display = "" if shown else "none"
