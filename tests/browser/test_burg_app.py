"""The BURG tutor in a real browser: gallery to app, stepping by button and keyboard, play
mode with why-not, deep links (good and bad), and the share link.

All tests share the session's one Voilà server; each page is a fresh kernel. Waits are on
selectors and text (Playwright's auto-retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

GALLERY = "/voila/render/index.ipynb"
APP = "/voila/render/burg.ipynb"
FIRST_RENDER_MS = 30_000  # a new kernel runs the notebook first: 2-4 s here, more on busy CI
UPDATE_MS = 10_000  # a click's round trip to the kernel: about 50 ms, be generous
COUNTER = re.compile(r"step (\d+) / (\d+)")
AT_PRESENT = re.compile(r"^step (\d+) / \1$")  # the last step, where moves are played
CLAUSE = re.compile(r"^Rule [0-9A-Z]+(-\d+)?$")


def counter_re(step: int, total: int | None = None) -> re.Pattern[str]:
    last = r"\d+" if total is None else str(total)
    return re.compile(rf"^step {step} / {last}$")


def wait_for_app(page) -> tuple[int, int]:
    """Wait until the tutor is interactive (counter shown, Next present); (step, last)."""
    counter = page.locator(STEP_COUNTER)
    # the whole game: not "step 0 / 10 so far" while the bots still play (read_counter's form)
    expect(counter).to_have_text(re.compile(rf"^{COUNTER.pattern}$"), timeout=FIRST_RENDER_MS)
    expect(page.locator("button.fp-next")).to_be_visible()
    return read_counter(page)


def open_app(page, base: str, query: str = "") -> tuple[int, int]:
    page.goto(f"{base}{APP}{'?' + query if query else ''}")
    return wait_for_app(page)


def read_counter(page) -> tuple[int, int]:
    match = COUNTER.fullmatch(page.locator(STEP_COUNTER).inner_text().strip())
    assert match, page.locator(STEP_COUNTER).inner_text()
    return int(match[1]), int(match[2])


def expect_step(page, step: int, total: int | None = None) -> None:
    """The counter and the explanation's title both show `step`."""
    expect(page.locator(STEP_COUNTER)).to_have_text(counter_re(step, total),
                                                          timeout=UPDATE_MS)
    title = "Set-up" if step == 0 else f"Step {step}"
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text(title,
                                                                        timeout=UPDATE_MS)


def clause_numbers(page) -> list[str]:
    return page.locator(".fp-explanation .fp-clause-number").all_inner_texts()


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body
    assert "There was an error when executing cell" not in body


def test_gallery_opens_the_burg_tutor(page, voila_server, kernels, save_screenshot):
    page.goto(voila_server + GALLERY)
    card = page.locator('.fp-game-card.fp-built[data-game="burg"]')
    open_link = card.locator("a.fp-open")
    expect(open_link).to_be_visible(timeout=FIRST_RENDER_MS)
    save_screenshot(page, "burg-01-gallery")
    gallery_kernel = kernels.of(page)
    open_link.click()
    # the gallery opens the demo where something happens: piles on the table, Tongs next
    page.wait_for_url(re.compile(re.escape(APP) + r"\?seed=23&step=27$"))
    step, last = wait_for_app(page)
    assert step == 27 and last > step
    expect(page.locator(".fp-app-title")).to_contain_text("BURG")
    assert_no_traceback(page)
    save_screenshot(page, "burg-02-app-from-gallery")
    # leaving the gallery sends its kernel-shutdown beacon too, not only closing a page
    assert gallery_kernel and kernels.wait_gone(gallery_kernel)


def test_step_with_buttons_and_keyboard(page, voila_server, save_screenshot):
    step, last = open_app(page, voila_server)
    assert step == 0
    expect_step(page, 0, last)
    expect(page.locator("button.fp-back")).to_be_disabled()
    # the bots finished their game after the first paint: the slider reaches its last step
    expect(page.locator(".fp-slider .noUi-handle")).to_have_attribute("aria-valuemax",
                                                                      re.compile(rf"^{last}(\.0+)?$"))

    page.locator("button.fp-next").click()
    expect_step(page, 1, last)
    # a screen reader hears the step: the counter's box, which stays on the page, is the
    # live region, and it says what the step did (the explanation is read on demand)
    live = page.locator(".fp-step-counter > .widget-html-content")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_attribute("aria-atomic", "true")
    expect(page.locator(".fp-whynot-result > .widget-html-content")).to_have_attribute(
        "aria-live", "polite")
    move = page.locator(".fp-explanation .fp-step-move").inner_text()
    expect(live.locator(".fp-sr")).to_have_text(move)
    assert page.locator(".fp-explanation [aria-live]").count() == 0
    # the three came in one message, to the hidden portal, and each was moved to its place
    expect(page.locator(".fp-portal")).to_be_hidden()
    assert page.locator(".fp-portal script").count() == 0  # placed, then taken away
    numbers = clause_numbers(page)
    assert "Rule 1" in numbers, numbers  # step 1 reveals a card: Rule 1
    assert all(CLAUSE.match(n) for n in numbers), numbers
    expect(page.locator(".fp-explanation .fp-sentence-text").first).not_to_be_empty()
    expect(page.locator(".fp-explanation .fp-badge").first).to_have_text("rulebook")
    expect(page.locator("button.fp-back")).to_be_enabled()
    save_screenshot(page, "burg-03-step-1")

    # a clause number is a link that opens the rulebook at that clause
    rule_link = page.locator(".fp-explanation a.fp-clause-link").filter(has_text="Rule 1").first
    anchor = rule_link.get_attribute("href")
    rule_link.click()
    expect(page.locator("details.fp-rulebook")).to_have_attribute("open", "")
    target = page.locator(f"details.fp-rulebook li.fp-rule{anchor}")
    expect(target).to_be_in_viewport()
    expect(target.locator(".fp-clause-number")).to_have_text("Rule 1")

    handle = page.locator(".fp-slider .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect_step(page, 2, last)
    handle.press("ArrowRight")
    expect_step(page, 3, last)
    handle.press("ArrowLeft")
    expect_step(page, 2, last)
    handle.press("End")
    expect_step(page, last, last)
    expect(page.locator("button.fp-next")).to_be_disabled()
    save_screenshot(page, "burg-04-last-step")
    handle.press("Home")
    expect_step(page, 0, last)
    expect(page.locator("button.fp-next")).to_be_enabled()
    assert_no_traceback(page)


def test_play_a_move_then_ask_why_not(page, voila_server, save_screenshot):
    open_app(page, voila_server, "game=burg&players=2&seed=3&mode=play&seat=1")
    expect(page.locator(".fp-mode button.mod-active")).to_have_text("Play")
    expect(page.locator(".fp-seat select")).to_have_value("Alice (you)")  # seat=1
    # a new game in play mode opens at the set-up; the learner jumps to their turn
    catch_up = page.locator("button.fp-catch-up")
    catch_up.click()
    expect(page.locator(STEP_COUNTER)).to_have_text(AT_PRESENT, timeout=UPDATE_MS)
    moves = page.locator("button.fp-move")
    expect(moves.first).to_be_visible(timeout=UPDATE_MS)
    step, last = read_counter(page)
    expect(page.locator(".fp-turn")).to_contain_text("Your turn")
    save_screenshot(page, "burg-05-play-your-turn")

    label = moves.first.inner_text().strip()
    moves.first.click()
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text(f"Step {step + 1}",
                                                                        timeout=UPDATE_MS)
    expect(page.locator(".fp-explanation .fp-step-move")).to_contain_text(label)
    expect(page.locator(".fp-explanation .fp-sentence-text").first).not_to_be_empty()
    assert all(CLAUSE.match(n) for n in clause_numbers(page)) and clause_numbers(page)
    save_screenshot(page, "burg-06-play-after-move")

    # the bots replied after the learner's move: catch up to the learner's next decision
    expect(catch_up).to_be_visible()
    catch_up.click()
    expect(page.locator(STEP_COUNTER)).to_have_text(AT_PRESENT, timeout=UPDATE_MS)
    expect(moves.first).to_be_visible(timeout=UPDATE_MS)
    step, last = read_counter(page)
    legal = {" ".join(t.split()) for t in moves.all_inner_texts()}
    choice = page.locator(".fp-whynot-choice select")
    options = [" ".join(t.split()) for t in choice.locator("option").all_inner_texts()]
    refused = [i for i, text in enumerate(options) if text not in legal]
    assert refused, f"no refusable move offered: {options}"
    choice.select_option(index=refused[0])
    page.locator("button.fp-whynot-try").click()
    refusal = page.locator(".fp-whynot-result .fp-refusal")
    expect(refusal).to_be_visible(timeout=UPDATE_MS)
    expect(refusal).to_contain_text(options[refused[0]])
    reason = refusal.locator(".fp-refusal-reason").inner_text().strip()
    assert reason, "the refusal gives no reason"
    number = refusal.locator(".fp-clause-number").first.inner_text().strip()
    assert CLAUSE.match(number), number
    save_screenshot(page, "burg-07-why-not-refused")
    # a refused move changes nothing
    assert read_counter(page) == (step, last)
    assert {" ".join(t.split()) for t in moves.all_inner_texts()} == legal
    assert_no_traceback(page)


def test_deep_link_opens_step_and_seat(page, voila_server, save_screenshot):
    open_app(page, voila_server, "game=burg&players=3&seed=5&step=12&seat=2")
    expect_step(page, 12)
    seat = page.locator(".fp-seat select")
    expect(seat).to_have_value("Bob's view")  # seat 2 of Alice, Bob, Carol
    assert seat.evaluate("s => s.selectedIndex") == 2  # after "Teacher"
    expect(page.locator(".fp-message-box")).to_have_count(0)
    save_screenshot(page, "burg-08-deep-link")


def test_bad_link_shows_messages_not_a_traceback(page, voila_server, save_screenshot):
    step, last = open_app(page, voila_server, "game=chess&players=9&step=x")
    box = page.locator(".fp-message-box")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("role", "alert")
    for bad in ("chess", "players=9", "step=x"):
        expect(box).to_contain_text(bad)
    assert_no_traceback(page)
    assert (step, last) == (0, last) and last > 0  # BURG opens instead, ready to step
    expect(page.locator("button.fp-next")).to_be_enabled()
    save_screenshot(page, "burg-09-bad-link")


def test_share_link_reopens_the_same_step(page, voila_server, save_screenshot):
    _, last = open_app(page, voila_server, "game=burg&players=2&seed=3")
    for k in (1, 2, 3):
        page.locator("button.fp-next").click()
        expect_step(page, k, last)
    toggle = page.locator("button.fp-share-toggle")
    expect(toggle).to_have_text("Link to this step")
    toggle.focus()
    page.keyboard.press("Enter")  # by keyboard: the link is drawn once asked for
    expect(toggle).to_have_text("Hide the link and the download")
    box = page.locator("input.fp-share-url")
    expect(box).to_have_value(re.compile(r"^http.*step=3"))  # filled in by the browser
    url = box.input_value()
    assert url.startswith(voila_server + APP + "?"), url
    assert "step=3" in url, url
    link = page.locator("a.fp-share-link")
    assert link.get_attribute("href").startswith("?"), "relative: kept behind any proxy"
    assert link.evaluate("a => a.href") == url  # the copy box shows where the link goes
    explanation = page.locator(".fp-explanation").inner_text()

    shared = page.context.new_page()  # closed with its kernel by the `page` fixture
    shared.goto(url)
    assert wait_for_app(shared) == (3, last)
    expect_step(shared, 3, last)
    assert shared.locator(".fp-explanation").inner_text() == explanation
    expect(shared.locator(".fp-message-box")).to_have_count(0)
    save_screenshot(shared, "burg-10-shared-link")
