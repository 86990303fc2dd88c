"""A page's own words (headings, paragraphs, tips) from the catalogue, in the page's language.

Notebooks hold no prose: each text cell is `page_text(key, game)`, so that every page speaks
the language its address asks for (`?lang=ko`), and follows an app's Language menu.
"""

from __future__ import annotations

import os
import re
from urllib.parse import parse_qsl

import ipywidgets as widgets

from foodplay.i18n.langcodes import public, resolve
from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.links import lang_problem, with_lang
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc

# The language links sit at the top right; the current language is marked, not only coloured.
LANGUAGE_LINKS_CSS = """
.fp-lang-links ul { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; list-style: none;
  margin: 0 0 0.5rem; padding: 0; justify-content: flex-end; }
.fp-lang-links a { display: inline-block; min-height: 44px; line-height: 44px; padding: 0 0.5rem; }
.fp-lang-links a[aria-current] { font-weight: bold; text-decoration: none;
  border-bottom: 3px solid currentColor; line-height: 38px; }
.fp-lang-notice { border: 2px solid #bf8700; background: #fff8c5; border-radius: 8px;
  padding: 6px 12px; margin: 0 0 0.5rem; }
"""
# A page's list of tips, in full on a wide screen; on a phone, folded under one line that opens
# it, so that the app is near the top. Sent with the text itself (not with an app's stylesheet,
# which comes later): the page never shows the other form first.
FOLD_WIDTH = "40em"
TIPS_CSS = f"""
.fp-tips-fold {{ display: none; margin: 0 0 1em; }}
.fp-tips-fold > summary {{ cursor: pointer; font-weight: 600; min-height: 44px;
  line-height: 44px; }}
.fp-tips-fold > summary:focus-visible {{ outline: 3px solid #0969da; outline-offset: 2px; }}
@media (max-width: {FOLD_WIDTH}) {{
  .fp-tips-full {{ display: none; }}
  .fp-tips-fold {{ display: block; }}
}}
"""
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\*)(.+?)(?<!\*)\*(?![*\w])")
_HEADING = re.compile(r"^(#{1,3}) (.+)$")


def query_lang(query: str | None = None) -> str:
    """The language a page address asks for (`lang=`), or English if none or unknown."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = dict(parse_qsl(query.lstrip("?"))).get("lang", "en")
    return resolve(asked) or "en"


def language_links(query: str, lang: str) -> str:
    """A Language menu as links: this page again, in each language, keeping its address."""
    cat = catalogue(None, lang)
    current = ' aria-current="true"'
    items = "".join(
        f'<li><a href="{esc(with_lang("?" + query.lstrip("?"), code))}" lang="{public(code)}" '
        f'hreflang="{public(code)}"{current if code == lang else ""}>'
        f'{esc(catalogue(None, code).format("ui.lang.name"))}</a></li>' for code in LANGUAGES)
    return (f'<nav class="fp-lang-links" aria-label="{esc(cat.format("ui.lang.label"))}">'
            f"<ul>{items}</ul></nav>{unknown_lang_notice(query)}")


def unknown_lang_notice(query: str) -> str:
    """A notice if the address asks for a language the tutor does not have (shown in English,
    the language used instead), else nothing."""
    asked = dict(parse_qsl(query.lstrip("?"))).get("lang")
    problem = None if asked is None else lang_problem(asked)
    if problem is None:
        return ""
    text = catalogue(None, "en").format(*problem)
    return f'<p class="fp-lang-notice" role="status">{esc(text)}</p>'


def _inline(text: str) -> str:
    html = esc(text)
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    return _ITALIC.sub(r"<em>\1</em>", html)


def rich_html(text: str, fold: str | None = None) -> str:
    """A catalogue text with a little markup (#, ##, ### headings, "- " items, **bold**,
    *italic*, blank lines between paragraphs) as HTML; everything else is escaped. With `fold`
    (a summary line), each list is also folded under it, the form a phone shows (TIPS_CSS)."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        if all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            if fold is None:
                out.append(f"<ul>{items}</ul>")
            else:
                out.append(f'<ul class="fp-tips-full">{items}</ul><details class="fp-tips-fold">'
                           f"<summary>{esc(fold)}</summary><ul>{items}</ul></details>")
            continue
        heading = _HEADING.match(lines[0])
        if heading:
            level = len(heading.group(1))
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            lines = lines[1:]
        if lines:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


class PageText(widgets.HTML):
    """One catalogue text of a page, drawn in a language; `follow` a Language menu to switch."""

    def __init__(self, key: str, game: str | None = None, lang: str = "en",
                 links_query: str | None = None, tips: bool = False):
        super().__init__()
        self.key = key
        self.game = game
        self.links_query = links_query  # show the language links, for a page with this query
        self.tips = tips  # its lists are tips: folded on a phone
        self.add_class("fp-page-text")
        self.draw(lang)

    def draw(self, lang: str) -> None:
        from foodplay.games import get_game

        cat = get_game(self.game).catalogue(lang) if self.game else catalogue(None, lang)
        links = "" if self.links_query is None else \
            f"<style>{LANGUAGE_LINKS_CSS}</style>{language_links(self.links_query, lang)}"
        fold = cat.format("ui.page.tips") if self.tips else None
        style = f"<style>{TIPS_CSS}</style>" if self.tips else ""
        value = f'{links}{style}<div class="fp-page-prose" lang="{esc(public(lang))}">' \
                f"{rich_html(cat.format(self.key), fold)}</div>"
        if value != self.value:
            self.value = value

    def follow(self, select: widgets.Dropdown) -> PageText:
        """Redraw whenever `select` (an app's Language menu) changes."""
        select.observe(lambda change: self.draw(change["new"]), "value")
        return self


def page_text(key: str, game: str | None = None, query: str | None = None,
              links: bool = False, tips: bool = False) -> PageText:
    """The text `key` (from `game`'s catalogue, or the core one) in the page address's language;
    `links` puts the language links (this page, in each language) above it; `tips`: its lists
    are tips on using the page, folded on a phone."""
    query = os.environ.get("QUERY_STRING", "") if query is None else query
    return PageText(key, game, query_lang(query), query if links else None, tips)


def section(key: str, game: str | None, shown: widgets.Widget,
            query: str | None = None) -> widgets.VBox:
    """The text `key` (as `page_text`) above `shown`: a page's section in one cell, so one
    round trip to the kernel instead of two before the page shows."""
    box = classed(widgets.VBox([page_text(key, game, query), shown]), "fp-section")
    return box
