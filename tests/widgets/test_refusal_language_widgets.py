"""Refusals on screen speak the page's language (issue 28, item 5): a teacher's bad upload or
paste, and a share link whose record or position is bad, say what is wrong in the page's
language around the field path, with no English sentence."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from html_text import plain

from foodplay.links import encode_record
from foodplay.record import Record
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.teacher import Teacher

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
from position_mutations import document  # noqa: E402
from refusal_corpus import english_words  # noqa: E402

LANGS = ("ko", "fr", "pt", "zh")


def _bad_position() -> dict:
    doc = document("burg")
    doc["position"]["seats"][0]["rat_tokens"] = "three"
    return doc


def _upload(teacher: Teacher, content: bytes) -> None:
    teacher._uploaded({"new": [{"name": "game.json", "content": memoryview(content)}]})


@pytest.mark.parametrize("lang", LANGS)
def test_a_teachers_bad_upload_and_paste_are_refused_in_the_pages_language(two_player, lang):
    teacher = Teacher(App(two_player, env={}, lang=lang, step=0), env={})
    bad_record = json.loads(two_player.dumps()) | {"players": 9}
    cases = [
        (lambda: _upload(teacher, json.dumps(_bad_position()).encode()),
         "setup.position.seats[0].rat_tokens"),
        (lambda: teacher.load_pasted(json.dumps(_bad_position())),
         "setup.position.seats[0].rat_tokens"),
        (lambda: _upload(teacher, json.dumps(bad_record).encode()), "players"),
        (lambda: teacher.load_pasted('{"format": "foodplay.record/1", "moves": [}'), ""),
    ]
    for act, path in cases:
        act()
        status = plain(teacher.status.value)
        assert path in status and not english_words(status), status


@pytest.mark.parametrize("lang", LANGS)
def test_a_share_link_with_a_bad_position_falls_back_saying_why_in_its_language(lang):
    doc = document("cuisine-a-la-card")
    doc["position"]["judges"][0] = ["nonna"]  # a list where a judge id belongs
    record = Record("cuisine-a-la-card", 2, setup={k: v for k, v in doc.items()
                                                   if k not in ("game", "players")})
    query = f"game=cuisine-a-la-card&record={encode_record(record)}&lang={lang}"
    app = App.from_query(query, env={}, lazy=False)
    said = [t for t in app.message_texts if "setup.position.judges[0]" in t]
    assert said and not english_words(" ".join(said)), app.message_texts


def test_a_refused_upload_follows_the_language_menu(two_player):
    teacher = Teacher(App(two_player, env={}, lang="fr", step=0), env={})
    _upload(teacher, json.dumps(_bad_position()).encode())
    assert "doit être" in plain(teacher.status.value)
    teacher.app.lang_select.value = "ko"
    status = plain(teacher.status.value)
    assert "setup.position.seats[0].rat_tokens" in status and "doit" not in status, status
