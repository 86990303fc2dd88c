"""BURG's table: piles, tools, burgers, recipes, wastebaskets, deck and rat tokens as HTML.

Everything is drawn from `state.view(seat)`, so a seat's table holds only what that seat may
see: other players' tools in hand, used tools, face-down choices and wastebaskets are card
backs, and their rat tokens are hidden.
"""

from __future__ import annotations

from typing import Any

from foodplay.engine import Game, State
from foodplay_widgets.diff import ViewDiff
from foodplay_widgets.renderers import KnownScore, PartRow, TableParts, progress_html, register
from foodplay_widgets.text import Text, esc

BUNS = ("bottom_bun", "top_bun")


def card(text: Text, card_id: str, extra: str = "") -> str:
    """One face-up card, drawn with CSS; its name is the text a screen reader reads."""
    return (f'<li class="fp-card fp-c-{esc(card_id)}{extra}">'
            f'<span class="fp-card-name">{esc(text.card(card_id))}</span></li>')


def backs(text: Text, count: int) -> str:
    """`count` face-down cards, drawn as card backs."""
    if not count:
        return f'<li class="fp-none">{text.html("burg.ui.none")}</li>'
    label = text.html("burg.ui.hidden_count", count=count)
    shown = "".join('<li class="fp-card fp-card-back" aria-hidden="true"></li>'
                    for _ in range(min(count, 6)))
    more = f'<li class="fp-more" aria-hidden="true">×{count}</li>' if count > 6 else ""
    return f'<li class="fp-sr">{label}</li>{shown}{more}'


def card_list(text: Text, cards: list[str], label: str, empty: str = "burg.ui.none") -> str:
    items = "".join(card(text, c) for c in cards) or \
        f'<li class="fp-none">{text.html(empty)}</li>'
    return f'<ul class="fp-cards" aria-label="{esc(label)}">{items}</ul>'


def burger(text: Text, data: dict[str, Any], caption: str) -> str:
    """A burger as a stack of layers, bottom first in reading order, drawn bottom-up."""
    bottom = data["bottom"]
    layers = []
    if bottom == "bottom_bun":
        layers.append(('fp-layer fp-c-bottom_bun', text.card("bottom_bun")))
    else:
        layers.append(('fp-layer fp-flipped', text("burg.ui.flipped_bottom", card=bottom)))
    layers += [(f"fp-layer fp-c-{esc(c)}", text.card(c)) for c in data["fillings"]]
    top = data.get("top")
    if top == "top_bun":
        layers.append(("fp-layer fp-c-top_bun", text.card("top_bun")))
    elif top:
        layers.append(("fp-layer fp-flipped", text("burg.ui.wastebasket_top")))
    items = "".join(f'<li class="{cls}">{esc(name)}</li>' for cls, name in layers)
    return (f'<figure class="fp-burger"><ol class="fp-stack" aria-label="{esc(caption)}">'
            f'{items}</ol><figcaption>{esc(caption)}</figcaption></figure>')


class BurgRenderer:
    """Draws BURG's table for one view."""

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        return self.table_parts(view, before, text).html()

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the deck and reveal, the piles, one part per seat, the recipes."""
        d = ViewDiff(view, before, text)
        seats = PartRow("fp-seats", tuple(self._seat(view, s, seat, d, text)
                                          for s, seat in enumerate(view["seats"])))
        items = (self._header(view, text), self._middle(view, d, text),
                 self._piles(view, d, text), seats, self._recipes(view, text))
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

    def _seat(self, view: dict[str, Any], s: int, seat: dict[str, Any], d: ViewDiff,
              text: Text) -> str:
        tags = []
        if s == view["first_player"] and view["phase"] != "over":
            tags.append(f'<span class="fp-tag fp-tag-first">{text.html("burg.ui.first")}</span>')
        if s in view["to_act"]:
            tags.append(f'<span class="fp-tag fp-tag-act">{text.html("burg.ui.to_act")}</span>')
        if s == view["seat"]:
            tags.append(f'<span class="fp-tag fp-tag-you">{text.html("burg.ui.this_view")}</span>')
        shown = [
            ("hand", "burg.ui.hand", self._tools(text, seat["hand"]), True),
            ("chosen", "burg.ui.chosen", self._chosen(text, seat["chosen"]), seat["chosen"]),
            ("played", "burg.ui.played", card_list(text, [seat["played"]] if seat["played"]
                                                   else [], text("burg.ui.played")),
             seat["played"]),
            ("used", "burg.ui.used", self._hidden_list(text, seat["used"], text("burg.ui.used")),
             True),
            ("taken", "burg.ui.taken", card_list(text, seat["taken"], text("burg.ui.taken")),
             seat["taken"]),
            ("in_progress", "burg.ui.in_progress", self._burgers(text, seat["in_progress"]),
             seat["in_progress"]),
            ("burgers", "burg.ui.complete", self._burgers(text, seat["burgers"]), True),
            ("wastebasket", "burg.ui.wastebasket", self._hidden_list(
                text, seat["wastebasket"], text("burg.ui.wastebasket")), True),
            ("rat_tokens", "burg.ui.rat_tokens", self._rats(text, seat["rat_tokens"]), True),
        ]
        # empty passing states (no tool laid down, nothing taken) are left out to keep it short
        rows = [self._row(text(key), body, d, s, field)
                for field, key, body, keep in shown if keep or d.changed("seats", s, field)]
        name = esc(seat["name"])
        return (f'<section class="fp-player" aria-label="{name}">'
                f'<h4 class="fp-player-name">{name} {"".join(tags)}</h4>'
                f'<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')

    @staticmethod
    def _row(label: str, body: str, d: ViewDiff, s: int, field: str) -> str:
        cls = d.cls("seats", s, field)
        return f'<div class="fp-seat-row{cls}"><dt>{esc(label)}{d.mark("seats", s, field)}' \
               f"</dt><dd>{body}</dd></div>"

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

    def credits(self, game: Game, text: Text) -> str:
        return text("burg.credits")

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        label = view.get("components", "tutor default")
        if label == "tutor default":
            return text("burg.components.default")
        return text("burg.components.custom", label=label)


register("burg", BurgRenderer())
