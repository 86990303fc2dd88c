"""Coffee Rush's table and its move builder, as HTML text and labelled widgets.

The table is drawn from `state.view(seat)` only: another player's completed orders, penalty
cards and orders spent on upgrades are counts of face-down cards, and the order deck's order is
the teacher's alone. The board is an HTML table (rows and columns numbered from 1, as in the
moves), each cell saying its ingredient, its corner or ribbon mark and the meeples on it; the
current move's path carries its step numbers.

The move builder is the learner's way to play a Coffee Rush turn in play mode:
- set-up: the free cells are "Place here" buttons, then a cup for the starting ingredient;
- move: upgrades first (optional), then the cells next to the meeple are step buttons. Each
  step is tried on a scratch copy of the position (never the real one), and the builder shows
  what the path collects (upgrade bonuses, a short supply and rush tokens included) and whether
  the move may end there. "Stop here" plays the whole path as one decision;
- pour: one button per ingredient and cup, "give back", "empty cup" and "finish pouring";
- serve: one button per cup and matching order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from foodplay.engine import Game, Move, State, Verdict
from foodplay.explain import explain, reason_text
from foodplay_widgets.context import Context
from foodplay_widgets.diff import ViewDiff
from foodplay_widgets.explanation import clause_link, refusal_html
from foodplay_widgets.guard import Guard, unguarded
from foodplay_widgets.pool import Pool, W, set_children, set_classes
from foodplay_widgets.renderers import KnownScore, PartRow, TableParts, register, register_editor
from foodplay_widgets.text import Text, badge, esc

GAME_ID = "coffee-rush"
UI = "coffee-rush.ui."
PENALTY_LIMIT = 5  # rule 5-4: the fifth penalty card closes the start token
UPGRADE_COST = 3  # rule 1
SEAT_CLASSES = 5  # fp-cr-s0 .. fp-cr-s4: one colour per seat


# --- small pieces ------------------------------------------------------------------------
def chip(text: Text, ingredient: str, extra: str = "", count: int | None = None) -> str:
    """One ingredient token, coloured by kind; its name is what a screen reader reads."""
    shown = esc(text.card(ingredient))
    if count is not None:
        shown = text.html(UI + "amount", count=count, ingredient=ingredient)
    return f'<li class="fp-cr-ing fp-cr-i-{esc(ingredient)}{extra}">{shown}</li>'


def chips(text: Text, ingredients: Sequence[str], label: str, empty: str = "none",
          grouped: bool = False) -> str:
    """A row of ingredient tokens (`grouped`: one token per kind, with its count)."""
    if not ingredients:
        return f'<p class="fp-none">{text.html(UI + empty)}</p>'
    if grouped:
        items = "".join(chip(text, i, count=n) for i, n in Counter(ingredients).items())
    else:
        items = "".join(chip(text, i) for i in ingredients)
    return f'<ul class="fp-cr-chips" aria-label="{esc(label)}">{items}</ul>'


def cell_ref(text: Text, row: int, col: int) -> str:
    return text(UI + "cell_ref", row=row, col=col)


def seat_class(seat: int) -> str:
    return f"fp-cr-s{seat % SEAT_CLASSES}"


def pawn(text: Text, seat: int, meeple: int, two: bool, extra: str = "") -> str:
    """A meeple on the board: a coloured pawn and its owner's name."""
    label = text.html(UI + ("meeple_n" if two else "meeple"), seat=seat, meeple=meeple)
    return (f'<span class="fp-cr-pawn {seat_class(seat)}{extra}">'
            f'<span class="fp-cr-pawn-dot" aria-hidden="true"></span>{label}</span>')


def cup_matches(cup: Sequence[str], tabs: Sequence[Sequence[dict[str, Any]]]
                ) -> list[tuple[int, dict[str, Any]]]:
    """(tab, order) pairs whose ingredients the cup holds exactly (reading D2)."""
    have = Counter(cup)
    return [(t, o) for t, tab in enumerate(tabs, start=1) for o in tab
            if have and Counter(o["ingredients"]) == have]


def cup_progress(cup: Sequence[str], tabs: Sequence[Sequence[dict[str, Any]]]
                 ) -> list[tuple[int, dict[str, Any], list[str]]]:
    """(tab, order, still needed) for each order the cup is on its way to, most urgent first."""
    have = Counter(cup)
    out = []
    for t, tab in enumerate(tabs, start=1):
        for o in tab:
            need = Counter(o["ingredients"])
            if have and not have - need and need != have:
                out.append((t, o, list((need - have).elements())))
    out.sort(key=lambda item: (-item[0], len(item[2])))
    return out


def order_card(text: Text, order: dict[str, Any], extra: str = "") -> str:
    """An order card: the drink, its ingredients, and the Specialty mark."""
    special = ""
    cls = "fp-cr-order"
    if order["specialty"]:
        cls += " fp-cr-specialty"
        special = (f'<span class="fp-cr-special-mark">'
                   f'<span aria-hidden="true">★ </span>{text.html(UI + "specialty")}</span>')
    ingredients = "".join(chip(text, i) for i in order["ingredients"])
    label = text(UI + ("order_aria_special" if order["specialty"] else "order_aria"),
                 order=order["id"], ingredients=order["ingredients"])
    return (f'<li class="{cls}{extra}" aria-label="{esc(label)}">'
            f'<span class="fp-cr-order-name">{esc(text.card(order["id"]))}</span>{special}'
            f'<ul class="fp-cr-chips fp-cr-small" aria-hidden="true">{ingredients}</ul></li>')


# --- the table ---------------------------------------------------------------------------
class CoffeeRushRenderer:
    """Draws Coffee Rush's table for one view."""

    css = ""  # set below: the game's own stylesheet, shipped once per app

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        return self.table_parts(view, before, text).html()

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the banner, the token and deck, the board beside this turn and the
        supply, one part per seat, the legend."""
        d = ViewDiff(view, before, text)
        middle = PartRow("fp-cr-middle", (
            self._board(view, d, text),
            f'<div class="fp-cr-side">{self._turn(view, d, text)}'
            f'{self._supply(view, d, text)}</div>'))
        seats = PartRow("fp-seats fp-cr-seats", tuple(
            self._seat(view, s, seat, d, text) for s, seat in enumerate(view["seats"])))
        items = (self._header(view, text), self._banner(view, text),
                 self._status(view, d, text), middle, seats, self._legend(view, text))
        return TableParts("fp-table-view fp-coffee-rush", text.html(UI + "table"), items)

    # --- header, banner, status ----------------------------------------------------------
    @staticmethod
    def _header(view: dict[str, Any], text: Text) -> str:
        who = text("view.teacher") if view["seat"] is None else \
            text("view.seat", name=text.name(view["seat"]))
        phase, turn = view["phase"], view["turn"]
        where = text(f"{UI}title.{phase}", number=turn["number"], seat=turn["seat"])
        return (f'<h3 class="fp-table-title">{esc(where)}</h3>'
                f'<p class="fp-viewer">{esc(who)}</p>')

    @staticmethod
    def _banner(view: dict[str, Any], text: Text) -> str:
        winners = view.get("winners")
        if not winners:
            return ""
        points = view["scores"][winners[0]]
        if len(winners) == 1:
            words = text.html(UI + "winner", seat=winners[0], points=points)
        else:
            words = text.html(UI + "winners", seats=winners, points=points)
        return f'<p class="fp-cr-banner fp-cr-win" role="status">{words}</p>'

    @staticmethod
    def _status(view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        side = view["start_token"]
        token_words = text.html(f"{UI}token_{side}")
        why = ""
        if side == "closed" and view.get("closed_by"):
            why = f'<p class="fp-cr-token-why">{text.html(UI + "closed." + view["closed_by"])}</p>'
        elif side == "open":
            why = f'<p class="fp-cr-token-why">{text.html(UI + "open_note")}</p>'
        token = (f'<div class="fp-zone fp-cr-token-zone{d.cls("start_token")}">'
                 f'<p class="fp-cr-token-line"><span class="fp-cr-token fp-cr-token-{side}" '
                 f'aria-hidden="true"></span>'
                 f'<strong>{token_words}</strong>{d.mark("start_token")}</p>{why}'
                 f'<p>{text.html(UI + "start_player", seat=view["start_player"])}</p></div>')
        deck = view["deck"]
        rows = [f'<p class="fp-cr-deck-line"><span class="fp-cr-deck-stack" aria-hidden="true">'
                f'</span><strong>{text.html(UI + "deck", count=deck["count"])}</strong>'
                f'{d.mark("deck", "count")}</p>']
        if "top_first" in deck:  # the teacher's view only
            upcoming = deck["top_first"][:4]
            if upcoming:
                rows.append(f'<p class="fp-cr-teacher">'
                            f'{text.html(UI + "deck_next", cards=upcoming)}</p>')
        deck_html = (f'<div class="fp-zone fp-cr-deck{d.cls("deck", "count")}">'
                     f'{"".join(rows)}</div>')
        return f'<div class="fp-row fp-cr-status">{token}{deck_html}</div>'

    # --- the board -----------------------------------------------------------------------
    @staticmethod
    def path_marks(view: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
        """(row, col) -> the step numbers of this move that entered it (0: where it began)."""
        marks: dict[tuple[int, int], list[int]] = {}
        for n, (r, c) in enumerate(view["turn"]["path"]):
            marks.setdefault((r, c), []).append(n)
        return marks

    def _board(self, view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        board = view["board"]
        rows, cols = board["rows"], board["cols"]
        two = any(len(s["meeples"]) > 1 for s in view["seats"])
        marks = self.path_marks(view)
        moving = view["turn"]["seat"] if view["phase"] in ("move", "pour", "serve") else None
        head = "".join(f'<th scope="col" aria-label="{text.html(UI + "col_n", col=c)}">{c}</th>'
                       for c in range(1, cols + 1))
        body = []
        for r in range(1, rows + 1):
            cells = []
            for c in range(1, cols + 1):
                i = (r - 1) * cols + c - 1
                cell = board["cells"][i]
                cells.append(self._cell(text, cell, marks.get((r, c), []), two, moving,
                                        d.changed("board", "cells", i, "meeples")))
            body.append(f'<tr><th scope="row" aria-label="{text.html(UI + "row_n", row=r)}">'
                        f'{r}</th>{"".join(cells)}</tr>')
        caption = text.html(UI + "board_caption", rows=rows, cols=cols)
        return (f'<div class="fp-zone fp-cr-board-zone"><table class="fp-cr-board">'
                f'<caption>{caption}</caption><thead><tr><td></td>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')

    @staticmethod
    def _cell(text: Text, cell: dict[str, Any], steps: list[int], two: bool,
              moving: int | None, changed: bool) -> str:
        ingredient = cell["ingredient"]
        classes = ["fp-cr-cell", f"fp-cr-i-{ingredient}"]
        marks = []
        if cell["corner"]:
            classes.append("fp-cr-corner")
            marks.append(f'<span class="fp-cr-mark fp-cr-mark-corner">'
                         f'{text.html(UI + "corner")}</span>')
        if cell["ribbon"]:
            classes.append("fp-cr-ribbon")
            marks.append(f'<span class="fp-cr-mark fp-cr-mark-ribbon"><span aria-hidden="true">'
                         f'★ </span>{text.html(UI + "ribbon")}</span>')
        if steps:
            classes.append("fp-cr-on-path")
        if changed:
            classes.append("fp-changed")
        pawns = "".join(pawn(text, s, m, two, " fp-cr-moving" if s == moving and steps else "")
                        for s, m in cell["meeples"])
        path = ""
        if steps:
            labels = [text(UI + ("path_start" if n == 0 else "path_step"), n=n) for n in steps]
            shown = "".join(f'<span class="fp-cr-step-badge{" fp-cr-start" if n == 0 else ""}" '
                            f'aria-hidden="true">{n if n else "●"}</span>' for n in steps)
            path = (f'<span class="fp-cr-steps">{shown}<span class="fp-sr">'
                    f'{esc(text.catalogue.join(labels))}</span></span>')
        mark_html = f'<span class="fp-cr-marks">{"".join(marks)}</span>' if marks else ""
        changed_sr = f'<span class="fp-sr"> {text.html("ui.changed")}</span>' if changed else ""
        return (f'<td class="{" ".join(classes)}">{path}'
                f'<span class="fp-cr-cell-name">{esc(text.card(ingredient))}</span>'
                f'{mark_html}<span class="fp-cr-pawns">{pawns}</span>{changed_sr}</td>')

    # --- this turn and the supply ----------------------------------------------------------
    @staticmethod
    def _turn(view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        phase, turn = view["phase"], view["turn"]
        rows = []
        if phase in ("place", "setup_pour"):
            waiting = view["placements"]
            two = any(len(s["meeples"]) > 1 for s in view["seats"])
            if waiting:
                who = text.catalogue.join([text(UI + ("meeple_n" if two else "meeple"),
                                                seat=s, meeple=m) for s, m in waiting])
                rows.append(f'<p>{text.html(UI + "to_place", who=who)}</p>')
            if turn["held"]:
                rows.append(f'<p>{text.html(UI + "setup_held", seat=turn["seat"])}</p>'
                            + chips(text, turn["held"], text(UI + "holding")))
            title = text.html(UI + "setup_title")
        elif phase == "over":
            return ""
        else:
            seat = turn["seat"]
            if turn["meeple"] is None:
                rows.append(f'<p>{text.html(UI + "not_moved", seat=seat)}</p>')
            else:
                path = [cell_ref(text, r, c) for r, c in turn["path"]]
                rows.append(f'<div class="fp-cr-turn-part{d.cls("turn", "path")}"><p>'
                            f'{text.html(UI + "moving", seat=seat, meeple=turn["meeple"])}'
                            f'{d.mark("turn", "path")}</p><ol class="fp-cr-path-list" start="0">'
                            + "".join(f"<li>{esc(p)}</li>" for p in path) + "</ol></div>")
            rows.append(f'<p class="fp-cr-steps-line">'
                        f'{text.html(UI + "steps", count=turn["steps"], free=turn["free_steps"])}'
                        f"</p>")
            if phase != "move" or turn["held"]:
                rows.append(f'<div class="fp-cr-turn-part{d.cls("turn", "held")}">'
                            f'<p class="fp-cr-sub">{text.html(UI + "holding")}'
                            f'{d.mark("turn", "held")}</p>'
                            + chips(text, turn["held"], text(UI + "holding"), "nothing_held",
                                    grouped=True) + "</div>")
            if turn["served"]:
                rows.append(f'<p>{text.html(UI + "served", count=turn["served"])}</p>')
            title = text.html(UI + "turn_title", seat=seat)
        return (f'<div class="fp-zone fp-cr-turn"><h4>{title}</h4>'
                f'{"".join(rows)}</div>')

    @staticmethod
    def _supply(view: dict[str, Any], d: ViewDiff, text: Text) -> str:
        items = []
        for ingredient, count in view["supply"].items():
            extra = " fp-changed" if d.changed("supply", ingredient) else ""
            if count == 0:
                extra += " fp-cr-out"
            items.append(chip(text, ingredient, extra, count=count))
        label = text.html(UI + "supply")
        return (f'<div class="fp-zone fp-cr-supply{d.cls("supply")}"><h4>{label}'
                f'{d.mark("supply")}</h4><ul class="fp-cr-chips" aria-label="{label}">'
                f'{"".join(items)}</ul></div>')

    # --- the players -------------------------------------------------------------------
    @staticmethod
    def _tags(view: dict[str, Any], s: int, text: Text) -> str:
        tags = []

        def tag(key: str, css: str) -> None:
            tags.append(f'<span class="fp-tag {css}">{text.html(UI + "tag." + key)}</span>')

        if view.get("winners") and s in view["winners"]:
            tag("winner", "fp-tag-first")
        if s == view["start_player"] and view["phase"] != "over":
            tag("start", "fp-tag-first fp-cr-tag-start")
        if s in view["to_act"]:
            tag("to_act", "fp-tag-act")
        if s == view["seat"]:
            tag("view", "fp-tag-you")
        return "".join(tags)

    def _seat(self, view: dict[str, Any], s: int, seat: dict[str, Any], d: ViewDiff,
              text: Text) -> str:
        name = esc(seat["name"])
        counts = [(UI + "row.completed", self._hidden(text, s, seat["completed"], "completed"),
                   "completed"),
                  (UI + "row.penalties", self._hidden(text, s, seat["penalties"], "penalties"),
                   "penalties"),
                  (UI + "row.rush", self._rush(text, seat["rush"]), "rush")]
        spent = seat["spent"]
        if (spent if isinstance(spent, list) else spent["count"]):
            counts.append((UI + "row.spent", self._hidden(text, s, spent, "spent"), "spent"))
        boxes = "".join(f'<div class="fp-cr-count{d.cls("seats", s, field)}"><h5>{text.html(key)}'
                        f'{d.mark("seats", s, field)}</h5>{body}</div>'
                        for key, body, field in counts)
        rows = [
            self._row(text(UI + "row.orders"), self._tabs(text, s, seat), d, s, "tabs"),
            self._row(text(UI + "row.cups"), self._cups(text, s, seat), d, s, "cups"),
            self._row(text(UI + "row.upgrades"), self._upgrades(text, seat), d, s, "upgrades"),
            f'<div class="fp-seat-row"><dt>{text.html(UI + "row.cards")}</dt>'
            f'<dd><div class="fp-cr-counts">{boxes}</div></dd></div>',
        ]
        classes = ["fp-player", "fp-cr-seat", seat_class(s)]
        if s in view["to_act"]:
            classes.append("fp-cr-seat-acting")
        return (f'<section class="{" ".join(classes)}" aria-label="{name}">'
                f'<h4 class="fp-player-name"><span class="fp-cr-pawn-dot" aria-hidden="true">'
                f'</span>{name} {self._tags(view, s, text)}</h4>'
                f'<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')

    @staticmethod
    def _row(label: str, body: str, d: ViewDiff, s: int, field: str) -> str:
        return (f'<div class="fp-seat-row{d.cls("seats", s, field)}"><dt>{esc(label)}'
                f'{d.mark("seats", s, field)}</dt><dd>{body}</dd></div>')

    @staticmethod
    def _cups(text: Text, s: int, seat: dict[str, Any]) -> str:
        items = []
        for k, cup in enumerate(seat["cups"], start=1):
            contents = "".join(chip(text, i) for i in cup) or \
                f'<li class="fp-none">{text.html(UI + "cup_empty")}</li>'
            ready = cup_matches(cup, seat["tabs"])
            note = ""
            if ready:
                tab, order = ready[0]
                note = (f'<p class="fp-cr-ready">'
                        f'{text.html(UI + "cup_ready", order=order["id"], tab=tab)}</p>')
            label = text(UI + "cup_aria", seat=s, cup=k)
            items.append(f'<li class="fp-cr-cup{" fp-cr-cup-ready" if ready else ""}">'
                         f'<span class="fp-cr-cup-name">{text.html(UI + "cup_n", cup=k)}</span>'
                         f'<ul class="fp-cr-chips" aria-label="{esc(label)}">{contents}</ul>'
                         f"{note}</li>")
        return f'<ul class="fp-cr-cups">{"".join(items)}</ul>'

    @staticmethod
    def _tabs(text: Text, s: int, seat: dict[str, Any]) -> str:
        tabs = seat["tabs"]
        items = []
        for t, orders in enumerate(tabs, start=1):
            last = t == len(tabs)
            title = text.html(UI + ("tab_last" if last else "tab_n"), tab=t)
            cards = "".join(order_card(text, o) for o in orders) or \
                f'<li class="fp-none">{text.html(UI + "tab_empty")}</li>'
            cls = "fp-cr-tab fp-cr-tab-last" if last else "fp-cr-tab"
            if last and orders:
                cls += " fp-cr-tab-warn"
            items.append(f'<li class="{cls}"><span class="fp-cr-tab-name">{title}</span>'
                         f'<ul class="fp-cr-orders">{cards}</ul></li>')
        label = text.html(UI + "tabs_aria", seat=s)
        return f'<ol class="fp-cr-tabs" aria-label="{label}">{"".join(items)}</ol>'

    @staticmethod
    def _rush(text: Text, count: int) -> str:
        dots = "".join('<span class="fp-cr-rush-token"></span>' for _ in range(min(count, 8)))
        return (f'<p class="fp-cr-rush"><span class="fp-cr-rush-tokens" aria-hidden="true">'
                f'{dots}</span>{text.html(UI + "rush", count=count)}</p>')

    @staticmethod
    def _upgrades(text: Text, seat: dict[str, Any]) -> str:
        items = []
        for upgrade, on in seat["upgrades"].items():
            key = "upgrade_on" if on else "upgrade_off"
            items.append(f'<li class="fp-cr-upgrade{" fp-cr-upgrade-on" if on else ""}" '
                         f'title="{text.html(UI + "upgrade_help." + upgrade)}">'
                         f'{text.html(UI + key, upgrade=upgrade)}</li>')
        return f'<ul class="fp-cr-upgrades">{"".join(items)}</ul>'

    @staticmethod
    def _hidden(text: Text, s: int, value: Any, field: str) -> str:
        """Face-down cards: the owner (and the teacher) see which; others see a count."""
        if isinstance(value, dict):
            count = value["count"]
            backs = "".join('<span class="fp-cr-back"></span>' for _ in range(min(count, 8)))
            return (f'<p class="fp-cr-hidden-count"><span class="fp-cr-backs" aria-hidden="true">'
                    f'{backs}</span>{text.html(UI + "face_down", count=count)}</p>')
        if not value:
            return f'<p class="fp-none">{text.html(UI + "none")}</p>'
        names = "".join(f'<li class="fp-cr-done-card">{esc(text.card(o))}</li>' for o in value)
        label = text(UI + f"{field}_aria", seat=s, count=len(value))
        return (f'<p class="fp-cr-own-note">{text.html(UI + "own_face_down", count=len(value), seat=s)}'  # noqa: E501
                f'</p><ul class="fp-cr-done fp-cr-{field}" aria-label="{esc(label)}">{names}</ul>')

    @staticmethod
    def _legend(view: dict[str, Any], text: Text) -> str:
        items = [f'<li>{text.html(UI + "legend.corner")}</li>',
                 f'<li>{text.html(UI + "legend.ribbon")}</li>',
                 f'<li>{text.html(UI + "legend.steps")}</li>',
                 f'<li>{text.html(UI + "legend.tabs")}</li>']
        items += [f'<li>{text.html(UI + "upgrade_help." + u)}</li>' for u in view["upgrades"]]
        return (f'<details class="fp-zone fp-cr-legend"><summary>{text.html(UI + "legend")}'
                f'</summary><ul>{"".join(items)}</ul></details>')

    # --- progress, scores, header ------------------------------------------------------
    @staticmethod
    def _count(value: Any) -> int:
        return value["count"] if isinstance(value, dict) else len(value)

    def progress(self, view: dict[str, Any], text: Text) -> str:
        penalties = max(self._count(s["penalties"]) for s in view["seats"])
        side = view["start_token"]
        return (f'<div class="fp-progress"><p><strong>{text.html(UI + "token_" + side)}</strong>'
                f'</p><p>{text.html(UI + "deck", count=view["deck"]["count"])}</p>'
                f'<p><label>{text.html(UI + "progress_penalties", count=penalties, limit=PENALTY_LIMIT)} '  # noqa: E501
                f'<progress max="{PENALTY_LIMIT}" value="{min(penalties, PENALTY_LIMIT)}">'
                f"</progress></label></p></div>")

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        """Completed orders and penalty cards lie face down, but how many is public, and so is
        every score (rule P-1)."""
        points = view["scoring"]
        final = view.get("scores")
        out = []
        for s, seat in enumerate(view["seats"]):
            orders, penalties = self._count(seat["completed"]), self._count(seat["penalties"])
            upgrades = sum(seat["upgrades"].values())
            score = (points["order"] * orders + points["upgrade"] * upgrades
                     + points["penalty"] * penalties)
            if final is not None:
                score = final[s]
                words = text(UI + "score_final", count=score)
            else:
                words = text(UI + "score", count=score, orders=orders, upgrades=upgrades,
                             penalties=penalties)
            out.append(KnownScore(score, True, words))
        return out

    def credits(self, game: Game, text: Text) -> str:
        return text("coffee-rush.credits")

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        label = view.get("components", "tutor default")
        if label == "tutor default":
            return text("coffee-rush.components.default")
        return text("coffee-rush.components.custom", label=label)


# --- the move builder --------------------------------------------------------------------
PlayMoves = Callable[[Sequence[Move]], "tuple[int, Verdict] | None"]
DECIDE = "coffee-rush.decide."


_classes = set_classes


def _classed(widget: W, css: str) -> W:
    widget.add_class(css)
    return widget


class Preview:
    """A move in the making, tried on a scratch copy of the present position.

    `moves` are the learner's pending moves (upgrades, then steps); `state` is the copy after
    them, `events` what each one did. The real position is never touched.
    """

    def __init__(self, state: State, seat: int, moves: Sequence[Move]):
        self.base = state
        self.seat = seat
        self.state = state.clone()
        self.events: list[tuple[Move, list]] = []
        for move in moves:
            self.events.append((move, self.state.apply(move)))

    @property
    def view(self) -> dict[str, Any]:
        return self.state.view(self.seat)

    def meeple_at(self, meeple: int) -> tuple[int, int] | None:
        at = self.view["seats"][self.seat]["meeples"][meeple - 1]
        return tuple(at) if at else None

    def try_move(self, move: Move) -> tuple[Verdict, dict[str, Any] | None, list]:
        """The engine's verdict on one more move, and if allowed, the view after it."""
        verdict = self.state.check(move)
        if not verdict.ok:
            return verdict, None, []
        twin = self.state.clone()
        events = twin.apply(move)
        return verdict, twin.view(self.seat), events

    def collected(self) -> list[str]:
        return list(self.view["turn"]["held"])


class MoveBuilder(widgets.VBox):
    """The learner's Coffee Rush decisions in play mode (see the module's docstring).

    Keyboard: every action is a labelled button, reached with Tab. On the board, the cells
    next to the meeple hold "Step to row r, column c" buttons; other cells have none.
    """

    def __init__(self, play_moves: PlayMoves, reader_prefix: str, guard: Guard = unguarded):
        self.play_moves = play_moves
        self.prefix = reader_prefix
        self.guard = guard
        self.heading = widgets.HTML()
        self.heading.add_class("fp-cr-editor-head")
        self.meeple_choice = widgets.ToggleButtons(options=[], layout=widgets.Layout(width="auto"))
        self.meeple_choice.add_class("fp-cr-meeple-choice")
        self.upgrade_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.upgrade_row.add_class("fp-cr-upgrade-row")
        self.upgrade_buttons: dict[str, widgets.Button] = {}
        self.grid = widgets.GridBox(layout=widgets.Layout(width="auto"))
        self.grid.add_class("fp-cr-grid")
        self.cells: list[tuple[widgets.HTML, widgets.Button, widgets.VBox]] = []
        self.preview = widgets.HTML()
        self.preview.add_class("fp-cr-preview")
        self.stop = widgets.Button(layout=widgets.Layout(width="auto"), button_style="success")
        self.stop.add_class("fp-cr-stop")
        self.back = widgets.Button(layout=widgets.Layout(width="auto"))
        self.back.add_class("fp-cr-back-step")
        self.clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear.add_class("fp-cr-clear")
        self.actions = widgets.HBox([self.stop, self.back, self.clear])
        self.actions.add_class("fp-cr-actions")
        self.choices = widgets.VBox()
        self.choices.add_class("fp-cr-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.choice_moves: dict[Move, widgets.Button] = {}
        # the choice rows' widgets are made once and reused from these pools (a closed widget
        # would leave its layout and style models behind); `_slot_moves[i]` is button i's move
        self._choice_layout = widgets.Layout(width="auto")  # one for all: never changed
        self._choice_style = widgets.ButtonStyle()
        self._choice_pool: Pool[widgets.Button] = Pool(self._make_choice)
        self._row_pool: Pool[widgets.HBox] = Pool(lambda _: _classed(widgets.HBox(),
                                                                     "fp-cr-choice-row"))
        self._label_pool: Pool[widgets.HTML] = Pool(lambda _: _classed(widgets.HTML(),
                                                                       "fp-cr-choice-label"))
        self._slot_moves: list[Move] = []  # the pool's choice button i makes _slot_moves[i]
        self.upgrade_label = widgets.HTML()
        self.upgrade_label.add_class("fp-cr-upgrade-label")
        self.cups = widgets.HTML()
        self.cups.add_class("fp-cr-cups-panel")
        self.result = widgets.HTML()
        self.result.add_class("fp-cr-editor-result")
        self.stop.on_click(guard(lambda _: self.submit()))
        self.back.on_click(guard(lambda _: self.step_back()))
        self.clear.on_click(guard(lambda _: self.start_again()))
        self.meeple_choice.observe(guard(self._meeple_chosen), "value")
        side = widgets.VBox([self.preview, self.actions])
        side.add_class("fp-cr-editor-side")
        self.body = widgets.HBox([self.grid, side])
        self.body.add_class("fp-cr-editor-body")
        self.lower = widgets.HBox([self.choices, self.cups])
        self.lower.add_class("fp-cr-editor-lower")
        super().__init__([self.heading, self.meeple_choice, self.upgrade_row, self.body,
                          self.lower, self.result])
        self.add_class("fp-cr-editor")
        self.layout.display = "none"
        self.pending: list[Move] = []
        self._ctx: Context | None = None
        self._key: tuple | None = None
        self._quiet = False
        self._targets: dict[int, Move] = {}  # cell index -> the move its button makes

    # --- drawing -----------------------------------------------------------------------
    @staticmethod
    def applies(ctx: Context) -> bool:
        """The learner's own decision, at the present step of play mode."""
        decision = ctx.decision()
        return (ctx.mode == "play" and ctx.at_present and decision is not None
                and ctx.learner in decision.seats and decision.kind.startswith(DECIDE))

    def render(self, ctx: Context) -> bool:
        """Draw for `ctx`; whether the builder takes the learner's decision now."""
        self._ctx = ctx
        if not self.applies(ctx):
            self.layout.display = "none"
            self._key = None
            return False
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.learner)
        if key != self._key:
            self.pending = []
            self.result.value = ""
            self._key = key
        self.layout.display = ""
        self._draw()
        return True

    @property
    def phase(self) -> str:
        return self._ctx.decision().kind[len(DECIDE):]

    def _text(self) -> Text:
        return self._ctx.text

    def _draw(self) -> None:
        ctx = self._ctx
        text = self._text()
        phase = self.phase
        seat = ctx.learner
        try:
            preview = Preview(ctx.state, seat, self.pending)
        except Exception:  # a pending move went stale: start the move again
            self.pending = []
            preview = Preview(ctx.state, seat, [])
        self._preview = preview
        view = preview.view
        help_key = f"{UI}editor.help.{phase}"
        held = view["turn"]["held"]
        title = text.html(f"{UI}editor.title.{phase}", ingredient=held[0] if held else "")
        self.heading.value = (f'<h4 class="fp-cr-editor-title">{title}</h4>'
                              f'<p class="fp-cr-editor-help">{text.html(help_key)}</p>')
        on_board = phase in ("place", "move")
        self._draw_meeples(preview, text)
        self._draw_upgrades(preview, text)
        self._draw_grid(preview, text)
        self.body.layout.display = "" if on_board else "none"
        self.stop.remove_class("fp-cr-hinted")
        if phase == "move":
            self._draw_move_preview(preview, text)
            self.actions.layout.display = ""
        else:
            self.preview.value = ""
            self.actions.layout.display = "none"
        self._draw_choices(preview, text)
        self._draw_cups(preview, text)

    # the meeple to move (two players) and the upgrades
    def _fixed_meeple(self, preview: Preview) -> int | None:
        """The meeple this move uses, once a step is taken (or pending)."""
        turn = preview.view["turn"]
        return turn["meeple"]

    def _draw_meeples(self, preview: Preview, text: Text) -> None:
        view = preview.view
        meeples = view["seats"][self.learner]["meeples"]
        show = self.phase == "move" and len(meeples) > 1 and \
            self._fixed_meeple(preview) is None and view["phase"] == "move"
        self._quiet = True
        try:
            options = [(text(UI + "editor.meeple_n", meeple=m, row=at[0], col=at[1]), m)
                       for m, at in enumerate(meeples, start=1) if at]
            if list(self.meeple_choice.options) != options:
                current = self.meeple_choice.value
                self.meeple_choice.options = options
                values = [v for _, v in options]
                self.meeple_choice.value = current if current in values else \
                    (values[0] if values else None)
            self.meeple_choice.description = text(UI + "editor.meeple")
        finally:
            self._quiet = False
        self.meeple_choice.layout.display = "" if show else "none"

    @property
    def learner(self) -> int:
        return self._ctx.learner

    def _meeple(self, preview: Preview) -> int:
        fixed = self._fixed_meeple(preview)
        if fixed is not None:
            return fixed
        return self.meeple_choice.value or 1

    def _meeple_chosen(self, change: dict) -> None:
        if self._quiet or self._ctx is None:
            return
        self.result.value = ""
        self._draw()

    def _draw_upgrades(self, preview: Preview, text: Text) -> None:
        view = preview.view
        seat = view["seats"][self.learner]
        completed = seat["completed"]
        show = (self.phase == "move" and view["phase"] == "move" and view["turn"]["steps"] == 0
                and isinstance(completed, list))
        buttons = []
        if show:
            pending = {m.get("upgrade") for m in self.pending if m.kind == "upgrade"}
            for upgrade, on in seat["upgrades"].items():
                if on and upgrade not in pending:
                    continue
                button = self.upgrade_buttons.get(upgrade)
                if button is None:
                    button = widgets.Button(layout=widgets.Layout(width="auto"))
                    button.on_click(self.guard(lambda _, u=upgrade: self.add_upgrade(u)))
                    self.upgrade_buttons[upgrade] = button
                if upgrade in pending:
                    button.description = text(UI + "editor.upgrade_pending", upgrade=upgrade)
                    button.disabled = True
                    _classes(button, "fp-cr-upgrade-button", "fp-cr-upgrade-pending")
                else:
                    button.description = text(UI + "editor.upgrade", upgrade=upgrade)
                    button.disabled = len(completed) < UPGRADE_COST
                    _classes(button, "fp-cr-upgrade-button")
                button.tooltip = text(UI + "upgrade_help." + upgrade)
                buttons.append(button)
        show = show and (len(completed) >= UPGRADE_COST or any(
            m.kind == "upgrade" for m in self.pending))
        label = self.upgrade_label
        label.value = text.html(UI + "editor.upgrades", count=len(completed)
                                if isinstance(completed, list) else 0, cost=UPGRADE_COST)
        set_children(self.upgrade_row, [label, *buttons] if show else [])
        self.upgrade_row.layout.display = "" if show else "none"

    # the board of buttons
    def _ensure_cells(self, rows: int, cols: int) -> None:
        if len(self.cells) == rows * cols:
            return
        self.cells = []
        for i in range(rows * cols):
            face = widgets.HTML()
            face.add_class("fp-cr-face")
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.on_click(self.guard(lambda _, i=i: self.click_cell(i)))
            box = widgets.VBox([face, button])
            self.cells.append((face, button, box))
        self.grid.children = [box for _, _, box in self.cells]
        self.grid.layout.grid_template_columns = f"repeat({cols}, minmax(7.5em, 1fr))"

    def _draw_grid(self, preview: Preview, text: Text) -> None:
        view = preview.view
        board = view["board"]
        rows, cols = board["rows"], board["cols"]
        self._ensure_cells(rows, cols)
        self._targets = {}
        phase = view["phase"]
        seat = self.learner
        two = any(len(s["meeples"]) > 1 for s in view["seats"])
        marks = CoffeeRushRenderer.path_marks(view) if phase in ("move", "pour") else {}
        meeple = self._meeple(preview)
        here = preview.meeple_at(meeple) if phase == "move" else None
        for i, cell in enumerate(board["cells"]):
            face, button, box = self.cells[i]
            r, c = cell["row"], cell["col"]
            steps = marks.get((r, c), [])
            mine = any(s == seat and m == meeple for s, m in cell["meeples"])
            face.value = self._face(text, cell, steps, two, seat, meeple if phase == "move"
                                    else None)
            kind, label, tip = self._cell_action(preview, text, cell, here, meeple)
            box_classes = ["fp-cr-grid-cell", f"fp-cr-i-{cell['ingredient']}"]
            if steps:
                box_classes.append("fp-cr-on-path")
            if mine and phase == "move":
                box_classes.append("fp-cr-here")
            if kind is None:
                button.layout.display = "none"
                _classes(button, "fp-cr-cell-button")
            else:
                button.layout.display = ""
                button.description = label
                button.tooltip = tip
                button.disabled = False
                box_classes.append(f"fp-cr-{kind}-cell")
                _classes(button, "fp-cr-cell-button", f"fp-cr-{kind}")
            _classes(box, *box_classes)

    @staticmethod
    def _face(text: Text, cell: dict[str, Any], steps: list[int], two: bool, seat: int,
              meeple: int | None) -> str:
        r, c = cell["row"], cell["col"]
        marks = []
        if cell["corner"]:
            marks.append(f'<span class="fp-cr-mark">{text.html(UI + "corner")}</span>')
        if cell["ribbon"]:
            marks.append(f'<span class="fp-cr-mark fp-cr-mark-ribbon"><span aria-hidden="true">'
                         f'★ </span>{text.html(UI + "ribbon")}</span>')
        pawns = "".join(pawn(text, s, m, two, " fp-cr-mine" if s == seat and m == meeple else "")
                        for s, m in cell["meeples"])
        path = ""
        if steps:
            labels = [text(UI + ("path_start" if n == 0 else "path_step"), n=n) for n in steps]
            shown = "".join(f'<span class="fp-cr-step-badge{" fp-cr-start" if n == 0 else ""}" '
                            f'aria-hidden="true">{n if n else "●"}</span>' for n in steps)
            path = (f'<span class="fp-cr-steps">{shown}<span class="fp-sr">'
                    f'{esc(text.catalogue.join(labels))}</span></span>')
        where = text.html(UI + "cell_ref_cap", row=r, col=c)
        return (f'<div class="fp-cr-face-inner">{path}<span class="fp-cr-where">{where}</span>'
                f'<span class="fp-cr-cell-name">{esc(text.card(cell["ingredient"]))}</span>'
                f'<span class="fp-cr-marks">{"".join(marks)}</span>'
                f'<span class="fp-cr-pawns">{pawns}</span></div>')

    def _cell_action(self, preview: Preview, text: Text, cell: dict[str, Any],
                     here: tuple[int, int] | None, meeple: int
                     ) -> tuple[str | None, str, str]:
        """What a cell's button does now: ("place" | "step" | "refused" | None, label, tip)."""
        view = preview.view
        state_phase = view["phase"]
        r, c = cell["row"], cell["col"]
        i = (r - 1) * view["board"]["cols"] + c - 1
        ingredient = cell["ingredient"]
        if state_phase == "place":
            if cell["meeples"]:
                return None, "", ""
            move = Move.make(self.learner, "place", row=r, col=c)
            self._targets[i] = move
            return ("place", text(UI + "editor.place_here", row=r, col=c),
                    text(UI + "editor.place_tip", row=r, col=c, ingredient=ingredient))
        if state_phase != "move" or here is None:
            return None, "", ""
        diagonal = view["seats"][self.learner]["upgrades"].get("diagonal", False)
        dr, dc = abs(r - here[0]), abs(c - here[1])
        if max(dr, dc) != 1 or (dr and dc and not diagonal):
            return None, "", ""
        move = Move.make(self.learner, "step", meeple=meeple, row=r, col=c)
        self._targets[i] = move
        verdict, after, _ = preview.try_move(move)
        if not verdict.ok:
            return ("refused", text(UI + "editor.why_not", row=r, col=c),
                    text(UI + "editor.why_not_tip", row=r, col=c))
        gained = len(after["turn"]["held"]) - len(view["turn"]["held"])
        paid = view["seats"][self.learner]["rush"] - after["seats"][self.learner]["rush"]
        key = "editor.step_here_rush" if paid else "editor.step_here"
        tip = text(UI + ("editor.step_tip_rush" if paid else "editor.step_tip"), meeple=meeple,
                   row=r, col=c, count=gained, ingredient=ingredient)
        return "step", text(UI + key, row=r, col=c, count=gained, ingredient=ingredient), tip

    # the move preview
    def _draw_move_preview(self, preview: Preview, text: Text) -> None:
        view = preview.view
        turn = view["turn"]
        seat = view["seats"][self.learner]
        parts = [f'<h5>{text.html(UI + "editor.path_title")}</h5>']
        committed = len(preview.base.view(self.learner)["turn"]["path"])
        path = turn["path"]
        if path:
            items = []
            gains = self._gains(preview)
            for n, (r, c) in enumerate(path):
                if n == 0:
                    items.append(f'<li class="fp-cr-path-start">'
                                 f'{text.html(UI + "editor.path_start", row=r, col=c)}</li>')
                    continue
                got = gains.get(n, [])
                ingredient = view["board"]["cells"][(r - 1) * view["board"]["cols"] + c - 1][
                    "ingredient"]
                if n < committed:
                    items.append(f'<li class="fp-cr-path-done">'
                                 f'{text.html(UI + "editor.path_taken", n=n, row=r, col=c)}</li>')
                    continue
                words = text.html(UI + "editor.path_step", n=n, row=r, col=c, count=len(got),
                                  ingredient=ingredient)
                items.append(f'<li class="fp-cr-path-new">{words}</li>')
            parts.append(f'<ul class="fp-cr-path-steps">{"".join(items)}</ul>')
        else:
            here = preview.meeple_at(self._meeple(preview))
            parts.append(f'<p>{text.html(UI + "editor.no_path", row=here[0], col=here[1])}</p>')
        collected = preview.collected()
        if collected:
            items = text.catalogue.join([text(UI + "amount", count=n, ingredient=i)
                                         for i, n in Counter(collected).items()])
            parts.append(f'<p class="fp-cr-collect"><strong>'
                         f'{text.html(UI + "editor.collect", items=items, count=len(collected))}'
                         f'</strong></p>' + chips(text, collected, text(UI + "holding"),
                                                  grouped=True))
        else:
            parts.append(f'<p class="fp-cr-collect">{text.html(UI + "editor.collect_none")}</p>')
        start_rush = preview.base.view(self.learner)["seats"][self.learner]["rush"]
        paid = start_rush - seat["rush"]
        parts.append(f'<p class="fp-cr-budget">'
                     f'{text.html(UI + "editor.budget", count=turn["steps"], free=turn["free_steps"], rush=seat["rush"])}'  # noqa: E501
                     f"</p>")
        if paid:
            parts.append(f'<p class="fp-cr-rush-cost">'
                         f'{text.html(UI + "editor.rush_cost", count=paid)}</p>')
        # what the rules say about the pending moves (bonuses, passing through, a short supply)
        sentences = []
        for _, events in preview.events:
            sentences += explain(preview.state, events, self.learner, text.lang)
        if sentences:
            items = "".join(
                f'<li><p>{esc(s.text)}</p><p class="fp-cites">'
                + " ".join(f"{clause_link(text, c, self.prefix)} {badge(text, c)}"
                           for c in s.clauses) + "</p></li>" for s in sentences)
            parts.append(f'<details class="fp-cr-rules"><summary>'
                         f'{text.html(UI + "editor.rules", count=len(sentences))}</summary>'
                         f'<ol class="fp-sentences">{items}</ol></details>')
        still = preview.state.decision() is not None and \
            preview.state.decision().kind == DECIDE + "move"
        if still:
            verdict = preview.state.check(Move.make(self.learner, "stop"))
            if verdict.ok:
                parts.append(f'<p class="fp-cr-stop-ok" role="status">'
                             f'{text.html(UI + "editor.stop_ok")}</p>')
            else:
                clause = preview.state.game.rulebook()[verdict.clause]
                parts.append(f'<div class="fp-cr-stop-no fp-refusal" role="status">'
                             f'<p class="fp-refusal-title">{text.html(UI + "editor.stop_no")}</p>'
                             f'<p class="fp-refusal-reason">'
                             f'{esc(reason_text(preview.state, verdict, text.lang))}</p>'
                             f'<p class="fp-cites">{clause_link(text, clause, self.prefix)} '
                             f'{badge(text, clause)}</p></div>')
        else:
            parts.append(f'<p class="fp-cr-stop-ok" role="status">'
                         f'{text.html(UI + "editor.ended")}</p>')
        self.preview.value = f'<div class="fp-cr-preview-box">{"".join(parts)}</div>'
        steps_pending = any(m.kind == "step" for m in self.pending)
        if not still:
            self.stop.description = text(UI + "editor.confirm")
            self.stop.tooltip = text(UI + "editor.confirm_tip")
        elif not steps_pending and turn["steps"] == 0:
            self.stop.description = text(UI + "editor.stay")
            self.stop.tooltip = text(UI + "editor.stay_tip")
        else:
            self.stop.description = text(UI + "editor.stop")
            self.stop.tooltip = text(UI + "editor.stop_tip")
        self.back.description = text(UI + "editor.back")
        self.back.tooltip = text(UI + "editor.back_tip")
        self.clear.description = text(UI + "editor.clear")
        self.clear.tooltip = text(UI + "editor.clear_tip")
        self.back.disabled = self.clear.disabled = not self.pending

    @staticmethod
    def _gains(preview: Preview) -> dict[int, list[str]]:
        """Path index -> what each pending step collects (tried again on a scratch copy)."""
        base_turn = preview.base.view(preview.seat)["turn"]
        n = base_turn["steps"]
        before = Counter(base_turn["held"])
        state = preview.base.clone()
        gains: dict[int, list[str]] = {}
        for move, _ in preview.events:
            state.apply(move)
            if move.kind != "step":
                continue
            n += 1
            after = Counter(state.view(preview.seat)["turn"]["held"])
            gains[n] = list((after - before).elements())
            before = after
        return gains

    # pour, serve and set-up choices
    def _draw_choices(self, preview: Preview, text: Text) -> None:
        for pool in (self._choice_pool, self._row_pool, self._label_pool):
            pool.rewind()
        self.choice_buttons = []
        self.choice_moves = {}
        self._slot_moves = []
        rows: list[widgets.Widget] = []
        view = preview.view
        phase = view["phase"]
        seat = self.learner
        if self.phase in ("pour", "setup_pour", "serve") and not self.pending:
            state = self._ctx.state
            legal = state.legal_moves(seat)
            cups = view["seats"][seat]["cups"]
            if phase in ("pour", "setup_pour"):
                held = Counter(view["turn"]["held"])
                for ingredient, count in held.items():
                    label = self._label_pool.take()
                    label.value = (f'<ul class="fp-cr-chips">'
                                   f'{chip(text, ingredient, count=count)}</ul>')
                    buttons = []
                    for k, cup in enumerate(cups, start=1):
                        move = Move.make(seat, "pour", cup=k, ingredient=ingredient)
                        if move not in legal:
                            continue
                        after = sorted([*cup, ingredient], key=list(view["supply"]).index)
                        buttons.append(self._choice(
                            move, text(UI + "editor.pour_into", ingredient=ingredient, cup=k),
                            text(UI + "editor.pour_tip", cup=k, contents=after), "fp-cr-pour"))
                    move = Move.make(seat, "return", ingredient=ingredient)
                    if move in legal:
                        buttons.append(self._choice(
                            move, text(UI + "editor.return", ingredient=ingredient),
                            text(UI + "editor.return_tip", ingredient=ingredient),
                            "fp-cr-return"))
                    rows.append(self._row([label, *buttons]))
                extra = []
                for k, cup in enumerate(cups, start=1):
                    move = Move.make(seat, "empty", cup=k)
                    if move in legal:
                        extra.append(self._choice(
                            move, text(UI + "editor.empty", cup=k),
                            text(UI + "editor.empty_tip", cup=k, contents=cup,
                                 count=len(cup)), "fp-cr-empty"))
                move = Move.make(seat, "done")
                if move in legal:
                    key = "editor.done_leftover" if held else "editor.done"
                    extra.append(self._choice(move, text(UI + key),
                                              text(UI + key + "_tip"), "fp-cr-finish"))
                if extra:
                    rows.append(self._row(extra))
            elif phase == "serve":
                buttons = []
                for move in legal:
                    cup = move.get("cup")
                    buttons.append(self._choice(
                        move, text(UI + "editor.serve", cup=cup, order=move.get("order"),
                                   tab=move.get("tab")),
                        text(UI + "editor.serve_tip", cup=cup, order=move.get("order"),
                             tab=move.get("tab"), contents=cups[cup - 1]), "fp-cr-serve"))
                rows.append(self._row(buttons))
        set_children(self.choices, rows)
        self.choices.layout.display = "" if rows else "none"

    def _row(self, children: list[widgets.Widget]) -> widgets.HBox:
        row = self._row_pool.take()
        set_children(row, children)
        return row

    def _make_choice(self, place: int) -> widgets.Button:
        button = widgets.Button(layout=self._choice_layout, style=self._choice_style)
        button.on_click(self.guard(lambda _: self.play([self._slot_moves[place]])))
        return button

    def _choice(self, move: Move, label: str, tip: str, css: str) -> widgets.Button:
        self._slot_moves.append(move)
        button = self._choice_pool.take()
        with button.hold_sync():  # one message for the button's changes, none if unchanged
            button.description, button.tooltip = label, tip
            _classes(button, "fp-cr-choice", css)  # a hint's mark goes with the old move
        self.choice_buttons.append(button)
        self.choice_moves[move] = button
        return button

    def choice_for(self, move: Move) -> widgets.Button | None:
        """The pour, serve or set-up button that makes `move`, if it is shown."""
        return self.choice_moves.get(move)

    def _draw_cups(self, preview: Preview, text: Text) -> None:
        """The learner's cups against the orders on their board: what is ready to serve and
        what each cup still needs."""
        if self.phase not in ("pour", "serve", "setup_pour"):
            self.cups.value = ""
            self.cups.layout.display = "none"
            return
        seat = preview.view["seats"][self.learner]
        items = []
        for k, cup in enumerate(seat["cups"], start=1):
            contents = "".join(chip(text, i) for i in cup) or \
                f'<li class="fp-none">{text.html(UI + "cup_empty")}</li>'
            notes = []
            ready = cup_matches(cup, seat["tabs"])
            for tab, order in ready[:2]:
                notes.append(f'<li class="fp-cr-ready">'
                             f'{text.html(UI + "cup_ready", order=order["id"], tab=tab)}</li>')
            if not ready:
                toward = cup_progress(cup, seat["tabs"])
                for tab, order, need in toward[:2]:
                    notes.append(f'<li>{text.html(UI + "cup_toward", order=order["id"], tab=tab, need=need)}</li>')  # noqa: E501
                if cup and not toward:
                    notes.append(f'<li class="fp-cr-dead">{text.html(UI + "cup_dead")}</li>')
            items.append(f'<li class="fp-cr-cup{" fp-cr-cup-ready" if ready else ""}">'
                         f'<span class="fp-cr-cup-name">{text.html(UI + "cup_n", cup=k)}</span>'
                         f'<ul class="fp-cr-chips">{contents}</ul>'
                         f'<ul class="fp-cr-cup-notes">{"".join(notes)}</ul></li>')
        self.cups.value = (f'<div class="fp-cr-cups-box"><h5>{text.html(UI + "editor.cups")}</h5>'
                           f'<ul class="fp-cr-cups">{"".join(items)}</ul></div>')
        self.cups.layout.display = ""

    # --- actions -----------------------------------------------------------------------
    def click_cell(self, index: int) -> None:
        """A board button: place there, add a step to the path, or say why not."""
        ctx = self._ctx
        if ctx is None or not self.applies(ctx):
            return
        move = self._targets.get(index)
        if move is None:
            return
        if move.kind == "place":
            self.play([move])
            return
        verdict = self._preview.state.check(move)
        if not verdict.ok:
            self.show_refusal(self._preview.state, move, verdict, "editor.refused_step")
            return
        self.pending.append(move)
        self.result.value = ""
        self._draw()

    def step_to(self, row: int, col: int) -> None:
        """Press the button of the cell at (row, col), as a click would (tests, lessons)."""
        cols = self._preview.view["board"]["cols"]
        self.click_cell((row - 1) * cols + col - 1)

    def cell_button(self, row: int, col: int) -> widgets.Button:
        cols = self._preview.view["board"]["cols"]
        return self.cells[(row - 1) * cols + col - 1][1]

    def add_upgrade(self, upgrade: str) -> None:
        move = Move.make(self.learner, "upgrade", upgrade=upgrade)
        verdict = self._preview.state.check(move)
        if not verdict.ok:
            self.show_refusal(self._preview.state, move, verdict, "editor.refused_step")
            return
        self.pending.append(move)
        self.result.value = ""
        self._draw()

    def show_hint(self, move: Move) -> None:
        """Mark the button that makes the hint's `move` (the move panel's Hint calls this)."""
        if self._ctx is None or not self.applies(self._ctx):
            return
        if move.kind in ("step", "place") and not self.pending:
            if move.kind == "step" and self.meeple_choice.layout.display != "none" and \
                    self.meeple_choice.value != move.get("meeple"):
                self.meeple_choice.value = move.get("meeple")  # redraws for that meeple
            found = [i for i, m in self._targets.items() if m == move]
            button = self.cells[found[0]][1] if found else None
        elif move.kind == "upgrade" and not self.pending:
            button = self.upgrade_buttons.get(move.get("upgrade"))
        elif move.kind == "stop" and not self.pending:
            button = self.stop
        else:
            button = self.choice_for(move)
        if button is not None:
            button.add_class("fp-cr-hinted")

    def step_back(self) -> None:
        if self.pending:
            self.pending.pop()
        self.result.value = ""
        self._draw()

    def start_again(self) -> None:
        self.pending = []
        self.result.value = ""
        self._draw()

    def moves(self) -> list[Move]:
        """The pending moves, ended with `stop` if the move is still open."""
        preview = self._preview
        decision = preview.state.decision()
        moves = list(self.pending)
        if decision is not None and decision.kind == DECIDE + "move":
            moves.append(Move.make(self.learner, "stop"))
        return moves

    def submit(self) -> None:
        """"Stop here": play the whole move, or show why the engine refuses it (nothing
        played)."""
        if self._ctx is None or not self.applies(self._ctx):
            return
        self.play(self.moves())

    def play(self, moves: list[Move]) -> None:
        ctx = self._ctx
        refused = self.play_moves(moves)
        if refused is None:
            return  # played: the app has redrawn everything, this builder included
        index, verdict = refused
        state = ctx.state.clone()
        for move in moves[:index]:
            state.apply(move)
        self.show_refusal(state, moves[index], verdict, "editor.refused")

    def show_refusal(self, state: State, move: Move, verdict: Verdict, key: str) -> None:
        self.result.value = refusal_html(self._text(), state, move, verdict, UI + key,
                                         self.prefix)


INGREDIENT_COLOURS = {  # background, text
    "coffee": ("#6f4e37", "#fff"), "milk": ("#fffaf0", "#1f2328"),
    "steam": ("#e5e7eb", "#1f2328"), "ice": ("#d0f0fd", "#0a3069"),
    "chocolate": ("#4b2e1e", "#fff"), "caramel": ("#e0a84a", "#1f2328"),
    "tea": ("#b7e4b0", "#0d4a1f"), "water": ("#8fd3f0", "#0a3069"),
}
SEAT_COLOURS = ("#1b6ca8", "#c2410c", "#15803d", "#7e22ce", "#a16207")

CSS = """
.fp-coffee-rush .fp-cr-status > .fp-zone { flex: 1 1 14em; min-width: 0; }
.fp-cr-token-line, .fp-cr-deck-line { display: flex; gap: 8px; align-items: center; }
.fp-cr-token { display: inline-block; width: 1.6em; height: 1.6em; border-radius: 50%;
  border: 3px solid; flex: none; }
.fp-cr-token-open { background: radial-gradient(circle, #fff 0 30%, #2da44e 31% 100%);
  border-color: #116329; }
.fp-cr-token-closed { background: repeating-linear-gradient(45deg, #cf222e 0 4px, #a40e26 4px 8px);
  border-color: #82071e; }
.fp-cr-token-why { font-size: 0.88em; color: #57606a; }
.fp-cr-deck-stack { display: inline-block; width: 1.6em; height: 2.1em; border-radius: 4px;
  border: 2px solid #5a3a22; box-shadow: 2px 2px 0 #5a3a22, 4px 4px 0 #8a5a3a;
  background: repeating-linear-gradient(45deg, #8a5a3a 0 5px, #b07a52 5px 10px); }
.fp-cr-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-cr-middle { display: flex; gap: 8px; flex-wrap: wrap; align-items: flex-start; }
.fp-cr-middle > .fp-table-part:has(.fp-cr-board-zone) { flex: 0 1 auto; }
.fp-cr-middle > .fp-table-part:has(.fp-cr-side) { flex: 1 1 14em; min-width: 12em; }
.fp-cr-side { display: flex; flex-direction: column; gap: 8px; }
.fp-cr-board { border-collapse: separate; border-spacing: 4px; }
.fp-cr-board caption { text-align: left; font-weight: 600; font-size: 0.95em; }
.fp-cr-board th { font-size: 0.8em; color: #57606a; font-weight: 600; padding: 0 2px; }
.fp-cr-cell { width: 6.4em; height: 4.6em; vertical-align: top; border-radius: 8px;
  border: 2px solid rgba(0,0,0,0.25); padding: 3px 5px; position: relative; }
.fp-cr-cell-name { display: block; font-weight: 700; font-size: 0.95em; }
.fp-cr-marks { display: flex; gap: 3px; flex-wrap: wrap; }
.fp-cr-mark { font-size: 0.68em; font-weight: 600; border-radius: 4px; padding: 0 4px;
  background: rgba(255,255,255,0.8); color: #24292f; border: 1px solid rgba(0,0,0,0.25); }
.fp-cr-mark-ribbon { background: #fff1b8; color: #7a4a00; border-color: #bf8700; }
.fp-cr-corner { border-style: double; border-width: 4px; }
.fp-cr-pawns { display: flex; flex-wrap: wrap; gap: 2px; margin-top: 2px; }
.fp-cr-pawn { display: inline-flex; align-items: center; gap: 3px; font-size: 0.72em;
  font-weight: 700; background: #fff; color: var(--fp-cr-seat); border-radius: 999px;
  padding: 0 6px 0 2px; border: 2px solid var(--fp-cr-seat); }
.fp-cr-pawn-dot { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
  background: var(--fp-cr-seat); flex: none; }
.fp-cr-pawn.fp-cr-moving, .fp-cr-pawn.fp-cr-mine { box-shadow: 0 0 0 3px #ffd33d; }
.fp-cr-on-path { outline: 3px solid #0969da; outline-offset: 1px; }
.fp-cr-steps { position: absolute; top: -9px; right: -6px; display: flex; gap: 2px; }
.fp-cr-step-badge { background: #0969da; color: #fff; border-radius: 999px; font-size: 0.72em;
  min-width: 1.5em; line-height: 1.5em; text-align: center; font-weight: 700;
  border: 1px solid #fff; }
.fp-cr-step-badge.fp-cr-start { background: #57606a; }
.fp-cr-turn h4, .fp-cr-supply h4 { margin-bottom: 4px !important; }
.fp-cr-path-list { margin: 2px 0; padding-left: 1.8em; font-size: 0.9em; }
.fp-cr-sub { font-size: 0.88em; color: #57606a; font-weight: 600; }
.fp-cr-chips { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0;
  padding: 0; }
.fp-cr-ing { display: inline-block; border-radius: 999px; padding: 1px 9px; font-size: 0.82em;
  font-weight: 600; border: 1px solid rgba(0,0,0,0.35); }
.fp-cr-small .fp-cr-ing { font-size: 0.7em; padding: 0 6px; }
.fp-cr-ing.fp-cr-out { opacity: 0.55; text-decoration: line-through; }
.fp-cr-ing.fp-changed { outline: 3px solid #e3b341; outline-offset: 1px; }
.fp-cr-turn-part { border-radius: 6px; padding: 0 4px; }
.fp-cr-seats { grid-template-columns: repeat(auto-fit, minmax(38em, 1fr)); }
.fp-coffee-rush .fp-seat-row { grid-template-columns: minmax(6em, 7.5em) minmax(0, 1fr); }
.fp-cr-seat { border-top: 5px solid var(--fp-cr-seat); }
.fp-cr-seat .fp-player-name { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.fp-cr-seat-acting { box-shadow: 0 0 0 3px #fff1e5; border-color: #fb8f44; }
.fp-cr-cups { display: flex; gap: 6px; flex-wrap: wrap; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-cup { border: 2px solid #8c959f; border-radius: 4px 4px 14px 14px; padding: 2px 6px 4px;
  min-width: 6em; background: #fff; }
.fp-cr-cup-ready { border-color: #1a7f37; background: #f0fff4; }
.fp-cr-cup-name { font-size: 0.75em; font-weight: 700; color: #57606a; }
.fp-cr-ready { font-size: 0.78em; font-weight: 700; color: #116329; }
.fp-cr-tabs { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 4px;
  width: 100%; list-style: none; margin: 0; padding: 0; }
.fp-cr-tab { border: 1px dashed #8c959f; border-radius: 6px; padding: 2px 4px; min-height: 3em;
  background: #f6f8fa; }
.fp-cr-tab-name { font-size: 0.72em; font-weight: 700; color: #57606a; display: block; }
.fp-cr-tab-warn { border: 2px solid #cf222e; background: #fff5f5; }
.fp-cr-tab-warn .fp-cr-tab-name { color: #82071e; }
.fp-cr-orders { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column;
  gap: 3px; }
.fp-cr-order { background: #fffdf5; border: 1px solid #bf8700; border-radius: 6px;
  padding: 2px 4px; }
.fp-cr-order-name { display: block; font-size: 0.8em; font-weight: 700; }
.fp-cr-specialty { background: #fff8c5; border: 2px solid #9a6700; }
.fp-cr-special-mark { font-size: 0.68em; font-weight: 700; color: #7a4a00; }
.fp-cr-rush { display: flex; gap: 6px; align-items: center; }
.fp-cr-rush-tokens { display: inline-flex; gap: 2px; }
.fp-cr-rush-token { width: 0.9em; height: 0.9em; border-radius: 50%; background: #cf222e;
  border: 2px solid #82071e; }
.fp-cr-upgrades { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-upgrade { font-size: 0.78em; border: 1px dashed #8c959f; border-radius: 6px;
  padding: 1px 6px; color: #57606a; background: #f6f8fa; }
.fp-cr-upgrade-on { border: 2px solid #6e40c9; background: #fbefff; color: #3e1f79;
  font-weight: 700; }
.fp-cr-backs { display: inline-flex; margin-right: 6px; }
.fp-cr-counts { display: flex; flex-wrap: wrap; gap: 6px; }
.fp-cr-count { border: 1px solid #d0d7de; border-radius: 6px; padding: 1px 8px;
  min-width: 7em; }
.fp-cr-count h5 { font-size: 0.75em; color: #57606a; }
.fp-cr-count p { font-size: 0.9em; }
.fp-cr-back { width: 0.9em; height: 1.3em; border-radius: 2px; border: 1px solid #5a3a22;
  background: repeating-linear-gradient(45deg, #8a5a3a 0 3px, #b07a52 3px 6px); }
.fp-cr-back + .fp-cr-back { margin-left: -0.4em; }
.fp-cr-hidden-count { display: flex; align-items: center; }
.fp-cr-own-note { font-size: 0.8em; color: #57606a; }
.fp-cr-done { display: flex; flex-wrap: wrap; gap: 3px; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-done-card { font-size: 0.75em; border: 1px solid #8c959f; border-radius: 4px;
  padding: 0 4px; background: #f6f8fa; }
.fp-cr-penalties .fp-cr-done-card { border-color: #cf222e; background: #fff5f5; }
.fp-cr-banner { border-radius: 8px; padding: 6px 12px; }
.fp-cr-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 700;
  font-size: 1.1em; }
.fp-cr-legend summary { font-weight: 600; cursor: pointer; }
.fp-cr-legend ul { margin: 4px 0; padding-left: 1.2em; font-size: 0.9em; }
.fp-game-coffee-rush .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }

/* the move builder */
.fp-cr-editor { border: 2px solid #1a7f37; border-radius: 8px; padding: 8px 12px;
  background: #f0fff4; gap: 8px; }
.fp-cr-editor-title { font-size: 1.1em; }
.fp-cr-editor-help { font-size: 0.92em; }
.fp-cr-editor-body { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cr-editor-side { flex: 1 1 20em; min-width: 16em; gap: 6px; }
.fp-cr-editor-lower { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cr-grid { gap: 6px; }
.fp-cr-grid-cell { border: 2px solid rgba(0,0,0,0.25); border-radius: 10px; padding: 4px;
  min-height: 6.6em; position: relative; gap: 4px; justify-content: space-between; }
.fp-cr-grid-cell.fp-cr-step-cell { border: 3px dashed #1a7f37; opacity: 1; }
.fp-cr-grid-cell.fp-cr-place-cell { border: 3px dashed #1a7f37; }
.fp-cr-grid-cell.fp-cr-refused-cell { border: 3px dotted #cf222e; }
.fp-cr-grid-cell.fp-cr-here { border: 3px solid #bf8700; box-shadow: 0 0 0 3px #ffd33d; }
.fp-cr-grid-cell.fp-cr-on-path { outline: 3px solid #0969da; outline-offset: 1px; }
.fp-cr-face-inner { display: flex; flex-direction: column; gap: 1px; }
.fp-cr-where { font-size: 0.68em; font-weight: 600; opacity: 0.85; }
.fp-app .fp-cr-cell-button { white-space: normal; height: auto; min-height: 2.2em;
  line-height: 1.2; padding: 3px 6px; font-size: 0.82em; font-weight: 700; width: 100%; }
.fp-app .fp-cr-step, .fp-app .fp-cr-place { background: #1a7f37; color: #fff;
  border: 1px solid #0d4a1f; }
.fp-app .fp-cr-step:hover, .fp-app .fp-cr-place:hover { background: #116329; }
.fp-app .fp-cr-refused { background: #fff; color: #82071e; border: 1px solid #cf222e; }
.fp-app .fp-cr-cell-button:focus { outline: 3px solid #0969da; outline-offset: 2px; }
.fp-app .fp-cr-editor .fp-cr-hinted { outline: 4px solid #0969da; outline-offset: 2px;
  box-shadow: 0 0 0 6px #ddf4ff; }
.fp-cr-preview-box { background: #fff; border: 1px solid #d0d7de; border-radius: 8px;
  padding: 6px 10px; }
.fp-cr-preview-box h5 { font-size: 1em; }
.fp-cr-path-steps { list-style: none; margin: 2px 0; padding: 0; font-size: 0.92em; }
.fp-cr-path-new { font-weight: 600; color: #0550ae; }
.fp-cr-collect { margin-top: 6px !important; }
.fp-cr-budget, .fp-cr-rush-cost { font-size: 0.9em; }
.fp-cr-rush-cost { color: #82071e; font-weight: 600; }
.fp-cr-rules summary { cursor: pointer; font-size: 0.9em; font-weight: 600; }
.fp-cr-rules .fp-sentences { font-size: 0.88em; }
.fp-cr-stop-ok { font-weight: 600; color: #116329; }
.fp-cr-actions { gap: 8px; flex-wrap: wrap; }
.fp-app .fp-cr-stop { font-weight: 700; }
.fp-cr-upgrade-row { gap: 6px; align-items: center; }
.fp-cr-upgrade-label { font-size: 0.92em; font-weight: 600; }
.fp-app .fp-cr-upgrade-button { background: #fbefff; border: 1px solid #6e40c9;
  color: #3e1f79; font-weight: 600; }
.fp-app .fp-cr-upgrade-pending { background: #6e40c9; color: #fff; opacity: 1; }
.fp-cr-choices { gap: 6px; flex: 2 1 24em; }
.fp-cr-choice-row { gap: 6px; flex-wrap: wrap; align-items: center; }
.fp-cr-choice-label { min-width: 6em; }
.fp-app .fp-cr-choice { font-weight: 600; }
.fp-app .fp-cr-pour, .fp-app .fp-cr-serve { background: #dafbe1; border: 1px solid #1a7f37;
  color: #0d4a1f; }
.fp-app .fp-cr-serve { font-size: 1.02em; }
.fp-app .fp-cr-return, .fp-app .fp-cr-empty { background: #fff; border: 1px solid #8c959f; }
.fp-app .fp-cr-finish { background: #0969da; color: #fff; border: 1px solid #0550ae; }
.fp-cr-cups-panel { flex: 1 1 18em; }
.fp-cr-cups-box { background: #fff; border: 1px solid #d0d7de; border-radius: 8px;
  padding: 6px 10px; }
.fp-cr-cup-notes { list-style: none; margin: 2px 0 0; padding: 0; font-size: 0.78em; }
.fp-cr-dead { color: #82071e; }
"""
CSS += "".join(f".fp-cr-i-{i} {{ background: {bg}; color: {fg}; }}\n"
               f".fp-app .fp-cr-i-{i}.fp-changed {{ background: {bg} !important; }}\n"
               for i, (bg, fg) in INGREDIENT_COLOURS.items())
CSS += "".join(f".fp-cr-s{s} {{ --fp-cr-seat: {c}; }}\n" for s, c in enumerate(SEAT_COLOURS))
CoffeeRushRenderer.css = CSS

register(GAME_ID, CoffeeRushRenderer())
register_editor(GAME_ID, MoveBuilder)


# --- a narrated opening ------------------------------------------------------------------
OPENING = "coffee-rush.ui.opening."


def opening_record(players: int = 3, seed: int = 7):
    """A whole game the thoughtful bots play from `seed`, with the teacher's notes on its
    opening: the set-up, the first placement, the first turn's move, pour, serve and the end
    of that turn. The notes sit on the steps where those things first happen."""
    from foodplay.bots import play_game
    from foodplay.timeline import Timeline

    record, _ = play_game(GAME_ID, players, seed, ("heuristic",))
    timeline = Timeline(record)
    first: dict[str, int] = {}
    for k in range(1, timeline.last + 1):
        step = timeline.steps[k]
        first.setdefault("move." + step.move.kind, k)
        for ev in step.events:
            first.setdefault(ev.key, k)
        if "coffee-rush.time" in first:
            break
    narration = {0: OPENING + "n_setup"}
    for kind, key in (("move.place", "n_place"), ("move.setup_pour", "n_setup_pour"),
                      ("move.step", "n_move"), ("move.pour", "n_pour")):
        if kind in first:
            narration.setdefault(first[kind], OPENING + key)
    serve, time = first.get("coffee-rush.serve"), first.get("coffee-rush.time")
    if serve is not None and serve == time:
        narration[serve] = OPENING + "n_serve_time"
    else:
        if serve is not None:
            narration[serve] = OPENING + "n_serve"
        if time is not None:
            narration[time] = OPENING + "n_time"
    record.title = OPENING + "title"
    record.narration = narration
    return record


def narrated_opening(players: int = 3, seed: int = 7, lang: str | None = None,
                     later: bool = False):
    """The tutor on `opening_record`, at its set-up, in the teacher's view, without the
    new-game settings (a worked example), in `lang` (else the page address's language).
    `later=True` (in a kernel) gives a placeholder built once the page is drawn."""
    from foodplay_widgets.app import App
    from foodplay_widgets.lesson import later_app
    from foodplay_widgets.page import query_lang

    lang = query_lang() if lang is None else lang
    if later:
        return later_app(lambda: narrated_opening(players, seed, lang), lang)
    return App(opening_record(players, seed), seat=None, lang=lang, step=0, settings=False)
