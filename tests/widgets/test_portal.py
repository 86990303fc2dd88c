"""The portal: the parts every step changes (table, explanation, counter) reach the page in one
message, and the page's script moves each into its slot (portal.py)."""

from __future__ import annotations

import json
import re
from typing import Any

from foodplay_widgets.app.portal import FILL_FN, PLACE_FN, Portal, changes
from foodplay_widgets.app.renderers import PIECE
from foodplay_widgets.app.style import PAGE_JS
from foodplay_widgets.app.tutor import App


def message(value: str) -> dict[str, Any]:
    """The portal's message as the page reads it: the text of its one script element (the
    HTML parser ends it at the first "</script", whatever the case)."""
    found = re.fullmatch(r'<script type="application/json" class="fp-parts">(.*?)</script>',
                         value, re.S | re.I)
    assert found and "</" not in found[1] and "<!--" not in found[1], value
    return json.loads(found[1])


def parts(value: str) -> dict[str, Any]:
    """The portal's parts, {name: HTML or pieces}, in its message."""
    return message(value)["parts"]


def test_parts_changed_together_go_in_one_message():
    portal = Portal()
    table, counter = portal.part("table"), portal.part("counter")
    assert portal.part("table") is table  # one holder per name
    values = []
    portal.observe(lambda change: values.append(change["new"]), "value")
    with portal.together():
        table.value = "<p>t1</p>"
        counter.value = "<p>c1</p>"
        with portal.together():  # nested: still one message, at the outer end
            table.value = "<p>t2</p>"
        assert values == []
    assert len(values) == 1 and parts(values[0]) == {"table": "<p>t2</p>", "counter": "<p>c1</p>"}
    counter.value = "<p>c2</p>"  # outside: at once, with every part (a late view finds all)
    assert len(values) == 2 and parts(values[1]) == {"table": "<p>t2</p>", "counter": "<p>c2</p>"}
    with portal.together():
        pass  # nothing changed: nothing sent
    assert len(values) == 2


def test_the_page_observer_places_each_part_once():
    """What the page does with it is tested in Chromium (tests/browser/test_portal_page.py)."""
    portal = Portal()
    portal.part("table").value = '<p class="x">a "quoted" word</p>'
    assert portal.value.startswith('<script type="application/json" class="fp-parts">')
    assert portal.value.endswith("</script>")  # nothing else: the page's observer places it
    # the page's observer places them in the same task as the portal's change
    assert f"var place = {PLACE_FN};" in PAGE_JS and f"var fill = {FILL_FN};" in PAGE_JS
    assert "getElementsByClassName(name)" in PAGE_JS and "!place(box)" in PAGE_JS
    slot = Portal.slot("table", "fp-table")
    assert slot._dom_classes == ("fp-slot-table", "fp-table") and slot.value == ""


def test_a_table_travels_in_pieces_that_make_the_whole_table():
    """The portal carries a table as its frame and its pieces; put together, they are the
    table's HTML (the page puts each piece where the frame marks it)."""
    app = App(game="cuisine-a-la-card", players=3, seed=1, step=4, env={})
    carried = parts(app.portal.value)["table"]
    assert carried == app.table.shown.framed
    gaps = carried["frame"].split(PIECE)
    assert len(gaps) == len(carried["pieces"]) + 1 > 5  # the header, the market, each seat...
    pieces = [*carried["pieces"], ""]
    whole = "".join(gap + piece for gap, piece in zip(gaps, pieces, strict=True))
    assert whole == app.table.value and "fp-cu-seat" in whole


def test_any_html_and_any_language_arrive_as_they_were():
    portal = Portal()
    tricky = '<p>a</script><script>x</script><!-- c --> <SCRIPT></p>'
    portal.part("table").value = tricky
    portal.part("counter").value = "<p>단계 3 · 第 3 步</p>"
    assert parts(portal.value) == {"table": tricky, "counter": "<p>단계 3 · 第 3 步</p>"}
    assert "단계" in portal.value  # sent as it is, not as \u escapes three times longer


def slots(app: App) -> list:
    """The widgets laid out where the portal's parts go."""
    return [app.table.children[0], app.explanation.children[0], app.controls.counter_box,
            app.moves.children[0], app.scores.children[0]]


def test_an_app_carries_what_each_step_changes_through_its_portal():
    app = App(game="burg", seed=2, step=3, env={})
    assert app.portal in app.children and app.portal.layout.display == "none"
    shown = parts(app.portal.value)
    assert shown == {"table": app.table.shown.framed, "explanation": app.explanation.html.value,
                     "turn": app.moves.status.value, "counter": app.controls.counter.value,
                     "progress": app.scores.progress.value}
    assert "Step 3" in shown["explanation"] and "step 3 /" in shown["counter"]
    names = ("table", "explanation", "counter", "turn", "progress")
    for name, slot in zip(names, slots(app), strict=True):
        assert f"fp-slot-{name}" in slot._dom_classes
    app.controls.next.click()
    assert "Step 4" in parts(app.portal.value)["explanation"]
    assert [s.value for s in slots(app)] == [""] * 5  # the page fills them, never the kernel


def test_once_the_page_has_drawn_the_app_only_changes_travel():
    """After the page's ping, a Next click sends the parts and pieces that changed, numbered
    after the message before; a view drawn from the kernel's state still gets every part."""
    app = App(game="cuisine-a-la-card", players=3, seed=1, step=3, env={})
    whole = message(app.portal.value)
    assert whole["follows"] is None  # before the page has spoken: every part, every time
    app.ping.click()  # the page drew the app
    first = message(app.portal.value)
    assert first["follows"] is None and first["parts"] == parts(app.portal.get_state()["value"])
    app.controls.next.click()
    step = message(app.portal.value)
    assert step["follows"] == first["number"] and step["number"] == first["number"] + 1
    table = step["parts"]["table"]
    assert None in table["pieces"] and any(table["pieces"])  # some pieces kept, some sent
    assert len(app.portal.value) < len(app.portal.get_state()["value"]) * 3 / 4
    # put together on the message before, the changes make the whole step
    shown = dict(first["parts"])
    for name, part in step["parts"].items():
        if isinstance(part, dict):
            part = {"frame": part["frame"], "pieces": [
                new if new is not None else old
                for new, old in zip(part["pieces"], shown[name]["pieces"], strict=True)]}
        shown[name] = part
    assert shown == parts(app.portal.get_state()["value"])
    assert shown["table"] == app.table.shown.framed
    assert shown["explanation"] == app.explanation.html.value
    # asked again (the page lost track): every part, as one message numbered on
    app.ping.click()
    again = message(app.portal.value)
    assert again["follows"] is None and again["parts"] == shown


def test_changes_keep_a_whole_part_when_its_frame_changes():
    before = {"t": {"frame": "<a>", "pieces": ["x", "y"]}, "e": "<p>1</p>", "c": "same"}
    now = {"t": {"frame": "<a>", "pieces": ["x", "z"]}, "e": "<p>2</p>", "c": "same"}
    assert changes(before, now) == {"t": {"frame": "<a>", "pieces": [None, "z"]},
                                    "e": "<p>2</p>"}
    reframed = {"t": {"frame": "<b>", "pieces": ["x", "y"]}}
    assert changes(before, reframed) == reframed
