"""Teacher's mode without a browser: notes on steps kept in the record and shown by the
tutor, saving and loading annotated games, class links to a step and to a lesson, and the
printable rules summary made from the clause catalogue."""

from __future__ import annotations

import base64
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from html_text import plain

from foodplay.games import built_games, get_game
from foodplay.links import parse_query
from foodplay.record import Record
from foodplay.teaching.lessons import parse_course
from foodplay.teaching.summary import print_size, summary_html
from foodplay_widgets.app.share import sibling_url
from foodplay_widgets.pages.teacher import Teacher


@pytest.fixture
def teacher(two_player):
    from foodplay_widgets.app.tutor import App

    t = Teacher(App(two_player, env={}, step=0), env={})
    yield t
    assert t.app.errors.errors == [], t.app.errors.errors[0]


def test_presenter_layout_is_on_and_can_be_turned_off(teacher):
    assert "fp-presenter" in teacher._dom_classes
    assert ".fp-presenter .fp-app { font-size: 1.35rem" in teacher.style.value
    teacher.presenter.value = False
    assert "fp-presenter" not in teacher._dom_classes
    teacher.presenter.value = True
    assert "fp-presenter" in teacher._dom_classes
    assert teacher.presenter.description == "Large type for the class"


def test_a_note_on_any_step_is_kept_and_shown_by_the_tutor(teacher):
    teacher.app.go(3)
    assert teacher.note.value == ""
    assert "Your note on step 3" in plain(teacher.notes_heading.value)
    teacher.note.value = "A rat! Does it count toward the four?\nWatch the counter."
    teacher.save_note.click()
    assert teacher.record.annotations == {3: "A rat! Does it count toward the four?\n"
                                             "Watch the counter."}
    note = plain(teacher.app.note.value)
    assert "Note from your teacher A rat! Does it count toward the four? Watch the counter." \
        in note
    assert "Teacher's note" in note  # the scenario's own narration at step 3 stays
    assert "Note saved on step 3. The game has 1 note." in plain(teacher.status.value)
    teacher.app.go(4)
    assert teacher.note.value == "" and "Note from your teacher" not in \
        plain(teacher.app.note.value)
    teacher.app.go(3)
    assert teacher.note.value.startswith("A rat!")
    teacher.remove_note.click()
    assert teacher.record.annotations == {}
    assert "Note from your teacher" not in plain(teacher.app.note.value)


def test_the_annotated_game_downloads_and_loads_again(teacher):
    teacher.app.go(1)
    teacher.save("Lettuce opens pile 1.")
    teacher.app.go(8)
    teacher.save("Both tools are face down now.")
    href = re.search(r'href="data:application/json;base64,([^"]+)"', teacher.download.value)[1]
    saved = base64.b64decode(href).decode()
    record = Record.loads(saved)
    assert record.annotations == {1: "Lettuce opens pile 1.", 8: "Both tools are face down now."}
    assert "-annotated.json" in teacher.download.value
    # the tutor's own download carries the notes too
    teacher.app.share.toggle.value = True
    app_href = re.search(r'href="data:application/json;base64,([^"]+)"',
                         teacher.app.share.download.value)[1]
    assert Record.loads(base64.b64decode(app_href).decode()).annotations == record.annotations
    other = Teacher(game="food-truck", env={})
    assert other.load(saved)
    assert other.record.game == "burg" and other.record.annotations == record.annotations
    assert "Opened the saved game: BURG, 17 moves." in plain(other.status.value)
    other.app.go(8)
    assert "Both tools are face down now." in plain(other.app.note.value)


def test_a_file_that_is_not_a_game_is_refused_with_a_reason(teacher):
    before = teacher.record
    assert not teacher.load('{"format": "foodplay.record/1", "game": "chess"}')
    assert "That file could not be opened as a game: malformed record: game" in \
        plain(teacher.status.value)
    assert teacher.record is before


def test_class_link_opens_the_annotated_game_at_the_step(teacher):
    teacher.app.go(7)
    teacher.save("Who gets the mushroom?")
    url = teacher.class_link_url()
    assert url.startswith("burg.ipynb?")
    link = parse_query(urlsplit(url).query)
    assert link.problems == [] and link.step == 7
    assert link.record.annotations == {7: "Who gets the mushroom?"}
    assert link.record.moves == teacher.record.moves
    shown = unescape(teacher.class_link.value)
    assert "Class link: this game at step 7" in plain(shown) and url in shown
    # the class opens it in the tutor, at step 7, with the note
    from foodplay_widgets.app.tutor import App

    student = App.from_query(urlsplit(url).query, env={})
    assert student.timeline.cursor == 7
    assert "Who gets the mushroom?" in plain(student.note.value)


def test_class_link_to_a_lesson(teacher):
    assert teacher.lesson_select.options
    teacher.lesson_select.value = "burg/flip-a-bun"
    url = teacher.lesson_link_url()
    assert url == "lessons.ipynb?lesson=burg/flip-a-bun"
    assert parse_course(urlsplit(url).query).lesson == "burg/flip-a-bun"
    assert "Class link to a lesson" in plain(teacher.lesson_link.value)


def test_links_point_at_the_notebooks_beside_the_page():
    assert sibling_url("burg.ipynb", "step=3") == "burg.ipynb?step=3"


def test_teacher_from_a_class_link(teacher):
    teacher.app.go(5)
    teacher.save("Here.")
    query = urlsplit(teacher.class_link_url()).query
    again = Teacher.from_query(query, env={})
    assert again.step == 5 and again.note.value == "Here."


def test_the_summary_link_is_the_generated_page(teacher):
    href = re.search(r'href="data:text/html;base64,([^"]+)"', teacher.summary.value)[1]
    assert base64.b64decode(href).decode() == summary_html("burg")
    assert 'download="burg-rules-summary.html"' in teacher.summary.value


@pytest.mark.parametrize("game_id", built_games())
def test_the_rules_summary_is_the_clause_catalogue(game_id):
    html = summary_html(game_id)
    rulebook = get_game(game_id).rulebook()
    numbers = re.findall(r'<span class="fp-sum-num">Rule ([^<]+)</span>', html)
    assert numbers == [c.number for c in rulebook]  # every clause, in order
    for clause in rulebook:
        assert f'id="rule-{clause.id}"' in html
        assert unescape(clause.text("en")) in unescape(html)
    assert html.startswith("<!DOCTYPE html>") and "@page" in html
    size = print_size(sum(len(c.text()) + len(c.title()) for c in rulebook))
    assert 9 <= size and f"--fp-print-size: {size}pt" in html


def test_switching_games_keeps_the_tools(teacher):
    teacher.game_select.value = "food-truck"
    assert teacher.record.game == "food-truck"
    assert "Teacher's mode: Food Truck" in plain(teacher.title.value)
    assert teacher.holder.children[0] is teacher.app
    href = re.search(r'href="data:text/html;base64,([^"]+)"', teacher.summary.value)[1]
    assert "Food Truck: the rules in brief" in base64.b64decode(href).decode()
    assert parse_qs(urlsplit(teacher.class_link_url()).query)["game"] == ["food-truck"]


def test_a_note_is_kept_as_it_is_typed_and_survives_next_and_back(teacher):
    teacher.app.go(3)
    teacher.note.value = "Count the ingredients, not the rat."  # typed, never saved
    assert teacher.record.annotations[3] == "Count the ingredients, not the rat."
    assert "Count the ingredients" in plain(teacher.app.note.value)  # shown at once
    teacher.app.controls.next.click()
    assert teacher.step == 4 and teacher.note.value == ""
    teacher.app.controls.back.click()
    assert teacher.note.value == "Count the ingredients, not the rat."
    teacher.note.value = "   "  # emptied: the note goes
    assert 3 not in teacher.record.annotations


def test_the_note_box_is_folded_under_the_step_it_annotates(teacher):
    """On a projector the class reads the step first: the note box comes after the step's
    explanation, closed until the teacher opens it, and a note typed is kept either way."""
    from foodplay_widgets.pages.teacher import _find_class

    column = _find_class(teacher.app, "fp-right")
    assert column is not None
    children = list(column.children)
    fold = teacher.notes_fold
    assert children.index(fold) == children.index(teacher.app.explanation) + 1
    assert list(fold.children) == [teacher.notes_toggle, teacher.note_box]
    assert teacher.note in teacher.note_box.children
    assert teacher.note_box not in teacher.tools.children
    assert teacher.note_box.layout.display == "none" and not teacher.notes_toggle.value
    assert teacher.notes_toggle.description == "Write a note on this step ▸"
    teacher.note.value = "Typed while folded."  # (a kept note from the browser, say)
    assert teacher.record.annotations[teacher.step] == "Typed while folded."
    teacher.notes_toggle.value = True
    assert teacher.note_box.layout.display == "" and teacher.note.value == "Typed while folded."
    assert teacher.notes_toggle.description == "Close the note box ▴"
    teacher.app.lang_select.value = "fr"
    assert teacher.notes_toggle.description == "Fermer la zone de note ▴"
    teacher.notes_toggle.value = False
    assert teacher.note_box.layout.display == "none"
    assert teacher.record.annotations[teacher.step] == "Typed while folded."


def test_a_next_click_redraws_only_the_teachers_tools_that_follow_the_step(teacher,
                                                                             monkeypatch):
    """The summary (a whole page, base64), the download (the whole record) and the labels
    follow the game, the language and the notes, not the step: a Next click leaves them."""
    import foodplay_widgets.pages.teacher as module

    summaries = []
    monkeypatch.setattr(module, "summary_html",
                        lambda *args: summaries.append(args) or summary_html(*args))
    quiet = (teacher.summary, teacher.download, teacher.title, teacher.share_heading)
    before = [w.value for w in quiet]
    link = teacher.class_link.value
    teacher.app.controls.next.click()
    assert summaries == [] and [w.value for w in quiet] == before
    assert teacher.class_link.value != link and f"step={teacher.step}&" in teacher.class_link_url()
    teacher.note.value = "A new note."  # the notes change: the download follows
    assert teacher.download.value != before[1]
    teacher.app.lang_select.value = "fr"  # the language changes: the summary follows
    assert summaries == [(teacher.record.game, "fr")] and teacher.title.value != before[2]


def test_while_a_note_is_typed_the_links_follow_once_the_typing_pauses(teacher):
    """In a kernel (a running event loop) each key keeps the note and shows it at once, but
    the download (the whole record) and the class link are drawn once the keys stop."""
    import asyncio

    from threads import run_alone

    assert teacher._links_later.delay is None  # not in a kernel: the links follow each key

    teacher.app.go(2)
    download, link = teacher.download.value, teacher.class_link.value
    drawn = []
    teacher.download.observe(lambda change: drawn.append(change["new"]), "value")

    async def type_a_note() -> None:
        teacher._links_later.delay = 0.5  # long beside the keys' 1 ms: a busy machine stalls
        for end in range(1, 6):
            teacher.note.value = "Watch"[:end]
            assert teacher.record.annotations[2] == "Watch"[:end]  # kept at once
            await asyncio.sleep(0.001)
        assert "Watch" in plain(teacher.app.note.value)  # the aside, at once
        assert teacher.download.value == download and teacher._links_later.pending
        for _ in range(100):  # the pause, then the one redraw
            await asyncio.sleep(0.05)
            if drawn and not teacher._links_later.pending:
                break

    run_alone(type_a_note())
    assert len(drawn) == 1 and teacher.class_link.value != link  # once, with the whole note
    saved = Record.loads(base64.b64decode(
        re.search(r'base64,([^"]+)"', teacher.download.value)[1]).decode())
    assert saved.annotations[2] == "Watch"
    assert "Watch" in unescape(parse_query(urlsplit(teacher.class_link_url()).query)
                               .record.annotations[2])


def test_after_a_game_switch_an_error_reaches_the_app_shown(teacher, monkeypatch):
    first = teacher.app
    teacher.game_select.value = "food-truck"
    assert teacher.app is not first

    def broken(text=None):
        raise RuntimeError("no")

    monkeypatch.setattr(teacher, "save", broken)
    teacher.save_note.click()
    assert first.errors.errors == [] and len(teacher.app.errors.errors) == 1
    assert any("RuntimeError" in t for t in teacher.app.message_texts)
    teacher.app.errors.errors.clear()  # seen: the fixture checks that no other error came
