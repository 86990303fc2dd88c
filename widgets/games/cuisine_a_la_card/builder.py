"""Cuisine a la Card's dish builder, the learner's way to put a dish together in play mode.

Pick ingredients from hand and warming plates, and watch the meal points add up card by card,
with every bonus and the card text or rule behind it, and what each open judge would say. It is
all worked out on a scratch copy of the game with the engine's own scoring (`DishPreview`);
nothing is played until a Serve button hands the whole dish to the engine (`dish`,
`dish_plate`, `food_type` and `serve` moves, checked together before any is played).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Move, Verdict
from foodplay.explain import reason_text
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import clause_block, clause_link, refusal_html
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.pool import Pool, set_children, set_classes
from foodplay_widgets.app.style import classed
from foodplay_widgets.app.worded import Worded
from foodplay_widgets.games.cuisine_a_la_card.faces import UI, K, ability_lines, card_sentences
from foodplay_widgets.games.cuisine_a_la_card.preview import DishPreview
from foodplay_widgets.text import Text, badge, esc

DISH_KINDS = frozenset({"dish", "dish_plate", "serve", "cancel", "food_type"})
DISH_MODES = ("play", "dish", "food_type")
MAX_AUTO_DUALS = 4  # dual-type cards whose type the builder picks by trying every choice
PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]


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
        self.heading = classed(widgets.HTML(), "fp-cu-builder-head")
        self.sources_title = classed(widgets.HTML(), "fp-cu-builder-label")
        self.sources = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.sources.add_class("fp-cu-builder-sources")
        self.dish_title = classed(widgets.HTML(), "fp-cu-builder-label")
        self.dish_box = classed(widgets.VBox(), "fp-cu-builder-dish")
        self.preview = classed(widgets.HTML(), "fp-cu-builder-preview")
        self.verdicts = classed(widgets.HTML(), "fp-cu-builder-verdicts")
        self.serve_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.serve_row.add_class("fp-cu-builder-serve")
        self.clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear.add_class("fp-cu-builder-clear")
        self.cancel = widgets.Button(layout=widgets.Layout(width="auto"))
        self.cancel.add_class("fp-cu-builder-cancel")
        self.status = classed(widgets.HTML(), "fp-cu-builder-status")
        self.result = classed(widgets.HTML(), "fp-cu-builder-result")
        self.clear.on_click(guard(lambda _: self.clear_dish()))
        self.cancel.on_click(guard(lambda _: self.take_back()))
        actions = classed(widgets.HBox([self.clear, self.cancel]), "fp-cu-builder-actions")
        left = widgets.VBox([self.sources_title, self.sources, self.dish_title, self.dish_box,
                             actions])
        left.add_class("fp-cu-builder-left")
        right = widgets.VBox([self.preview, self.verdicts, self.serve_row])
        right.add_class("fp-cu-builder-right")
        self.body = classed(widgets.HBox([left, right]), "fp-cu-builder-body")
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
        self._said = Worded(self.status)  # what the last action did, in the language shown
        self._refused = Worded(self.result)

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
            self._said.clear()
            self._refused.clear()
            self._key = key
        self.layout.display = ""
        self._draw()
        self._said.redraw(ctx.text)  # in the language shown (a switch says it again)
        self._refused.redraw(ctx.text)
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
                button.tooltip = card_sentences(text, ctx.state.comp, source["card"])
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
            for cause in ability_lines(text, comp, card.id, ("submit",)):
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
        self._said.say(lambda text: f'<p class="fp-cu-builder-said" role="status">'
                                    f"{text.html(UI + key, **params)}</p>", self._ctx.text)

    # --- actions -------------------------------------------------------------------------
    def add(self, source: dict[str, Any]) -> None:
        """Put an ingredient into the dish (nothing is played)."""
        if self._ctx is None:
            return
        self.picked.append(dict(source))
        self._refused.clear()
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
        self._refused.clear()
        self._draw()
        self._say("builder.removed", card=gone["card"], count=self.last.score.total)

    def choose_type(self, index: int, food_type: str) -> None:
        """Count the dual-type card at dish position `index` as `food_type`."""
        self.choices[index] = food_type
        self._refused.clear()
        self._draw()
        entry = self.last.entries[index]
        self._say("builder.typed", card=entry["card"], type=food_type,
                  count=self.last.score.total)

    def _typed(self, index: int, change: dict) -> None:
        if not self._quiet and change["new"] and change["new"] != change["old"]:
            self.choose_type(index, change["new"])

    def clear_dish(self) -> None:
        self.picked, self.choices = [], {}
        self._refused.clear()
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
        state = ctx.state
        self._refused.say(lambda text: refusal_html(text, state, move, verdict,
                                                    UI + "builder.refused", self.prefix),
                          ctx.text)
