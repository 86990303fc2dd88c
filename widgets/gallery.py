"""The gallery of games: one CSS-drawn card per game, honest about which are built."""

from __future__ import annotations

import ipywidgets as widgets

from foodplay.games import LISTINGS, Listing, get_game
from foodplay.messages import catalogue
from foodplay_widgets.style import style_widget
from foodplay_widgets.text import esc

APPS = {"burg": "burg.ipynb",  # game id -> app notebook, relative to the gallery
        "coffee-rush": "coffee-rush.ipynb",
        "cuisine-a-la-card": "cuisine-a-la-card.ipynb",
        "food-truck": "food-truck.ipynb"}
# Pages for every game, listed under the cards: (notebook, title key, text key)
PAGES = (("lessons.ipynb", "ui.gallery.lessons", "ui.gallery.lessons_text"),
         ("teacher.ipynb", "ui.gallery.teacher", "ui.gallery.teacher_text"))
LESSONS = "lessons.ipynb"  # a game with lessons links to its first one: ?lesson=<game>/<id>
EXAMPLES = {"burg": "burg-examples.ipynb", "coffee-rush": "coffee-rush-examples.ipynb",
            "cuisine-a-la-card": "cuisine-a-la-card-examples.ipynb",
            "food-truck": "food-truck-examples.ipynb"}


def _credits(entry: Listing, lang: str) -> str:
    if entry.module is not None:
        game_cat = get_game(entry.id).catalogue(lang)
        if game_cat.has(f"{entry.id}.credits"):
            return game_cat.format(f"{entry.id}.credits")
    cat = catalogue(None, lang)
    c = entry.credits
    if c.year:
        return cat.format("ui.gallery.credits_year", {"designer": c.designer,
                                                       "publisher": c.publisher, "year": c.year})
    return cat.format("ui.gallery.credits", {"designer": c.designer, "publisher": c.publisher})


def _examples_label(entry: Listing, lang: str) -> str:
    """The examples link's words: the game's own (`<id>.ui.gallery_examples`), if it says what
    its examples are, else the common "Worked examples from the <title> rulebook"."""
    game_cat = get_game(entry.id).catalogue(lang)
    if game_cat.has(f"{entry.id}.ui.gallery_examples"):
        return game_cat.format(f"{entry.id}.ui.gallery_examples", {"title": entry.title})
    return catalogue(None, lang).format("ui.gallery.examples", {"title": entry.title})


def card_html(entry: Listing, lang: str = "en") -> str:
    """One game's card: title, credits, player range, and a link if it is built."""
    cat = catalogue(None, lang)
    built = entry.module is not None and entry.id in APPS
    players = cat.format("ui.gallery.players", {"low": entry.min_players,
                                                "high": entry.max_players})
    if built:
        status = f'<p class="fp-game-status">{esc(cat.format("ui.gallery.built"))}</p>'
        links = (f'<a class="fp-open" href="{APPS[entry.id]}">'
                 f'{esc(cat.format("ui.gallery.open", {"title": entry.title}))}</a>')
        if entry.id in EXAMPLES:
            links += (f' <a class="fp-examples" href="{EXAMPLES[entry.id]}">'
                      f"{esc(_examples_label(entry, lang))}</a>")
        first = _first_lesson(entry.id)
        if first is not None:
            links += (f' <a class="fp-lessons" href="{LESSONS}?lesson={esc(first)}">'
                      f'{esc(cat.format("ui.gallery.game_lessons", {"title": entry.title}))}</a>')
    else:
        status = (f'<p class="fp-game-status fp-not-built">'
                  f'{esc(cat.format("ui.gallery.not_built"))}</p>')
        links = ""
    cls = "fp-game-card fp-built" if built else "fp-game-card fp-unbuilt"
    return (f'<li class="{cls}" data-game="{esc(entry.id)}" aria-label="{esc(entry.title)}">'
            f"<h3>{esc(entry.title)}</h3>"
            f'<p class="fp-game-credits">{esc(_credits(entry, lang))}</p>'
            f'<p class="fp-game-players">{esc(players)}</p>{status}<p>{links}</p></li>')


def _first_lesson(game_id: str) -> str | None:
    """The id of a game's first lesson ("<game>/<id>"), or None if it has none."""
    from foodplay.lessons import lessons_for

    try:
        lessons = lessons_for(game_id)
    except Exception:  # a broken lesson file must not break the gallery (tests catch it)
        return None
    return lessons[0].uid if lessons else None


def pages_html(lang: str = "en") -> str:
    """Links to the pages for every game: lessons and quizzes, and the teacher's mode."""
    cat = catalogue(None, lang)
    items = "".join(f'<li><a class="fp-page-link" href="{esc(notebook)}">'
                    f"{esc(cat.format(title))}</a> {esc(cat.format(text))}</li>"
                    for notebook, title, text in PAGES)
    return (f'<section class="fp-pages"><h3>{esc(cat.format("ui.gallery.pages"))}</h3>'
            f"<ul>{items}</ul></section>")


class Gallery(widgets.VBox):
    """The four games, as cards; built games link to their tutor notebooks."""

    def __init__(self, lang: str = "en"):
        cat = catalogue(None, lang)
        cards = "".join(card_html(entry, lang) for entry in LISTINGS)
        self.html = widgets.HTML(
            f'<section class="fp-gallery-page"><h2>{esc(cat.format("ui.gallery.title"))}</h2>'
            f'<p>{esc(cat.format("ui.gallery.intro"))}</p>'
            f'<ul class="fp-gallery">{cards}</ul>{pages_html(lang)}</section>')
        self.html.add_class("fp-gallery-html")
        super().__init__([style_widget(), self.html])
        self.add_class("fp-app")
