"""'Why not?': a refused move shows its reason and clause, and changes nothing."""

from __future__ import annotations

import pytest
from html_text import plain

from foodplay_widgets.app.tutor import App


def choose(app: App, label: str) -> None:
    for text, value in app.moves.whynot.options:
        if text == label:
            app.moves.whynot.value = value
            return
    raise AssertionError(f"{label!r} not among {app.moves.whynot.options}")


def test_refused_move_in_play_mode_changes_nothing(two_player):
    app = App(two_player, seat=1, step=11, env={})
    app.mode_select.value = "play"  # Bob takes his seat at his build decision
    assert app.mode == "play" and app.learner == 1
    assert app.timeline.last == 11 and app.timeline.cursor == 11
    before = app.timeline.state.snapshot()
    moves_before = list(app.timeline.record.moves)

    choose(app, "flip rat as a bottom bun")
    app.moves.whynot_try.click()

    result = plain(app.moves.whynot_result.value)
    assert "Not allowed: flip rat as a bottom bun." in result
    assert "A rat can never be flipped to serve as a bottom bun" in result
    assert "Rule 5-2" in result and "Start with a bottom bun" in result and "rulebook" in result
    assert "fp-refusal" in app.moves.whynot_result.value
    assert app.timeline.state.snapshot() == before
    assert app.timeline.record.moves == moves_before and app.timeline.last == 11
    assert app.errors.errors == []


def test_asking_about_an_allowed_move_never_plays_it(two_player):
    app = App(two_player, seat=1, step=11, env={})
    app.mode_select.value = "play"
    before = app.timeline.state.snapshot()
    choose(app, "flip onion as a bottom bun")
    assert app.moves.whynot_try.description == "Check"
    app.moves.whynot_try.click()
    result = plain(app.moves.whynot_result.value)
    assert "Allowed: flip onion as a bottom bun, because of Rule" in result
    assert "Nothing was played" in result and "press its button above" in result
    assert app.timeline.last == 11 and app.timeline.cursor == 11
    assert app.timeline.state.snapshot() == before and len(app.timeline.record.moves) == 11
    [button] = [b for b in app.moves.move_buttons if b.description == "flip onion as a bottom bun"]
    button.click()  # playing is the move's own button
    assert app.timeline.record.moves[11].kind == "flip"
    assert app.timeline.record.moves[11].get("card") == "onion"


def test_check_in_watch_mode_never_plays(two_player):
    app = App(two_player, seat=None, step=11, env={})
    last = app.timeline.last
    choose(app, "flip rat as a bottom bun")
    assert app.moves.whynot_try.description == "Check"
    app.moves.whynot_try.click()
    assert "Rule 5-2" in plain(app.moves.whynot_result.value)
    choose(app, "flip onion as a bottom bun")
    app.moves.whynot_try.click()
    allowed = plain(app.moves.whynot_result.value)
    assert "Allowed: flip onion as a bottom bun, because of Rule 5-2" in allowed
    assert app.timeline.last == last and app.timeline.cursor == 11


@pytest.mark.parametrize("game", ["burg", "coffee-rush", "cuisine-a-la-card", "food-truck"])
@pytest.mark.parametrize("mode", ["watch", "play"])
def test_asking_never_plays_in_any_game(game, mode):
    """Every candidate move, allowed or not, only gets an answer: no step, no state change."""
    app = App(game=game, players=2, seed=3, mode=mode, seat=0, step=0, env={})
    if mode == "play":
        app.catch_up()  # to the present, where the learner decides
    for _ in range(60):  # on to the first decision with moves to ask about
        if app.moves._candidates:
            break
        if mode == "watch":
            app.go(app.timeline.cursor + 1)
        else:
            app.play_move(app.timeline.state.legal_moves(app.learner)[0])
    last, cursor = app.timeline.last, app.timeline.cursor
    before = app.timeline.state.snapshot()
    candidates = list(app.moves._candidates)
    assert candidates, "the learner's first decision offers moves to ask about"
    allowed = 0
    for index in range(min(len(candidates), 12)):
        app.moves.whynot.value = index
        app.moves.whynot_try.click()
        result = plain(app.moves.whynot_result.value)
        assert result.startswith(("Allowed:", "Not allowed:")) and "Rule" in result
        allowed += result.startswith("Allowed:")
        if mode == "play" and result.startswith("Allowed:"):
            assert "Nothing was played" in result  # and says how to play it, separately
        assert app.timeline.last == last and app.timeline.cursor == cursor
        assert app.timeline.state.snapshot() == before
    assert allowed, "at least one asked move is allowed, and it was not played"
    assert app.errors.errors == []
