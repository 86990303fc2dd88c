"""Coffee Rush's table as HTML text, drawn in parts.

The table is drawn from `state.view(seat)` only: another player's completed orders, penalty
cards and orders spent on upgrades are counts of face-down cards, and the order deck's order is
the teacher's alone. The board is an HTML table (rows and columns numbered from 1, as in the
moves), each cell saying its ingredient, its corner or ribbon mark and the meeples on it; the
current move's path carries its step numbers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from foodplay.engine import State
from foodplay_widgets.app.diff import ViewDiff, get_path
from foodplay_widgets.app.renderers import KnownScore, PartRow, PartsRenderer, TableParts
from foodplay_widgets.games.coffee_rush.pieces import (
    PENALTY_LIMIT,
    UI,
    cell_ref,
    chip,
    chips,
    path_marks,
    pawn,
    step_badges,
)
from foodplay_widgets.games.coffee_rush.seats import seat_html
from foodplay_widgets.games.coffee_rush.style import CSS
from foodplay_widgets.text import HashableText, Text, esc


class CoffeeRushRenderer(PartsRenderer):
    """Draws Coffee Rush's table for one view."""

    prefix = "coffee-rush."

    css = CSS  # the game's own stylesheet, shipped once per app

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        """The title, the banner, the token and deck, the board beside this turn and the
        supply, one part per seat, the legend."""
        text = HashableText.of(text)  # the pieces cache by (game, language, names)
        d = ViewDiff(view, before, text)
        middle = PartRow("fp-cr-middle", (
            self._board(view, d, text),
            f'<div class="fp-cr-side">{self._turn(view, d, text)}'
            f'{self._supply(view, d, text)}</div>'))
        seats = PartRow("fp-seats fp-cr-seats", tuple(
            seat_html(view, s, d, text) for s in range(len(view["seats"]))))
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
        text = HashableText.of(text)
        head, row_heads, caption = _board_frame(text, rows, cols)
        before = None if d.before is None else get_path(d.before, "board", "cells")
        body = []
        for r in range(1, rows + 1):
            cells = []
            for c in range(1, cols + 1):
                i = (r - 1) * cols + c - 1
                cell = board["cells"][i]
                steps = tuple(marks.get((r, c), ()))
                moved = d.before is not None and get_path(before, i, "meeples") != cell["meeples"]
                cells.append(_cell(text, cell["ingredient"], cell["corner"], cell["ribbon"],
                                   tuple(tuple(m) for m in cell["meeples"]), steps, two,
                                   moving if steps else None, moved))
            body.append(f'<tr>{row_heads[r - 1]}{"".join(cells)}</tr>')
        return (f'<div class="fp-zone fp-cr-board-zone"><table class="fp-cr-board">'
                f'<caption>{caption}</caption><thead><tr><td></td>{head}</tr></thead>'
                f'<tbody>{"".join(body)}</tbody></table></div>')

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

    @staticmethod
    def _legend(view: dict[str, Any], text: Text) -> str:
        return _legend(HashableText.of(text), tuple(view["upgrades"]))

    # --- progress, scores, header ------------------------------------------------------
    @staticmethod
    def _count(value: Any) -> int:
        return value["count"] if isinstance(value, dict) else len(value)

    def progress(self, view: dict[str, Any], text: Text) -> str:
        text = HashableText.of(text)
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
        text = HashableText.of(text)
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




@lru_cache(maxsize=32)
def _legend(text: HashableText, upgrades: tuple[str, ...]) -> str:
    """The legend: the board's marks, the step badges, the tabs and the upgrades in play."""
    items = [f'<li>{text.html(UI + "legend.corner")}</li>',
             f'<li>{text.html(UI + "legend.ribbon")}</li>',
             f'<li>{text.html(UI + "legend.steps")}</li>',
             f'<li>{text.html(UI + "legend.tabs")}</li>']
    items += [f'<li>{text.html(UI + "upgrade_help." + u)}</li>' for u in upgrades]
    return (f'<details class="fp-zone fp-cr-legend"><summary>{text.html(UI + "legend")}'
            f'</summary><ul>{"".join(items)}</ul></details>')


@lru_cache(maxsize=32)
def _board_frame(text: HashableText, rows: int, cols: int) -> tuple[str, tuple[str, ...], str]:
    """The board's column heads, row heads and caption."""
    head = "".join(f'<th scope="col" aria-label="{text.html(UI + "col_n", col=c)}">{c}</th>'
                   for c in range(1, cols + 1))
    row_heads = tuple(f'<th scope="row" aria-label="{text.html(UI + "row_n", row=r)}">{r}</th>'
                      for r in range(1, rows + 1))
    return head, row_heads, text.html(UI + "board_caption", rows=rows, cols=cols)


@lru_cache(maxsize=1024)
def _cell(text: HashableText, ingredient: str, corner: bool, ribbon: bool,
          meeples: tuple[tuple[int, int], ...], steps: tuple[int, ...], two: bool,
          moving: int | None, changed: bool) -> str:
    """One board cell: its ingredient, marks and pawns, this move's steps on it (the moving
    seat's pawn marked), and whether the last step changed it."""
    classes = ["fp-cr-cell", f"fp-cr-i-{ingredient}"]
    marks = []
    if corner:
        classes.append("fp-cr-corner")
        marks.append(f'<span class="fp-cr-mark fp-cr-mark-corner">'
                     f'{text.html(UI + "corner")}</span>')
    if ribbon:
        classes.append("fp-cr-ribbon")
        marks.append(f'<span class="fp-cr-mark fp-cr-mark-ribbon"><span aria-hidden="true">'
                     f'★ </span>{text.html(UI + "ribbon")}</span>')
    if steps:
        classes.append("fp-cr-on-path")
    if changed:
        classes.append("fp-changed")
    pawns = "".join(pawn(text, s, m, two, " fp-cr-moving" if s == moving else "")
                    for s, m in meeples)
    mark_html = f'<span class="fp-cr-marks">{"".join(marks)}</span>' if marks else ""
    changed_sr = f'<span class="fp-sr"> {text.html("ui.changed")}</span>' if changed else ""
    return (f'<td class="{" ".join(classes)}">{step_badges(text, steps)}'
            f'<span class="fp-cr-cell-name">{esc(text.card(ingredient))}</span>'
            f'{mark_html}<span class="fp-cr-pawns">{pawns}</span>{changed_sr}</td>')
