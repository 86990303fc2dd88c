"""The set-up guide page (issue 30, item 1; notebooks/setup.ipynb), driven in plain Python: its
steps follow the game, the player count and the Language menu at once; a box ticks per step;
each step links its rule and says own or default; bad address values are refused in a sentence;
the gallery links it for every game; it prints as one page with empty boxes."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from foodplay.games import built_games, credits_text, get_game
from foodplay.i18n.messages import catalogue
from foodplay.teaching.setup_guide import steps
from foodplay_widgets.pages.gallery import Gallery
from foodplay_widgets.pages.setup_guide import CSS, SetupGuide, read_query

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "setup.ipynb"


def texts(page: SetupGuide) -> list[str]:
    return [check.description for check in page.checks]


def test_the_steps_follow_the_player_count():
    page = SetupGuide("burg", 2)
    assert texts(page) == [f"{s.number}. {s.text}" for s in steps("burg", 2)]
    assert any("until 4 ingredient cards are showing" in t for t in texts(page))
    page.players_select.value = 5
    assert any("until 8 ingredient cards are showing" in t for t in texts(page))
    assert "Setting up BURG for 5 players" in page.head.value
    page.game_select.value = "cuisine-a-la-card"
    assert [n for _, n in page.players_select.options] == [2, 3, 4]
    assert page.players_select.value == 4  # 5 is out of Cuisine a la Card's range
    assert texts(page) == [f"{s.number}. {s.text}" for s in steps("cuisine-a-la-card", 4)]
    page.players_select.value = 2
    assert len(page.checks) == len(steps("cuisine-a-la-card", 2))
    assert any("15 medals" in t for t in texts(page))


def test_ticking_a_step_counts_it_and_the_language_keeps_the_ticks():
    page = SetupGuide("coffee-rush", 2)
    assert "0 of 8 steps done" in page.progress.value
    page.checks[0].value = True
    page.checks[5].value = True
    assert "2 of 8 steps done" in page.progress.value
    page.checks[5].value = False
    assert "1 of 8 steps done" in page.progress.value
    page.lang_select.value = "fr"
    assert [c.value for c in page.checks] == [True] + [False] * 7  # the same steps, kept
    assert "Étapes faites\u00a0: 1 sur 8" in page.progress.value
    page.players_select.value = 3  # other steps: new boxes, none ticked
    assert not any(c.value for c in page.checks)


@pytest.mark.parametrize("lang", ["fr", "ko", "pt", "zh"])
def test_everything_follows_the_language_menu_at_once(lang):
    page = SetupGuide("food-truck", 4)
    page.lang_select.value = lang
    cat = catalogue(None, lang)
    assert texts(page) == [f"{s.number}. {s.text}" for s in steps("food-truck", 4, lang)]
    assert page.game_select.description == cat.format("ui.guide.game")
    assert page.players_select.description == cat.format("ui.guide.players")
    assert page.lang_select.description == cat.format("ui.lang.label")
    assert page.players_select.options[0][0] == cat.format("ui.settings.players_n", {"count": 2})
    assert cat.format("guide.title", {"title": "Food Truck", "count": 4}) in page.head.value
    assert credits_text("food-truck", lang) in unescape(page.head.value)
    assert cat.format("ui.guide.print") in unescape(page.foot.value)
    assert f"fp-lang-{lang}" in page._dom_classes
    assert all(f"lang={lang}" in meta.value for meta in page.metas)


def test_each_step_links_its_rule_and_says_own_or_default():
    page = SetupGuide("burg", 3)
    first, fifth = page.metas[0].value, page.metas[4].value
    assert 'href="summary.ipynb?game=burg#rule-G1"' in first and "Rule G1" in first
    assert "fp-guide-default" in first and "tutor default" in first
    assert 'href="summary.ipynb?game=burg#rule-R0"' in fifth and "fp-guide-own" in fifth
    assert "Who goes first" in fifth  # the clause's title beside its number
    assert "most recently ate a hamburger" in fifth  # and its text, behind the title
    assert "BURG (publisher unknown)" in page.head.value
    rulebook = get_game("burg").rulebook()
    anchors = re.findall(r"#rule-([\w-]+)", "".join(m.value for m in page.metas))
    assert anchors and all(a in rulebook for a in anchors)


@pytest.mark.parametrize(("query", "game", "players", "words"), [
    ("game=chess&players=3", "burg", 3, "The link asks for the game 'chess'"),
    ("game=burg&players=9", "burg", 3, "'players=9', but it must be from 2 to 5"),
    ("game=cuisine-a-la-card&players=5", "cuisine-a-la-card", 3, "must be from 2 to 4"),
    ("game=burg&players=two", "burg", 3, "'players=two', which is not a whole number"),
    ("game=burg&players=" + "9" * 40, "burg", 3, "which is not a whole number"),
    ("game=burg&players=-2", "burg", 3, "which is not a whole number"),
    ("game=burg&lang=xx", "burg", 3, "the language 'xx'"),
    ("game=burg&seed=4", "burg", 3, "The link setting 'seed' is not one"),
    ("game=%3Cscript%3Ealert(1)%3C/script%3E", "burg", 3, "the game '<script>alert(1)</script>'"),
])
def test_bad_address_values_are_refused_in_a_sentence(query, game, players, words):
    page = SetupGuide.from_query(query)
    assert (page.game, page.players) == (game, players)
    assert 'role="alert"' in page.head.value and words in unescape(page.head.value)
    assert "<script>" not in page.head.value
    assert len(page.checks) == len(steps(game, players))


def test_good_addresses_open_the_guide_asked_for_and_refusals_speak_its_language():
    game, players, lang, link = read_query("game=food-truck&players=5&lang=pt-BR")
    assert (game, players, lang, link.problems) == ("food-truck", 5, "pt", [])
    page = SetupGuide.from_query("?game=coffee-rush&players=4&lang=ko")
    assert (page.game, page.players, page.lang) == ("coffee-rush", 4, "ko")
    assert 'role="alert"' not in page.head.value
    page = SetupGuide.from_query("game=burg&players=7&lang=fr")
    assert page.lang == "fr" and "Cette adresse n’a pas pu être utilisée" in page.head.value
    assert "players=7" in unescape(page.head.value)
    page.lang_select.value = "ko"  # the refusal follows the Language menu
    assert "이 주소를 그대로 쓸 수 없었어요" in page.head.value and "players=7" in page.head.value
    page.players_select.value = 4  # a new choice: the refusal of the address is gone
    assert 'role="alert"' not in page.head.value


def test_it_prints_on_one_page_with_empty_boxes():
    printed = CSS[CSS.index("@media print"):]
    assert "@page { size: A4" in printed
    assert "appearance: none" in printed and "background: #fff !important" in printed
    assert ".fp-guide-menus" in printed and "display: none" in printed
    assert "min-height: 44px" in CSS[:CSS.index("@media print")]  # touch targets on screen


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_gallery_links_each_game_to_its_set_up_guide(lang):
    html = unescape(Gallery(lang).html.value)
    for game in built_games():
        href = "setup.ipynb?game=" + game + ("" if lang == "en" else f"&lang={lang}")
        label = catalogue(None, lang).format("ui.guide.table_link",
                                             {"title": get_game(game).title})
        assert f'class="fp-setup-guide" href="{href}">{label}</a>' in html


def test_the_notebook_opens_the_page_from_its_address(monkeypatch):
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    source = "".join(cells[0]["source"])
    monkeypatch.setenv("QUERY_STRING", "game=food-truck&players=5&lang=zh")
    scope: dict = {}
    exec(compile(source.replace("setup_page(", "page = setup_page(", 1), "setup.ipynb", "exec"),
         scope)
    page = scope["page"]
    assert isinstance(page, SetupGuide) and (page.game, page.players, page.lang) == (
        "food-truck", 5, "zh")
