"""Scores and progress: what the seat shown may know, and a chart of scores over the game.

The chart is drawn with matplotlib's object API (no pyplot, no display machinery) into an
Image widget, only while it is shown, and the score series are cached per record and seat.
"""

from __future__ import annotations

import io

import ipywidgets as widgets

from foodplay_widgets.app.context import Context
from foodplay_widgets.app.guard import Guard, unguarded
from foodplay_widgets.app.portal import Portal, html_holder
from foodplay_widgets.app.renderers import KnownScore
from foodplay_widgets.app.style import classed
from foodplay_widgets.text import esc

COLOURS = ("#1b6ca8", "#c2410c", "#15803d", "#7e22ce", "#a16207")


class ScoresPanel(widgets.VBox):
    """Known scores, the game-end progress, and an on-demand chart of scores over the game."""

    def __init__(self, guard: Guard = unguarded, portal: Portal | None = None):
        self.table = classed(widgets.HTML(), "fp-scores")
        # the game-end progress: with a `portal`, carried with the step (portal.py)
        self.progress, progress_box = html_holder(portal, "progress", "fp-progress-html",
                                                  wide=False)
        self.chart_toggle = widgets.ToggleButton(value=False, layout=widgets.Layout(width="auto"))
        self.chart_toggle.add_class("fp-chart-toggle")
        self.chart = widgets.Image(format="png", layout=widgets.Layout(max_width="100%",
                                                                      display="none"))
        self.chart.add_class("fp-chart")
        self.chart_summary = classed(widgets.HTML(), "fp-chart-summary")
        super().__init__([progress_box, self.table, self.chart_toggle, self.chart,
                          self.chart_summary])
        self.add_class("fp-scores-panel")
        self.chart_toggle.observe(guard(lambda _: self._redraw_chart()), "value")
        self._ctx: Context | None = None
        self._series_cache: dict[tuple, list[list[KnownScore]]] = {}
        self._drawn_key: tuple | None = None
        self.draws = 0  # how many times matplotlib drew (tests check the caching)

    def render(self, ctx: Context, drawn: tuple[str, str] | None = None) -> None:
        """Draw for `ctx`; `drawn`: its progress and score table, if drawn already (ahead.py)."""
        self._ctx = ctx
        self.progress.value, self.table.value = drawn or self.html_for(ctx)
        self.chart_toggle.description = ctx.text("ui.chart.show")
        self.chart_toggle.tooltip = ctx.text("ui.chart.tip")
        self._redraw_chart()

    @staticmethod
    def html_for(ctx: Context) -> tuple[str, str]:
        """The game-end progress and the known scores at `ctx`'s step, as HTML."""
        text = ctx.text
        view = ctx.view()
        renderer = ctx.renderer
        known = renderer.known_scores(view, ctx.state, text)
        rows = "".join(
            f'<tr class="fp-score-row{" fp-score-partial" if not k.exact else ""}">'
            f'<th scope="row">{esc(text.name(s))}</th><td>{esc(k.text)}</td></tr>'
            for s, k in enumerate(known))
        return (renderer.progress(view, text),
                f'<table class="fp-score-table"><caption>{text.html("ui.scores.title")}'
                f"</caption>{rows}</table>")

    # --- chart -------------------------------------------------------------------------
    def series(self, ctx: Context) -> list[list[KnownScore]]:
        """Known scores after every step, as the seat shown may know them (cached)."""
        record = ctx.timeline.record
        key = (id(ctx.timeline), len(record.moves), ctx.seat)
        if key not in self._series_cache:
            self._series_cache.clear()
            renderer, text = ctx.renderer, ctx.text
            out = []
            for k in range(ctx.timeline.last + 1):
                state = ctx.timeline.state_at(k)
                out.append(renderer.known_scores(state.view(ctx.seat), state, text))
            self._series_cache[key] = out
        return self._series_cache[key]

    def _redraw_chart(self) -> None:
        ctx = self._ctx
        shown = self.chart_toggle.value and ctx is not None
        self.chart.layout.display = "" if shown else "none"
        if not shown:
            self.chart_summary.value = ""
            return
        key = (id(ctx.timeline), len(ctx.timeline.record.moves), ctx.seat, ctx.cursor, ctx.lang)
        if key == self._drawn_key:
            return
        series = self.series(ctx)[: ctx.cursor + 1]  # no spoilers: up to the step shown
        self.chart.value = self._draw(ctx, series)
        self._drawn_key = key
        text = ctx.text
        last = series[-1]
        parts = [text("ui.chart.point", seat=s, text=k.text) for s, k in enumerate(last)]
        self.chart_summary.value = (f'<p class="fp-chart-alt">'
                                    f'{text.html("ui.chart.summary", n=ctx.cursor)}</p><ul>'
                                    + "".join(f"<li>{esc(p)}</li>" for p in parts) + "</ul>")

    def _draw(self, ctx: Context, series: list[list[KnownScore]]) -> bytes:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        text = ctx.text
        fig = Figure(figsize=(6.4, 2.6), dpi=96)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        steps = list(range(len(series)))
        for s in range(len(series[0]) if series else 0):
            values = [row[s].value for row in series]
            exact = series[-1][s].exact
            ax.plot(steps, values, color=COLOURS[s % len(COLOURS)],
                    linestyle="-" if exact else "--", linewidth=2,
                    label=text.name(s) if exact else text("ui.chart.partial_label", seat=s))
        ax.set_xlabel(text("ui.chart.x"))
        ax.set_ylabel(text("ui.chart.y"))
        ax.set_xlim(0, max(1, ctx.timeline.last))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, alpha=0.3)
        ax.legend(loc="upper left", fontsize="small", frameon=False)
        ax.set_title(text("ui.chart.title"), fontsize="medium")
        fig.tight_layout()
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        self.draws += 1
        return buffer.getvalue()
