"""A seat's screen never shows another seat's secrets (DESIGN: views, contract item 6)."""

from __future__ import annotations

from html_text import plain, section

from foodplay_widgets.app.tutor import App


def screen(app: App) -> str:
    """Everything the seat's page shows or reads out as text: table, explanation, the step
    counter (with what a screen reader hears), moves, scores."""
    return " ".join(plain(w.value) for w in (app.table, app.explanation.html,
                                              app.controls.counter, app.moves.status,
                                              app.moves.whynot_result, app.moves.hint_text,
                                              app.scores.table))


def test_tool_choice_stays_hidden_from_other_seats(lone_tongs):
    # step 10: Bob has laid Tea face down; Alice and Carol have not chosen yet
    app = App(lone_tongs, seat=0, step=10, env={})
    bob = section(app.table.value, "Bob")
    assert "fp-card-back" in bob and "Tea" not in plain(bob).replace("Tools in hand", "")
    explanation = plain(app.explanation.html.value)
    assert "Bob makes a secret choice." in explanation
    assert "Bob: play Tea" not in explanation and "chose Tea" not in explanation
    assert "Tea" not in plain(section(app.table.value, "Bob"))

    app.seat_select.value = 1  # Bob's own view shows his choice
    assert "Tea" in plain(section(app.table.value, "Bob"))
    assert "Bob secretly chose Tea" in plain(app.explanation.html.value)

    app.seat_select.value = 0
    app.go(12)  # all three revealed together
    assert "Bob reveals Tea." in plain(app.explanation.html.value)


def test_rat_tokens_and_wastebaskets_of_others_are_hidden(two_player):
    app = App(two_player, seat=0, step=11, env={})  # Bob took the rat: 1 rat token
    bob = section(app.table.value, "Bob")
    assert "hidden (kept face down)" in plain(bob)
    assert "rat token" not in plain(bob)
    scores = plain(app.scores.table.value)
    assert "Bob 0 points from burgers; rat tokens are hidden" in scores

    app.seat_select.value = app_seat_teacher(app)
    assert "1 rat token" in plain(section(app.table.value, "Bob"))
    app.seat_select.value = 1
    assert "1 rat token" in plain(section(app.table.value, "Bob"))
    assert "rat" in plain(section(app.table.value, "Bob"))  # his wastebasket holds it


def app_seat_teacher(app: App):
    return next(v for label, v in app.seat_select.options if label.startswith("Teacher"))


def test_move_panel_only_for_the_seat_shown(lone_tongs):
    app = App(lone_tongs, seat=0, step=10, env={})
    # Alice must choose: her candidates only, never Carol's (a refusal could reveal a hand)
    labels = [label for label, _ in app.moves.whynot.options]
    assert labels == ["play Tongs", "play Tea"]
    app.moves.hint.click()
    assert "Hint for Alice" in plain(app.moves.hint_text.value)
    app.go(13)  # Alice builds; Bob's view gets no move panel
    app.seat_select.value = 1
    assert app.moves.whynot.options == ()
    assert app.moves.hint.layout.display == "none"


def test_no_seat_screen_reveals_an_unrevealed_choice(app):
    """At every step and for every seat, a tool laid face down by another seat is absent."""
    names = app.timeline.state_at(0).names
    for k in range(0, 60):
        state = app.timeline.state_at(k)
        for seat in range(state.players):
            app.seat_select.value = seat
            app.go(k)
            for other in range(state.players):
                chosen = state.chosen[other]
                if other == seat or chosen is None:
                    continue
                part = plain(section(app.table.value, names[other]))
                assert "Tool laid face down" in part
                assert f"{names[other]} secretly chose" not in screen(app)
