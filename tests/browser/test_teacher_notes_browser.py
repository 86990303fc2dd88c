"""A teacher loses nothing in a real browser: when the page's kernel dies, the page says so at
once in its own language and offers a reload, the note typed after the death is kept by the
browser, and the reload brings every note back; and lesson stars saved by two tabs at the same
moment are all kept.

Waits are on text and attributes (Playwright's retrying `expect`), never fixed sleeps.
"""

from __future__ import annotations

import html
import json
import re
import time

from playwright.sync_api import expect
from tabs import VoilaKernels, kill_kernel

from foodplay_widgets.pages.stars import BrowserStore

FIRST_RENDER_MS = 60_000
UPDATE_MS = 10_000
LOST_MS = 10_000  # the server checks its kernels every 3 s: measured 0.07 to 3.1 s




def test_a_dead_kernel_is_said_at_once_and_a_reload_brings_every_note_back(page, voila_server):
    page.goto(f"{voila_server}/voila/render/teacher.ipynb?game=burg&seed=2&step=4&lang=fr",
              wait_until="commit", timeout=FIRST_RENDER_MS)
    page.locator("button.fp-teacher-notes-toggle").click(timeout=FIRST_RENDER_MS)  # folded
    note = page.locator(".fp-right .fp-teacher-note-box textarea")
    expect(note).to_be_visible(timeout=FIRST_RENDER_MS)
    note.fill("Comptez les ingrédients.")
    expect(page.locator(".fp-teacher-note").first).to_contain_text("Comptez les ingrédients",
                                                                   timeout=UPDATE_MS)
    expect(page.locator(".fp-teacher-status")).not_to_contain_text("ne les perdent jamais")
    kernel_id = VoilaKernels.of(page)
    assert kernel_id
    kill_kernel(kernel_id)
    killed = time.monotonic()
    notice = page.locator("#fp-lost")
    expect(notice).to_be_visible(timeout=LOST_MS)
    seconds = time.monotonic() - killed
    expect(notice).to_have_attribute("role", "alert")
    expect(notice).to_have_attribute("lang", "fr")
    expect(notice).to_contain_text("Cette page a perdu le tuteur qui tourne sur le serveur")
    expect(notice).to_contain_text("rechargez la page et elles reviendront")
    reload = notice.locator("button.fp-lost-reload")
    expect(reload).to_have_text("Recharger la page")
    assert seconds < LOST_MS / 1000, f"the notice came {seconds:.1f} s after the kill"
    # typed after the kernel died: the kernel never hears it, the browser keeps it
    note.fill("Comptez les ingrédients, pas le rat.")
    page.wait_for_function(
        "() => Object.keys(localStorage).some(k => k.startsWith('foodplay.notes/1/')"
        " && localStorage.getItem(k).includes('pas le rat'))", timeout=UPDATE_MS)
    reload.click()
    note = page.locator(".fp-right .fp-teacher-note-box textarea")
    expect(note).to_have_value("Comptez les ingrédients, pas le rat.", timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-teacher-status")).to_contain_text(
        "1 note sur cette partie a été rétablie depuis ce navigateur")
    expect(page.locator(".fp-teacher-note").first).to_contain_text("pas le rat")
    expect(page.locator("#fp-lost")).to_have_count(0)
    body = page.locator("body").inner_text()
    assert "Traceback" not in body


def scripts(store: BrowserStore) -> str:
    """The JavaScript a BrowserStore's last script runs in the page."""
    return html.unescape(re.search(r'onerror="([^"]*)"', store.script.value)[1])


def test_stars_saved_by_two_tabs_at_the_same_moment_are_all_kept(private_page, voila_server):
    """Two tabs of one browser each finish a lesson and save within the same millisecond, 10
    times over. Each tab runs the script the lesson player writes when a lesson is finished;
    then a third script, the one every page runs on load, reads what is stored. (A page of the
    server's own origin with no kernel: the race is between the tabs' storage, not kernels.)"""
    first = private_page
    second = first.context.new_page()
    for tab in (first, second):
        tab.goto(f"{voila_server}/voila/fp-no-page")  # the server's origin, a tiny page
    lessons = ("burg/only-tongs", "burg/first-burger")
    lost = 0
    for trial in range(10):
        first.evaluate("localStorage.clear()")
        second.wait_for_function("localStorage.length === 0")
        at = int(time.time() * 1000) + 400
        for tab, lesson in zip((first, second), lessons, strict=True):
            store = BrowserStore(lambda stars: None)
            store.save({lesson: 3 - trial % 2})
            tab.evaluate("([js, at]) => setTimeout(() => (0, eval)(js), at - Date.now())",
                         [scripts(store), at])
        first.wait_for_timeout(600)
        reader = BrowserStore(lambda stars: None)
        first.evaluate("(name) => { document.body.innerHTML ="
                       " '<div class=\"' + name + '\"><input></div>' }", reader.name)
        first.evaluate("(js) => (0, eval)(js)", scripts(reader))
        read = json.loads(first.locator(f".{reader.name} input").input_value() or "{}")
        lost += sum(1 for lesson in lessons if read.get(lesson) != 3 - trial % 2)
    assert lost == 0, f"{lost} of 20 saves lost"
