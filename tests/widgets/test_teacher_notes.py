"""A teacher never loses a note: everything the tutor writes, it reads back.

Each limit is tried at its edge, through the widgets as a teacher uses them (typing in the note
box, the download, the class link): a note of exactly the longest length and one character
more; a note on every step; notes up to the largest saved game; the longest class link handed
out and one character more. What is kept must reopen from the download and from the link; what
cannot is refused as it is typed, with a message, and nothing already kept is lost. Then the
paste box's size limits, and the notes kept in the browser's storage.
"""

from __future__ import annotations

import base64
import json
import random
import re
import string
from html import unescape
from urllib.parse import urlsplit

import pytest
from html_text import plain

from foodplay import limits
from foodplay.links import SHARE_CHARS
from foodplay.record import MAX_ANNOTATION, Record
from foodplay_widgets.app.share import SharePanel
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.notes_keeper import PREFIX, game_key, notes_hash
from foodplay_widgets.pages.teacher import Teacher
from foodplay_widgets.serving.lost_notice import WORDS_FILE, words_js


@pytest.fixture
def teacher(two_player):
    t = Teacher(App(two_player, env={}, step=0), env={})
    yield t
    assert t.app.errors.errors == [], t.app.errors.errors[0]


def words(n: int, seed: int = 1) -> str:
    """`n` characters of text that compresses about as badly as a teacher's prose."""
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_letters + "     .,") for _ in range(n))


def download(teacher: Teacher) -> bytes:
    """The file the download link gives."""
    href = re.search(r'href="data:application/json;base64,([^"]+)"', teacher.download.value)[1]
    return base64.b64decode(href)


def reopened(teacher: Teacher) -> dict[int, str]:
    """The notes of the downloaded file, opened again as an upload in another teacher's page."""
    other = Teacher(game="food-truck", env={})
    other._uploaded({"new": [{"name": "game.json", "content": memoryview(download(teacher))}]})
    assert "Opened the saved game" in plain(other.status.value), plain(other.status.value)
    return other.record.annotations


def handed_out_link(teacher: Teacher) -> str | None:
    """The class link the page hands out, or None if it hands none out."""
    found = re.search(r'<a class="fp-class-link" href="([^"]+)"', teacher.class_link.value)
    return unescape(found[1]) if found else None


def opened_from_link(teacher: Teacher) -> dict[int, str]:
    """The notes a student sees on opening the class link."""
    url = handed_out_link(teacher)
    assert url is not None, plain(teacher.class_link.value)
    student = App.from_query(urlsplit(url).query, env={})
    assert student.message_texts == [] or not any("could not" in t for t in
                                                  student.message_texts)
    return student.timeline.record.annotations


def type_note(teacher: Teacher, step: int, text: str) -> None:
    teacher.app.go(step)
    teacher.note.value = text


def test_a_note_of_exactly_the_longest_length_is_kept_and_reads_back(teacher):
    note = words(MAX_ANNOTATION)
    type_note(teacher, 3, note)
    assert teacher.record.annotations == {3: note}
    assert f"{MAX_ANNOTATION} / {MAX_ANNOTATION} characters" in plain(teacher.note_count.value)
    assert "fp-over" not in teacher.note_count.value
    assert "Note on step 3 kept." in plain(teacher.status.value)
    assert reopened(teacher) == {3: note}
    assert opened_from_link(teacher) == {3: note}


def test_one_character_more_is_refused_as_typed_and_the_last_note_that_fitted_stays(teacher):
    note = words(MAX_ANNOTATION)
    type_note(teacher, 3, note)
    teacher.note.value = note + "x"  # one key more
    assert teacher.record.annotations == {3: note}  # the last one that fitted
    status = plain(teacher.status.value)
    assert (f"This note has {MAX_ANNOTATION + 1} characters; a note can hold at most "
            f"{MAX_ANNOTATION}. Delete 1 character: until then, step 3 keeps its note as it was"
            in status)
    assert "Note on step 3 kept." not in status
    assert f"{MAX_ANNOTATION + 1} / {MAX_ANNOTATION} characters" in plain(
        teacher.note_count.value) and "fp-over" in teacher.note_count.value
    assert teacher.note.value == note + "x"  # the teacher's text stays in the box, to shorten
    assert reopened(teacher) == {3: note} and opened_from_link(teacher) == {3: note}
    teacher.save_note.click()  # Save refuses it too
    assert teacher.record.annotations == {3: note} and "Delete 1 character" in plain(
        teacher.status.value)
    teacher.note.value = note[:-5]  # shortened: kept again
    assert teacher.record.annotations == {3: note[:-5]}


def test_a_long_paste_into_an_empty_step_is_refused_in_the_pages_language(teacher):
    teacher.app.lang_select.value = "fr"
    type_note(teacher, 5, words(MAX_ANNOTATION + 250))
    assert 5 not in teacher.record.annotations
    assert "Supprimez-en 250 : d’ici là, l’étape 5 garde sa note" in plain(teacher.status.value)
    assert f"{MAX_ANNOTATION + 250} / {MAX_ANNOTATION} caractères" in plain(
        teacher.note_count.value)


def test_half_a_character_is_refused(teacher):
    type_note(teacher, 2, "Watch the rat \ud83d here")  # a lone surrogate: no file holds it
    assert teacher.record.annotations == {}
    assert "cannot be saved (code U+D83D)" in plain(teacher.status.value)
    assert reopened(teacher) == {}


def test_a_note_on_every_step_at_the_longest_length_reads_back(teacher):
    last = teacher.app.timeline.last
    notes = {step: words(MAX_ANNOTATION, seed=step) for step in range(last + 1)}
    for step, note in notes.items():
        type_note(teacher, step, note)
    assert teacher.record.annotations == notes and len(notes) == last + 1
    assert reopened(teacher) == notes
    assert handed_out_link(teacher) is None  # far too long for a link: the download only


def test_notes_up_to_the_largest_saved_game_read_back_and_the_next_is_refused():
    teacher = Teacher(App(players=3, seed=7, step=0, env={}), env={})
    note = "양파와 토마토를 세어 보세요. " * 250  # 4,000 characters, 3 bytes each in a file
    note = note[:MAX_ANNOTATION]
    last = teacher.app.timeline.last
    kept, refused = None, None
    for step in range(last + 1):
        if step < 150:  # well under the limit: set directly, the check comes near the edge
            teacher.record.annotations[step] = note
            continue
        type_note(teacher, step, note)
        if step not in teacher.record.annotations:
            refused = step
            break
        kept = step
    assert kept is not None and refused == kept + 1
    assert "the saved game would be larger than 2 MB" in plain(teacher.status.value)
    saved = download(teacher)
    assert len(saved) <= limits.RECORD_BYTES
    assert len(reopened(teacher)) == kept + 1  # every note kept reads back
    assert teacher.app.errors.errors == []


def longest_link_note(teacher: Teacher, step: int) -> int:
    """The length of a note on `step` whose class link is the longest one handed out."""
    low, high = 0, MAX_ANNOTATION
    while low < high:  # the largest n whose link fits (links grow with the note)
        middle = (low + high + 1) // 2
        teacher.record.annotations[step] = words(middle, seed=99)
        if len(teacher.class_link_url()) <= SHARE_CHARS:
            low = middle
        else:
            high = middle - 1
    while True:  # compression is not strictly monotonic: the first length over the limit
        teacher.record.annotations[step] = words(low + 1, seed=99)
        if len(teacher.class_link_url()) > SHARE_CHARS:
            break
        low += 1
    teacher.record.annotations.pop(step)
    return low


def test_the_longest_class_link_opens_with_every_note_and_a_longer_one_is_not_handed_out(
        teacher):
    type_note(teacher, 1, words(MAX_ANNOTATION, seed=1))
    teacher.app.go(3)
    n = longest_link_note(teacher, 3)
    assert 0 < n < MAX_ANNOTATION
    type_note(teacher, 3, words(n, seed=99))
    url = handed_out_link(teacher)
    assert url is not None and len(url) == len(teacher.class_link_url()) <= SHARE_CHARS
    assert opened_from_link(teacher) == teacher.record.annotations
    assert len(teacher.record.annotations) == 2
    teacher.note.value = words(n + 1, seed=99)  # one character more
    assert teacher.record.annotations[3] == words(n + 1, seed=99)  # the note is kept...
    assert handed_out_link(teacher) is None  # ...but no link is handed out
    said = plain(teacher.class_link.value)
    assert f"would be {len(teacher.class_link_url())} characters long" in said
    assert f"links over {SHARE_CHARS} characters are refused" in said
    assert "“Download the annotated game (JSON)” keeps the game and every note" in said
    assert reopened(teacher) == teacher.record.annotations  # the download has it all


def test_a_share_link_too_long_is_not_handed_out_either(two_player):
    record = Record.loads(two_player.dumps())
    for step in range(6):
        record.annotations[step] = words(MAX_ANNOTATION, seed=step)
    app = App(record, env={}, step=2, lang="ko")
    app.share.toggle.value = True
    assert isinstance(app.share, SharePanel)
    assert "fp-share-link" not in app.share.link.value
    assert "링크로 만들기에 너무 길어요" in plain(app.share.link.value)
    assert "fp-download" in app.share.download.value


def test_the_paste_box_applies_the_uploads_size_limits(teacher):
    record = teacher.record
    position = {"game": "burg", "players": 2, "seed": 3, "names": ["A", "B"],
                "padding": " " * (3 * 1_000_000)}
    cases = [
        (json.dumps(position), f"larger than {limits.RECORD_BYTES} bytes"),
        ("[" * 100_000 + "]" * 100_000, "more than 40 levels"),
        ('{"game": "burg", "seed": ' + "9" * 40 + "}", "digits"),
        ('{"game": "burg", "x": "\ud800"}', "not UTF-8 text"),
    ]
    for text, detail in cases:
        teacher.paste.value = text
        teacher.start_position.click()
        status = plain(teacher.status.value)
        assert "That text could not be opened as a game or a position" in status, status
        assert detail in status, (detail, status[:300])
        assert len(status) < 700
        assert teacher.record is record
    # the same 3 MB as an upload says the same
    teacher._uploaded({"new": [{"name": "p.json",
                                "content": memoryview(cases[0][0].encode())}]})
    assert f"larger than {limits.RECORD_BYTES} bytes" in plain(teacher.status.value)
    teacher.paste.value = teacher.record.dumps()  # a saved game pasted whole still opens
    teacher.start_position.click()
    assert "Opened the saved game" in plain(teacher.status.value)


def script_notes(teacher: Teacher) -> dict | None:
    """The notes the kernel's last storage script writes, or None if it writes none."""
    js = unescape(re.search(r'onerror="([^"]*)"', teacher.keeper.script.value)[1])
    found = re.search(r"window\.fpNotesKeeper\((\{.*?\}),m\)", js)
    return json.loads(found[1]) if found else None


def test_notes_are_written_to_the_browser_only_once_its_copy_is_read(teacher):
    key = game_key(teacher.record)
    marker = teacher.keeper.marker.value
    assert f'data-key="{key}"' in marker and 'data-step="0"' in marker
    assert f'data-max="{MAX_ANNOTATION}"' in marker and 'lang="en"' in marker
    type_note(teacher, 4, "Before the page's copy came in.")
    assert script_notes(teacher) is None  # unread: never overwritten
    teacher.keeper.receive(key, None)  # the browser has nothing for this game
    assert script_notes(teacher) == {"4": "Before the page's copy came in."}
    type_note(teacher, 6, "Then another.")
    assert script_notes(teacher) == {"4": "Before the page's copy came in.",
                                     "6": "Then another."}
    assert PREFIX in unescape(teacher.keeper.script.value)
    assert 'data-step="6"' in teacher.keeper.marker.value


def test_a_reload_brings_the_notes_back_and_says_so(two_player):
    first = Teacher(App(two_player, env={}, step=0), env={})
    key = game_key(first.record)
    opened_with = notes_hash(first.record.annotations)
    stored = {"notes": {"3": "Kept by the browser.", "9": "And this one."}, "base": opened_with}
    again = Teacher(App(Record.loads(two_player.dumps()), env={}, step=0), env={})
    again.app.lang_select.value = "pt"
    again.keeper.receive(key, stored)
    assert again.record.annotations == {3: "Kept by the browser.", 9: "And this one."}
    assert "2 notas desta partida foram recuperadas deste navegador" in plain(
        again.status.value)
    again.app.go(3)
    assert again.note.value == "Kept by the browser."
    assert reopened(again) == again.record.annotations
    again.keeper.receive(key, {"notes": {"5": "late"}, "base": opened_with})  # once only
    assert 5 not in again.record.annotations


def test_notes_from_another_opening_of_the_same_game_are_merged_not_lost(two_player):
    record = Record.loads(two_player.dumps())
    record.annotations = {2: "From the class link.", 4: "Also from the link."}
    teacher = Teacher(App(record, env={}, step=0), env={})
    stored = {"notes": {"4": "Edited here earlier.", "7": "Typed here earlier.",
                        "99": "a step this game does not have", "8": "x" * 5000},
              "base": "another-set-of-notes"}
    teacher.keeper.receive(game_key(record), stored)
    assert teacher.record.annotations == {2: "From the class link.",
                                          4: "Edited here earlier.", 7: "Typed here earlier."}
    assert "2 notes on this game were brought back" in plain(teacher.status.value)


def test_a_note_typed_before_the_browsers_copy_came_in_stays(teacher):
    base = notes_hash(teacher.record.annotations)
    type_note(teacher, 4, "Typed just now.")
    teacher.keeper.receive(game_key(teacher.record),
                           {"notes": {"4": "An older note.", "6": "Kept earlier."}, "base": base})
    assert teacher.record.annotations == {4: "Typed just now.", 6: "Kept earlier."}


@pytest.mark.parametrize("entry", [None, [], {"notes": "nope"}, {"notes": {"1": 5}}, "text"])
def test_a_stored_entry_that_is_not_notes_changes_nothing(teacher, entry):
    teacher.keeper.receive(game_key(teacher.record), entry)
    assert teacher.record.annotations == {}
    assert "brought back" not in plain(teacher.status.value)


def test_the_page_no_longer_claims_more_than_is_true(teacher):
    said = plain(teacher.status.value)
    assert "never lose" not in said
    assert "Notes are kept as you type, in this browser too: reopen this game here" in said


def test_the_lost_notice_words_are_up_to_date_and_in_the_template():
    assert WORDS_FILE.read_text(encoding="utf-8") == words_js(), \
        "run python -m foodplay_widgets.serving.lost_notice"
    words_ = json.loads(words_js().split("=", 1)[1].strip().rstrip(";"))
    assert set(words_) == {"en", "fr", "ko", "pt", "zh"}
    assert words_["ko"]["reload"] == "페이지 다시 불러오기"
    template = (WORDS_FILE.parent / "index.html.j2").read_text(encoding="utf-8")
    assert "{% include 'kernel_lost_words.js' %}" in template
    assert "{% include 'kernel_lost.js' %}" in template
