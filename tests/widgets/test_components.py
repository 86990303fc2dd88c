"""Scores, chart, selectors, gallery and worked examples."""

from __future__ import annotations

import re

import pytest
from html_text import plain

from foodplay.i18n.messages import LANGUAGES
from foodplay_widgets import Gallery, worked_example


def test_progress_and_scores(app):
    app.go(app.timeline.last)
    view = app.timeline.state.view(None)
    text = plain(app.scores.progress.value)
    assert f"Complete burgers on the table: {view['complete_burgers']} of 8" in text
    assert f"Cards left in the deck: {view['deck']['count']}" in text
    scores = plain(app.scores.table.value)
    for name, score in zip(view["seats"], view["scores"], strict=True):
        assert f"{name['name']} {score} points in the end" in scores


def test_chart_is_drawn_only_when_shown_and_cached(app):
    app.go(30)
    assert app.scores.draws == 0 and app.scores.chart.layout.display == "none"
    app.scores.chart_toggle.value = True
    assert app.scores.draws == 1
    assert app.scores.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert "At step 30" in plain(app.scores.chart_summary.value)
    app.render()  # same step, same seat: no new drawing
    assert app.scores.draws == 1
    app.controls.next.click()
    assert app.scores.draws == 2
    app.scores.chart_toggle.value = False
    app.controls.next.click()
    assert app.scores.draws == 2


def test_selectors(app):
    assert [code for _, code in app.lang_select.options] == list(LANGUAGES)
    labels = [label for label, _ in app.seat_select.options]
    assert labels == ["Teacher (sees everything)", "Alice's view", "Bob's view", "Carol's view"]
    app.seat_select.value = 2
    assert "Carol's view" in plain(app.table.value)


def test_header_credits_and_components(app):
    header = plain(app.title.value)
    assert "BURG · 3 players · seed 7" in header
    assert "BURG (publisher unknown)" in header
    assert "Tutor default: the rulebook gives no card list, recipes or scoring." in header


def test_new_game_uses_the_settings(app):
    app.players.value = 4
    app.seed.value = 99
    app.bots_select.value = "random"
    app.new_game.click()
    record = app.timeline.record
    assert (record.players, record.seed) == (4, 99)
    assert app.timeline.cursor == 0 and app.timeline.state_at(app.timeline.last).is_over


def test_gallery_lists_four_games_honestly():
    from foodplay.games import LISTINGS
    from foodplay_widgets.pages.gallery import APPS, card_html

    html = Gallery().html.value
    assert html.count('class="fp-game-card') == len(LISTINGS) == 4
    assert 'href="burg.ipynb?seed=23&amp;step=27"' in html  # a lively position, not Tea
    assert 'href="burg-examples.ipynb"' in html
    for entry in LISTINGS:
        card = card_html(entry)
        assert f"<h3>{entry.title}</h3>" in card
        assert f"{entry.min_players} to {entry.max_players} players" in card
        if entry.id in APPS:
            assert f'href="{APPS[entry.id]}' in card and "Not built yet" not in card
        else:
            assert "Not built yet" in card and "href" not in card


def test_worked_example_narration_and_piles():
    app = worked_example("burg", "two-player-reveal")
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "rulebook's own two-player example" in plain(app.note.value)
    app.go(2)
    assert app.note.layout.display == "none"
    app.go(8)
    assert "exactly as the rulebook shows" in plain(app.note.value)
    piles = app.timeline.state.view(None)["piles"]
    assert [p["cards"] for p in piles] == [["lettuce", "cheese"], ["onion", "rat", "mushroom"]]
    table = plain(app.table.value).replace(" (changed at this step)", "")
    assert "Pile 1 lettuce cheese" in table and "Pile 2 onion rat mushroom" in table


def test_lone_tongs_takes_every_pile():
    app = worked_example("burg", "three-player-lone-tongs")
    app.go(12)
    text = plain(app.explanation.html.value)
    assert "Alice is the only Tongs player and takes every pile" in text
    assert "Only Alice showed Tongs" in plain(app.note.value)


def test_the_demo_game_opens_where_something_happens():
    """The gallery's BURG link opens at the piles of a round where Tongs are played: not the
    two rounds of everyone drinking Tea that every heuristic game starts with."""
    from foodplay.bots import play_game
    from foodplay_widgets.pages.gallery import DEMO

    query = dict(part.split("=") for part in DEMO["burg"].split("&"))
    record, _ = play_game("burg", 3, int(query["seed"]), ("heuristic",))
    step = int(query["step"])
    upcoming = [m.get("tool") for m in record.moves[step:step + 3] if m.kind == "tool"]
    assert "tongs" in upcoming and len(record.moves) < 300


def test_start_here_path_first_lesson_then_lessons_then_bots():
    from foodplay.teaching.lessons import lessons_for

    gallery = Gallery()
    assert gallery.head.value.count("<h2") == 1 and "Start here" in gallery.head.value
    for game in [value for _, value in gallery.pick.options]:
        gallery.pick.value = game
        path = gallery.path.value
        lessons = lessons_for(game)
        first = lessons[0]
        assert path.index("fp-start-first") < path.index("fp-start-lessons") < \
            path.index("fp-start-play")
        assert f'href="lessons.ipynb?lesson={first.uid}"' in path
        assert "mode=play" in path and "none of" in plain(path)
        # the list numbers its steps itself: no link repeats the number ("1. 1. Your first...")
        assert '<ol class="fp-start-steps">' in path
        assert not re.search(r'class="fp-start-[a-z]+"[^>]*>\s*\d', path), path
    gallery.pick.value = "burg"
    gallery.store.receive('{"burg/rat-on-a-pile": 3, "burg/only-tongs": 2}')
    path = plain(gallery.path.value)
    assert "(done)" in path and "2 of 7 (stars: 5)" in path
    assert 'href="lessons.ipynb?lesson=burg/first-burger"' in gallery.path.value  # next one


def test_pages_print_their_heading_once():
    """A page's heading and intro come from its widget only, never again from a markdown cell
    (they printed twice)."""
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "notebooks"
    for name in ("index", "lessons", "teacher"):
        cells = json.loads((folder / f"{name}.ipynb").read_text())["cells"]
        markdown = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert not any(line.startswith("# ") for line in markdown.splitlines()), name


def test_an_examples_step_link_reopens_that_example_at_that_step():
    from foodplay_widgets.pages.worked_examples import load_scenario

    first = worked_example("burg", "two-player-reveal")
    first.go(7)
    query = first.share.url.split("?", 1)[1]
    again = worked_example("burg", "two-player-reveal", query=query)
    assert again.timeline.cursor == 7
    assert "opened at step 7" in plain(again.messages.value)
    other = worked_example("burg", "three-player-lone-tongs", query=query)
    assert other.timeline.cursor == 0 and other.message_texts == []  # not its link
    plain_open = worked_example("burg", "two-player-reveal", query="")
    assert plain_open.timeline.cursor == 0
    assert load_scenario("burg", "two-player-reveal").moves == again.timeline.record.moves


# Link text is short and says where it goes; a description goes beside the link (issue #33).
MAX_LINK_WORDS = 12  # en, fr, pt: words (runs of letters or digits)
MAX_LINK_CHARS = 32  # ko, zh: characters other than spaces


def _link_length(text: str, lang: str) -> int:
    if lang in ("ko", "zh"):
        return len(re.sub(r"\s+", "", text))
    return len(re.findall(r"[^\W_]+(?:[’'-][^\W_]+)*", text))


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "ko", "zh"])
def test_every_gallery_link_is_short(lang):
    """Every link of the gallery, in every game's start path: at most MAX_LINK_WORDS words
    (MAX_LINK_CHARS characters in Korean and Chinese). The examples links were 30-word
    sentences."""
    from html import unescape

    from foodplay_widgets.pages.gallery import Gallery, start_path_html

    gallery = Gallery(lang)
    pages = [gallery.head.value, gallery.html.value] + [
        start_path_html(game, {}, lang) for _, game in gallery.pick.options]
    links = [unescape(re.sub(r"<[^>]+>", "", text)) for page in pages
             for text in re.findall(r"<a\b[^>]*>(.*?)</a>", page, re.S)]
    assert len(links) > 20
    cap = MAX_LINK_CHARS if lang in ("ko", "zh") else MAX_LINK_WORDS
    long = [(text, _link_length(text, lang)) for text in links if _link_length(text, lang) > cap]
    assert long == [], long
    examples = re.findall(r'<a class="fp-examples"[^>]*>.*?</a> <span class="fp-examples-about">',
                          gallery.html.value)
    assert len(examples) == 2  # Coffee Rush and Food Truck say what their examples show
