"""A printable one-page rules summary per game, generated from the game's clause catalogue.

The page is made from the very clauses the engine cites (`Game.rulebook()`), in the rulebook's
order, with their numbers, titles, texts and provenance, so it can never disagree with the
tutor. It is a standalone HTML document with print styles (A4 or Letter, three columns of
small type) for a teacher to print or hand out.

    html = summary_html("burg")            # the whole document, as text
    python -m foodplay.summary burg > burg-rules.html
"""

from __future__ import annotations

import sys
from html import escape

from foodplay.games import get_game, listing
from foodplay.messages import catalogue
from foodplay.rulebook import PROVENANCES

PRINT_CSS = """
@page { size: auto; margin: 8mm; }
* { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111;
  font-size: var(--fp-size); line-height: 1.22; margin: 0 auto; max-width: 210mm; padding: 0; }
header { border-bottom: 1.5pt solid #333; margin-bottom: 2mm; }
h1 { font-size: 13pt; margin: 0 0 1mm; }
.fp-sum-sub, .fp-sum-legend { margin: 0 0 1mm; color: #333; }
.fp-sum-rules { column-count: var(--fp-columns); column-gap: 3.5mm; margin: 0; padding: 0;
  list-style: none; }
.fp-sum-rule { break-inside: avoid; margin: 0 0 1.1mm; }
.fp-sum-rule p { margin: 0; }
.fp-sum-head { font-weight: 700; }
.fp-sum-num { font-weight: 800; }
.fp-sum-prov { font-size: 0.84em; font-weight: 600; border: 0.6pt solid #666; border-radius: 2pt;
  padding: 0 2pt; white-space: nowrap; }
.fp-prov-rulebook { border-style: solid; }
.fp-prov-reading { border-style: dashed; }
.fp-prov-default { border-style: dotted; }
footer { margin-top: 2mm; border-top: 0.6pt solid #999; color: #444; font-size: 0.88em; }
@media screen { body { font-size: 10pt; max-width: 1100px; padding: 4mm; } }
@media print { a { color: inherit; text-decoration: none; } }
"""
# Longer rulebooks get smaller type, so that every game's summary fits on one A4 or Letter page
# (a browser test prints each to PDF and counts the pages): the type shrinks with the square
# root of the text's length, from FULL_SIZE for FULL_LENGTH characters down to MIN_SIZE, with a
# fourth column below FOUR_COLUMNS.
FULL_SIZE, FULL_LENGTH, MIN_SIZE, FOUR_COLUMNS = 7.4, 6_800, 5.2, 6.6


def print_size(length: int) -> tuple[float, int]:
    """(type size in points, columns) for a summary of `length` characters."""
    size = max(MIN_SIZE, min(FULL_SIZE, FULL_SIZE * (FULL_LENGTH / max(length, 1)) ** 0.5))
    return round(size, 2), 3 if size >= FOUR_COLUMNS else 4


PROVENANCE_CSS = {"rulebook": "fp-prov-rulebook", "tutor reading": "fp-prov-reading",
                  "tutor default": "fp-prov-default"}


def _esc(value: object) -> str:
    return escape(str(value), quote=True)


def _credits(game_id: str, lang: str) -> str:
    game = get_game(game_id)
    cat = game.catalogue(lang)
    if cat.has(f"{game.id}.credits"):
        return cat.format(f"{game.id}.credits")
    credits = listing(game.id).credits
    if credits.year:
        return cat.format("ui.gallery.credits_year", {"designer": credits.designer,
                                                       "publisher": credits.publisher,
                                                       "year": credits.year})
    return cat.format("ui.gallery.credits", {"designer": credits.designer,
                                             "publisher": credits.publisher})


def summary_html(game_id: str, lang: str = "en") -> str:
    """The game's rules summary as a complete HTML document, from its clause catalogue."""
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
    title = cat.format("ui.summary.title", {"title": game.title})
    sub = cat.format("ui.summary.sub", {"count": len(rulebook), "version": game.rules_version,
                                        "rulebook": counts["rulebook"],
                                        "reading": counts["tutor reading"],
                                        "default": counts["tutor default"]})
    core = catalogue(None, lang)
    length = sum(len(c.text(lang)) + len(c.title(lang)) for c in rulebook)
    size, columns = print_size(length)
    return (f'<!DOCTYPE html>\n<html lang="{_esc(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_esc(title)}</title><style>{PRINT_CSS}</style></head>"
            f'<body style="--fp-size: {size}pt; --fp-columns: {columns}">'
            f'<header><h1>{_esc(title)}</h1><p class="fp-sum-sub">{_esc(_credits(game.id, lang))}'
            f" · {_esc(sub)}</p>"
            f'<p class="fp-sum-legend">{_esc(core.format("ui.rulebook.legend"))}</p></header>'
            f'<ol class="fp-sum-rules">{"".join(items)}</ol>'
            f'<footer>{_esc(cat.format("ui.summary.footer", {"title": game.title}))}</footer>'
            f"</body></html>\n")


def file_name(game_id: str) -> str:
    return f"{get_game(game_id).id}-rules-summary.html"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m foodplay.summary GAME [LANG] > summary.html", file=sys.stderr)
        return 2
    try:
        sys.stdout.write(summary_html(*args))
    except (KeyError, ValueError) as exc:
        print(f"foodplay.summary: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
