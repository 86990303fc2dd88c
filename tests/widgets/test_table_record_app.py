"""A game followed at the table (foodplay.companion) reopens in the tutor: uploaded on the
teacher's page, its record steps through every move with what the table drew, and a learner
can take a seat part-way."""

from __future__ import annotations

import sys
from pathlib import Path

from html_text import plain

from foodplay.companion.session import TableSession
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.teacher import Teacher

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
from table_games import TWO_PLAYER  # noqa: E402 - the engine tests' table entries


def table_record() -> Record:
    session = TableSession("burg", 2, first=0, seed=99)
    for entry in TWO_PLAYER:
        assert session.enter(entry).ok
    return session.record()


def test_a_table_record_uploaded_on_the_teachers_page_steps_through(two_player):
    record = table_record()
    teacher = Teacher(App(two_player, env={}, step=0), env={})
    teacher._uploaded({"new": [{"name": "table.json",
                                "content": memoryview(record.dumps().encode())}]})
    app = teacher.app
    assert app.timeline.record.drawn == record.drawn and app.timeline.last == len(TWO_PLAYER)
    for step in range(app.timeline.last + 1):
        app.go(step)
        assert plain(app.explanation.html.value)
    app.go(1)
    assert "lettuce" in plain(app.explanation.html.value).casefold()
    app.go(app.timeline.last)
    piles = app.timeline.state.view(None)["seats"]
    assert piles[1]["burgers"] or piles[1]["in_progress"]
    assert app.errors.errors == []


def test_a_table_record_opens_in_the_app_in_another_language():
    record = table_record()
    app = App(Record.loads(record.dumps()), game="burg", env={}, lazy=False, lang="ko")
    app.go(3)
    assert "쥐" in plain(app.explanation.html.value)
    assert app.errors.errors == []
