"""Cuisine a la Card's tutor without a browser: the table, the worked examples step by step with
their arithmetic and clauses, secrets per seat, deep links and the gallery."""

from __future__ import annotations

import re

import pytest
from html_text import cited, plain, seat_html, section

from foodplay.engine import Move
from foodplay.explain import move_text
from foodplay_widgets import Gallery, worked_example
from foodplay_widgets.app.renderers import renderer_for
from foodplay_widgets.app.tutor import App

GAME = "cuisine-a-la-card"


def row(html: str, field: str) -> str:
    """One row of a seat (fp-cu-row-hand, -plates, -dish ...)."""
    match = re.search(rf'<div class="fp-seat-row fp-cu-row-{field}[^"]*">(.*?)</dd></div>', html,
                      re.S)
    assert match, f"no {field} row"
    return match.group(1)


def explanation(app: App) -> str:
    return plain(app.explanation.html.value)


def test_the_renderer_is_registered_with_credits_and_the_tutor_card_set():
    assert type(renderer_for(GAME)).__name__ == "CuisineRenderer"
    app = App(game=GAME, players=3, seed=1, step=0, env={})
    header = plain(app.title.value)
    assert "Cuisine a la Card · 3 players · seed 1" in header
    assert "Cuisine a la Card, designed by Dani Demarest, published by InMotion (2016)." in header
    assert "Tutor card set: the real cards are not public" in header
    assert "fp-game-cuisine-a-la-card" in app._dom_classes
    assert ".fp-cu-builder" in app.children[0].value  # the game's stylesheet ships with the app
    assert app.editor is not None and app.editor.layout.display == "none"  # watch mode
    table = plain(app.table.value)
    assert "Round 1 · Alice's turn · warming phase" in table
    assert "Market: buy one card a turn with your money" in table
    assert "Fridge (empty)" in table and "Forks: 18 left, cost 2 each" in table
    assert "Pantry: 114 cards left" in table  # 118 less the Market of 4
    assert "tutor's card set" in table  # the legend says whose cards these are
    assert app.errors.errors == []


def test_the_table_shows_market_costs_judges_and_this_turns_budget():
    app = App(game=GAME, players=3, seed=1, step=30, env={})
    html = app.table.value
    table = plain(html)
    assert "Round 2 · Carol's turn · play phase" in table
    assert "Market slot 1, cost 3. Cheddar: 4 meal points. Cuisine: Western." in table
    assert "Slot 4, next to the Fridge" in table
    assert "Top of the Fridge, cost 1 whatever its printed cost. Cheddar" in table
    assert "a card from the Fridge never uses its On Purchase ability" in table
    # four judges with three players (S6), each with tier, medals, tastes and ability
    assert "Judge 4 needs 21 The Gourmet awards 4 medals" in table
    assert "Requires: 1 Sour, 1 Bitter and 1 Salty." in table
    assert "Dislikes 1 Bitter: -1 medal." in table
    assert "For its winner, from their next turn: at the start of each of their turns, +1 Buy." \
        in table
    assert "Judges still face down: 3 of 15 points, 4 of 18 points and 4 of 21 points." in table
    # this turn's budget, with what the step changed highlighted and said in words
    budget = re.search(r'<div class="fp-zone fp-cu-budget".*?</div>', html, re.S).group(0)
    assert "1 card bought (changed at this step)" in plain(budget)
    assert "fp-cu-stat-purchases fp-changed" in budget
    assert "no dish can be served until the next turn (reading D1)" in plain(budget)
    assert 'fp-cu-slot fp-changed' in html  # the slot Carol bought from


def test_eggs_and_bok_choy_step_by_step():
    app = worked_example(GAME, "eggs-and-bok-choy")
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "Eggs and Bok Choy are the two Pan-Asian cards" in plain(app.note.value)
    assert "The rulebook's example: Eggs and Bok Choy, 3 + 6 = 9" in plain(app.title.value)

    app.go(2)
    assert "The dish so far: a single ingredient, for a meal-point total of 2." in \
        explanation(app)
    assert "needs another Pan-Asian ingredient" in plain(app.note.value)
    app.controls.next.click()  # step 3: Bok Choy joins, both Pan-Asian abilities wake up
    assert app.timeline.cursor == 3
    assert "The dish so far: 2 ingredients worth 9 meal points (3 + 6)." in explanation(app)
    assert cited(app) == ["2-4", "G11", "G12"]
    assert "Together they make 3 + 6 = 9" in plain(app.note.value)
    counter = row(seat_html(app, "Alice"), "dish")
    assert "Eggs, counting 3 meal points" in plain(counter)
    assert "Bok Choy, counting 6 meal points" in plain(counter)
    assert "So far: 9 meal points (3 + 6)." in plain(counter)

    app.go(6)  # served: the arithmetic card by card, and why the judge accepts
    text = explanation(app)
    assert "Eggs counts 3 meal points: 2 printed plus 1 from its abilities." in text
    assert "Bok Choy gains 4 meal points from its Pan-Asian ability: 2 for each Pan-Asian " \
        "ingredient in the dish, and there are 2." in text
    assert "The dish is worth 21 meal points: 3 + 6 + 8 + 4." in text
    assert "The Market Farmer requires at least 2 Produce ingredients, and the dish has 2." in text
    assert {"2-4", "C3", "C1", "2-5", "2-7", "2-6", "D3"} <= set(cited(app))
    assert "rulebook" in text and "tutor reading" in text  # provenance badges
    alice = seat_html(app, "Alice")
    served = plain(row(alice, "dishes"))
    assert "The Market Farmer: Eggs, Bok Choy, Steak and Potatoes; meal points: 21; 2 medals." \
        in served
    assert "Its ability starts on their next turn." in served
    assert "2 of 15 medals (changed at this step)" in plain(alice)
    assert "ate 4 ingredients" in plain(alice)
    judges = plain(re.search(r'fp-cu-judges-zone.*?</div>', app.table.value, re.S).group(0))
    assert "The Pastry Chef" in judges and "The Market Farmer" not in judges
    assert app.errors.errors == []


def test_a_fridge_purchase_without_on_purchase():
    app = worked_example(GAME, "fridge-purchase")
    app.go(6)
    assert "its On Purchase ability acts at once" in explanation(app)
    assert "Forks: 17 left" in plain(app.table.value)  # Bacon's free Fork
    app.go(7)
    html = app.table.value
    fridge = re.search(r'<li class="fp-cu-slot fp-cu-fridge[^"]*">.*?</li>\s*</ul>', html,
                       re.S).group(0)
    assert "Fridge (1 card)" in plain(fridge) and "fp-changed" in fridge
    assert "Top of the Fridge, cost 1 whatever its printed cost. Duck: 7 meal points." in \
        plain(fridge)
    assert "Cleanup: Duck leaves Market slot 4 for the top of the Fridge" in explanation(app)
    assert "4-1" in cited(app)

    app.go(10)
    text = explanation(app)
    assert "Bob buys Duck from the top of the Fridge for just 1, instead of its printed cost " \
        "of 6." in text
    assert "A card bought from the Fridge never uses its On Purchase ability" in text
    assert cited(app)[:2] == ["4-1", "2-3"]
    assert "Forks: 17 left" in plain(app.table.value)  # no Fork for Bob
    assert "Duck" in plain(row(seat_html(app, "Bob"), "discard"))
    assert "Fridge (empty)" in plain(app.table.value)


def test_refusals_for_a_missing_taste_and_for_fewer_than_one_medal():
    app = worked_example(GAME, "judge-refusals")
    app.go(7)
    assert "The dish is worth 23" in plain(app.note.value)
    before = app.timeline.state.snapshot()
    app.moves.ask(Move.make(0, "serve", judge=2))  # watch mode: a check, nothing is played
    text = plain(app.moves.whynot_result.value)
    assert "Not allowed: serve the dish to judge 2." in text
    assert "The Pitmaster requires at least 1 Spicy ingredient, and this dish has 0." in text
    assert "Rule 2-4 Serving a dish rulebook" in text
    app.moves.ask(Move.make(0, "serve", judge=1))
    text = plain(app.moves.whynot_result.value)
    assert "The Home Cook would award no medal for this dish (1 from the judge, +0 in bonuses, " \
        "-1 in penalties), and a dish must earn at least 1." in text
    assert "Rule 2-8 At least one medal rulebook" in text
    assert app.timeline.state.snapshot() == before and app.timeline.cursor == 7

    app.go(9)
    text = explanation(app)
    assert "+1 bonus medal: The Home Cook rewards 1 or more Grain ingredients" in text
    assert "-1 medal: The Home Cook dislikes 1 or more Bitter ingredients" in text
    assert "Alice earns 1 medal for the dish" in text
    assert app.errors.errors == []


def test_a_warmed_card_is_secret_and_acts_only_when_served():
    app = worked_example(GAME, "warming-plate", seat=1)  # Bob's view
    app.go(1)
    alice = seat_html(app, "Alice")
    plates = plain(row(alice, "plates"))
    assert "Plate 1: a face-down card." in plates
    assert "Brie" not in row(alice, "plates") + row(alice, "hand")
    assert "Alice slides a card face down onto warming plate 1" in explanation(app)
    assert "Step 1 Alice makes a secret choice." in explanation(app)  # not "Alice: warm Brie"
    assert "Brie" not in explanation(app)
    app.seat_select.value = 0  # Alice's own view
    assert "Plate 1: Brie." in plain(row(seat_html(app, "Alice"), "plates"))
    assert "Alice: warm Brie" in explanation(app)
    assert "The card Alice warmed on plate 1 is Brie; only Alice knows it." in explanation(app)

    app.go(12)
    text = explanation(app)
    assert "Brie comes from a warming plate; laid out in the dish, its On Play ability acts " \
        "all the same." in text  # reading D2, revised
    assert "The French ability of Brie works in this dish" in text
    assert {"D2", "C3"} <= set(cited(app))


def test_the_end_of_the_round_and_the_tiebreak():
    app = worked_example(GAME, "end-of-round")
    app.go(8)
    table = plain(app.table.value)
    assert "Last round: Alice has reached the goal of 15 medals." in table
    assert "The round is played to its end, with Bob taking the last turn." in \
        explanation(app)
    assert "E1" in cited(app)
    app.go(17)
    table = plain(app.table.value)
    assert "Bob wins with 15 medals." in table
    assert "Round 1 · the game is over" in table
    text = explanation(app)
    assert "Alice and Bob are tied on 15 medals; Bob ate the most ingredients (5) and wins." \
        in text
    assert "E3" in cited(app)
    scores = plain(app.scores.table.value)
    assert "Alice 15 medals at the end, ate 4" in scores and "Bob 15 medals at the end, ate 5" \
        in scores


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 1), (4, 2)])
def test_no_seat_sees_another_seats_hand_plates_or_dish(players, seed):
    app = App(game=GAME, players=players, seed=seed, step=0, env={})
    timeline = app.timeline
    names = timeline.state_at(0).names
    checked = 0
    for k in range(0, timeline.last + 1, 3):
        state = timeline.state_at(k)
        for viewer in range(players):
            app.seat = viewer
            app.go(k)
            html = app.table.value
            assert "Teacher's view" not in html  # the deck order is the teacher's alone
            move = timeline.steps[k].move
            if k and move.seat != viewer and move.kind in ("warm", "dish", "food_type"):
                said = explanation(app)  # the header says a secret move was made, not what
                assert f"{names[move.seat]} makes a secret choice." in said
                assert move_text(timeline.state_at(k), move) not in said
            for other in range(players):
                if other == viewer:
                    continue
                seat = section(html, names[other])
                assert "fp-cu-card" not in row(seat, "hand")
                plates = row(seat, "plates")
                assert "fp-cu-card" not in plates
                for card in state.plates[other]:
                    if card:
                        assert f"Plate {state.plates[other].index(card) + 1}: a face-down " \
                               f"card." in plain(plates)
                if state.dish[other]:
                    assert "fp-cu-card" not in row(seat, "dish")
                    assert "hidden until served" in plain(row(seat, "dish"))
            checked += 1
    assert checked > 10 and app.errors.errors == []


def test_the_teacher_sees_the_deck_order():
    app = App(game=GAME, players=2, seed=4, step=0, env={})
    assert "Teacher's view, from the top:" in plain(seat_html(app, "Alice"))
    deck = list(reversed(app.timeline.state.deck[0]))
    names = app.context().text
    shown = plain(row(seat_html(app, "Alice"), "deck"))
    assert names.card(deck[0]) in shown


def test_deep_link_restores_step_and_seat():
    app = App.from_query("game=cuisine-a-la-card&players=3&seed=5&step=40&seat=2", env={})
    assert app.game.id == GAME and app.timeline.cursor == 40
    assert app.seat == 1 and app.seat_select.value == 1
    assert "Step 40" in explanation(app) and app.message_texts == []
    again = App.from_query(app.share.url.split("?", 1)[1], env={})
    assert again.timeline.cursor == 40 and again.seat == 1
    assert again.table.value == app.table.value

    play = App.from_query("game=cuisine-a-la-card&players=2&seed=3&mode=play&seat=2", env={})
    assert play.mode == "play" and play.learner == 1
    assert play.seat_select.value == 1
    assert play.errors.errors == []


def test_the_gallery_opens_the_app_and_the_examples():
    html = Gallery().html.value
    card = re.search(r'<li class="fp-game-card fp-built" data-game="cuisine-a-la-card".*?</li>',
                     html, re.S).group(0)
    assert 'href="cuisine-a-la-card.ipynb"' in card
    assert 'href="cuisine-a-la-card-examples.ipynb"' in card
    assert "Cuisine a la Card, designed by Dani Demarest, published by InMotion (2016)." in \
        plain(card)


def test_a_long_fridge_names_its_top_cards_and_counts_the_rest():
    app = App(game=GAME, players=4, seed=2, step=143, env={})
    fridge = plain(re.search(r'<li class="fp-cu-slot fp-cu-fridge.*?</li>\s*</ul>.*?</li>',
                             app.table.value, re.S).group(0))
    assert "Fridge (18 cards)" in fridge
    assert "Top of the Fridge, cost 1 whatever its printed cost. Balsamic Vinegar" in fridge
    assert "Below it, from the top: Chili Peppers, Pasta and Chili Peppers, then 14 more " \
        "cards." in fridge
    bob = section(app.table.value, "Bob")  # his dish on the counter, in the teacher's view
    assert "So far: 9 meal points (4 + 2 + 3)." in plain(row(bob, "dish"))


def test_kept_card_faces_and_table_parts_follow_the_language_names_and_step():
    """The renderer keeps card faces per language and unchanged parts between steps: after a
    language switch, a step back or other seat names, the table is what a renderer drawing
    everything afresh draws, in that language."""
    from foodplay_widgets.games.cuisine_a_la_card import faces
    from foodplay_widgets.text import Text

    app = App(game=GAME, players=3, seed=2, step=14, env={})
    kept = renderer_for(GAME)

    def afresh(text: Text) -> str:
        ctx = app.context()
        before = ctx.view(ctx.cursor - 1) if ctx.cursor > 0 else None
        faces._faces.cache_clear()
        return type(kept)().table_parts(ctx.view(), before, text, ctx.state).html()

    for lang, step in (("en", 1), ("fr", 1), ("fr", -1), ("zh", 2), ("en", 0)):
        app.lang_select.value = lang
        app.go(app.timeline.cursor + step)
        assert app.table.value == afresh(app.context().text)
        market = [item["card"] for item in app.context().view()["market"] if item["card"]]
        name = Text(app.game, lang).card(market[0])
        assert f'<span class="fp-cu-name">{name}</span>' in app.table.value
    ctx = app.context()
    others = Text(app.game, "en", ["Zoe", "Yann", "Xu"])
    for text in (ctx.text, others):  # the same step, kept with the app's names first
        html = kept.table_parts(ctx.view(), ctx.view(ctx.cursor - 1), text, ctx.state).html()
    assert html == afresh(others) and "Zoe" in html and html != app.table.value
    assert app.errors.errors == []
