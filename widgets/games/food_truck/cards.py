"""Food Truck's cards as HTML: faces coloured by kind (meal, dessert, other), backs and lists.

A face depends only on the card, its kind and the language's catalogue (one per game and
language, made once), so each is made once and kept in a bounded cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from foodplay.i18n.messages import Catalogue
from foodplay_widgets.text import Text, esc

UI = "food-truck.ui."
BACKS_SHOWN = 8  # face-down cards drawn one by one; more are counted as ×n


@dataclass(frozen=True)
class Kinds:
    """Which cards are meals and which are desserts in a game: what colours a card's face."""

    meals: tuple[str, ...]
    desserts: tuple[str, ...]

    @classmethod
    def of(cls, view: dict[str, Any]) -> Kinds:
        """The kinds a view shows: its meals, and every seat's dessert."""
        return cls(tuple(view["meals"]), tuple(seat["dessert"] for seat in view["seats"]))

    def css(self, card_id: str) -> str:
        """The card's CSS class of kind."""
        if card_id in self.meals:
            return "fp-ft-meal"
        if card_id in self.desserts:
            return "fp-ft-dessert"
        return "fp-ft-other"


def card(text: Text, kinds: Kinds, card_id: str, extra: str = "", label: str | None = None,
         badge: str = "") -> str:
    """One face-up card, drawn with CSS; its name (or `label`) is what a screen reader reads."""
    return _card(text.catalogue, kinds.css(card_id), card_id, extra, label, badge)


@lru_cache(maxsize=2048)
def _card(catalogue: Catalogue, kind: str, card_id: str, extra: str, label: str | None,
          badge: str) -> str:
    name = esc(catalogue.name(card_id))
    sr = f'<span class="fp-sr">{esc(label)}</span>' if label else ""
    hidden = ' aria-hidden="true"' if label else ""
    shown = f'<span class="fp-card-name"{hidden}>{name}</span>'
    return (f'<li class="fp-card {kind} fp-ft-c-{esc(card_id)}{extra}">'
            f"{sr}{shown}{badge}</li>")


def backs(text: Text, count: int, key: str = UI + "hidden_count") -> str:
    """`count` face-down cards, drawn as card backs, with their number in words."""
    return _backs(text.catalogue, count, key)


@lru_cache(maxsize=256)
def _backs(catalogue: Catalogue, count: int, key: str) -> str:
    if not count:
        return f'<li class="fp-none">{esc(catalogue.format(UI + "empty"))}</li>'
    label = esc(catalogue.format(key, {"count": count}))
    shown = "".join('<li class="fp-card fp-card-back" aria-hidden="true"></li>'
                    for _ in range(min(count, BACKS_SHOWN)))
    more = f'<li class="fp-more" aria-hidden="true">×{count}</li>' if count > BACKS_SHOWN \
        else ""
    return f'<li class="fp-ft-count">{label}</li>{shown}{more}'


def card_list(text: Text, kinds: Kinds, cards: Sequence[str], label: str, cls: str = "") -> str:
    """Face-up cards in a list named `label` (CSS classes `cls` added); "empty" if none."""
    return _card_list(text.catalogue, kinds, tuple(cards), label, cls)


@lru_cache(maxsize=1024)
def _card_list(catalogue: Catalogue, kinds: Kinds, cards: tuple[str, ...], label: str,
               cls: str) -> str:
    items = "".join(_card(catalogue, kinds.css(c), c, "", None, "") for c in cards) or \
        f'<li class="fp-none">{esc(catalogue.format(UI + "empty"))}</li>'
    return f'<ul class="fp-cards{cls}" aria-label="{esc(label)}">{items}</ul>'
