"""The set-up guide as a page of the app (`notebooks/setup.ipynb?game=burg&players=3&lang=fr`).

A table sets a real box up from it: a game and a player count (menus, or the page's address),
then the guide's numbered steps (`foodplay.teaching.setup_guide`), each with a box to tick by
touch or keyboard, the rule it follows (it opens to the rule's text and a link to it in the rules
summary) and whether it is the rulebook's own or the tutor's default. The Language menu redraws
everything at once, ticks kept. A bad address value is refused in a sentence, and the page opens
with the default.
It prints on one page, the ticked boxes as empty ones (to tick with a pen).
"""

from __future__ import annotations

from urllib.parse import parse_qs

import ipywidgets as widgets

from foodplay.games import LISTINGS, built_games, credits_text, get_game
from foodplay.i18n.langcodes import public, resolve
from foodplay.i18n.messages import catalogue
from foodplay.limits import LINK_CHARS
from foodplay.links import Echo, Link, lang_problem, with_lang
from foodplay.teaching.setup_guide import GuideStep, steps
from foodplay_widgets.app.style import classed, style_widget
from foodplay_widgets.text import esc, language_options, mark_language

DEFAULT_PLAYERS = 3  # clamped to the game's range
SETTINGS = ("game", "players", "lang")

CSS = """
.fp-guide { max-width: 46rem; }
.fp-guide-menus { flex-wrap: wrap; gap: 0.25rem 1rem; }
.fp-guide-menus .widget-dropdown { width: auto; min-height: 44px; }
.fp-guide-menus .widget-dropdown > select { min-height: 44px; font-size: 1rem; }
.fp-guide-menus .widget-label { min-height: 44px; line-height: 44px; }
.fp-guide-title h2 { margin: 0.3em 0 0.1em; }
.fp-guide-title p { margin: 0.2em 0; }
.fp-guide-credits { color: #57606a; }
.fp-guide-problem { border: 2px solid #bf8700; background: #fff8c5; border-radius: 8px;
  padding: 6px 12px; }
.fp-guide-row { border-bottom: 1px solid #d0d7de; padding: 0.15rem 0 0.35rem; }
.fp-guide-check.widget-checkbox { width: auto; align-self: stretch; height: auto; }
.fp-guide-check .widget-label-basic { display: flex; align-items: flex-start; gap: 0.6rem;
  min-height: 44px; height: auto; white-space: normal; overflow: visible; line-height: 1.45;
  padding: 0.5rem 0; cursor: pointer; font-size: 1rem; }
.fp-guide-check .widget-label-basic span { white-space: normal; overflow: visible; }
/* Korean breaks between words, as the app's text does (style.py) */
.fp-guide.fp-lang-ko .fp-guide-check .widget-label-basic span { word-break: keep-all;
  overflow-wrap: anywhere; }
/* the row (the label, the whole step) is the 44 px target; its box sits by the first line */
.fp-guide-check input[type="checkbox"] { flex: none; align-self: flex-start; width: 24px;
  height: 24px !important; min-height: 24px !important; margin: 0.1rem 0 0; }
.fp-guide-check input[type="checkbox"]:focus-visible { outline: 3px solid #0969da;
  outline-offset: 3px; }
.fp-guide-meta { margin: 0 0 0 2.2rem; font-size: 0.9rem; }
.fp-guide-meta > summary { min-height: 44px; display: flex; flex-wrap: wrap; width: fit-content;
  max-width: calc(100% - 6px); align-items: center; gap: 0 0.4rem; cursor: pointer;
  color: #0550ae; list-style: none; }
.fp-guide-meta > summary::-webkit-details-marker { display: none; }
.fp-guide-meta > summary::before { content: "▸"; }
.fp-guide-meta[open] > summary::before { content: "▾"; }
.fp-guide-meta > summary:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.fp-guide-clause { margin: 0.2rem 0; color: #1f2328; }
.fp-guide-meta a { display: inline-block; min-height: 44px; line-height: 44px;
  color: #0550ae; }
.fp-guide-source { display: inline-block; font-size: 0.8em; font-weight: 600;
  border-radius: 4px; border: 1px solid; padding: 0 0.4em; }
.fp-guide-own { background: #dafbe1; color: #116329; border-color: #4ac26b; }
.fp-guide-default { background: #fbefff; color: #6e40c9; border-color: #c297ff; }
.fp-guide-progress { font-weight: 600; margin: 0.3rem 0; }
@media print {
  @page { size: A4; margin: 12mm; }
  #voila-top-panel, .jp-InputArea, .jp-InputPrompt, .jp-OutputPrompt, .jp-Toolbar,
  .fp-guide-menus, .fp-guide-progress, .fp-guide-print, .fp-guide-intro,
  .fp-load-check { display: none !important; }
  html, body, #main, .jp-LabShell, .lm-Widget, .jp-Notebook, .jp-Cell, .jp-OutputArea,
  .jp-OutputArea-child, .jp-OutputArea-output, .jupyter-widgets, .widget-box {
    position: static !important; overflow: visible !important; height: auto !important;
    max-height: none !important; min-height: 0 !important; contain: none !important;
    box-shadow: none !important; }
  .jp-Cell, .jp-OutputArea-output { padding: 0 !important; margin: 0 !important; }
  .fp-guide { font-size: 9.5pt; max-width: none; color: #000; }
  .fp-guide-title h2 { font-size: 13pt; }
  .fp-guide-check .widget-label-basic { min-height: 0; padding: 0.1rem 0; font-size: 9.5pt;
    line-height: 1.25; }
  .fp-guide-check input[type="checkbox"] { appearance: none; -webkit-appearance: none;
    width: 11pt; height: 11pt !important; min-height: 0 !important; border: 1.2pt solid #000;
    border-radius: 1pt; background: #fff !important; outline: none !important;
    margin-top: 1pt; }
  .fp-guide-meta { font-size: 8pt; margin-left: 1.6rem; }
  .fp-guide-meta > summary { min-height: 0 !important; color: #000; }
  .fp-guide .fp-guide-meta > summary:focus, .fp-guide .fp-guide-meta > summary:focus-visible,
  .fp-guide .fp-guide-check input:focus-visible { outline: none !important; }
  .fp-guide-meta > summary::before, .fp-guide-meta[open] > summary::before { content: none; }
  .fp-guide-meta > :not(summary) { display: none; }
  .fp-guide-row { break-inside: avoid; padding: 0.1rem 0 0.2rem; }
}
"""


def read_query(query: str) -> tuple[str, int, str, Link]:
    """(game, players, lang, link) from the page's address: a value the page cannot use is a
    problem of `link` (a sentence in any language: `link.problem_texts(lang)`), and the default
    is used instead."""
    link = Link(game=built_games()[0])
    values: dict[str, str] = {}
    if len(query) > LINK_CHARS:
        link.problems.append(("link.too_long", {"count": LINK_CHARS}))
    else:
        try:
            values = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True,
                                                    max_num_fields=100).items()}
        except ValueError:
            link.problems.append(("link.unreadable", {}))
    for name in sorted(set(values) - set(SETTINGS)):
        link.problems.append(("link.unknown_setting", {"name": Echo(name)}))
    if "lang" in values:
        problem = lang_problem(values["lang"])
        if problem is None:
            link.lang = resolve(values["lang"]) or "en"
        else:
            link.problems.append(problem)
    asked = values.get("game", link.game)
    if asked in built_games():
        link.game = asked
    else:
        link.problems.append(("link.bad_game", {"value": Echo(asked),
                                                "games": ", ".join(e.id for e in LISTINGS),
                                                "fallback": get_game(link.game).title}))
    game = get_game(link.game)
    low, high = game.min_players, game.max_players
    players = min(max(DEFAULT_PLAYERS, low), high)
    if "players" in values:
        text = values["players"].strip()
        if not (text.isascii() and text.isdecimal() and len(text) <= 4):
            link.problems.append(("link.not_number", {"name": "players",
                                                      "value": Echo(values["players"])}))
        elif not low <= int(text) <= high:
            link.problems.append(("link.out_of_range", {"name": "players",
                                                        "value": Echo(values["players"]),
                                                        "low": low, "high": high}))
        else:
            players = int(text)
    return link.game, players, link.lang, link


def rule_href(game_id: str, clause_id: str, lang: str) -> str:
    """The rule in the rules summary page (its card's anchor), in `lang`."""
    return with_lang(f"summary.ipynb?game={game_id}", lang) + f"#rule-{clause_id}"


def meta_html(game_id: str, step: GuideStep, lang: str) -> str:
    """A step's rule: its number and title (with the own-or-default label), opening to the
    clause's text and a link to it in the rules summary."""
    cat = catalogue(None, lang)
    link = cat.format("ui.guide.rule_link", {"rule": step.clause_number})
    return (f'<details class="fp-guide-meta"><summary><span class="fp-guide-rule">'
            f"{esc(step.clause_number)} · {esc(step.clause_title)}</span>"
            f'<span class="fp-guide-source fp-guide-{esc(step.source)}">'
            f"{esc(step.source_label)}</span></summary>"
            f'<p class="fp-guide-clause">{esc(step.clause_text)}</p>'
            f'<p><a class="fp-guide-rule-link" target="_blank" rel="noopener" '
            f'href="{esc(rule_href(game_id, step.clause, lang))}">{esc(link)}</a></p></details>')


class SetupGuide(widgets.VBox):
    """The page. Children worth knowing: `game_select`, `players_select`, `lang_select`,
    `checks` (one Checkbox per step, in order), `progress`, `head`, `rows`."""

    def __init__(self, game: str = "burg", players: int = DEFAULT_PLAYERS, lang: str = "en",
                 link: Link | None = None):
        self.link = link  # the address's refusals, said in the menu's language until a choice
        self.steps: list[GuideStep] = []
        self.checks: list[widgets.Checkbox] = []
        self.metas: list[widgets.HTML] = []
        self._quiet = False
        self.game_select = classed(widgets.Dropdown(
            options=[(get_game(g).title, g) for g in built_games()], value=game,
            style={"description_width": "initial"}), "fp-guide-game")
        self.players_select = classed(widgets.Dropdown(style={"description_width": "initial"}),
                                      "fp-guide-players")
        self.lang_select = classed(widgets.Dropdown(options=language_options(), value=lang,
                                                    style={"description_width": "initial"}),
                                   "fp-lang")
        menus = classed(widgets.HBox([self.game_select, self.players_select, self.lang_select]),
                        "fp-guide-menus")
        self.head = classed(widgets.HTML(), "fp-guide-title")
        self.progress = classed(widgets.HTML(), "fp-guide-progress")
        self.rows = classed(widgets.VBox(), "fp-guide-steps")
        self.foot = classed(widgets.HTML(), "fp-guide-print")
        super().__init__([style_widget(CSS), menus, self.head, self.progress, self.rows,
                          self.foot])
        self.add_class("fp-app")
        self.add_class("fp-guide")
        self._set_players(players)
        self.game_select.observe(self._game_changed, "value")
        self.players_select.observe(lambda _: None if self._quiet else self._rebuild(), "value")
        self.lang_select.observe(lambda _: self._redraw(keep=True), "value")
        self._rebuild()

    @classmethod
    def from_query(cls, query: str) -> SetupGuide:
        """The page for the address's `?game=...&players=...&lang=...`."""
        game, players, lang, link = read_query(query)
        return cls(game, players, lang, link if link.problems else None)

    @property
    def lang(self) -> str:
        return self.lang_select.value

    @property
    def game(self) -> str:
        return self.game_select.value

    @property
    def players(self) -> int:
        return self.players_select.value

    def _set_players(self, players: int) -> None:
        game = get_game(self.game)
        cat = catalogue(None, self.lang)
        options = [(cat.format("ui.settings.players_n", {"count": n}), n)
                   for n in range(game.min_players, game.max_players + 1)]
        self._quiet = True
        try:
            self.players_select.options = options
            self.players_select.value = min(max(players, game.min_players), game.max_players)
        finally:
            self._quiet = False

    def _game_changed(self, _: object) -> None:
        self.link = None
        self._set_players(self.players or DEFAULT_PLAYERS)
        self._rebuild()

    def _rebuild(self) -> None:
        """New steps (a game or a player count chosen): new boxes, none ticked."""
        if self.checks:  # a choice of the table's, not the address's: its refusals are done
            self.link = None
        self._redraw(keep=False)

    def _redraw(self, keep: bool) -> None:
        """Draw everything in the menu's language; `keep`: the same steps, ticks kept."""
        lang, game_id = self.lang, self.game
        cat = catalogue(None, lang)
        self.steps = steps(game_id, self.players, lang)
        if not keep or len(self.checks) != len(self.steps):
            self.checks = [classed(widgets.Checkbox(value=False, indent=False), "fp-guide-check")
                           for _ in self.steps]
            for check in self.checks:
                check.observe(lambda _: self._draw_progress(), "value")
            self.metas = [classed(widgets.HTML(), "fp-guide-meta-box") for _ in self.steps]
            self.rows.children = [classed(widgets.VBox([c, m]), "fp-guide-row")
                                  for c, m in zip(self.checks, self.metas, strict=True)]
        for step, check, meta in zip(self.steps, self.checks, self.metas, strict=True):
            check.description = f"{step.number}. {step.text}"
            check.tooltip = cat.format("ui.guide.step", {"n": step.number})
            meta.value = meta_html(game_id, step, lang)
        self.game_select.description = cat.format("ui.guide.game")
        self.players_select.description = cat.format("ui.guide.players")
        self.lang_select.description = cat.format("ui.lang.label")
        self._set_players(self.players)
        problems = "".join(f'<p class="fp-guide-problem" role="alert">'
                           f'{esc(cat.format("ui.guide.refused", {"problem": p}))}</p>'
                           for p in (self.link.problem_texts(lang) if self.link else []))
        title = cat.format("guide.title", {"title": get_game(game_id).title,
                                           "count": self.players})
        self.head.value = (f'<div lang="{esc(public(lang))}">{problems}'
                           f'<h2 class="fp-guide-heading">{esc(title)}</h2>'
                           f'<p class="fp-guide-credits">{esc(credits_text(game_id, lang))}</p>'
                           f'<p class="fp-guide-intro">{esc(cat.format("ui.guide.intro"))}</p>'
                           f"</div>")
        self.foot.value = (f'<p lang="{esc(public(lang))}">'
                           f'{esc(cat.format("ui.guide.print"))}</p>')
        mark_language(self, lang)
        self._draw_progress()

    def _draw_progress(self) -> None:
        cat = catalogue(None, self.lang)
        said = cat.format("ui.guide.done", {"done": sum(c.value for c in self.checks),
                                            "total": len(self.checks)})
        self.progress.value = f'<p role="status" aria-live="polite">{esc(said)}</p>'


def setup_page(query: str = "") -> SetupGuide:
    """The notebook's one cell: the page for its address."""
    return SetupGuide.from_query(query)
