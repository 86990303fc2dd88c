"""What a Binder visitor gets: every page renders, links keep the page's own address (scheme,
host and the /user/<name>/ base URL), and closed pages leave no kernel behind.

.ci/run stage 2 runs this file against Binder's way of serving (FOODPLAY_TEST_SERVER=binder:
Jupyter Server with the Voilà extension under /user/learner/, configured by binder/postBuild).
It passes against `make serve`'s standalone Voilà too. Pages are reached with `notebook_url`.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tabs import STEP_COUNTER

FIRST_RENDER_MS = 60_000  # a page's kernel runs its notebook first; CI's 2 cores may be busy
UPDATE_MS = 10_000
KERNELS_GONE_S = 10
COUNTER = re.compile(r"step (\d+) / (\d+)")
CELL_ERROR = "There was an error when executing cell"

# The gallery and every app, and what shows once each has rendered.
PAGES = [
    ("index.ipynb", ".fp-game-card.fp-built"),
    ("burg.ipynb", "button.fp-next"),
    ("coffee-rush.ipynb", "button.fp-next"),
    ("cuisine-a-la-card.ipynb", "button.fp-next"),
    ("food-truck.ipynb", "button.fp-next"),
    ("lessons.ipynb", ".fp-lesson-heading"),
    ("teacher.ipynb", ".fp-teacher-notes-fold"),
    ("setup.ipynb", ".fp-guide-check"),
]  # the worked-example pages run in stage 1 (nbval and the app tests); kept out for speed


def goto(page, url: str) -> None:
    """Open `url`; the waits that follow allow for the notebook's run (Voilà answers after it)."""
    page.goto(url, wait_until="commit", timeout=FIRST_RENDER_MS)


def assert_no_traceback(page) -> None:
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and CELL_ERROR not in body, body[:2000]


def assert_tutor_template(page) -> None:
    """The page came through the tutor's template: its notice beside Voilà's spinner is there
    (hidden once the page has loaded), and no stylesheet came from a CDN."""
    assert page.locator("#fp-wait").count() == 1
    expect(page.locator("#fp-wait")).to_be_hidden()
    assert "cdn.jsdelivr.net" not in page.content()


def step_shown(page) -> int:
    counter = page.locator(STEP_COUNTER).first
    expect(counter).to_have_text(COUNTER, timeout=FIRST_RENDER_MS)
    return int(COUNTER.search(counter.inner_text())[1])


def full_link(page, css: str) -> str:
    """The address a link opens, and check that it is relative and that its copy box shows it
    (the app's share link is behind its toggle button, pressed here)."""
    if css == "fp-share-link":
        page.locator("button.fp-share-toggle").click()
    link = page.locator(f"a.{css}")
    expect(link).to_be_visible(timeout=UPDATE_MS)
    href = link.get_attribute("href")
    assert not re.match(r"^[a-z]+:|^/", href), f"{css} is not relative: {href}"
    resolved = link.evaluate("a => a.href")
    box = page.locator(f".fp-share-row:has(a.{css}) input.fp-share-url")
    expect(box).to_have_value(resolved, timeout=UPDATE_MS)
    return resolved


def test_every_page_renders_and_no_kernel_is_left(page, kernels, notebook_url):
    """A visitor clicks through every page in one tab, then closes it: no kernel is left."""
    before = kernels.running()  # None on standalone Voilà, which does not list its kernels
    visitor = page.context.new_page()  # a tab of its own to close (the session's tab stays)
    opened = []
    for notebook, ready in PAGES:
        goto(visitor, notebook_url(notebook))
        expect(visitor.locator(ready).first).to_be_visible(timeout=FIRST_RENDER_MS)
        assert_no_traceback(visitor)
        assert_tutor_template(visitor)
        opened.append(kernels.of(visitor))
    assert all(opened) and len(set(opened)) == len(PAGES), opened
    visitor.close(run_before_unload=True)
    left = [k for k in opened if not kernels.wait_gone(k, timeout=KERNELS_GONE_S)]
    assert not left, f"{len(left)} of {len(PAGES)} kernels left after their pages closed"
    if before is not None:  # Jupyter Server: nothing else was started either
        assert kernels.running() - before == set()


def test_deep_and_share_links_keep_the_base_url(page, notebook_url):
    goto(page, notebook_url("burg.ipynb", "game=burg&players=2&seed=3&step=12"))
    assert step_shown(page) == 12
    page.locator("button.fp-next").click()
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 13 /", timeout=UPDATE_MS)
    url = full_link(page, "fp-share-link")
    assert url.startswith(notebook_url("burg.ipynb") + "?"), url
    assert_no_traceback(page)

    shared = page.context.new_page()  # closed with its kernel by the `page` fixture
    goto(shared, url)
    assert step_shown(shared) == 13
    assert_no_traceback(shared)


def test_lesson_link_keeps_the_base_url(page, notebook_url):
    goto(page, notebook_url("lessons.ipynb", "lesson=burg/rat-on-a-pile"))
    heading = page.locator(".fp-lesson-heading")
    expect(heading).to_be_visible(timeout=FIRST_RENDER_MS)
    url = full_link(page, "fp-lesson-link")
    assert url.startswith(notebook_url("lessons.ipynb") + "?lesson=burg/rat-on-a-pile"), url
    title = heading.inner_text()

    again = page.context.new_page()
    goto(again, url)
    expect(again.locator(".fp-lesson-heading")).to_have_text(title, timeout=FIRST_RENDER_MS)
    assert_no_traceback(again)


def test_class_links_keep_the_base_url(page, notebook_url):
    goto(page, notebook_url("teacher.ipynb", "game=burg&seed=2&step=4"))
    expect(page.locator(".fp-teacher-notes-fold").first).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator(STEP_COUNTER)).to_contain_text("step 4 /", timeout=UPDATE_MS)
    url = full_link(page, "fp-class-link")
    assert url.startswith(notebook_url("burg.ipynb") + "?") and "step=4" in url, url
    lesson_url = full_link(page, "fp-lesson-class-link")
    assert lesson_url.startswith(notebook_url("lessons.ipynb") + "?lesson=burg/"), lesson_url

    pupil = page.context.new_page()
    goto(pupil, url)
    assert step_shown(pupil) == 4
    goto(pupil, lesson_url)
    expect(pupil.locator(".fp-lesson-heading")).to_be_visible(timeout=FIRST_RENDER_MS)
    assert_no_traceback(pupil)
