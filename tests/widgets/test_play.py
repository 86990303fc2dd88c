"""Play mode: the learner takes a seat, bots play the rest one readable move at a time."""

from __future__ import annotations

import re

from html_text import plain

from foodplay.bots import HeuristicBot, suggest
from foodplay.explain import move_text
from foodplay_widgets.app.tutor import App


def play_until_tools(app: App) -> None:
    """Play hinted moves until the learner faces the secret tool choice."""
    for _ in range(50):
        app.moves.catch_up.click()
        state = app.timeline.state
        if state.phase == "tools":
            return
        app.moves.hint.click()
        hinted = [b for b in app.moves.move_buttons if "fp-hinted" in b._dom_classes]
        hinted[0].click()
    raise AssertionError("no tool choice reached")


def test_bots_play_up_to_the_learner_and_each_move_is_readable():
    app = App(players=3, seed=5, mode="play", env={})
    assert app.learner == 0 and app.seat == 0
    record = app.timeline.record
    assert record.moves and all(m.seat != 0 for m in record.moves)  # Bob reveals first
    assert app.timeline.cursor == 0  # the learner reads the bots' moves from the set-up
    assert "more moves to read" in plain(app.moves.status.value)
    assert app.moves.move_buttons == []
    app.controls.next.click()
    first = record.moves[0]
    assert move_text(app.timeline.state_at(1), first) in plain(app.explanation.html.value)
    app.moves.catch_up.click()
    assert app.timeline.cursor == app.timeline.last
    assert "Your turn" in plain(app.moves.status.value)
    assert [b.description for b in app.moves.move_buttons] == ["play Tongs", "play Tea"]


def test_learner_move_then_bot_replies(monkeypatch):
    app = App(players=3, seed=5, mode="play", env={})
    app.moves.catch_up.click()
    mine = app.timeline.last + 1
    app.moves.move_buttons[0].click()  # play Tongs
    record = app.timeline.record
    assert record.moves[mine - 1].seat == 0 and record.moves[mine - 1].get("tool") == "tongs"
    assert app.timeline.cursor == mine  # the learner's own step first
    assert app.timeline.last > mine  # then the bots' replies, to read one by one
    assert all(m.seat != 0 for m in record.moves[mine:])


def test_secret_choice_bots_never_see_the_learners_tool():
    app = App(players=3, seed=5, mode="play", env={})
    play_until_tools(app)
    # before the learner chooses, no bot has chosen (bots decide after the learner)
    view = app.timeline.state.view(0)
    assert all(seat["chosen"] is None for seat in view["seats"][1:])
    seen = []

    class Spy(HeuristicBot):
        def choose(self, state, seat):
            seen.append(state.view(seat)["seats"][0]["chosen"])
            return super().choose(state, seat)

    app.bots = {s: Spy() for s in app.bots}
    tea = next(b for b in app.moves.move_buttons if b.description == "play Tea")
    tea.click()
    assert seen[:2] == ["face_down", "face_down"]


def test_hint_shows_a_reason():
    app = App(players=3, seed=5, mode="play", env={})
    app.moves.catch_up.click()
    app.moves.hint.click()
    hint = suggest(app.timeline.state, 0)
    reason = app.context().text.catalogue.format(hint.reason, hint.params, ["Alice"])
    assert f"Hint: {reason}" in plain(app.moves.hint_text.value)
    hinted = [b.description for b in app.moves.move_buttons if "fp-hinted" in b._dom_classes]
    assert hinted == [move_text(app.timeline.state, hint.move)]


def test_undo_goes_back_to_the_learners_last_decision():
    app = App(players=3, seed=5, mode="play", env={})
    app.moves.catch_up.click()
    assert app.moves.undo.disabled
    before_moves = list(app.timeline.record.moves)
    before = app.timeline.state.snapshot()
    app.moves.move_buttons[0].click()
    assert len(app.timeline.record.moves) > len(before_moves) + 1
    assert not app.moves.undo.disabled
    app.moves.undo.click()
    assert app.timeline.record.moves == before_moves
    assert app.timeline.cursor == app.timeline.last
    assert app.timeline.state.snapshot() == before
    assert "Your turn" in plain(app.moves.status.value)


def test_a_whole_game_in_play_mode():
    app = App(players=2, seed=11, mode="play", env={})
    for _ in range(2000):
        app.moves.catch_up.click()
        if app.timeline.state.is_over:
            break
        app.moves.hint.click()
        [b for b in app.moves.move_buttons if "fp-hinted" in b._dom_classes][0].click()
    assert app.timeline.state.is_over
    assert "The game is over" in plain(app.moves.status.value)
    assert "points in the end" in plain(app.scores.table.value)
    assert app.errors.errors == []


def test_unexpected_error_becomes_a_message(monkeypatch):
    app = App(players=3, seed=5, env={})

    def broken(k):
        raise ValueError("bug")

    monkeypatch.setattr(app.timeline, "go", broken)
    app.controls.next.click()  # must not raise
    assert any("Something went wrong in the tutor (ValueError)" in t for t in app.message_texts)
    assert app.messages.layout.display != "none"
    assert len(app.errors.errors) == 1 and "ValueError: bug" in app.errors.errors[0]


def test_switching_seats_and_modes():
    app = App(players=3, seed=5, step=30, env={})
    app.seat_select.value = 2
    app.mode_select.value = "play"  # Carol takes her seat at step 30; later steps are dropped
    assert app.mode == "play" and app.learner == 2
    assert all(m.seat != 2 for m in app.timeline.record.moves[30:])
    labels = [label for label, _ in app.seat_select.options]
    assert labels == ["Alice's view", "Bob's view", "Carol (you)"]  # no teacher's view in play
    app.moves.catch_up.click()
    decision = app.timeline.state.decision()
    assert decision is None or 2 in decision.seats
    app.seat_select.value = 0  # now play Alice instead
    assert app.learner == 0 and set(app.bots) == {1, 2}
    app.mode_select.value = "watch"
    assert app.learner is None and app.seat == 0
    assert app.seat_select.options[0][0].startswith("Teacher")
    assert app.errors.errors == []


def test_the_control_bar_links_to_the_move_panel_only_when_the_learner_decides():
    """'Your move' under the counter, while the learner decides in play mode: it points at the
    move panel's first line, whose id is unique to the app."""
    app = App(players=3, seed=5, mode="play", env={})
    link = re.compile(r'<a class="fp-to-move" href="#([^"]+)">Your move ↓</a>')
    assert app.timeline.cursor < app.timeline.last  # the bots' moves still to read
    assert not link.search(app.controls.counter.value)
    app.moves.catch_up.click()
    found = link.search(app.controls.counter.value)
    assert found and f'id="{found[1]}"' in app.moves.status.value
    assert found[1] == app.moves.anchor and app.moves.anchor.startswith(app.reader.prefix)
    app.controls.back.click()  # reading back: nothing to decide here
    assert not link.search(app.controls.counter.value)
    app.controls.last.click()
    assert link.search(app.controls.counter.value)
    app.mode_select.value = "watch"  # watching: no move of the learner's
    assert not link.search(app.controls.counter.value)
    app.lang_select.value = "fr"
    app.mode_select.value = "play"
    app.moves.catch_up.click()
    assert "À vous de jouer ↓</a>" in app.controls.counter.value


def test_while_the_learner_reads_the_bots_moves_a_link_goes_back_up_to_the_step():
    """After the learner's move, the move panel (below the table) links back up to the step's
    explanation, where Next shows the bots' moves one by one; at the learner's turn, not."""
    app = App(players=3, seed=5, mode="play", env={})
    back = re.compile(r'<a class="fp-to-step" href="#([^"]+)">↑ To the step</a>')
    app.moves.catch_up.click()
    assert not back.search(app.moves.status.value)  # the learner decides here
    app.play_move(suggest(app.timeline.state, app.learner).move)
    assert app.timeline.cursor < app.timeline.last  # the bots' replies to read
    found = back.search(app.moves.status.value)
    assert found and f'id="{found[1]}"' in app.explanation.html.value
    app.controls.next.click()
    assert f'id="{found[1]}"' in app.explanation.html.value  # every step's title is the target
    app.moves.catch_up.click()
    assert not back.search(app.moves.status.value)
