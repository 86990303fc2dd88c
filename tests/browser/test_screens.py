"""Every screen: a laptop (1280x800), a phone (390x844), and wider screens (1440x900, 1920x1080).

One page load per page: the layout is CSS only, so each test takes its page once loaded and resizes
the viewport through the sizes, checking at each one that nothing sticks out past the screen
edge, nothing is clipped, the control bar is on screen, and (on the phone) touch targets are at
least 44 px. Every page of the gallery also gets an axe-core scan (no serious or critical
violation). Screenshots of each page at each size go to test-artifacts/screenshots/.

Every notebook is opened here at its plain address (no query) and must show no error: with the
apps' own tests this is the check that each notebook runs (no separate nbval run of them).
The apps, the gallery, teacher mode and the lessons page are the session's shared loaded pages
(`loaded_page`): other tests read them too, and these tests change only viewport and scroll.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect
from tabs import STEP_COUNTER

FIRST_RENDER_MS = 120_000  # a new kernel runs the notebook first (ten apps on one examples page)
UPDATE_MS = 10_000
SIZES = {"laptop": (1280, 800), "phone": (390, 844), "wide": (1440, 900), "large": (1920, 1080)}

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CELL_ERROR = "There was an error when executing cell"  # Voilà's words for a failing cell

# page name -> (notebook, query, a selector present once the page has rendered, shared)
# shared: the session's loaded page (`loaded_page`), which other tests read too; otherwise
# the page opens in this test's tab.
APPS = {
    "burg": ("burg.ipynb", "", STEP_COUNTER, True),
    "coffee-rush": ("coffee-rush.ipynb", "", STEP_COUNTER, True),
    "cuisine": ("cuisine-a-la-card.ipynb", "", STEP_COUNTER, True),
    "food-truck": ("food-truck.ipynb", "", STEP_COUNTER, True),
    "teacher": ("teacher.ipynb", "", STEP_COUNTER, True),
    # Coffee Rush's first lesson: its order cards were clipped at 1280 px
    "lessons": ("lessons.ipynb", "lesson=coffee-rush/first-turn", ".fp-lesson-goal-box", False),
}
OTHER_PAGES = {
    "gallery": ("index.ipynb", "", ".fp-game-card.fp-built", True),
    "lessons-first": ("lessons.ipynb", "", ".fp-lesson-goal-box", True),
    "summary": ("summary.ipynb", "", ".fp-summary .fp-sum-index li", False),
    "setup": ("setup.ipynb", "", ".fp-guide-check", False),
    "burg-examples": ("burg-examples.ipynb", "", STEP_COUNTER, False),
    "coffee-rush-examples": ("coffee-rush-examples.ipynb", "", STEP_COUNTER, False),
    "cuisine-examples": ("cuisine-a-la-card-examples.ipynb", "", STEP_COUNTER, False),
    "food-truck-examples": ("food-truck-examples.ipynb", "", STEP_COUNTER, False),
    # the strategy lab: its last experiment's explanation shows once every cell has run
    "strategy-lab": ("strategy-lab.ipynb", "",
                     '.fp-lab-explain[data-key="lab.nb.truck_bot.explain"]', False),
}

# Voilà's lab template scrolls inside this panel, not the document.
SCROLL_TO = """(y) => { const s = document.querySelector('.lm-BoxPanel-child')
  || document.scrollingElement; s.scrollTop = y; return s.scrollTop; }"""

# Resolves once the layout has followed a resize or a scroll: the scrolling panel and the page
# keep their sizes for two frames in a row (at most 60 frames).
SETTLED = """() => new Promise((done) => {
  const box = () => { const s = document.querySelector('.lm-BoxPanel-child')
    || document.scrollingElement; return [innerWidth, innerHeight, s.clientWidth,
    s.clientHeight, s.scrollWidth, s.scrollHeight, s.scrollTop].join(); };
  let last = box(), same = 0, frames = 0;
  const tick = () => { const now = box(); same = now === last ? same + 1 : 0; last = now;
    if (same >= 2 || ++frames > 60) { done(frames); } else { requestAnimationFrame(tick); } };
  requestAnimationFrame(tick);
})"""

# Problems at the current size: elements past the screen edge (except inside a box meant to
# scroll, the table or the rulebook list), clipped text in buttons, labels and cards, boxes
# whose content is wider than they are, and (`selects`) selectors narrower than their choice.
LAYOUT_PROBLEMS = """(selects) => {
  const vw = document.documentElement.clientWidth;
  const SCROLLERS = '.fp-table-panel, .fp-rules, .fp-moves';
  const shown = e => e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  const name = e => e.tagName.toLowerCase() + '.' + Array.from(e.classList)
    .filter(c => c.startsWith('fp-')).join('.');
  const scrolled = e => !!(e.parentElement && e.parentElement.closest(SCROLLERS));
  const problems = [];
  if (document.documentElement.scrollWidth > vw) {
    problems.push(['page wider than the screen', document.documentElement.scrollWidth, vw]);
  }
  const panel = document.querySelector('.lm-BoxPanel-child');
  if (panel && panel.scrollWidth > panel.clientWidth + 1) {
    problems.push(['page wider than the screen', panel.scrollWidth, panel.clientWidth]);
  }
  const parts = '.fp-app button, .fp-app select, .fp-app .widget-label, .fp-teacher button,'
    + ' .fp-teacher select, .fp-card, .fp-cr-order, .fp-cr-tab, .fp-zone, .fp-player, .fp-open,'
    + ' .fp-app .widget-html-content, .fp-timeline';
  for (const e of document.querySelectorAll(parts)) {
    if (!shown(e)) { continue; }
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    if (style.overflowX !== 'visible' || e.tagName === 'BUTTON') {
      if (e.tagName !== 'SELECT' && e.scrollWidth > e.clientWidth + 1) {
        problems.push(['clipped', name(e), e.scrollWidth, e.clientWidth,
                       (e.innerText || '').slice(0, 40)]);
      }
    } else {  // content running out over the edge (a badge set on a corner is meant to)
      for (const part of e.querySelectorAll('*')) {
        const box = part.getBoundingClientRect();
        const scroller = part.parentElement.closest(SCROLLERS);
        if (box.width && box.right > r.right + 1 && !part.closest('.fp-sr')
            && !(scroller && e.contains(scroller))
            && getComputedStyle(part).position !== 'absolute') {
          problems.push(['runs over the edge', name(e), name(part), Math.round(box.right),
                         Math.round(r.right), (part.innerText || '').slice(0, 40)]);
          break;
        }
      }
    }
    if (!scrolled(e) && (r.right > vw + 1 || r.left < -1)) {
      problems.push(['past the screen edge', name(e), Math.round(r.left), Math.round(r.right)]);
    }
  }
  for (const e of document.querySelectorAll('.fp-app .widget-box, .fp-teacher .widget-box')) {
    if (shown(e) && !e.matches(SCROLLERS) && e.scrollWidth > e.clientWidth + 1) {
      problems.push(['box too narrow for its content', name(e), e.scrollWidth, e.clientWidth]);
    }
  }
  const ctx = document.createElement('canvas').getContext('2d');
  for (const s of selects ? document.querySelectorAll('.fp-app select, .fp-teacher select') : []) {
    const chosen = s.options[s.selectedIndex];
    if (!shown(s) || !chosen) { continue; }
    const style = getComputedStyle(s);
    ctx.font = style.fontSize + ' ' + style.fontFamily;
    const need = ctx.measureText(chosen.text).width + 24;  // the text and the arrow
    if (need > s.clientWidth + 1) {
      problems.push(['selector clipped', name(s.parentElement), Math.round(need), s.clientWidth,
                     chosen.text.slice(0, 40)]);
    }
  }
  return problems;
}"""

# Buttons, selectors and text fields smaller than 44 x 44 px (a phone's touch target).
SMALL_TARGETS = """() => {
  const small = [];
  for (const e of document.querySelectorAll(
      '.fp-app button, .fp-app select, .fp-app input, .fp-teacher button, .fp-teacher select')) {
    // a radio button or a tick box is pressed through its label
    const target = e.matches('[type=radio], [type=checkbox]') && e.closest('label') || e;
    const r = target.getBoundingClientRect();
    if (r.width && r.height && (r.height < 44 || r.width < 44)) {
      small.push([e.tagName.toLowerCase() + '.' + e.className.split(' ').filter(
        c => c.startsWith('fp-')).join('.'), Math.round(r.width), Math.round(r.height),
        (e.innerText || e.value || '').slice(0, 30)]);
    }
  }
  return small;
}"""

# Links and buttons that look like plain text: a link in the text colour, or without an
# underline or a background of its own.
PLAIN_ACTIONS = """() => {
  const plain = [];
  const text = getComputedStyle(document.querySelector('.fp-teacher')).color;
  for (const a of document.querySelectorAll('.fp-teacher a')) {
    if (!a.getClientRects().length) { continue; }
    const s = getComputedStyle(a);
    const marked = s.textDecorationLine.includes('underline')
      || s.backgroundColor !== 'rgba(0, 0, 0, 0)';
    if (s.color === text || !marked) { plain.push(a.innerText.slice(0, 40)); }
  }
  for (const b of document.querySelectorAll('.fp-teacher button')) {
    const s = getComputedStyle(b);
    if (b.getClientRects().length && s.borderStyle === 'none'
        && s.backgroundColor === 'rgba(0, 0, 0, 0)') { plain.push(b.innerText.slice(0, 40)); }
  }
  return plain;
}"""

AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
}"""


def in_viewport(page, selector: str) -> bool:
    """Whether the first element matching `selector` is wholly inside the viewport."""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel)
        .getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.left >= 0
        && r.bottom <= innerHeight && r.right <= innerWidth; }""", selector)


def show_page(page, loaded_page, notebook_url, spec: tuple[str, str, str, bool]):
    """The page of `spec` (as in APPS) at the laptop size, rendered and showing no error: the
    shared loaded page, or this test's tab opened on it."""
    notebook, query, ready, shared = spec
    if shared:
        page = loaded_page(notebook, ready, query)
    else:
        page.goto(notebook_url(notebook, query), timeout=FIRST_RENDER_MS)
        expect(page.locator(ready).first).to_be_visible(timeout=FIRST_RENDER_MS)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"], strict=True)))
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and CELL_ERROR not in body, body[:2000]
    return page


def open_page(page, base: str, path: str, ready: str) -> None:
    """Open `path` (notebook and query) in `page` at the laptop size, rendered, with no error."""
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"], strict=True)))
    page.goto(f"{base}/voila/render/{path}", timeout=FIRST_RENDER_MS)
    expect(page.locator(ready).first).to_be_visible(timeout=FIRST_RENDER_MS)
    body = page.locator("body").inner_text()
    assert "Traceback" not in body and CELL_ERROR not in body, body[:2000]


def settle(page) -> None:
    """Wait until the layout has followed a resize or a scroll."""
    page.evaluate(SETTLED)


def check_axe(page, axe_path) -> None:
    page.add_script_tag(path=str(axe_path))
    violations = page.evaluate(AXE_RUN)
    assert violations == [], violations


@pytest.mark.parametrize("name", list(APPS))
def test_every_size(page, loaded_page, notebook_url, axe_path, save_screenshot, name):
    page = show_page(page, loaded_page, notebook_url, APPS[name])
    check_axe(page, axe_path)
    has_bar = page.locator("button.fp-next").count() > 0
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SCROLL_TO, 0)
        settle(page)
        problems = page.evaluate(LAYOUT_PROBLEMS, size != "phone")
        assert problems == [], f"{name} at {width}x{height}: {problems}"
        if size == "phone":
            assert page.evaluate(SMALL_TARGETS) == [], f"{name}: small touch targets"
        if has_bar and size != "phone":
            # Next is on screen without scrolling (in teacher mode, once its tutor is at the top
            # of the screen, under the teacher's own heading), and stays there as the page scrolls
            if name == "teacher":
                page.locator(".fp-teacher .fp-app").evaluate("e => e.scrollIntoView()")
            assert in_viewport(page, "button.fp-next"), f"{name} at {size}: Next below the fold"
            expect(page.locator(".fp-keys-legend").first).to_be_visible()
            rules = page.locator(".fp-explain .fp-cited-list").first
            if rules.count():  # the rules behind a step are shown whole, not in a small box
                assert rules.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
        save_screenshot(page, f"screens-{name}-{size}")
        if has_bar:
            page.evaluate(SCROLL_TO, 1500)
            settle(page)
            assert in_viewport(page, "button.fp-next"), f"{name} at {size}: bar scrolled away"
            # flush with the top: nothing of the page shows through above it
            bar = page.locator(".fp-nav-row" if size == "phone" else ".fp-timeline").first
            top = bar.evaluate("e => e.getBoundingClientRect().top")
            assert abs(top) <= 1, f"{name} at {size}: the bar sticks {top} px from the top"
            save_screenshot(page, f"screens-{name}-{size}-scrolled")
    if name == "teacher":
        page.set_viewport_size({"width": 1280, "height": 800})
        assert page.evaluate(PLAIN_ACTIONS) == [], "links or buttons that look like plain text"


@pytest.mark.parametrize("name", list(OTHER_PAGES))
def test_accessibility(page, loaded_page, notebook_url, axe_path, save_screenshot, name):
    page = show_page(page, loaded_page, notebook_url, OTHER_PAGES[name])
    check_axe(page, axe_path)
    assert page.evaluate(LAYOUT_PROBLEMS, True) == []
    save_screenshot(page, f"screens-{name}-laptop")


def test_every_notebook_is_opened_here_at_its_plain_address():
    """Each notebook runs, with no error, in one of the tests above (in place of nbval)."""
    plain = {notebook for notebook, query, _, _ in [*APPS.values(), *OTHER_PAGES.values()]
             if not query}
    assert plain == {path.name for path in NOTEBOOKS.glob("*.ipynb")}


def test_keyboard_shortcuts_work_anywhere_but_in_a_field(page, loaded_page, notebook_url,
                                                        save_screenshot):
    page = show_page(page, loaded_page, notebook_url, ("food-truck.ipynb", "", STEP_COUNTER, False))
    counter = page.locator(STEP_COUNTER)
    expect(counter).to_have_text(re.compile(r"^step 0 / \d+$"))
    last = int(counter.inner_text().split("/")[1])
    legend = page.locator(".fp-keys-legend")
    for key in ("←", "→", "Home", "End", "P", "W"):
        expect(legend.locator("kbd", has_text=key).first).to_be_visible()
    for key, step in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1), ("End", last),
                      ("Home", 0)):
        page.keyboard.press(key)
        expect(counter).to_have_text(f"step {step} / {last}", timeout=UPDATE_MS)
    # typing in a field keeps its keys: the seed box takes them, the step stays. The page's key
    # handler presses the app's buttons as it gets the key, so no click means no step
    page.evaluate("""() => { window.fpTestClicks = 0; document.addEventListener('click',
        (e) => { if (e.target.closest('.fp-app')) { window.fpTestClicks += 1; } }, true); }""")
    page.locator(".fp-seed input").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")
    page.locator(".fp-lang select").focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => window.fpTestClicks") == 0
    expect(counter).to_have_text(f"step 0 / {last}")
    # a focused button does not swallow them; W opens "why not?" (its move list gets focus)
    page.locator("button.fp-new-game").focus()
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"step 1 / {last}", timeout=UPDATE_MS)
    page.keyboard.press("w")
    assert page.evaluate("document.activeElement.closest('.fp-whynot-choice') !== null")
    # P starts and pauses the auto-play
    page.locator("button.fp-next").focus()
    page.keyboard.press("p")
    expect(page.locator("button.fp-autoplay")).to_have_text(re.compile("Pause"))
    page.keyboard.press("p")
    expect(page.locator("button.fp-autoplay")).to_have_text(re.compile("Auto-play"))
    save_screenshot(page, "screens-keyboard")


@pytest.mark.parametrize("name", ["burg", "coffee-rush", "cuisine", "food-truck", "teacher"])
def test_on_a_phone_the_tips_fold_away_and_the_app_starts_on_the_first_screen(
        page, loaded_page, notebook_url, save_screenshot, name):
    page = show_page(page, loaded_page, notebook_url, APPS[name])
    full, fold = page.locator(".fp-tips-full").first, page.locator(".fp-tips-fold").first
    if name == "teacher":  # large type, on by default, folds them at any width (a projector)
        expect(full).to_be_hidden()
        expect(fold).to_be_visible()
    else:
        expect(full).to_be_visible()  # a laptop shows the tips whole
        expect(fold).to_be_hidden()
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["phone"], strict=True)))
    page.evaluate(SCROLL_TO, 0)
    settle(page)
    try:
        expect(full).to_be_hidden()
        summary = fold.locator("summary")
        expect(summary).to_be_visible()
        expect(fold.locator("li").first).to_be_hidden()  # folded until asked
        assert in_viewport(page, ".fp-title"), f"{name}: the app starts below the first screen"
        save_screenshot(page, f"screens-{name}-phone-tips-folded")
        summary.focus()
        page.keyboard.press("Enter")  # by keyboard, as by touch
        expect(fold.locator("li").first).to_be_visible()
        save_screenshot(page, f"screens-{name}-phone-tips-open")
        page.keyboard.press("Enter")
        expect(fold.locator("li").first).to_be_hidden()
    finally:
        page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"], strict=True)))


# Whether the middle of the first element matching the selector is what the page shows there:
# nothing (such as a sticky bar) covers it.
UNCOVERED = """(sel) => { const e = document.querySelector(sel);
  const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
  return top !== null && (top === e || e.contains(top)); }"""


def test_your_move_link_in_the_bar_goes_to_the_move_panel_on_a_laptop_and_a_phone(
        page, loaded_page, notebook_url, save_screenshot):
    """In play mode the move panel is below the table, screens down on a phone: while the
    learner decides, a link under the counter goes there, by keyboard too, and the sticky bar
    does not cover the line it lands on."""
    page = show_page(page, loaded_page, notebook_url,
                     ("coffee-rush.ipynb", "mode=play&seed=7&players=3", STEP_COUNTER, False))
    link = page.locator(".fp-nav-row a.fp-to-move")
    expect(link).to_have_count(0)  # the bots' moves are still to read
    page.locator("button.fp-catch-up").click()
    expect(link).to_have_text("Your move ↓", timeout=UPDATE_MS)
    for size in ("laptop", "phone"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        page.evaluate(SCROLL_TO, 0)
        settle(page)
        assert not in_viewport(page, ".fp-turn-text"), f"{size}: the panel is on screen anyway"
        expect(link).to_be_visible()
        link.focus()
        page.keyboard.press("Enter")
        settle(page)
        assert in_viewport(page, ".fp-turn-text"), f"{size}: the link did not go to the panel"
        # the line takes the focus: Tab goes on into the panel
        assert page.evaluate("document.activeElement.classList.contains('fp-turn-text')")
        assert page.evaluate(UNCOVERED, ".fp-turn-text"), f"{size}: the bar covers the line"
        save_screenshot(page, f"screens-your-move-{size}")
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"], strict=True)))


def test_after_the_learners_move_a_link_goes_back_up_to_the_step(page, loaded_page, notebook_url,
                                                                  save_screenshot):
    """The bots' replies are read in the explanation, above the move panel: after the
    learner's move, a link in the panel goes back up to the step's title, by keyboard too."""
    page = show_page(page, loaded_page, notebook_url,
                     ("burg.ipynb", "mode=play&seed=5&players=3", STEP_COUNTER, False))
    page.locator("button.fp-catch-up").click()
    expect(page.locator(".fp-nav-row a.fp-to-move")).to_be_visible(timeout=UPDATE_MS)
    page.locator(".fp-legal button").first.click()  # the learner's move; the bots reply
    back = page.locator(".fp-moves a.fp-to-step")
    expect(back).to_have_text("↑ To the step", timeout=UPDATE_MS)
    title = ".fp-explain .fp-step-title"
    for size in ("laptop", "phone"):
        page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
        back.evaluate("e => e.scrollIntoView({block: 'start'})")  # the panel, at the top
        settle(page)
        assert not in_viewport(page, title), f"{size}: the step's title is on screen anyway"
        back.focus()
        page.keyboard.press("Enter")
        settle(page)
        assert in_viewport(page, title), f"{size}: the link did not go up to the step"
        assert page.evaluate(UNCOVERED, title), f"{size}: the bar covers the step's title"
        assert page.evaluate("document.activeElement.classList.contains('fp-step-title')")
        save_screenshot(page, f"screens-to-the-step-{size}")
    page.set_viewport_size(dict(zip(("width", "height"), SIZES["laptop"], strict=True)))
