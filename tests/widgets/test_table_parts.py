"""The table in parts: a Next click sends only the parts it changed, the parts joined are the
renderer's one-string table, and the part widgets are reused as the player count changes."""

from __future__ import annotations

import statistics

import pytest

from foodplay_widgets.app import App
from foodplay_widgets.renderers import GenericRenderer, TableParts, table_parts
from foodplay_widgets.table import TableView

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
IN_PARTS = GAMES[:3]  # Food Truck's table is one part (widgets/games/food_truck/table.py says why)
START, CLICKS = 12, 12  # mid-game steps


def changes_per_click(app: App, clicks: int) -> list[int]:
    """How many part widgets got a new value at each of `clicks` Next clicks."""
    changed: set[int] = set()
    watched: set[int] = set()
    counts = []
    for _ in range(clicks):
        for widget in app.table.part_widgets():
            if widget.model_id not in watched:
                watched.add(widget.model_id)
                widget.observe(lambda change: changed.add(change["owner"].model_id), "value")
        changed.clear()
        app.controls.next.click()
        counts.append(len(changed))
    return counts


@pytest.mark.parametrize("game", IN_PARTS)
def test_a_next_click_redraws_only_the_parts_it_changed(game):
    app = App(game=game, players=3, seed=5, step=START, env={})
    parts = len(app.table.part_widgets())
    counts = changes_per_click(app, CLICKS)
    assert app.timeline.cursor == START + CLICKS and not app.errors.errors
    assert parts >= 6  # the title, the middle of the table, three seats, the rest
    assert max(counts) >= 1  # the table does change
    assert statistics.median(counts) <= parts - 3  # a typical step leaves three or more alone
    assert sum(counts) < 0.6 * parts * len(counts)
    assert max(counts) < parts  # the legend (or BURG's recipes) never changes


@pytest.mark.parametrize("game", GAMES)
def test_the_parts_joined_are_the_renderers_table(game):
    app = App(game=game, players=3, seed=5, step=START, env={})
    ctx = app.context()
    before = ctx.view(ctx.cursor - 1)
    assert app.table.value == ctx.renderer.table(ctx.view(), before, ctx.text)
    assert app.table.value.startswith('<section class="fp-table-view')
    at = 0
    for widget in app.table.part_widgets():  # each part's HTML, in reading order
        at = app.table.value.index(widget.value, at) + len(widget.value)


@pytest.mark.parametrize("game", IN_PARTS)
def test_a_highlight_is_taken_off_at_the_next_step(game):
    """Each part after a click is what a fresh table view draws for that step: nothing kept
    from the step before, so a part highlighted at step k is plain at k+1 unless it changed
    again, and it was sent anew to take its highlight off."""
    app = App(game=game, players=3, seed=5, step=START, env={})
    unhighlighted = 0
    for _ in range(8):
        old = [w.value for w in app.table.part_widgets()]
        app.controls.next.click()
        ctx = app.context()
        fresh = TableView()
        fresh.render(ctx, ctx.view(ctx.cursor - 1))
        new = [w.value for w in app.table.part_widgets()]
        assert new == [w.value for w in fresh.part_widgets()]
        unhighlighted += sum(1 for a, b in zip(old, new, strict=False)
                             if "fp-changed" in a and "fp-changed" not in b)
    assert unhighlighted > 0


def test_the_seat_parts_follow_the_player_count_and_are_reused():
    app = App(game="burg", players=3, seed=2, step=3, env={})
    seats = app.table.rows.made[0]
    first = list(seats.children)
    assert len(first) == 3
    app.players.value = 5
    app.start_new_game()
    assert app.table.rows.made == [seats] and len(seats.children) == 5
    assert list(seats.children[:3]) == first  # the same widgets, new values
    app.players.value = 2
    app.start_new_game()
    assert list(seats.children) == first[:2]
    assert app.table.value.count('<section class="fp-player') == 2


def test_food_truck_is_drawn_whole_as_one_part():
    app = App(game="food-truck", players=3, seed=5, step=START, env={})
    assert [w.value for w in app.table.part_widgets()] == [app.table.value]
    app.controls.next.click()
    assert len(app.table.part_widgets()) == 1 and "fp-food-truck" in app.table.value


def test_a_renderer_without_parts_is_one_part_and_a_cleared_table_is_empty():
    app = App(game="burg", players=2, seed=1, step=2, env={})
    ctx = app.context()
    generic = table_parts(GenericRenderer(), ctx.view(), None, ctx.text, ctx.state)
    assert generic == TableParts("", "", (GenericRenderer().table(ctx.view(), None, ctx.text),))
    view = TableView()
    view.show(generic)
    assert [w.value for w in view.part_widgets()] == [generic.html()]
    assert view.value == generic.html()
    view.clear()
    assert view.value == "" and view.part_widgets() == []
