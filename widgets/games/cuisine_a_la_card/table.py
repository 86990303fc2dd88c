"""Cuisine a la Card's table as HTML text, in parts.

The table is drawn from `state.view(seat)` only, so a seat's table holds what that seat may see
(clause G12): another player's hand and the dish they are putting together are counts, their
warming plates are face-down cards, and only the teacher sees the order of the decks. The
component set (the tutor card set, or a record's own) is public and fixed, so the renderer reads
card faces from it (`table_parts`). A Next click mostly changes one seat: the market, the judges
and each seat are kept (`renderers.KeptParts`) and drawn again only when what they read has changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from foodplay.engine import State
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.components import Components
from foodplay.games.cuisine_a_la_card.text import condition
from foodplay_widgets.app.diff import ViewDiff, get_path
from foodplay_widgets.app.renderers import (
    KnownScore,
    PartRow,
    PartsRenderer,
    TableParts,
    progress_html,
)
from foodplay_widgets.games.cuisine_a_la_card.faces import (
    UI,
    K,
    backs,
    card_face,
    card_list,
    card_sentences,
    faces,
    grouped,
    judge_abilities,
    judge_ability,
    legend,
    medal_pips,
)
from foodplay_widgets.games.cuisine_a_la_card.style import CSS
from foodplay_widgets.text import Text, esc

# What the market and the judges read from the view (and, for their highlights, from the view
# one step earlier): such a part is drawn again only when one of these has changed.
SUPPLY_INPUTS = (("market",), ("fridge",), ("pantry",), ("forks",))
JUDGES_INPUTS = (("judges",), ("stacks",))


def inputs(view: dict[str, Any], before: dict[str, Any] | None, paths: Sequence[tuple],
           *more: Any) -> str:
    """The parts of `view` and `before` at `paths` (and `more`), as one string (a repr says
    all a view's plain values hold), to key a drawn part by; whether there is a view before
    counts too."""
    now = [get_path(view, *path) for path in paths]
    if before is None:
        return repr((now, more, False))
    return repr((now, more, True, [get_path(before, *path) for path in paths]))


def seat_inputs(view: dict[str, Any], before: dict[str, Any] | None, s: int) -> str:
    """What seat `s`'s part reads: its seat in both views, and its place in the turn."""
    place = (view["target"], s in (view["winners"] or ()), view["phase"] == "over",
             s == view["active"], s in view["to_act"], s == view["first_player"],
             s == view["seat"])
    return inputs(view, before, (("seats", s),), place)


class CuisineRenderer(PartsRenderer):
    """Draws Cuisine a la Card's table for one view."""

    parts_kept = 64

    prefix = K
    default_set = "tutor card set"

    css = CSS  # the game's own stylesheet, shipped once per app

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the banners, the budget, the market, the judges, one part per seat,
        the trash and the legend. The card faces come from the state's component set (a
        record may carry its own), or the game's default one without a state. The market,
        the judges and each seat are drawn again only when what they show has changed."""
        comp = state.comp if state is not None else text.game.components()
        d = ViewDiff(view, before, text)
        drawn = self._kept
        same = (faces(text, comp), tuple(text.names))  # the language, card set and names

        def part(name: str, paths: Sequence[tuple], draw: Callable[[], str]) -> str:
            return drawn((*same, name, inputs(view, before, paths)), draw)

        seats = PartRow("fp-seats fp-cu-seats", tuple(
            drawn((*same, "seat", s, seat_inputs(view, before, s)),
                      lambda s=s, seat=seat: self._seat(view, s, seat, d, text, comp))
            for s, seat in enumerate(view["seats"])))
        items = (self._header(view, text), self._banner(view, text),
                 self._budget(view, d, text),
                 part("supply", SUPPLY_INPUTS, lambda: self._supply(view, d, text, comp)),
                 part("judges", JUDGES_INPUTS, lambda: self._judges(view, d, text)),
                 seats, self._trash(view, d, text, comp), legend(text, comp))
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
                            text=card_sentences(text, comp, item["card"])) \
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
                        text=card_sentences(text, comp, fridge["top"])) \
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
        return d.seat_row(label, body, s, field, classes=f"fp-seat-row fp-cu-row-{field}")

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
