"""What Coffee Rush's move builder shows beside its buttons: a move in the making tried on a
scratch copy of the position, the path and what it collects, the board's cell faces and the
learner's cups against their orders, as HTML text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import Any

from foodplay.engine import Move, State, Verdict
from foodplay.explain import explain, reason_text
from foodplay_widgets.app.explanation import clause_link
from foodplay_widgets.games.coffee_rush.pieces import (
    DECIDE,
    UI,
    chip,
    chips,
    cup_matches,
    cup_progress,
    pawn,
    step_badges,
)
from foodplay_widgets.text import Text, badge, esc


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

    @cached_property
    def view(self) -> dict[str, Any]:
        """The learner's view after the pending moves (the copy is not changed after them)."""
        return self.state.view(self.seat)

    @cached_property
    def base_view(self) -> dict[str, Any]:
        """The learner's view of the present position, before the pending moves."""
        return self.base.view(self.seat)

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

    @property
    def still_moving(self) -> bool:
        """Whether the move may go on (the scratch position still waits for a step or stop)."""
        decision = self.state.decision()
        return decision is not None and decision.kind == DECIDE + "move"

    def gains(self) -> dict[int, list[str]]:
        """Path index -> what each pending step collects (tried again on a scratch copy)."""
        base_turn = self.base_view["turn"]
        n = base_turn["steps"]
        before = Counter(base_turn["held"])
        state = self.base.clone()
        gains: dict[int, list[str]] = {}
        for move, _ in self.events:
            state.apply(move)
            if move.kind != "step":
                continue
            n += 1
            after = Counter(state.view(self.seat)["turn"]["held"])
            gains[n] = list((after - before).elements())
            before = after
        return gains


def cell_face(text: Text, cell: dict[str, Any], steps: list[int], two: bool, seat: int,
              meeple: int | None) -> str:
    """A board cell above its button: where it is, its ingredient, marks, pawns and steps."""
    r, c = cell["row"], cell["col"]
    marks = []
    if cell["corner"]:
        marks.append(f'<span class="fp-cr-mark">{text.html(UI + "corner")}</span>')
    if cell["ribbon"]:
        marks.append(f'<span class="fp-cr-mark fp-cr-mark-ribbon"><span aria-hidden="true">'
                     f'★ </span>{text.html(UI + "ribbon")}</span>')
    pawns = "".join(pawn(text, s, m, two, " fp-cr-mine" if s == seat and m == meeple else "")
                    for s, m in cell["meeples"])
    where = text.html(UI + "cell_ref_cap", row=r, col=c)
    return (f'<div class="fp-cr-face-inner">{step_badges(text, steps)}'
            f'<span class="fp-cr-where">{where}</span>'
            f'<span class="fp-cr-cell-name">{esc(text.card(cell["ingredient"]))}</span>'
            f'<span class="fp-cr-marks">{"".join(marks)}</span>'
            f'<span class="fp-cr-pawns">{pawns}</span></div>')


def move_preview_html(preview: Preview, text: Text, meeple: int, prefix: str) -> str:
    """The path so far (each pending step with what it collects), the steps and rush tokens
    it costs, what the rules say about it, and whether the move may end here."""
    view = preview.view
    learner = preview.seat
    turn = view["turn"]
    seat = view["seats"][learner]
    parts = [f'<h5>{text.html(UI + "editor.path_title")}</h5>']
    committed = len(preview.base_view["turn"]["path"])
    path = turn["path"]
    if path:
        items = []
        gains = preview.gains()
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
        here = preview.meeple_at(meeple)
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
    start_rush = preview.base_view["seats"][learner]["rush"]
    paid = start_rush - seat["rush"]
    parts.append(f'<p class="fp-cr-budget">'
                 f'{text.html(UI + "editor.budget", count=turn["steps"], free=turn["free_steps"], rush=seat["rush"])}'  # noqa: E501
                 f"</p>")
    if paid:
        parts.append(f'<p class="fp-cr-rush-cost">'
                     f'{text.html(UI + "editor.rush_cost", count=paid)}</p>')
    parts += _rules_said(preview, text, prefix)
    parts.append(_may_stop(preview, text, prefix))
    return f'<div class="fp-cr-preview-box">{"".join(parts)}</div>'


def _rules_said(preview: Preview, text: Text, prefix: str) -> list[str]:
    """What the rules say about the pending moves (bonuses, passing through, a short supply)."""
    sentences = []
    for _, events in preview.events:
        sentences += explain(preview.state, events, preview.seat, text.lang)
    if not sentences:
        return []
    items = "".join(
        f'<li><p>{esc(s.text)}</p><p class="fp-cites">'
        + " ".join(f"{clause_link(text, c, prefix)} {badge(text, c)}"
                   for c in s.clauses) + "</p></li>" for s in sentences)
    return [f'<details class="fp-cr-rules"><summary>'
            f'{text.html(UI + "editor.rules", count=len(sentences))}</summary>'
            f'<ol class="fp-sentences">{items}</ol></details>']


def _may_stop(preview: Preview, text: Text, prefix: str) -> str:
    """Whether the move may end here, and if not, the rule that says why."""
    if not preview.still_moving:
        return f'<p class="fp-cr-stop-ok" role="status">{text.html(UI + "editor.ended")}</p>'
    verdict = preview.state.check(Move.make(preview.seat, "stop"))
    if verdict.ok:
        return f'<p class="fp-cr-stop-ok" role="status">{text.html(UI + "editor.stop_ok")}</p>'
    clause = preview.state.game.rulebook()[verdict.clause]
    return (f'<div class="fp-cr-stop-no fp-refusal" role="status">'
            f'<p class="fp-refusal-title">{text.html(UI + "editor.stop_no")}</p>'
            f'<p class="fp-refusal-reason">'
            f'{esc(reason_text(preview.state, verdict, text.lang))}</p>'
            f'<p class="fp-cites">{clause_link(text, clause, prefix)} '
            f'{badge(text, clause)}</p></div>')


def cups_html(text: Text, seat: dict[str, Any]) -> str:
    """The learner's cups against the orders on their board: what is ready to serve and what
    each cup still needs."""
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
    return (f'<div class="fp-cr-cups-box"><h5>{text.html(UI + "editor.cups")}</h5>'
            f'<ul class="fp-cr-cups">{"".join(items)}</ul></div>')
