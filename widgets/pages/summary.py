"""The printable rules summary as a page of the app (`notebooks/summary.ipynb?game=burg`).

The page shows a bar (the other games' summaries, a download link, how to print) and the
summary itself as plain HTML output, so the browser prints it as it is: the print stylesheet
hides the bar and the page around the summary, and sets A4 at 9 pt or more.
"""

from __future__ import annotations

import base64
from urllib.parse import parse_qs

from IPython.display import HTML

from foodplay.games import built_games, get_game
from foodplay.i18n.langcodes import resolve
from foodplay.links import with_lang
from foodplay.teaching.summary import file_name, summary_fragment, summary_html
from foodplay_widgets.pages.page import LANGUAGE_LINKS_CSS, language_links
from foodplay_widgets.text import esc

# In print, only the summary, laid out by the paper and not by the window. Voilà's lab page
# keeps its cells in Lumino panels that its script sizes to the window (inline `position:
# absolute; width: 1280px; height: 1000px; contain: strict`), so a summary printed from a wide
# window came out one page wide of 1280 px, its last column cut and its end clipped. Every
# ancestor of the summary (`:has(.fp-summary)`, and the known wrappers by name) is put back
# into the normal flow at the page's width, with nothing clipped.
PAGE_PRINT_CSS = """
.fp-summary-bar { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: baseline;
  font-family: system-ui, sans-serif; border-bottom: 1px solid #d0d7de; padding: 0.3em 0 0.6em;
  margin-bottom: 0.8em; }
.fp-summary-bar a { color: #0550ae; }
.fp-summary-bar [aria-current="page"] { font-weight: 700; }
@media print {
  .fp-summary-bar, .fp-lang-links, .fp-lang-notice, .fp-load-check, .fp-wait, .jp-InputArea,
  .jp-InputPrompt, .jp-OutputPrompt, #voila-top-panel, .jp-Toolbar { display: none !important; }
  html, body, #main, #jp-main-content-panel, #rendered_cells, .jp-LabShell, .lm-Widget,
  .lm-Panel, .lm-BoxPanel, .lm-BoxPanel-child, .jp-Notebook, .jp-Cell, .jp-Cell-outputWrapper,
  .jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output, .jp-RenderedHTMLCommon,
  :has(.fp-summary) {
    display: block !important; position: static !important; inset: auto !important;
    width: auto !important; min-width: 0 !important; max-width: none !important;
    height: auto !important; min-height: 0 !important; max-height: none !important;
    overflow: visible !important; flex: none !important; transform: none !important;
    padding: 0 !important; margin: 0 !important; border: 0 !important;
    box-shadow: none !important; contain: none !important; }
  .jp-RenderedHTMLCommon { font-size: inherit !important; line-height: inherit !important; }
  .lm-Widget.lm-mod-hidden { display: none !important; }
}
"""


def _choice(query: str) -> tuple[str, str]:
    """(game id, language) from the page's query string; the first game if none is named."""
    values = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    games = built_games()
    game = values.get("game", games[0])
    game = get_game(game).id if game in games else games[0]
    lang = values.get("lang", "en")
    return game, resolve(lang) or "en"


def summary_page(query: str = "") -> HTML:
    """The page for the game the query names: a bar of links, then the summary."""
    game_id, lang = _choice(query)
    cat = get_game(game_id).catalogue(lang)
    games = " ".join(
        f'<a href="{esc(with_lang(f"summary.ipynb?game={g}", lang))}"'
        + (' aria-current="page"' if g == game_id else "")
        + f">{esc(get_game(g).title)}</a>" for g in built_games())
    data = base64.b64encode(summary_html(game_id, lang).encode("utf-8")).decode()
    bar = (f'<nav class="fp-summary-bar" aria-label="{esc(cat.format("ui.summary.choose"))}">'
           f'<span>{esc(cat.format("ui.summary.choose"))}: {games}</span>'
           f'<a class="fp-summary-download" download="{esc(file_name(game_id))}" '
           f'href="data:text/html;base64,{data}">{esc(cat.format("ui.summary.download"))}</a>'
           f'<span class="fp-summary-print">{esc(cat.format("ui.summary.print_tip"))}</span>'
           f"</nav>")
    return HTML(f"<style>{PAGE_PRINT_CSS}{LANGUAGE_LINKS_CSS}</style>"
                f"{language_links(query, lang)}{bar}{summary_fragment(game_id, lang)}")
