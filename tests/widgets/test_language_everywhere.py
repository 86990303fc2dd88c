"""Every part of a page follows its Language menu at once (issue #33, item 4): each page is
walked to a state where its parts are open (play mode with the move editor, a hint shown, the
quiz asking, search results, teacher tools), then switched to each other language, and no
English catalogue sentence or label may be left anywhere in it, widgets made before the switch
included."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from page_words import english_in

from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.record import Record
from foodplay_widgets import App
from foodplay_widgets.pages import lab
from foodplay_widgets.pages.gallery import Gallery
from foodplay_widgets.pages.lesson_player import LessonPlayer
from foodplay_widgets.pages.page import page_text
from foodplay_widgets.pages.quiz_panel import QuizPanel
from foodplay_widgets.pages.summary import summary_page
from foodplay_widgets.pages.teacher import Teacher
from foodplay_widgets.pages.worked_examples import load_scenario, worked_example

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")


def switched(root, menu, lang: str) -> list[str]:
    """Switch `menu` to `lang` and return the English `root` still shows."""
    menu.value = lang
    return english_in(root, lang)


def app_in_full(game: str) -> App:
    """A game's app in play mode with its move editor open and in use (where the game has one),
    a search with results, the share panel open, a refusal and a hint shown."""
    if game == "cuisine-a-la-card":  # Alice's play phase: the dish builder
        example = load_scenario(game, "eggs-and-bok-choy")
        record = Record(example.game, example.players, seed=example.seed, setup=example.setup,
                        options=example.options, names=example.names, moves=example.moves[:1])
        app = App(record, mode="play", seat=0, env={})
        app.editor.add_buttons[0].click()
    else:
        app = App(game=game, players=3, seed=7, mode="play", env={})
        app.moves.catch_up.click()
    if game == "coffee-rush":  # place the meeple: the move builder takes the first turn
        next(b for _, b, _ in app.editor.cells if b.layout.display != "none").click()
        next(b for _, b, _ in app.editor.cells if b.layout.display != "none").click()
    if game == "food-truck":
        app.editor.down.click()
    if game != "burg":
        assert app.editor.layout.display != "none", "the editor is open"
    app.reader.search.query.value = "pile"
    app.share.toggle.value = True
    if app.moves.whynot.options:  # "why not?" about a move: its refusal shown
        app.moves.whynot.value = app.moves.whynot.options[-1][1]
        app.moves.whynot_try.click()
    app.moves.hint.click()
    return app


def said(app: App) -> dict[str, str]:
    """What the app says about the learner's last actions: the refusal asked about, the hint,
    and the editor's last word and refusal (those shown)."""
    parts = {"whynot": app.moves.whynot_result, "hint": app.moves.hint_text}
    for name in ("status", "result"):
        widget = getattr(app.editor, name, None) if app.editor_slot is not None else None
        if widget is not None:
            parts[f"editor {name}"] = widget
    return {name: widget.value for name, widget in parts.items() if widget.value}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_app_in_play_mode_leaves_no_english(game: str) -> None:
    app = app_in_full(game)
    assert english_in(app, "fr"), "the check sees English where there is English"
    shown = said(app)
    assert {"whynot", "hint"} <= set(shown)
    for lang in OTHERS:
        left = switched(app, app.lang_select, lang)
        assert left == [], f"{game} in {lang}: {left[:8]}"
        now = said(app)  # still said, in the new language
        assert set(now) == set(shown), f"{game} in {lang}: {set(shown) - set(now)} wiped"
        assert all(now[name] != shown[name] for name in shown)
        shown = now


def test_a_worked_example_leaves_no_english() -> None:
    example = worked_example("food-truck", "truck-recall", step=34)
    assert english_in(example, "fr"), "the check sees English where there is English"
    for lang in OTHERS:
        left = switched(example, example.lang_select, lang)
        assert left == [], f"example in {lang}: {left[:8]}"


def lessons_page() -> tuple[widgets.Widget, widgets.Dropdown]:
    """The lessons page as lessons.ipynb builds it (its tips, the player, the quiz's heading and
    the quiz), a hint shown, a move refused and the quiz asking; and its Language menu."""
    player = LessonPlayer.from_query("lesson=burg/first-burger", env={})
    tips = page_text("ui.page.lessons.tips", tips=True, query="").follow(player.lang_select)
    heading = page_text("ui.page.lessons.quiz", query="").follow(player.lang_select)
    quiz = QuizPanel(player.game_id, lang=player.lang).follow(player)
    player.hint_button.click()
    player.hint_button.click()
    player.try_buttons[-1].click() if player.try_buttons else None
    quiz.answer(set(quiz.quiz.answer))  # answered and marked: the verdict and score shown
    quiz.check.click()
    return widgets.VBox([tips, player, heading, quiz]), player.lang_select


def test_the_lessons_page_with_a_hint_and_the_quiz_asking_leaves_no_english() -> None:
    page, menu = lessons_page()
    assert english_in(page, "fr"), "the check sees English where there is English"
    player, quiz = page.children[1], page.children[3]
    for lang in OTHERS:
        left = switched(page, menu, lang)
        assert left == [], f"lessons in {lang}: {left[:8]}"
        assert player.hints.value and quiz.result.value, f"{lang}: hint or verdict wiped"
        assert catalogue(None, lang).format("ui.quiz.right") in quiz.result.value  # still right


def test_teacher_mode_with_a_note_and_links_leaves_no_english() -> None:
    tips = page_text("ui.page.teacher.tips", tips=True, query="")
    teacher = Teacher.from_query("game=food-truck&seed=3&step=12", env={})
    tips.follow(teacher.app.lang_select)
    teacher.note.value = "노트 123"  # a note in no catalogue's words
    teacher.save()
    teacher.lesson_select.value = teacher.lesson_select.options[-1][1]
    page = widgets.VBox([tips, teacher])
    assert english_in(page, "fr"), "the check sees English where there is English"
    for lang in OTHERS:
        left = switched(page, teacher.app.lang_select, lang)
        assert left == [], f"teacher mode in {lang}: {left[:8]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_the_summary_and_the_gallery_in_each_language_leave_no_english(lang: str) -> None:
    """Pages without a menu: their language links open them again in another language."""
    shown = widgets.VBox([widgets.HTML(summary_page(f"game=food-truck&lang={lang}").data),
                          Gallery.from_query(f"lang={lang}")])
    assert english_in(shown, lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_strategy_lab_in_each_language_leaves_no_english(lang: str, monkeypatch) -> None:
    """The lab's page (no menu: its LANG is the address's language), its head, a question and
    an explanation with its rule links, as the notebook shows them."""
    shown: list[str] = []
    monkeypatch.setattr(lab, "display", lambda html: shown.append(html.data))
    lab.page_head(lang, 12)
    lab.show_text(lang, "lab.nb.burg_tea.q", heading=2)
    lab.explain(lang, "burg", "lab.nb.burg_tea.explain", ["D4", "R4"], times=3, count=2,
                games=12)
    lab.failures_report(lab.Results(()), lang)
    assert english_in(widgets.HTML("".join(shown)), lang) == []
