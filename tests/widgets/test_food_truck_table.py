"""Food Truck's tutor without a browser: the table, the worked examples, secrets per seat,
deep links and the gallery."""

from __future__ import annotations

import re

import pytest
from html_text import cited, plain, seat_html, section

from foodplay.engine import Move
from foodplay_widgets import Gallery, worked_example
from foodplay_widgets.app.renderers import renderer_for
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.worked_examples import load_scenario

GAME = "food-truck"


def test_the_food_truck_renderer_is_registered():
    assert type(renderer_for(GAME)).__name__ == "FoodTruckRenderer"
    app = App(game=GAME, players=3, seed=7, step=0, env={})
    header = plain(app.title.value)
    assert "Food Truck · 3 players · seed 7" in header
    assert "Food Truck, designed by Florian Fay, published by Gigamic (2022)." in header
    assert "fp-game-food-truck" in app._dom_classes
    assert ".fp-ft-pile" in app.children[0].value  # the game's stylesheet ships with the app
    assert app.editor is not None and app.editor.layout.display == "none"  # watch mode
    assert app.errors.errors == []


def test_clash_and_compensation_step_by_step():
    app = worked_example(GAME, "clash-and-compensation")
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "Three players, Alice first" in plain(app.note.value)
    assert "A clash: Carol's Pizza comes one turn too late" in plain(app.title.value)

    app.go(19)
    text = plain(app.explanation.html.value)
    assert "Alice reveals Pizza. Nobody else has Pizza face up on the table" in text
    assert cited(app) == ["2", "2-1"]
    alice = seat_html(app, "Alice")
    assert 'fp-ft-c-pizza fp-ft-new' in alice  # what the step changed is outlined

    app.controls.next.click()
    app.controls.next.click()  # step 21: Carol's Pizza comes too late
    assert app.timeline.cursor == 21
    text = plain(app.explanation.html.value)
    assert "Carol reveals Pizza, but Alice already served Pizza" in text
    assert "Carol is the first player out this round" in text
    assert cited(app) == ["2", "2-3", "D3", "2-5", "2-4", "D4"]
    assert "rulebook" in text and "tutor reading" in text  # provenance badges
    assert "a meal belongs to whoever serves it first" in plain(app.note.value)
    table = plain(app.table.value)
    assert "Round 1 · Service: Carol chooses compensation" in table
    assert "First-player token: Carol" in table
    assert "Out this round, in order: Carol" in table
    assert "choosing compensation" in plain(seat_html(app, "Carol"))

    app.go(22)
    assert "Carol takes Curry from the supply" in plain(app.explanation.html.value)
    assert cited(app) == ["2-4"]
    supply = re.search(r'fp-ft-supply[^"]*">(.*?)</div>', app.table.value, re.S).group(1)
    assert "Curry" not in plain(supply) and "fp-changed" in app.table.value

    app.go(24)
    text = plain(app.explanation.html.value)
    assert "Only Bob is left in round 1, so Bob wins it" in text
    assert "3" in cited(app)
    assert app.errors.errors == []


def test_a_clash_highlights_the_blocking_card_and_covered_cards_stay_visible():
    app = worked_example(GAME, "truck-cover-up")
    app.go(20)  # Bob's Pizza clashes with Alice's lone Pizza; Bob holds Cover-Up
    html = app.table.value
    banner = plain(re.search(r'<div class="fp-ft-banner fp-ft-clash".*?</div>', html,
                             re.S).group(0))
    assert "Clash! Bob revealed Pizza, which Alice already served" in banner
    alice = seat_html(app, "Alice")
    assert "fp-ft-c-pizza fp-ft-blocking" in alice
    assert "Pizza, which blocks Bob's Pizza" in plain(alice)
    assert "fp-ft-blocking" not in seat_html(app, "Bob")
    assert "card clashes" in plain(seat_html(app, "Bob"))
    assert [label for label, _ in app.moves.whynot.options][:2] == [
        "drop out of the round", "use Detour: put the card under your pile and reveal the next"]

    app.controls.next.click()  # step 21: Cover-Up turns Alice's Pizza face down
    assert "fp-ft-clash" not in app.table.value
    alice = seat_html(app, "Alice")
    assert "fp-ft-down" in alice
    assert "Pizza, covered face down: it no longer counts" in plain(alice)
    bob = plain(seat_html(app, "Bob"))
    assert "Cover-Up, used this round" in bob
    assert cited(app)[0] == "G2-4"


def test_a_pile_of_two_is_drawn_with_its_count():
    app = worked_example(GAME, "stacking")
    app.go(32)
    bob = seat_html(app, "Bob")
    assert "Burger, a pile of 2" in plain(bob)
    assert re.search(r'fp-ft-c-burger fp-ft-pile', bob)
    assert '<span class="fp-ft-badge" aria-hidden="true">×2</span>' in bob
    assert "D5" in cited(app)
    assert "the two cards now form a pile" in plain(app.note.value)


def test_truck_card_decks_and_victory_points():
    app = worked_example(GAME, "truck-recall")
    app.go(34)  # round 2: one truck card of each deck has been used and discarded
    alice = plain(seat_html(app, "Alice"))
    assert "Recall, ready to use" in alice
    assert "Truck deck: 3 cards face down." in alice
    assert "Discard: Quick Swap." in alice
    assert "1 of 3 victory points" in alice
    assert "(only the teacher sees this)" in alice
    app.seat_select.value = 1  # Bob's view: the truck deck's order is a secret of nobody
    assert "only the teacher sees this" not in plain(app.table.value)
    assert "Alice 1 victory point" in plain(app.scores.table.value)
    assert "Most victory points so far: 1 of the 3 needed" in plain(app.scores.progress.value)


def test_the_five_player_game_ends_at_two_points():
    app = worked_example(GAME, "five-player-ending")
    app.go(82)
    assert "2 victory points are enough" in plain(app.note.value)
    app.go(app.timeline.last)
    table = plain(app.table.value)
    assert "The game is over after round 2" in table
    assert "Alice wins the game with 2 victory points!" in table
    assert "First to 2 victory points wins" in table
    assert "winner" in plain(seat_html(app, "Alice"))
    assert "3-4" in cited(app)
    assert "Alice 2 victory points in the end" in plain(app.scores.table.value)


def test_refused_recall_on_a_pile_in_a_worked_example():
    app = worked_example(GAME, "truck-recall")
    app.go(34)
    before = app.timeline.state.snapshot()
    app.moves.ask(Move.make(0, "recall", target=1, card="burger"))
    result = app.moves.whynot_result.value
    assert "fp-refusal" in result
    text = plain(result)
    assert "Not allowed: use Recall on Bob's Burger." in text
    assert "Bob's Burger is part of a pile of 2. Recall only works on a card that stands " \
           "alone, not on a pile." in text
    assert "Rule G2-3 Recall tutor default" in text
    assert app.timeline.state.snapshot() == before and app.timeline.cursor == 34
    app.moves.ask(Move.make(0, "recall", target=1, card="pizza"))  # the lone Pizza is fine
    assert "Allowed: use Recall on Bob's Pizza, because of Rule" in \
        plain(app.moves.whynot_result.value)


@pytest.mark.parametrize("name", ["clash-and-compensation", "truck-quick-swap", "stacking"])
def test_no_seat_sees_another_seats_pile_order(name):
    """At every step, a seat's table shows its own pile in order and every other pile as a
    count of card backs; while ordering, other hands are hidden too; and the explanation never
    names another seat's secret card."""
    record = load_scenario(GAME, name)
    app = App(record, seat=0, step=0, env={})
    names = app.timeline.state_at(0).names
    for k in range(app.timeline.last + 1):
        app.go(k)
        state = app.timeline.state
        for seat in range(state.players):
            app.seat_select.value = seat
            html = app.table.value
            for other in range(state.players):
                part = section(html, names[other])
                pile = state.pile[other]
                if other == seat:
                    if pile:
                        assert "fp-ft-pile-order" in part
                    continue
                assert "fp-ft-pile-order" not in part
                assert not re.search(r"\d+\. [A-Z]", plain(part)), (k, seat, other)
                if pile:
                    assert "face-down card" in plain(part)
                if state.phase == "prepare" and state.hand[other]:
                    assert "hidden while ordering" in plain(part)
            explanation = plain(app.explanation.html.value)
            for other in range(state.players):
                if other != seat:
                    assert f"{names[other]} puts " not in explanation
                    assert f"{names[other]}'s pile now starts with" not in explanation


def test_deep_link_restores_step_and_seat():
    app = App.from_query("game=food-truck&players=3&seed=7&step=24&seat=2", env={})
    assert app.game.id == GAME and app.timeline.cursor == 24
    assert app.seat == 1 and app.seat_select.value == 1
    assert "Step 24" in plain(app.explanation.html.value)
    assert "Bob's view" in plain(app.table.value)
    assert app.message_texts == []
    query = app.share.url.lstrip("?")
    again = App.from_query(query, env={})
    assert again.timeline.cursor == 24 and again.seat == 1
    assert again.table.value == app.table.value


def test_the_notebooks_default_game_and_a_bad_game_fall_back_to_food_truck():
    app = App.from_query("players=4&seed=2&step=3", env={}, game=GAME)
    assert app.game.id == GAME and app.timeline.record.players == 4
    assert app.timeline.cursor == 3 and app.message_texts == []
    app = App.from_query("game=chess", env={}, game=GAME)
    assert app.game.id == GAME
    assert any("Food Truck opens instead" in t for t in app.message_texts)
    assert App.from_query("", env={}).game.id == "burg"  # BURG's notebook is unchanged


def test_gallery_opens_food_truck():
    html = Gallery().html.value
    card = re.search(r'<li class="fp-game-card[^"]*" data-game="food-truck".*?</li>', html,
                     re.S).group(0)
    assert "fp-built" in card and "Not built yet" not in card
    assert 'href="food-truck.ipynb"' in card and 'href="food-truck-examples.ipynb"' in card
    assert "Florian Fay" in card and "2 to 5 players" in card
    assert ">Worked examples: Food Truck</a>" in card  # short link text, what they show beside
    assert "They show clashes, desserts" in card
    assert ">Worked examples: BURG</a>" in html
