"""The strategy lab's page helpers (`notebooks/strategy-lab.ipynb`): text from the catalogues,
charts drawn with matplotlib and shown as images with a text alternative, and the closing
explanation of each experiment with links to its rule.

Every chart's words (title, axes, legend) come from the catalogue in the page's language.
"""

from __future__ import annotations

import base64
import io
import statistics
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from IPython.display import HTML, display

from foodplay.games import get_game
from foodplay.i18n.messages import catalogue
from foodplay.lab.play import Results, Row, Setting, wilson
from foodplay.links import with_lang
from foodplay.teaching.rule_index import places_for
from foodplay_widgets.text import esc

COLOURS = ("#0b6e99", "#c05621", "#2f855a", "#6b46c1", "#b83280")
LAB_CSS = """<style>
.fp-lab figure { margin: 0.5rem 0 1rem; }
.fp-lab img { max-width: 100%; height: auto; }
.fp-lab figcaption { font-size: 0.9rem; color: #333; }
.fp-lab-explain { border-left: 4px solid #0b6e99; padding: 0.25rem 0.75rem; margin: 0.5rem 0; }
.fp-lab-explain a { display: inline-block; min-height: 24px; }
</style>"""


def say(lang: str, key: str, **params: Any) -> str:
    """A sentence of the lab, from the core catalogue, in `lang`."""
    return catalogue(None, lang).format(key, params)


def percent(value: float, lang: str) -> str:
    """A share as a whole percentage, written the language's way ("45 %" in French)."""
    return say(lang, "lab.nb.percent", value=f"{value * 100:.0f}")


def decimal(value: float, lang: str) -> str:
    """A number with one decimal, in the language's decimal sign."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang in ("fr", "pt") else text


def rule_name(lang: str, game_id: str, clause_id: str) -> str:
    """"Rule 5-1: Rats become rat tokens", in `lang`."""
    clause = get_game(game_id).rulebook()[clause_id]
    return say(lang, "lab.nb.rule", number=clause.number, title=clause.title(lang))


def show_text(lang: str, key: str, heading: int = 0, **params: Any) -> None:
    """A paragraph (or a heading of level `heading`) of the page, escaped, in `lang`."""
    text = esc(say(lang, key, **params))
    tag = f"h{heading}" if heading else "p"
    display(HTML(f'<div class="fp-lab" lang="{esc(lang)}"><{tag}>{text}</{tag}></div>'))


def page_head(lang: str, games: int) -> None:
    """The page's title, what it is for, and how many games each experiment plays."""
    display(HTML(LAB_CSS))
    show_text(lang, "lab.nb.title", heading=1)
    show_text(lang, "lab.nb.intro")
    show_text(lang, "lab.nb.games", count=games, games_name="GAMES", workers_name="WORKERS")


def median_length(results: Results, setting: Setting) -> int:
    """The median number of moves of a setting's games, rounded."""
    return round(statistics.median(row.length for row in results.of(setting)))


def _figure_html(fig: Any, alt: str, caption: str) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return (f'<figure class="fp-lab"><img src="data:image/png;base64,{data}" alt="{esc(alt)}">'
            f"<figcaption>{esc(caption)}</figcaption></figure>")


def _axes(title: str, xlabel: str, ylabel: str, width: float = 6.4) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["font.family"] = ["DejaVu Sans", "Noto Sans CJK JP", "Noto Sans CJK KR",
                                   "sans-serif"]
    fig, ax = plt.subplots(figsize=(width, 3.4))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return fig, ax


def rate_chart(lang: str, title: str, bars: Sequence[tuple[str, float, int]]) -> None:
    """Win rates with 95% intervals: `bars` are (label, wins, games)."""
    fig, ax = _axes(title, "", say(lang, "lab.nb.axis.win_rate"), max(6.4, 1.7 * len(bars)))
    rates, lows, highs = [], [], []
    for _, wins, games in bars:
        low, high = wilson(wins, games)
        rate = wins / games if games else 0.0
        rates.append(rate)
        lows.append(max(0.0, rate - low))  # never below zero through rounding
        highs.append(max(0.0, high - rate))
    labels = [label for label, _, _ in bars]
    ax.bar(range(len(bars)), rates, yerr=[lows, highs], capsize=6,
           color=[COLOURS[i % len(COLOURS)] for i in range(len(bars))])
    ax.set_xticks(range(len(bars)), [textwrap.fill(label, 18) for label in labels])
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda v, _: percent(v, lang))
    parts = [say(lang, "lab.nb.alt.rate", label=label, rate=percent(r, lang),
                 low=percent(r - lo, lang), high=percent(r + hi, lang))
             for label, r, lo, hi in zip(labels, rates, lows, highs, strict=True)]
    alt = say(lang, "list.sep").join(parts)
    display(HTML(_figure_html(fig, say(lang, "lab.nb.alt.chart", title=title, values=alt),
                              say(lang, "lab.nb.caption.rate"))))


def seat_bars(results: Results, lang: str) -> list[tuple[str, float, int]]:
    """Each setting's seats as (label, wins, games) for `rate_chart`."""
    many = len(results.settings) > 1
    bars = []
    for rate in results.win_rates():
        label = say(lang, "lab.nb.seat", seat=rate.seat + 1, bot=rate.bot)
        bars.append((f"{rate.setting}\n{label}" if many else label, rate.wins, rate.games))
    return bars


def first_player_bars(results: Results, lang: str) -> list[tuple[str, float, int]]:
    """How often the first player won, per setting (a shared win counts 1/k)."""
    bars = []
    for setting in results.settings:
        rows = [r for r in results.of(setting) if r.first_player is not None]
        wins = sum(1 / len(r.winners) for r in rows if r.first_player in r.winners)
        label = say(lang, "lab.nb.first_player_in", setting=setting.label) \
            if len(results.settings) > 1 else say(lang, "lab.nb.first_player")
        bars.append((label, wins, len(rows)))
    return bars


def distribution_chart(results: Results, lang: str, title: str, axis_key: str,
                       value: Callable[[Row], Sequence[float]]) -> None:
    """A box plot per setting of `value(row)` over its rows (game length, scores, ...)."""
    fig, ax = _axes(title, "", say(lang, axis_key))
    data = [[v for row in results.of(s) for v in value(row)] for s in results.settings]
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(data) + 1),
                  [textwrap.fill(s.label, 24) for s in results.settings])
    medians = []
    for setting, values in zip(results.settings, data, strict=True):
        ordered = sorted(values)
        middle = ordered[len(ordered) // 2] if ordered else 0
        medians.append(say(lang, "lab.nb.alt.median", label=setting.label, median=middle))
    values = say(lang, "list.sep").join(medians)
    display(HTML(_figure_html(fig, say(lang, "lab.nb.alt.chart", title=title, values=values),
                              say(lang, "lab.nb.caption.box"))))


def rule_chart(results: Results, lang: str, title: str, clauses: Sequence[str] = (),
               top: int = 8) -> None:
    """How often each rule is cited per game, per setting: `clauses`, or the `top` most
    cited over all the rows."""
    game = get_game(results.settings[0].game)
    chosen = list(clauses) or [c for c, _ in results.clause_counts().most_common(top)]
    fig, ax = _axes(title, say(lang, "lab.nb.axis.per_game"), "", width=7.2)
    height = 0.8 / max(1, len(results.settings))
    alt = []
    for index, setting in enumerate(results.settings):
        rows = results.of(setting)
        counts = results.clause_counts(setting)
        means = [counts[c] / max(1, len(rows)) for c in chosen]
        ax.barh([i + index * height for i in range(len(chosen))], means, height=height,
                label=setting.label, color=COLOURS[index % len(COLOURS)])
        alt.append(say(lang, "lab.nb.alt.rules", label=setting.label, rules=say(
            lang, "list.sep").join(say(lang, "lab.nb.alt.rule_mean", rule=rule_name(
                lang, game.id, c), mean=decimal(m, lang)) for c, m in zip(
                    chosen, means, strict=True))))
    names = [textwrap.shorten(rule_name(lang, game.id, c), 48, placeholder="…")
             for c in chosen]
    ax.set_yticks([i + height * (len(results.settings) - 1) / 2 for i in range(len(chosen))],
                  names)
    ax.invert_yaxis()
    if len(results.settings) > 1:
        ax.legend(fontsize="small")
    values = " ".join(alt)
    display(HTML(_figure_html(fig, say(lang, "lab.nb.alt.chart", title=title, values=values),
                              say(lang, "lab.nb.caption.rules"))))


def explain(lang: str, game_id: str, key: str, clauses: Sequence[str], **params: Any) -> None:
    """An experiment's closing explanation, then a link to each rule it rests on: the rules
    summary, and the first place in the tutor where the rule is seen at work."""
    game = get_game(game_id)
    rulebook = game.rulebook()
    items = []
    for clause_id in clauses:
        clause = rulebook[clause_id]
        name = rule_name(lang, game.id, clause_id)
        summary = with_lang(f"summary.ipynb?game={game.id}", lang)
        item = (f'<a href="{esc(summary)}" target="_blank">{esc(name)}</a> — '
                f"{esc(clause.text(lang))}")
        places = places_for(game.id, clause_id)
        if places:
            item += (f' <a href="{esc(with_lang(places[0].href(game.id), lang))}" '
                     f'target="_blank">{esc(say(lang, "lab.nb.see_in_play"))}</a>')
        items.append(f"<li>{item}</li>")
    display(HTML(f'<div class="fp-lab fp-lab-explain" data-key="{esc(key)}" lang="{esc(lang)}">'
                 f"<p>{esc(say(lang, key, **params))}</p><ul>{''.join(items)}</ul></div>"))


def failures_report(results: Results, lang: str) -> None:
    """The failures of a learner's bot, one line each (seed, step, move), or that none failed."""
    failures = results.failures
    if not failures:
        show_text(lang, "lab.nb.no_failures")
        return
    show_text(lang, "lab.cli.failures", count=len(failures))
    lines = "".join(f"<li>{esc(f.text(lang))}</li>" for f in failures[:10])
    display(HTML(f'<div class="fp-lab" lang="{esc(lang)}"><ul>{lines}</ul></div>'))
