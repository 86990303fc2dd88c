"""The gallery of games: a "Start here" path (the first lesson of the game the learner picks,
then that game's lessons, then a game against bots), and one CSS-drawn card per game, honest
about which are built. Finished lessons come from the browser's storage (see store.py)."""

from __future__ import annotations

import ipywidgets as widgets

from foodplay.games import LISTINGS, Listing, credits_text, get_game
from foodplay.i18n.messages import catalogue
from foodplay.links import with_lang
from foodplay_widgets.app.style import classed, style_widget
from foodplay_widgets.pages.page import LANGUAGE_LINKS_CSS, language_links, query_lang
from foodplay_widgets.pages.stars import BrowserStore
from foodplay_widgets.text import esc

APPS = {"burg": "burg.ipynb",  # game id -> app notebook, relative to the gallery
        "coffee-rush": "coffee-rush.ipynb",
        "cuisine-a-la-card": "cuisine-a-la-card.ipynb",
        "food-truck": "food-truck.ipynb"}
# Pages for every game, listed under the cards: (notebook, title key, text key)
PAGES = (("lessons.ipynb", "ui.gallery.lessons", "ui.gallery.lessons_text"),
         ("teacher.ipynb", "ui.gallery.teacher", "ui.gallery.teacher_text"),
         ("strategy-lab.ipynb", "ui.gallery.lab", "ui.gallery.lab_text"))
LESSONS = "lessons.ipynb"  # a game with lessons links to its first one: ?lesson=<game>/<id>
# Where each game's tutor opens from the gallery: a lively position, not the quiet set-up
# (BURG seed 23, step 27: piles with a rat on the table, and the first Tongs of the game next;
# the heuristic bots drink Tea in the first rounds of every seed).
DEMO = {"burg": "seed=23&step=27"}
PLAY = "mode=play&seat=0&players=2"  # the Start here path's last step: a seat against bots
SETUP = "setup.ipynb"  # each game's set-up guide for a real box: ?game=<id>
EXAMPLES = {"burg": "burg-examples.ipynb", "coffee-rush": "coffee-rush-examples.ipynb",
            "cuisine-a-la-card": "cuisine-a-la-card-examples.ipynb",
            "food-truck": "food-truck-examples.ipynb"}


def _examples_link(entry: Listing, lang: str) -> str:
    """The examples link, short and saying where it goes ("Worked examples: Coffee Rush"), and
    beside it, where the game has one (`<id>.ui.gallery_examples_about`), what they show."""
    label = catalogue(None, lang).format("ui.gallery.examples", {"title": entry.title})
    link = (f'<a class="fp-examples" href="{esc(with_lang(EXAMPLES[entry.id], lang))}">'
            f"{esc(label)}</a>")
    game_cat = get_game(entry.id).catalogue(lang)
    if game_cat.has(f"{entry.id}.ui.gallery_examples_about"):
        about = game_cat.format(f"{entry.id}.ui.gallery_examples_about", {"title": entry.title})
        link += f' <span class="fp-examples-about">{esc(about)}</span>'
    return link


def card_html(entry: Listing, lang: str = "en") -> str:
    """One game's card: title, credits, player range, and a link if it is built."""
    cat = catalogue(None, lang)
    built = entry.module is not None and entry.id in APPS
    players = cat.format("ui.gallery.players", {"low": entry.min_players,
                                                "high": entry.max_players})
    if built:
        status = f'<p class="fp-game-status">{esc(cat.format("ui.gallery.built"))}</p>'
        demo = f"?{DEMO[entry.id]}" if entry.id in DEMO else ""
        links = (f'<a class="fp-open" href="{esc(with_lang(APPS[entry.id] + demo, lang))}">'
                 f'{esc(cat.format("ui.gallery.open", {"title": entry.title}))}</a>')
        if entry.id in EXAMPLES:
            links += f" {_examples_link(entry, lang)}"
        setup = with_lang(f"{SETUP}?game={entry.id}", lang)
        links += (f' <a class="fp-setup-guide" href="{esc(setup)}">'
                  f'{esc(cat.format("ui.guide.table_link", {"title": entry.title}))}</a>')
        first = _first_lesson(entry.id)
        if first is not None:
            links += (f' <a class="fp-lessons" href="{_lesson_href(first, lang)}">'
                      f'{esc(cat.format("ui.gallery.game_lessons", {"title": entry.title}))}</a>')
    else:
        status = (f'<p class="fp-game-status fp-not-built">'
                  f'{esc(cat.format("ui.gallery.not_built"))}</p>')
        links = ""
    cls = "fp-game-card fp-built" if built else "fp-game-card fp-unbuilt"
    return (f'<li class="{cls}" data-game="{esc(entry.id)}" aria-label="{esc(entry.title)}">'
            f"<h3>{esc(entry.title)}</h3>"
            f'<p class="fp-game-credits">{esc(credits_text(entry.id, lang))}</p>'
            f'<p class="fp-game-players">{esc(players)}</p>{status}<p>{links}</p></li>')


def _lesson_href(uid: str, lang: str) -> str:
    return esc(with_lang(f"{LESSONS}?lesson={uid}", lang))


def _first_lesson(game_id: str) -> str | None:
    """The id of a game's first lesson ("<game>/<id>"), or None if it has none."""
    from foodplay.teaching.lessons import lessons_for

    try:
        lessons = lessons_for(game_id)
    except Exception:  # a broken lesson file must not break the gallery (tests catch it)
        return None
    return lessons[0].uid if lessons else None


def pages_html(lang: str = "en") -> str:
    """Links to the pages for every game: lessons and quizzes, and the teacher's mode."""
    cat = catalogue(None, lang)
    items = "".join(f'<li><a class="fp-page-link" href="{esc(with_lang(notebook, lang))}">'
                    f"{esc(cat.format(title))}</a> {esc(cat.format(text))}</li>"
                    for notebook, title, text in PAGES)
    return (f'<section class="fp-pages"><h3>{esc(cat.format("ui.gallery.pages"))}</h3>'
            f"<ul>{items}</ul></section>")


def _lessons(game_id: str) -> tuple:
    from foodplay.teaching.lessons import lessons_for

    try:
        return lessons_for(game_id)
    except Exception:  # a broken lesson file must not break the gallery (tests catch it)
        return ()


def start_path_html(game_id: str, stars: dict[str, int], lang: str = "en") -> str:
    """The three steps for one game: its first lesson, its other lessons (with the learner's
    progress), then a seat against bots."""
    cat = catalogue(None, lang)
    entry = next(e for e in LISTINGS if e.id == game_id)
    lessons = _lessons(game_id)
    game_cat = get_game(game_id).catalogue(lang)
    steps = []
    if lessons:
        first = lessons[0]
        done = [x for x in lessons if x.uid in stars]
        nxt = next((x for x in lessons if x.uid not in stars), lessons[-1])
        total = sum(stars.get(x.uid, 0) for x in lessons)
        progress = cat.format("ui.gallery.start.progress", {"count": len(done),
                                                             "total": len(lessons),
                                                             "stars": total})
        first_done = (f' <span class="fp-start-done">{esc(cat.format("ui.gallery.start.done"))}'
                      f"</span>") if first.uid in stars else ""
        steps.append(  # the link is the lesson's title: where it goes, and short
            f'<li>{esc(cat.format("ui.gallery.start.first_label"))} '
            f'<a class="fp-start-first" href="{_lesson_href(first.uid, lang)}">'
            f"{esc(game_cat.format(first.title))}</a>{first_done} "
            f"{esc(cat.format('ui.gallery.start.first_text'))}</li>")
        steps.append(
            f'<li><a class="fp-start-lessons" href="{_lesson_href(nxt.uid, lang)}">'
            f'{esc(cat.format("ui.gallery.start.lessons", {"title": entry.title}))}</a> '
            f'<span class="fp-start-progress">{esc(progress)}</span></li>')
    if game_id in APPS:
        play = esc(with_lang(f"{APPS[game_id]}?{PLAY}", lang))
        steps.append(
            f'<li><a class="fp-start-play" href="{play}">'
            f'{esc(cat.format("ui.gallery.start.play", {"title": entry.title}))}</a> '
            f'{esc(cat.format("ui.gallery.start.play_text"))}</li>')
    return f'<ol class="fp-start-steps">{"".join(steps)}</ol>'


class Gallery(widgets.VBox):
    """The "Start here" path and the four games, as cards; built games link to their tutor
    notebooks. Children worth knowing: `pick` (the game to learn), `path`, `store`."""

    def __init__(self, lang: str = "en", query: str = ""):
        self.lang = lang
        cat = catalogue(None, lang)
        self.stars: dict[str, int] = {}
        self.head = widgets.HTML(
            f'<style>{LANGUAGE_LINKS_CSS}</style>{language_links(query, lang)}'
            f'<h2 class="fp-gallery-title">{esc(cat.format("ui.gallery.title"))}</h2>'
            f'<p class="fp-gallery-intro">{esc(cat.format("ui.gallery.intro"))}</p>'
            f'<h3 class="fp-start-title">{esc(cat.format("ui.gallery.start.title"))}</h3>')
        games = [(e.title, e.id) for e in LISTINGS if e.module is not None and e.id in APPS]
        self.pick = widgets.ToggleButtons(options=games, value=games[0][1] if games else None,
                                          description=cat.format("ui.gallery.start.pick"),
                                          style={"description_width": "initial"})
        self.pick.add_class("fp-start-pick")
        self.path = classed(widgets.HTML(), "fp-start-path")
        start = classed(widgets.VBox([self.head, self.pick, self.path]), "fp-start-here")
        cards = "".join(card_html(entry, lang) for entry in LISTINGS)
        self.html = widgets.HTML(
            f'<section class="fp-gallery-page">'
            f'<h3>{esc(cat.format("ui.gallery.all_games"))}</h3>'
            f'<ul class="fp-gallery">{cards}</ul>{pages_html(lang)}</section>')
        self.html.add_class("fp-gallery-html")
        self.store = BrowserStore(self._stored)
        super().__init__([style_widget(), start, self.html, self.store])
        self.add_class("fp-app")
        self.pick.observe(lambda _: self._draw_path(), "value")
        self._draw_path()

    @classmethod
    def from_query(cls, query: str) -> Gallery:
        """The gallery in the language the page address asks for (`?lang=ko`)."""
        return cls(query_lang(query), query)

    def _draw_path(self) -> None:
        if self.pick.value is not None:
            self.path.value = start_path_html(self.pick.value, self.stars, self.lang)

    def _stored(self, stars: dict[str, int]) -> None:
        """The browser handed over the lessons finished before: show the progress."""
        self.stars = stars
        self._draw_path()
