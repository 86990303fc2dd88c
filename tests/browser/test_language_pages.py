"""Each app in each language, as a reader of that language sees it.

The apps are the session's shared loaded pages (`loaded_page`): the Language menu switches to
every translated language in turn, and back to English at the end. At each
one the page must be in that language's script (Hangul, Han characters, or French and Portuguese
without English words), the layout must hold at 1280 px and on a phone, and a screenshot of
both sizes goes to test-artifacts/screenshots/ (Korean and Chinese need a CJK font:
fonts-noto-cjk, installed by `make test`). The gallery is opened once in Korean, by its address.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tabs import STEP_COUNTER
from test_screens import LAYOUT_PROBLEMS, SIZES, open_page, settle

from foodplay.i18n.messages import LANGUAGES, catalogue

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
APPS = {"burg": "burg.ipynb", "coffee-rush": "coffee-rush.ipynb",
        "cuisine": "cuisine-a-la-card.ipynb", "food-truck": "food-truck.ipynb"}
SCRIPTS = {"ko": re.compile(r"[\uac00-\ud7a3]"), "zh": re.compile(r"[\u4e00-\u9fff]")}
ENGLISH = {"the", "and", "you", "your", "with", "is", "are", "this", "that", "which", "when",
           "then", "must", "may", "step", "rule", "rules", "next", "back", "player", "cards"}
PROSE = (".fp-page-prose, .fp-app .fp-explain, .fp-app .fp-table-panel, "
         ".fp-app .fp-timeline")  # the
# page's own words above the app follow its Language menu too


def in_its_script(lang: str, text: str) -> tuple[bool, str]:
    """Whether `text` reads as `lang`: mostly that script, or (Latin) without English words."""
    letters = re.findall(r"[^\W\d_]", text)
    if lang in SCRIPTS:
        share = len(SCRIPTS[lang].findall(text)) / max(len(letters), 1)
        return share > 0.5, f"{share:.0%} {lang} script"
    english = [w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in ENGLISH]  # whole
    # words: "papéis" is not "pap" and "is"
    return not english, f"English words: {english[:10]}"


@pytest.mark.skipif(not OTHERS, reason="no translated language yet")
@pytest.mark.parametrize("name", list(APPS))
def test_each_app_in_each_language(loaded_page, save_screenshot, name):
    page = loaded_page(APPS[name], STEP_COUNTER)
    menu = page.locator(".fp-app .fp-lang select").first
    for lang in OTHERS:
        cat = catalogue(None, lang)
        menu.select_option(label=cat.format("ui.lang.name"))
        expect(page.locator("button.fp-next").first).to_have_text(
            cat.format("ui.timeline.next"), timeout=10_000)
        expect(page.locator(".fp-app .fp-lang label").first).to_have_text(
            cat.format("ui.lang.label"))
        text = " ".join(page.locator(PROSE).all_inner_texts())
        ok, why = in_its_script(lang, text)
        assert ok, f"{name} in {lang}: {why}"
        for size in ("laptop", "phone"):
            width, height = SIZES[size]
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            problems = page.evaluate(LAYOUT_PROBLEMS, size != "phone")
            assert problems == [], f"{name} in {lang} at {width}x{height}: {problems}"
            save_screenshot(page, f"lang-{name}-{lang}-{size}")
        page.set_viewport_size({"width": SIZES["laptop"][0], "height": SIZES["laptop"][1]})
    menu.select_option(label=catalogue(None, "en").format("ui.lang.name"))  # as it was found
    expect(page.locator("button.fp-next").first).to_have_text(
        catalogue(None, "en").format("ui.timeline.next"))


@pytest.mark.skipif("ko" not in LANGUAGES, reason="no Korean catalogue")
def test_the_gallery_by_its_address_in_korean_links_on_in_korean(page, voila_server,
                                                                   save_screenshot):
    open_page(page, voila_server, "index.ipynb?lang=ko", ".fp-game-card")
    cat = catalogue(None, "ko")
    expect(page.locator(".fp-gallery-title")).to_have_text(cat.format("ui.gallery.title"))
    hrefs = page.locator(".fp-game-card a").evaluate_all("links => links.map(a => a.href)")
    assert hrefs and all("lang=ko" in href for href in hrefs)
    current = page.locator('.fp-lang-links a[aria-current="true"]')
    expect(current).to_have_text("한국어")
    save_screenshot(page, "lang-gallery-ko-laptop")
