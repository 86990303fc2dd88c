"""The Food Truck tutor in a real browser: from the gallery into the app, take a seat, order the
pile with the editor's buttons and the keyboard, confirm, then step through the service round
with Next, reading the clauses in the explanation.

The gallery is the session's shared loaded page (its card is only read); the app opens in the
test's tab at the card's link. The session's Voilà server and Chromium come from conftest.
Waits are on selectors and text (Playwright's auto-retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

APP = "/voila/render/food-truck.ipynb"
FIRST_RENDER_MS = 30_000  # a new kernel runs the notebook first: 2-4 s here, more on busy CI
UPDATE_MS = 10_000  # a click's round trip to the kernel: about 50 ms, be generous
COUNTER = re.compile(r"step (\d+) / (\d+)")
CLAUSE = re.compile(r"^Rule [0-9A-Z]+(-\d+)?$")
MAX_STEPS = 80  # a round of three players takes about 35 steps


def read_counter(page) -> tuple[int, int]:
    text = page.locator(STEP_COUNTER).inner_text().strip()
    match = COUNTER.fullmatch(text)
    assert match, text
    return int(match[1]), int(match[2])


def expect_step(page, step: int) -> None:
    title = "Set-up" if step == 0 else f"Step {step}"
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text(title,
                                                                        timeout=UPDATE_MS)
    expect(page.locator(STEP_COUNTER)).to_have_text(re.compile(rf"^step {step} / \d+$"),
                                                          timeout=UPDATE_MS)


def pile_order(page, name: str) -> list[str]:
    """A seat's draw pile as its table reads it to a screen reader ("1. Noodles", ...)."""
    seat = page.locator(f'section.fp-player[aria-label="{name}"]')
    return [t.strip() for t in seat.locator(".fp-ft-pile-order .fp-sr").all_text_contents()]


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body
    assert "There was an error when executing cell" not in body


def test_order_a_pile_then_step_through_the_service(page, loaded_page, save_screenshot):
    gallery = loaded_page("index.ipynb", ".fp-game-card.fp-built")
    card = gallery.locator('.fp-game-card.fp-built[data-game="food-truck"]')
    expect(card.locator("a.fp-open")).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(card).to_contain_text("Florian Fay")
    save_screenshot(gallery, "food-truck-01-gallery")
    page.goto(card.locator("a.fp-open").evaluate("a => a.href"))  # the link, in the test's tab
    page.wait_for_url(re.compile(re.escape(APP) + r"$"))
    expect(page.locator(STEP_COUNTER)).to_have_text(COUNTER, timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-app-title")).to_contain_text("Food Truck")
    expect(page.locator(".fp-table-title")).to_contain_text("Round 1 · Preparation")
    assert_no_traceback(page)

    # take a seat: the learner plays Alice from the set-up, and the pile editor appears
    page.locator(".fp-mode button", has_text="Play").click()
    editor = page.locator(".fp-ft-editor")
    expect(editor).to_be_visible(timeout=UPDATE_MS)
    expect(page.locator(".fp-seat select")).to_have_value("Alice (you)")
    expect(page.locator("button.fp-move")).to_have_count(0)  # the editor replaces them
    listbox = editor.locator(".fp-ft-editor-list select")
    expect(listbox.locator("option")).to_have_count(6)
    expect(listbox.locator("option").first).to_have_text("1. Burger (revealed first)")
    save_screenshot(page, "food-truck-02-editor")

    # keyboard: pick Noodles with the arrow keys, Tab to "Move up", press it until it is on top
    # (each time, wait until the kernel says what is selected: a button's click may reach the
    # kernel before the list's new value does)
    note = editor.locator(".fp-ft-editor-note")
    listbox.focus()
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    expect(note).to_have_text("Noodles is selected, in place 5.", timeout=UPDATE_MS)
    up = editor.locator("button.fp-ft-editor-up")
    page.keyboard.press("Tab")
    expect(up).to_be_focused()
    preview = editor.locator(".fp-ft-editor-preview .fp-sr")
    for place in (4, 3, 2, 1):
        # focus can be lost when a redraw replaces the button (seen once in three runs; noted
        # on issue 12): put it back before each press, as a keyboard user would with Tab
        up.focus()
        page.keyboard.press("Enter")
        expect(note).to_have_text(f"Noodles is now in place {place}.", timeout=UPDATE_MS)
        expect(preview.nth(place - 1)).to_have_text(f"{place}. Noodles", timeout=UPDATE_MS)
    expect(up).to_be_disabled()
    # and with the mouse: the dessert one place up
    listbox.select_option(label="6. Ice Cream")
    expect(note).to_have_text("Ice Cream is selected, in place 6.", timeout=UPDATE_MS)
    editor.locator("button.fp-ft-editor-up").click()
    wanted = ["Noodles", "Burger", "Döner", "Pizza", "Ice Cream", "Tacos"]
    expect(preview).to_have_text([f"{i}. {c}" for i, c in enumerate(wanted, start=1)],
                                 timeout=UPDATE_MS)
    save_screenshot(page, "food-truck-03-ordered")

    editor.locator("button.fp-ft-editor-confirm").click()
    expect_step(page, 6)  # the learner's six cards are six moves, each checked by the engine
    expect(editor).to_be_hidden()
    expect(page.locator(".fp-explanation")).to_contain_text("Alice puts Tacos in place 6 of 6")
    assert pile_order(page, "Alice") == [f"{i}. {c}" for i, c in enumerate(wanted, start=1)]
    assert pile_order(page, "Bob") == []  # Bob's pile is face down for Alice
    save_screenshot(page, "food-truck-04-confirmed")

    # the bots order in secret, then the service round: Next, and the learner's own moves
    seen: list[str] = []
    service_screenshot = False
    for _ in range(MAX_STEPS):
        step, last = read_counter(page)
        if step < last:
            page.locator("button.fp-next").click()
        else:
            move = page.locator("button.fp-move").first  # reveal, drop out, or a supply pick
            expect(move).to_be_visible(timeout=UPDATE_MS)
            move.click()
        expect_step(page, step + 1)
        numbers = page.locator(".fp-explanation .fp-clause-number").all_inner_texts()
        assert numbers and all(CLAUSE.match(n) for n in numbers), numbers
        seen += numbers
        text = page.locator(".fp-explanation").inner_text()
        played = page.locator(".fp-explanation .fp-step-move").inner_text()
        if played.endswith("reveal your top card") and not service_screenshot:
            assert "Rule 2" in numbers, numbers
            expect(page.locator(".fp-explanation .fp-badge").first).to_have_text("rulebook")
            save_screenshot(page, "food-truck-05-service")
            service_screenshot = True
        if "is left in round 1" in text:
            break
    else:
        raise AssertionError(f"round 1 did not end within {MAX_STEPS} steps")
    assert {"Rule 1-2", "Rule 2", "Rule 2-1", "Rule 2-3", "Rule 2-4", "Rule 3"} <= set(seen)
    expect(page.locator(".fp-explanation")).to_contain_text("gains 1 victory point")
    save_screenshot(page, "food-truck-06-round-won")
    assert_no_traceback(page)
