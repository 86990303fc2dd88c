"""Rule lookup and the printable summary in a real browser.

A search typed by keyboard (the search box's access key, then typing and Enter), a result
opened, a related rule followed, and a "see it in play" link followed to a bot game's step
whose explanation cites the rule; the summary page of every game prints on at most two A4
pages with type of 9 pt or more. Waits are on selectors and text, never fixed sleeps.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

from playwright.sync_api import expect
from tabs import STEP_COUNTER
from test_screens import AXE_RUN

APP = "/voila/render/burg.ipynb"
SUMMARY = "/voila/render/summary.ipynb"
FIRST_RENDER_MS = 30_000
UPDATE_MS = 10_000
MAX_TABS = 60
GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
MIN_PRINT_PX = 12.0  # 9 pt


def focused(page) -> dict:
    return page.evaluate("() => ({tag: document.activeElement?.tagName, "
                         "cls: document.activeElement?.className || '', "
                         "text: (document.activeElement?.innerText || '').trim(), "
                         "parent: document.activeElement?.closest('.fp-search') ? 1 : 0})")


def tab_to_link(page, css_class: str, text: str) -> None:
    """Press Tab until the focused element is the link of `css_class` reading `text`."""
    for _ in range(MAX_TABS):
        now = focused(page)
        if css_class in now["cls"] and now["text"] == text:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {text!r} (focus is on {focused(page)!r})")


def test_search_by_keyboard_then_related_rule_then_the_game_step(page, voila_server,
                                                                 save_screenshot):
    page.goto(f"{voila_server}{APP}?players=3&seed=7&step=0")
    expect(page.locator(".fp-search input")).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-search .widget-label")).to_contain_text("Look up a rule (Alt+K)")

    # the access key focuses the search box; type a question with a typo, press Enter
    page.locator("body").focus()
    page.keyboard.press("Alt+k")
    assert focused(page)["parent"] == 1 and focused(page)["tag"] == "INPUT", focused(page)
    page.keyboard.type("what does a rat tokn do")
    page.keyboard.press("Enter")
    results = page.locator(".fp-search-results")
    expect(results.locator(".fp-search-count")).to_contain_text("match", timeout=UPDATE_MS)
    expect(results.locator("a.fp-search-hit").first).to_have_text("Rule 5-1")
    # a screen reader hears the count from a live box that is not shown
    said = page.locator(".fp-search-said > .widget-html-content")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_contain_text("match")
    box = page.locator(".fp-search-said").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
    save_screenshot(page, "lookup-01-search")

    # open the first result by keyboard: its card in the rulebook reader
    tab_to_link(page, "fp-search-hit", "Rule 5-1")
    page.keyboard.press("Enter")
    card = page.locator("li.fp-rule:target")
    expect(card.locator(".fp-clause-number")).to_have_text("Rule 5-1")
    expect(page.locator("details.fp-rulebook")).to_have_attribute("open", "")
    expect(card).to_be_in_viewport()
    expect(card.locator(".fp-card-related")).to_contain_text("Related rules")
    expect(card.locator("a.fp-place").first).to_be_visible()
    save_screenshot(page, "lookup-02-card")

    # a related rule, followed: its own card becomes the target
    tab_to_link(page, "fp-related-link", "Rule D4")
    page.keyboard.press("Enter")
    expect(page.locator("li.fp-rule:target .fp-clause-number")).to_have_text("Rule D4")
    assert page.evaluate("() => location.hash").endswith("-D4")

    # back to 5-1, and to a bot game's step where rule 5-1 is the point
    page.go_back()
    expect(page.locator("li.fp-rule:target .fp-clause-number")).to_have_text("Rule 5-1")
    link = page.locator("li.fp-rule:target a.fp-place-game").first
    href = link.get_attribute("href")
    assert href and href.startswith("burg.ipynb?") and "step=" in href, href
    step = int(re.search(r"step=(\d+)", href).group(1))
    assert link.get_attribute("target") == "_blank"  # a new tab keeps the learner's game
    # followed in this tab, so that one kernel runs at a time (the link is relative to it)
    page.goto(urljoin(page.url, href))
    game = page
    counter = game.locator(STEP_COUNTER)
    expect(counter).to_have_text(re.compile(rf"^step {step} / \d+$"), timeout=FIRST_RENDER_MS)
    cited = game.locator(".fp-explanation .fp-cites .fp-clause-number")
    expect(cited.filter(has_text=re.compile(r"^Rule 5-1$")).first).to_be_visible()
    save_screenshot(game, "lookup-03-game-step")
    assert "Traceback" not in game.locator("body").inner_text()


def print_check(page, name: str) -> int:
    """Print the page shown to PDF (print media): its page count, after checking the type."""
    page.emulate_media(media="print")
    sizes = page.evaluate("() => [...document.querySelectorAll('.fp-sum-rule p, "
                          ".fp-sum-terms li')].map(e => parseFloat(getComputedStyle(e)"
                          ".fontSize))")
    assert sizes and min(sizes) >= MIN_PRINT_PX, (name, min(sizes))
    pdf = page.pdf(prefer_css_page_size=True)
    page.emulate_media(media="screen")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_every_summary_prints_on_two_a4_pages_at_9_pt(page):
    """The downloadable document of each game, printed as Chromium prints it."""
    from foodplay.teaching.summary import summary_html

    for game in GAMES:
        page.set_content(summary_html(game))
        pages = print_check(page, game)
        assert 1 <= pages <= 2, f"{game}: the summary prints on {pages} pages"


def test_the_summary_opens_as_a_page_that_prints_on_two_pages(page, voila_server,
                                                              save_screenshot):
    """The longest rulebook's summary page, in the app: download link, index, print."""
    page.goto(f"{voila_server}{SUMMARY}?game=cuisine-a-la-card")
    summary = page.locator(".fp-summary")
    expect(summary.locator(".fp-sum-index li").first).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(summary.locator("h2")).to_have_text("Index of terms")
    download = page.locator("a.fp-summary-download")
    assert download.get_attribute("download") == "cuisine-a-la-card-rules-summary.html"
    assert download.get_attribute("href").startswith("data:text/html;base64,")
    expect(page.locator(".fp-summary-bar a[aria-current=page]")).to_have_text(
        "Cuisine a la Card")
    save_screenshot(page, "lookup-04-summary")
    pages = print_check(page, "the summary page")
    assert 1 <= pages <= 2, f"the summary page prints on {pages} pages"
    page.emulate_media(media="print")
    save_screenshot(page, "lookup-05-summary-print")
    assert not page.locator(".fp-summary-bar").is_visible()


def test_the_search_box_takes_at_most_the_query_limit_and_says_why(page, voila_server,
                                                                   save_screenshot, axe_path):
    """Typed or pasted, a query stops at QUERY_CHARS characters and the box's note says so
    (a live region); a longer value sent by a script is refused by the kernel, unsearched."""
    from foodplay.limits import QUERY_CHARS

    page.goto(f"{voila_server}{APP}?players=3&seed=7&step=0")
    box = page.locator(".fp-search input")
    expect(box).to_be_visible(timeout=FIRST_RENDER_MS)
    note = page.locator(".fp-search-limit-text")
    expect(note).to_have_count(1)
    expect(note).to_have_text("")
    holder = page.locator(".fp-search-limit").bounding_box()
    assert holder is not None and holder["height"] <= 1, holder  # no room taken when empty
    expect(page.locator(".fp-search-limit > .widget-html-content")).to_have_attribute(
        "aria-live", "polite")

    box.click()
    assert box.evaluate("el => el.maxLength") == QUERY_CHARS
    page.keyboard.insert_text("rat " * 60)  # 240 characters at once, as a paste inserts them
    assert len(box.input_value()) == QUERY_CHARS
    page.keyboard.type("z")  # one more, typed
    assert len(box.input_value()) == QUERY_CHARS
    expect(note).to_have_text(f"The search box takes at most {QUERY_CHARS} characters.")
    save_screenshot(page, "lookup-06-limit-note")
    # said where the person is typing, on the laptop and the phone; no serious axe violation
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        # the box at the screen's bottom edge, where a person can click it; then two
        # characters over the limit
        box.evaluate("e => { e.scrollIntoView({block: 'end'}); e.focus(); }")
        page.keyboard.press("End")
        page.keyboard.press("Backspace")
        expect(note).to_have_text("")
        page.keyboard.type("zz")
        expect(note).to_have_text(f"The search box takes at most {QUERY_CHARS} characters.")
        where = note.evaluate("e => { const r = e.getBoundingClientRect(); return [r.top,"
                              " r.bottom, innerHeight]; }")
        assert 0 <= where[0] and where[1] <= where[2] + 1, (width, where)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_script_tag(path=str(axe_path))
    assert page.evaluate(AXE_RUN) == []
    page.keyboard.press("Backspace")
    expect(note).to_have_text("")
    # a paste that would not fit says so too (the listener reads the pasted text)
    box.evaluate("el => { const data = new DataTransfer(); data.setData('text', 'x'.repeat(9));"
                 " el.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data,"
                 " bubbles: true})); }")
    expect(note).to_have_text(f"The search box takes at most {QUERY_CHARS} characters.")
    page.keyboard.press("Enter")  # the 119 characters kept are searched
    results = page.locator(".fp-search-results")
    expect(results.locator(".fp-search-count")).to_contain_text("match", timeout=UPDATE_MS)

    # a value longer than the box allows, set by a script, reaches the kernel: refused
    box.evaluate("el => { el.value = 'r'.repeat(5000);"
                 " el.dispatchEvent(new Event('change', {bubbles: true})); }")
    expect(results.locator(".fp-search-too-long")).to_contain_text(
        f"at most {QUERY_CHARS} characters; this one has 5000", timeout=UPDATE_MS)
    expect(box).to_have_value("r" * QUERY_CHARS, timeout=UPDATE_MS)
    assert "Traceback" not in page.locator("body").inner_text()
