"""Coffee Rush's table as HTML text, drawn in parts.

The table is drawn from `state.view(seat)` only: another player's completed orders, penalty
cards and orders spent on upgrades are counts of face-down cards, and the order deck's order is
the teacher's alone. The board is an HTML table (rows and columns numbered from 1, as in the
moves), each cell saying its ingredient, its corner or ribbon mark and the meeples on it; the
current move's path carries its step numbers.
"""

from __future__ import annotations

from typing import Any

from foodplay.engine import Game, State
from foodplay_widgets.diff import ViewDiff
from foodplay_widgets.games.coffee_rush.pieces import (
    PENALTY_LIMIT,
    UI,
    cell_ref,
    chip,
    chips,
    cup_matches,
    order_card,
    path_marks,
    pawn,
    seat_class,
    step_badges,
)
from foodplay_widgets.games.coffee_rush.style import CSS
from foodplay_widgets.renderers import KnownScore, PartRow, TableParts
from foodplay_widgets.text import Text, esc


class CoffeeRushRenderer:
    """Draws Coffee Rush's table for one view."""

    css = CSS  # the game's own stylesheet, shipped once per app

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
    path_marks = staticmethod(path_marks)

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
        mark_html = f'<span class="fp-cr-marks">{"".join(marks)}</span>' if marks else ""
        changed_sr = f'<span class="fp-sr"> {text.html("ui.changed")}</span>' if changed else ""
        return (f'<td class="{" ".join(classes)}">{step_badges(text, steps)}'
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
