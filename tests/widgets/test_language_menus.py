"""Switching language in every page, in plain Python: the words change, the position stays,
and the choice travels in every link."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

from foodplay.i18n.langcodes import public, public_codes, resolve
from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.links import with_lang
from foodplay_widgets.pages.gallery import Gallery
from foodplay_widgets.pages.page import PageText, language_links, page_text, query_lang, rich_html
from foodplay_widgets.text import esc

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
needs_translation = pytest.mark.skipif(not OTHERS, reason="no translated language yet")


def test_rich_html_escapes_everything_but_its_own_markup() -> None:
    html = rich_html("# Title\n\nA **bold** <b>word</b> and *this*.\n\n- one\n- **two** 3")
    assert html == ("<h1>Title</h1><p>A <strong>bold</strong> &lt;b&gt;word&lt;/b&gt; and "
                    "<em>this</em>.</p><ul><li>one</li><li><strong>two</strong> 3</li></ul>")


def test_with_lang_keeps_the_address_and_sets_or_drops_the_language() -> None:
    assert with_lang("burg.ipynb?seed=23&step=27", "ko") == "burg.ipynb?seed=23&step=27&lang=ko"
    assert with_lang("burg.ipynb?lang=ko&seed=2", "en") == "burg.ipynb?seed=2"
    assert with_lang("?lang=fr", "en") == "?"
    assert query_lang("game=burg&lang=xx") == "en" and query_lang("lang=en") == "en"


def test_language_links_name_each_language_in_its_own_words_and_mark_the_current() -> None:
    nav = language_links("game=burg", "en")
    names = re.findall(r'hreflang="([\w-]+)"[^>]*>([^<]+)</a>', nav)
    assert [code for code, _ in names] == public_codes()  # pt-BR: the Portuguese is Brazilian
    assert all(name == catalogue(None, resolve(code)).format("ui.lang.name")
               for code, name in names)
    assert nav.count("aria-current") == 1 and 'href="?game=burg"' in nav


@needs_translation
@pytest.mark.parametrize("lang", OTHERS)
def test_page_text_follows_a_language_menu(lang: str) -> None:
    import ipywidgets as widgets

    text = PageText("ui.page.teacher.tips")
    menu = widgets.Dropdown(options=list(LANGUAGES), value="en")
    english = text.value
    text.follow(menu)
    menu.value = lang
    assert text.value != english and f'lang="{public(lang)}"' in text.value


@needs_translation
@pytest.mark.parametrize("lang", OTHERS)
def test_the_gallery_speaks_the_address_language_and_passes_it_on(lang: str) -> None:
    gallery = Gallery.from_query(f"lang={lang}")
    title = catalogue(None, lang).format("ui.gallery.title")
    assert title in gallery.head.value
    hrefs = re.findall(r'href="([^"#]+)"', gallery.html.value + gallery.path.value)
    assert hrefs and all(f"lang={lang}" in href for href in hrefs if ".ipynb" in href)


@needs_translation
@pytest.mark.parametrize("lang", OTHERS)
def test_switching_the_app_language_keeps_the_position_and_the_share_link_carries_it(
        lang: str) -> None:
    from foodplay_widgets import App
    from foodplay_widgets.app.share import link_for

    app = App(game="burg", players=2, seed=4, step=9)
    english = app.explanation.html.value
    app.lang_select.value = lang
    assert app.timeline.cursor == 9
    assert app.explanation.html.value != english
    assert link_for(app.context()).lang == lang
    assert f"summary.ipynb?game=burg&amp;lang={lang}" in app.reader.html.value


@needs_translation
@pytest.mark.parametrize("lang", OTHERS)
def test_switching_the_lesson_language_keeps_the_lesson_progress(lang: str) -> None:
    from foodplay_widgets.pages.lesson_player import LessonPlayer

    player = LessonPlayer(game="burg")
    player.hint()
    before = (player.lesson.uid, player.course.query().replace("&lang=" + lang, ""))
    player.lang_select.value = lang
    assert (player.lesson.uid, player.course.query().replace("&lang=" + lang, "")) == before
    assert f"lang={lang}" in player.course.query()
    assert catalogue(None, lang).format("ui.lang.label") == player.lang_select.description


@needs_translation
@pytest.mark.parametrize("lang", OTHERS)
def test_the_command_line_speaks_the_chosen_language(lang: str) -> None:
    out = subprocess.run([sys.executable, "-m", "foodplay.cli", "play", "burg", "--players", "2",
                          "--quiet", "--lang", lang], capture_output=True, text=True, check=True)
    english = subprocess.run([sys.executable, "-m", "foodplay.cli", "play", "burg",
                              "--players", "2", "--quiet"], capture_output=True, text=True,
                             check=True)
    assert out.stdout != english.stdout and "Won by" not in out.stdout


def test_a_page_asked_for_an_unknown_language_says_so_in_english() -> None:
    notice = "which this tutor does not have"
    examples = PageText("burg.page.examples", "burg", "en", links_query="lang=de&x=1")
    assert notice in examples.value and "'de'" in html.unescape(examples.value)
    head = Gallery.from_query("?lang=<b>x").head.value
    assert notice in head and "&lt;b&gt;x" in head  # escaped, not markup
    for query in ("lang=ko", "x=1", ""):
        assert notice not in language_links(query, "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_apps_tips_come_whole_and_folded_under_a_line_in_its_language(lang) -> None:
    """A wide screen shows the list whole, a phone the same items under one summary line."""
    text = page_text("burg.page.app", "burg", query=f"lang={lang}", tips=True)
    full = re.search(r'<ul class="fp-tips-full">(.*?)</ul>', text.value, re.S)
    fold = re.search(r'<details class="fp-tips-fold"><summary>(.*?)</summary><ul>(.*?)</ul>',
                     text.value, re.S)
    assert full and fold and full[1] == fold[2] and full[1].count("<li>") >= 5
    assert fold[1] == esc(catalogue(None, lang).format("ui.page.tips"))
    assert "@media" in text.value  # which form shows is CSS sent with the text itself
    plain = page_text("burg.page.app", "burg", query=f"lang={lang}")
    assert "fp-tips" not in plain.value and "<ul>" in plain.value
