"""A Next click redraws only what changed: no message for a panel whose inputs are the same,
the record compressed once for the share link, and no widget models left behind in play."""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter

import ipywidgets as widgets
import pytest

from foodplay.bots import suggest
from foodplay_widgets.app.tutor import App

GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")


class Messages(list):
    """The update messages sent to the browser, as (widget, the traits it carries)."""

    def to(self, widget: widgets.Widget, trait: str | None = None) -> int:
        """How many messages went to `widget` (carrying `trait`, if given)."""
        return sum(1 for w, keys in self if w is widget and (trait is None or trait in keys))


@pytest.fixture
def sent(monkeypatch) -> Messages:
    messages = Messages()
    original = widgets.Widget._send

    def counting(self, msg, buffers=None):
        if msg.get("method") == "update":
            messages.append((self, tuple(msg["state"])))
        return original(self, msg, buffers)

    monkeypatch.setattr(widgets.Widget, "_send", counting)
    return messages


def live_models() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets, still the registry
        return len(widgets.Widget.widgets)


def test_a_next_click_sends_nothing_for_the_panels_it_does_not_change(sent):
    app = App(players=3, seed=7, step=5, env={})
    drawn = Counter()

    def counted(name: str):
        draw = getattr(app, name)

        def counting(ctx):
            drawn[name] += 1
            draw(ctx)
        return counting

    for name in ("_draw_header", "_draw_reader", "_draw_note"):
        setattr(app, name, counted(name))
    sent.clear()
    app.controls.next.click()
    assert app.timeline.cursor == 6 and not app.errors.errors
    assert drawn == Counter()  # not even computed: their inputs are the same
    quiet = [app.title, app.seat_select, app.lang_select, app.players, app.seed,
             app.bots_select, app.mode_select, app.reader.html, app.reader.goto,
             app.controls.legend, app.controls.speed, app.controls.play, app.share.download,
             app.share.link, app.share.toggle,
             app.messages, app.note, app.scores.chart,
             # the slots the page moves the portal's parts into: the kernel never writes there
             app.table.children[0], app.explanation.children[0], app.controls.counter_box,
             app.moves.children[0], app.scores.children[0]]
    assert [w for w in quiet if sent.to(w)] == []
    # the whole table, the explanation and the counter, together in one message
    assert sent.to(app.portal, "value") == 1
    carried = json.loads(re.search(r'class="fp-parts">(.*?)</script>', app.portal.value,
                                   re.S)[1])["parts"]  # as JSON text (portal.py)
    assert carried["table"] == app.table.shown.framed and carried["explanation"] == (
        app.explanation.html.value) and carried["counter"] == app.controls.counter.value
    assert sent.to(app.moves.whynot) <= 1  # its new choices and the one chosen, together
    assert max(Counter(w.model_id for w, _ in sent).values()) == 1  # one message per widget


def test_a_step_already_shown_is_drawn_again_only_when_its_inputs_change(sent):
    app = App(players=3, seed=7, step=5, env={})
    sent.clear()
    app.go(5)  # the same step: nothing to send
    assert sent == []
    app.seat_select.value = 1  # another seat: its view of the table, in full
    assert sent.to(app.portal, "value") == 1 and sent.to(app.title) == 0
    sent.clear()
    app.render(everything=True)  # every panel drawn again: equal values send nothing
    assert sent == []


def test_the_share_link_is_drawn_once_opened_and_compresses_the_record_once_per_version():
    app = App(players=2, seed=3, env={}, step=0)
    assert app.share.encodings == 0 and app.share.link.value == ""  # closed: nothing drawn
    app.share.toggle.value = True
    assert app.share.encodings == 1 and "fp-share-link" in app.share.link.value
    assert app.share.body.layout.display == ""
    for k in range(1, 11):
        app.controls.next.click()
        assert f"step={k}&" in app.share.url
        assert f"step={k}&amp;" in app.share.link.value  # open: the link follows the step
    assert app.share.encodings == 1  # the step changes; the record, compressed, does not
    app.seed.value = 4
    app.start_new_game()
    assert app.share.encodings == 2
    app.share.toggle.value = False
    assert app.share.body.layout.display == "none"


def test_the_download_follows_an_undone_and_replayed_decision():
    app = App(players=2, seed=3, env={}, mode="play")
    app.share.toggle.value = True
    app.catch_up()
    first = app.moves.move_buttons[0].description
    app.moves.move_buttons[0].click()
    played = app.share.download.value
    app.undo()
    app.catch_up()
    other = [b for b in app.moves.move_buttons if b.description != first]
    other[0].click()
    assert app.share.download.value != played


def play_on(app: App) -> None:
    """The learner's next decision in play mode: catch up, a move button, or the hint's
    move through the game's own editor entry point."""
    if app.timeline.cursor != app.timeline.last:
        app.moves.catch_up.click()
    elif app.moves.move_buttons:
        app.moves.move_buttons[-1].click()
    else:
        app.play_move(suggest(app.timeline.state, app.learner).move)


@pytest.mark.parametrize("game", GAMES)
def test_fifty_clicks_in_play_mode_leave_no_widget_models_behind(game):
    app = App(game=game, players=2, seed=3, env={}, mode="play")
    for _ in range(20):  # the reused rows reach their largest size
        play_on(app)
    before = live_models()
    clicks = 0
    while clicks < 50 and app.timeline.state_at(app.timeline.last).decision() is not None:
        play_on(app)
        clicks += 1
    assert clicks >= 40 and not app.errors.errors
    assert live_models() == before


def test_the_slider_gets_a_new_end_before_the_step_it_admits(sent):
    """Max and value in one message let the browser's slider clamp the value to the old max and
    send it back (the app jumped back a few steps); each goes in a message of its own."""
    app = App(players=2, seed=3, env={}, mode="play")
    slider = app.controls.slider
    sent.clear()
    for _ in range(6):
        play_on(app)
    grown = [keys for w, keys in sent if w is slider and "max" in keys]
    assert grown, "the game grew: the slider's end must have moved"
    assert all("value" not in keys for w, keys in sent if w is slider and "max" in keys)


@pytest.mark.parametrize("game", GAMES)
def test_next_moves_the_slider_before_the_step_is_drawn(sent, game):
    """The slider's message goes before the portal's: the page moves it first, so the step's
    view is the last thing to change on the page, not the slider after it."""
    app = App(game=game, env={}, step=3)
    slider = app.controls.slider
    for go in (app.controls.next.click, app.controls.back.click, lambda: app.go(7)):
        sent.clear()
        go()
        order = [w for w, _ in sent if w is slider or w is app.portal]
        assert order == [slider, app.portal], game
