"""BURG's cards as HTML: faces, backs, lists and burgers, each made once per language.

A face depends only on the card and the language's catalogue, so the functions here keep
what they made in bounded caches keyed on the catalogue (one per game and language, made once)
and the card ids; a seat's table redraws at every step, its cards mostly do not change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from foodplay.i18n.messages import Catalogue
from foodplay_widgets.text import Text, esc

BACKS_SHOWN = 6  # face-down cards drawn one by one; more are counted as ×n


def card(text: Text, card_id: str, extra: str = "") -> str:
    """One face-up card, drawn with CSS; its name is the text a screen reader reads."""
    return _card(text.catalogue, card_id, extra)


@lru_cache(maxsize=1024)
def _card(catalogue: Catalogue, card_id: str, extra: str) -> str:
    return (f'<li class="fp-card fp-c-{esc(card_id)}{extra}">'
            f'<span class="fp-card-name">{esc(catalogue.name(card_id))}</span></li>')


def backs(text: Text, count: int) -> str:
    """`count` face-down cards, drawn as card backs."""
    return _backs(text.catalogue, count)


@lru_cache(maxsize=256)
def _backs(catalogue: Catalogue, count: int) -> str:
    if not count:
        return f'<li class="fp-none">{esc(catalogue.format("burg.ui.none"))}</li>'
    label = esc(catalogue.format("burg.ui.hidden_count", {"count": count}))
    shown = "".join('<li class="fp-card fp-card-back" aria-hidden="true"></li>'
                    for _ in range(min(count, BACKS_SHOWN)))
    more = f'<li class="fp-more" aria-hidden="true">×{count}</li>' if count > BACKS_SHOWN \
        else ""
    return f'<li class="fp-sr">{label}</li>{shown}{more}'


def card_list(text: Text, cards: list[str], label: str, empty: str = "burg.ui.none") -> str:
    """Face-up cards in a list named `label`; the message `empty` when there are none."""
    return _card_list(text.catalogue, tuple(cards), label, empty)


@lru_cache(maxsize=1024)
def _card_list(catalogue: Catalogue, cards: tuple[str, ...], label: str, empty: str) -> str:
    items = "".join(_card(catalogue, c, "") for c in cards) or \
        f'<li class="fp-none">{esc(catalogue.format(empty))}</li>'
    return f'<ul class="fp-cards" aria-label="{esc(label)}">{items}</ul>'


def burger(text: Text, data: dict[str, Any], caption: str) -> str:
    """A burger as a stack of layers, bottom first in reading order, drawn bottom-up."""
    return _burger(text.catalogue, data["bottom"], tuple(data["fillings"]), data.get("top"),
                   caption)


@lru_cache(maxsize=512)
def _burger(catalogue: Catalogue, bottom: str, fillings: tuple[str, ...], top: str | None,
            caption: str) -> str:
    layers = []
    if bottom == "bottom_bun":
        layers.append(('fp-layer fp-c-bottom_bun', catalogue.name("bottom_bun")))
    else:
        layers.append(('fp-layer fp-flipped',
                       catalogue.format("burg.ui.flipped_bottom", {"card": bottom})))
    layers += [(f"fp-layer fp-c-{esc(c)}", catalogue.name(c)) for c in fillings]
    if top == "top_bun":
        layers.append(("fp-layer fp-c-top_bun", catalogue.name("top_bun")))
    elif top:
        layers.append(("fp-layer fp-flipped", catalogue.format("burg.ui.wastebasket_top")))
    items = "".join(f'<li class="{cls}">{esc(name)}</li>' for cls, name in layers)
    return (f'<figure class="fp-burger"><ol class="fp-stack" aria-label="{esc(caption)}">'
            f'{items}</ol><figcaption>{esc(caption)}</figcaption></figure>')
