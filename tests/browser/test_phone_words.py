"""French and Portuguese words on a phone (issue #33, item 8: `hyphens: auto` with the right
`lang`). At 390x844: nothing is wider than the screen; the page and every text on it carry the
page's language (Voilà wrote <html lang="en"> on every page, whatever its language), so that the
browser hyphenates by the right dictionary; and long words are hyphenated or wrapped whole,
never cut at any letter (Cuisine's cards had `overflow-wrap: anywhere`: "Manjericã / o").

One page: Cuisine a la Card's end-of-round example (Basil, "Manjericão", in a small card) opened
by its link in Portuguese, then switched to French by its Language menu (the page's language
follows the menu)."""

from __future__ import annotations

from foodplay.i18n.messages import catalogue
from foodplay.links import Link
from foodplay_widgets.pages.worked_examples import load_scenario

PHONE = {"width": 390, "height": 844}
WAIT_MS = 90_000

# What a phone reader would see go wrong, and the languages the text is marked with.
WORDS = r"""() => {
  const vw = document.documentElement.clientWidth;
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const name = e => e.tagName.toLowerCase() + '.' + Array.from(e.classList)
    .filter(c => c.startsWith('fp-') || c.startsWith('widget-')).join('.');
  const out = {html: document.documentElement.lang, wide: [], cut: [], styles: [], langs: {}};
  const panel = document.querySelector('.lm-BoxPanel-child');
  for (const box of [document.documentElement, panel]) {
    if (box && box.scrollWidth > box.clientWidth + 1) {
      out.wide.push(['page', box.scrollWidth, box.clientWidth]);
    }
  }
  // a horizontal scroller (a table's own strip) may hold more than the screen, not the page
  const inScroller = e => {
    for (let p = e.parentElement; p && p !== panel && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden') { return true; }
    }
    return false;
  };
  for (const e of document.querySelectorAll('.jp-OutputArea-output *')) {
    if (!shown(e) || e.closest('.fp-sr')) { continue; }
    const r = e.getBoundingClientRect();
    if (r.width && r.right > vw + 1 && !inScroller(e)) {
      out.wide.push([name(e), Math.round(r.right), (e.innerText || '').slice(0, 40)]);
    }
    const style = getComputedStyle(e);
    if (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all') {
      out.styles.push([name(e), style.overflowWrap, style.wordBreak]);
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const el = node.parentElement;
    if (!el || !el.closest('.jp-OutputArea-output') || !shown(el) || el.closest('style')
        || node.data.trim().length < 4) { continue; }
    const lang = (el.closest('[lang]') || {}).lang || '(none)';
    out.langs[lang] = (out.langs[lang] || 0) + 1;
    const words = /\p{L}{4,}/gu;
    for (let m; (m = words.exec(node.data));) {  // a word on two lines, with no hyphen
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0)
        .map(r => Math.round(r.top)));
      if (tops.size > 1 && getComputedStyle(el).hyphens !== 'auto') {
        out.cut.push([m[0], name(el)]);
      }
    }
  }
  return out;
}"""


def check(page, lang: str, public: str) -> None:
    """Everything that goes wrong on the page shown in `lang` (its public code `public`)."""
    found = page.evaluate(WORDS)
    problems = {"<html lang>": found["html"] if found["html"] != public else None,
                "wider than the phone": found["wide"][:6],
                "words cut at any letter (style)": found["styles"][:6],
                "words on two lines with no hyphen": found["cut"][:6],
                "texts marked in another language": {
                    code: n for code, n in found["langs"].items() if code != public}}
    problems = {what: value for what, value in problems.items() if value}
    assert problems == {}, f"{lang}: {problems}"


def test_french_and_portuguese_on_a_phone(page, notebook_url, save_screenshot):
    record = load_scenario("cuisine-a-la-card", "end-of-round")
    query = Link(game=record.game, players=record.players, record=record, step=0,
                 lang="pt").query()
    page.set_viewport_size(PHONE)
    page.goto(notebook_url("cuisine-a-la-card.ipynb", query), timeout=WAIT_MS)
    basil = page.locator(".fp-cu-name", has_text="Manjericão").first
    basil.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(500)
    basil.scroll_into_view_if_needed()
    save_screenshot(page, "phone-words-pt")
    check(page, "pt", "pt-BR")
    page.locator(".fp-app .fp-lang select").first.select_option(
        label=catalogue(None, "fr").format("ui.lang.name"))
    basil = page.locator(".fp-cu-name", has_text="Basilic").first
    basil.wait_for(timeout=10_000)
    page.wait_for_timeout(500)
    basil.scroll_into_view_if_needed()
    save_screenshot(page, "phone-words-fr")
    check(page, "fr", "fr")
