"""Cuisine a la Card in play mode: the learner builds a dish in the dish builder, reads the
running meal-point total and each judge's answer (worked out without touching the game), then
serves it; refused dishes show the reason and the clause and change nothing."""

from __future__ import annotations

import pytest
from html_text import plain

from foodplay.engine import Move
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.worked_examples import load_scenario

GAME = "cuisine-a-la-card"


def scenario_app(name: str, moves: int, seat: int = 0) -> App:
    """A scenario's set-up and first `moves` moves, with the learner in `seat`, in play mode."""
    sc = load_scenario(GAME, name)
    record = Record(sc.game, sc.players, seed=sc.seed, setup=sc.setup, options=sc.options,
                    names=sc.names, moves=sc.moves[:moves])
    app = App(record, mode="play", seat=seat, env={})
    assert app.timeline.cursor == app.timeline.last == moves
    return app


@pytest.fixture
def eggs() -> App:
    """Alice, after warming nothing: Eggs, Bok Choy, Steak, Potatoes and a Spoon in hand."""
    app = scenario_app("eggs-and-bok-choy", 1)
    yield app
    assert app.errors.errors == []


def test_the_builder_takes_the_dish_and_leaves_the_other_moves_to_the_buttons(eggs):
    builder = eggs.editor
    assert eggs.editor_slot in eggs.moves.children and builder.layout.display != "none"
    assert [b.description for b in builder.add_buttons] == [
        "Add Eggs from your hand", "Add Bok Choy from your hand", "Add Steak from your hand",
        "Add Potatoes from your hand"]  # the Spoon is a tool, not food
    assert "Tasting Spoons and Forks are tools, not food" in plain(builder.sources_title.value)
    buttons = [b.description for b in eggs.moves.move_buttons]
    assert "play Tasting Spoon" in buttons and "end the play phase" in buttons
    assert not any(b.startswith("put ") for b in buttons)  # the builder makes the dish moves
    assert "Your dish is empty" in plain(builder.preview.value)
    assert builder.serve_buttons == []


def test_the_running_total_and_verdicts_change_nothing(eggs):
    builder = eggs.editor
    before = eggs.timeline.state.snapshot()
    builder.add_card("eggs")
    text = plain(builder.preview.value)
    assert "1. Eggs: 2 meal points, running total 2" in text
    assert "The Pan-Asian ability of Eggs does not work: no other Pan-Asian ingredient is in " \
        "the dish. Rule C3" in text
    assert "Card text: Pan-Asian, in a dish with another Pan-Asian card: +1 meal point" in text
    assert "Eggs added: the dish is worth 2 meal points." in plain(builder.status.value)

    builder.add_card("bok_choy")
    text = plain(builder.preview.value)
    assert "1. Eggs: 3 meal points, running total 3" in text
    assert "The Pan-Asian ability of Eggs works in this dish, because Bok Choy is Pan-Asian " \
        "too. Rule C3" in text
    assert "2. Bok Choy: 6 meal points, running total 9" in text
    assert "Bok Choy gains 4 meal points from its Pan-Asian ability: 2 for each Pan-Asian " \
        "ingredient in the dish, and there are 2." in text
    assert "Total: 3 + 6 = 9 meal points" in text
    verdicts = plain(builder.verdicts.value)
    assert "Judge 1, The Market Farmer (needs 15): would refuse. The Market Farmer needs at " \
        "least 15 meal points, but this dish is worth only 9 (3 + 6). Rule 2-4" in verdicts
    assert "Judge 3, The Grand Chef (needs 21): would refuse." in verdicts

    builder.add_card("steak")
    builder.add_card("potatoes")
    text = plain(builder.preview.value)
    assert "3. Steak: 8 meal points, running total 17" in text
    assert "Steak gains 2 meal points from its Western ability." in text
    assert "4. Potatoes: 4 meal points, running total 21" in text
    assert "Total: 3 + 6 + 8 + 4 = 21 meal points" in text
    verdicts = plain(builder.verdicts.value)
    assert "Judge 1, The Market Farmer (needs 15): would accept, for 2 medals." in verdicts
    assert "The Market Farmer requires at least 2 Produce ingredients, and the dish has 2." \
        in verdicts
    assert "Judge 2, The Tea Master (needs 18): would refuse. The Tea Master requires at " \
        "least 1 Sour ingredient, and this dish has 0." in verdicts
    assert [b.description for b in builder.serve_buttons] == [
        "Serve to judge 1, The Market Farmer", "Serve to judge 2, The Tea Master",
        "Serve to judge 3, The Grand Chef"]
    assert ["fp-cu-serve-ok" in b._dom_classes for b in builder.serve_buttons] == \
        [True, False, False]
    assert builder.add_buttons == []  # everything is in the dish

    builder.remove(2)  # Steak back out
    assert "3. Potatoes: 4 meal points, running total 13" in plain(builder.preview.value)
    assert "Steak taken out: the dish is worth 13 meal points." in plain(builder.status.value)
    builder.clear.click()
    assert builder.picked == [] and "Your dish is empty" in plain(builder.preview.value)
    # the game never moved
    assert eggs.timeline.state.snapshot() == before
    assert len(eggs.timeline.record.moves) == 1


def test_serving_plays_the_dish_moves_then_undo_takes_them_back(eggs):
    builder = eggs.editor
    for card in ("eggs", "bok_choy", "steak", "potatoes"):
        builder.add_card(card)
    builder.serve_buttons[0].click()
    moves = [m.to_json() for m in eggs.timeline.record.moves]
    assert moves[:6] == [
        {"seat": 0, "kind": "no_warm"}, {"seat": 0, "kind": "dish", "card": "eggs"},
        {"seat": 0, "kind": "dish", "card": "bok_choy"},
        {"seat": 0, "kind": "dish", "card": "steak"},
        {"seat": 0, "kind": "dish", "card": "potatoes"}, {"seat": 0, "kind": "serve", "judge": 1}]
    assert eggs.timeline.cursor == 6  # the serving step is shown
    text = plain(eggs.explanation.html.value)
    assert "The dish is worth 21 meal points: 3 + 6 + 8 + 4." in text
    assert "Alice earns 2 medals for the dish and now has 2" in text
    assert eggs.timeline.state.medals[0] == 2
    # after serving, nothing can be bought: the panel offers no buy buttons
    buttons = [b.description for b in eggs.moves.move_buttons]
    assert buttons and not any(b.startswith("buy") for b in buttons)
    eggs.moves.undo.click()  # one decision: the whole dish goes back
    assert len(eggs.timeline.record.moves) == 1
    assert eggs.editor.picked == [] and eggs.editor.layout.display != "none"


def test_a_refused_dish_shows_its_reason_and_clause_and_changes_nothing():
    app = scenario_app("judge-refusals", 1)  # Alice: Bok Choy, Steak, Potatoes, Rice, Spoon
    builder = app.editor
    assert [b.description for b in builder.add_buttons][-2:] == [
        "Add Beans from plate 1", "Add Cheddar from plate 2"]
    for card in ("bok_choy", "steak", "potatoes"):
        builder.add_card(card)
    builder.add_card("beans", plate=1)
    builder.add_card("cheddar", plate=2)
    preview = plain(builder.preview.value)
    assert "4. Beans, from plate 1: 4 meal points, running total 18" in preview
    assert "Beans counts as Protein in this dish (Rule C4)." in preview
    assert "Cheddar comes from a warming plate; laid out in the dish, its On Play ability acts" \
        in preview  # reading D2, revised
    assert "Total: 2 + 8 + 4 + 4 + 5 = 23 meal points" in preview
    menu = builder.type_menus[3]
    assert menu.description == "Beans counts as" and menu.options == (
        ("Protein", "protein"), ("Produce", "produce"))
    menu.value = "produce"  # as in the rulebook's example
    assert "Beans now counts as Produce" in plain(builder.status.value)
    assert builder.type_menus[3].value == "produce"

    before = app.timeline.state.snapshot()
    builder.serve_buttons[1].click()  # the Pitmaster: no Spicy ingredient
    result = plain(builder.result.value)
    assert "This dish cannot be served: “serve the dish to judge 2” is not allowed, so " \
        "nothing was played." in result
    assert "The Pitmaster requires at least 1 Spicy ingredient, and this dish has 0." in result
    assert "Rule 2-4 Serving a dish rulebook" in result
    assert app.timeline.state.snapshot() == before and len(app.timeline.record.moves) == 1

    builder.serve_buttons[0].click()  # the Home Cook: 1 medal - 1 for the Bitter Bok Choy
    result = plain(builder.result.value)
    assert "The Home Cook would award no medal for this dish (1 from the judge, +0 in " \
        "bonuses, -1 in penalties), and a dish must earn at least 1." in result
    assert "Rule 2-8 At least one medal rulebook" in result
    assert app.timeline.state.snapshot() == before and len(app.timeline.record.moves) == 1
    assert builder.picked and len(builder.picked) == 5  # the dish is still there to fix

    builder.add_card("rice")  # a Grain: the Home Cook's bonus medal
    verdicts = plain(builder.verdicts.value)
    assert "Judge 1, The Home Cook (needs 15): would accept, for 1 medal." in verdicts
    assert "+1 bonus medal: The Home Cook rewards 1 or more Grain ingredients" in verdicts
    assert "-1 medal: The Home Cook dislikes 1 or more Bitter ingredients" in verdicts
    builder.serve_buttons[0].click()
    kinds = [(m.kind, dict(m.params)) for m in app.timeline.record.moves[1:8]]
    assert kinds == [("dish", {"card": "bok_choy"}), ("dish", {"card": "steak"}),
                     ("dish", {"card": "potatoes"}), ("dish_plate", {"plate": 1}),
                     ("food_type", {"type": "produce"}), ("dish_plate", {"plate": 2}),
                     ("dish", {"card": "rice"})]
    assert app.timeline.record.moves[8].kind == "serve"
    assert app.timeline.state_at(9).medals[0] == 1
    assert app.errors.errors == []


def test_a_dish_on_the_counter_and_a_food_type_still_to_choose():
    app = scenario_app("end-of-round", 1)  # Alice: Steak, Tofu, Potatoes, Corn, Spoon
    app.moves.ask(Move.make(0, "dish", card="tofu"))  # asking only checks
    assert app.timeline.last == 1 and "Allowed" in plain(app.moves.whynot_result.value)
    assert "Nothing was played" in plain(app.moves.whynot_result.value)
    assert app.play_move(Move.make(0, "dish", card="tofu")) is None
    assert app.timeline.last == 2 and app.timeline.state.mode() == "food_type"
    builder = app.editor
    assert builder.layout.display != "none"
    assert "Already on the counter: Tofu." in plain(builder.heading.value)
    assert app.moves.move_buttons == []  # choosing the type is the builder's
    assert builder.cancel.layout.display != "none"
    assert builder.remove_buttons == []  # the counter's card is taken back with the dish
    menu = builder.type_menus[0]
    assert menu.description == "Tofu counts as"
    for card in ("steak", "potatoes", "corn"):
        builder.add_card(card)
    preview = plain(builder.preview.value)
    assert "1. Tofu: 5 meal points, running total 5" in preview
    assert "Total: 5 + 8 + 4 + 5 = 22 meal points" in preview
    # the builder counts each dual-type card the way most judges like best: Corn as a Grain
    assert "Corn counts as Grain in this dish (Rule C4)." in preview
    verdicts = plain(builder.verdicts.value)
    assert "Judge 1, The Noodle Master (needs 15): would accept, for 3 medals." in verdicts
    assert "+1 bonus medal: The Noodle Master rewards 1 or more Grain ingredients" in verdicts
    builder.type_menus[3].value = "produce"  # as in the rulebook's example: no Grain bonus
    assert "Judge 1, The Noodle Master (needs 15): would accept, for 2 medals." in \
        plain(builder.verdicts.value)
    builder.serve_buttons[0].click()
    kinds = [m.kind for m in app.timeline.record.moves[2:8]]
    assert kinds == ["food_type", "dish", "dish", "dish", "food_type", "serve"]
    assert app.timeline.state_at(8).medals[0] == 15
    assert app.errors.errors == []


def test_taking_the_dish_on_the_counter_back_apart():
    app = scenario_app("eggs-and-bok-choy", 1)
    app.play_move(Move.make(0, "dish", card="eggs"))
    builder = app.editor
    assert "Already on the counter: Eggs." in plain(builder.heading.value)
    builder.cancel.click()
    assert app.timeline.record.moves[-1].kind == "cancel"
    assert "eggs" in app.timeline.state.hand[0] and app.timeline.state.dish[0] == []
    assert builder.cancel.layout.display == "none"


def test_no_dish_yet_says_why_in_a_line():
    app = App(game=GAME, players=2, seed=2, mode="play", env={})  # 3 Spoons and 2 Salts
    builder = app.editor
    app.moves.move_buttons[-1].click()  # warm nothing: the play phase
    assert app.timeline.state.phase == "play"
    assert builder.layout.display != "none" and builder.body.layout.display == "none"
    head = plain(builder.heading.value)
    assert "No dish to put together yet." in head
    assert "short of the 15 the easiest open judge needs" in head and "Rule G11" in head
    assert "fp-cu-builder-compact" in builder._dom_classes
    assert app.errors.errors == []


def test_the_builder_is_only_for_the_learner_at_the_present_step(eggs):
    eggs.go(0)  # reading back: nothing to build
    assert eggs.editor.layout.display == "none"
    eggs.moves.catch_up.click()
    assert eggs.editor.layout.display != "none"
    watch = App(load_scenario(GAME, "eggs-and-bok-choy"), step=1, env={})
    assert watch.editor.layout.display == "none"


def test_a_dual_type_card_counts_the_way_an_open_judge_needs_it():
    setup = {"seed": 3, "first_player": 0,
             "judges_top": ["market_farmer", "tea_master", "grand_chef"],
             "hands": {"0": ["beans", "potatoes", "steak", "bacon", "spoon"]}}
    app = App(Record(GAME, 2, setup=setup, moves=[Move.make(0, "no_warm")]), mode="play",
              seat=0, env={})
    builder = app.editor
    for card in ("beans", "potatoes", "steak", "bacon"):
        builder.add_card(card)
    # Beans is "Protein or Produce": only as Produce does the dish hold the 2 Produce the
    # Market Farmer requires, so the builder counts it that way although Protein comes first
    assert builder.type_menus[0].value == "produce"
    assert "Judge 1, The Market Farmer (needs 15): would accept, for 2 medals." in \
        plain(builder.verdicts.value)
    builder.type_menus[0].value = "protein"  # the learner may still choose otherwise
    verdicts = plain(builder.verdicts.value)
    assert "The Market Farmer requires at least 2 Produce ingredients, and this dish has 1." \
        in verdicts
    assert app.errors.errors == []
