"""The next step drawn ahead: in a kernel, Next finds the table, the explanation, the counter's
summary, the why-not choices and the scores drawn, and they are exactly what drawing the step
then would give."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from threads import run_alone

from foodplay_widgets.app import tutor as app_module
from foodplay_widgets.app.explanation import ExplanationPanel, step_heading
from foodplay_widgets.app.moves import MovePanel
from foodplay_widgets.app.scores import ScoresPanel
from foodplay_widgets.app.table import TableView
from foodplay_widgets.app.tutor import App

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")


def fresh(app: App) -> tuple[str, str]:
    """The table and the explanation drawn anew for the step shown."""
    ctx = app.context()
    table = TableView()
    table.render(ctx, ctx.view(ctx.cursor - 1) if ctx.cursor > 0 else None)
    explanation = ExplanationPanel(app.reader.prefix)
    explanation.render(ctx)
    return table.value, explanation.html.value


def also_drawn(app: App) -> tuple:
    """What else the step shows, as drawn for it: the why-not choices, the counter's spoken
    summary, the progress and the scores."""
    return (list(app.moves.whynot.options), app.controls.counter.value, app.scores.progress.value,
            app.scores.table.value)


def also_fresh(app: App) -> tuple:
    ctx = app.context()
    progress, scores = ScoresPanel.html_for(ctx)
    return (MovePanel.choices(ctx).options, step_heading(ctx)[1], progress, scores)


@pytest.mark.parametrize("game", GAMES)
def test_next_finds_the_step_drawn_ahead_and_it_is_the_same(game, monkeypatch):
    drawn_at_click = []

    def counting(name, draw):
        def counted(*args):
            drawn_at_click.append(name)
            return draw(*args)
        return counted

    async def learner():
        app = App(game=game, seed=3, env={}, lazy=True)
        app.draws_ahead = True  # as in a kernel, from the first drawing
        app.render(everything=True)
        app.background.page_drew()
        parts_for = app.table.parts_for
        shown = []
        for _ in range(6):
            await asyncio.sleep(0.12)  # the learner reads; the kernel draws the next step
            # counted at the click only: the drawings ahead hold the functions themselves
            app.table.parts_for = counting("table", parts_for)
            monkeypatch.setattr(MovePanel, "choices", counting("choices", MovePanel.choices))
            monkeypatch.setattr(app_module, "step_heading", counting("heading", step_heading))
            monkeypatch.setattr(ScoresPanel, "html_for", counting("scores", ScoresPanel.html_for))
            drawn_at_click.clear()
            app.controls.next.click()
            monkeypatch.undo()
            app.table.parts_for = parts_for
            shown.append((app.timeline.cursor, drawn_at_click[:], app.table.value,
                          app.explanation.html.value, fresh(app), also_drawn(app),
                          also_fresh(app)))
        return app, shown

    app, shown = run_alone(learner())
    assert app.ahead.drawn >= 6 and not app.errors.errors
    for cursor, at_click, table, explanation, (table_now, explanation_now), also, also_now \
            in shown:
        assert at_click == [], f"step {cursor}: {at_click} drawn at the click, not ahead"
        assert table == table_now and explanation == explanation_now
        options, counter, progress, scores = also
        assert options == also_now[0] and also_now[1] in counter
        assert (progress, scores) == also_now[2:]


def test_a_drawing_ahead_is_not_used_for_another_seat_or_after_an_undo():
    async def learner():
        app = App(game="burg", seed=3, env={}, lazy=True)
        app.draws_ahead = True
        app.render(everything=True)
        app.background.page_drew()
        await asyncio.sleep(0.12)
        app.seat_select.value = 1  # another seat's view: drawn now, not from the teacher's
        seat_view = app.table.value
        app.controls.next.click()
        return app, seat_view, fresh(app)

    app, _, (table_now, explanation_now) = run_alone(learner())
    assert app.table.value == table_now and app.explanation.html.value == explanation_now


def test_the_end_of_the_bots_game_keeps_the_step_drawn_ahead():
    """The bots' game ending redraws the app without moving the step: the next step stays
    drawn, and is not drawn again (in CI a game ending just before a click once lost it)."""
    async def learner():
        app = App(game="coffee-rush", seed=3, env={}, lazy=True)
        app.draws_ahead = True
        app.render(everything=True)
        await asyncio.sleep(0.12)
        drawn = app.ahead.drawn
        app.finish_game()  # as the background play does when the game ends
        await asyncio.sleep(0.12)
        redrawn = app.ahead.drawn - drawn
        parts_for, at_click = app.table.parts_for, []
        app.table.parts_for = lambda ctx, before: at_click.append(ctx.cursor) or parts_for(
            ctx, before)
        app.controls.next.click()
        return app, drawn, redrawn, at_click

    app, drawn, redrawn, at_click = run_alone(learner())
    assert app.pending is None and drawn == 1 and redrawn == 0
    assert at_click == [] and not app.errors.errors
    assert (app.table.value, app.explanation.html.value) == fresh(app)


def test_outside_a_kernel_nothing_is_drawn_ahead():
    async def script():
        app = App(game="burg", seed=3, env={}, lazy=True)  # plain Python: not a kernel
        app.background.page_drew()
        app.controls.next.click()
        await asyncio.sleep(0.12)
        return app

    app = run_alone(script())
    assert not app.draws_ahead and app.ahead.drawn == 0


def test_a_step_drawn_as_the_last_is_not_used_once_the_game_has_grown():
    """Play mode offers moves only at the last step played: a drawing made while its step was
    the last one is not used once more steps have been played."""
    app = App(game="burg", seed=3, env={}, lazy=True)
    last = app.timeline.last
    ahead = replace(app.context(), at=last)
    app.ahead.draw(ahead, app._edits)
    assert app.ahead.take("choices", ahead, app._edits) is not None  # still the last: used
    app.ahead.draw(ahead, app._edits)
    app.finish_game()  # the bots played on
    assert app.timeline.last > last
    assert app.ahead.take("choices", replace(app.context(), at=last), app._edits) is None
