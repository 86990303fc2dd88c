"""Food Truck in play mode: the learner orders their pile with the editor, bots reply, and
refused moves (a stale order, Recall on a pile) change nothing."""

from __future__ import annotations

from html_text import plain

from foodplay.engine import Move
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.worked_examples import load_scenario

GAME = "food-truck"


def play_app(**kwargs) -> App:
    return App(game=GAME, players=3, seed=7, mode="play", env={}, **kwargs)


def test_the_editor_takes_the_pile_order_instead_of_one_button_per_card():
    app = play_app()
    editor = app.editor
    assert app.learner == 0 and app.timeline.cursor == app.timeline.last == 0
    assert editor.layout.display != "none"
    assert app.editor_slot in app.moves.children and app.editor_slot.children == (editor,)
    assert app.moves.move_buttons == []  # no "put X next" buttons while the editor is shown
    assert app.moves.whynot.options  # but why-not stays
    assert "Your turn, in secret" in plain(app.moves.status.value)
    labels = [label for label, _ in editor.listbox.options]
    assert labels == ["1. Burger (revealed first)", "2. Döner", "3. Pizza", "4. Tacos",
                      "5. Noodles", "6. Ice Cream"]
    assert editor.up.disabled and not editor.down.disabled  # the top card is selected


def test_order_a_pile_with_the_buttons_then_confirm():
    app = play_app()
    editor = app.editor
    editor.select("ice_cream")  # keyboard: arrow keys in the list
    assert "Ice Cream is selected, in place 6." in plain(editor.status.value)
    for _ in range(5):
        editor.up.click()
    assert editor.order[0] == "ice_cream" and editor.listbox.value == 0
    assert "Ice Cream is now in place 1." in plain(editor.status.value)
    assert editor.listbox.options[0][0] == "1. Ice Cream (revealed first)"
    editor.select("pizza")
    editor.down.click()
    wanted = ["ice_cream", "burger", "doner", "tacos", "pizza", "noodles"]
    assert editor.order == wanted
    assert "1. Ice Cream" in plain(editor.preview.value)

    editor.confirm.click()
    record = app.timeline.record
    assert [m.to_json() for m in record.moves[:6]] == [
        {"seat": 0, "kind": "order", "card": c} for c in wanted]
    assert app.timeline.cursor == 6  # the learner's last card is shown first
    assert app.timeline.state_at(6).pile[0] == wanted
    assert all(m.seat != 0 for m in record.moves[6:])  # then the bots, up to the learner
    timeline = app.timeline
    service = next(k for k in range(6, timeline.last + 1)
                   if timeline.state_at(k).phase != "prepare")
    state = timeline.state_at(service)  # every pile is ready: the service begins
    assert state.pile[0] == wanted
    assert all(len(pile) == 6 and not hand for pile, hand in zip(state.pile, state.hand,
                                                                  strict=True))
    assert 0 in timeline.state_at(timeline.last).decision().seats
    assert editor.layout.display == "none"
    assert "Alice puts Noodles in place 6 of 6" in plain(app.explanation.html.value)
    assert app.errors.errors == []

    app.moves.catch_up.click()  # to the learner's first reveal
    assert "Your turn" in plain(app.moves.status.value)
    assert [b.description for b in app.moves.move_buttons][0] == "reveal your top card"
    app.moves.undo.click()  # the whole order was one decision: undo takes it all back
    assert app.timeline.last == 0 and app.timeline.record.moves == []
    assert app.editor.layout.display != "none" and len(app.editor.order) == 6


def test_an_order_after_a_single_card_continues_the_pile():
    app = play_app()
    app.moves.ask(Move.make(0, "order", card="tacos"))  # asking only checks: nothing played
    assert "Allowed: put Tacos" in plain(app.moves.whynot_result.value)
    assert app.timeline.last == 0 and app.timeline.record.moves == []
    assert app.play_move(Move.make(0, "order", card="tacos")) is None  # one card, played
    assert app.timeline.state.pile[0] == ["tacos"]
    editor = app.editor
    assert "Already on your pile, from the top: Tacos" in plain(editor.heading.value)
    assert editor.listbox.options[0][0] == "2. Burger"
    editor.confirm.click()
    assert app.timeline.state_at(6).pile[0] == ["tacos", "burger", "doner", "pizza", "noodles",
                                                "ice_cream"]
    app.moves.undo.click()  # the editor's five cards go back; the single Tacos stays
    assert [m.get("card") for m in app.timeline.record.moves] == ["tacos"]


def test_suggested_order_comes_with_reasons():
    app = play_app()
    app.editor.suggest.click()
    assert sorted(app.editor.order) == sorted(["burger", "doner", "pizza", "tacos", "noodles",
                                               "ice_cream"])
    advice = plain(app.editor.preview.value)
    assert "Why this order:" in advice and "Lead with" in advice
    assert app.timeline.record.moves == []  # nothing played


def test_a_refused_order_shows_reason_and_clause_and_plays_nothing():
    app = play_app()
    editor = app.editor
    before = app.timeline.state.snapshot()
    editor.order = ["pizza", "pizza", "burger", "doner", "tacos", "ice_cream"]  # two Pizzas?
    editor.confirm.click()
    result = plain(editor.result.value)
    assert "This order cannot be laid down: put Pizza next in your pile is not allowed." in result
    assert "Alice has no Pizza left to put on the pile." in result
    assert "Rule 1-2 Order your cards in secret rulebook" in result
    assert app.timeline.record.moves == []  # not even the first Pizza
    assert app.timeline.state.snapshot() == before
    assert app.errors.errors == []


def test_play_moves_checks_everything_first():
    app = play_app()
    moves = [Move.make(0, "order", card=c) for c in ("burger", "doner", "curry")]
    index, verdict = app.play_moves(moves)
    assert (index, verdict.ok, verdict.clause) == (2, False, "R1-2")
    assert app.timeline.record.moves == []
    index, verdict = app.play_moves([Move.make(1, "order", card="burger")])
    assert index == 0 and verdict.reason == "verdict.not_your_turn"


def test_refused_recall_on_a_pile_in_play_mode():
    scenario = load_scenario(GAME, "truck-recall")
    record = Record(scenario.game, scenario.players, seed=scenario.seed, setup=scenario.setup,
                    options=scenario.options, names=scenario.names,
                    moves=scenario.moves[:34])  # Alice to reveal, holding Recall
    app = App(record, mode="play", seat=0, env={})
    assert app.timeline.cursor == app.timeline.last == 34
    assert app.editor.layout.display == "none"  # not a pile-ordering decision
    labels = [b.description for b in app.moves.move_buttons]
    assert labels == ["reveal your top card", "use Recall on Bob's Pizza"]
    before = app.timeline.state.snapshot()
    pile = Move.make(0, "recall", target=1, card="burger")
    app.moves.ask(pile)  # "Check": asking never plays
    text = plain(app.moves.whynot_result.value)
    assert "Not allowed: use Recall on Bob's Burger." in text
    assert "Bob's Burger is part of a pile of 2." in text
    assert "Rule G2-3 Recall tutor default" in text
    assert app.timeline.state.snapshot() == before
    assert len(app.timeline.record.moves) == 34
    assert app.errors.errors == []
