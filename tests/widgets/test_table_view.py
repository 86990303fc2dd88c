"""The table view: one HTML widget, one message per step that changes it, equal to the
renderer's whole table; the renderer keeps the parts a step did not change."""

from __future__ import annotations

import pytest

from foodplay_widgets.app.renderers import GenericRenderer, TableParts, table_parts
from foodplay_widgets.app.table import TableView
from foodplay_widgets.app.tutor import App

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
START, CLICKS = 12, 12  # mid-game steps


@pytest.mark.parametrize("game", GAMES)
def test_a_next_click_sends_the_table_once(game):
    app = App(game=game, players=3, seed=5, step=START, env={})
    sent = []
    app.table.html.observe(lambda change: sent.append(change["new"]), "value")
    for k in range(1, CLICKS + 1):
        app.controls.next.click()
        assert len(sent) <= k  # at most one new value per step
    assert app.timeline.cursor == START + CLICKS and not app.errors.errors
    assert len(sent) >= CLICKS // 2  # the table does change
    assert app.table.html.value == sent[-1]


@pytest.mark.parametrize("game", GAMES)
def test_the_table_is_the_renderers_whole_table(game):
    app = App(game=game, players=3, seed=5, step=START, env={})
    ctx = app.context()
    before = ctx.view(ctx.cursor - 1)
    assert app.table.value == ctx.renderer.table(ctx.view(), before, ctx.text)
    assert app.table.value.startswith('<section class="fp-table-view')
    assert app.table.value == app.table.shown.html()


@pytest.mark.parametrize("game", GAMES[:3])
def test_a_highlight_is_taken_off_at_the_next_step(game):
    """The table after a click is what a fresh table view draws for that step: nothing kept
    from the step before, so a seat highlighted at step k is plain at k+1 unless it changed
    again."""
    app = App(game=game, players=3, seed=5, step=START, env={})
    unhighlighted = 0
    for _ in range(8):
        old = [p for p in app.table.shown.items]
        app.controls.next.click()
        ctx = app.context()
        fresh = TableView()
        fresh.render(ctx, ctx.view(ctx.cursor - 1))
        assert app.table.value == fresh.value
        new = list(app.table.shown.items)
        unhighlighted += sum(1 for a, b in zip(map(str, old), map(str, new), strict=False)
                             if "fp-changed" in a and "fp-changed" not in b)
    assert unhighlighted > 0


def test_the_renderer_draws_again_only_the_seats_a_step_changed(monkeypatch):
    app = App(game="burg", players=4, seed=5, step=START, env={})
    renderer = app.context().renderer
    drawn = []
    seat = type(renderer)._seat

    def counting(self, s, *args):
        drawn.append(s)
        return seat(self, s, *args)

    monkeypatch.setattr(type(renderer), "_seat", counting)
    per_click = []
    for _ in range(CLICKS):
        drawn.clear()
        app.controls.next.click()
        per_click.append(len(drawn))
    # a seat is drawn again when it changed, or its highlight comes off; the rest are kept
    assert sum(per_click) < 4 * CLICKS and min(per_click) <= 2
    assert max(per_click) >= 1


def test_the_seats_follow_the_player_count():
    app = App(game="burg", players=3, seed=2, step=3, env={})
    assert app.table.value.count('<section class="fp-player') == 3
    app.players.value = 5
    app.start_new_game()
    assert app.table.value.count('<section class="fp-player') == 5
    app.players.value = 2
    app.start_new_game()
    assert app.table.value.count('<section class="fp-player') == 2


def test_a_renderer_without_parts_is_one_part_and_a_cleared_table_is_empty():
    app = App(game="burg", players=2, seed=1, step=2, env={})
    ctx = app.context()
    generic = table_parts(GenericRenderer(), ctx.view(), None, ctx.text, ctx.state)
    assert generic == TableParts("", "", (GenericRenderer().table(ctx.view(), None, ctx.text),))
    view = TableView()
    view.show(generic)
    assert view.value == generic.html() == GenericRenderer().table(ctx.view(), None, ctx.text)
    view.clear()
    assert view.value == ""
