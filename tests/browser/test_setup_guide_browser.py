"""The set-up guide page on a phone (issue 30, item 1): a step ticked by keyboard, touch targets
of 44 px, no serious axe finding, and the guide prints on one A4 page with empty boxes."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_screens import LAYOUT_PROBLEMS, check_axe

from foodplay.i18n.messages import catalogue

FIRST_RENDER_MS = 60_000
UPDATE_MS = 10_000
PHONE = {"width": 390, "height": 844}


def test_the_guide_on_a_phone_ticks_by_keyboard_and_prints_on_one_page(
        page, notebook_url, axe_path, save_screenshot):
    page.set_viewport_size(PHONE)
    # the longest guide: Coffee Rush for two, eight steps
    page.goto(notebook_url("setup.ipynb", "game=coffee-rush&players=2"))
    boxes = page.locator(".fp-guide-check input[type=checkbox]")
    expect(boxes.first).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(boxes).to_have_count(8)
    progress = page.locator(".fp-guide-progress")
    expect(progress).to_contain_text("0 of 8 steps done")

    # a step ticked from the keyboard: the box has the focus, Space ticks it
    boxes.nth(1).focus()
    page.keyboard.press("Space")
    expect(boxes.nth(1)).to_be_checked()
    expect(progress).to_contain_text("1 of 8 steps done", timeout=UPDATE_MS)

    # each box's label (the whole step) and each menu is a target of at least 44 px
    labels = page.locator(".fp-guide-check .widget-label-basic")
    heights = [labels.nth(i).bounding_box()["height"] for i in range(labels.count())]
    assert min(heights) >= 44, heights
    menus = page.locator(".fp-guide-menus select")
    assert all(menus.nth(i).bounding_box()["height"] >= 44 for i in range(menus.count()))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 390 px phone"
    assert page.evaluate(LAYOUT_PROBLEMS, True) == []  # nothing clipped or over an edge
    # a step's rule opens by keyboard to its text, with the link to the rules summary
    rule = page.locator(".fp-guide-meta > summary").first
    rule.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".fp-guide-clause").first).to_contain_text("102 ingredient tokens")
    link = page.locator("a.fp-guide-rule-link").first
    assert re.search(r"summary\.ipynb\?game=coffee-rush#rule-C1$", link.get_attribute("href"))
    check_axe(page, axe_path)
    save_screenshot(page, "setup-guide-phone")

    # printed: one A4 page, the ticked box as empty as the others, no menus
    page.emulate_media(media="print")
    assert not page.locator(".fp-guide-menus").is_visible()
    looks = page.evaluate("""() => [...document.querySelectorAll('.fp-guide-check input')]
        .map(e => getComputedStyle(e).appearance + ' ' + getComputedStyle(e).backgroundColor)""")
    assert set(looks) == {"none rgb(255, 255, 255)"}, looks
    pdf = page.pdf(prefer_css_page_size=True)
    save_screenshot(page, "setup-guide-print")
    page.emulate_media(media="screen")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"the guide prints on {pages} pages"
    assert "Traceback" not in page.locator("body").inner_text()

    # the Language menu redraws everything at once, the tick kept
    korean = catalogue(None, "ko").format("ui.lang.name")
    page.locator(".fp-lang select").select_option(label=korean)
    expect(progress).to_contain_text("8단계 중 1단계 완료", timeout=UPDATE_MS)
    expect(boxes.nth(1)).to_be_checked()
    expect(page.locator(".fp-guide-heading")).to_have_text("Coffee Rush 준비하기: 2인 게임")
    save_screenshot(page, "setup-guide-phone-ko")

    # French, the longest words of the five, still prints on one page
    page.locator(".fp-lang select").select_option(label=catalogue(None, "fr").format(
        "ui.lang.name"))
    expect(progress).to_contain_text("Étape", timeout=UPDATE_MS)
    page.emulate_media(media="print")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", page.pdf(prefer_css_page_size=True)))
    page.emulate_media(media="screen")
    assert pages == 1, f"the French guide prints on {pages} pages"
