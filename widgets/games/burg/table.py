"""BURG's table: piles, tools, burgers, recipes, wastebaskets, deck and rat tokens as HTML.

Everything is drawn from `state.view(seat)`, so a seat's table holds only what that seat may
see: other players' tools in hand, used tools, face-down choices and wastebaskets are card
backs, and their rat tokens are hidden.
"""

from __future__ import annotations

from typing import Any

from foodplay.engine import State
from foodplay_widgets.app.diff import ViewDiff
from foodplay_widgets.app.renderers import (
    KnownScore,
    PartRow,
    PartsRenderer,
    TableParts,
    progress_html,
    was,
)
from foodplay_widgets.games.burg.cards import backs, burger, card, card_list
from foodplay_widgets.text import HashableText, Text, esc


class BurgRenderer(PartsRenderer):
    """Draws BURG's table for one view.

    A part is kept by the inputs it is drawn from (the language, the seat's own data and the
    same seat one step earlier for the highlights...): a step changes one or two seats, and the
    others are not drawn again. Views are plain data, so their `repr` is a faithful key."""

    parts_kept = 256  # table parts kept by the inputs they were drawn from (seats, piles, recipes)

    prefix = "burg."

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the deck and reveal, the piles, one part per seat, the recipes."""
        text = HashableText.of(text)  # its messages come from a cache
        d = ViewDiff(view, before, text)
        lang = (text.catalogue, tuple(text.names))
        seats = PartRow("fp-seats", tuple(self._seat_kept(view, before, s, d, text, lang)
                                          for s in range(len(view["seats"]))))
        piles = self._kept(("piles", lang, repr(view["piles"]), was(before, "piles")),
                           lambda: self._piles(view, d, text))
        recipes = self._kept(("recipes", lang, repr(view["recipes"])),
                             lambda: self._recipes(view, text))
        items = (self._header(view, text), self._middle(view, d, text), piles, seats, recipes)
        return TableParts("fp-table-view fp-burg", text.html("burg.ui.table"), items)

    # --- parts of the table ------------------------------------------------------------
    def _header(self, view: dict[str, Any], text: Text) -> str:
        who = text("view.teacher") if view["seat"] is None else \
            text("view.seat", name=text.name(view["seat"]))
        if view["phase"] == "over":
            where = text("burg.ui.game_over")
        else:
            where = text("burg.ui.round_first", round=view["round"], seat=view["first_player"])
        return (f'<h3 class="fp-table-title">{esc(where)}</h3>'
                f'<p class="fp-viewer">{esc(who)}</p>')

    def _middle(self, view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        deck = view["deck"]["count"]
        reveal = view["reveal"]
        deck_html = (f'<div class="fp-zone fp-deck{d.cls("deck")}">'
                     f'<h4>{text.html("burg.ui.deck", count=deck)}{d.mark("deck")}</h4>'
                     f'<ul class="fp-cards" aria-hidden="true">'
                     f'<li class="fp-card fp-card-back fp-deck-stack"></li></ul></div>')
        rows = [f'<p>{text.html("burg.ui.reveal_progress", revealed=reveal["revealed"], needed=reveal["needed"])}</p>']  # noqa: E501
        if reveal["pending"]:
            rows.append(f'<p>{text.html("burg.ui.pending")}</p>'
                        + card_list(text, [reveal["pending"]], text("burg.ui.pending")))
        if reveal["waiting_rats"]:
            rows.append(f'<p>{text.html("burg.ui.waiting_rats", count=reveal["waiting_rats"])}'
                        f"</p>")
        reveal_html = (f'<div class="fp-zone fp-reveal{d.cls("reveal")}">'
                       f'<h4>{text.html("burg.ui.reveal")}{d.mark("reveal")}</h4>'
                       f'{"".join(rows)}</div>')
        return f'<div class="fp-row">{deck_html}{reveal_html}</div>'

    def _piles(self, view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        items = []
        for pile in view["piles"]:
            n = pile["number"]
            title = text("burg.ui.pile", pile=n)
            if pile["taken"]:
                body = f'<p class="fp-taken">{text.html("burg.ui.pile_taken")}</p>'
            else:
                body = card_list(text, pile["cards"], text("burg.ui.pile_aria", pile=n,
                                                           cards=pile["cards"]))
            items.append(f'<li class="fp-pile{d.cls("piles", n - 1)}">'
                         f'<h5>{esc(title)}{d.mark("piles", n - 1)}</h5>{body}</li>')
        body = f'<ul class="fp-piles">{"".join(items)}</ul>' if items else \
            f'<p class="fp-none">{text.html("burg.ui.no_piles")}</p>'
        return (f'<div class="fp-zone fp-piles-zone"><h4>{text.html("burg.ui.piles")}</h4>'
                f"{body}</div>")

    def _seat_kept(self, view: dict[str, Any], before: dict[str, Any] | None, s: int,
                   d: ViewDiff, text: Text, lang: tuple) -> str:
        """Seat `s`'s part, kept by its inputs: the seat, its tags, and the seat one step
        earlier (what changed is highlighted)."""
        seat = view["seats"][s]
        tags = (s == view["first_player"] and view["phase"] != "over", s in view["to_act"],
                s == view["seat"])
        return self._kept(("seat", lang, s, repr(seat), was(before, "seats", s), tags),
                          lambda: self._seat(s, seat, tags, d, text))

    def _seat(self, s: int, seat: dict[str, Any], tags: tuple[bool, bool, bool], d: ViewDiff,
              text: Text) -> str:
        """One seat's part; `tags`: whether it plays first, must act, is the view's seat."""
        shown_tags = "".join(
            f'<span class="fp-tag {cls}">{text.html(key)}</span>'
            for cls, key, on in zip(("fp-tag-first", "fp-tag-act", "fp-tag-you"),
                                    ("burg.ui.first", "burg.ui.to_act", "burg.ui.this_view"),
                                    tags, strict=True) if on)
        shown = [
            ("hand", "burg.ui.hand", self._tools(text, seat["hand"]), True),
            ("chosen", "burg.ui.chosen", self._chosen(text, seat["chosen"]), seat["chosen"]),
            ("played", "burg.ui.played", card_list(text, [seat["played"]] if seat["played"]
                                                   else [], text("burg.ui.played")),
             seat["played"]),
            ("used", "burg.ui.used", self._hidden_list(text, seat["used"],
                                                       text("burg.ui.used")), True),
            ("taken", "burg.ui.taken", card_list(text, seat["taken"],
                                                 text("burg.ui.taken")), seat["taken"]),
            ("in_progress", "burg.ui.in_progress", self._burgers(text, seat["in_progress"]),
             seat["in_progress"]),
            ("burgers", "burg.ui.complete", self._burgers(text, seat["burgers"]), True),
            ("wastebasket", "burg.ui.wastebasket", self._hidden_list(
                text, seat["wastebasket"], text("burg.ui.wastebasket")), True),
            ("rat_tokens", "burg.ui.rat_tokens", self._rats(text, seat["rat_tokens"]), True),
        ]
        # empty passing states (no tool laid down, nothing taken) are left out to keep it short
        rows = [d.seat_row(text(key), body, s, field)
                for field, key, body, keep in shown if keep or d.changed("seats", s, field)]
        name = esc(seat["name"])
        return (f'<section class="fp-player" aria-label="{name}">'
                f'<h4 class="fp-player-name">{name} {shown_tags}</h4>'
                f'<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')

    @staticmethod
    def _tools(text: Text, hand: dict[str, int]) -> str:
        if "count" in hand:
            return f'<ul class="fp-cards">{backs(text, hand["count"])}</ul>'
        cards = [tool for tool in ("tongs", "tea") for _ in range(hand.get(tool, 0))]
        return card_list(text, cards, text("burg.ui.hand"))

    @staticmethod
    def _chosen(text: Text, chosen: str | None) -> str:
        if chosen is None:
            return f'<ul class="fp-cards"><li class="fp-none">{text.html("burg.ui.none")}' \
                   f"</li></ul>"
        if chosen == "face_down":
            return f'<ul class="fp-cards">{backs(text, 1)}</ul>'
        return card_list(text, [chosen], text("burg.ui.chosen"))

    @staticmethod
    def _hidden_list(text: Text, value: Any, label: str) -> str:
        if isinstance(value, dict):
            return f'<ul class="fp-cards" aria-label="{esc(label)}">{backs(text, value["count"])}' \
                   f"</ul>"
        return card_list(text, value, label)

    @staticmethod
    def _burgers(text: Text, burgers: list[dict[str, Any]]) -> str:
        if not burgers:
            return f'<p class="fp-none">{text.html("burg.ui.none")}</p>'
        figures = []
        for i, b in enumerate(burgers, start=1):
            if "recipe" in b:
                caption = text("burg.ui.burger_done", recipe=b["recipe"], count=b["points"])
            else:
                caption = text("burg.ui.burger_n", burger=i)
            figures.append(burger(text, b, caption))
        return f'<div class="fp-burgers">{"".join(figures)}</div>'

    @staticmethod
    def _rats(text: Text, tokens: int | None) -> str:
        if tokens is None:
            return f'<p class="fp-hidden">{text.html("burg.ui.rat_tokens_hidden")}</p>'
        return f'<p class="fp-rat-count">{text.html("burg.ui.rat_tokens_count", count=tokens)}' \
               f"</p>"

    def _recipes(self, view: dict[str, Any], text: Text) -> str:
        items = []
        for recipe in view["recipes"]:
            fillings = "".join(card(text, c) for c in recipe["fillings"])
            points = text.html("burg.ui.points", count=recipe["points"])
            items.append(f'<li class="fp-recipe"><h5>{esc(text.card(recipe["id"]))}</h5>'
                         f'<ul class="fp-cards fp-small">{fillings}</ul>'
                         f'<p class="fp-points">{points}</p></li>')
        return (f'<details class="fp-zone fp-recipes" open><summary>'
                f'{text.html("burg.ui.recipes", count=len(items))}</summary>'
                f'<ul class="fp-recipe-list">{"".join(items)}</ul></details>')

    # --- progress, scores, header ------------------------------------------------------
    def progress(self, view: dict[str, Any], text: Text) -> str:
        done, target = view["complete_burgers"], view["target"]
        deck, needed = view["deck"]["count"], view["reveal"]["needed"]
        return progress_html(text.html("burg.ui.progress", count=done, target=target), done,
                             target, text.html("burg.ui.deck_left", count=deck, needed=needed))

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        rat_points = state.comp.rat_token_points  # public: the component set's scoring
        out = []
        for s, seat in enumerate(view["seats"]):
            burger_points = sum(b["points"] for b in seat["burgers"])
            tokens = seat["rat_tokens"]
            if view.get("scores") is not None:
                score = view["scores"][s]
                out.append(KnownScore(score, True, text("burg.ui.score_final", score=score,
                                                        burger_points=burger_points)))
            elif tokens is None:
                out.append(KnownScore(burger_points, False, text(
                    "burg.ui.score_hidden", burger_points=burger_points)))
            else:
                score = burger_points + rat_points * tokens
                out.append(KnownScore(score, True, text(
                    "burg.ui.score_exact", score=score, burger_points=burger_points,
                    count=tokens)))
        return out
