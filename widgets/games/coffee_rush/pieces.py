"""Coffee Rush's small HTML pieces, shared by the table and the move builder: ingredient
tokens, pawns, order cards, step badges, and which orders a cup matches or is on its way to.

Pieces that depend only on a component and the language (a token, an order card) are cached
by value, keyed on a `HashableText`: a step redraws the table, and most of it is unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from foodplay_widgets.text import HashableText, Text, esc

GAME_ID = "coffee-rush"
UI = "coffee-rush.ui."
PENALTY_LIMIT = 5  # rule 5-4: the fifth penalty card closes the start token
UPGRADE_COST = 3  # rule 1
SEAT_CLASSES = 5  # fp-cr-s0 .. fp-cr-s4: one colour per seat
DECIDE = "coffee-rush.decide."  # the engine's decision kinds: DECIDE + "move", "pour"...


def chip(text: Text, ingredient: str, extra: str = "", count: int | None = None) -> str:
    """One ingredient token, coloured by kind; its name is what a screen reader reads."""
    return _chip(HashableText.of(text), ingredient, extra, count)


@lru_cache(maxsize=512)
def _chip(text: HashableText, ingredient: str, extra: str, count: int | None) -> str:
    shown = esc(text.card(ingredient))
    if count is not None:
        shown = text.html(UI + "amount", count=count, ingredient=ingredient)
    return f'<li class="fp-cr-ing fp-cr-i-{esc(ingredient)}{extra}">{shown}</li>'


def chips(text: Text, ingredients: Sequence[str], label: str, empty: str = "none",
          grouped: bool = False) -> str:
    """A row of ingredient tokens (`grouped`: one token per kind, with its count)."""
    if not ingredients:
        return f'<p class="fp-none">{text.html(UI + empty)}</p>'
    if grouped:
        items = "".join(chip(text, i, count=n) for i, n in Counter(ingredients).items())
    else:
        items = "".join(chip(text, i) for i in ingredients)
    return f'<ul class="fp-cr-chips" aria-label="{esc(label)}">{items}</ul>'


def cell_ref(text: Text, row: int, col: int) -> str:
    return text(UI + "cell_ref", row=row, col=col)


def seat_class(seat: int) -> str:
    return f"fp-cr-s{seat % SEAT_CLASSES}"


def pawn(text: Text, seat: int, meeple: int, two: bool, extra: str = "") -> str:
    """A meeple on the board: a coloured pawn and its owner's name."""
    return _pawn(HashableText.of(text), seat, meeple, two, extra)


@lru_cache(maxsize=256)
def _pawn(text: HashableText, seat: int, meeple: int, two: bool, extra: str) -> str:
    label = text.html(UI + ("meeple_n" if two else "meeple"), seat=seat, meeple=meeple)
    return (f'<span class="fp-cr-pawn {seat_class(seat)}{extra}">'
            f'<span class="fp-cr-pawn-dot" aria-hidden="true"></span>{label}</span>')


def cup_matches(cup: Sequence[str], tabs: Sequence[Sequence[dict[str, Any]]]
                ) -> list[tuple[int, dict[str, Any]]]:
    """(tab, order) pairs whose ingredients the cup holds exactly (reading D2)."""
    have = Counter(cup)
    return [(t, o) for t, tab in enumerate(tabs, start=1) for o in tab
            if have and Counter(o["ingredients"]) == have]


def cup_progress(cup: Sequence[str], tabs: Sequence[Sequence[dict[str, Any]]]
                 ) -> list[tuple[int, dict[str, Any], list[str]]]:
    """(tab, order, still needed) for each order the cup is on its way to, most urgent first."""
    have = Counter(cup)
    out = []
    for t, tab in enumerate(tabs, start=1):
        for o in tab:
            need = Counter(o["ingredients"])
            if have and not have - need and need != have:
                out.append((t, o, list((need - have).elements())))
    out.sort(key=lambda item: (-item[0], len(item[2])))
    return out


def order_card(text: Text, order: dict[str, Any], extra: str = "") -> str:
    """An order card: the drink, its ingredients, and the Specialty mark."""
    return _order_card(HashableText.of(text), order["id"], tuple(order["ingredients"]),
                       order["specialty"], extra)


@lru_cache(maxsize=512)
def _order_card(text: HashableText, order_id: str, ingredients: tuple[str, ...],
                specialty: bool, extra: str) -> str:
    special = ""
    cls = "fp-cr-order"
    if specialty:
        cls += " fp-cr-specialty"
        special = (f'<span class="fp-cr-special-mark">'
                   f'<span aria-hidden="true">★ </span>{text.html(UI + "specialty")}</span>')
    chips_html = "".join(chip(text, i) for i in ingredients)
    label = text(UI + ("order_aria_special" if specialty else "order_aria"),
                 order=order_id, ingredients=list(ingredients))
    return (f'<li class="{cls}{extra}" aria-label="{esc(label)}">'
            f'<span class="fp-cr-order-name">{esc(text.card(order_id))}</span>{special}'
            f'<ul class="fp-cr-chips fp-cr-small" aria-hidden="true">{chips_html}</ul></li>')


def path_marks(view: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
    """(row, col) -> the step numbers of this move that entered it (0: where it began)."""
    marks: dict[tuple[int, int], list[int]] = {}
    for n, (r, c) in enumerate(view["turn"]["path"]):
        marks.setdefault((r, c), []).append(n)
    return marks


def step_badges(text: Text, steps: Sequence[int]) -> str:
    """A cell's step numbers on this move's path, with words for a screen reader ("" if none)."""
    if not steps:
        return ""
    labels = [text(UI + ("path_start" if n == 0 else "path_step"), n=n) for n in steps]
    shown = "".join(f'<span class="fp-cr-step-badge{" fp-cr-start" if n == 0 else ""}" '
                    f'aria-hidden="true">{n if n else "●"}</span>' for n in steps)
    return (f'<span class="fp-cr-steps">{shown}<span class="fp-sr">'
            f'{esc(text.catalogue.join(labels))}</span></span>')
