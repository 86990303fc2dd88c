"""A placeholder's ping (lean.Later) in Chromium, without a server: it waits until every app
already on the page shows its step counter, so that the kernel sends the other examples only
once the page's first example is shown (ping.py, lean.APP_NOT_SHOWN)."""

from __future__ import annotations

import pytest

from foodplay_widgets.serving.lean import APP_NOT_SHOWN
from foodplay_widgets.serving.ping import AFTER_WAIT_MS, ping_html

APP = ('<div class="fp-app"><div class="fp-slot-counter">'
       '<div class="widget-html-content"></div></div></div>')
LATER = ('<div class="fp-later">' + ping_html(".fp-later", "fp-later-go", after=APP_NOT_SHOWN)
         + '<button class="fp-later-go" onclick="window.pinged = performance.now()"></button>'
         "</div>")
SHOW_COUNTER = """() => { window.shown = performance.now();
  document.querySelector('.fp-slot-counter > .widget-html-content').innerHTML =
    '<span class="fp-counter">step 0 / 9</span>'; }"""


@pytest.fixture
def blank(browser):
    context = browser.new_context()
    yield context.new_page()
    context.close()


def test_the_placeholder_pings_once_the_apps_before_it_are_shown(blank):
    blank.set_content(APP + LATER)
    blank.wait_for_timeout(300)
    assert blank.evaluate("window.pinged") is None  # the app's counter is not shown yet
    blank.evaluate(SHOW_COUNTER)
    blank.wait_for_function("window.pinged !== undefined", timeout=2000)
    waited = blank.evaluate("window.pinged - window.shown")
    assert 0 <= waited < 200, waited


def test_with_no_app_on_the_page_it_pings_at_once(blank):
    blank.set_content(LATER)
    blank.wait_for_function("window.pinged !== undefined", timeout=1000)


def test_an_app_that_never_shows_holds_the_others_back_only_so_long(blank):
    blank.set_content(APP + LATER)
    blank.wait_for_function("window.pinged !== undefined", timeout=AFTER_WAIT_MS + 2000)
