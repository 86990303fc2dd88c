"""The lesson player's panels as HTML: pure functions of a lesson, its run and the language.

The player (`foodplay_widgets.pages.lesson_player`) owns the widgets and puts these strings in them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from foodplay.explain import explain, reason_text, step_text
from foodplay.record import Step
from foodplay.rulebook import Rulebook
from foodplay.teaching.lessons import STARS, Lesson, LessonRun, Outcome, Rung
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.explanation import allowed_html, clause_block, clause_link
from foodplay_widgets.text import Text, badge, esc

LESSON_CSS = """
.fp-lesson-goal { border-left: 4px solid #6e40c9; background: #fbefff; padding: 6px 12px;
  border-radius: 0 8px 8px 0; }
.fp-lesson-heading { font-size: 1.3em; }
.fp-stars { font-size: 1.3em; color: #9a6700; letter-spacing: 2px; }
.fp-lesson-score { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.fp-lesson-scale { font-size: 0.88em; color: #57606a; }
.fp-lesson-prompt { font-weight: 600; font-size: 1.08em; }
.fp-lesson-moves { gap: 4px; flex-wrap: wrap; }
.fp-app .fp-lesson-move { background: #dafbe1; border: 1px solid #1a7f37; color: #0d4a1f;
  font-weight: 600; }
.fp-app .fp-lesson-move:focus, .fp-app .fp-lesson-tool:focus, .fp-app .fp-lesson-try:focus {
  outline: 3px solid #0969da; outline-offset: 2px; }
.fp-app .fp-lesson-try { background: #fff1e5; border: 1px dashed #bc4c00; color: #762c00; }
.fp-lesson-tools { gap: 6px; flex-wrap: wrap; align-items: center; }
.fp-lesson-feedback:empty { display: none; }
.fp-off-line { border-left: 4px solid #bf8700; background: #fff8c5; padding: 4px 10px;
  border-radius: 0 6px 6px 0; }
.fp-accepted { border-left: 4px solid #1a7f37; background: #dafbe1; padding: 4px 10px;
  border-radius: 0 6px 6px 0; }
.fp-hint-ladder { background: #ddf4ff; border-radius: 8px; padding: 4px 12px; }
.fp-hint-ladder ol { margin: 2px 0; padding-left: 1.4em; }
.fp-rung-name { font-weight: 600; }
.fp-lesson-summary { border: 2px solid #1a7f37; border-radius: 10px; padding: 8px 14px;
  background: #f0fff4; }
.fp-lesson-happened { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 12px;
  background: #fff; }
.fp-lesson-link-note { font-size: 0.85em; color: #57606a; }
"""


def stars_html(text: Text, count: int, total: int = STARS) -> str:
    """Stars as symbols for the eye and as words for a screen reader."""
    words = text.html("ui.lesson.stars", count=count, max=total)
    return (f'<span class="fp-stars" aria-hidden="true">{"★" * count}{"☆" * (total - count)}'
            f'</span> <span class="fp-star-words">{words}</span>')


def goal_html(text: Text, lesson: Lesson, run: LessonRun, number: int, lessons: int) -> str:
    """The lesson's heading (lesson `number` of `lessons`), goal, progress and stars."""
    total = len(lesson.decisions)
    progress = text("ui.lesson.progress_done", total=total) if run.finished else \
        text("ui.lesson.progress", n=run.at + 1, total=total)
    heading = text("ui.lesson.heading", number=number, total=lessons, title=text(lesson.title))
    return (f'<section class="fp-lesson-goal" aria-label="{text.html("ui.lesson.goal")}">'
            f'<h3 class="fp-lesson-heading">{esc(heading)}</h3>'
            f'<p class="fp-lesson-goal-text"><strong>{text.html("ui.lesson.goal")}:</strong> '
            f'{esc(text(lesson.goal, seat=lesson.seat))}</p>'
            f'<p class="fp-lesson-score"><span class="fp-lesson-progress">{esc(progress)}</span>'
            f' {stars_html(text, run.stars)}</p>'
            f'<p class="fp-lesson-scale">{text.html("ui.lesson.scale")}</p></section>')


def cites_html(text: Text, clauses: Sequence[str], prefix: str) -> str:
    return " ".join(f"{clause_link(text, c, prefix)} {badge(text, c)}" for c in clauses)


def happened_html(ctx: Context, run: LessonRun, steps: Sequence[Step], prefix: str) -> str:
    """The steps since the learner's last decision (or the lesson's start), each explained."""
    text = ctx.text
    items = []
    for step in steps:
        state = run.timeline.state_at(step.index)
        head = text("step.setup") if step.move is None else (
            text("ui.step.secret_move", seat=step.move.seat) if ctx.move_hidden(step.index)
            else step_text(state, step.move, ctx.lang))
        lines = "".join(
            f'<li class="fp-sentence"><p class="fp-sentence-text">{esc(s.text)}</p>'
            f'<p class="fp-cites">{cites_html(text, s.clauses, prefix)}</p></li>'
            for s in explain(state, step.events, ctx.seat, ctx.lang))
        items.append(f'<li class="fp-lesson-step"><p class="fp-step-move">{esc(head)}</p>'
                     f'<ul class="fp-sentences">{lines}</ul></li>')
    first = bool(steps) and steps[0].index <= run.start
    title = text.html("ui.lesson.where" if first else "ui.lesson.happened")
    return (f'<section class="fp-lesson-happened" aria-label="{title}">'
            f'<h4>{title}</h4><ol class="fp-lesson-steps">{"".join(items)}</ol></section>')


def hints_html(text: Text, rulebook: Rulebook, shown: Sequence[Rung],
               words: Callable[[Rung], str], prefix: str) -> str:
    """The hint ladder's rungs shown so far (`words(rung)` says each), with their clauses."""
    items = []
    for rung in shown:
        cited = ""
        if rung.clause:
            cited = (f'<ul class="fp-cited-list">'
                     f'{clause_block(text, rulebook[rung.clause], prefix)}</ul>')
        items.append(f'<li class="fp-rung fp-rung-{rung.kind}"><span class="fp-rung-name">'
                     f'{text.html(f"ui.lesson.rung.{rung.kind}")}:</span> '
                     f'{esc(words(rung))}{cited}</li>')
    return (f'<section class="fp-hint-ladder" role="status" aria-label="'
            f'{text.html("ui.lesson.hint.title")}"><h4>{text.html("ui.lesson.hint.title")}</h4>'
            f'<ol>{"".join(items)}</ol></section>')


def feedback_html(ctx: Context, outcome: Outcome, run: LessonRun, rulebook: Rulebook,
                  what: str, prefix: str, seat: int) -> str:
    """What the tutor says of the learner's last move `what`: accepted, allowed (asked),
    refused with its clause, or allowed but off the lesson's line, with the tutor's comment."""
    text, state = ctx.text, run.state
    if outcome.kind == "accepted":
        return (f'<div class="fp-accepted" role="status"><p>'
                f'{text.html("ui.lesson.accepted", move=what)}</p></div>')
    if outcome.kind == "asked":
        return allowed_html(text, rulebook[outcome.verdict.clause], what, prefix,
                            f'<p class="fp-unchanged">{text.html("ui.lesson.asked")}</p>')
    if outcome.kind == "refused":
        body = (f'<p class="fp-refusal-title">{text.html("ui.lesson.refused", move=what)}'
                f'</p><p class="fp-refusal-reason">'
                f'{esc(reason_text(state, outcome.verdict, ctx.lang))}</p>'
                f'<ul class="fp-cited-list">'
                f'{clause_block(text, rulebook[outcome.verdict.clause], prefix)}</ul>')
        css = "fp-refusal"
    else:
        would = "".join(f'<li class="fp-sentence">{esc(s.text)}</li>'
                        for s in explain(state, list(outcome.events), ctx.seat, ctx.lang))
        body = (f'<p class="fp-off-line-title">{text.html("ui.lesson.off_line", move=what)}'
                f'</p><p class="fp-lesson-comment">{esc(text(outcome.comment, seat=seat))}</p>'
                f'<p>{text.html("ui.lesson.would_do")}</p><ul>{would}</ul>')
        css = "fp-off-line"
    return (f'<div class="{css}" role="alert">{body}<p class="fp-unchanged">'
            f'{text.html("ui.lesson.nothing_changed")}</p></div>')


def summary_html(text: Text, run: LessonRun, lesson: Lesson, prefix: str,
                 game_title: str, last: bool) -> str:
    """The end of a finished lesson: failed, or its stars and the rules met (and, after the
    game's `last` lesson, the end of the course)."""
    if not run.succeeded:
        return (f'<section class="fp-lesson-summary" role="alert"><p>'
                f'{text.html("ui.lesson.failed")}</p></section>')
    done = (f'<p class="fp-lesson-done">{esc(text(lesson.done, seat=lesson.seat))}</p>'
            if lesson.done else "")
    blocks = "".join(clause_block(text, c, prefix) for c in run.met_clauses())
    finale = (f'<p class="fp-lesson-all-done">'
              f'{text.html("ui.lesson.all_done", title=game_title)}</p>') if last else ""
    return (f'<section class="fp-lesson-summary" role="status" aria-label="'
            f'{text.html("ui.lesson.success")}"><h3>{text.html("ui.lesson.success")}</h3>'
            f'<p>{stars_html(text, run.stars)}</p>{done}'
            f'<h4>{text.html("ui.lesson.met")}</h4>'
            f'<ul class="fp-cited-list fp-lesson-met">{blocks}</ul>{finale}</section>')
