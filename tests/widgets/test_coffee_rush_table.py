"""Coffee Rush's tutor without a browser: the table, the worked examples step by step with their
clauses, secrets per seat, deep links, the narrated opening and the gallery."""

from __future__ import annotations

import re

import pytest
from html_text import cited, plain, seat_html, section

from foodplay.bots import play_game
from foodplay.engine import Move
from foodplay_widgets import Gallery, worked_example
from foodplay_widgets.app.renderers import renderer_for
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.coffee_rush_opening import narrated_opening
from foodplay_widgets.pages.worked_examples import load_scenario

GAME = "coffee-rush"


def cell_html(app: App, row: int, col: int) -> str:
    """The board cell at (row, col) in the table."""
    rows = re.findall(r"<tr><th scope=\"row\".*?</tr>", app.table.value, re.S)
    cells = re.findall(r'<td class="fp-cr-cell.*?</td>', rows[row - 1], re.S)
    return cells[col - 1]


def test_the_coffee_rush_renderer_is_registered():
    assert type(renderer_for(GAME)).__name__ == "CoffeeRushRenderer"
    app = App(game=GAME, players=3, seed=7, step=0, env={})
    header = plain(app.title.value)
    assert "Coffee Rush · 3 players · seed 7" in header
    assert "Coffee Rush, designed by Euijin Han, published by Korea Boardgames (2023)." in header
    assert "fp-game-coffee-rush" in app._dom_classes
    assert ".fp-cr-board" in app.children[0].value  # the game's stylesheet ships with the app
    assert app.editor is not None and app.editor.layout.display == "none"  # watch mode
    table = plain(app.table.value)
    assert "Set-up · Carol places a meeple" in table
    assert "Start token: OPEN" in table and "Start player: Alice" in table
    assert "Order deck: 73 cards" in table
    assert "Ingredient board: 4 rows of 4 cells" in table
    assert "Still to place, in order: Carol, Bob and Alice." in table
    assert app.errors.errors == []


def test_the_board_marks_corners_ribbons_meeples_and_the_path():
    app = worked_example(GAME, "corners-and-crowd")
    corner = plain(cell_html(app, 1, 1))
    assert corner.startswith("ice corner") and "Bob" in corner
    assert plain(cell_html(app, 1, 2)) == "caramel ★ ribbon"
    assert "Alice" in plain(cell_html(app, 2, 1))
    app.go(4)  # Alice has stepped through Bob's corner onto the caramel
    start, first, second = cell_html(app, 2, 1), cell_html(app, 1, 1), cell_html(app, 1, 2)
    assert "fp-cr-on-path" in start and "where this move began" in plain(start)
    assert "step 1 of this move" in plain(first) and "step 2 of this move" in plain(second)
    assert "fp-changed" in second and "Alice" in plain(second)  # she moved here this step
    assert "fp-changed" not in cell_html(app, 4, 4)
    table = plain(app.table.value)
    assert "Alice moves meeple 1. The path so far, from where it began: (changed at this step) " \
           "row 2, column 1 row 1, column 1 row 1, column 2" in table
    assert "Collected and not yet poured (changed at this step) 3 ice 1 caramel" in table
    alice = plain(seat_html(app, "Alice"))
    assert "Crowd: active" in alice and "Corners: active" in alice
    assert "Diagonal: inactive" in alice
    assert "Spent on upgrades" in alice  # the six orders she turned in, face down


def test_specialty_serve_step_by_step_with_clauses():
    app = worked_example(GAME, "specialty-serve")
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "A Specialty order earns a rush token" in plain(app.title.value)
    assert "Alice needs steam and caramel" in plain(app.note.value)
    assert cited(app) == ["C-1", "C-3", "C-4", "G1", "G2", "C-2", "S-1", "C-5", "S-2", "S-3",
                          "S-4"]

    app.controls.next.click()
    app.controls.next.click()  # step 2: the caramel, on a ribbon cell
    assert app.timeline.cursor == 2
    text = plain(app.explanation.html.value)
    assert "Alice steps to row 1, column 2 and takes 1 caramel." in text
    assert cited(app) == ["2-1", "2-2"]
    assert "Alice has not activated Ribbons, so she takes just one" in plain(app.note.value)

    app.go(7)
    text = plain(app.explanation.html.value)
    assert "Alice serves cup 1 (milk, steam and caramel) on the Caramel Steamer on tab 2" in text
    assert "The Caramel Steamer is a Specialty order, so Alice earns 1 rush token (1 now)." in text
    assert cited(app) == ["4-1", "4-2", "D2", "4-3", "4-4", "5-1", "6"]
    assert "rulebook" in text and "tutor reading" in text  # provenance badges
    alice = plain(seat_html(app, "Alice"))
    assert "1 rush token" in alice
    assert "1 card, face down: only Alice and the teacher see which. Caramel Steamer" in alice
    assert "fp-changed" in seat_html(app, "Alice")
    bob = plain(seat_html(app, "Bob"))
    assert "Latte" in bob  # Bob drew a Latte onto tab 1
    assert "Alice 1 point so far (completed orders: 1" in plain(app.scores.table.value)


def test_off_tab_four_the_token_closes_and_the_game_ends():
    app = worked_example(GAME, "tab-four-penalty")
    alice = plain(seat_html(app, "Alice"))
    assert "Tab 4: walks out next Caramel Mocha" in alice
    assert "fp-cr-tab-warn" in seat_html(app, "Alice")
    app.go(6)
    assert {"5-2", "5-3", "5-4"} <= set(cited(app))
    table = plain(app.table.value)
    assert "Start token: CLOSED (changed at this step)" in table
    assert "A player took a fifth penalty card, so this round is the last one." in table
    alice = plain(seat_html(app, "Alice"))
    assert "Penalty cards (changed at this step) 5 cards, face down: only Alice and the teacher " \
           "see which. Iced Shot Ice Water Hot Tea Frappé Caramel Mocha" in alice
    assert "Most penalty cards: 5 of the 5 that end the game" in plain(app.scores.progress.value)
    app.go(app.timeline.last)
    table = plain(app.table.value)
    assert "The game is over" in table and "Carol wins with 4 points!" in table
    assert "winner" in plain(seat_html(app, "Carol"))
    assert {"P-1", "P-2", "D10"} <= set(cited(app))
    assert "Alice -1 points in the end" in plain(app.scores.table.value)


def test_pass_through_and_the_refusal_to_end_on_a_meeple():
    app = worked_example(GAME, "pass-through")
    app.go(2)
    text = plain(app.explanation.html.value)
    assert "Bob's meeple stands on this cell: Alice may pass through and collect, but may not " \
           "end the move here." in text
    assert "2-3" in cited(app)
    assert "Try ending the move here: it is refused" in plain(app.note.value)
    cell = plain(cell_html(app, 2, 3))
    assert "Alice" in cell and "Bob" in cell and "step 2 of this move" in cell
    before = app.timeline.state.snapshot()
    app.moves.ask(Move.make(0, "stop"))  # watch mode: a check, nothing played
    result = plain(app.moves.whynot_result.value)
    assert "Not allowed: end the move here." in result
    assert "Bob's meeple stands on this cell: Alice may pass through it but may not end the " \
           "move here. Take another step first." in result
    assert "Rule 2-3 Step 2: other meeples rulebook" in result
    assert app.timeline.state.snapshot() == before and app.timeline.cursor == 2
    app.controls.next.click()
    assert "Alice has taken 3 steps and has no rush token for another" in \
        plain(app.explanation.html.value)


def test_two_player_draw_meeples_are_numbered_and_both_draw():
    app = worked_example(GAME, "two-player-draw")
    app.go(3)
    assert "Bob 1" in plain(cell_html(app, 4, 4)) and "Bob 2" in plain(cell_html(app, 3, 1))
    app.go(4)
    assert "Bob puts the tea into cup 2" in plain(app.explanation.html.value)
    assert cited(app) == ["S-5"]
    app.go(14)
    text = plain(app.explanation.html.value)
    assert "Bob, one of the next two players clockwise, draws 2 order cards onto tab 1: Latte " \
           "and Frappé." in text
    assert "With two players, the second of the next two players is Alice again" in text
    assert "D7" in cited(app)
    assert "Latte" in plain(seat_html(app, "Bob")) and "Chai Latte" in \
        plain(seat_html(app, "Alice"))


def test_narrated_opening_notes_the_first_turn():
    app = narrated_opening(players=3, seed=7)
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "A first game: the opening, narrated" in plain(app.title.value)
    assert "A normal game from the very start" in plain(app.note.value)
    notes = app.timeline.record.narration
    assert notes[1].endswith("n_place") and notes[4].endswith("n_move")
    assert notes[7].endswith("n_pour") and notes[11].endswith("n_serve_time")
    app.go(4)
    assert "The first turn. The start player moves up to three steps" in plain(app.note.value)
    assert "Alice steps" in plain(app.explanation.html.value)
    app.go(11)
    assert "Then time passes" in plain(app.note.value)
    assert "5-1" in cited(app)
    app.go(12)
    assert app.note.layout.display == "none"


# --- secrets ------------------------------------------------------------------------------
def _screen(app: App) -> str:
    return " ".join(w.value for w in (app.table, app.explanation.html, app.moves.status,
                                       app.scores.table, app.scores.progress))


@pytest.mark.parametrize("players, seed", [(3, 7), (2, 4)])
def test_no_seat_sees_another_seats_face_down_cards_or_the_deck(players, seed):
    """At every few steps of a whole game, a seat's screen lists its own completed orders,
    penalty cards and spent orders, shows only counts for everyone else's, and never the order
    of the deck; the teacher sees it all."""
    app = App(game=GAME, players=players, seed=seed, step=0, env={})
    names = app.timeline.state_at(0).names
    last = app.timeline.last
    checked = 0
    for k in list(range(0, last + 1, 9)) + [last]:
        app.go(k)
        state = app.timeline.state
        for seat in range(players):
            app.seat_select.value = seat
            screen = _screen(app)
            assert "only the teacher sees this" not in screen
            assert "top first" not in screen
            for other in range(players):
                part = section(app.table.value, names[other])
                lists = re.findall(r'<ul class="fp-cr-done fp-cr-(\w+)"', part)
                if other == seat:
                    shown = [f for f in ("completed", "penalties", "spent")
                             if getattr(state, f)[other]]
                    assert lists == shown, (k, seat, other)
                    continue
                assert lists == [], (k, seat, other)
                for field in ("completed", "penalties"):
                    count = len(getattr(state, field)[other])
                    if count:
                        assert "face down" in plain(part)
                        checked += 1
        app.seat_select.value = -1  # the teacher
        if state.deck and not state.is_over:
            assert "only the teacher sees this" in plain(app.table.value)
    assert checked > 0


def test_deep_link_restores_step_and_seat():
    app = App.from_query("game=coffee-rush&players=3&seed=7&step=24&seat=2", env={})
    assert app.game.id == GAME and app.timeline.cursor == 24
    assert app.seat == 1 and app.seat_select.value == 1
    assert "Step 24" in plain(app.explanation.html.value)
    assert "Bob's view" in plain(app.table.value)
    assert app.message_texts == []
    query = app.share.url.lstrip("?")
    again = App.from_query(query, env={})
    assert again.timeline.cursor == 24 and again.seat == 1
    assert again.table.value == app.table.value


def test_the_notebooks_default_game_and_a_scenario_record_link():
    app = App.from_query("players=4&seed=2&step=3", env={}, game=GAME)
    assert app.game.id == GAME and app.timeline.record.players == 4
    assert app.timeline.cursor == 3 and app.message_texts == []
    app = App.from_query("game=chess", env={}, game=GAME)
    assert app.game.id == GAME
    assert any("Coffee Rush opens instead" in t for t in app.message_texts)
    scenario = App(load_scenario(GAME, "pass-through"), step=2, env={})
    again = App.from_query(scenario.share.url.lstrip("?"), env={})
    assert again.timeline.cursor == 2 and again.timeline.record.moves == \
        scenario.timeline.record.moves


def test_gallery_opens_coffee_rush():
    html = Gallery().html.value
    card = re.search(r'<li class="fp-game-card[^"]*" data-game="coffee-rush".*?</li>', html,
                     re.S).group(0)
    assert "fp-built" in card and "Not built yet" not in card
    assert 'href="coffee-rush.ipynb"' in card and 'href="coffee-rush-examples.ipynb"' in card
    assert "Euijin Han" in card and "2 to 4 players" in card
    assert ">Worked examples: Coffee Rush</a>" in card  # short link text, what they show beside
    assert "They show a Specialty rush token" in card


def test_a_language_switch_redraws_the_cached_table_in_the_new_language():
    """The table's pieces are cached by game, language and seat names: after a few steps,
    switching the language gives that language's ingredient and order names, and switching
    back gives the table drawn before, byte for byte."""
    app = App(game=GAME, players=3, seed=7, step=0, env={})
    for _ in range(6):
        app.controls.next.click()
    view = app.context().view()
    orders = [o["id"] for seat in view["seats"] for tab in seat["tabs"] for o in tab]
    assert orders  # each seat has orders on its tabs
    english = app.table.value
    for lang in ("fr", "zh", "en"):
        app.lang_select.value = lang
        html = app.table.value
        names = app.game.catalogue(lang).name
        cells = re.findall(r'<td class="fp-cr-cell fp-cr-i-(\w+).*?'
                           r'<span class="fp-cr-cell-name">([^<]*)</span>', html, re.S)
        assert len(cells) == 16 and all(shown == names(i) for i, shown in cells)
        shown_orders = re.findall(r'<span class="fp-cr-order-name">([^<]*)</span>', html)
        assert shown_orders == [names(o) for o in orders]
    assert names("milk") != app.game.catalogue("fr").name("milk")
    assert app.table.value == english

    # the same game with other seat names: their pawns, not the cached ones of Alice's game
    record, _ = play_game(GAME, 3, 7, ("heuristic",))
    record.names = ["Zoe", "Yann", "Xia"]
    renamed = App(record, step=0, env={})
    for _ in range(6):
        renamed.controls.next.click()
    pawns = re.findall(r'<span class="fp-cr-pawn-dot" aria-hidden="true"></span>([^<]*)</span>',
                       renamed.table.value)
    assert sorted(pawns) == ["Xia", "Yann", "Zoe"]
