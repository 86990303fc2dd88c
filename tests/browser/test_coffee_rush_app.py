"""The Coffee Rush tutor in a real browser: from the gallery into the app, step through the
set-up with Next reading the clauses, then take a seat (seed 7, three players), place a meeple
and build a move by pressing the board's cell buttons (mouse and keyboard), read the refusal to
end on Bob's cell with its rule, and stop on a free cell.

The gallery is the session's shared loaded page (its card is only read); the app opens in the
test's tab at the card's link. The session's Voilà server and Chromium come from conftest.
Waits are on selectors and text (Playwright's auto-retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

APP = "/voila/render/coffee-rush.ipynb"
FIRST_RENDER_MS = 30_000  # a new kernel runs the notebook first: 2-4 s here, more on busy CI
UPDATE_MS = 10_000  # a click's round trip to the kernel: about 50 ms, be generous
COUNTER = re.compile(r"step (\d+) / (\d+)")
CLAUSE = re.compile(r"^Rule [0-9A-Z]+(-\d+)?$")


def expect_step(page, step: int) -> None:
    title = "Set-up" if step == 0 else f"Step {step}"
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text(title,
                                                                        timeout=UPDATE_MS)
    expect(page.locator(STEP_COUNTER)).to_have_text(re.compile(rf"^step {step} / \d+$"),
                                                          timeout=UPDATE_MS)


def clause_numbers(page) -> list[str]:
    return page.locator(".fp-explanation .fp-sentences .fp-clause-number").all_inner_texts()


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body
    assert "There was an error when executing cell" not in body


def test_gallery_step_through_then_build_a_move_on_the_board(page, loaded_page,
                                                             save_screenshot):
    gallery = loaded_page("index.ipynb", ".fp-game-card.fp-built")
    card = gallery.locator('.fp-game-card.fp-built[data-game="coffee-rush"]')
    expect(card.locator("a.fp-open")).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(card).to_contain_text("Euijin Han")
    expect(card.locator("a.fp-examples")).to_have_attribute("href", "coffee-rush-examples.ipynb")
    save_screenshot(gallery, "coffee-rush-01-gallery")
    page.goto(card.locator("a.fp-open").evaluate("a => a.href"))  # the link, in the test's tab
    page.wait_for_url(re.compile(re.escape(APP) + r"$"))
    expect(page.locator(STEP_COUNTER)).to_have_text(COUNTER, timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-app-title")).to_contain_text("Coffee Rush")
    expect(page.locator(".fp-credits")).to_have_text(
        "Coffee Rush, designed by Euijin Han, published by Korea Boardgames (2023).")
    board = page.locator("table.fp-cr-board")
    expect(board.locator("td.fp-cr-cell")).to_have_count(16)
    expect(board.locator("caption")).to_contain_text("Ingredient board")
    assert_no_traceback(page)

    # watch: Next, reading the clause numbers of each step
    seen: list[str] = []
    for step in (1, 2, 3):
        page.locator("button.fp-next").click()
        expect_step(page, step)
        numbers = clause_numbers(page)
        assert numbers and all(CLAUSE.match(n) for n in numbers), numbers
        seen += numbers
    assert "Rule S-4" in seen, seen  # placing the meeples
    # S-4 is the published game's set-up, not in the rulebook text (issue 14's honest provenance)
    expect(page.locator(".fp-explanation .fp-badge").first).to_have_text(
        "published game, not in the rulebook text")
    expect(board.locator(".fp-cr-pawn")).to_have_count(3)
    save_screenshot(page, "coffee-rush-02-step-3")

    # take a seat: three players, seed 7, play mode, a new game
    page.locator(".fp-mode button", has_text="Play").click()
    expect(page.locator(".fp-seat select")).to_have_value("Alice (you)", timeout=UPDATE_MS)
    page.locator(".fp-players select").select_option(label="3 players")
    seed = page.locator(".fp-seed input")
    seed.fill("7")
    seed.press("Enter")
    page.locator("button.fp-new-game").click()
    expect(page.locator(".fp-app-title")).to_contain_text("seed 7", timeout=UPDATE_MS)
    page.locator("button.fp-catch-up").click()  # Carol and Bob have placed: Alice's turn
    editor = page.locator(".fp-cr-editor")
    expect(editor.locator(".fp-cr-editor-title")).to_have_text("Place your meeple",
                                                               timeout=UPDATE_MS)
    expect(page.locator("button.fp-move")).to_have_count(0)  # the board's buttons instead
    editor.locator("button.fp-cr-place", has_text="Place here (row 2, column 2)").click()
    expect(editor.locator(".fp-cr-editor-title")).to_have_text("Build your move",
                                                               timeout=UPDATE_MS)
    steps = editor.locator("button.fp-cr-step")
    expect(steps).to_have_count(4)
    save_screenshot(page, "coffee-rush-03-build")

    # step onto Bob's cell: the preview warns, and "Stop here" is refused with Rule 2-3
    counter = page.locator(STEP_COUNTER).inner_text()
    editor.locator("button.fp-cr-step", has_text="row 2, column 1").click()
    preview = editor.locator(".fp-cr-preview")
    expect(preview).to_contain_text("Step 1: row 2, column 1: +1 coffee", timeout=UPDATE_MS)
    expect(preview.locator(".fp-cr-stop-no")).to_contain_text("You may not end your move here")
    editor.locator("button.fp-cr-stop").click()
    refusal = editor.locator(".fp-cr-editor-result .fp-refusal")
    expect(refusal).to_contain_text("Not allowed: end the move here.", timeout=UPDATE_MS)
    expect(refusal).to_contain_text("Bob's meeple stands on this cell")
    expect(refusal.locator(".fp-clause-number")).to_have_text("Rule 2-3")
    assert page.locator(STEP_COUNTER).inner_text() == counter  # nothing was played
    save_screenshot(page, "coffee-rush-04-refused")

    # on to the tea, by keyboard: Tab reaches the cell's button, Enter presses it
    tea = editor.locator("button.fp-cr-step", has_text="row 3, column 1")
    tea.focus()
    expect(tea).to_be_focused()
    page.keyboard.press("Enter")
    expect(preview).to_contain_text("You will collect 1 coffee and 1 tea", timeout=UPDATE_MS)
    expect(preview.locator(".fp-cr-stop-ok")).to_have_text("You may end your move here.")
    editor.locator("button.fp-cr-stop").click()
    expect(page.locator(".fp-explanation")).to_contain_text(
        "Alice ends the move on row 3, column 1 after 2 steps.", timeout=UPDATE_MS)
    expect(page.locator(".fp-explanation .fp-sentences .fp-clause-number").first).to_have_text(
        "Rule 2-1")
    expect(editor.locator(".fp-cr-editor-title")).to_have_text("Pour what you collected")
    expect(editor.locator("button.fp-cr-pour").first).to_have_text("Pour coffee into cup 1")
    path = page.locator("table.fp-cr-board td.fp-cr-on-path")
    expect(path).to_have_count(3)  # the start and two steps, highlighted on the table
    save_screenshot(page, "coffee-rush-05-pour")
    assert_no_traceback(page)
