"""Cuisine a la Card's cards as HTML: faces drawn with CSS, with their text in words.

A face, its sentences for a screen reader and its ability lines depend only on the card, the
component set and the language, so they are worked out once per (component set, language).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from foodplay.games.cuisine_a_la_card.components import Card, Components
from foodplay.games.cuisine_a_la_card.text import effect
from foodplay_widgets.text import Text, esc

K = "cuisine-a-la-card."
UI = K + "ui."


def effect_text(text: Text, eff: dict[str, Any]) -> str:
    """One effect of the card set's closed vocabulary (G5) as a phrase: "draw 1 card"."""
    return effect(text.catalogue, eff, UI + "effect.")


def effects_text(text: Text, effects: Sequence[dict[str, Any]]) -> str:
    return text.catalogue.join([effect_text(text, e) for e in effects])


def judge_ability(text: Text, ability: dict[str, Any]) -> str:
    """A judge's ability as its winner gets it (P2-6): each turn, or in every dish."""
    return text(f"{UI}judge.trigger.{ability['trigger']}",
                effects=effects_text(text, ability["effects"]))


def ability_lines(text: Text, card: Card, triggers: Sequence[str] = ()) -> list[str]:
    """The card's abilities in words ("On Play: +1 money"); only `triggers` if given."""
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
    return out


def card_tags(text: Text, card: Card) -> list[str]:
    """Cuisine, food types, flavours and seasoning, as short names."""
    tags = [text.card(card.cuisine)] if card.cuisine else []
    if card.dual:
        tags.append(text(UI + "card.dual", first=card.types[0], second=card.types[1]))
    else:
        tags += [text.card(t) for t in card.types]
    tags += [text.card(f) for f in card.flavours]
    if card.seasoning:
        tags.append(text.card("seasoning"))
    return tags


def card_sentences(text: Text, card: Card) -> str:
    """Everything on the card, in sentences, for a screen reader and a tooltip."""
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
    parts += [text(UI + "card.sr_ability", text=line) for line in ability_lines(text, card)]
    return " ".join(parts)


def cuisine_class(card: Card | None) -> str:
    if card is None:
        return "fp-cu-unknown"
    if card.tool:
        return f"fp-cu-tool fp-cu-t-{card.id}"
    return f"fp-cu-{card.cuisine}" if card.cuisine else "fp-cu-none"


def card_face(text: Text, comp: Components, card_id: str, size: str = "full",
              extra: str = "", label: str | None = None, corner: str = "") -> str:
    """One face-up card, drawn with CSS. `size`: full (with its text) or small (name and
    points). A screen reader reads `label` if given, else the card's sentences; `corner` is
    extra visible HTML (such as a cost), hidden from the screen reader, which reads `label`."""
    card = comp.cards.get(card_id)
    if card is None:  # not a card of this set: its name only
        return (f'<li class="fp-card fp-cu-card fp-cu-unknown{extra}">'
                f'<span class="fp-cu-name">{esc(text.card(card_id))}</span></li>')
    said = label if label is not None else card_sentences(text, card)
    points = "" if card.tool else \
        f'<span class="fp-cu-pts" title="{text.html(UI + "card.points_tip")}">{card.points}</span>'
    rows = [f'<span class="fp-cu-top"><span class="fp-cu-name">{esc(text.card(card_id))}'
            f"</span>{points}</span>"]
    if size == "full":
        tags = card_tags(text, card)
        if tags:
            rows.append(f'<span class="fp-cu-tags">{" · ".join(esc(t) for t in tags)}</span>')
        rows += [f'<span class="fp-cu-text">{esc(line)}</span>'
                 for line in ability_lines(text, card)]
    elif card.cuisine:
        rows.append(f'<span class="fp-cu-tags">{esc(text.card(card.cuisine))}</span>')
    return (f'<li class="fp-card fp-cu-card fp-cu-{size} {cuisine_class(card)}{extra}" '
            f'title="{esc(card_sentences(text, card))}"><span class="fp-sr">{esc(said)}</span>'
            f'<span class="fp-cu-face" aria-hidden="true">{"".join(rows)}{corner}</span></li>')


def card_list(text: Text, comp: Components, cards: Sequence[str], label: str,
              size: str = "full", empty: str = "empty") -> str:
    items = "".join(card_face(text, comp, c, size) for c in cards) or \
        f'<li class="fp-none">{text.html(UI + empty)}</li>'
    return f'<ul class="fp-cards fp-cu-cards" aria-label="{esc(label)}">{items}</ul>'


def grouped(text: Text, comp: Components, cards: Sequence[str], label: str,
            size: str = "small") -> str:
    """Cards whose order does not matter (a hand, a discard pile): each card once, with its
    count; a full card is read out in full, with its count."""
    counts = Counter(cards)
    items = []
    for card_id, n in counts.items():
        corner = f'<span class="fp-cu-times">×{n}</span>' if n > 1 else ""
        said = text(UI + "times", card=card_id, count=n)
        if size == "full" and card_id in comp.cards:
            said = text(UI + "times_full", text=card_sentences(text, comp.cards[card_id]),
                        count=n)
        items.append(card_face(text, comp, card_id, size, label=said, corner=corner))
    body = "".join(items) or f'<li class="fp-none">{text.html(UI + "empty")}</li>'
    return f'<ul class="fp-cards fp-cu-cards" aria-label="{esc(label)}">{body}</ul>'


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
    pips = "".join(f'<span class="fp-cu-pip{" fp-cu-pip-on" if i < count else ""}"></span>'
                   for i in range(max(target, count)))
    return f'<span class="fp-cu-pips" aria-hidden="true">{pips}</span>'
