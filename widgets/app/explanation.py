"""The explanation panel (what happened at this step, and the rules behind it) and the
rulebook reader (the whole rulebook in order, as clause cards, with a search box)."""

from __future__ import annotations

import itertools

import ipywidgets as widgets

from foodplay.engine import Move, State, Verdict
from foodplay.explain import explain, move_text, reason_text, step_text
from foodplay.links import with_lang
from foodplay.rulebook import Clause, Rulebook
from foodplay_widgets.app.context import Context
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.lookup import SearchBox, card_html
from foodplay_widgets.app.portal import Portal, html_holder
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import Text, badge, esc

_READER_IDS = itertools.count(1)


def clause_anchor(prefix: str, clause: Clause) -> str:
    return f"{prefix}-{clause.id}"


def clause_link(text: Text, clause: Clause, prefix: str) -> str:
    """"Rule 5-2" as a link into the rulebook reader (a keyboard-reachable anchor)."""
    title = text.html("ui.rulebook.open_at", number=clause.number)
    return (f'<a class="fp-clause-link" href="#{clause_anchor(prefix, clause)}" '
            f'title="{title}"><span class="fp-clause-number">{esc(text.clause_number(clause))}'
            f"</span></a>")


def clause_block(text: Text, clause: Clause, prefix: str) -> str:
    """A cited clause: number (a link to the reader), title, provenance badge and text."""
    return (f'<li class="fp-cited fp-cited-{esc(clause.id)}">'
            f'<p class="fp-cited-head">{clause_link(text, clause, prefix)} '
            f'<span class="fp-clause-title">{esc(clause.title(text.lang))}</span> '
            f"{badge(text, clause)}</p>"
            f'<p class="fp-clause-text">{esc(clause.text(text.lang))}</p></li>')


def refusal_html(text: Text, state: State, move: Move, verdict: Verdict, title_key: str,
                 prefix: str) -> str:
    """A refused move: a title naming the move, the verdict's reason, and the deciding clause."""
    clause = state.game.rulebook()[verdict.clause]
    what = move_text(state, move, text.lang)
    return (f'<div class="fp-refusal" role="status"><p class="fp-refusal-title">'
            f'{text.html(title_key, move=what)}</p>'
            f'<p class="fp-refusal-reason">{esc(reason_text(state, verdict, text.lang))}</p>'
            f'<ul class="fp-cited-list">{clause_block(text, clause, prefix)}</ul></div>')


def allowed_html(text: Text, clause: Clause, what: str, prefix: str, tail: str = "") -> str:
    """An allowed move that was only asked about: its deciding clause, then `tail` (HTML)."""
    title = text.html("ui.whynot.allowed_because", move=what, rule=text.clause_number(clause),
                      title=clause.title(text.lang))
    return (f'<div class="fp-allowed" role="status"><p class="fp-allowed-title">{title}</p>'
            f'<ul class="fp-cited-list">{clause_block(text, clause, prefix)}</ul>{tail}</div>')


def decision_text(ctx: Context) -> str:
    """Who must decide now, or that the game is over."""
    text, state = ctx.text, ctx.state
    decision = state.decision()
    if decision is None:
        return text("game.over")
    what = text(decision.kind, seat=decision.seats[0])
    key = "game.waiting_secret" if decision.simultaneous else "game.waiting"
    return text(key, seats=list(decision.seats), decision=what)


def step_heading(ctx: Context) -> tuple[str, str]:
    """The step shown's title ("Step 3", or the set-up) and its move as the seat shown may
    know it ("" at the set-up)."""
    text, k = ctx.text, ctx.cursor
    if k == 0:
        return text("step.setup"), ""
    move = ctx.timeline.steps[k].move
    if ctx.move_hidden(k):
        return text("step.n", n=k), text("ui.step.secret_move", seat=move.seat)
    return text("step.n", n=k), step_text(ctx.state, move, ctx.lang)


def notes_html(text: Text, narration: str | None, comment: str | None) -> str:
    """A step's asides: a scenario's narration (a message key) and a teacher's comment (their
    own words), each only if there is one."""
    parts = []
    if narration and text.has(narration):
        parts.append(f'<aside class="fp-lesson-note" aria-label="'
                     f'{text.html("ui.lesson.note")}"><p><strong>'
                     f'{text.html("ui.lesson.note")}</strong></p>'
                     f"<p>{text.html(narration)}</p></aside>")
    if comment:
        lines = "".join(f"<p>{esc(line)}</p>" for line in comment.splitlines() if line.strip())
        parts.append(f'<aside class="fp-teacher-note" aria-label="'
                     f'{text.html("ui.teacher.annotation")}"><p><strong>'
                     f'{text.html("ui.teacher.annotation")}</strong></p>{lines}</aside>')
    return "".join(parts)


def step_anchor(prefix: str) -> str:
    """The id of the explanation's step title in the app of reader prefix `prefix`: the move
    panel's link back up to the step goes there."""
    return f"{prefix}-step"


class ExplanationPanel(widgets.VBox):
    """For the current step: the move, the sentences the seat shown may read, and every clause
    cited, with its number as in the rulebook, its title, text and provenance badge."""

    def __init__(self, reader_prefix: str, portal: Portal | None = None):
        self.prefix = reader_prefix
        self.html, shown = html_holder(portal, "explanation", "fp-explanation")
        super().__init__([shown])
        self.add_class("fp-explanation-panel")

    def render(self, ctx: Context, drawn: str | None = None) -> None:
        """Show `ctx`'s step; `drawn` is its HTML when it was drawn ahead (`html_for`)."""
        self.html.value = self.html_for(ctx) if drawn is None else drawn

    def html_for(self, ctx: Context) -> str:
        """The panel's HTML for `ctx`'s step."""
        text, k = ctx.text, ctx.cursor
        step = ctx.timeline.steps[k]
        state = ctx.state
        title, move = step_heading(ctx)
        sentences = explain(state, step.events, ctx.seat, ctx.lang)
        items, cited = [], {}
        for sentence in sentences:
            links = " ".join(f'{clause_link(text, c, self.prefix)} {badge(text, c)}'
                             for c in sentence.clauses)
            items.append(f'<li class="fp-sentence"><p class="fp-sentence-text">'
                         f'{esc(sentence.text)}</p><p class="fp-cites">{links}</p></li>')
            for clause in sentence.clauses:
                cited.setdefault(clause.id, clause)
        blocks = "".join(clause_block(text, c, self.prefix) for c in cited.values())
        move_html = f'<p class="fp-step-move">{esc(move)}</p>' if move else ""
        rules = (f'<h4 class="fp-rules-title">{text.html("ui.explain.rules")}</h4>'
                 f'<ul class="fp-cited-list">{blocks}</ul>') if blocks else ""
        return (
            f'<section class="fp-explain" aria-label="{text.html("ui.explain.label")}">'
            f'<h3 class="fp-step-title" id="{step_anchor(self.prefix)}" tabindex="-1">'
            f"{esc(title)}</h3>{move_html}"
            f'<ol class="fp-sentences">{"".join(items)}</ol>{rules}'
            f'<p class="fp-now">{esc(decision_text(ctx))}</p></section>')

    @property
    def text(self) -> str:
        """The panel as plain text (for tests)."""
        import re
        from html import unescape

        return unescape(re.sub(r"<[^>]+>", " ", self.html.value))


class RulebookReader(widgets.VBox):
    """The whole rulebook in order, one clause card per rule, with a search box beside it.
    Clause links in the explanation, refusals and search results jump to a card here (HTML
    anchors, so they work with the keyboard); `open_at(clause_id)` opens it from Python."""

    def __init__(self, guard: Guard = unguarded):
        self.prefix = f"fp-rule{next(_READER_IDS)}"
        self.target: str | None = None
        self.expanded = False
        self.html = classed(widgets.HTML(layout=widgets.Layout(width="100%")), "fp-rulebook-html")
        self.goto = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto",
                                                                       flex="1 1 12em",
                                                                       min_width="10em"))
        self.goto.add_class("fp-rulebook-goto")
        self.open_button = widgets.Button(layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.open_button.add_class("fp-rulebook-open")
        row = widgets.HBox([self.goto, self.open_button],
                           layout=widgets.Layout(flex_flow="row wrap"))
        row.add_class("fp-rulebook-row")
        self.search = SearchBox(self.prefix, guard)
        super().__init__([self.search, row, self.html])
        self.add_class("fp-rulebook-panel")
        self.open_button.on_click(guard(lambda _: self.open_at(self.goto.value)))
        self._rulebook: Rulebook | None = None
        self._text: Text | None = None
        self._drawn: tuple | None = None

    def render(self, rulebook: Rulebook, text: Text) -> None:
        self._rulebook, self._text = rulebook, text
        self.search.render(text)
        self.goto.description = text("ui.rulebook.goto")
        self.goto.options = [(f"{text.clause_number(c)} · {c.title(text.lang)}", c.id)
                             for c in rulebook]
        self.goto.value = self.target if self.target in rulebook else rulebook.clauses[0].id
        self.open_button.description = text("ui.rulebook.open")
        self.open_button.tooltip = text("ui.rulebook.open_tip")
        self._draw()

    def open_at(self, clause_id: str | None = None) -> None:
        """Open the reader at `clause_id` (highlighted and scrolled into view)."""
        self.target = clause_id
        self.expanded = True
        if clause_id is not None and self._rulebook and clause_id in self._rulebook:
            self.goto.value = clause_id
        self._draw()

    def _draw(self) -> None:
        if self._rulebook is None or self._text is None:
            return
        text = self._text
        drawn = (text.game.id, text.lang, self.target, self.expanded)
        if drawn == self._drawn:  # the cards change only with the game, language or target
            return
        self._drawn = drawn
        items = [card_html(text, clause, self._rulebook, self.prefix, clause.id == self.target)
                 for clause in self._rulebook]
        legend = text.html("ui.rulebook.legend")
        opened = " open" if self.expanded else ""
        summary_href = with_lang(f"summary.ipynb?game={text.game.id}", text.lang)
        self.html.value = (
            f'<details class="fp-rulebook"{opened}><summary>'
            f'{text.html("ui.rulebook.title", title=text.game.title, count=len(items))}'
            f'</summary><p class="fp-legend">{legend}</p>'
            f'<p class="fp-summary-open"><a href="{esc(summary_href)}" '
            f'target="_blank" rel="noopener">{text.html("ui.summary.open")}</a></p>'
            f'<ol class="fp-rules">{"".join(items)}</ol></details>')
