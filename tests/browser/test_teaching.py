"""The teaching loop in a real browser: asking "why not?" never plays, a move off a lesson's
line costs a star and an edited address never gives it back, finished lessons are kept in the
browser's storage and shown by the gallery, an example's step link reopens that step, a
teacher's note survives Next and Back without saving, and the gallery's Start here path.

Waits are on text and attributes (Playwright's retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

GALLERY = "/voila/render/index.ipynb"
LESSONS = "/voila/render/lessons.ipynb"
FIRST_RENDER_MS = 60_000  # Voilà runs the notebook before the page loads: slow when busy
UPDATE_MS = 10_000
STORAGE_KEY = "foodplay.lessons/1"


def goto(page, url: str) -> None:
    """Open `url`, waiting for the page's first bytes only (callers wait for what they need)."""
    page.goto(url, wait_until="commit", timeout=FIRST_RENDER_MS)


def no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and "There was an error when executing cell" not in body


def test_asking_why_not_never_plays(page, voila_server):
    goto(page, f"{voila_server}/voila/render/food-truck.ipynb?mode=play&seat=1&players=2")
    expect(page.locator(".fp-ft-editor")).to_be_visible(timeout=FIRST_RENDER_MS)
    counter = page.locator(STEP_COUNTER)
    before = counter.inner_text()
    choice = page.locator(".fp-whynot-choice select")
    choice.select_option(label="put Tacos next in your pile")
    check = page.locator("button.fp-whynot-try")
    expect(check).to_have_text("Check")
    check.click()
    result = page.locator(".fp-whynot-result")
    expect(result).to_contain_text("Allowed: put Tacos next in your pile, because of Rule",
                                   timeout=UPDATE_MS)
    expect(result).to_contain_text("Nothing was played")
    expect(counter).to_have_text(before)
    expect(page.locator(".fp-ft-editor")).to_be_visible()  # the editor still takes the order
    no_traceback(page)


def stars(page, text: str) -> None:
    expect(page.locator(".fp-lesson-goal .fp-stars")).to_have_text(text, timeout=UPDATE_MS)


def test_a_wrong_move_costs_a_star_and_an_edited_address_gives_none_back(page, voila_server):
    goto(page, f"{voila_server}{LESSONS}?lesson=burg/first-burger")
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    stars(page, "★★★")
    page.locator("button.fp-lesson-move", has_text="finish building").click()  # off the line
    expect(page.locator(".fp-off-line")).to_contain_text("Allowed, but not this lesson's move",
                                                         timeout=UPDATE_MS)
    stars(page, "★★☆")
    expect(page).to_have_url(re.compile(r"misses=1&check=[0-9a-f]+"), timeout=UPDATE_MS)
    honest = page.url
    goto(page, honest.replace("misses=1", "misses=0") + "&stars=burg/first-burger:3")
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    messages = page.locator(".fp-messages")
    expect(messages).to_contain_text("changed by hand", timeout=UPDATE_MS)
    expect(messages).to_contain_text("never read from a link")
    expect(page.locator(".fp-lesson-progress")).to_have_text("Decision 1 of 4")
    expect(page.locator(".fp-lesson-choice select option").nth(2)).not_to_contain_text("done")
    goto(page, honest)  # the honest address keeps its lower score
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    stars(page, "★★☆")
    no_traceback(page)


def test_finished_lessons_are_kept_in_the_browser_and_shown_by_the_gallery(page, voila_server):
    goto(page, f"{voila_server}{LESSONS}?lesson=burg/only-tongs")
    expect(page.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    page.locator("button.fp-lesson-move", has_text="play Tongs").click()
    expect(page.locator(".fp-lesson-summary")).to_contain_text("Lesson complete!",
                                                               timeout=UPDATE_MS)
    page.wait_for_function(
        f"() => (localStorage.getItem({STORAGE_KEY!r}) || '').includes('burg/only-tongs')",
        timeout=UPDATE_MS)
    stored = page.evaluate(f"() => JSON.parse(localStorage.getItem({STORAGE_KEY!r}))")
    assert stored == {"burg/only-tongs": 3}
    assert "stars=" not in page.url
    # a new page of the same browser: the lesson menu and the gallery read the storage
    goto(page, f"{voila_server}{LESSONS}?lesson=burg/rat-on-a-pile")
    options = page.locator(".fp-lesson-choice select option")
    expect(options.nth(1)).to_contain_text("done, 3 stars", timeout=FIRST_RENDER_MS)
    goto(page, voila_server + GALLERY)
    path = page.locator(".fp-start-path")
    expect(path).to_contain_text("1 of 7 (stars: 3)", timeout=FIRST_RENDER_MS)
    no_traceback(page)


def test_an_examples_step_link_reopens_that_step(page, voila_server):
    goto(page, f"{voila_server}/voila/render/burg-examples.ipynb")
    second = page.locator(".fp-app").nth(1)
    expect(second.locator(STEP_COUNTER)).to_have_text(re.compile(r"^step 0 / \d+$"),
                                                            timeout=FIRST_RENDER_MS)
    for _ in range(3):
        second.locator("button.fp-next").click()
    expect(second.locator(STEP_COUNTER)).to_have_text(re.compile(r"^step 3 / "),
                                                            timeout=UPDATE_MS)
    second.locator("button.fp-share-toggle").click()
    href = second.locator("a.fp-share-link").get_attribute("href")
    goto(page, href if href.startswith("http") else
              f"{voila_server}/voila/render/burg-examples.ipynb{href}")
    again = page.locator(".fp-app").nth(1)
    expect(again.locator(STEP_COUNTER)).to_have_text(re.compile(r"^step 3 / "),
                                                           timeout=FIRST_RENDER_MS)
    expect(again.locator(".fp-messages")).to_contain_text("opened at step 3")
    expect(page.locator(".fp-app").nth(0).locator(STEP_COUNTER)).to_have_text(
        re.compile(r"^step 0 / "))
    no_traceback(page)


# where each part of a step's explanation is, in the viewport: [top, bottom] in px
PLACES = """() => Object.fromEntries([['title', '.fp-explanation .fp-step-title'],
  ['sentences', '.fp-explanation .fp-sentences'], ['rule', '.fp-explanation .fp-cited']].map(
  ([name, css]) => { const e = document.querySelector(css); const r = e.getBoundingClientRect();
    return [name, [r.top, r.bottom, parseFloat(getComputedStyle(e).fontSize)]]; }))"""


def test_on_a_projector_the_class_reads_the_step_and_the_teachers_note_box_is_folded(
        page, voila_server, save_screenshot):
    """At 1920x1080, teacher mode's first screen holds the step's title, its explanation and
    the first rule it cites, in large type; the note box is closed, and opened by keyboard it
    keeps what is typed (beside its step: it survives Next and Back without saving)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    goto(page, f"{voila_server}/voila/render/teacher.ipynb?game=burg&seed=2&step=4")
    toggle = page.locator("button.fp-teacher-notes-toggle")
    expect(toggle).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-explanation .fp-step-title")).to_have_text("Step 4")
    expect(page.locator(".fp-explanation .fp-cited").first).to_be_visible()
    places = page.evaluate(PLACES)
    save_screenshot(page, "teacher-projector-1920x1080")
    for name, (top, bottom, size) in places.items():
        assert 0 <= top and bottom <= 1080, (name, places)
        assert size >= 22, (name, places)  # px: the rule's text 22, the explanation's 24
    box = page.locator(".fp-right .fp-teacher-note-box")
    note = box.locator("textarea")
    expect(note).to_be_hidden()
    assert places["rule"][1] <= toggle.bounding_box()["y"]  # the fold comes after the rule
    toggle.focus()
    page.keyboard.press("Enter")
    expect(note).to_be_visible(timeout=UPDATE_MS)
    expect(note).to_be_focused(timeout=UPDATE_MS)  # the teacher types at once
    note.fill("Count the ingredients: does the rat count?")  # typed, never saved
    expect(page.locator(".fp-teacher-note").first).to_contain_text("does the rat count?",
                                                                   timeout=UPDATE_MS)
    page.locator("button.fp-next").first.click()
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 5 /", timeout=UPDATE_MS)
    expect(note).to_have_value("")
    page.locator("button.fp-back").first.click()
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 4 /", timeout=UPDATE_MS)
    expect(note).to_have_value("Count the ingredients: does the rat count?", timeout=UPDATE_MS)
    toggle.click()  # closed again: the note stays
    expect(note).to_be_hidden(timeout=UPDATE_MS)
    expect(page.locator(".fp-teacher-note").first).to_contain_text("does the rat count?")
    no_traceback(page)


def test_start_here_and_headings_once(page, loaded_page, voila_server):
    goto(page, voila_server + GALLERY)
    start = page.locator(".fp-start-here")
    expect(start).to_contain_text("Start here", timeout=FIRST_RENDER_MS)
    expect(page.get_by_text("foodplay: learn the rules of food games")).to_have_count(1)
    start.locator(".fp-start-pick button", has_text="Food Truck").click()
    first = page.locator("a.fp-start-first")
    expect(first).to_have_attribute("href", re.compile(r"^lessons\.ipynb\?lesson=food-truck/"),
                                    timeout=UPDATE_MS)
    expect(page.locator("a.fp-start-lessons")).to_be_visible()
    expect(page.locator("a.fp-start-play")).to_have_attribute(
        "href", re.compile(r"^food-truck\.ipynb\?mode=play"))
    # the demo opens where something happens
    demo = page.locator('.fp-game-card[data-game="burg"] a.fp-open')
    expect(demo).to_have_attribute("href", "burg.ipynb?seed=23&step=27")
    no_traceback(page)
    for name, ready in (("lessons", ".fp-lesson-goal-box"), ("teacher", ".fp-step-counter")):
        shared = loaded_page(f"{name}.ipynb", ready)  # the session's loaded page: only read
        expect(shared.locator(".fp-app-title").first).to_be_visible(timeout=FIRST_RENDER_MS)
        title = shared.locator(".fp-app-title").first.inner_text()
        assert shared.get_by_text(title, exact=True).count() == 1, name
        no_traceback(shared)
