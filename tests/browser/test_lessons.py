"""Lessons in a real browser, with the keyboard only: one lesson of each game is completed by
tabbing to a move and pressing Enter (a forbidden move tried on the way, and retried), the
progress survives a page reload through the address the page rewrites, and the gallery links
to the lessons and the teacher's mode.

Waits are on text and attributes (Playwright's retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

LESSONS = "/voila/render/lessons.ipynb"
FIRST_RENDER_MS = 30_000
UPDATE_MS = 10_000
MAX_TABS = 80

# (lesson, the learner's decisions as button labels): short lessons, one per game
LINES = [
    ("food-truck/detour", ["reveal your top card",
                           "use Detour: put the card under your pile and reveal the next"]),
    ("coffee-rush/specialty", ["finish pouring", "serve cup 1 on the Caramel Steamer on tab 2"]),
]


def active_text(page) -> str:
    return page.evaluate("() => (document.activeElement?.innerText || '').trim()")


def tab_to(page, label: str) -> None:
    """Press Tab until the focused element is the button labelled `label` (keyboard only)."""
    for _ in range(MAX_TABS):
        if active_text(page) == label:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {label!r} (focus is on {active_text(page)!r})")


def press(page, label: str) -> None:
    tab_to(page, label)
    page.keyboard.press("Enter")


def open_lesson(page, base: str, query: str) -> None:
    page.goto(f"{base}{LESSONS}?{query}")
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator("button.fp-lesson-move").first).to_be_visible(timeout=UPDATE_MS)


def decision(page, n: int, total: int) -> None:
    expect(page.locator(".fp-lesson-progress")).to_have_text(f"Decision {n} of {total}",
                                                             timeout=UPDATE_MS)


def finished(page) -> None:
    summary = page.locator(".fp-lesson-summary")
    expect(summary).to_contain_text("Lesson complete!", timeout=UPDATE_MS)
    expect(summary).to_contain_text("Rules you met in this lesson")
    expect(summary.locator(".fp-clause-number").first).to_be_visible()
    body = page.locator("body").inner_text()
    assert "Traceback" not in body


def test_burg_lesson_by_keyboard_with_a_refusal_and_a_retry(page, voila_server,
                                                            save_screenshot):
    open_lesson(page, voila_server, "lesson=burg/only-tongs")
    expect(page.locator(".fp-lesson-heading")).to_contain_text("Tongs take piles")
    expect(page.locator(".fp-stars")).to_have_text("★★★")
    page.locator("body").focus()
    press(page, "take pile 1")  # the lesson's suggestion: a move the rules forbid
    feedback = page.locator(".fp-refusal")
    expect(feedback).to_contain_text("Not allowed: take pile 1.", timeout=UPDATE_MS)
    expect(feedback.locator(".fp-clause-number")).to_have_text("Rule 3")
    save_screenshot(page, "lessons-01-burg-refusal")
    press(page, "Try again")
    expect(page.locator(".fp-refusal")).to_have_count(0, timeout=UPDATE_MS)
    press(page, "Hint 1 of 4: a nudge (free)")
    expect(page.locator(".fp-hint-ladder")).to_contain_text("One of your two tools",
                                                            timeout=UPDATE_MS)
    expect(page.locator(".fp-stars")).to_have_text("★★★")
    press(page, "play Tongs")
    finished(page)
    expect(page.locator(".fp-stars").first).to_have_text("★★★")
    save_screenshot(page, "lessons-02-burg-done")
    # the browser's storage now keeps the finished lesson's stars (never the address)
    page.wait_for_function(
        "() => (localStorage.getItem('foodplay.lessons/1') || '').includes('only-tongs')",
        timeout=UPDATE_MS)


def test_one_lesson_of_each_other_game_by_keyboard(page, voila_server, save_screenshot):
    for uid, labels in LINES:
        open_lesson(page, voila_server, f"lesson={uid}")
        page.locator("body").focus()
        for n, label in enumerate(labels, start=1):
            decision(page, n, len(labels))
            press(page, label)
        finished(page)
        save_screenshot(page, f"lessons-03-{uid.split('/')[0]}-done")


def test_progress_survives_a_reload(page, voila_server, save_screenshot):
    open_lesson(page, voila_server, "lesson=cuisine-a-la-card/fridge")
    page.locator("body").focus()
    decision(page, 1, 3)
    press(page, "warm nothing")
    decision(page, 2, 3)
    # the page rewrote its own address with the progress, so a reload comes back here
    expect(page).to_have_url(re.compile(r"lesson=cuisine-a-la-card/fridge&moves=0"),
                             timeout=UPDATE_MS)
    page.reload()
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    decision(page, 2, 3)
    page.locator("body").focus()
    press(page, "play Tasting Spoon")
    decision(page, 3, 3)
    press(page, "buy from Market slot 1")  # too dear: refused, with the rule
    expect(page.locator(".fp-refusal")).to_contain_text("Not allowed", timeout=UPDATE_MS)
    press(page, "Try again")
    expect(page.locator(".fp-refusal")).to_have_count(0, timeout=UPDATE_MS)
    press(page, "buy the top card of the Fridge")
    finished(page)
    save_screenshot(page, "lessons-04-cuisine-after-reload")


def test_gallery_links_lessons_and_teacher(loaded_page):
    gallery = loaded_page("index.ipynb", ".fp-game-card.fp-built")  # shared: only read
    card = gallery.locator('.fp-game-card[data-game="burg"]')
    expect(card.locator("a.fp-lessons")).to_have_attribute(
        "href", "lessons.ipynb?lesson=burg/rat-on-a-pile", timeout=FIRST_RENDER_MS)
    pages = gallery.locator(".fp-pages a.fp-page-link")
    expect(pages).to_have_count(3)
    expect(pages.nth(1)).to_have_attribute("href", "teacher.ipynb")
    expect(pages.nth(2)).to_have_attribute("href", "strategy-lab.ipynb")


TEACHER = "/voila/render/teacher.ipynb"


def test_teacher_annotates_a_step_and_shares_a_class_link(page, voila_server, save_screenshot):
    page.goto(f"{voila_server}{TEACHER}?game=burg&seed=2&step=4")
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 4 /", timeout=FIRST_RENDER_MS)
    page.locator("button.fp-teacher-notes-toggle").click()  # the note box is folded
    note = page.locator(".fp-teacher-note-input textarea")
    note.fill("Count the ingredients: does the rat count?")
    page.locator("button.fp-teacher-save").click()
    expect(page.locator(".fp-teacher-note").first).to_contain_text("does the rat count?",
                                                                   timeout=UPDATE_MS)
    # the saved note's status is drawn with the class link: the link now carries the note
    expect(page.locator(".fp-teacher-status")).to_contain_text("saved", timeout=UPDATE_MS)
    link = page.locator("a.fp-class-link")
    expect(link).to_have_text("Class link: this game at step 4")
    assert link.get_attribute("href").startswith("burg.ipynb?")  # relative: kept behind proxies
    href = link.evaluate("a => a.href")
    assert href.startswith(f"{voila_server}/voila/render/burg.ipynb?") and "step=4" in href
    expect(page.locator("a.fp-summary-link")).to_have_attribute(
        "download", "burg-rules-summary.html")
    save_screenshot(page, "lessons-05-teacher-note")
    # the class opens the link: the BURG tutor at step 4, with the teacher's note
    page.goto(href)
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 4 /",
                                                             timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-teacher-note")).to_contain_text("does the rat count?",
                                                             timeout=UPDATE_MS)
    save_screenshot(page, "lessons-06-class-link")
