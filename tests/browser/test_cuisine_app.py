"""The Cuisine a la Card tutor in a real browser: from the gallery into the app, step with Next
reading the clauses, then open the rulebook's Eggs and Bok Choy hand in play mode (a deep link),
build the dish in the dish builder with the mouse and the keyboard, read its running total and
the judges' answers, and serve it.

The gallery is the session's shared loaded page (its card is only read); the app opens in the
test's tab at the card's link. Waits are on selectors and text (Playwright's auto-retrying
`expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

from foodplay.links import Link
from foodplay.record import Record
from foodplay_widgets.pages.worked_examples import load_scenario

APP = "/voila/render/cuisine-a-la-card.ipynb"
FIRST_RENDER_MS = 30_000  # a new kernel runs the notebook first: 2-4 s here, more on busy CI
UPDATE_MS = 10_000  # a click's round trip to the kernel: about 50 ms, be generous
CLAUSE = re.compile(r"^Rule [0-9A-Z]+(-\d+)?$")


def expect_step(page, step: int) -> None:
    title = "Set-up" if step == 0 else f"Step {step}"
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text(title,
                                                                        timeout=UPDATE_MS)
    expect(page.locator(STEP_COUNTER)).to_have_text(re.compile(rf"^step {step} / \d+$"),
                                                          timeout=UPDATE_MS)


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body
    assert "There was an error when executing cell" not in body


def eggs_in_play_mode() -> str:
    """The query that seats the learner as Alice, after warming nothing, in the rulebook's
    Eggs and Bok Choy example (Eggs, Bok Choy, Steak, Potatoes and a Spoon in hand)."""
    sc = load_scenario("cuisine-a-la-card", "eggs-and-bok-choy")
    record = Record(sc.game, sc.players, seed=sc.seed, setup=sc.setup, options=sc.options,
                    names=sc.names, moves=sc.moves[:1])
    return Link(game=sc.game, players=sc.players, record=record, step=1, seat=0,
                mode="play").query()


def test_step_through_then_build_and_serve_a_dish(page, loaded_page, voila_server,
                                                  save_screenshot):
    gallery = loaded_page("index.ipynb", ".fp-game-card.fp-built")
    card = gallery.locator('.fp-game-card.fp-built[data-game="cuisine-a-la-card"]')
    expect(card.locator("a.fp-open")).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(card).to_contain_text("Dani Demarest")
    save_screenshot(gallery, "cuisine-01-gallery")
    page.goto(card.locator("a.fp-open").evaluate("a => a.href"))  # the link, in the test's tab
    page.wait_for_url(re.compile(re.escape(APP) + r"$"))
    expect(page.locator(STEP_COUNTER)).to_have_text(re.compile(r"^step 0 / \d+$"),
                                                          timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-app-title")).to_contain_text("Cuisine a la Card")
    expect(page.locator(".fp-components")).to_contain_text("Tutor card set")
    expect(page.locator(".fp-table-title")).to_contain_text("Round 1")
    expect(page.locator(".fp-cu-market .fp-cu-slot")).to_have_count(5)  # 4 slots + the Fridge
    assert_no_traceback(page)

    # step with Next: every sentence cites a rule by its number
    for step in (1, 2, 3):
        page.locator("button.fp-next").click()
        expect_step(page, step)
        numbers = page.locator(".fp-explanation .fp-clause-number").all_inner_texts()
        assert numbers and all(CLAUSE.match(n) for n in numbers), numbers
    expect(page.locator(".fp-explanation .fp-badge").first).to_have_text(
        re.compile("rulebook|tutor reading|tutor default"))
    save_screenshot(page, "cuisine-02-watch")

    # play mode on the rulebook's example hand: the dish builder
    page.goto(voila_server + APP + "?" + eggs_in_play_mode())
    builder = page.locator(".fp-cu-builder")
    expect(builder).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-seat select")).to_have_value("Alice (you)")
    expect(page.locator("button.fp-move", has_text="end the play phase")).to_be_visible()
    total = builder.locator(".fp-cu-builder-total")
    builder.get_by_role("button", name="Add Eggs from your hand").click()
    expect(total).to_have_text("Total: 2 = 2 meal points", timeout=UPDATE_MS)
    builder.get_by_role("button", name="Add Bok Choy from your hand").click()
    expect(total).to_have_text("Total: 3 + 6 = 9 meal points", timeout=UPDATE_MS)
    running = builder.locator(".fp-cu-run-head")
    expect(running).to_have_text(["+3 1. Eggs: 3 meal points, running total 3",
                                  "+6 2. Bok Choy: 6 meal points, running total 9"])
    expect(builder.locator(".fp-cu-builder-preview")).to_contain_text(
        "The Pan-Asian ability of Eggs works in this dish, because Bok Choy is Pan-Asian too.")
    expect(builder.locator(".fp-cu-verdict.fp-cu-no").first).to_contain_text(
        "but this dish is worth only 9 (3 + 6)")
    save_screenshot(page, "cuisine-03-builder-9")

    # keyboard: focus "Add Steak" and press Enter; then Tab to "Add Potatoes" and press Space
    steak = builder.get_by_role("button", name="Add Steak from your hand")
    steak.focus()
    page.keyboard.press("Enter")
    # Steak alone has no Western partner yet: it counts its printed 6
    expect(total).to_have_text("Total: 3 + 6 + 6 = 15 meal points", timeout=UPDATE_MS)
    potatoes = builder.get_by_role("button", name="Add Potatoes from your hand")
    potatoes.focus()
    page.keyboard.press(" ")
    expect(total).to_have_text("Total: 3 + 6 + 8 + 4 = 21 meal points", timeout=UPDATE_MS)
    expect(builder.locator(".fp-cu-verdict.fp-cu-yes")).to_contain_text(
        "Judge 1, The Market Farmer (needs 15): would accept, for 2 medals.")
    expect(builder.locator(".fp-cu-builder-said")).to_have_text(
        "Potatoes added: the dish is worth 21 meal points.")
    expect_step(page, 1)  # nothing has been played yet
    save_screenshot(page, "cuisine-04-builder-21")

    builder.get_by_role("button", name="Serve to judge 1, The Market Farmer").click()
    expect_step(page, 6)  # the four dish moves and the serve, checked by the engine together
    explanation = page.locator(".fp-explanation")
    expect(explanation).to_contain_text("The dish is worth 21 meal points: 3 + 6 + 8 + 4.")
    expect(explanation).to_contain_text("Alice earns 2 medals for the dish and now has 2")
    expect(page.locator('section.fp-player[aria-label="Alice"] .fp-cu-medal-line')) \
        .to_contain_text("2 of 15 medals")
    save_screenshot(page, "cuisine-05-served")
    assert_no_traceback(page)
