"""Size limits in the apps: a teacher's upload and a share link that are too big are refused at
once with a message naming what and where, and the tutor on screen does not change."""

from __future__ import annotations

import json

from html_text import plain

from foodplay import limits
from foodplay.games.burg import components as burg_components
from foodplay.links import encode_record
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.teacher import Teacher

BURG_SET = json.loads(burg_components.DEFAULT_PATH.read_text(encoding="utf-8"))


def huge_copies() -> Record:
    data = json.loads(json.dumps(BURG_SET))
    data["cards"][0]["count"] = 3_000_000
    return Record("burg", 3, seed=1, components=data)


def upload(teacher: Teacher, content: bytes) -> None:
    teacher._uploaded({"new": [{"name": "game.json", "content": memoryview(content)}]})


def test_an_upload_over_the_limits_is_refused_and_nothing_changes(two_player):
    teacher = Teacher(App(two_player, env={}, step=0), env={})
    app, record = teacher.app, teacher.record
    cases = [
        (b" " * (limits.RECORD_BYTES + 1), f"larger than {limits.RECORD_BYTES} bytes"),
        (huge_copies().dumps().encode(), "components: cards[0].count"),
        (b'{"format": "foodplay.record/1", "game": "burg\xff"}', "not UTF-8 text"),
        (json.dumps(json.loads(two_player.dumps()) | {"names": ["\x1b[2J", "Bo"]}).encode(),
         "names[0]: holds a control character"),
    ]
    for content, words in cases:
        upload(teacher, content)
        status = plain(teacher.status.value)
        assert "could not be opened as a game" in status and words in status, status
        assert teacher.app is app and teacher.record is record
    assert app.errors.errors == []


def test_a_link_with_3_000_000_copies_opens_the_default_game_and_says_why():
    query = "game=burg&record=" + encode_record(huge_copies())
    app = App.from_query(query, env={})
    assert app.errors.errors == []
    assert app.timeline.record.components is None and app.timeline.record.seed == 1
    message = plain(app.messages.value)
    assert "could not be used" in message and "components: cards[0].count" in message
    assert "3000000 copies" in message and len(message) < 400
