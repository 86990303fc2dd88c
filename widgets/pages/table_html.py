"""The table companion's words as HTML: the prompt, an entry's label, an accepted entry's
explanation, a refusal, the log, the scores and the end. Everything comes from the catalogues
(the session's prompt and results from the game's); the clause numbers link into the page's
rulebook reader, as in the tutor's explanation panel (whose pieces these reuse)."""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping, Sequence
from typing import Any

from foodplay.engine import Move, State
from foodplay.explain import explain, move_text
from foodplay.links import Link, encode_record, too_long_to_share, with_lang
from foodplay.record import Record
from foodplay_widgets.app.explanation import clause_block, clause_link
from foodplay_widgets.app.renderers import renderer_for
from foodplay_widgets.text import Text, badge, esc

TABLE_CSS = """
.fp-table-app { max-width: 36rem; margin: 0 auto; font-size: 1.05rem;
  overflow-wrap: anywhere; }
.fp-table-app .widget-dropdown, .fp-table-app .widget-text { width: auto; max-width: 100%;
  align-self: stretch; box-sizing: border-box; margin-left: 0; margin-right: 0;
  flex-wrap: wrap; height: auto; }
.fp-table-app .widget-text > input, .fp-table-app .widget-dropdown > select { min-width: 0;
  max-width: 100%; box-sizing: border-box; }
.fp-table-app .widget-text > input { flex: 1 1 10em; }
.fp-table-app .widget-dropdown > select, .fp-table-app .widget-text > input {
  min-height: 44px; font-size: 1rem; }
.fp-table-app .widget-label { min-width: 0; width: auto; max-width: 100%;
  white-space: normal; line-height: 1.3; }
.fp-table-app button { min-height: 44px; font-size: 1rem; }
.fp-table-big, .fp-table-choice { width: auto !important; align-self: stretch;
  margin: 0 !important; box-sizing: border-box; height: auto !important; min-height: 52px;
  white-space: normal !important; text-align: left; padding: 6px 12px; line-height: 1.3; }
.fp-table-choice { font-size: 1.1rem !important; }
.fp-table-choices, .fp-table-more-box, .fp-table-tools { gap: 8px; width: 100%; }
.fp-table-tools { display: flex; flex-flow: row wrap; }
.fp-table-tools > button { flex: 1 1 9em; width: auto !important; height: auto !important;
  margin: 0 !important; white-space: normal !important; }
.fp-table-prompt { border-left: 6px solid #0969da; padding: 4px 12px; margin: 4px 0;
  background: #f6f8fa; }
.fp-table-prompt .fp-table-turn { font-weight: 700; font-size: 1.2rem; margin: 0.2em 0; }
.fp-table-prompt p { margin: 0.2em 0; }
.fp-table-score-line { color: #424a53; font-size: 0.95rem; }
.fp-table-refusal { border: 2px solid #cf222e; background: #ffebe9; border-radius: 8px;
  padding: 6px 12px; }
.fp-table-accepted { border: 2px solid #1a7f37; background: #dafbe1; border-radius: 8px;
  padding: 6px 12px; }
.fp-table-over { border: 3px solid #8250df; background: #fbefff; border-radius: 8px;
  padding: 6px 12px; }
.fp-table-log ol { padding-left: 2.2em; }
.fp-table-describe { white-space: pre-wrap; font-family: inherit; margin: 0; }
.fp-table-app details > summary { min-height: 44px; line-height: 44px; cursor: pointer;
  font-weight: 600; }
.fp-table-app a { display: inline-block; min-height: 44px; line-height: 44px; }
.fp-table-app .fp-cited-list a, .fp-table-app .fp-cites a { min-height: 0; line-height: inherit;
  padding: 12px 4px; margin: -12px 0; }
.fp-table-credits { color: #57606a; margin: 0; }
"""


def entry_label(text: Text, session: Any, entry: Mapping[str, Any],
                possible: Mapping[str, int] | None = None, with_seat: bool = True) -> str:
    """An entry in words: a card the table saw, with the copies the box still holds
    ("Lettuce (12 left)", a chance prompt's choice), or the entry as the session says it
    ("Bob: take pile 2"); `with_seat=False` leaves the seat out of a move (its turn is said
    above the buttons)."""
    card = entry.get("card")
    if possible is not None and isinstance(card, str):
        return text("ui.table.choice.card", card=card, count=possible.get(card, 0))
    if not with_seat:
        try:
            return move_text(session.state, Move.from_json(entry), text.lang)
        except Exception:  # noqa: BLE001 - the session's own words, below
            pass
    try:
        return session.entry_text(entry, text.lang)
    except Exception:  # noqa: BLE001 - an entry the game has no words for: shown as it is
        return json.dumps(dict(entry), ensure_ascii=False)


def prompt_html(text: Text, prompt: Any, scores: str = "") -> str:
    """What the table does next: the session's prompt in the page's language (and `scores`,
    a short line of the scores so far, as HTML)."""
    said = prompt.text(text.lang)
    if prompt.kind == "over":
        return (f'<div class="fp-table-prompt" role="status"><p class="fp-table-turn">'
                f"{esc(said)}</p>{scores}</div>")
    seats = [s for s in prompt.seats if 0 <= s < len(text.names)]
    who = text("ui.table.turn", seats=seats, count=len(seats)) if seats else ""
    head = f'<p class="fp-table-turn">{esc(who)}</p>' if who else ""
    return (f'<div class="fp-table-prompt" role="status" aria-live="polite">{head}'
            f'<p class="fp-table-next">{esc(said)}</p>{scores}</div>')


def score_line(text: Text, state: State) -> str:
    """The scores so far in one short line ("Alice 0 · Bob -1")."""
    items = [text("ui.table.score_item", seat=s, points=v) for s, v in enumerate(state.scores())]
    said = text("ui.table.score_line", items=text.catalogue.template("list.sep").join(items))
    return f'<p class="fp-table-score-line">{esc(said)}</p>'



def cited_html(text: Text, clause_ids: Sequence[str], prefix: str) -> str:
    rulebook = text.game.rulebook()
    blocks = "".join(clause_block(text, rulebook[c], prefix) for c in dict.fromkeys(clause_ids)
                     if c in rulebook)
    return f'<ul class="fp-cited-list">{blocks}</ul>' if blocks else ""


def accepted_html(text: Text, state: State, result: Any, prefix: str) -> str:
    """An accepted entry, explained as the tutor's explanation panel does: each sentence with
    its clause numbers (links into the rulebook), then the clauses cited, in full (folded)."""
    return explained_html(text, state, result.reason(text.lang), list(result.events),
                          [result.clause] if result.clause else [], prefix)


def explained_html(text: Text, state: State, title: str, events: Sequence[Any],
                   fallback: Sequence[str], prefix: str) -> str:
    """`title`, then what `events` say with their clauses; `fallback` clauses if none."""
    items, cited = [], []
    for sentence in explain(state, list(events), None, text.lang):
        links = " ".join(f"{clause_link(text, c, prefix)} {badge(text, c)}"
                         for c in sentence.clauses)
        items.append(f'<li class="fp-sentence"><p class="fp-sentence-text">{esc(sentence.text)}'
                     f'</p><p class="fp-cites">{links}</p></li>')
        cited += [c.id for c in sentence.clauses]
    rules = cited_html(text, cited or list(fallback), prefix)
    rules = (f'<details class="fp-table-rules"><summary class="fp-rules-title">'
             f'{text.html("ui.explain.rules")}</summary>{rules}</details>') if rules else ""
    return (f'<div class="fp-table-accepted fp-explain" role="status">'
            f'<p class="fp-table-result-title">{esc(title)}</p>'
            f'<ol class="fp-sentences">{"".join(items)}</ol>{rules}</div>')


def refused_html(text: Text, label: str, result: Any, prefix: str) -> str:
    """A refused entry: what was refused, why (the session's sentence) and the clause."""
    clause = [result.clause] if result.clause else []
    return (f'<div class="fp-table-refusal" role="alert">'
            f'<p class="fp-table-result-title">{text.html("ui.table.refused", entry=label)}</p>'
            f'<p class="fp-table-reason">{esc(result.reason(text.lang))}</p>'
            f'{cited_html(text, clause, prefix)}</div>')


def log_html(text: Text, session: Any, labels: Sequence[str],
             correcting: int | None = None) -> str:
    """Every accepted entry, numbered, the newest last, in a fold (open if the game is young)."""
    entries = session.entries
    if not entries:
        return f'<p class="fp-table-log-empty">{text.html("ui.table.log.empty")}</p>'
    items = "".join(
        f'<li{" class=fp-table-correcting" if i == correcting else ""}>'
        f"{esc(label)}</li>" for i, label in enumerate(labels))
    return (f'<details class="fp-table-log" open><summary>'
            f'{text.html("ui.table.log.title", count=len(entries))}</summary>'
            f"<ol>{items}</ol></details>")


def scores_html(text: Text, state: State) -> str:
    """The scores as the tutor keeps them (the game's own words when it has some), and how
    close the end is."""
    view = state.view(None)
    renderer = renderer_for(state.game.id)
    try:
        known = [k.text for k in renderer.known_scores(view, state, text)]
        progress = renderer.progress(view, text)
    except Exception:  # noqa: BLE001 - a game without those words: the bare scores
        known = [str(v) for v in state.scores()]
        progress = ""
    rows = "".join(f'<tr><th scope="row">{esc(text.name(s))}</th><td>{esc(k)}</td></tr>'
                   for s, k in enumerate(known))
    return (f'<table class="fp-score-table fp-table-score"><caption>'
            f'{text.html("ui.table.scores")}</caption>{rows}</table>{progress}')


def over_html(text: Text, state: State, winners: Sequence[int], last_events: Sequence[Any],
              prefix: str) -> str:
    """The end: who won, and the final scoring explained with its clauses."""
    said = text("ui.table.over", seats=list(winners), count=len(winners))
    items, cited = [], []
    for sentence in explain(state, list(last_events), None, text.lang):
        items.append(f'<li class="fp-sentence"><p class="fp-sentence-text">{esc(sentence.text)}'
                     f"</p></li>")
        cited += [c.id for c in sentence.clauses]
    return (f'<section class="fp-table-over" role="status"><h3>{esc(said)}</h3>'
            f'<ol class="fp-sentences">{"".join(items)}</ol>'
            f"{cited_html(text, cited, prefix)}</section>")


def describe_html(text: Text, state: State) -> str:
    """The table as text: what the game's own description says of it (no pixels)."""
    try:
        said = state.game.describe(state.view(None), text.lang)
    except Exception:  # noqa: BLE001 - a game without a description
        return ""
    return (f'<details class="fp-table-now"><summary>{text.html("ui.table.describe")}</summary>'
            f'<pre class="fp-table-describe">{esc(said)}</pre></details>')


def save_html(text: Text, record: Record, app: str | None) -> str:
    """The record as a download, and a link that opens it in the game's tutor notebook `app`
    at the set-up (only the download if the link would be too long for servers on the way)."""
    data = base64.b64encode(record.dumps().encode("utf-8")).decode()
    name = f"{record.game}-{record.players}p-table.json"
    download = (f'<a class="fp-table-download" download="{esc(name)}" '
                f'href="data:application/json;base64,{data}">'
                f'{text.html("ui.table.save.download")}</a>')
    review = ""
    if app is not None and record.moves:
        link = Link(game=record.game, players=record.players, record=record, step=0,
                    lang=text.lang)
        href = with_lang(f"{app}?{link.query(encode_record(record))}", text.lang)
        if too_long_to_share(href):
            review = f'<p>{text.html("ui.table.save.too_long")}</p>'
        else:
            review = (f'<p><a class="fp-table-review" href="{esc(href)}" target="_blank" '
                      f'rel="noopener">{text.html("ui.table.save.review")}</a></p>')
    title = text.html("ui.table.save.title")
    return (f'<section class="fp-table-save-box" aria-label="{title}"><h3>{title}</h3>'
            f'<p>{text.html("ui.table.save.kept")}</p><p>{download}</p>{review}</section>')
