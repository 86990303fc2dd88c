"""Rule lookup in the app: a search box beside the rulebook reader, and the clause card.

Every clause in the reader is a card: number, provenance, text, its related rules (links to
their cards) and "see it in play" links (a bot game's step, a worked example's step or a
lesson, each opening the tutor there in a new tab). Clause numbers in the explanation, in a
refusal and in the search results are links to the same card (HTML anchors, so they work with
the keyboard and need no round trip to the kernel).

Keyboard: Alt+K (Option+K on a Mac) focuses the search box, from anywhere on the page. The
box brings its own small key handler, installed once per page the way the timeline's is: an
HTML widget's `innerHTML` runs no `<script>`, but it runs a hidden empty image's `onerror`.
The handler only focuses the box (`SEARCH_INPUT_SELECTOR`) of the reader holding the focus,
else the first one shown; a page-wide shortcut layer can do the same for its own key.

A query is at most QUERY_CHARS characters (foodplay.limits). The same handler gives the box
that `maxlength` when it takes the focus (before anything can be typed or pasted), and says
so in the box's note (a live region) when typing or pasting would go past it. A longer value
that reaches the kernel anyway (set by a script) is refused unsearched: the box is cut back to
the limit and the results say why.
"""

from __future__ import annotations

from functools import cache

import ipywidgets as widgets

from foodplay.limits import QUERY_CHARS, shown
from foodplay.links import with_lang
from foodplay.rulebook import Clause, Rulebook
from foodplay.teaching.rule_index import place_text, places_for
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import Text, badge, esc

SEARCH_INPUT_SELECTOR = ".fp-rule-search input"
KEY_JS = """(function () {
  if (window.fpLookupKey) { return; }
  window.fpLookupKey = function (e) {
    if (e.defaultPrevented || !e.altKey || e.ctrlKey || e.metaKey || e.code !== 'KeyK') {
      return;
    }
    var shown = Array.prototype.filter.call(document.querySelectorAll('INPUT'),
      function (el) { return el.getClientRects().length > 0; });
    var own = e.target && e.target.closest ? e.target.closest('.fp-rulebook-panel') : null;
    var input = (own && own.querySelector('INPUT')) || shown[0];
    if (!input) { return; }
    e.preventDefault();
    input.scrollIntoView({block: 'center'});
    input.focus();
  };
  document.addEventListener('keydown', window.fpLookupKey);
  // the query limit: the box takes no more, and its note says why
  var isBox = function (el) { return !!el && !!el.matches && el.matches('INPUT'); };
  var full = function (input, on) {
    var box = input.closest('.fp-search-box');
    var note = box && box.querySelector('.fp-search-limit-text');
    if (note && note.textContent !== (on ? note.getAttribute('data-full') : '')) {
      note.textContent = on ? note.getAttribute('data-full') : '';
      // said under the box: brought into view, or a box at the screen's bottom edge hides it
      if (on) { note.scrollIntoView({block: 'nearest'}); }
    }
  };
  var room = function (input) {
    var chosen = (input.selectionEnd || 0) - (input.selectionStart || 0);
    return MAXCHARS - (input.value.length - chosen);
  };
  document.addEventListener('focusin', function (e) {
    if (isBox(e.target)) { e.target.maxLength = MAXCHARS; }
  });
  document.addEventListener('beforeinput', function (e) {
    if (!isBox(e.target) || !/^insert/.test(e.inputType || '')) { return; }
    var added = typeof e.data === 'string' ? e.data.length : 0;
    if (added && added > room(e.target)) { full(e.target, true); }
  });
  document.addEventListener('paste', function (e) {
    if (!isBox(e.target) || !e.clipboardData) { return; }
    if (e.clipboardData.getData('text').length > room(e.target)) { full(e.target, true); }
  });
  document.addEventListener('input', function (e) {
    if (isBox(e.target) && e.target.value.length < MAXCHARS) { full(e.target, false); }
  });
  Array.prototype.forEach.call(document.querySelectorAll('INPUT'),
    function (el) { el.maxLength = MAXCHARS; });
})();""".replace("INPUT", SEARCH_INPUT_SELECTOR).replace("MAXCHARS", str(QUERY_CHARS))
MAX_HITS = 8

LOOKUP_CSS = """
.fp-search-row { gap: 6px; align-items: center; flex-wrap: wrap; }
.fp-search-box > .fp-search-said { position: absolute; width: 1px; height: 1px; margin: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.fp-search .widget-label { width: auto !important; min-width: 0; margin-right: 6px; }
.fp-search-box > .fp-search-limit, .fp-search-box > .fp-search-limit > .widget-html-content {
  height: auto; min-height: 0; margin: 0; line-height: 1.4; }
.fp-search-limit-text { margin: 0.1em 0 0.3em; }
.fp-search-limit-text:empty { display: none; }
.fp-search-results ol { margin: 0.2em 0 0.4em 1.4em; padding: 0; }
.fp-search-results li { margin: 0.15em 0; }
.fp-search-fields { color: #57606a; font-size: 0.9em; }
.fp-rule:target, .fp-rule.fp-rule-target { outline: 3px solid #0969da; outline-offset: 2px;
  background: #ddf4ff; border-radius: 6px; }
.fp-card-more { margin: 0.2em 0 0.6em; font-size: 0.95em; }
.fp-card-more h5, .fp-clause-reason h5 { font-size: 1em; margin: 0.3em 0 0.1em; }
.fp-clause-reason { font-size: 0.95em; border-left: 3px solid #8250df; padding-left: 6px; }
.fp-card-related a, .fp-places a { margin-right: 0.6em; }
.fp-places { margin: 0.1em 0 0.2em 1.2em; padding: 0; }
"""


@cache
def _place_links(game_id: str, clause_id: str, lang: str) -> tuple[tuple[str, str, str], ...]:
    """(kind, href, label) of each place a clause is seen at work (built once per clause)."""
    from foodplay.games import get_game

    cat = get_game(game_id).catalogue(lang)
    return tuple((p.kind, with_lang(p.href(game_id), lang), place_text(cat, game_id, p))
                 for p in places_for(game_id, clause_id))


def card_anchor(prefix: str, clause_id: str) -> str:
    return f"{prefix}-{clause_id}"


def related_html(text: Text, clause: Clause, rulebook: Rulebook, prefix: str) -> str:
    """The clause's related rules, each a link to its card."""
    links = []
    for other_id in clause.related:
        other = rulebook[other_id]
        links.append(f'<a class="fp-related-link" href="#{card_anchor(prefix, other.id)}">'
                     f'{esc(text.clause_number(other))}</a> '
                     f'<span class="fp-related-title">{esc(other.title(text.lang))}</span>')
    body = " · ".join(links) if links else text.html("ui.lookup.no_related")
    return (f'<div class="fp-card-related"><h5>{text.html("ui.lookup.related")}</h5>'
            f"<p>{body}</p></div>")


def places_html(text: Text, clause: Clause) -> str:
    """"See it in play": links that open the tutor at each place (a new tab)."""
    if not clause.in_play:
        items = f'<p class="fp-never">{text.html("ui.lookup.never_in_play")}</p>'
    else:
        links = _place_links(text.game.id, clause.id, text.lang)
        items = "".join(f'<li><a class="fp-place fp-place-{esc(kind)}" href="{esc(href)}" '
                        f'target="_blank" rel="noopener">{esc(label)}</a></li>'
                        for kind, href, label in links)
        items = f'<ul class="fp-places">{items}</ul>' if items else \
            f'<p class="fp-never">{text.html("ui.lookup.no_place")}</p>'
    return f'<div class="fp-card-play"><h5>{text.html("ui.lookup.in_play")}</h5>{items}</div>'


def reason_html(text: Text, clause: Clause) -> str:
    """Why a tutor reading or default exists (the ambiguity or the gap), "" for other clauses."""
    reason = clause.reason(text.lang)
    return (f'<div class="fp-clause-reason"><h5>{text.html("ui.lookup.reason")}</h5>'
            f"<p>{esc(reason)}</p></div>" if reason else "")


def card_html(text: Text, clause: Clause, rulebook: Rulebook, prefix: str,
              target: bool = False) -> str:
    """One clause card, as an entry of the rulebook reader."""
    cls = "fp-rule fp-rule-target" if target else "fp-rule"
    return (f'<li id="{card_anchor(prefix, clause.id)}" class="{cls}" tabindex="-1">'
            f'<h4><span class="fp-clause-number">{esc(text.clause_number(clause))}</span> '
            f'<span class="fp-clause-title">{esc(clause.title(text.lang))}</span> '
            f'{badge(text, clause)}</h4><p>{esc(clause.text(text.lang))}</p>'
            f"{reason_html(text, clause)}"
            f'<div class="fp-card-more">{related_html(text, clause, rulebook, prefix)}'
            f"{places_html(text, clause)}</div></li>")


class SearchBox(widgets.VBox):
    """A search over the game's rules; each result links to its clause card in the reader.

    `query` is the input (the search runs on Enter or with the button), `results` the list."""

    def __init__(self, prefix: str, guard: Guard = unguarded):
        self.prefix = prefix
        self.query = widgets.Text(continuous_update=False,
                                  layout=widgets.Layout(width="auto", flex="1 1 14em"))
        self.query.add_class("fp-search")
        self.query.add_class("fp-rule-search")  # the page's "/" shortcut focuses it, too
        self.button = widgets.Button(layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.button.add_class("fp-search-button")
        self.results = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.results.add_class("fp-search-results")
        # what a screen reader hears of a search: the count or "no match", not every hit (a
        # live region, see style.py; not shown: the results say it too)
        self.said = widgets.HTML()
        for css in ("fp-search-said", "fp-sr", "fp-live"):
            self.said.add_class(css)
        # "The search box takes at most 120 characters", filled in by the page's handler when
        # typing or pasting would go past the limit (a live region: it is announced)
        self.limit_note = widgets.HTML()
        for css in ("fp-search-limit", "fp-live"):
            self.limit_note.add_class(css)
        # the cards' style, and the hidden installer of the Alt+K handler (an empty image
        # always fails to decode)
        self.key_handler = widgets.HTML(f"<style>{LOOKUP_CSS}</style>"
                                         f'<img class="fp-lookup-keys" hidden alt="" src="data:," '
                                         f'onerror="{esc(KEY_JS)}">',
                                         layout=widgets.Layout(width="0", height="0",
                                                               margin="0"))
        row = classed(widgets.HBox([self.query, self.button, self.key_handler]), "fp-search-row")
        super().__init__([row, self.limit_note, self.said, self.results])
        self.add_class("fp-search-box")
        self.query.observe(guard(lambda change: self.run(change["new"])), "value")
        self.button.on_click(guard(lambda _: self.run(self.query.value)))
        self._text: Text | None = None
        self._shown: str | None = None
        self._cutting = False  # the box's value being cut back to the limit: no new search

    def render(self, text: Text) -> None:
        if self._text is not None and (self._text.game.id, self._text.lang) == \
                (text.game.id, text.lang):
            return
        self._text = text
        self.query.description = text("ui.lookup.label_key", keys=text("ui.lookup.key"))
        self.query.style.description_width = "initial"
        self.query.placeholder = text("ui.lookup.placeholder")
        self.query.tooltip = text("ui.lookup.search_tip")
        self.button.description = text("ui.lookup.search")
        self.button.tooltip = text("ui.lookup.search_tip")
        self.limit_note.value = (f'<p class="fp-search-limit-text" data-full='
                                 f'"{text.html("ui.lookup.full", limit=QUERY_CHARS)}"></p>')
        if self._shown is not None:
            self.run(self._shown)

    def run(self, query: str) -> None:
        """Search for `query` and list the results (an empty query clears them)."""
        text = self._text
        if text is None or self._cutting:
            return
        query = query.strip()
        if len(query) > QUERY_CHARS:
            self._refuse(text, query)
            return
        self._shown = query or None
        if not query:
            self.results.value = self.said.value = ""
            return
        from foodplay.teaching.search import (
            search,  # on the first search: not before the first paint
        )

        found = search(text.game.id, query, text.lang, MAX_HITS)
        said = shown(query, QUERY_CHARS, text.lang, quoted=False)  # no bidi or control codes
        if not found.hits:
            words = text.catalogue.join(list(found.suggestions))
            hint = (f'<p class="fp-search-suggest">{text.html("ui.lookup.suggest", words=words)}'
                    f"</p>") if found.suggestions else ""
            none = text.html("ui.lookup.none", query=said)
            self.said.value = f"<p>{none}</p>"
            self.results.value = f'<div><p class="fp-search-none">{none}</p>{hint}</div>'
            return
        items = []
        for hit in found.hits:
            fields = text.catalogue.join([text(f"ui.lookup.field.{f}") for f in hit.fields])
            tip = text.html("ui.lookup.open_card", number=hit.clause.number)
            items.append(
                f'<li><a class="fp-search-hit" href="#{card_anchor(self.prefix, hit.clause.id)}"'
                f' title="{tip}">{esc(text.clause_number(hit.clause))}</a> '
                f'<span class="fp-clause-title">{esc(hit.clause.title(text.lang))}</span> '
                f'{badge(text, hit.clause)} <span class="fp-search-fields">'
                f'{text.html("ui.lookup.matched", fields=fields)}</span></li>')
        count = text.html("ui.lookup.results", count=len(found.hits), query=said)
        self.said.value = f"<p>{count}</p>"
        self.results.value = (f'<div><p class="fp-search-count">{count}</p>'
                              f'<ol>{"".join(items)}</ol></div>')

    def _refuse(self, text: Text, query: str) -> None:
        """A query over QUERY_CHARS characters: not searched; the box is cut back to the limit
        (it takes no more) and the results say why."""
        self._cutting = True
        try:
            self.query.value = query[:QUERY_CHARS]
        finally:
            self._cutting = False
        self._shown = None
        refusal = text.html("ui.lookup.too_long", limit=QUERY_CHARS, count=len(query))
        self.said.value = f"<p>{refusal}</p>"
        self.results.value = f'<div><p class="fp-search-too-long">{refusal}</p></div>'

    @property
    def hits(self) -> list[str]:
        """The clause ids listed, in order (for tests)."""
        import re

        return re.findall(rf'href="#{re.escape(self.prefix)}-([^"]+)"', self.results.value)
