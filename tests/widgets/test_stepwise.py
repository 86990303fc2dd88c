"""A fresh bot game played stepwise: the same game as play_game, drawn before it is played."""

from __future__ import annotations

import asyncio

import pytest
from html_text import plain
from threads import run_alone

from foodplay.bots import play_game
from foodplay.record import Record
from foodplay_widgets.app.stepwise import BACKGROUND_DELAY, GrowingTimeline, StepwiseBotGame
from foodplay_widgets.app.tutor import AHEAD, App

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")


@pytest.mark.parametrize("game", GAMES)
def test_stepwise_play_is_play_game(game):
    record, final = play_game(game, 3, 5, ("heuristic",))
    timeline = GrowingTimeline(Record(game, 3, seed=5))
    stepwise = StepwiseBotGame(timeline, "heuristic")
    assert stepwise.play_to(7) and 7 <= timeline.last < len(record.moves)
    assert timeline.cursor == 0 and not stepwise.done
    stepwise.finish()
    assert stepwise.done and not stepwise.finish()
    assert timeline.record.moves == record.moves
    assert timeline.state_at(timeline.last).view(None) == final.view(None)
    assert [s.index for s in timeline.steps] == list(range(len(record.moves) + 1))


def test_a_lazy_app_draws_before_the_bots_are_done_and_catches_up_on_demand():
    app = App(game="coffee-rush", seed=2, env={}, lazy=True)
    assert app.pending is not None and app.timeline.last == AHEAD
    assert "so far" in app.controls.counter.value
    assert not app.controls.next.disabled and not app.controls.last.disabled
    assert app.share.layout.display == "none"  # its link would carry a cut-short record
    app.go(AHEAD - 2)  # near the end of what is played: the bots play further ahead
    assert app.timeline.last >= AHEAD - 2 + AHEAD and app.timeline.cursor == AHEAD - 2
    app.controls.last.click()  # past the steps played: the rest of the game, at once
    full, _ = play_game("coffee-rush", 3, 2, ("heuristic",))
    assert app.pending is None and app.timeline.record.moves == full.moves
    assert app.timeline.cursor == app.timeline.last == len(full.moves)
    assert "so far" not in app.controls.counter.value and app.controls.next.disabled
    app.share.toggle.value = True
    assert app.share.layout.display == "" and "fp-share-link" in app.share.link.value


def test_a_link_past_the_steps_played_opens_there():
    app = App.from_query("game=burg&seed=3&step=200", env={}, lazy=True)
    assert app.timeline.cursor == min(200, app.timeline.last)
    assert not app.message_texts or app.timeline.last < 200
    eager = App.from_query("game=burg&seed=3&step=200", env={}, lazy=False)
    assert app.timeline.record.moves[:app.timeline.cursor] == \
        eager.timeline.record.moves[:eager.timeline.cursor]
    assert plain(app.explanation.html.value) == plain(eager.explanation.html.value)


def test_a_new_game_or_play_mode_drops_the_pending_game():
    app = App(game="burg", env={}, lazy=True)
    first = app.pending
    app.seed.value = 9
    app.start_new_game()
    assert app.pending is not None and app.pending is not first
    app.go(3)
    app.mode_select.value = "play"  # a seat from step 3: the bots' later moves are dropped
    assert app.pending is None and app.timeline.last >= 3 and app.mode == "play"


def test_widgets_of_an_app_share_their_style_models():
    app = App(game="burg", env={}, lazy=True)
    assert app.controls.next.style is app.controls.back.style
    assert app.table.children[0].style is app.explanation.children[0].style  # their slots


def test_the_bots_play_on_only_once_the_page_has_drawn_the_app():
    """A Voilà page builds its widget models after it got their states; an update sent before
    they exist is dropped (the slider kept its old bound). So the ping starts the bots."""

    async def page():
        app = App(game="burg", seed=4, env={}, lazy=True)
        assert "fp-app-drawn" in app.children[0].value  # the stylesheet's image pings it
        await asyncio.sleep(3 * BACKGROUND_DELAY)
        waited = app.timeline.last
        app.ping.click()  # what the image does once the browser has drawn the app
        app.ping.click()  # a second view pings too: one game played on, not two
        for _ in range(400):
            if app.pending is None:
                break
            await asyncio.sleep(0.02)
        return app, waited

    app, waited = run_alone(page())
    assert waited == AHEAD  # no ping, no play: nothing is sent to models not yet built
    full, _ = play_game("burg", 3, 4, ("heuristic",))
    assert app.pending is None and app.timeline.record.moves == full.moves
    assert app.controls.slider.max == len(full.moves) and app.timeline.cursor == 0
    assert "so far" not in app.controls.counter.value
