"""The table companion on a phone (390x844), in Chromium: BURG's two-player worked example
followed by taps alone, a refusal seen, an entry undone, the record saved (downloaded, and kept
by the browser across a reload), reopened in the tutor; axe finds no serious violation; hostile
address parameters and names run no script.

Button labels come from the page's own code run here (the same words the kernel writes), so
the test taps what a person reads. Waits are on text (Playwright's retrying `expect`).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

from playwright.sync_api import expect
from tabs import STEP_COUNTER
from test_screens import AXE_RUN

from foodplay.games import get_game
from foodplay.record import Record
from foodplay_widgets.pages.table_companion import TableCompanion

FIRST_RENDER_MS = 60_000
UPDATE_MS = 15_000
PHONE = {"width": 390, "height": 844}
NAME_ATTACK = '<img src=x onerror="window.__xss=2;alert(2)">'
LINK_ATTACK = ("game=%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E"
               "&players=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&lang=%22%3E%3Csvg%20onload%3Dalert(3)%3E")


def example() -> list[object]:
    """What the table taps for the rulebook's two-player example: a card's name for a reveal,
    the move itself otherwise (as tests/widgets/test_table_companion.py)."""
    record = Record.load(Path(get_game("burg").package_dir) / "data" / "scenarios"
                         / "two-player-reveal.json")
    cards = iter(record.setup["deck_top"])
    return [next(cards) if m.kind == "reveal" else m.to_json() for m in record.moves]


def labels() -> list[str]:
    """The label of the button for each entry of the example, as the page writes it."""
    page = TableCompanion.from_query("game=burg&players=2")
    for box, name in zip(page.setup.names, ("Alice", "Bob"), strict=False):
        box.value = name
    page.setup.first.value = 0
    page.setup.start.click()
    said = []
    for want in example():
        page.more_toggle.value = True
        button = next(b for b in page.choice_buttons + page.more_buttons
                      if (b.entry.get("card") == want if isinstance(want, str)
                          else b.entry == want))
        said.append(button.description)
        button.click()
    return said


def log_count(page, count: int) -> None:
    words = "(1 entry)" if count == 1 else f"({count} entries)"
    expect(page.locator(".fp-table-log summary")).to_contain_text(words, timeout=UPDATE_MS)


def tap(page, label: str) -> int:
    """Tap the entry button reading `label`, through "More" if it is folded there."""
    button = page.locator("button.fp-table-choice").filter(
        has_text=re.compile("^" + re.escape(label) + "$"))
    if button.count() == 0 or not button.first.is_visible():
        page.locator("button.fp-table-more").click()
        expect(button.first).to_be_visible(timeout=UPDATE_MS)
        button.first.click()
        return 2
    button.first.click()
    return 1


def start(page, names: tuple[str, str], shot=None) -> None:
    """Fill the form and start; `shot(page)` once the form is shown."""
    boxes = page.locator(".fp-table-name input")
    expect(boxes.first).to_be_visible(timeout=FIRST_RENDER_MS)
    if shot is not None:
        shot(page)
    for number, name in enumerate(names):
        boxes.nth(number).fill(name)
        boxes.nth(number).press("Enter")
    first = page.locator(".fp-table-first select")
    expect(first.locator("option").nth(1)).to_have_text(names[0], timeout=UPDATE_MS)
    first.select_option(index=1)
    page.locator("button.fp-table-start").click()
    expect(page.locator(".fp-table-prompt-box")).to_contain_text("turn", timeout=UPDATE_MS)


def test_the_two_player_example_by_taps_on_a_phone(page, notebook_url, axe_path,
                                                   save_screenshot):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_viewport_size(PHONE)
    page.goto(notebook_url("table.ipynb", "game=burg&players=2"), wait_until="commit",
              timeout=FIRST_RENDER_MS)
    start(page, ("Alice", "Bob"),
          lambda p: save_screenshot(p, "table-companion-setup-390x844"))
    expect(page.locator(".fp-table-prompt-box")).to_contain_text("Alice's turn")
    save_screenshot(page, "table-companion-start-390x844")
    said = labels()
    taps = 0
    for number, label in enumerate(said, start=1):
        taps += tap(page, label)
        log_count(page, number)
    assert taps == len(said) + 2, taps  # 17 entries; the rat and the mushroom under "More"
    expect(page.locator(".fp-table-result")).to_contain_text("Rule")
    expect(page.locator(".fp-table-scores")).to_contain_text("1 rat token")
    save_screenshot(page, "table-companion-example-390x844")
    # a refusal: entry 3 (the rat) corrected to a lettuce; entry 7 no longer fits
    page.locator(".fp-table-correct-select select").select_option(index=2)
    page.locator("button.fp-table-correct").click()
    expect(page.locator(".fp-table-prompt-box")).to_contain_text("Correcting entry 3",
                                                                 timeout=UPDATE_MS)
    tap(page, next(label for label in said if label.startswith("lettuce")).replace(
        "(18 left)", "(17 left)"))
    refusal = page.locator(".fp-table-refusal")
    expect(refusal).to_contain_text("entry 7", timeout=UPDATE_MS)
    expect(refusal).to_have_attribute("role", "alert")
    refusal.scroll_into_view_if_needed()
    save_screenshot(page, "table-companion-refusal-390x844")
    log_count(page, 17)  # nothing changed
    page.locator("button.fp-table-cancel").click()
    # undo the last entry, then enter it again
    page.locator("button.fp-table-undo").click()
    log_count(page, 16)
    tap(page, said[-1])
    log_count(page, 17)
    # no serious accessibility finding, targets of 44 px at least
    page.add_script_tag(path=str(axe_path))
    assert page.evaluate(AXE_RUN) == []
    small = page.evaluate("""() => Array.from(document.querySelectorAll(
        '.fp-table-app button, .fp-table-app select, .fp-table-app input:not([type=hidden])'))
        .filter(e => e.getClientRects().length && e.getBoundingClientRect().height < 44)
        .map(e => e.className + ' ' + e.textContent.slice(0, 30))""")
    assert small == [], small
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], wide
    # saved: the download is the record, and the browser keeps the game
    href = page.locator("a.fp-table-download").get_attribute("href")
    record = Record.loads(base64.b64decode(href.split(",", 1)[1]))
    assert len(record.moves) == 17 and record.names == ["Alice", "Bob"]
    kept = page.evaluate("() => Object.keys(localStorage).filter("
                         "k => k.startsWith('foodplay.table/1/'))")
    assert len(kept) == 1
    # reopened in the tutor, step by step
    with page.context.expect_page() as opened:
        page.locator("a.fp-table-review").click()
    tutor = opened.value
    tutor.set_viewport_size(PHONE)
    expect(tutor.locator(STEP_COUNTER)).to_contain_text("17", timeout=FIRST_RENDER_MS)
    expect(tutor.locator(".fp-messages")).to_be_hidden()
    save_screenshot(tutor, "table-companion-review-in-tutor-390x844")
    tutor.close(run_before_unload=True)
    # a reload loses nothing: the page offers the game back
    page.reload(wait_until="commit")
    resume = page.locator("button.fp-table-resume")
    expect(resume).to_be_visible(timeout=FIRST_RENDER_MS)
    expect(page.locator(".fp-table-resume-text")).to_contain_text("after 17 moves")
    resume.click()
    log_count(page, 17)
    assert dialogs == []


def test_hostile_parameters_and_names_run_nothing(page, notebook_url, save_screenshot):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.set_viewport_size(PHONE)
    page.goto(notebook_url("table.ipynb", LINK_ATTACK), wait_until="commit",
              timeout=FIRST_RENDER_MS)
    messages = page.locator(".fp-messages")
    expect(messages).to_contain_text("nothing from the link was applied",
                                     timeout=FIRST_RENDER_MS)
    expect(messages).to_contain_text("<script>window.__xss=1</script>")  # shown as text
    start(page, (NAME_ATTACK, "Bob"))
    expect(page.locator(".fp-table-prompt-box")).to_contain_text(NAME_ATTACK)
    page.locator(".fp-table-typed input").fill(json.dumps({"seat": NAME_ATTACK}))
    page.locator("button.fp-table-typed-enter").click()
    expect(page.locator(".fp-table-refusal")).to_be_visible(timeout=UPDATE_MS)
    save_screenshot(page, "table-companion-hostile-390x844")
    assert dialogs == [] and page.evaluate("() => window.__xss") is None
    assert "Traceback" not in page.locator("body").inner_text()
