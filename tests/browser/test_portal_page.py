"""The page's observer (style.PAGE_JS) in Chromium, without a server: it puts each of the
portal's parts into its slot, and a table sent in pieces ends exactly as the whole table would
be, while the pieces a step did not change keep their nodes (portal.py)."""

from __future__ import annotations

import pytest

from foodplay_widgets.app.portal import ASK_EVERYTHING
from foodplay_widgets.app.style import PAGE_JS
from foodplay_widgets.app.tutor import App

PARTS = ("table", "explanation", "turn", "counter", "progress")
# An app's page as ipywidgets draws it, reduced to what the observer reads: the hidden portal
# and the slots, each with the HTML widget's content box.
SKELETON = '<div class="fp-app">' + "".join(
    f'<div class="{cls}"><div class="widget-html-content"></div></div>'
    for cls in ("fp-portal", *(f"fp-slot-{name}" for name in PARTS))) + (
    f'<button class="{ASK_EVERYTHING}" onclick="window.asked = (window.asked || 0) + 1">'
    "</button></div>")

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
    asked: window.asked || 0,
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


@pytest.mark.parametrize("changes_only", [False, True], ids=["whole", "changes"])
@pytest.mark.parametrize("game", ["cuisine-a-la-card", "coffee-rush", "burg", "food-truck"])
def test_a_table_sent_in_pieces_ends_as_the_whole_table_would(blank, game, changes_only):
    """Every part in every message (before the page's ping), or only what changed (after)."""
    app = App(game=game, players=3, seed=1, step=0, env={})
    app.finish_game()
    if changes_only:
        app.ping.click()  # the page has drawn the app: every part once, then changes
        blank.evaluate(SEND_JS, app.portal.value)
    kept_any = False
    for number, (value, table, counter) in enumerate(steps(app)):
        shown = blank.evaluate(SEND_JS, value)
        assert shown["table"] == blank.evaluate(PARSED_JS, table), (game, number)
        assert shown["counter"] == blank.evaluate(PARSED_JS, counter), (game, number)
        assert shown["left"] == 0  # every slot was there: the parts were placed once
        kept_any = kept_any or shown["kept"] > 0
    assert shown["asked"] == 0  # nothing missed: the page never asked for everything
    # the parts a step did not change stayed as they were (a game drawn whole keeps none)
    assert kept_any == (len(app.table.shown.framed["pieces"]) > 1)


def test_a_page_that_missed_a_message_asks_for_everything_once(blank):
    """Changes that do not follow the last message placed are not placed: the page asks for
    every part (once, however many such messages come) and is whole again with the answer."""
    app = App(game="cuisine-a-la-card", players=3, seed=1, step=0, env={})
    app.finish_game()
    app.ping.click()
    first = blank.evaluate(SEND_JS, app.portal.value)
    app.controls.next.click()  # this message never reaches the page
    for _ in range(2):
        app.controls.next.click()
        shown = blank.evaluate(SEND_JS, app.portal.value)
        assert shown["table"] == first["table"] and shown["asked"] == 1
    app.ping.click()  # what the click on the page's button does in the kernel
    shown = blank.evaluate(SEND_JS, app.portal.value)
    assert shown["table"] == blank.evaluate(PARSED_JS, app.table.value)
    assert shown["counter"] == blank.evaluate(PARSED_JS, app.controls.counter.value)
    app.controls.next.click()  # and changes are placed again
    shown = blank.evaluate(SEND_JS, app.portal.value)
    assert shown["table"] == blank.evaluate(PARSED_JS, app.table.value)
    assert shown["asked"] == 1


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


# A widget as ipywidgets draws it: its element first, its content box a moment later.
DRAW_LATER_JS = """async ([classes, html]) => {
  const tick = () => new Promise((resolve) => setTimeout(resolve));
  const widget = document.createElement('div');
  widget.className = classes;
  document.querySelector('.fp-app').append(widget);
  await tick();
  const box = document.createElement('div');
  box.className = 'widget-html-content';
  box.innerHTML = html;
  widget.append(box);
  await tick();
  return box.getAttribute('aria-live');
}"""
SLOT_TEXT_JS = """(name) => {
  const box = document.querySelector(`.fp-slot-${name} > .widget-html-content`);
  return box ? box.textContent : null;
}"""


def test_parts_wait_for_a_slot_drawn_later(blank):
    """A portal that arrives before one of its slots keeps that part until the slot is drawn;
    a widget drawn later, content box after element, is found too (live region, portal)."""
    data = '{"number": 1, "follows": null, "parts": {"table": "<p>T</p>", "note": "<p>N</p>"}}'
    script = f'<script type="application/json" class="fp-parts">{data}</script>'
    blank.evaluate("""(value) => { document.querySelector('.fp-portal > .widget-html-content')
      .innerHTML = value; }""", script)
    blank.wait_for_timeout(50)
    assert blank.evaluate(SLOT_TEXT_JS, "table") == "T"
    assert blank.evaluate(SLOT_TEXT_JS, "note") is None
    assert blank.locator(".fp-portal script").count() == 1  # kept for the slot not drawn
    blank.evaluate(DRAW_LATER_JS, ["fp-slot-note", ""])
    assert blank.evaluate(SLOT_TEXT_JS, "note") == "N"
    assert blank.locator(".fp-portal script").count() == 0
    assert blank.evaluate(DRAW_LATER_JS, ["fp-live", "<p>said</p>"]) == "polite"
    # a second portal drawn with its parts already in it (a view drawn late)
    later = ('<script type="application/json" class="fp-parts">'
             '{"number": 1, "follows": null, "parts": {"turn": "<b>U</b>"}}</script>')
    blank.evaluate(DRAW_LATER_JS, ["fp-portal", later])
    assert blank.evaluate(SLOT_TEXT_JS, "turn") == "U"
