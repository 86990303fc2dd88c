"""Food Truck's table as HTML text, drawn from `state.view(seat)` only.

A seat's table holds what that seat may see (clause G3): another player's draw pile is a stack
of card backs with its count, and while the piles are being ordered, their hands are hidden
too. The teacher sees every pile in order, and the order of the truck decks and the central
deck.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from foodplay.engine import State
from foodplay.games.food_truck.constants import TRUCK_CLAUSE
from foodplay_widgets.app.diff import ViewDiff, get_path
from foodplay_widgets.app.renderers import (
    KnownScore,
    PartRow,
    PartsRenderer,
    TableParts,
    progress_html,
    was,
)
from foodplay_widgets.games.food_truck.cards import (
    UI,
    Kinds,
    backs,
    card,
    card_list,
)
from foodplay_widgets.games.food_truck.style import CSS
from foodplay_widgets.text import HashableText, Text, esc


class SeatFacts(NamedTuple):
    """What a seat's part shows of the table beyond the seat itself."""

    phase: str
    target: int
    trucks: bool  # whether the game is played with food trucks
    winner: bool
    first: bool  # holds the first-player token
    acting: bool  # among the seats to act
    picking: bool  # the seat that picks (phase "pick")
    viewer: bool  # the seat whose view this is
    clash: dict[str, Any] | None
    kinds: Kinds

    @classmethod
    def of(cls, view: dict[str, Any], s: int, kinds: Kinds) -> SeatFacts:
        return cls(view["phase"], view["target"], bool(view["trucks"]),
                   bool(view["winners"]) and s in view["winners"], s == view["first_player"],
                   s in view["to_act"], s == view["picker"], s == view["seat"], view["clash"],
                   kinds)


class FoodTruckRenderer(PartsRenderer):
    """Draws Food Truck's table for one view.

    A seat's part (and within it its truck row and pile) and the legend are kept by the inputs
    they are drawn from (the language, the seat's own data, the same seat one step earlier for
    the highlights, and `SeatFacts`): a step changes one or two seats, and the others are not
    drawn again. Views are plain data, so their `repr` is a faithful key."""

    parts_kept = 512  # seats, their truck rows and piles, legends: kept by their inputs

    prefix = "food-truck."

    css = CSS  # the game's own stylesheet, shipped once per app

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the banner, the central deck with supply and goal, the seats, the
        legend."""
        text = HashableText.of(text)  # its messages come from a cache
        d = ViewDiff(view, before, text)
        lang = (text.catalogue, tuple(text.names))
        kinds = Kinds.of(view)
        seats = PartRow("fp-seats fp-ft-seats", tuple(
            self._seat_kept(view, before, s, d, text, lang, kinds)
            for s in range(len(view["seats"]))))
        trucks = bool(view["trucks"])
        legend = self._kept(("legend", lang, kinds, trucks),
                            lambda: self._legend(kinds, trucks, text))
        items = (self._header(view, text), self._banner(view, kinds, text),
                 self._middle(view, d, kinds, text), seats, legend)
        return TableParts("fp-table-view fp-food-truck", text.html(UI + "table"), items)

    # --- header and banners ------------------------------------------------------------
    def _header(self, view: dict[str, Any], text: Text) -> str:
        who = text("view.teacher") if view["seat"] is None else \
            text("view.seat", name=text.name(view["seat"]))
        phase = view["phase"]
        seat = {"turn": view["turn"], "clash": view["turn"], "pick": view["picker"]}.get(phase)
        where = text(f"{UI}title.{phase}", round=view["round"], seat=seat)
        return (f'<h3 class="fp-table-title">{esc(where)}</h3>'
                f'<p class="fp-viewer">{esc(who)}</p>')

    def _banner(self, view: dict[str, Any], kinds: Kinds, text: Text) -> str:
        """The game's end, or a clash waiting for a decision: said first, in words."""
        if view["winners"]:
            winner = view["winners"][0]
            return (f'<p class="fp-ft-banner fp-ft-win" role="status">'
                    f'{text.html(UI + "winner", seat=winner, vp=view["seats"][winner]["vp"])}'
                    f"</p>")
        clash = view["clash"]
        if not clash:
            return ""
        revealed = card(text, kinds, clash["card"], " fp-ft-revealed",
                        text(UI + "revealed_aria", seat=clash["seat"], card=clash["card"]))
        return (f'<div class="fp-ft-banner fp-ft-clash" role="status">'
                f'<ul class="fp-cards">{revealed}</ul>'
                f'<p><strong>{text.html(UI + "clash_title")}</strong> '
                f'{text.html(UI + "clash", seat=clash["seat"], card=clash["card"], blockers=clash["blockers"], count=len(clash["blockers"]))}'  # noqa: E501
                f"</p></div>")

    def _middle(self, view: dict[str, Any], d: ViewDiff, kinds: Kinds, text: Text) -> str:
        deck = view["central_deck"]
        central_rows = [f'<h4>{text.html(UI + "central", count=deck["count"])}'
                        f'{d.mark("central_deck", "count")}</h4>',
                        '<ul class="fp-cards" aria-hidden="true"><li class="fp-card '
                        'fp-card-back fp-deck-stack"></li></ul>']
        if "cards" in deck and deck["cards"]:  # only the teacher's view holds the deck order
            upcoming = deck["cards"][: len(view["seats"])]
            central_rows.append(f'<p class="fp-ft-teacher">'
                                f'{text.html(UI + "central_next", cards=upcoming)}</p>')
        central = (f'<div class="fp-zone fp-ft-central{d.cls("central_deck", "count")}">'
                   f'{"".join(central_rows)}</div>')
        supply_label = text(UI + "supply_aria", cards=view["supply"])
        supply_body = card_list(text, kinds, view["supply"], supply_label) if view["supply"] \
            else f'<p class="fp-none">{text.html(UI + "supply_empty")}</p>'
        supply = (f'<div class="fp-zone fp-ft-supply{d.cls("supply")}">'
                  f'<h4>{text.html(UI + "supply")}{d.mark("supply")}</h4>'
                  f"{supply_body}</div>")
        out = view["out_order"]
        out_text = text.html(UI + "out_order", seats=out) if out else \
            text.html(UI + "nobody_out")
        goal = (f'<div class="fp-zone fp-ft-goal{d.cls("first_player")}">'
                f'<h4>{text.html(UI + "goal", target=view["target"])}</h4>'
                f'<p><span class="fp-ft-token" aria-hidden="true"></span>'
                f'{text.html(UI + "token", seat=view["first_player"])}'
                f'{d.mark("first_player")}</p>'
                f'<p class="{d.cls("out_order").strip()}">{out_text}</p></div>')
        return f'<div class="fp-row fp-ft-middle">{central}{supply}{goal}</div>'

    # --- the players -------------------------------------------------------------------
    @staticmethod
    def _tags(seat: dict[str, Any], facts: SeatFacts, text: Text) -> str:
        tags = []

        def tag(key: str, css: str) -> None:
            tags.append(f'<span class="fp-tag {css}">{text.html(UI + "tag." + key)}</span>')

        phase = facts.phase
        if facts.winner:
            tag("winner", "fp-tag-first")
        if facts.first and phase != "over":
            tag("first", "fp-tag-first fp-ft-tag-token")
        if phase == "prepare":
            if seat["pile_ready"]:
                tag("ready", "fp-tag-you")
            elif facts.acting:
                tag("ordering", "fp-tag-act")
        elif seat["out"]:
            tag("out", "fp-ft-tag-out")
        elif facts.acting:
            tag({"turn": "turn", "clash": "clash", "pick": "pick"}.get(phase, "turn"),
                "fp-tag-act")
        if phase == "pick" and facts.picking and "fp-tag-act" not in "".join(tags):
            tag("pick", "fp-tag-act")
        if facts.viewer:
            tag("view", "fp-tag-you")
        return "".join(tags)

    def _seat_kept(self, view: dict[str, Any], before: dict[str, Any] | None, s: int,
                   d: ViewDiff, text: Text, lang: tuple, kinds: Kinds) -> str:
        """Seat `s`'s part, kept by its inputs: the seat, its facts, and the seat one step
        earlier (what changed is highlighted)."""
        seat, facts = view["seats"][s], SeatFacts.of(view, s, kinds)
        return self._kept(("seat", lang, s, repr(seat), was(before, "seats", s), repr(facts)),
                          lambda: self._seat(s, seat, facts, d, text))

    def _seat(self, s: int, seat: dict[str, Any], facts: SeatFacts, d: ViewDiff,
              text: Text) -> str:
        """One seat's part: its tags, victory points, truck, served meals, pile, hand, cards."""
        name = esc(seat["name"])
        target = facts.target
        pips = "".join(f'<span class="fp-ft-pip{" fp-ft-pip-on" if i < seat["vp"] else ""}">'
                       f"</span>" for i in range(target))
        vp = (f'<p class="fp-ft-vp{d.cls("seats", s, "vp")}">'
              f'<span class="fp-ft-pips" aria-hidden="true">{pips}</span> '
              f'{text.html(UI + "vp", vp=seat["vp"], target=target)}'
              f'{d.mark("seats", s, "vp")}</p>')
        rows = []
        lang = (text.catalogue, tuple(text.names))
        if facts.trucks:
            truck = self._kept(("truck", lang, repr(seat["truck"]), repr(seat["truck_deck"]),
                                repr(seat["truck_discard"])),
                               lambda: self._truck(seat, text) + self._truck_deck(seat, text))
            rows.append(d.seat_row(text(UI + "row.truck"), truck, s, "truck",
                                   "truck_deck", "truck_discard"))
        rows.append(d.seat_row(text(UI + "row.served"),
                               self._served(s, seat, facts, d, text), s, "served"))
        pile = seat["pile"]
        if isinstance(pile, dict):
            body = f'<ul class="fp-cards fp-ft-backs">{backs(text, pile["count"])}</ul>'
            rows.append(d.seat_row(text(UI + "row.pile_hidden"), body, s, "pile"))
        else:
            body = self._kept(("pile", lang, s, tuple(pile), facts.kinds),
                              lambda: self._pile(s, pile, facts.kinds, text))
            rows.append(d.seat_row(text(UI + "row.pile"), body, s, "pile"))
        hand = seat["hand"]
        if isinstance(hand, dict):
            body = (f'<ul class="fp-cards fp-ft-backs">'
                    f'{backs(text, hand["count"], UI + "hand_hidden")}</ul>')
            rows.append(d.seat_row(text(UI + "row.hand"), body, s, "hand"))
        elif hand or d.changed("seats", s, "hand") or facts.phase == "prepare":
            rows.append(d.seat_row(text(UI + "row.hand"), card_list(
                text, facts.kinds, hand, text(UI + "hand_aria", seat=s)), s, "hand"))
        cards = card_list(text, facts.kinds, seat["cards"], text(UI + "cards_aria", seat=s),
                          " fp-small")
        rows.append(d.seat_row(text(UI + "row.cards"), cards, s, "cards"))
        classes = ["fp-player", "fp-ft-seat"]
        if seat["out"] and facts.phase != "prepare":
            classes.append("fp-ft-seat-out")
        if facts.acting and facts.phase != "prepare":
            classes.append("fp-ft-seat-acting")
        return (f'<section class="{" ".join(classes)}" aria-label="{name}">'
                f'<h4 class="fp-player-name">{name} {self._tags(seat, facts, text)}</h4>'
                f'{vp}<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')

    @staticmethod
    def _truck(seat: dict[str, Any], text: Text) -> str:
        truck = seat["truck"]
        if truck is None:
            return f'<p class="fp-none">{text.html(UI + "truck_none")}</p>'
        used = truck["used"]
        status = text(UI + ("truck_used" if used else "truck_ready"))
        effect = truck["card"]
        label = text(UI + "truck_aria", card=effect, status=status)
        rule = TRUCK_CLAUSE.get(effect)
        tip = f' title="{text.html("clause.ref", number=rule)}"' if rule else ""
        item = (f'<li class="fp-card fp-ft-truck fp-ft-t-{esc(effect)}'
                f'{" fp-ft-used" if used else ""}"{tip}><span class="fp-sr">{esc(label)}</span>'
                f'<span class="fp-card-name" aria-hidden="true">{esc(text.card(effect))}</span>'
                f"</li>")
        return (f'<ul class="fp-cards fp-ft-truck-row">{item}<li class="fp-ft-truck-status'
                f'{" fp-ft-used-text" if used else ""}" aria-hidden="true">{esc(status)}</li>'
                f"</ul>")

    @staticmethod
    def _truck_deck(seat: dict[str, Any], text: Text) -> str:
        deck = seat["truck_deck"]
        parts = [text.html(UI + "truck_deck", count=deck["count"])]
        if deck.get("cards"):  # the teacher's view only
            parts.append(text.html(UI + "truck_order", cards=deck["cards"]))
        parts.append(text.html(UI + "truck_discard", cards=seat["truck_discard"]))
        return f'<p class="fp-ft-truck-more">{" ".join(parts)}</p>'

    @staticmethod
    def _served(s: int, seat: dict[str, Any], facts: SeatFacts, d: ViewDiff, text: Text) -> str:
        clash = facts.clash
        blocking = clash is not None and s in clash["blockers"]
        items = []
        for i, stack in enumerate(seat["served"]):
            name, count, down = stack["card"], stack["count"], stack["face_down"]
            extra, badge = "", ""
            if down:
                extra += " fp-ft-down"
                label = text(UI + "stack_down", card=name)
            elif count > 1:
                extra += " fp-ft-pile"
                label = text(UI + "stack_pile", card=name, count=count)
                badge = (f'<span class="fp-ft-badge" aria-hidden="true">'
                         f'{text.html(UI + "pile_count", count=count)}</span>')
            else:
                label = text.card(name)
            if blocking and not down and name == clash["card"]:
                extra += " fp-ft-blocking"
                label = text(UI + "blocking", label=label, seat=clash["seat"], card=name)
            if d.before is not None and get_path(d.before, "seats", s, "served", i) != stack:
                extra += " fp-ft-new"  # an outline: the card keeps its colours
                label = f'{label} {text("ui.changed")}'
            items.append(card(text, facts.kinds, name, extra, label, badge))
        if not items:
            return f'<p class="fp-none">{text.html(UI + "nothing_served")}</p>'
        return (f'<ol class="fp-cards fp-ft-served" aria-label="'
                f'{text.html(UI + "served_aria", seat=s)}">{"".join(items)}</ol>')

    @staticmethod
    def _pile(s: int, pile: list[str], kinds: Kinds, text: Text) -> str:
        if not pile:
            return f'<p class="fp-none">{text.html(UI + "empty")}</p>'
        items = "".join(
            card(text, kinds, c, " fp-ft-in-pile", text(UI + "pile_place", place=i, card=c),
                 f'<span class="fp-ft-place" aria-hidden="true">{i}</span>')
            for i, c in enumerate(pile, start=1))
        return (f'<ol class="fp-cards fp-ft-pile-order" aria-label="'
                f'{text.html(UI + "pile_aria", seat=s)}">{items}</ol>')

    @staticmethod
    def _legend(kinds: Kinds, trucks: bool, text: Text) -> str:
        """What the colours mean: the game's meals and desserts, and the trucks' rules."""
        meals = card_list(text, kinds, kinds.meals, text(UI + "legend_meals"), " fp-small")
        desserts = card_list(text, kinds, kinds.desserts, text(UI + "legend_desserts"),
                             " fp-small")
        rows = [f'<h5>{text.html(UI + "legend_meals")}</h5>{meals}',
                f'<h5>{text.html(UI + "legend_desserts")}</h5>{desserts}']
        if trucks:
            items = "".join(
                f'<li>{text.html(UI + "legend_truck", card=t, number=n)}</li>'
                for t, n in TRUCK_CLAUSE.items())
            rows.append(f'<h5>{text.html(UI + "legend_trucks")}</h5>'
                        f'<ul class="fp-ft-legend-trucks">{items}</ul>')
        return (f'<details class="fp-zone fp-ft-legend"><summary>'
                f'{text.html(UI + "legend")}</summary>{"".join(rows)}</details>')

    # --- progress, scores, header ------------------------------------------------------
    def progress(self, view: dict[str, Any], text: Text) -> str:
        best = max(seat["vp"] for seat in view["seats"])
        target = view["target"]
        return progress_html(text.html(UI + "progress", vp=best, target=target), best, target,
                             text.html(UI + "round", round=view["round"]))

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        """Victory points are public (G3), so every seat's score is known exactly."""
        final = view.get("scores") is not None
        key = UI + ("score_final" if final else "score")
        return [KnownScore(seat["vp"], True, text(key, count=seat["vp"]))
                for seat in view["seats"]]
