"""The summary page prints on two whole pages from any window width (issue #33, item 2).

Chromium prints the page as it is shown (`page.pdf()` in print media) from windows 1920, 1280
and 800 px wide: two pages each time, with the last rule and the footer in the PDF's text. The
page is loaded at the widest window and then narrowed, as a teacher resizes a window; Voilà's
panels size themselves to the window in both cases. Before the print stylesheet reset those
panels, a 1280 or 1920 window printed one page, its last column cut and its end missing.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from pdf_text import page_count, page_texts
from playwright.sync_api import expect

WIDTHS = (1920, 1280, 800)
A4_WIDTH_PX = 794  # 210 mm at 96 px per inch: the screenshots of the print layout
FIRST_RENDER_MS = 30_000
# every game once, in four languages: Korean Cuisine a la Card is the longest on paper
CASES = (("burg", "en"), ("coffee-rush", "fr"), ("cuisine-a-la-card", "ko"),
         ("food-truck", "pt"))


def plain(text: str) -> str:
    """Text as compared with a PDF's: compatibility forms folded (a CJK face may draw 自 as the
    radical ⾃), and no whitespace (a line break in the PDF is a new text run, not a space)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_summary_prints_on_two_whole_pages_from_any_window(page, notebook_url, game, lang,
                                                               save_screenshot):
    page.set_viewport_size({"width": WIDTHS[0], "height": 1000})
    page.goto(notebook_url("summary.ipynb", f"game={game}&lang={lang}"))
    summary = page.locator(".fp-summary")
    expect(summary.locator(".fp-sum-index li").first).to_be_visible(timeout=FIRST_RENDER_MS)
    last_rule = plain(summary.locator(".fp-sum-rule .fp-sum-head").last.inner_text())
    footer = plain(summary.locator("footer").inner_text())
    bar = plain(page.locator(".fp-summary-download").inner_text())
    page.emulate_media(media="print")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 1000})
        pdf = page.pdf(prefer_css_page_size=True)
        texts = [plain(text) for text in page_texts(pdf)]
        where = f"{game} in {lang}, printed from a {width} px window"
        assert page_count(pdf) == 2, f"{where}: {page_count(pdf)} pages"
        assert last_rule in texts[-1], f"{where}: the last rule, {last_rule!r}, is not printed"
        assert footer in texts[-1], f"{where}: the footer is not printed"
        assert bar not in "".join(texts), f"{where}: the page's bar is printed"
    # the print layout, as wide as A4 paper, for a person to look at
    page.set_viewport_size({"width": A4_WIDTH_PX, "height": 2400})
    save_screenshot(page, f"summary-print-{game}-{lang}")
