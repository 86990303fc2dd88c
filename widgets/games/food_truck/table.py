"""Food Truck's table and its pile-ordering editor, as HTML text and labelled widgets.

The table is drawn from `state.view(seat)` only, so a seat's table holds what that seat may see
(clause G3): another player's draw pile is a stack of card backs with its count, and while the
piles are being ordered, their hands are hidden too. The teacher sees every pile in order, and
the order of the truck decks and the central deck.

The pile editor is the learner's way to make Food Truck's secret decision in one go: arrange the
cards of their hand into a pile order, then confirm; the app checks the whole order with the
engine, one `order` move after another, before playing any of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from foodplay.bots import suggest
from foodplay.engine import Game, Move, State, Verdict
from foodplay.games.food_truck.rules import TRUCK_CLAUSE
from foodplay_widgets.context import Context
from foodplay_widgets.diff import ViewDiff, get_path
from foodplay_widgets.explanation import refusal_html
from foodplay_widgets.guard import Guard, unguarded
from foodplay_widgets.renderers import (
    KnownScore,
    PartRow,
    TableParts,
    progress_html,
    register,
    register_editor,
)
from foodplay_widgets.text import Text, esc

GAME_ID = "food-truck"
ORDER_DECISION = "food-truck.decide.order"
UI = "food-truck.ui."


# --- cards -------------------------------------------------------------------------------
def _kind(card_id: str, view: dict[str, Any]) -> str:
    if card_id in view["meals"]:
        return "fp-ft-meal"
    if any(seat["dessert"] == card_id for seat in view["seats"]):
        return "fp-ft-dessert"
    return "fp-ft-other"


def card(text: Text, view: dict[str, Any], card_id: str, extra: str = "",
         label: str | None = None, badge: str = "") -> str:
    """One face-up card, drawn with CSS; its name (or `label`) is what a screen reader reads."""
    name = esc(text.card(card_id))
    sr = f'<span class="fp-sr">{esc(label)}</span>' if label else ""
    hidden = ' aria-hidden="true"' if label else ""
    shown = f'<span class="fp-card-name"{hidden}>{name}</span>'
    return (f'<li class="fp-card {_kind(card_id, view)} fp-ft-c-{esc(card_id)}{extra}">'
            f"{sr}{shown}{badge}</li>")


def backs(text: Text, count: int, key: str = UI + "hidden_count") -> str:
    """`count` face-down cards, drawn as card backs, with their number in words."""
    if not count:
        return f'<li class="fp-none">{text.html(UI + "empty")}</li>'
    label = text.html(key, count=count)
    shown = "".join('<li class="fp-card fp-card-back" aria-hidden="true"></li>'
                    for _ in range(min(count, 8)))
    more = f'<li class="fp-more" aria-hidden="true">×{count}</li>' if count > 8 else ""
    return f'<li class="fp-ft-count">{label}</li>{shown}{more}'


def card_list(text: Text, view: dict[str, Any], cards: Sequence[str], label: str,
              cls: str = "") -> str:
    items = "".join(card(text, view, c) for c in cards) or \
        f'<li class="fp-none">{text.html(UI + "empty")}</li>'
    return f'<ul class="fp-cards{cls}" aria-label="{esc(label)}">{items}</ul>'


# --- the table ---------------------------------------------------------------------------
class FoodTruckRenderer:
    """Draws Food Truck's table for one view."""

    css = ""  # set below: the game's own stylesheet, shipped once per app

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        return self._sections(view, before, text).html()

    # No `table_parts`: the app shows Food Truck's table as one part. Drawn in parts, a seat's
    # highlight came on and went off at nearly every step, and clicks got slower in the
    # browser (to the step title 56-93 ms against 33-56 ms whole, three interleaved runs).
    def _sections(self, view: dict[str, Any], before: dict[str, Any] | None,
                  text: Text) -> TableParts:
        """The title, the banner, the central deck with supply and goal, the seats, the
        legend."""
        d = ViewDiff(view, before, text)
        seats = PartRow("fp-seats fp-ft-seats", tuple(
            self._seat(view, s, seat, d, text) for s, seat in enumerate(view["seats"])))
        items = (self._header(view, text), self._banner(view, text),
                 self._middle(view, d, text), seats, self._legend(view, text))
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

    def _banner(self, view: dict[str, Any], text: Text) -> str:
        """The game's end, or a clash waiting for a decision: said first, in words."""
        if view["winners"]:
            winner = view["winners"][0]
            return (f'<p class="fp-ft-banner fp-ft-win" role="status">'
                    f'{text.html(UI + "winner", seat=winner, vp=view["seats"][winner]["vp"])}'
                    f"</p>")
        clash = view["clash"]
        if not clash:
            return ""
        revealed = card(text, view, clash["card"], " fp-ft-revealed",
                        text(UI + "revealed_aria", seat=clash["seat"], card=clash["card"]))
        return (f'<div class="fp-ft-banner fp-ft-clash" role="status">'
                f'<ul class="fp-cards">{revealed}</ul>'
                f'<p><strong>{text.html(UI + "clash_title")}</strong> '
                f'{text.html(UI + "clash", seat=clash["seat"], card=clash["card"], blockers=clash["blockers"], count=len(clash["blockers"]))}'  # noqa: E501
                f"</p></div>")

    def _middle(self, view: dict[str, Any], d: ViewDiff, text: Text) -> str:
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
        supply_body = card_list(text, view, view["supply"], supply_label) if view["supply"] \
            else f'<p class="fp-none">{text.html(UI + "supply_empty")}</p>'
        supply = (f'<div class="fp-zone fp-ft-supply{d.cls("supply")}">'
                  f'<h4>{text.html(UI + "supply")}{d.mark("supply")}</h4>{supply_body}</div>')
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
    def _tags(self, view: dict[str, Any], s: int, seat: dict[str, Any], text: Text) -> str:
        tags = []

        def tag(key: str, css: str) -> None:
            tags.append(f'<span class="fp-tag {css}">{text.html(UI + "tag." + key)}</span>')

        phase = view["phase"]
        if view["winners"] and s in view["winners"]:
            tag("winner", "fp-tag-first")
        if s == view["first_player"] and phase != "over":
            tag("first", "fp-tag-first fp-ft-tag-token")
        if phase == "prepare":
            if seat["pile_ready"]:
                tag("ready", "fp-tag-you")
            elif s in view["to_act"]:
                tag("ordering", "fp-tag-act")
        elif seat["out"]:
            tag("out", "fp-ft-tag-out")
        elif s in view["to_act"]:
            tag({"turn": "turn", "clash": "clash", "pick": "pick"}.get(phase, "turn"),
                "fp-tag-act")
        if phase == "pick" and s == view["picker"] and "fp-tag-act" not in "".join(tags):
            tag("pick", "fp-tag-act")
        if s == view["seat"]:
            tag("view", "fp-tag-you")
        return "".join(tags)

    def _seat(self, view: dict[str, Any], s: int, seat: dict[str, Any], d: ViewDiff,
              text: Text) -> str:
        name = esc(seat["name"])
        target = view["target"]
        pips = "".join(f'<span class="fp-ft-pip{" fp-ft-pip-on" if i < seat["vp"] else ""}">'
                       f"</span>" for i in range(target))
        vp = (f'<p class="fp-ft-vp{d.cls("seats", s, "vp")}">'
              f'<span class="fp-ft-pips" aria-hidden="true">{pips}</span> '
              f'{text.html(UI + "vp", vp=seat["vp"], target=target)}'
              f'{d.mark("seats", s, "vp")}</p>')
        rows = []
        if view["trucks"]:
            rows.append(self._row(text(UI + "row.truck"), self._truck(view, seat, text)
                                  + self._truck_deck(seat, text), d, s, "truck", "truck_deck",
                                  "truck_discard"))
        rows.append(self._row(text(UI + "row.served"), self._served(view, s, seat, d, text),
                              d, s, "served"))
        pile = seat["pile"]
        if isinstance(pile, dict):
            body = f'<ul class="fp-cards fp-ft-backs">{backs(text, pile["count"])}</ul>'
            rows.append(self._row(text(UI + "row.pile_hidden"), body, d, s, "pile"))
        else:
            rows.append(self._row(text(UI + "row.pile"), self._pile(view, s, pile, text),
                                  d, s, "pile"))
        hand = seat["hand"]
        if isinstance(hand, dict):
            body = (f'<ul class="fp-cards fp-ft-backs">'
                    f'{backs(text, hand["count"], UI + "hand_hidden")}</ul>')
            rows.append(self._row(text(UI + "row.hand"), body, d, s, "hand"))
        elif hand or d.changed("seats", s, "hand") or view["phase"] == "prepare":
            rows.append(self._row(text(UI + "row.hand"), card_list(
                text, view, hand, text(UI + "hand_aria", seat=s)), d, s, "hand"))
        rows.append(self._row(text(UI + "row.cards"), card_list(
            text, view, seat["cards"], text(UI + "cards_aria", seat=s), " fp-small"),
            d, s, "cards"))
        classes = ["fp-player", "fp-ft-seat"]
        if seat["out"] and view["phase"] != "prepare":
            classes.append("fp-ft-seat-out")
        if s in view["to_act"] and view["phase"] != "prepare":
            classes.append("fp-ft-seat-acting")
        return (f'<section class="{" ".join(classes)}" aria-label="{name}">'
                f'<h4 class="fp-player-name">{name} {self._tags(view, s, seat, text)}</h4>'
                f'{vp}<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')

    @staticmethod
    def _row(label: str, body: str, d: ViewDiff, s: int, *fields: str) -> str:
        changed = next((f for f in fields if d.changed("seats", s, f)), None)
        cls = " fp-changed" if changed else ""
        mark = d.mark("seats", s, changed) if changed else ""
        return f'<div class="fp-seat-row{cls}"><dt>{esc(label)}{mark}</dt><dd>{body}</dd></div>'

    @staticmethod
    def _truck(view: dict[str, Any], seat: dict[str, Any], text: Text) -> str:
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
    def _served(view: dict[str, Any], s: int, seat: dict[str, Any], d: ViewDiff,
                text: Text) -> str:
        clash = view["clash"]
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
            items.append(card(text, view, name, extra, label, badge))
        if not items:
            return f'<p class="fp-none">{text.html(UI + "nothing_served")}</p>'
        return (f'<ol class="fp-cards fp-ft-served" aria-label="'
                f'{text.html(UI + "served_aria", seat=s)}">{"".join(items)}</ol>')

    @staticmethod
    def _pile(view: dict[str, Any], s: int, pile: list[str], text: Text) -> str:
        if not pile:
            return f'<p class="fp-none">{text.html(UI + "empty")}</p>'
        items = "".join(
            card(text, view, c, " fp-ft-in-pile", text(UI + "pile_place", place=i, card=c),
                 f'<span class="fp-ft-place" aria-hidden="true">{i}</span>')
            for i, c in enumerate(pile, start=1))
        return (f'<ol class="fp-cards fp-ft-pile-order" aria-label="'
                f'{text.html(UI + "pile_aria", seat=s)}">{items}</ol>')

    def _legend(self, view: dict[str, Any], text: Text) -> str:
        meals = card_list(text, view, view["meals"], text(UI + "legend_meals"), " fp-small")
        desserts = card_list(text, view, [seat["dessert"] for seat in view["seats"]],
                             text(UI + "legend_desserts"), " fp-small")
        rows = [f'<h5>{text.html(UI + "legend_meals")}</h5>{meals}',
                f'<h5>{text.html(UI + "legend_desserts")}</h5>{desserts}']
        if view["trucks"]:
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

    def credits(self, game: Game, text: Text) -> str:
        return text("food-truck.credits")

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        label = view.get("components", "tutor default")
        if label == "tutor default":
            return text("food-truck.components.default")
        return text("food-truck.components.custom", label=label)


# --- the pile editor ---------------------------------------------------------------------
PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]


class PileEditor(widgets.VBox):
    """The learner arranges the cards of their hand into a draw pile, then confirms.

    Keyboard: Tab to the list and pick a card with the arrow keys, Tab to "Move up" or
    "Move down" (the card stays selected), and "Confirm this order". "Suggest an order" fills in
    the heuristic's order with its reasons. Confirming hands the whole order to `play_moves`,
    which checks every `order` move with the engine before any is played.
    """

    def __init__(self, play_moves: PlayMoves, reader_prefix: str, guard: Guard = unguarded):
        self.play_moves = play_moves
        self.prefix = reader_prefix
        self.heading = widgets.HTML()
        self.heading.add_class("fp-ft-editor-head")
        self.listbox = widgets.Select(options=[], rows=6,
                                      layout=widgets.Layout(width="auto", min_width="18em"))
        self.listbox.add_class("fp-ft-editor-list")
        self.up = widgets.Button(layout=widgets.Layout(width="auto"))
        self.up.add_class("fp-ft-editor-up")
        self.down = widgets.Button(layout=widgets.Layout(width="auto"))
        self.down.add_class("fp-ft-editor-down")
        self.suggest = widgets.Button(layout=widgets.Layout(width="auto"))
        self.suggest.add_class("fp-ft-editor-suggest")
        self.confirm = widgets.Button(layout=widgets.Layout(width="auto"),
                                      button_style="success")
        self.confirm.add_class("fp-ft-editor-confirm")
        self.preview = widgets.HTML()
        self.preview.add_class("fp-ft-editor-preview")
        self.status = widgets.HTML()
        self.status.add_class("fp-ft-editor-status")
        self.result = widgets.HTML()
        self.result.add_class("fp-ft-editor-result")
        self.up.on_click(guard(lambda _: self.move_selected(-1)))
        self.down.on_click(guard(lambda _: self.move_selected(+1)))
        self.suggest.on_click(guard(lambda _: self.fill_suggestion()))
        self.confirm.on_click(guard(lambda _: self.submit()))
        self.listbox.observe(guard(self._selected), "value")
        buttons = widgets.VBox([self.up, self.down])
        buttons.add_class("fp-ft-editor-buttons")
        body = widgets.HBox([self.listbox, buttons, self.preview])
        body.add_class("fp-ft-editor-body")
        actions = widgets.HBox([self.confirm, self.suggest])
        actions.add_class("fp-ft-editor-actions")
        super().__init__([self.heading, body, self.status, actions, self.result])
        self.add_class("fp-ft-editor")
        self.layout.display = "none"
        self.order: list[str] = []  # the learner's cards still in hand, top of the pile first
        self.advice: list[str] = []
        self._ctx: Context | None = None
        self._key: tuple | None = None
        self._quiet = False

    # --- drawing -----------------------------------------------------------------------
    @staticmethod
    def applies(ctx: Context) -> bool:
        """The learner's own pile ordering, at the present step of play mode."""
        decision = ctx.decision()
        return (ctx.mode == "play" and ctx.at_present and decision is not None
                and decision.kind == ORDER_DECISION and ctx.learner in decision.seats)

    def render(self, ctx: Context) -> bool:
        """Draw for `ctx`; whether the editor takes the learner's decision now."""
        self._ctx = ctx
        if not self.applies(ctx):
            self.layout.display = "none"
            self._key = None
            return False
        hand = list(ctx.state.view(ctx.learner)["seats"][ctx.learner]["hand"])
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.learner)
        if key != self._key or Counter(self.order) != Counter(hand):
            self.order, self.advice = hand, []
            self.result.value = self.status.value = ""
            self._key = key
        self.layout.display = ""
        self._draw()
        return True

    def _placed(self) -> list[str]:
        ctx = self._ctx
        return list(ctx.state.view(ctx.learner)["seats"][ctx.learner]["pile"]) if ctx else []

    def _draw(self, selected: int | None = None) -> None:
        ctx = self._ctx
        text = ctx.text
        placed = self._placed()
        start = len(placed)
        intro = [f'<h4 class="fp-ft-editor-title">{text.html(UI + "editor.title")}</h4>',
                 f'<p>{text.html(UI + "editor.help")}</p>']
        if placed:
            intro.append(f'<p class="fp-ft-editor-placed">'
                         f'{text.html(UI + "editor.placed", cards=placed)}</p>')
        self.heading.value = "".join(intro)
        options = []
        for i, c in enumerate(self.order):
            key = "editor.item_top" if start + i == 0 else "editor.item"
            options.append((text(UI + key, place=start + i + 1, card=c), i))
        current = self.listbox.value if selected is None else selected
        self._quiet = True  # redrawing the list is not the learner selecting a card
        try:
            self.listbox.options = options
            self.listbox.rows = max(2, min(len(options), 8))
            self.listbox.value = current if current is not None and \
                0 <= current < len(options) else (0 if options else None)
        finally:
            self._quiet = False
        self.listbox.description = text(UI + "editor.list")
        for button, name in ((self.up, "up"), (self.down, "down"), (self.suggest, "suggest"),
                             (self.confirm, "confirm")):
            button.description = text(f"{UI}editor.{name}")
            button.tooltip = text(f"{UI}editor.{name}_tip")
        self._enable()
        view = ctx.state.view(ctx.learner)
        cards = "".join(card(text, view, c, " fp-ft-in-pile",
                             text(UI + "pile_place", place=i, card=c),
                             f'<span class="fp-ft-place" aria-hidden="true">{i}</span>')
                        for i, c in enumerate(placed + self.order, start=1))
        advice = ""
        if self.advice:
            items = "".join(f"<li>{esc(a)}</li>" for a in self.advice)
            advice = (f'<div class="fp-ft-advice"><p>{text.html(UI + "editor.advice_title")}'
                      f"</p><ul>{items}</ul></div>")
        self.preview.value = (f'<div class="fp-ft-editor-pile"><p>'
                              f'{text.html(UI + "editor.preview")}</p>'
                              f'<ol class="fp-cards fp-ft-pile-order" aria-label="'
                              f'{text.html(UI + "editor.preview")}">{cards}</ol>{advice}</div>')

    def _selected(self, change: dict) -> None:
        """The learner selected a card: say which, and where it lies in the pile."""
        self._enable()
        if self._quiet or self._ctx is None or change["new"] is None:
            return
        i = change["new"]
        self._say("editor.selected", card=self.order[i], place=len(self._placed()) + i + 1)

    def _say(self, key: str, **params: Any) -> None:
        self.status.value = (f'<p class="fp-ft-editor-note" role="status">'
                             f"{self._ctx.text.html(UI + key, **params)}</p>")

    def _enable(self) -> None:
        index = self.listbox.value
        self.up.disabled = index is None or index <= 0
        self.down.disabled = index is None or index >= len(self.order) - 1
        self.confirm.disabled = not self.order

    # --- actions -----------------------------------------------------------------------
    def select(self, card_id: str) -> None:
        """Select the first `card_id` in the list (as a click or arrow keys would)."""
        self.listbox.value = self.order.index(card_id)
        self._enable()

    def move_selected(self, step: int) -> None:
        """Move the selected card `step` places (-1: nearer the top); it stays selected."""
        i = self.listbox.value
        if self._ctx is None or i is None:
            return
        j = i + step
        if not 0 <= j < len(self.order):
            return
        self.order[i], self.order[j] = self.order[j], self.order[i]
        self.advice = []
        self._draw(selected=j)
        self._say("editor.moved", card=self.order[j], place=len(self._placed()) + j + 1)
        self.result.value = ""

    def fill_suggestion(self) -> None:
        """The heuristic's order for the cards in hand, with a reason for each card."""
        ctx = self._ctx
        if ctx is None or not self.applies(ctx):
            return
        text, seat = ctx.text, ctx.learner
        state = ctx.state.clone()  # a scratch copy: the learner's cards only, nothing played
        start = len(self._placed())
        order, advice = [], []
        while (decision := state.decision()) is not None and \
                decision.kind == ORDER_DECISION and seat in decision.seats:
            hint = suggest(state, seat)
            placed = hint.move.get("card")
            reason = text.catalogue.format(hint.reason, hint.params, text.names)
            order.append(placed)
            advice.append(text(UI + "editor.advice_item", place=start + len(order),
                               card=placed, reason=reason))
            state.apply(hint.move)
        self.order, self.advice = order, advice
        self.result.value = ""
        self._draw(selected=0)

    def moves(self) -> list[Move]:
        """The order as the engine's moves: one `order` move per card, top of the pile first."""
        seat = self._ctx.learner if self._ctx else 0
        return [Move.make(seat, "order", card=c) for c in self.order]

    def submit(self) -> None:
        """Confirm: play the whole order, or show why the engine refuses it (nothing played)."""
        ctx = self._ctx
        if ctx is None or not self.order:
            return
        moves = self.moves()
        refused = self.play_moves(moves)
        if refused is None:
            return  # played: the app has redrawn everything, this editor included
        index, verdict = refused
        self.show_refusal(ctx, moves[index], verdict)

    def show_refusal(self, ctx: Context, move: Move, verdict: Verdict) -> None:
        self.result.value = refusal_html(ctx.text, ctx.state, move, verdict, UI + "editor.refused",
                                         self.prefix)


CARD_COLOURS = {  # background, text: meals in warm street-food colours
    "burger": ("#b5651d", "#fff"), "doner": ("#e9c46a", "#1f2328"),
    "pizza": ("#e63946", "#fff"), "tacos": ("#f4a261", "#1f2328"),
    "noodles": ("#f1e3b6", "#1f2328"), "hot_dog": ("#c2410c", "#fff"),
    "fish_chips": ("#8ecae6", "#1f2328"), "curry": ("#bc8a1f", "#fff"),
}
TRUCK_COLOURS = {"swap": "#0f766e", "detour": "#1d4ed8", "recall": "#7e22ce",
                 "cover": "#334155", "rush": "#b91c1c"}

CSS = """
.fp-food-truck .fp-ft-middle > .fp-zone { flex: 1 1 10em; min-width: 0; }
.fp-food-truck .fp-card { min-width: 5.4em; }
.fp-food-truck .fp-small .fp-card { min-width: 3.8em; }
.fp-food-truck .fp-card.fp-card-back { min-width: 1.9em; width: 1.9em; }
.fp-food-truck .fp-card.fp-card-back.fp-deck-stack { width: 2.6em; }
.fp-ft-backs { gap: 0 !important; }
.fp-ft-backs .fp-card-back + .fp-card-back { margin-left: -1.1em; }
.fp-ft-backs .fp-ft-count { flex-basis: 100%; }
.fp-ft-dessert { background: repeating-linear-gradient(135deg, #fde2f3 0 6px, #fbcfe8 6px 12px);
  border-style: dotted; color: #831843; }
.fp-ft-other { background: #f6f8fa; }
.fp-ft-truck { color: #fff; border-radius: 10px 10px 4px 4px; min-width: 7em !important;
  border-color: rgba(0,0,0,0.5); }
.fp-ft-truck.fp-ft-used { opacity: 0.55; text-decoration: line-through; }
.fp-ft-truck-status { font-size: 0.85em; font-weight: 600; color: #1a7f37; }
.fp-ft-truck-status.fp-ft-used-text { color: #57606a; }
.fp-ft-truck-more { font-size: 0.85em; color: #57606a; }
.fp-game-food-truck .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }
.fp-ft-served .fp-card, .fp-ft-pile-order .fp-card { position: relative; }
.fp-ft-pile { box-shadow: 3px -3px 0 rgba(0,0,0,0.25), 6px -6px 0 rgba(0,0,0,0.15);
  margin: 6px 8px 0 0; }
.fp-ft-badge { position: absolute; top: -9px; right: -9px; background: #1f2328; color: #fff;
  border-radius: 999px; font-size: 0.8em; padding: 0 5px; line-height: 1.5em; }
.fp-ft-down { background: repeating-linear-gradient(45deg, #1b6ca8 0 5px, #5fa8d3 5px 10px)
  !important; color: #fff !important; text-decoration: line-through; border-style: dashed; }
.fp-ft-down .fp-card-name { background: rgba(0,0,0,0.45); border-radius: 4px; padding: 0 3px; }
.fp-ft-blocking { outline: 4px solid #cf222e; outline-offset: 2px;
  animation: fp-ft-pulse 1.2s ease-in-out 2; }
@keyframes fp-ft-pulse { 50% { outline-color: #ff8182; } }
.fp-ft-new { outline: 3px solid #e3b341; outline-offset: 2px; }
.fp-ft-revealed { outline: 4px dashed #cf222e; outline-offset: 2px; }
.fp-ft-place { position: absolute; top: -8px; left: -8px; background: #fff; color: #1f2328;
  border: 1px solid #57606a; border-radius: 999px; font-size: 0.75em; min-width: 1.4em;
  line-height: 1.4em; text-align: center; }
.fp-ft-pile-order { padding-top: 6px !important; padding-left: 6px !important; }
.fp-ft-banner { border-radius: 8px; padding: 6px 12px; display: flex; gap: 12px;
  align-items: center; }
.fp-ft-clash { border: 2px solid #cf222e; background: #ffebe9; }
.fp-ft-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 600;
  font-size: 1.1em; display: block; }
.fp-ft-token { display: inline-block; width: 1.1em; height: 1.1em; border-radius: 50%;
  background: radial-gradient(circle, #ffd33d 0 45%, #bf8700 46% 100%); margin-right: 6px;
  vertical-align: middle; }
.fp-ft-tag-token::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em;
  border-radius: 50%; background: #ffd33d; border: 1px solid #bf8700; margin-right: 4px;
  vertical-align: -1px; }
.fp-ft-tag-out { background: #ffebe9; color: #82071e; }
.fp-ft-seat-out { background: #f6f8fa; border-style: dashed; }
.fp-ft-seat-out .fp-player-name { color: #57606a; }
.fp-ft-seat-acting { border: 2px solid #fb8f44; box-shadow: 0 0 0 3px #fff1e5; }
.fp-ft-vp { display: flex; gap: 6px; align-items: center; font-weight: 600; }
.fp-ft-pips { display: inline-flex; gap: 3px; }
.fp-ft-pip { width: 0.9em; height: 0.9em; border-radius: 50%; border: 2px solid #bf8700;
  background: #fff; }
.fp-ft-pip-on { background: #ffd33d; }
.fp-ft-count { font-size: 0.85em; color: #57606a; margin-right: 4px; }
.fp-ft-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-ft-legend summary { font-weight: 600; cursor: pointer; }
.fp-ft-legend h5 { margin-top: 6px !important; font-size: 0.9em; }
.fp-ft-legend-trucks { margin: 2px 0; padding-left: 1.2em; font-size: 0.9em; }
.fp-food-truck .fp-seat-row { grid-template-columns: minmax(6em, 8em) minmax(0, 1fr); }

/* the pile editor */
.fp-ft-editor { border: 2px solid #1a7f37; border-radius: 8px; padding: 8px 12px;
  background: #f0fff4; gap: 6px; }
.fp-ft-editor-title { font-size: 1.1em; }
.fp-ft-editor-body { gap: 12px; align-items: flex-start; flex-wrap: wrap; }
.fp-ft-editor-body select { font-size: 1em; min-height: 10em; }
.fp-ft-editor-buttons { gap: 4px; }
.fp-ft-editor-actions { gap: 8px; flex-wrap: wrap; }
.fp-ft-editor-pile { min-width: 16em; }
.fp-ft-editor-note { font-size: 0.9em; color: #0d4a1f; font-weight: 600; min-height: 1.3em; }
.fp-ft-advice { font-size: 0.9em; background: #ddf4ff; border-radius: 6px; padding: 4px 10px;
  margin-top: 6px; }
.fp-ft-advice ul { margin: 2px 0; padding-left: 1.2em; }
.fp-app .fp-ft-editor-confirm { font-weight: 700; }
"""
CSS += "".join(f".fp-ft-c-{m} {{ background: {bg}; color: {fg}; }}\n"
               for m, (bg, fg) in CARD_COLOURS.items())
CSS += "".join(f".fp-ft-t-{t} {{ background: {bg}; }}\n" for t, bg in TRUCK_COLOURS.items())
FoodTruckRenderer.css = CSS

register(GAME_ID, FoodTruckRenderer())
register_editor(GAME_ID, PileEditor)
