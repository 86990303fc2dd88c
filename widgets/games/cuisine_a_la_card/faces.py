"""Cuisine a la Card's cards as HTML: faces drawn with CSS, with their text in words.

A face, its sentences for a screen reader and its ability lines depend only on the card, the
component set and the language (never on a seat: no card text names one), so `CardFaces`
works each out once per (component set, language) and keeps it in bounded caches; the module's
functions look the right `CardFaces` up from the app's `Text` and the component set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from foodplay.engine import Game
from foodplay.games.cuisine_a_la_card.components import Card, Components
from foodplay.games.cuisine_a_la_card.text import effect
from foodplay_widgets.text import Text, esc

K = "cuisine-a-la-card."
UI = K + "ui."


def effect_text(text: Text, eff: dict[str, Any]) -> str:
    """One effect of the card set's closed vocabulary (G5) as a phrase: "draw 1 card"."""
    return effect(text.catalogue, eff, UI + "effect.")


def effects_text(text: Text, effects: Sequence[dict[str, Any]]) -> str:
    """Several effects as one phrase: "draw 1 card and +1 money"."""
    return text.catalogue.join([effect_text(text, e) for e in effects])


def judge_ability(text: Text, ability: dict[str, Any]) -> str:
    """A judge's ability as its winner gets it (P2-6): each turn, or in every dish."""
    return text(f"{UI}judge.trigger.{ability['trigger']}",
                effects=effects_text(text, ability["effects"]))


def cuisine_class(card: Card | None) -> str:
    """The face's colour class: its cuisine, a tool, or a card the set does not have."""
    if card is None:
        return "fp-cu-unknown"
    if card.tool:
        return f"fp-cu-tool fp-cu-t-{card.id}"
    return f"fp-cu-{card.cuisine}" if card.cuisine else "fp-cu-none"


class CardFaces:
    """One component set's cards in one language, as words and HTML, each worked out once
    (bounded caches: a face also varies with the label and corner its place gives it)."""

    def __init__(self, game: Game, lang: str, comp: Components):
        self.text = Text(game, lang)  # no seat names: card text never names a seat
        self.comp = comp
        self.lines = lru_cache(maxsize=512)(self._lines)
        self.sentences = lru_cache(maxsize=512)(self._sentences)
        self.face = lru_cache(maxsize=2048)(self._face)
        self.grouped = lru_cache(maxsize=512)(self._grouped)
        self.card_list = lru_cache(maxsize=256)(self._card_list)
        self.legend = lru_cache(maxsize=1)(self._legend)

    def _lines(self, card_id: str, triggers: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The card's abilities in words ("On Play: +1 money"); only `triggers` if given."""
        text, card = self.text, self.comp.cards[card_id]
        out = []
        for ability in card.abilities:
            if not triggers or ability.trigger in triggers:
                out.append(text(f"{UI}card.on.{ability.trigger}",
                                effects=effects_text(text, ability.effects)))
        pair = card.cuisine_ability
        if pair is not None and (not triggers or pair.trigger in triggers):
            out.append(text(f"{UI}card.pair.{pair.trigger}", cuisine=card.cuisine,
                            effects=effects_text(text, pair.effects)))
        if card.tool:
            out.append(text(f"{UI}card.tool.{card.id}", count=card.currency))
        return tuple(out)

    def tags(self, card: Card) -> list[str]:
        """Cuisine, food types, flavours and seasoning, as short names."""
        text = self.text
        tags = [text.card(card.cuisine)] if card.cuisine else []
        if card.dual:
            tags.append(text(UI + "card.dual", first=card.types[0], second=card.types[1]))
        else:
            tags += [text.card(t) for t in card.types]
        tags += [text.card(f) for f in card.flavours]
        if card.seasoning:
            tags.append(text.card("seasoning"))
        return tags

    def _sentences(self, card_id: str) -> str:
        """Everything on the card, in sentences, for a screen reader and a tooltip."""
        text, card = self.text, self.comp.cards[card_id]
        if card.tool:
            parts = [text(UI + "card.sr_tool", card=card.id)]
        else:
            parts = [text(UI + "card.sr", card=card.id, count=card.points)]
            if card.cuisine:
                parts.append(text(UI + "card.sr_cuisine", cuisine=card.cuisine))
            if card.types:
                key = "card.sr_dual" if card.dual else "card.sr_types"
                parts.append(text(UI + key, types=list(card.types)))
            if card.flavours:
                parts.append(text(UI + "card.sr_flavours", flavours=list(card.flavours)))
            if card.seasoning:
                parts.append(text(UI + "card.sr_seasoning"))
        parts += [text(UI + "card.sr_ability", text=line) for line in self.lines(card_id)]
        return " ".join(parts)

    def _face(self, card_id: str, size: str = "full", extra: str = "", label: str | None = None,
              corner: str = "") -> str:
        """One face-up card (see `card_face`)."""
        text = self.text
        card = self.comp.cards.get(card_id)
        if card is None:  # not a card of this set: its name only
            return (f'<li class="fp-card fp-cu-card fp-cu-unknown{extra}">'
                    f'<span class="fp-cu-name">{esc(text.card(card_id))}</span></li>')
        said = label if label is not None else self.sentences(card_id)
        points = "" if card.tool else \
            f'<span class="fp-cu-pts" title="{text.html(UI + "card.points_tip")}">{card.points}</span>'  # noqa: E501
        rows = [f'<span class="fp-cu-top"><span class="fp-cu-name">{esc(text.card(card_id))}'
                f"</span>{points}</span>"]
        if size == "full":
            tags = self.tags(card)
            if tags:
                rows.append(f'<span class="fp-cu-tags">{" · ".join(esc(t) for t in tags)}</span>')
            rows += [f'<span class="fp-cu-text">{esc(line)}</span>'
                     for line in self.lines(card_id)]
        elif card.cuisine:
            rows.append(f'<span class="fp-cu-tags">{esc(text.card(card.cuisine))}</span>')
        return (f'<li class="fp-card fp-cu-card fp-cu-{size} {cuisine_class(card)}{extra}" '
                f'title="{esc(self.sentences(card_id))}"><span class="fp-sr">{esc(said)}</span>'
                f'<span class="fp-cu-face" aria-hidden="true">{"".join(rows)}{corner}</span>'
                f"</li>")

    def _card_list(self, cards: tuple[str, ...], label: str, size: str, empty: str) -> str:
        """Cards in their order (see `card_list`)."""
        items = "".join(self.face(c, size) for c in cards) or \
            f'<li class="fp-none">{self.text.html(UI + empty)}</li>'
        return f'<ul class="fp-cards fp-cu-cards" aria-label="{esc(label)}">{items}</ul>'

    def _grouped(self, cards: tuple[str, ...], label: str, size: str) -> str:
        """Cards whose order does not matter (see `grouped`)."""
        text = self.text
        items = []
        for card_id, n in Counter(cards).items():
            corner = f'<span class="fp-cu-times">×{n}</span>' if n > 1 else ""
            said = text(UI + "times", card=card_id, count=n)
            if size == "full" and card_id in self.comp.cards:
                said = text(UI + "times_full", text=self.sentences(card_id), count=n)
            items.append(self.face(card_id, size, label=said, corner=corner))
        body = "".join(items) or f'<li class="fp-none">{text.html(UI + "empty")}</li>'
        return f'<ul class="fp-cards fp-cu-cards" aria-label="{esc(label)}">{body}</ul>'

    def _legend(self) -> str:
        """What the colours and numbers on a card mean: the set's cuisines, and no cuisine."""
        text = self.text
        cuisines = "".join(
            f'<li class="fp-card fp-cu-card fp-cu-small fp-cu-{c}"><span class="fp-cu-name">'
            f"{esc(text.card(c))}</span></li>" for c in self.comp.cuisines)
        return (f'<details class="fp-zone fp-cu-legend"><summary>'
                f'{text.html(UI + "legend.title")}</summary>'
                f'<ul class="fp-cards fp-cu-legend-cuisines" aria-label="'
                f'{text.html(UI + "legend.cuisines")}">{cuisines}'
                f'<li class="fp-card fp-cu-card fp-cu-small fp-cu-none"><span '
                f'class="fp-cu-name">{text.html(UI + "legend.no_cuisine")}</span></li></ul>'
                f'<p>{text.html(UI + "legend.points")}</p>'
                f'<p>{text.html(UI + "legend.pairs")}</p>'
                f'<p>{text.html(UI + "legend.set")}</p></details>')


class _Same:
    """A cache key for an object by identity (a component set is unhashable, and fixed); it
    holds the object, so its id cannot be reused while the key is cached."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj


@lru_cache(maxsize=12)
def _faces(game: Game, lang: str, comp: _Same) -> CardFaces:
    return CardFaces(game, lang, comp.obj)


def faces(text: Text, comp: Components) -> CardFaces:
    """The card faces of `comp` in `text`'s language (made once, then reused)."""
    return _faces(text.game, text.lang, _Same(comp))


def ability_lines(text: Text, comp: Components, card_id: str,
                  triggers: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The card's abilities in words ("On Play: +1 money"); only `triggers` if given."""
    return faces(text, comp).lines(card_id, triggers)


def card_sentences(text: Text, comp: Components, card_id: str) -> str:
    """Everything on the card, in sentences, for a screen reader and a tooltip."""
    return faces(text, comp).sentences(card_id)


def card_face(text: Text, comp: Components, card_id: str, size: str = "full",
              extra: str = "", label: str | None = None, corner: str = "") -> str:
    """One face-up card, drawn with CSS. `size`: full (with its text) or small (name and
    points). A screen reader reads `label` if given, else the card's sentences; `corner` is
    extra visible HTML (such as a cost), hidden from the screen reader, which reads `label`."""
    return faces(text, comp).face(card_id, size, extra, label, corner)


def card_list(text: Text, comp: Components, cards: Sequence[str], label: str,
              size: str = "full", empty: str = "empty") -> str:
    """Cards in their order, each face drawn, or the `empty` message."""
    return faces(text, comp).card_list(tuple(cards), label, size, empty)


def grouped(text: Text, comp: Components, cards: Sequence[str], label: str,
            size: str = "small") -> str:
    """Cards whose order does not matter (a hand, a discard pile): each card once, with its
    count; a full card is read out in full, with its count."""
    return faces(text, comp).grouped(tuple(cards), label, size)


def legend(text: Text, comp: Components) -> str:
    """The table's legend of card colours and numbers, for the component set."""
    return faces(text, comp).legend()


def backs(text: Text, count: int, key: str) -> str:
    """`count` face-down cards, drawn as card backs, with their number in words."""
    if not count:
        return f'<li class="fp-none">{text.html(UI + "empty")}</li>'
    shown = "".join('<li class="fp-card fp-card-back" aria-hidden="true"></li>'
                    for _ in range(min(count, 7)))
    return (f'<li class="fp-cu-count">{text.html(key, count=count)}</li>'
            f'<li class="fp-cu-backs-row" aria-hidden="true"><ul class="fp-cards fp-cu-backs">'
            f"{shown}</ul></li>")


def judge_abilities(comp: Components, won: Sequence[dict[str, Any]]) -> list:
    """A seat's active judges whose ability adds to every dish (P2-6, D3): public."""
    return [comp.judges[w["judge"]] for w in won
            if w["active"] and comp.judges[w["judge"]].ability.trigger == "submit"]


def medal_pips(count: int, target: int) -> str:
    """A seat's medals as pips, filled up to `count`, drawn to the target (hidden from readers)."""
    pips = "".join(f'<span class="fp-cu-pip{" fp-cu-pip-on" if i < count else ""}"></span>'
                   for i in range(max(target, count)))
    return f'<span class="fp-cu-pips" aria-hidden="true">{pips}</span>'
