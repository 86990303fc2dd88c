"""A printable rules summary per game, generated from the game's clause catalogue.

The page is made from the very clauses the engine cites (`Game.rulebook()`), in the rulebook's
order, with their numbers, titles, texts and provenance, so it can never disagree with the
tutor; an index of terms closes it. Its print stylesheet sets 9 pt type on A4 in three
columns, and every game fits on two pages (a browser test prints each one to PDF and counts
the pages). It opens as a page in the app (`notebooks/summary.ipynb?game=burg`) and can be
downloaded as a standalone HTML document.

    html = summary_html("burg")            # the whole document, as text
    python -m foodplay.teaching.summary burg > burg-rules.html
"""

from __future__ import annotations

import sys
import unicodedata
from html import escape

from foodplay.games import credits_text, get_game
from foodplay.i18n.messages import catalogue
from foodplay.rulebook import PROVENANCES, Rulebook
from foodplay.teaching.search import analyzer_for

MIN_SIZE_PT, MAX_SIZE_PT = 9.0, 10.0  # never smaller than 9 pt: readable on paper
FULL_LENGTH = 11_500  # characters of rules that fill two A4 pages at MIN_SIZE_PT (or less)
# A Chinese character or a Hangul syllable is set a full em wide, about twice a Latin letter of
# the narrow faces: Korean Cuisine a la Card, counted letter by letter, got 10 pt and 3 pages.
WIDE = frozenset("WF")  # unicodedata.east_asian_width: wide and full-width characters
PAGE = "A4"
# Narrow faces first (they fit two pages at 9 pt with room to spare); a serif is the fallback.
FONTS = ('"Arial Narrow", "Liberation Sans Narrow", "Nimbus Sans Narrow", "Roboto Condensed", '
         '"DejaVu Sans Condensed", "Liberation Serif", "Times New Roman", serif')

# Scoped to .fp-summary, so the same rules style the page in the app and the download.
SUMMARY_CSS = f"""
.fp-summary {{ font-family: {FONTS}; color: #111; line-height: 1.2; font-size: 11pt;
  max-width: 1100px; }}
.fp-summary * {{ box-sizing: border-box; }}
.fp-summary header {{ border-bottom: 1.5pt solid #333; margin-bottom: 2mm; }}
.fp-summary h1 {{ font-size: 1.45em; margin: 0 0 1mm; line-height: 1.15; }}
.fp-summary h2 {{ font-size: 1.15em; margin: 2mm 0 1mm; }}
.fp-summary .fp-sum-sub, .fp-summary .fp-sum-legend {{ margin: 0 0 1mm; color: #333; }}
.fp-summary ol.fp-sum-rules {{ column-count: 3; column-gap: 4mm; margin: 0;
  padding: 0 !important; list-style: none !important; }}
.fp-summary .fp-sum-rule {{ break-inside: avoid; margin: 0 0 1mm; }}
.fp-summary .fp-sum-rule p {{ margin: 0; }}
.fp-summary .fp-sum-head {{ font-weight: 700; }}
.fp-summary .fp-sum-num {{ font-weight: 800; }}
.fp-summary .fp-sum-prov {{ font-size: 0.85em; font-weight: 600; border: 0.6pt solid #666;
  border-radius: 2pt; padding: 0 1.5pt; white-space: nowrap; }}
.fp-summary .fp-prov-rulebook {{ border-style: solid; }}
.fp-summary .fp-prov-reading {{ border-style: dashed; }}
.fp-summary .fp-prov-default {{ border-style: dotted; }}
.fp-summary .fp-sum-index {{ break-inside: avoid-page; border-top: 1pt solid #333;
  margin-top: 1.5mm; }}
.fp-summary ul.fp-sum-terms {{ column-count: 4; column-gap: 4mm; margin: 0;
  padding: 0 !important; list-style: none !important; }}
.fp-summary .fp-sum-terms li {{ break-inside: avoid; }}
.fp-summary .fp-sum-term {{ font-weight: 600; }}
.fp-summary footer {{ margin-top: 1.5mm; border-top: 0.6pt solid #999; color: #444;
  font-size: 0.9em; }}
.fp-summary a, .fp-summary a:visited {{ color: inherit !important; }}
.fp-summary li {{ margin: 0; }}
@media print {{
  @page {{ size: {PAGE}; margin: 8mm 8mm 9mm; }}
  .fp-summary {{ font-size: var(--fp-print-size, {MIN_SIZE_PT}pt); max-width: none; }}
  .fp-summary a {{ text-decoration: none; }}
}}
"""

def print_length(text: str) -> int:
    """How long `text` runs on paper, in Latin letters: a wide (CJK) character counts two."""
    return sum(2 if unicodedata.east_asian_width(ch) in WIDE else 1 for ch in text)


def print_size(length: int) -> float:
    """The printed type size in points for `length` characters of rules: shorter rulebooks get
    larger type, in half points, from MIN_SIZE_PT to MAX_SIZE_PT."""
    size = MIN_SIZE_PT * (FULL_LENGTH / max(length, 1)) ** 0.5
    return max(MIN_SIZE_PT, min(MAX_SIZE_PT, int(size * 2) / 2))


PROVENANCE_CSS = {"rulebook": "fp-prov-rulebook", "tutor reading": "fp-prov-reading",
                  "tutor default": "fp-prov-default"}


def _esc(value: object) -> str:
    return escape(str(value), quote=True)


def index_terms(game_id: str, lang: str = "en") -> list[tuple[str, list[str]]]:
    """(term, clause numbers) in alphabetical order: the game's glossary terms (a catalogue
    list, `<game>.summary.terms`) and component names, each with the rules that use it."""
    game = get_game(game_id)
    cat = game.catalogue(lang)
    rulebook: Rulebook = game.rulebook()
    analyzer = analyzer_for(lang)

    def stems(text: str) -> list[str]:
        return [analyzer.stem(w) for w in analyzer.words(text)]

    clause_stems = [(c.number, f" {' '.join(stems(c.title(lang) + ' ' + c.text(lang)))} ")
                    for c in rulebook]
    terms = cat.format(f"{game.id}.summary.terms").split("|") \
        if cat.has(f"{game.id}.summary.terms") else []
    terms += [v for k, v in cat.templates.items()
              if k.startswith("name.") and isinstance(v, str) and v[:1].isalpha()]
    found: dict[str, tuple[str, list[str]]] = {}
    for term in terms:
        wanted = " ".join(stems(term))
        if not wanted or wanted in found:
            continue
        numbers = [n for n, text in clause_stems if f" {wanted} " in text]
        if numbers:
            found[wanted] = (term, numbers)
    return sorted(found.values(), key=lambda t: t[0].casefold())


def summary_fragment(game_id: str, lang: str = "en") -> str:
    """The summary as a <style> and a <div class="fp-summary">, to show inside a page."""
    game = get_game(game_id)
    cat = game.catalogue(lang)
    rulebook = game.rulebook()
    counts = {p: sum(1 for c in rulebook if c.provenance == p) for p in PROVENANCES}
    items = []
    for clause in rulebook:
        provenance = cat.format(f"provenance.{clause.provenance}")
        number = cat.format("clause.ref", {"number": clause.number})
        items.append(  # a run-in heading: the rule's number and title open its paragraph
            f'<li class="fp-sum-rule" id="rule-{_esc(clause.id)}"><p>'
            f'<strong class="fp-sum-head"><span class="fp-sum-num">{_esc(number)}</span> '
            f'{_esc(clause.title(lang))}</strong> <span class="fp-sum-prov '
            f'{PROVENANCE_CSS.get(clause.provenance, "")}">{_esc(provenance)}</span> '
            f"{_esc(clause.text(lang))}</p></li>")
    by_number = {c.number: c.id for c in rulebook}
    terms = "".join(
        f'<li><span class="fp-sum-term">{_esc(term)}</span> '
        + ", ".join(f'<a href="#rule-{_esc(by_number[n])}">{_esc(n)}</a>' for n in numbers)
        + "</li>" for term, numbers in index_terms(game.id, lang))
    title = cat.format("ui.summary.title", {"title": game.title})
    sub = cat.format("ui.summary.sub", {"count": len(rulebook), "version": game.rules_version,
                                        "rulebook": counts["rulebook"],
                                        "reading": counts["tutor reading"],
                                        "default": counts["tutor default"]})
    core = catalogue(None, lang)
    size = print_size(sum(print_length(c.text(lang) + c.title(lang)) for c in rulebook))
    return (f"<style>{SUMMARY_CSS}</style>"
            f'<div class="fp-summary" lang="{_esc(lang)}" style="--fp-print-size: {size}pt">'
            f'<header><h1>{_esc(title)}</h1>'
            f'<p class="fp-sum-sub">{_esc(credits_text(game.id, lang))}'
            f" · {_esc(sub)}</p>"
            f'<p class="fp-sum-legend">{_esc(core.format("ui.rulebook.legend"))}</p></header>'
            f'<ol class="fp-sum-rules">{"".join(items)}</ol>'
            f'<section class="fp-sum-index"><h2>{_esc(cat.format("ui.summary.index"))}</h2>'
            f'<ul class="fp-sum-terms">{terms}</ul></section>'
            f'<footer>{_esc(cat.format("ui.summary.footer", {"title": game.title}))}</footer>'
            f"</div>")


def summary_html(game_id: str, lang: str = "en") -> str:
    """The game's rules summary as a complete HTML document, from its clause catalogue."""
    game = get_game(game_id)
    title = game.catalogue(lang).format("ui.summary.title", {"title": game.title})
    return (f'<!DOCTYPE html>\n<html lang="{_esc(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_esc(title)}</title>"
            f"<style>body {{ margin: 0 auto; padding: 4mm; }} @media print {{ body "
            f"{{ padding: 0; }} }}</style></head>"
            f"<body>{summary_fragment(game.id, lang)}</body></html>\n")


def file_name(game_id: str) -> str:
    return f"{get_game(game_id).id}-rules-summary.html"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m foodplay.teaching.summary GAME [LANG] > summary.html",
              file=sys.stderr)
        return 2
    try:
        sys.stdout.write(summary_html(*args))
    except (KeyError, ValueError) as exc:
        print(f"foodplay.teaching.summary: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
