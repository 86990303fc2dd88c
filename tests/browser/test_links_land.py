"""A deep link lands on what it links to (issue #33, item 3): scrolled into view, with focus on
its heading (a step title, a lesson's heading), once the widgets have arrived. Before, every
link opened at the top of the page: a worked example's "Link to this step" showed example 1 at
step 0, the linked example 16,000 px down.

One link into each long page the tutor links to: a worked example's step (the third of ten on
Food Truck's examples page, thousands of px down), a shared game position and a class link on a
phone (the step's explanation is 2,000-3,500 px down there), a lesson."""

from __future__ import annotations

import pytest

from foodplay.links import Link
from foodplay_widgets.pages.worked_examples import load_scenario

WAIT_MS = 90_000  # the examples page builds its apps one after another before the third

# Where focus is, whether it is inside the widget the link opened, and whether it is on screen.
FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) { return null; }
  const box = el.getBoundingClientRect();
  const scroller = document.querySelector('.lm-BoxPanel-child') || document.scrollingElement;
  return {classes: el.className, text: (el.innerText || '').slice(0, 80),
          scrolled: Math.round(scroller.scrollTop),
          opened: !!el.closest('.fp-link-target'), top: Math.round(box.top),
          bottom: Math.round(box.bottom), height: window.innerHeight};
}"""
LANDED_ON = """(selector) => {
  const el = document.activeElement;
  if (!el || !el.matches(selector) || !el.closest('.fp-link-target')) { return false; }
  const box = el.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
}"""


def example_step_link(name: str, step: int) -> str:
    """The query of a worked example's "Link to this step" (the app's share link)."""
    record = load_scenario("food-truck", name)
    return Link(game="food-truck", players=record.players, record=record, step=step).query()


LINKS = {
    # name: (notebook, query, viewport, what focus lands on)
    "example": ("food-truck-examples.ipynb", example_step_link("stacking", 5),
                (1280, 800), ".fp-step-title"),
    "position": ("food-truck.ipynb", "players=3&seed=2&step=20", (390, 844), ".fp-step-title"),
    "class-link": ("teacher.ipynb", "game=burg&seed=3&step=12", (390, 844), ".fp-step-title"),
    "lesson": ("lessons.ipynb", "lesson=food-truck/cover-up", (390, 844),
               ".fp-lesson-heading"),
}


@pytest.mark.parametrize("name", list(LINKS))
def test_a_deep_link_lands_on_its_target_with_focus(page, notebook_url, save_screenshot, name):
    notebook, query, (width, height), heading = LINKS[name]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(notebook_url(notebook, query), timeout=WAIT_MS)
    try:
        page.wait_for_function(LANDED_ON, arg=heading, timeout=WAIT_MS, polling=200)
    finally:
        save_screenshot(page, f"link-lands-{name}")
    page.wait_for_timeout(500)  # the page may still grow above it: the landing holds
    focus = page.evaluate(FOCUS)
    assert focus is not None and focus["opened"], focus
    assert 0 <= focus["top"] and focus["bottom"] <= focus["height"], focus
    if name == "example":  # far down the page: the page was scrolled to it (a game's own
        # page puts the step first on a phone, so a position link needs no long scroll)
        assert focus["scrolled"] > 1500, focus
    if name == "example":  # the linked example, at the linked step: not example 1
        target = page.locator(".fp-link-target")
        assert target.count() == 1
        assert "5" in target.locator(".fp-step-counter").first.inner_text()
