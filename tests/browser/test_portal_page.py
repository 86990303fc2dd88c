"""The page's observer (style.PAGE_JS) in Chromium, without a server: it puts each of the
portal's parts into its slot, and a table sent in pieces ends exactly as the whole table would
be, while the pieces a step did not change keep their nodes (portal.py)."""

from __future__ import annotations

import pytest

from foodplay_widgets.app import App
from foodplay_widgets.style import PAGE_JS

PARTS = ("table", "explanation", "turn", "counter", "progress")
# An app's page as ipywidgets draws it, reduced to what the observer reads: the hidden portal
# and the slots, each with the HTML widget's content box.
SKELETON = '<div class="fp-app">' + "".join(
    f'<div class="{cls}"><div class="widget-html-content"></div></div>'
    for cls in ("fp-portal", *(f"fp-slot-{name}" for name in PARTS))) + "</div>"

# Send the portal's value as an HTML widget does (its content's innerHTML), after marking the
# table's nodes; then report the table as shown and which marked nodes are still there.
SEND_JS = """async (value) => {
  const slot = document.querySelector('.fp-slot-table > .widget-html-content');
  const marked = Array.from(slot.querySelectorAll('*'));
  marked.forEach((node, i) => { node.fpMark = i; });
  document.querySelector('.fp-portal > .widget-html-content').innerHTML = value;
  await new Promise((resolve) => setTimeout(resolve));
  const kept = new Set(Array.from(slot.querySelectorAll('*')).map((node) => node.fpMark));
  return {
    table: slot.innerHTML,
    counter: document.querySelector('.fp-slot-counter > .widget-html-content').innerHTML,
    kept: marked.filter((node) => kept.has(node.fpMark)).length,
    left: document.querySelectorAll('.fp-portal script').length,
  };
}"""
# The same HTML as the browser serializes it once parsed whole.
PARSED_JS = """(html) => { const box = document.createElement('div'); box.innerHTML = html;
  return box.innerHTML; }"""


@pytest.fixture
def blank(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content(SKELETON)
    page.add_script_tag(content=PAGE_JS)
    yield page
    context.close()


def steps(app: App):
    """Each step of a learner's walk through the app: Next, Back, a jump, another seat, another
    language; the portal's value after each, with the table and counter the app shows."""
    moves = [app.controls.next.click] * 6 + [app.controls.back.click, lambda: app.go(20),
                                             lambda: setattr(app.seat_select, "value", 1),
                                             app.controls.next.click,
                                             lambda: setattr(app.lang_select, "value", "ko"),
                                             app.controls.next.click, lambda: app.go(2)]
    for move in moves:
        move()
        yield app.portal.value, app.table.value, app.controls.counter.value


@pytest.mark.parametrize("game", ["cuisine-a-la-card", "coffee-rush", "burg", "food-truck"])
def test_a_table_sent_in_pieces_ends_as_the_whole_table_would(blank, game):
    app = App(game=game, players=3, seed=1, step=0, env={})
    app.finish_game()
    kept_any = False
    for number, (value, table, counter) in enumerate(steps(app)):
        shown = blank.evaluate(SEND_JS, value)
        assert shown["table"] == blank.evaluate(PARSED_JS, table), (game, number)
        assert shown["counter"] == blank.evaluate(PARSED_JS, counter), (game, number)
        assert shown["left"] == 0  # every slot was there: the parts were placed once
        kept_any = kept_any or shown["kept"] > 0
    # the parts a step did not change stayed as they were (a game drawn whole keeps none)
    assert kept_any == (len(app.table.shown.framed["pieces"]) > 1)


def test_a_part_already_shown_keeps_its_nodes(blank):
    """Sent again unchanged (a late view, another part's change), a part is not drawn again:
    focus and selection in it stay."""
    app = App(game="burg", players=3, seed=1, step=3, env={})
    first = blank.evaluate(SEND_JS, app.portal.value)
    again = blank.evaluate(SEND_JS, app.portal.value)
    assert again["table"] == first["table"]
    marked = blank.evaluate(
        "() => document.querySelectorAll('.fp-slot-table > .widget-html-content *').length")
    assert again["kept"] == marked > 0
