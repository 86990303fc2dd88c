"""Cuisine a la Card's table and dish builder, as HTML text and labelled widgets.

The table is drawn from `state.view(seat)` only, so a seat's table holds what that seat may see
(clause G12): another player's hand and the dish they are putting together are counts, their
warming plates are face-down cards, and only the teacher sees the order of the decks. The
component set (the tutor card set, or a record's own) is public and fixed, so the renderer reads
card faces from it (`table_parts`).

The dish builder is the learner's way to put a dish together in play mode: pick ingredients
from hand and warming plates, and watch the meal points add up card by card, with every bonus
and the card text or rule behind it, and what each open judge would say. It is all worked out on
a scratch copy of the game with the engine's own scoring; nothing is played until a Serve
button hands the whole dish to the engine (`dish`, `dish_plate`, `food_type` and `serve` moves,
checked together before any is played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Game, Move, State, Verdict
from foodplay.explain import reason_text
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.components import Card, Components
from foodplay.games.cuisine_a_la_card.text import condition, effect
from foodplay_widgets.context import Context
from foodplay_widgets.diff import ViewDiff
from foodplay_widgets.explanation import clause_block, clause_link, refusal_html
from foodplay_widgets.guard import Guard, unguarded
from foodplay_widgets.pool import Pool, set_children, set_classes
from foodplay_widgets.renderers import (
    KnownScore,
    PartRow,
    TableParts,
    progress_html,
    register,
    register_editor,
)
from foodplay_widgets.text import Text, badge, esc

GAME_ID = "cuisine-a-la-card"
K = "cuisine-a-la-card."
UI = K + "ui."
DISH_KINDS = frozenset({"dish", "dish_plate", "serve", "cancel", "food_type"})
DISH_MODES = ("play", "dish", "food_type")
MAX_AUTO_DUALS = 4  # dual-type cards whose type the builder picks by trying every choice


# --- card faces --------------------------------------------------------------------------
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


# --- the table ---------------------------------------------------------------------------
class CuisineRenderer:
    """Draws Cuisine a la Card's table for one view."""

    css = ""  # set below: the game's own stylesheet, shipped once per app

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        """Without the state: the game's default component set gives the card faces."""
        return self.table_parts(view, before, text).html()

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the banners, the budget, the market, the judges, one part per seat,
        the trash and the legend. The card faces come from the state's component set (a
        record may carry its own), or the game's default one without a state."""
        comp = state.comp if state is not None else text.game.components()
        d = ViewDiff(view, before, text)
        seats = PartRow("fp-seats fp-cu-seats", tuple(
            self._seat(view, s, seat, d, text, comp) for s, seat in enumerate(view["seats"])))
        items = (self._header(view, text), self._banner(view, text),
                 self._budget(view, d, text), self._supply(view, d, text, comp),
                 self._judges(view, d, text), seats, self._trash(view, d, text, comp),
                 self._legend(text, comp))
        return TableParts("fp-table-view fp-cuisine", text.html(UI + "table"), items)

    # --- header, banner and this turn's budget -----------------------------------------
    @staticmethod
    def _header(view: dict[str, Any], text: Text) -> str:
        who = text("view.teacher") if view["seat"] is None else \
            text("view.seat", name=text.name(view["seat"]))
        phase = view["phase"] if view["phase"] in ("warming", "play", "over") else "play"
        where = text(f"{UI}title.{phase}", round=view["round"], seat=view["active"])
        return (f'<h3 class="fp-table-title">{esc(where)}</h3>'
                f'<p class="fp-viewer">{esc(who)}</p>')

    @staticmethod
    def _banner(view: dict[str, Any], text: Text) -> str:
        """The game's end, the last round, or a choice an ability asks for: said first."""
        out = []
        if view["winners"]:
            winners = view["winners"]
            medals = view["seats"][winners[0]]["medals"]
            out.append(f'<p class="fp-cu-banner fp-cu-win" role="status">'
                       f'{text.html(UI + "banner.winner", seats=winners, medals=medals, count=len(winners))}'  # noqa: E501
                       f"</p>")
        elif view["end"]:
            end = view["end"]
            if end.get("reason") == "medals" and end.get("seat") is not None:
                said = text.html(UI + "banner.last_round", seat=end["seat"],
                                 target=view["target"])
            else:
                said = text.html(UI + "banner.last_round_pantry")
            out.append(f'<p class="fp-cu-banner fp-cu-last">{said}</p>')
        pending = view["pending"]
        if pending and view["decision"]:
            decision = text(view["decision"], seat=pending["seat"])
            if pending.get("source"):
                said = text(UI + "banner.pending_source", decision=decision,
                            ability=pending["ability"], source=pending["source"])
            else:
                said = text(UI + "banner.pending", decision=decision)
            out.append(f'<p class="fp-cu-banner fp-cu-pending">{esc(said)}</p>')
        return "".join(out)

    @staticmethod
    def _budget(view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        if view["phase"] == "over":
            return ""
        spend = view["spend"]
        stats = []
        for field, key in (("currency", "money"), ("buys", "buys"), ("purchases", "bought"),
                           ("served", "served")):
            stats.append(f'<li class="fp-cu-stat fp-cu-stat-{field}{d.cls("spend", field)}">'
                         f'<span class="fp-cu-stat-n" aria-hidden="true">{spend[field]}</span> '
                         f'<span class="fp-cu-stat-label">'
                         f'{text.html(UI + "budget." + key, count=spend[field])}</span>'
                         f'{d.mark("spend", field)}</li>')
        notes = []
        if spend["served"]:
            notes.append(text.html(UI + "budget.no_buying"))
        elif spend["purchases"]:
            notes.append(text.html(UI + "budget.no_dish"))
        note = "".join(f'<p class="fp-cu-budget-note">{n}</p>' for n in notes)
        title = text.html(UI + "budget.title", seat=view["active"])
        return (f'<div class="fp-zone fp-cu-budget" role="group" aria-label="{title}">'
                f'<h4>{title}</h4><ul class="fp-cu-stats">{"".join(stats)}</ul>{note}</div>')

    # --- Market, Fridge, Pantry and Forks ----------------------------------------------
    def _supply(self, view: dict[str, Any], d: ViewDiff, text: Text, comp: Components) -> str:
        """The Market row, slot 1 to 4, with the Fridge at its end; the Pantry and Forks."""
        slots = []
        for item in view["market"]:
            n = item["slot"]
            head = text.html(UI + ("market.slot_last" if n == len(view["market"])
                                   else "market.slot"), slot=n)
            if item["card"]:
                corner = (f'<span class="fp-cu-cost">'
                          f'{text.html(UI + "market.cost", cost=item["cost"])}</span>')
                said = text(UI + "market.card_aria", slot=n, cost=item["cost"],
                            text=card_sentences(text, comp.cards[item["card"]])) \
                    if item["card"] in comp.cards else None
                body = (f'<ul class="fp-cards">'
                        f'{card_face(text, comp, item["card"], "full", label=said, corner=corner)}'
                        f"</ul>")
            else:
                body = f'<p class="fp-none fp-cu-gap">{text.html(UI + "market.empty")}</p>'
            slots.append(f'<li class="fp-cu-slot{d.cls("market", n - 1)}">'
                         f'<h5>{head}{d.mark("market", n - 1)}</h5>{body}</li>')

        fridge = view["fridge"]
        if fridge["top"]:
            corner = (f'<span class="fp-cu-cost fp-cu-cost-fridge">'
                      f'{text.html(UI + "market.cost", cost=fridge["price"])}</span>')
            said = text(UI + "fridge.card_aria", price=fridge["price"],
                        text=card_sentences(text, comp.cards[fridge["top"]])) \
                if fridge["top"] in comp.cards else None
            below = list(reversed(fridge["cards"][:-1]))  # from the top down
            if len(below) > 4:
                under = text.html(UI + "fridge.below_more", cards=below[:3],
                                  count=len(below) - 3)
            else:
                under = text.html(UI + "fridge.below", cards=below, count=len(below))
            rest = f'<p class="fp-cu-fridge-below">{under}</p>' if below else ""
            body = (f'<ul class="fp-cards">'
                    f'{card_face(text, comp, fridge["top"], "full", label=said, corner=corner)}'
                    f'</ul><p class="fp-cu-fridge-rule">'
                    f'{text.html(UI + "fridge.rule", price=fridge["price"])}</p>{rest}')
        else:
            body = f'<p class="fp-none fp-cu-gap">{text.html(UI + "fridge.empty")}</p>'
        slots.append(f'<li class="fp-cu-slot fp-cu-fridge{d.cls("fridge")}">'
                     f'<h5>{text.html(UI + "fridge.title", count=len(fridge["cards"]))}'
                     f'{d.mark("fridge")}</h5>{body}</li>')

        pantry = view["pantry"]["count"]
        forks = view["forks"]
        stock = (f'<p class="fp-cu-stock"><span class="fp-cu-pantry{d.cls("pantry")}">'
                 f'<span class="fp-cu-mini-back" aria-hidden="true"></span>'
                 f'{text.html(UI + "pantry", count=pantry)}{d.mark("pantry")}</span> '
                 f'<span class="fp-cu-forks{d.cls("forks")}">'
                 f'<span class="fp-cu-mini-fork" aria-hidden="true"></span>'
                 f'{text.html(UI + "forks", count=forks["count"], cost=forks["cost"])}'
                 f'{d.mark("forks")}</span></p>')
        return (f'<div class="fp-zone fp-cu-market"><h4>{text.html(UI + "market.title")}</h4>'
                f'<ol class="fp-cu-slots">{"".join(slots)}</ol>{stock}</div>')

    # --- the judges ----------------------------------------------------------------------
    def _judges(self, view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        cat = text.catalogue
        items = []
        for i, slot in enumerate(view["judges"]):
            n = slot["slot"]
            if slot["judge"] is None:
                items.append(f'<li class="fp-cu-judge fp-cu-judge-none{d.cls("judges", i)}">'
                             f'<h5>{text.html(UI + "judge.slot", slot=n)}</h5>'
                             f'<p class="fp-none">{text.html(UI + "judge.none_left")}</p></li>')
                continue
            rows = []
            wants = [condition(cat, c) for c in slot["requires"]]
            rows.append(text.html(UI + "judge.requires", wants=cat.join(wants)) if wants
                        else text.html(UI + "judge.requires_nothing"))
            for b in slot["bonus"]:
                rows.append(text.html(UI + "judge.bonus", count=b["medals"],
                                      cond=condition(cat, b["if"])))
            for p in slot["penalty"]:
                rows.append(text.html(UI + "judge.penalty", count=p["medals"],
                                      cond=condition(cat, p["if"])))
            rows.append(text.html(UI + "judge.ability",
                                  ability=judge_ability(text, slot["ability"])))
            medals = "".join('<span class="fp-cu-medal"></span>' for _ in range(slot["medals"]))
            items.append(
                f'<li class="fp-cu-judge fp-cu-tier-{slot["tier"]}{d.cls("judges", i)}">'
                f'<h5><span class="fp-cu-judge-slot">{text.html(UI + "judge.slot", slot=n)}'
                f'</span> <span class="fp-cu-tier">'
                f'{text.html(UI + "judge.tier", tier=slot["tier"])}</span>{d.mark("judges", i)}'
                f'</h5><p class="fp-cu-judge-name">{esc(text.card(slot["judge"]))}</p>'
                f'<p class="fp-cu-judge-medals"><span class="fp-cu-medals" aria-hidden="true">'
                f'{medals}</span> {text.html(UI + "judge.medals", count=slot["medals"])}</p>'
                f'<ul class="fp-cu-judge-rows">{"".join(f"<li>{r}</li>" for r in rows)}</ul>'
                f"</li>")
        stacks = [text(UI + ("judge.stack_all" if key == "all" else "judge.stack"),
                       tier=key, count=count) for key, count in view["stacks"].items()]
        left = (f'<p class="fp-cu-stacks{d.cls("stacks")}">'
                f'{text.html(UI + "judge.stacks", stacks=cat.join(stacks))}</p>') if stacks else ""
        return (f'<div class="fp-zone fp-cu-judges-zone"><h4>{text.html(UI + "judge.title")}'
                f'</h4><ol class="fp-cu-judges">{"".join(items)}</ol>{left}</div>')

    # --- the players -------------------------------------------------------------------
    @staticmethod
    def _tags(view: dict[str, Any], s: int, text: Text) -> str:
        tags = []

        def tag(key: str, css: str) -> None:
            tags.append(f'<span class="fp-tag {css}">{text.html(UI + "tag." + key)}</span>')

        if view["winners"] and s in view["winners"]:
            tag("winner", "fp-tag-first")
        if view["phase"] != "over":
            if s == view["active"]:
                tag("turn", "fp-tag-act")
            elif s in view["to_act"]:
                tag("choosing", "fp-tag-act")
            if s == view["first_player"]:
                tag("first", "fp-tag-first")
        if s == view["seat"]:
            tag("view", "fp-tag-you")
        return "".join(tags)

    def _seat(self, view: dict[str, Any], s: int, seat: dict[str, Any], d: ViewDiff, text: Text,
              comp: Components) -> str:
        name = esc(seat["name"])
        target = view["target"]
        medals = (f'<p class="fp-cu-medal-line{d.cls("seats", s, "medals")}">'
                  f'{medal_pips(seat["medals"], target)} '
                  f'{text.html(UI + "seat.medals", count=seat["medals"], target=target)}'
                  f'{d.mark("seats", s, "medals")} <span class="fp-cu-eaten'
                  f'{d.cls("seats", s, "eaten")}">'
                  f'{text.html(UI + "seat.eaten", count=seat["eaten"])}</span></p>')
        rows = [self._row(text(UI + "row.hand"), self._hand(text, comp, s, seat["hand"]),
                          d, s, "hand"),
                self._row(text(UI + "row.plates"), self._plates(text, comp, seat["plates"]),
                          d, s, "plates")]
        dish = seat["dish"]
        if (dish if isinstance(dish, list) else dish["count"]) or d.changed("seats", s, "dish"):
            rows.append(self._row(text(UI + "row.dish"),
                                  self._dish(text, comp, s, seat, dish), d, s, "dish"))
        if seat["played"] or d.changed("seats", s, "played"):
            rows.append(self._row(text(UI + "row.played"), card_list(
                text, comp, seat["played"], text(UI + "played_aria", seat=s), "small"),
                d, s, "played"))
        rows.append(self._row(text(UI + "row.deck"), self._deck(text, seat["deck"]),
                              d, s, "deck"))
        rows.append(self._row(text(UI + "row.discard"), grouped(
            text, comp, seat["discard"], text(UI + "discard_aria", seat=s,
                                              count=len(seat["discard"]))), d, s, "discard"))
        if seat["judges"] or seat["dishes"]:
            rows.append(self._row(text(UI + "row.dishes"), self._served(text, comp, s, seat),
                                  d, s, "dishes"))
        classes = "fp-player fp-cu-seat"
        if s in view["to_act"]:
            classes += " fp-cu-seat-acting"
        owned = seat.get("owned") or {}
        own_list = [c for c, n in owned.items() for _ in range(n)]
        owned_html = (f'<details class="fp-cu-owned"><summary>'
                      f'{text.html(UI + "seat.owned", count=len(own_list))}</summary>'
                      f'{grouped(text, comp, own_list, text(UI + "seat.owned", count=len(own_list)))}'  # noqa: E501
                      f"</details>") if own_list else ""
        return (f'<section class="{classes}" aria-label="{name}">'
                f'<h4 class="fp-player-name">{name} {self._tags(view, s, text)}</h4>'
                f'{medals}<dl class="fp-seat-rows">{"".join(rows)}</dl>{owned_html}</section>')

    @staticmethod
    def _row(label: str, body: str, d: ViewDiff, s: int, field: str) -> str:
        cls = d.cls("seats", s, field)
        return (f'<div class="fp-seat-row fp-cu-row-{field}{cls}"><dt>{esc(label)}'
                f'{d.mark("seats", s, field)}</dt><dd>{body}</dd></div>')

    @staticmethod
    def _hand(text: Text, comp: Components, s: int, hand: Any) -> str:
        if isinstance(hand, dict):
            return (f'<ul class="fp-cards fp-cu-hidden">'
                    f'{backs(text, hand["count"], UI + "hand_hidden")}</ul>')
        return grouped(text, comp, hand, text(UI + "hand_aria", seat=s, count=len(hand)),
                       "full")

    @staticmethod
    def _plates(text: Text, comp: Components, plates: Sequence[str | None]) -> str:
        items = []
        for p, card_id in enumerate(plates, start=1):
            head = f'<span class="fp-cu-plate-n" aria-hidden="true">{p}</span>'
            if card_id is None:
                body = (f'<span class="fp-cu-plate-empty">'
                        f'{text.html(UI + "plate.empty", plate=p)}</span>')
            elif card_id == "face_down":
                body = (f'<span class="fp-sr">{text.html(UI + "plate.face_down", plate=p)}</span>'
                        f'<ul class="fp-cards" aria-hidden="true">'
                        f'<li class="fp-card fp-card-back fp-cu-plate-back"></li></ul>')
            else:
                said = text(UI + "plate.card", plate=p, card=card_id)
                body = (f'<ul class="fp-cards">'
                        f'{card_face(text, comp, card_id, "full", label=said)}</ul>')
            items.append(f'<li class="fp-cu-plate">{head}{body}</li>')
        return (f'<ol class="fp-cu-plates" aria-label="{text.html(UI + "row.plates")}">'
                f'{"".join(items)}</ol>')

    @staticmethod
    def _dish(text: Text, comp: Components, s: int, seat: dict[str, Any], dish: Any) -> str:
        """The dish on the counter: hidden cards for others, the running total for its cook."""
        if isinstance(dish, dict):
            return (f'<ul class="fp-cards fp-cu-hidden">'
                    f'{backs(text, dish["count"], UI + "dish_hidden")}</ul>')
        if not dish:
            return f'<p class="fp-none">{text.html(UI + "empty")}</p>'
        result = scoring.score(dish, comp, judge_abilities(comp, seat["judges"]))
        items = []
        for entry, points in zip(dish, result.card_totals, strict=False):
            key = "counter.card_plate" if entry["from"] == "plate" else "counter.card"
            said = text(UI + key, card=entry["card"], count=points, plate=entry["plate"])
            if entry.get("as"):
                said = text(UI + "counter.card_as", text=said, type=entry["as"])
            corner = f'<span class="fp-cu-counts">{text.html(UI + "counter.counts", count=points)}</span>'  # noqa: E501
            items.append(card_face(text, comp, entry["card"], "small", label=said,
                                   corner=corner))
        total = text.html(UI + "counter.total", count=result.total, sum=result.sum_text)
        return (f'<ul class="fp-cards fp-cu-counter" aria-label="'
                f'{text.html(UI + "row.dish")}">{"".join(items)}</ul>'
                f'<p class="fp-cu-counter-total">{total}</p>')

    @staticmethod
    def _deck(text: Text, deck: Any) -> str:
        if isinstance(deck, dict):
            return f'<p>{text.html(UI + "deck", count=deck["count"])}</p>'
        said = text.html(UI + "deck", count=len(deck))
        if not deck:
            return f"<p>{said}</p>"
        top = list(reversed(deck))  # the top of the deck is the end of the list
        return (f'<p>{said} <span class="fp-cu-teacher">'
                f'{text.html(UI + "deck_order", cards=top[:5], count=len(top))}</span></p>')

    @staticmethod
    def _served(text: Text, comp: Components, s: int, seat: dict[str, Any]) -> str:
        items = []
        active = {w["judge"]: w["active"] for w in seat["judges"]}
        for dish in seat["dishes"]:
            key = "served.active" if active.get(dish["judge"]) else "served.waiting"
            items.append(f'<li class="fp-cu-served-dish">'
                         f'<p>{text.html(UI + "served.dish", judge=dish["judge"], cards=dish["cards"], points=dish["points"], count=dish["medals"])}</p>'  # noqa: E501
                         f'<p class="fp-cu-served-ability">{text.html(UI + key, judge=dish["judge"])}</p></li>')  # noqa: E501
        return f'<ul class="fp-cu-served">{"".join(items)}</ul>'

    @staticmethod
    def _trash(view: dict[str, Any], d: ViewDiff, text: Text, comp: Components) -> str:
        if not view["trash"]:
            return ""
        said = text(UI + "trash", count=len(view["trash"]))
        return (f'<div class="fp-zone fp-cu-trash{d.cls("trash")}">'
                f'<h4>{text.html(UI + "trash", count=len(view["trash"]))}{d.mark("trash")}</h4>'
                f'{grouped(text, comp, view["trash"], said)}</div>')

    @staticmethod
    def _legend(text: Text, comp: Components) -> str:
        cuisines = "".join(
            f'<li class="fp-card fp-cu-card fp-cu-small fp-cu-{c}"><span class="fp-cu-name">'
            f"{esc(text.card(c))}</span></li>" for c in comp.cuisines)
        return (f'<details class="fp-zone fp-cu-legend"><summary>'
                f'{text.html(UI + "legend.title")}</summary>'
                f'<ul class="fp-cards fp-cu-legend-cuisines" aria-label="'
                f'{text.html(UI + "legend.cuisines")}">{cuisines}'
                f'<li class="fp-card fp-cu-card fp-cu-small fp-cu-none"><span '
                f'class="fp-cu-name">{text.html(UI + "legend.no_cuisine")}</span></li></ul>'
                f'<p>{text.html(UI + "legend.points")}</p>'
                f'<p>{text.html(UI + "legend.pairs")}</p>'
                f'<p>{text.html(UI + "legend.set")}</p></details>')

    # --- progress, scores, header ------------------------------------------------------
    def progress(self, view: dict[str, Any], text: Text) -> str:
        best = max(seat["medals"] for seat in view["seats"])
        target = view["target"]
        return progress_html(text.html(UI + "progress", count=best, target=target), best, target,
                             text.html(UI + "progress_pantry", count=view["pantry"]["count"]))

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        """Medals and eaten ingredients are public, so every seat's score is known exactly."""
        final = view.get("scores") is not None
        key = UI + ("score_final" if final else "score")
        return [KnownScore(seat["medals"], True, text(key, count=seat["medals"],
                                                      eaten=seat["eaten"]))
                for seat in view["seats"]]

    def credits(self, game: Game, text: Text) -> str:
        return text(K + "credits")

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        label = view.get("components", "tutor card set")
        if label == "tutor card set":
            return text(K + "components.default")
        return text(K + "components.custom", label=label)


# --- the dish builder --------------------------------------------------------------------
PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]


class DishPreview:
    """A dish in the making, worked out without touching the game.

    `entries` are the dish's cards in order, as the engine keeps them (`card`, `from`,
    `plate`, `as`). The meal points and each judge's assessment come from the engine's pure
    scoring functions. With `moves` (the dish moves that would put these cards on the counter),
    each judge's answer is also the engine's own verdict, checked on a scratch copy after those
    moves; `refused` is then the first dish move the engine would refuse, if any.
    """

    def __init__(self, state: State, seat: int, entries: Sequence[dict[str, Any]],
                 moves: Sequence[Move] | None = None):
        comp = state.comp
        view = state.view(seat)
        self.seat = seat
        self.entries = [dict(e) for e in entries]
        self.abilities = judge_abilities(comp, view["seats"][seat]["judges"])
        self.score = scoring.score(self.entries, comp, self.abilities)
        more = bool(view["options"].get("more_medals"))
        self.judges: list[tuple[dict[str, Any], Verdict, scoring.Assessment | None]] = []
        self.refused: tuple[int, Verdict] | None = None  # a dish move the engine refuses
        scratch = None
        if moves is not None and self.entries:
            scratch = state.clone()
            for index, move in enumerate(moves):
                verdict = scratch.check(move)
                if not verdict.ok:
                    self.refused = (index, verdict)
                    break
                scratch.apply(move)
        for slot in view["judges"]:
            if slot["judge"] is None:
                continue
            assessed = scoring.assess(self.entries, comp, comp.judges[slot["judge"]],
                                      self.score, more) if self.entries else None
            if scratch is not None and self.refused is None:
                verdict = scratch.check(Move.make(seat, "serve", judge=slot["slot"]))
            elif self.refused is not None:
                verdict = self.refused[1]
            elif assessed is not None:
                verdict = Verdict.allow(assessed.clause) if assessed.ok else \
                    Verdict.refuse(assessed.clause, K + assessed.reason, **assessed.params)
            else:
                verdict = Verdict.refuse("P2-4", K + "refuse.no_dish", seat=seat)
            self.judges.append((slot, verdict, assessed))

    @property
    def accepting(self) -> int:
        """How many open judges would accept the dish, by the scoring rules alone."""
        return sum(bool(a and a.ok) for _, _, a in self.judges)

    @property
    def best_medals(self) -> int:
        return max((a.medals for _, _, a in self.judges if a and a.ok), default=0)


class DishBuilder(widgets.VBox):
    """The learner puts a dish together, watches the meal points add up, then serves it.

    Keyboard: every ingredient is an "Add ..." button and every dish card has a "Remove ..."
    button, reached with Tab; a dual-type card has a labelled drop-down for its food type; each
    open judge has a "Serve to judge n" button. Only a Serve button (or "Take the dish back")
    plays anything, through `play_moves`, which checks every move with the engine first.
    """

    def __init__(self, play_moves: PlayMoves, reader_prefix: str, guard: Guard = unguarded):
        self.play_moves = play_moves
        self.prefix = reader_prefix
        self.guard = guard
        self.heading = widgets.HTML()
        self.heading.add_class("fp-cu-builder-head")
        self.sources_title = widgets.HTML()
        self.sources_title.add_class("fp-cu-builder-label")
        self.sources = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.sources.add_class("fp-cu-builder-sources")
        self.dish_title = widgets.HTML()
        self.dish_title.add_class("fp-cu-builder-label")
        self.dish_box = widgets.VBox()
        self.dish_box.add_class("fp-cu-builder-dish")
        self.preview = widgets.HTML()
        self.preview.add_class("fp-cu-builder-preview")
        self.verdicts = widgets.HTML()
        self.verdicts.add_class("fp-cu-builder-verdicts")
        self.serve_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.serve_row.add_class("fp-cu-builder-serve")
        self.clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear.add_class("fp-cu-builder-clear")
        self.cancel = widgets.Button(layout=widgets.Layout(width="auto"))
        self.cancel.add_class("fp-cu-builder-cancel")
        self.status = widgets.HTML()
        self.status.add_class("fp-cu-builder-status")
        self.result = widgets.HTML()
        self.result.add_class("fp-cu-builder-result")
        self.clear.on_click(guard(lambda _: self.clear_dish()))
        self.cancel.on_click(guard(lambda _: self.take_back()))
        actions = widgets.HBox([self.clear, self.cancel])
        actions.add_class("fp-cu-builder-actions")
        left = widgets.VBox([self.sources_title, self.sources, self.dish_title, self.dish_box,
                             actions])
        left.add_class("fp-cu-builder-left")
        right = widgets.VBox([self.preview, self.verdicts, self.serve_row])
        right.add_class("fp-cu-builder-right")
        self.body = widgets.HBox([left, right])
        self.body.add_class("fp-cu-builder-body")
        super().__init__([self.heading, self.body, self.status, self.result])
        self.add_class("fp-cu-builder")
        self.layout.display = "none"
        self.picked: list[dict[str, Any]] = []  # new cards: {"card", "from", "plate", "as"}
        self.choices: dict[int, str] = {}  # dish position -> food type the learner chose
        self.add_buttons: list[widgets.Button] = []
        self.remove_buttons: list[widgets.Button] = []
        self.type_menus: dict[int, widgets.Dropdown] = {}
        self.serve_buttons: list[widgets.Button] = []
        # the redrawn rows' widgets are made once and reused (see pool.py); the lists below
        # say what the pool's widget i stands for now
        self._sources: list[dict[str, Any]] = []
        self._removes: list[int] = []
        self._typed_at: list[int] = []
        self._judges: list[int] = []
        self._auto = widgets.Layout(width="auto")  # one layout for the pooled buttons
        self._add_pool: Pool[widgets.Button] = Pool(
            lambda i: self._button(lambda: self.add(self._sources[i])))
        self._remove_pool: Pool[widgets.Button] = Pool(
            lambda i: self._button(lambda: self.remove(self._removes[i])))
        self._serve_pool: Pool[widgets.Button] = Pool(
            lambda i: self._button(lambda: self.serve(self._judges[i])))
        self._menu_pool: Pool[widgets.Dropdown] = Pool(self._make_menu)
        self._label_pool: Pool[widgets.HTML] = Pool(lambda _: widgets.HTML())
        self._row_pool: Pool[widgets.HBox] = Pool(lambda _: widgets.HBox())
        self.last: DishPreview | None = None
        self._ctx: Context | None = None
        self._key: tuple | None = None
        self._quiet = False

    def _button(self, on_click: Callable[[], None]) -> widgets.Button:
        button = widgets.Button(layout=self._auto)
        button.on_click(self.guard(lambda _: on_click()))
        return button

    def _make_menu(self, place: int) -> widgets.Dropdown:
        menu = widgets.Dropdown(style={"description_width": "initial"}, layout=self._auto)
        menu.add_class("fp-cu-type")
        menu.observe(self.guard(lambda change: self._typed(self._typed_at[place], change)),
                     "value")
        return menu

    # --- what the builder works on ---------------------------------------------------
    @staticmethod
    def applies(ctx: Context) -> bool:
        """The learner's own play phase (or dish on the counter), at the present step."""
        if ctx.mode != "play" or not ctx.at_present or ctx.learner is None:
            return False
        decision = ctx.decision()
        if decision is None or ctx.learner not in decision.seats:
            return False
        view = ctx.state.view(ctx.learner)
        if view["mode"] not in DISH_MODES or view["active"] != ctx.learner:
            return False
        seat = view["seats"][ctx.learner]
        cards = ctx.state.comp.cards
        food = [c for c in seat["hand"] + [p for p in seat["plates"] if p]
                if c in cards and not cards[c].tool]
        return bool(food or seat["dish"])

    def _seat_view(self) -> dict[str, Any]:
        ctx = self._ctx
        return ctx.state.view(ctx.learner)["seats"][ctx.learner]

    def counter(self) -> list[dict[str, Any]]:
        """The dish already on the counter in the game (from moves played one by one)."""
        return [dict(e) for e in self._seat_view()["dish"]]

    def sources_left(self) -> list[dict[str, Any]]:
        """The ingredients that can still be added: hand cards, then warming plates."""
        seat = self._seat_view()
        cards = self._ctx.state.comp.cards
        used = Counter(e["card"] for e in self.picked if e["from"] == "hand")
        plates = {e["plate"] for e in self.picked if e["from"] == "plate"}
        out = []
        for card_id in seat["hand"]:
            if card_id in cards and not cards[card_id].tool:
                if used[card_id]:
                    used[card_id] -= 1
                    continue
                out.append({"card": card_id, "from": "hand", "plate": None, "as": None})
        for p, card_id in enumerate(seat["plates"], start=1):
            if card_id and card_id in cards and not cards[card_id].tool and p not in plates:
                out.append({"card": card_id, "from": "plate", "plate": p, "as": None})
        return out

    def _entries(self) -> list[dict[str, Any]]:
        """The whole dish, counter first, with every food type decided (auto where open)."""
        ctx = self._ctx
        cards = ctx.state.comp.cards
        dish = self.counter() + [dict(e) for e in self.picked]
        for i, entry in enumerate(dish):
            if i in self.choices and cards[entry["card"]].dual:
                entry["as"] = self.choices[i]
        open_ = [i for i, e in enumerate(dish) if cards[e["card"]].dual and not e["as"]]
        if open_:
            best = None
            for combo in product(*(cards[dish[i]["card"]].types
                                   for i in open_[:MAX_AUTO_DUALS])):
                trial = [dict(e) for e in dish]
                for i, chosen in zip(open_, combo, strict=False):
                    trial[i]["as"] = chosen
                for i in open_[MAX_AUTO_DUALS:]:
                    trial[i]["as"] = cards[trial[i]["card"]].types[0]
                found = DishPreview(ctx.state, ctx.learner, trial)  # no scratch copy
                rank = (found.accepting, found.best_medals, found.score.total)
                if best is None or rank > best[0]:
                    best = (rank, trial)
            dish = best[1]
        return dish

    def moves(self, judge: int | None = None, entries: Sequence[dict] | None = None) -> list[Move]:
        """The engine's moves for this dish: a pending food type on the counter, each new card
        (with its food type when dual), then serving to place `judge` if given."""
        seat = self._ctx.learner
        cards = self._ctx.state.comp.cards
        dish = self._entries() if entries is None else entries
        counter = self.counter()
        out = []
        for i, entry in enumerate(counter):
            if cards[entry["card"]].dual and not entry["as"]:  # waiting for its type
                out.append(Move.make(seat, "food_type", type=dish[i]["as"]))
        for entry in dish[len(counter):]:
            if entry["from"] == "plate":
                out.append(Move.make(seat, "dish_plate", plate=entry["plate"]))
            else:
                out.append(Move.make(seat, "dish", card=entry["card"]))
            if cards[entry["card"]].dual:
                out.append(Move.make(seat, "food_type", type=entry["as"]))
        if judge is not None:
            out.append(Move.make(seat, "serve", judge=judge))
        return out

    # --- drawing -------------------------------------------------------------------------
    def render(self, ctx: Context) -> frozenset[str] | bool:
        """Draw for `ctx`; the move kinds the builder makes (the move panel keeps the rest:
        play, Forks, buying, ending the phase), or False when it is not shown."""
        self._ctx = ctx
        if not self.applies(ctx):
            self.layout.display = "none"
            self._key = None
            self.last = None
            return False
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.learner)
        if key != self._key:
            self.picked, self.choices = [], {}
            self.status.value = self.result.value = ""
            self._key = key
        self.layout.display = ""
        self._draw()
        return DISH_KINDS

    def start_refusal(self) -> Verdict | None:
        """The engine's refusal to start a dish now (no judge within reach, G11; a card bought
        already, D1), asked about the first ingredient at hand; None if a dish may start."""
        if self.counter():
            return None
        sources = self.sources_left() if not self.picked else []
        if not sources:
            return None
        first = sources[0]
        move = Move.make(self.learner, "dish_plate", plate=first["plate"]) \
            if first["from"] == "plate" else Move.make(self.learner, "dish", card=first["card"])
        verdict = self._ctx.state.check(move)  # a check never changes the state
        return None if verdict.ok else verdict

    def _draw(self) -> None:
        ctx = self._ctx
        text = ctx.text
        refusal = self.start_refusal()
        self.body.layout.display = "none" if refusal is not None else ""
        if refusal is not None:  # compact: say why there is no dish to build yet
            clause = ctx.state.game.rulebook()[refusal.clause]
            self.last = None
            self.heading.value = (
                f'<h4 class="fp-cu-builder-title">{text.html(UI + "builder.title")}</h4>'
                f'<p class="fp-cu-builder-closed">{text.html(UI + "builder.closed")} '
                f'{esc(reason_text(ctx.state, refusal, ctx.lang))} '
                f'<span class="fp-cites">{clause_link(text, clause, self.prefix)} '
                f"{badge(text, clause)}</span></p>")
            self.add_class("fp-cu-builder-compact")
            return
        self.remove_class("fp-cu-builder-compact")
        cards = ctx.state.comp.cards
        counter = self.counter()
        entries = self._entries()
        preview = DishPreview(ctx.state, ctx.learner, entries, self.moves(None, entries))
        self.last = preview

        head = [f'<h4 class="fp-cu-builder-title">{text.html(UI + "builder.title")}</h4>',
                f'<p class="fp-cu-builder-help">{text.html(UI + "builder.help")}</p>']
        if counter:
            head.append(f'<p class="fp-cu-builder-counter">'
                        f'{text.html(UI + "builder.counter", cards=[e["card"] for e in counter], count=len(counter))}</p>')  # noqa: E501
        if preview.refused is not None and entries:
            index, verdict = preview.refused
            clause = ctx.state.game.rulebook()[verdict.clause]
            head.append(f'<div class="fp-refusal fp-cu-cannot" role="status">'
                        f'<p class="fp-refusal-title">{text.html(UI + "builder.cannot")}</p>'
                        f'<p class="fp-refusal-reason">'
                        f'{esc(reason_text(ctx.state, verdict, ctx.lang))}</p>'
                        f'<ul class="fp-cited-list">{clause_block(text, clause, self.prefix)}'
                        f"</ul></div>")
        self.heading.value = "".join(head)

        # the ingredients still to add
        self._add_pool.rewind()
        self._sources = self.sources_left()
        self.add_buttons = []
        for source in self._sources:
            key = "builder.add_plate" if source["from"] == "plate" else "builder.add_hand"
            button = self._add_pool.take()
            with button.hold_sync():
                button.description = text(UI + key, card=source["card"], plate=source["plate"],
                                          count=cards[source["card"]].points)
                button.tooltip = card_sentences(text, cards[source["card"]])
                set_classes(button, "fp-cu-add",
                            f"fp-cu-add-{cards[source['card']].cuisine or 'none'}")
            self.add_buttons.append(button)
        set_children(self.sources, self.add_buttons)
        seat = self._seat_view()
        notes = [text.html(UI + "builder.sources")]
        if not self.add_buttons:
            notes.append(f'<span class="fp-none">{text.html(UI + "builder.none_left")}</span>')
        if any(c in cards and cards[c].tool for c in seat["hand"]):
            notes.append(f'<span class="fp-cu-builder-note">'
                         f'{text.html(UI + "builder.tools_note")}</span>')
        self.sources_title.value = f'<p>{" ".join(notes)}</p>'

        # the dish, card by card
        for pool in (self._remove_pool, self._menu_pool, self._label_pool, self._row_pool):
            pool.rewind()
        self.remove_buttons, self.type_menus = [], {}
        self._removes, self._typed_at = [], []
        rows = []
        for i, entry in enumerate(entries):
            card = cards[entry["card"]]
            if i < len(counter):
                key = "builder.item_counter"
            else:
                key = "builder.item_plate" if entry["from"] == "plate" else "builder.item_hand"
            label = self._label_pool.take()
            label.value = (
                f'<span class="fp-cu-item">'
                f'{text.html(UI + key, place=i + 1, card=entry["card"], plate=entry["plate"])}'
                f"</span>")
            parts: list[widgets.Widget] = [label]
            if card.dual and (i >= len(counter) or not counter[i]["as"]):
                menu = self._menu_pool.take()
                self._typed_at.append(i)
                self._quiet = True  # drawing the menu is not the learner choosing
                try:
                    with menu.hold_sync():
                        menu.options = [(text.card(t), t) for t in card.types]
                        menu.value = entry["as"]
                        menu.description = text(UI + "builder.type_label", card=entry["card"])
                finally:
                    self._quiet = False
                self.type_menus[i] = menu
                parts.append(menu)
            if i >= len(counter):
                remove = self._remove_pool.take()
                self._removes.append(i - len(counter))
                remove.description = text(UI + "builder.remove", card=entry["card"])
                set_classes(remove, "fp-cu-remove")
                self.remove_buttons.append(remove)
                parts.append(remove)
            row = self._row_pool.take()
            set_classes(row, "fp-cu-dish-row")
            set_children(row, parts)
            rows.append(row)
        set_children(self.dish_box, rows)
        self.dish_title.value = (f'<p>{text.html(UI + "builder.dish", count=len(entries))}'
                                 f"</p>")
        self.clear.description = text(UI + "builder.clear")
        self.clear.tooltip = text(UI + "builder.clear_tip")
        self.clear.disabled = not self.picked
        self.cancel.description = text(UI + "builder.cancel")
        self.cancel.tooltip = text(UI + "builder.cancel_tip")
        self.cancel.layout.display = "" if counter else "none"

        self.preview.value = self._total_html(preview, text)
        self.verdicts.value = self._verdicts_html(preview, text)
        self._draw_serve(preview, text)

    def _total_html(self, preview: DishPreview, text: Text) -> str:
        """The running meal-point total, card by card, each with its bonuses and their cause."""
        entries = preview.entries
        title = f'<h5 class="fp-cu-builder-sub">{text.html(UI + "builder.total_title")}</h5>'
        if not entries:
            return f'{title}<p class="fp-none">{text.html(UI + "builder.empty")}</p>'
        comp = self._ctx.state.comp
        rulebook = self._ctx.state.game.rulebook()
        groups: list[list] = [[] for _ in entries]
        extra = []
        i = 0
        for line in preview.score.lines:
            if i < len(entries):
                groups[i].append(line)
                if line[0] in ("score.card", "score.card_bonus"):
                    i += 1
            else:
                extra.append(line)
        seat = self.learner
        rows, running = [], 0
        totals = preview.score.card_totals
        for n, (entry, lines) in enumerate(zip(entries, groups, strict=True)):
            points = totals[n]
            running += points
            card = comp.cards[entry["card"]]
            key = "builder.row_plate" if entry["from"] == "plate" else "builder.row"
            head = text.html(UI + key, place=n + 1, card=entry["card"], count=points,
                             running=running, plate=entry["plate"])
            details = []
            for key_, params, clauses in lines:
                if key_ in ("score.card", "score.card_bonus") and len(lines) == 1:
                    continue  # a plain card: its row already says its points
                details.append(self._line(text, key_, {**params, "seat": seat}, clauses,
                                          rulebook))
            if card.dual and entry.get("as"):
                details.append(f'<li class="fp-cu-line">'
                               f'{text.html(UI + "builder.counts_as", card=card.id, type=entry["as"])}'  # noqa: E501
                               f"</li>")
            for cause in ability_lines(text, card, ("submit",)):
                details.append(f'<li class="fp-cu-cause">'
                               f'{text.html(UI + "builder.card_text", text=cause)}</li>')
            sub = f'<ul class="fp-cu-why">{"".join(details)}</ul>' if details else ""
            rows.append(f'<li class="fp-cu-run-row fp-cu-{card.cuisine or "none"}-row">'
                        f'<p class="fp-cu-run-head"><span class="fp-cu-run-pts" '
                        f'aria-hidden="true">+{points}</span> {head}</p>{sub}</li>')
        for n, (key_, params, clauses) in enumerate(extra, start=len(entries)):
            points = totals[n] if n < len(totals) else 0
            running += points
            head = text.html(UI + "builder.row_judge", judge=params.get("judge"), count=points,
                             running=running)
            rows.append(f'<li class="fp-cu-run-row fp-cu-judge-row"><p class="fp-cu-run-head">'
                        f'<span class="fp-cu-run-pts" aria-hidden="true">+{points}</span> '
                        f'{head}</p><ul class="fp-cu-why">'
                        f'{self._line(text, key_, {**params, "seat": seat}, clauses, rulebook)}'
                        f"</ul></li>")
        total = text.html(UI + "builder.total", count=preview.score.total,
                          sum=preview.score.sum_text)
        return (f'{title}<ol class="fp-cu-running" aria-label="'
                f'{text.html(UI + "builder.total_title")}">{"".join(rows)}</ol>'
                f'<p class="fp-cu-builder-total" role="status">{total}</p>')

    def _line(self, text: Text, key: str, params: dict[str, Any], clauses: Sequence[str],
              rulebook: Any) -> str:
        links = " ".join(clause_link(text, rulebook[c], self.prefix) for c in clauses
                         if c in rulebook)
        return (f'<li class="fp-cu-line">{text.html(K + key, **params)} '
                f'<span class="fp-cites">{links}</span></li>')

    def _verdicts_html(self, preview: DishPreview, text: Text) -> str:
        ctx = self._ctx
        rulebook = ctx.state.game.rulebook()
        title = f'<h5 class="fp-cu-builder-sub">{text.html(UI + "builder.judges_title")}</h5>'
        if not preview.entries:
            return ""
        items = []
        for slot, verdict, assessed in preview.judges:
            params = {"slot": slot["slot"], "judge": slot["judge"], "tier": slot["tier"]}
            clause = rulebook[verdict.clause]
            if verdict.ok and assessed is not None:
                head = text.html(UI + "builder.accepts", count=assessed.medals, **params)
                lines = "".join(self._line(text, k, {**p, "seat": self.learner}, c, rulebook)
                                for k, p, c in assessed.lines
                                if k.startswith("medals.") or k.startswith("judge.requires"))
                items.append(f'<li class="fp-cu-verdict fp-cu-yes"><p class="fp-cu-verdict-head">'
                             f'<span class="fp-cu-mark" aria-hidden="true">✓</span> {head}</p>'
                             f'<ul class="fp-cu-why">{lines}</ul></li>')
            else:
                head = text.html(UI + "builder.refuses", **params)
                reason = esc(reason_text(ctx.state, verdict, ctx.lang))
                items.append(f'<li class="fp-cu-verdict fp-cu-no"><p class="fp-cu-verdict-head">'
                             f'<span class="fp-cu-mark" aria-hidden="true">✗</span> {head}</p>'
                             f'<p class="fp-cu-verdict-reason">{reason} '
                             f'<span class="fp-cites">{clause_link(text, clause, self.prefix)} '
                             f"{badge(text, clause)}</span></p></li>")
        return f'{title}<ul class="fp-cu-verdicts">{"".join(items)}</ul>'

    def _draw_serve(self, preview: DishPreview, text: Text) -> None:
        self._serve_pool.rewind()
        self.serve_buttons, self._judges = [], []
        if preview.entries:
            for slot, verdict, _ in preview.judges:
                ok = verdict.ok
                button = self._serve_pool.take()
                self._judges.append(slot["slot"])
                with button.hold_sync():
                    button.description = text(UI + "builder.serve", slot=slot["slot"],
                                              judge=slot["judge"])
                    button.tooltip = text(UI + ("builder.serve_tip" if ok
                                                else "builder.serve_no_tip"))
                    button.button_style = "success" if ok else ""
                    set_classes(button, "fp-cu-serve",
                                "fp-cu-serve-ok" if ok else "fp-cu-serve-no")
                self.serve_buttons.append(button)
        set_children(self.serve_row, self.serve_buttons)

    @property
    def learner(self) -> int:
        return self._ctx.learner if self._ctx else 0

    def _say(self, key: str, **params: Any) -> None:
        self.status.value = (f'<p class="fp-cu-builder-said" role="status">'
                             f"{self._ctx.text.html(UI + key, **params)}</p>")

    # --- actions -------------------------------------------------------------------------
    def add(self, source: dict[str, Any]) -> None:
        """Put an ingredient into the dish (nothing is played)."""
        if self._ctx is None:
            return
        self.picked.append(dict(source))
        self.result.value = ""
        self._draw()
        self._say("builder.added", card=source["card"], count=self.last.score.total)

    def add_card(self, card_id: str, plate: int | None = None) -> None:
        """Add `card_id` from hand, or the card on `plate` (as its button would)."""
        for source in self.sources_left():
            if (plate is None and source["from"] == "hand" and source["card"] == card_id) or \
                    (plate is not None and source["plate"] == plate):
                self.add(source)
                return
        raise ValueError(f"no {card_id!r} left to add")

    def remove(self, index: int) -> None:
        """Take the `index`-th new card back out of the dish."""
        if self._ctx is None or not 0 <= index < len(self.picked):
            return
        gone = self.picked.pop(index)
        at = len(self.counter()) + index
        self.choices = {(i if i < at else i - 1): t for i, t in self.choices.items() if i != at}
        self.result.value = ""
        self._draw()
        self._say("builder.removed", card=gone["card"], count=self.last.score.total)

    def choose_type(self, index: int, food_type: str) -> None:
        """Count the dual-type card at dish position `index` as `food_type`."""
        self.choices[index] = food_type
        self.result.value = ""
        self._draw()
        entry = self.last.entries[index]
        self._say("builder.typed", card=entry["card"], type=food_type,
                  count=self.last.score.total)

    def _typed(self, index: int, change: dict) -> None:
        if not self._quiet and change["new"] and change["new"] != change["old"]:
            self.choose_type(index, change["new"])

    def clear_dish(self) -> None:
        self.picked, self.choices = [], {}
        self.result.value = ""
        self._draw()
        self._say("builder.cleared")

    def serve(self, judge: int) -> None:
        """Serve the dish to place `judge`: play every move, or show why the engine refuses
        (then nothing at all is played)."""
        ctx = self._ctx
        if ctx is None:
            return
        moves = self.moves(judge)
        refused = self.play_moves(moves)
        if refused is None:
            return  # played: the app has redrawn everything, this builder included
        index, verdict = refused
        self.show_refusal(ctx, moves[index], verdict)

    def take_back(self) -> None:
        """Take the dish on the counter back apart (the engine's `cancel` move)."""
        ctx = self._ctx
        if ctx is None:
            return
        move = Move.make(ctx.learner, "cancel")
        refused = self.play_moves([move])
        if refused is not None:
            self.show_refusal(ctx, move, refused[1])

    def show_refusal(self, ctx: Context, move: Move, verdict: Verdict) -> None:
        self.result.value = refusal_html(ctx.text, ctx.state, move, verdict, UI + "builder.refused",
                                         self.prefix)


CUISINE_COLOURS = {  # background, border, accent text
    "french": ("#e7efff", "#3b5bdb", "#1e3a8a"),
    "italian": ("#e6f6ea", "#2f9e44", "#14532d"),
    "pan_asian": ("#ffe9e6", "#c92a2a", "#7f1d1d"),
    "western": ("#fff1d6", "#d9480f", "#7c2d12"),
    "none": ("#f4f4f0", "#868e96", "#343a40"),
}

CSS = """
.fp-cuisine .fp-cu-card { flex-direction: column; align-items: stretch; justify-content:
  flex-start; height: auto; min-height: 2.6em; width: 8.6em; min-width: 8.6em; padding: 3px 6px;
  text-align: left; gap: 1px; border-width: 2px; position: relative; font-weight: 500; }
.fp-cu-builder .fp-cu-card { flex-direction: column; height: auto; }
.fp-cuisine .fp-cu-small, .fp-cu-legend .fp-cu-card { width: auto; min-width: 6.2em;
  min-height: 2.2em; font-size: 0.78em; }
.fp-cu-face { display: flex; flex-direction: column; gap: 1px; }
.fp-cu-top { display: flex; justify-content: space-between; align-items: baseline; gap: 4px; }
.fp-cu-name { font-weight: 700; line-height: 1.15; }
.fp-cu-pts { font-weight: 800; min-width: 1.5em; text-align: center; border-radius: 999px;
  background: rgba(255,255,255,0.85); border: 1px solid rgba(0,0,0,0.35); line-height: 1.4em;
  font-size: 0.95em; }
.fp-cu-tags { font-size: 0.78em; opacity: 0.9; line-height: 1.2; }
.fp-cu-text { font-size: 0.74em; line-height: 1.2; border-top: 1px dashed rgba(0,0,0,0.25);
  padding-top: 1px; font-style: italic; }
.fp-cu-cost { position: absolute; top: -9px; left: -7px; background: #1f2328; color: #fff;
  border-radius: 999px; font-size: 0.78em; padding: 0 6px; line-height: 1.5em;
  font-weight: 700; font-style: normal; }
.fp-cu-cost-fridge { background: #0b7285; }
.fp-cu-times, .fp-cu-counts { position: absolute; top: -8px; right: -8px; background: #1f2328;
  color: #fff; border-radius: 999px; font-size: 0.85em; padding: 0 5px; line-height: 1.5em; }
.fp-cu-counts { background: #1a7f37; }
.fp-cu-tool { background: linear-gradient(160deg, #f8f9fa, #dee2e6) !important;
  border-color: #868e96 !important; color: #343a40; }
.fp-cu-unknown { background: #fff; }
.fp-cuisine h5 { font-size: 0.85em; color: #57606a; }

/* this turn */
.fp-cu-budget { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 14px;
  background: #fffdf5; border-color: #e3b341; }
.fp-cu-budget h4 { margin-right: 4px !important; }
.fp-cu-stats { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0;
  padding: 0; }
.fp-cu-stat { border: 1px solid #d0d7de; border-radius: 999px; padding: 1px 10px 1px 4px;
  background: #fff; display: flex; align-items: center; gap: 4px; }
.fp-cu-stat-n { display: inline-block; min-width: 1.6em; text-align: center; font-weight: 800;
  border-radius: 999px; background: #1f2328; color: #fff; }
.fp-cu-stat-currency .fp-cu-stat-n { background: #bf8700; }
.fp-cu-budget-note { flex-basis: 100%; font-size: 0.85em; color: #953800; }

/* Market, Fridge and stock */
.fp-cu-market { background: #fbfaf7; }
.fp-cu-slots { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 0;
  padding: 0; align-items: flex-start; }
.fp-cu-slot { display: flex; flex-direction: column; gap: 4px; padding: 2px 4px 4px;
  border-radius: 8px; width: 8.4em; }
.fp-cu-slot .fp-cards { padding-top: 7px; }
.fp-cuisine .fp-cu-slot .fp-cu-card { width: 8em; min-width: 8em; }
.fp-cu-gap { font-size: 0.8em; border: 2px dashed #d0d7de; border-radius: 6px; padding: 4px;
  margin-top: 7px !important; }
.fp-cu-fridge { background: #e3fafc; border: 2px solid #0b7285; width: 9.4em;
  padding: 2px 6px 6px; }
.fp-cu-fridge h5 { color: #0b4f5c; }
.fp-cu-fridge-rule, .fp-cu-fridge-below { font-size: 0.76em; color: #0b4f5c; line-height: 1.25; }
.fp-cu-stock { display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 0.9em;
  margin-top: 6px !important; color: #424a53; }
.fp-cu-pantry, .fp-cu-forks { border-radius: 6px; padding: 1px 4px; display: inline-flex;
  align-items: center; gap: 6px; }
.fp-cu-mini-back { display: inline-block; width: 1em; height: 1.35em; border-radius: 3px;
  border: 1px solid #0a3069; box-shadow: 2px 2px 0 #1b6ca8;
  background: repeating-linear-gradient(45deg, #1b6ca8 0 3px, #5fa8d3 3px 6px); }
.fp-cu-mini-fork { display: inline-block; width: 1em; height: 1.35em; border-radius: 3px;
  border: 1px solid #868e96; background: linear-gradient(160deg, #f8f9fa, #ced4da); }

/* judges */
.fp-cu-judges { display: grid; grid-template-columns: repeat(auto-fill, minmax(11.5em, 1fr));
  gap: 8px; list-style: none; margin: 4px 0; padding: 0; }
.fp-cu-judge { border: 2px solid #b08968; border-radius: 10px; padding: 6px 10px;
  background: #fdf6ec; }
.fp-cu-tier-18 { border-color: #868e96; background: #f4f6f8; }
.fp-cu-tier-21 { border-color: #e0a800; background: #fff9db; }
.fp-cu-judge h5 { display: flex; justify-content: space-between; gap: 6px; color: #1f2328; }
.fp-cu-tier { font-weight: 800; background: #1f2328; color: #fff; border-radius: 999px;
  padding: 0 8px; font-size: 0.95em; }
.fp-cu-judge-name { font-weight: 700; font-size: 1.05em; }
.fp-cu-judge-medals { font-size: 0.9em; }
.fp-cu-medals { display: inline-flex; gap: 2px; vertical-align: -2px; }
.fp-cu-medal { width: 0.95em; height: 0.95em; border-radius: 50%; display: inline-block;
  background: radial-gradient(circle at 35% 35%, #fff3bf 0 20%, #fcc419 21% 70%, #e67700 71%); }
.fp-cu-judge-rows { margin: 2px 0 0; padding-left: 1.1em; font-size: 0.8em;
  line-height: 1.3; }
.fp-cu-stacks { font-size: 0.85em; color: #57606a; }

/* players */
.fp-cuisine .fp-cu-seats { grid-template-columns: repeat(auto-fit, minmax(34em, 1fr)); }
.fp-cuisine .fp-seat-row { grid-template-columns: minmax(6em, 7.5em) minmax(0, 1fr); }
.fp-cu-seat-acting { border: 2px solid #fb8f44; box-shadow: 0 0 0 3px #fff1e5; }
.fp-cu-medal-line { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center;
  font-weight: 600; }
.fp-cu-pips { display: inline-flex; flex-wrap: wrap; gap: 2px; }
.fp-cu-pip { width: 0.8em; height: 0.8em; border-radius: 50%; border: 2px solid #bf8700;
  background: #fff; }
.fp-cu-pip-on { background: #ffd33d; }
.fp-cu-eaten { font-weight: 400; color: #57606a; border-radius: 4px; padding: 0 3px; }
.fp-cu-plates { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0;
  flex-wrap: wrap; }
.fp-cu-plate { border: 2px dashed #adb5bd; border-radius: 50%; min-width: 3.6em;
  min-height: 3.6em; display: flex; align-items: center; justify-content: center;
  padding: 6px; position: relative; background: radial-gradient(circle, #fff 55%, #f1f3f5 56%); }
.fp-cu-plate:has(.fp-cu-card) { border-radius: 12px; background: #f8f9fa; }
.fp-cu-plate-n { position: absolute; top: -8px; left: -4px; background: #fff;
  border: 1px solid #868e96; border-radius: 999px; font-size: 0.72em; padding: 0 5px; }
.fp-cu-plate-empty { font-size: 0.75em; color: #6e7781; font-style: italic; }
.fp-cu-plate-back { width: 2.2em !important; min-width: 2.2em !important; height: 3em !important; }
.fp-cu-backs { gap: 0 !important; }
.fp-cu-backs .fp-card-back + .fp-card-back { margin-left: -1.1em; }
.fp-cu-count { font-size: 0.85em; color: #57606a; flex-basis: 100%; }
.fp-cu-counter { padding-top: 6px !important; }
.fp-cu-counter-total { font-weight: 700; color: #0d4a1f; }
.fp-cu-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-cu-served { list-style: none; margin: 0; padding: 0; font-size: 0.9em; }
.fp-cu-served-dish { border-left: 4px solid #e0a800; padding-left: 6px; margin: 2px 0; }
.fp-cu-served-ability { color: #57606a; font-size: 0.9em; }
.fp-cu-owned summary, .fp-cu-legend summary { cursor: pointer; font-weight: 600;
  font-size: 0.9em; }
.fp-cu-legend p { font-size: 0.88em; }
.fp-cu-banner { border-radius: 8px; padding: 6px 12px; }
.fp-cu-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 700; font-size: 1.1em; }
.fp-cu-last { border: 2px solid #bf8700; background: #fff8c5; font-weight: 600; }
.fp-cu-pending { border: 2px solid #0969da; background: #ddf4ff; }

.fp-game-cuisine-a-la-card .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }

/* the dish builder */
.fp-cu-builder { border: 2px solid #1a7f37; border-radius: 10px; padding: 8px 12px;
  background: #f6fff8; gap: 6px; }
.fp-cu-builder-title { font-size: 1.15em; }
.fp-cu-builder-help { font-size: 0.9em; color: #3d4a3f; }
.fp-cu-builder-body { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cu-builder-left { flex: 1 1 20em; min-width: 0; gap: 6px; }
.fp-cu-builder-right { flex: 1 1 22em; min-width: 0; gap: 6px; }
.fp-cu-builder-sources, .fp-cu-builder-serve, .fp-cu-builder-actions { gap: 4px; }
.fp-cu-builder-label p { font-weight: 600; margin: 0; }
.fp-cu-builder-note { display: block; font-weight: 400; font-size: 0.85em; color: #57606a; }
.fp-app .fp-cu-add { border: 1px solid #8c959f; font-weight: 600; }
.fp-app .fp-cu-add::before { content: "+ "; }
.fp-cu-dish-row { gap: 6px; align-items: center; flex-wrap: wrap; padding: 2px 6px;
  border-radius: 6px; background: #fff; border: 1px solid #d0d7de; }
.fp-cu-item { font-weight: 600; }
.fp-cu-builder-sub { font-size: 0.95em; color: #1f2328; margin-top: 2px !important; }
.fp-cu-running { margin: 2px 0; padding: 0; list-style: none; }
.fp-cu-run-row { border-left: 6px solid #868e96; background: #fff; border-radius: 0 6px 6px 0;
  padding: 2px 8px; margin: 3px 0; }
.fp-cu-run-head { font-weight: 600; }
.fp-cu-run-pts { display: inline-block; min-width: 2.2em; font-weight: 800; color: #0d4a1f; }
.fp-cu-why { margin: 0; padding-left: 1.2em; font-size: 0.85em; color: #3b434b; }
.fp-cu-cause { font-style: italic; color: #57606a; list-style: "✎ "; }
.fp-cu-judge-row { border-left-color: #e0a800; }
.fp-cu-builder-total { font-weight: 800; font-size: 1.1em; color: #0d4a1f; background: #dafbe1;
  border-radius: 6px; padding: 3px 10px; }
.fp-cu-verdicts { list-style: none; margin: 0; padding: 0; }
.fp-cu-verdict { border-radius: 6px; padding: 3px 8px; margin: 3px 0; }
.fp-cu-yes { background: #dafbe1; border-left: 5px solid #1a7f37; }
.fp-cu-no { background: #fff1f0; border-left: 5px solid #cf222e; }
.fp-cu-verdict-head { font-weight: 600; }
.fp-cu-verdict-reason { font-size: 0.88em; }
.fp-cu-mark { font-weight: 800; }
.fp-cu-yes .fp-cu-mark { color: #1a7f37; }
.fp-cu-no .fp-cu-mark { color: #cf222e; }
.fp-app .fp-cu-serve-no { border: 1px dashed #cf222e; background: #fff; color: #82071e; }
.fp-cu-builder-said { font-weight: 600; color: #0d4a1f; min-height: 1.2em; }
.fp-cu-cannot { margin-top: 4px; }
.fp-cu-builder.fp-cu-builder-compact { border-style: dashed; border-color: #8c959f;
  background: #f6f8fa; padding: 4px 12px; }
.fp-cu-builder-compact .fp-cu-builder-title { font-size: 1em; }
.fp-cu-builder-closed { font-size: 0.9em; color: #424a53; }
"""
CSS += "".join(
    f".fp-cu-{c} {{ background: {bg}; border-color: {border}; color: {ink}; }}\n"
    f".fp-cu-{c}-row {{ border-left-color: {border}; }}\n"
    f".fp-app .fp-cu-add-{c} {{ background: {bg}; border-color: {border}; color: {ink}; }}\n"
    for c, (bg, border, ink) in CUISINE_COLOURS.items())
CuisineRenderer.css = CSS

register(GAME_ID, CuisineRenderer())
register_editor(GAME_ID, DishBuilder)
