"""The control bar beside the explanation, the key legend and the key handler it installs."""

from __future__ import annotations

import re
from html import unescape

from html_text import plain

from foodplay_widgets.app.focus import FOCUS_JS
from foodplay_widgets.app.style import CSS
from foodplay_widgets.app.timeline import KEY_CLICKS, KEY_FOCUS, KEY_GO, KEYS_JS, LEGEND
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.worked_examples import worked_example


def find(widget, css: str):
    """The first widget under `widget` (itself included) with the CSS class `css`."""
    if css in getattr(widget, "_dom_classes", ()):
        return widget
    for child in getattr(widget, "children", ()):
        found = find(child, css)
        if found is not None:
            return found
    return None


def test_the_control_bar_heads_the_column_of_the_explanation(app):
    right = find(app, "fp-right")
    assert right.children[0] is app.controls
    assert app.explanation in right.children
    bar = app.controls
    row = bar.children[0]
    assert list(row.children) == [bar.first, bar.back, bar.counter_box, bar.next, bar.last]
    assert bar.autoplay in bar.tools.children and bar.speed in bar.tools.children
    assert app.mode_select in bar.tools.children  # Watch or Play, beside the steps
    assert find(find(app, "fp-bottom"), "fp-timeline") is None  # not at the bottom any more


def test_a_worked_example_hides_watch_or_play_with_its_settings():
    example = worked_example("burg", "two-player-reveal")
    assert example.mode_select.layout.display == "none"
    assert example.controls.next.layout.display != "none"


def test_the_legend_lists_every_key_from_the_catalogue(app):
    text = app.context().text
    legend = app.controls.legend.value
    for css, cap, action in LEGEND:
        assert re.search(rf'<li class="{css}"><kbd>{re.escape(text.html(cap))}</kbd> '
                         rf"{re.escape(text.html(action))}</li>", legend)
    assert "← back" in plain(legend) and "End last step" in plain(legend)
    # the search line shows only beside a rule search box
    assert ".fp-app:not(:has(.fp-rule-search)) .fp-key-search { display: none; }" in CSS


def test_the_installer_runs_the_key_handler_once_per_page(app):
    legend = app.controls.legend.value
    handler = re.search(r'<img class="fp-keys-installer" hidden alt="" src="data:," '
                        r'onerror="([^"]*)">', legend)
    assert handler, legend
    # escaped for the attribute, never cut short; the focus keeper first (its targets serve M, T)
    assert unescape(handler[1]) == FOCUS_JS + KEYS_JS
    assert KEYS_JS.startswith("(function () {\n  if (window.fpKeys) { return; }")
    assert FOCUS_JS.startswith("(function () {\n  if (window.fpFocus) { return; }")
    for key, target in KEY_GO.items():
        assert f'"{key}": "{target}"' in KEYS_JS and f"    {target}: function (app)" in FOCUS_JS
    assert "<script" not in legend  # an HTML widget would never run it


def test_every_key_clicks_a_button_the_bar_has(app):
    bar = app.controls
    classes = {css for button in (bar.first, bar.back, bar.next, bar.last, bar.autoplay)
               for css in button._dom_classes}
    for key, selector in KEY_CLICKS.items():
        assert selector.startswith("button.") and selector[len("button."):] in classes, key
        assert f'"{key}": "{selector}"' in KEYS_JS
    assert find(app.moves, "fp-whynot-choice") is app.moves.whynot  # W focuses its list
    assert KEY_FOCUS["w"] == ".fp-whynot-choice select" and KEY_FOCUS["/"].startswith(
        ".fp-rule-search")
    # keys typed into a field stay there
    for field in ("input", "textarea", "select", "[contenteditable]", "[role=slider]"):
        assert field in KEYS_JS


def test_tooltips_name_the_keys(app):
    bar = app.controls
    assert "left arrow" in bar.back.tooltip and "right arrow" in bar.next.tooltip
    assert "Home" in bar.first.tooltip and "End" in bar.last.tooltip
    assert "slider" not in bar.next.tooltip  # they work anywhere on the page now


def test_on_a_phone_the_explanation_then_the_moves_come_before_the_table():
    """Issue #33, item 8: on a phone the explanation was 2,000-3,300 px down, under the table,
    and play mode's move panel six screens down. Now: the step controls, the teacher's note,
    the explanation, (in play mode) the move panel, then the table."""
    block = CSS[CSS.index("@media (max-width: 800px)"):]
    order = {m[1]: int(m[2]) for m in re.finditer(
        r"\.fp-app:has\(\.fp-timeline\) (\.[\w-]+) \{ order: (\d+); \}", block)}
    assert order[".fp-nav-row"] < order[".fp-note"] < order[".fp-explanation-panel"] \
        < order[".fp-table-panel"], order
    play = re.search(r"\.fp-app:has\(\.fp-moves-play\) \.fp-bottom \{ order: (\d+); \}", block)
    # at the explanation's place: after it (the page's own order), before the table
    assert play and order[".fp-explanation-panel"] <= int(play[1]) < order[".fp-table-panel"]


def test_the_move_panel_says_when_it_is_play_mode():
    app = App(players=3, seed=5, env={})
    assert "fp-moves-play" not in app.moves._dom_classes
    app.mode_select.value = "play"
    assert "fp-moves-play" in app.moves._dom_classes
    app.mode_select.value = "watch"
    assert "fp-moves-play" not in app.moves._dom_classes
