"""'Why not?': a refused move shows its reason and clause, and changes nothing."""

from __future__ import annotations

from html_text import plain

from foodplay_widgets.app import App


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


def test_allowed_move_via_try_is_played(two_player):
    app = App(two_player, seat=1, step=11, env={})
    app.mode_select.value = "play"
    choose(app, "flip onion as a bottom bun")
    app.moves.whynot_try.click()
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
    assert "Allowed: flip onion as a bottom bun." in plain(app.moves.whynot_result.value)
    assert app.timeline.last == last and app.timeline.cursor == 11
