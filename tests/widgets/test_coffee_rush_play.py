"""Coffee Rush in play mode: the learner places a meeple and builds a move by pressing the
board's cell buttons. The builder previews what the path collects on a scratch copy (upgrade
bonuses, a short supply, rush tokens) and plays nothing until "Stop here"; refused moves (ending
on another meeple's cell, a step that would strand the meeple) show their reason and clause and
change nothing. Pouring and serving are buttons too."""

from __future__ import annotations

import copy

from html_text import plain

from foodplay.engine import Move
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.worked_examples import load_scenario

GAME = "coffee-rush"


def scenario_app(name: str, moves: int = 0, seat: int = 0, setup_change=None) -> App:
    """Play mode from a scenario's first `moves` moves, the learner in `seat`."""
    scenario = load_scenario(GAME, name)
    setup = copy.deepcopy(scenario.setup)
    if setup_change:
        setup_change(setup)
    record = Record(scenario.game, scenario.players, seed=scenario.seed, setup=setup,
                    options=scenario.options, names=scenario.names,
                    moves=scenario.moves[:moves])
    app = App(record, mode="play", seat=seat, env={})
    assert app.timeline.cursor == app.timeline.last == moves
    return app


def buttons(app: App) -> dict[str, object]:
    """The board's visible cell buttons, by label."""
    return {b.description: b for _, b, _ in app.editor.cells if b.layout.display != "none"}


def unchanged(app: App):
    """A check that the real position and the record did not change."""
    snapshot, count = app.timeline.state.snapshot(), len(app.timeline.record.moves)
    return lambda: (app.timeline.state.snapshot() == snapshot
                    and len(app.timeline.record.moves) == count)


def test_place_a_meeple_by_pressing_a_cell_then_the_builder_takes_the_move():
    app = App(game=GAME, players=3, seed=7, mode="play", env={})
    editor = app.editor
    assert app.editor_slot in app.moves.children and editor.layout.display == "none"  # bots first
    app.moves.catch_up.click()
    assert "Your turn: Alice places a meeple on a free cell." in plain(app.moves.status.value)
    assert editor.layout.display != "none" and app.moves.move_buttons == []
    assert "Place your meeple" in plain(editor.heading.value)
    labels = list(buttons(app))
    assert "Place here (row 2, column 2)" in labels
    assert "Place here (row 2, column 1)" not in labels  # Bob's meeple stands there
    assert buttons(app)["Place here (row 2, column 2)"].tooltip == \
        "Place your meeple on row 2, column 2 and take 1 milk"
    buttons(app)["Place here (row 2, column 2)"].click()
    assert app.timeline.record.moves[-1] == Move.make(0, "place", row=2, col=2)
    assert "Alice places a meeple on row 2, column 2 and puts the milk shown there into cup 1." \
        in plain(app.explanation.html.value)
    # Alice is the start player and placed last: her first turn begins at once
    assert app.timeline.state.phase == "move" and app.timeline.cursor == app.timeline.last
    assert "Build your move" in plain(editor.heading.value)
    assert sorted(buttons(app)) == ["Step to row 1, column 2: +1 caramel",
                                    "Step to row 2, column 1: +1 coffee",
                                    "Step to row 2, column 3: +1 ice",
                                    "Step to row 3, column 2: +1 steam"]
    assert editor.stop.description == "Stay put (0 steps)"
    assert app.errors.errors == []


def test_build_a_path_by_clicking_cells_preview_then_stop_here():
    app = App(game=GAME, players=3, seed=7, mode="play", env={})
    app.moves.catch_up.click()
    buttons(app)["Place here (row 2, column 2)"].click()
    editor = app.editor
    same = unchanged(app)
    start = len(app.timeline.record.moves)

    editor.step_to(2, 3)  # a click on "Step to row 2, column 3"
    editor.step_to(3, 3)
    preview = plain(editor.preview.value)
    assert "Start: row 2, column 2 (not collected)" in preview
    assert "Step 1: row 2, column 3: +1 ice" in preview
    assert "Step 2: row 3, column 3: +1 milk" in preview
    assert "You will collect 1 milk and 1 ice: 2 ingredients." in preview
    assert "2 steps taken: 3 are free. Rush tokens left: 0." in preview
    assert "Alice steps to row 3, column 3 and takes 1 milk. Rule 2-1 tutor reading" in preview
    assert "You may end your move here." in preview
    assert editor.stop.description == "Stop here"
    assert "fp-cr-on-path" in editor.cells[(3 - 1) * 4 + 3 - 1][2]._dom_classes
    assert same()  # nothing played yet: the preview ran on a scratch copy

    editor.back.click()  # take the last step back, then choose another
    assert "Step 2" not in plain(editor.preview.value)
    editor.step_to(1, 3)
    assert "Step 2: row 1, column 3: +1 steam" in plain(editor.preview.value)
    assert same()

    editor.stop.click()
    moves = app.timeline.record.moves[start:]
    assert moves == [Move.make(0, "step", meeple=1, row=2, col=3),
                     Move.make(0, "step", meeple=1, row=1, col=3), Move.make(0, "stop")]
    state = app.timeline.state
    assert state.phase == "pour" and sorted(state.held) == ["ice", "steam"]
    assert state.meeples[0] == [state.board.at(1, 3)]
    assert app.timeline.cursor == app.timeline.last  # Alice pours next: still her decision
    assert "Alice ends the move on row 1, column 3 after 2 steps." in \
        plain(app.explanation.html.value)
    assert "Pour what you collected" in plain(editor.heading.value)
    assert editor.body.layout.display == "none"  # the board buttons are gone

    app.moves.undo.click()  # the whole path was one decision
    assert len(app.timeline.record.moves) == start and app.timeline.state.phase == "move"
    assert app.errors.errors == []


def test_ending_on_another_meeple_is_refused_with_reason_and_clause():
    app = scenario_app("pass-through")  # Alice on row 2, column 1; Bob on row 2, column 3
    editor = app.editor
    same = unchanged(app)
    editor.step_to(2, 2)
    editor.step_to(2, 3)  # Bob's cell: passing through is fine
    preview = plain(editor.preview.value)
    assert "Bob's meeple stands on this cell: Alice may pass through and collect, but may not " \
           "end the move here. Rule 2-3 rulebook" in preview
    assert "You may not end your move here: Bob's meeple stands on this cell: Alice may pass " \
           "through it but may not end the move here. Take another step first." in preview

    editor.stop.click()
    result = plain(editor.result.value)
    assert "Not allowed: end the move here." in result
    assert "Bob's meeple stands on this cell: Alice may pass through it but may not end the " \
           "move here." in result
    assert "Rule 2-3 Step 2: other meeples rulebook" in result
    assert same()  # not even the two steps were played

    editor.step_to(2, 4)  # on to the water: the third step ends the move
    assert "You have no steps left" in plain(editor.preview.value)
    assert editor.stop.description == "Confirm this move"
    editor.stop.click()
    assert [m.to_json() for m in app.timeline.record.moves] == [
        {"seat": 0, "kind": "step", "meeple": 1, "row": 2, "col": c} for c in (2, 3, 4)]
    assert sorted(app.timeline.state.held) == ["ice", "milk", "water"]
    assert app.errors.errors == []


def test_a_step_that_would_strand_the_meeple_is_a_why_not_button():
    app = scenario_app("corners-and-crowd")  # Alice on row 2, column 1; Bob on row 1, column 1
    editor = app.editor
    same = unchanged(app)
    editor.step_to(2, 2)
    editor.step_to(2, 1)  # back to the start cell: collected again (reading D1)
    assert "Step 2: row 2, column 1: +1 coffee" in plain(editor.preview.value)
    labels = buttons(app)
    assert "Why not row 1, column 1?" in labels  # Bob's corner, as the last free step
    assert "Step to row 3, column 1: +1 tea" in labels
    labels["Why not row 1, column 1?"].click()
    result = plain(editor.result.value)
    assert "You cannot do this: step meeple 1 to row 1, column 1." in result
    assert "a move may not end there. This would be Alice's last step" in result
    assert "Rule 2-3" in result
    assert same() and len(editor.pending) == 2  # the path being built is kept
    editor.clear.click()
    assert editor.pending == [] and "Your meeple is on row 2, column 1" in \
        plain(editor.preview.value)


def test_upgrades_stack_in_the_preview_before_anything_is_paid():
    app = scenario_app("corners-and-crowd")
    editor = app.editor
    same = unchanged(app)
    labels = [b.description for b in editor.upgrade_row.children[1:]]
    assert labels == ["Activate Crowd", "Activate Diagonal", "Activate Corners",
                      "Activate Ribbons"]
    assert "you have 6" in plain(editor.upgrade_row.children[0].value)
    assert "Step to row 1, column 1: +1 ice" in buttons(app)
    editor.upgrade_buttons["corners"].click()
    assert "Step to row 1, column 1: +2 ice" in buttons(app)
    editor.upgrade_buttons["crowd"].click()
    assert editor.upgrade_buttons["crowd"].description == "Crowd: will be active"
    assert "Step to row 1, column 1: +3 ice" in buttons(app)  # Corners + Crowd (reading D4)
    editor.step_to(1, 1)
    preview = plain(editor.preview.value)
    assert "Step 1: row 1, column 1: +3 ice" in preview
    assert "Upgrades stack: Crowd and Corners each add one, so Alice takes 3 ice" in preview
    assert "You may not end your move here" in preview
    assert editor.upgrade_row.layout.display == "none"  # upgrades come before the first step
    assert same()
    editor.step_to(1, 2)
    editor.stop.click()
    state = app.timeline.state
    assert state.upgrades[0] == ["corners", "crowd"] and state.completed[0] == []
    assert sorted(state.held) == ["caramel", "ice", "ice", "ice"]


def _short_ice_and_rush(setup: dict) -> None:
    """Carol's cups hold 11 of the 12 ice tokens, and Alice has 2 rush tokens."""
    carol = setup["position"]["seats"][2]
    carol["cups"] = [["ice"] * 6, ["ice"] * 5, []]
    setup["position"]["seats"][0]["rush"] = 2


def test_a_short_supply_and_rush_tokens_in_the_preview():
    app = scenario_app("corners-and-crowd", setup_change=_short_ice_and_rush)
    editor = app.editor
    same = unchanged(app)
    editor.upgrade_buttons["corners"].click()
    editor.upgrade_buttons["crowd"].click()
    assert "Step to row 1, column 1: +1 ice" in buttons(app)  # wanted 3, only 1 left
    editor.step_to(1, 1)
    preview = plain(editor.preview.value)
    assert "should take 3 ice here, but the supply had only 1 left, so Alice takes 1" in preview
    editor.step_to(1, 2)
    editor.step_to(1, 3)
    assert "Step to row 1, column 4: +2 coffee, 1 rush token" in buttons(app)  # a corner
    assert buttons(app)["Step to row 1, column 4: +2 coffee, 1 rush token"].tooltip == \
        "Step meeple 1 to row 1, column 4, paying 1 rush token, and collect 2 coffee."
    editor.step_to(1, 4)
    preview = plain(editor.preview.value)
    assert "Step 4 goes beyond the 3 free steps, so Alice pays 1 rush token for it (1 left)." \
        in preview
    assert "This path pays 1 rush token for its step beyond the third." in preview
    assert "4 steps taken: 3 are free. Rush tokens left: 1." in preview
    assert same()
    editor.stop.click()
    assert app.timeline.state.rush[0] == 1 and app.timeline.state.phase == "pour"


def test_pour_and_serve_with_buttons():
    app = scenario_app("specialty-serve", moves=3)  # Alice holds steam and caramel
    editor = app.editor
    assert "Pour what you collected" in plain(editor.heading.value)
    rows = [[b.description for b in row.children if hasattr(b, "description")
             and b.description] for row in editor.choices.children]
    assert rows[0] == ["Pour steam into cup 1", "Pour steam into cup 2", "Pour steam into cup 3",
                       "Give steam back"]
    assert rows[-1] == ["Empty cup 1", "Finish pouring (the rest goes back)"]
    cups = plain(editor.cups.value)
    assert "Cup 1 milk on the way to the Caramel Steamer on tab 2: still needs steam and " \
           "caramel" in cups

    def press(label: str) -> None:
        found = [b for b in editor.choice_buttons if b.description == label]
        assert found, [b.description for b in editor.choice_buttons]
        found[0].click()

    press("Pour steam into cup 1")
    press("Pour caramel into cup 1")
    assert "ready for the Caramel Steamer on tab 2" in plain(editor.cups.value)
    press("Finish pouring")
    assert "Serve your orders" in plain(editor.heading.value)
    press("Serve cup 1 on the Caramel Steamer (tab 2)")
    state = app.timeline.state_at(app.timeline.cursor)
    assert state.completed[0] == ["caramel_steamer"] and state.rush[0] == 1
    assert "The Caramel Steamer is a Specialty order, so Alice earns 1 rush token" in \
        plain(app.explanation.html.value)
    assert editor.layout.display == "none"  # the bots play on; Alice reads their moves
    assert app.errors.errors == []


def test_two_players_choose_the_meeple_to_move():
    app = scenario_app("two-player-draw", moves=6)  # Alice's first turn, two meeples
    editor = app.editor
    assert editor.meeple_choice.layout.display != "none"
    assert [label for label, _ in editor.meeple_choice.options] == [
        "meeple 1 (row 2, column 2)", "meeple 2 (row 1, column 4)"]
    assert "Step to row 2, column 1: +1 coffee" in buttons(app)
    editor.meeple_choice.value = 2
    assert sorted(buttons(app)) == ["Step to row 1, column 3: +1 steam",
                                    "Step to row 2, column 4: +1 water"]
    editor.step_to(2, 4)
    assert editor.meeple_choice.layout.display == "none"  # the move's meeple is fixed now
    editor.stop.click()
    assert app.timeline.record.moves[6:8] == [Move.make(0, "step", meeple=2, row=2, col=4),
                                              Move.make(0, "stop")]


def test_why_not_check_still_works_beside_the_builder():
    app = scenario_app("pass-through", moves=2)  # Alice already stands on Bob's cell
    same = unchanged(app)
    assert app.moves.move_buttons == []  # the builder takes the decision
    app.moves.ask(Move.make(0, "stop"))  # "Check" in play mode: never plays
    text = plain(app.moves.whynot_result.value)
    assert "Not allowed: end the move here." in text and "Rule 2-3" in text
    assert same()
    assert "Step 2: row 2, column 3 (already played)" in plain(app.editor.preview.value)
    app.editor.step_to(2, 4)
    app.editor.stop.click()
    assert app.timeline.record.moves[2] == Move.make(0, "step", meeple=1, row=2, col=4)


def test_a_whole_two_player_game_through_the_builder():
    """The learner plays every decision with the builder's buttons, choosing what the
    thoughtful bot would: the game is exactly the bots' own game, and nothing goes wrong."""
    from foodplay.bots import play_game, suggest

    app = App(game=GAME, players=2, seed=3, mode="play", env={})
    editor = app.editor
    for _ in range(200):
        app.moves.catch_up.click()
        state = app.timeline.state
        if state.is_over:
            break
        assert editor.layout.display != "none" and app.moves.move_buttons == []
        hint = suggest(state, 0).move
        if hint.kind == "place":
            editor.step_to(hint.get("row"), hint.get("col"))
        elif hint.kind in ("upgrade", "step", "stop"):
            scratch = editor._preview.state
            while scratch.decision().kind.endswith(".move"):
                wanted = suggest(scratch, 0).move
                if wanted.kind == "stop":
                    break
                if wanted.kind == "upgrade":
                    editor.upgrade_buttons[wanted.get("upgrade")].click()
                else:
                    if editor.meeple_choice.layout.display != "none":
                        editor.meeple_choice.value = wanted.get("meeple")
                    editor.step_to(wanted.get("row"), wanted.get("col"))
                assert editor.pending[-1] == wanted and not editor.result.value
                scratch = editor._preview.state
            editor.stop.click()
        else:  # pour, give back, empty, finish, serve, or a cup for a starting ingredient
            editor.choice_for(hint).click()
        assert not editor.result.value and app.errors.errors == []
    assert app.timeline.state_at(app.timeline.last).is_over
    record, _ = play_game(GAME, 2, 3, ("heuristic",))
    assert app.timeline.record.moves == record.moves


def test_the_hint_marks_the_builders_button():
    app = scenario_app("pass-through")
    app.moves.hint.click()
    hint = plain(app.moves.hint_text.value)
    assert hint.startswith("Hint: Step to row 2, column 2")
    marked = [b.description for _, b, _ in app.editor.cells if "fp-cr-hinted" in b._dom_classes]
    assert marked == ["Step to row 2, column 2: +1 milk"]
    app.editor.step_to(2, 2)  # redrawn: the mark goes
    assert not any("fp-cr-hinted" in b._dom_classes for _, b, _ in app.editor.cells)
    app = scenario_app("specialty-serve", moves=3)  # pouring
    app.moves.hint.click()
    assert [b.description for b in app.editor.choice_buttons
            if "fp-cr-hinted" in b._dom_classes] == ["Pour caramel into cup 1"]
