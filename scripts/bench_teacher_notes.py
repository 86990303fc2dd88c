"""Try a teacher's notes and class links at every limit: prints figures, checks nothing (the
tests do). Not a test.

    .venv/bin/python scripts/bench_teacher_notes.py

Each note is typed into the teacher's note box (the Textarea's value, as the page sends it),
then read back from the download (opened again as an upload) and from the class link handed
out (opened as a student would). Counted: tried; kept (the record holds it); refused (not
kept, with a message); lost (kept, or said kept, but missing or changed when read back). Then
links at the edge, the hostile run's 200 notes, and the paste box's size limits.
"""

from __future__ import annotations

import base64
import json
import os
import random
import re
import string
import sys
import tempfile
import time
from html import unescape
from urllib.parse import urlsplit

os.environ.setdefault("MPLCONFIGDIR", tempfile.mkdtemp(prefix="fp-mpl-"))

from foodplay import limits  # noqa: E402
from foodplay.links import SHARE_CHARS  # noqa: E402
from foodplay.record import MAX_ANNOTATION  # noqa: E402
from foodplay_widgets.app.tutor import App  # noqa: E402
from foodplay_widgets.pages.teacher import Teacher  # noqa: E402
from foodplay_widgets.pages.worked_examples import load_scenario  # noqa: E402

COUNTS = {"tried": 0, "kept": 0, "refused": 0, "lost": 0}


def words(n: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_letters + "     .,") for _ in range(n))


def reopened(teacher: Teacher) -> dict[int, str]:
    href = re.search(r'base64,([^"]+)"', teacher.download.value)[1]
    other = Teacher(game="food-truck", env={})
    assert other.load(base64.b64decode(href)), other.status.value
    return other.record.annotations


def link_notes(teacher: Teacher) -> dict[int, str] | None:
    found = re.search(r'<a class="fp-class-link" href="([^"]+)"', teacher.class_link.value)
    if not found:
        return None
    return App.from_query(urlsplit(unescape(found[1])).query, env={}).timeline.record.annotations


def type_note(teacher: Teacher, step: int, text: str, label: str) -> None:
    before = dict(teacher.record.annotations)
    teacher.app.go(step)
    teacher.note.value = text
    COUNTS["tried"] += 1
    kept = teacher.record.annotations.get(step) == text
    said_kept = "kept." in teacher.status.value
    COUNTS["kept" if kept else "refused"] += 1
    back = reopened(teacher)
    linked = link_notes(teacher)
    lost = (said_kept and not kept) or back != teacher.record.annotations \
        or (linked is not None and linked != teacher.record.annotations) \
        or any(teacher.record.annotations.get(s) != t for s, t in before.items() if s != step)
    COUNTS["lost"] += lost
    print(f"  {label}: {'kept' if kept else 'refused'}; download reopens "
          f"{len(back)} notes; link {'not handed out' if linked is None else 'opens'}"
          f"{'' if linked is None else f' with {len(linked)} notes'}; lost {int(lost)}")


def main() -> int:
    print("Note length (BURG two-player scenario)")
    teacher = Teacher(App(load_scenario("burg", "two-player-reveal"), env={}, step=0), env={})
    for n in (MAX_ANNOTATION - 1, MAX_ANNOTATION, MAX_ANNOTATION + 1, 10_000, 100_000):
        type_note(teacher, 3, words(n, n), f"{n:,} characters")
    type_note(teacher, 5, "a lone surrogate \ud83d", "half a character")
    print("A note on every step, each of the longest length")
    last = teacher.app.timeline.last
    for step in range(last + 1):
        type_note(teacher, step, words(MAX_ANNOTATION, step), f"step {step}")
    print(f"  {len(teacher.record.annotations)} notes of {last + 1} steps kept")

    print("The longest class link handed out, and one character more")
    edge = Teacher(App(load_scenario("burg", "two-player-reveal"), env={}, step=0), env={})
    type_note(edge, 1, words(MAX_ANNOTATION, 1), "step 1, 4,000 characters")
    low, high = 0, MAX_ANNOTATION
    while low < high:  # the longest note on step 3 whose link is handed out
        middle = (low + high + 1) // 2
        edge.record.annotations[3] = words(middle, 99)
        low, high = (middle, high) if len(edge.class_link_url()) <= SHARE_CHARS \
            else (low, middle - 1)
    while True:
        edge.record.annotations[3] = words(low + 1, 99)
        if len(edge.class_link_url()) > SHARE_CHARS:
            break
        low += 1
    del edge.record.annotations[3]
    for n in (low, low + 1):
        type_note(edge, 3, words(n, 99), f"step 3, {n:,} characters")
        print(f"    its class link: {len(edge.class_link_url()):,} characters")

    print("Notes up to the largest saved game (BURG, 3 players, seed 7; Korean notes)")
    big = Teacher(App(players=3, seed=7, step=0, env={}), env={})
    note = ("양파와 토마토를 세어 보세요. " * 250)[:MAX_ANNOTATION]
    start = time.perf_counter()
    for step in range(big.app.timeline.last + 1):
        if step < 150:
            big.record.annotations[step] = note
            continue
        big.app.go(step)
        big.note.value = note
        COUNTS["tried"] += 1
        COUNTS["kept" if step in big.record.annotations else "refused"] += 1
        if step not in big.record.annotations:
            print(f"  kept {len(big.record.annotations)} notes; note {step + 1} refused: "
                  f"{re.sub('<[^>]+>', ' ', big.status.value)[:120].strip()}")
            break
    href = re.search(r'base64,([^"]+)"', big.download.value)[1]
    size = len(base64.b64decode(href))
    back = reopened(big)
    COUNTS["lost"] += back != big.record.annotations or link_notes(big) is not None
    print(f"  download {size:,} bytes (limit {limits.RECORD_BYTES:,}); reopens "
          f"{len(back)} notes ({time.perf_counter() - start:.1f} s)")

    print("  (the first 150 notes set directly, the rest typed)")
    print("The hostile run's 200 notes (BURG, 3 players, seed 7; 350 characters each)")
    hostile = Teacher(App(players=3, seed=7, step=0, env={}), env={})
    for step in range(200):
        hostile.record.annotations[step] = words(350, 1000 + step)
    hostile.app.go(199)
    hostile.note.value = words(350, 1199)
    url = hostile.class_link_url()
    handed = link_notes(hostile)
    back = reopened(hostile)
    print(f"  class link {len(url):,} characters: "
          f"{'handed out' if handed is not None else 'not handed out'} "
          f"(limit {SHARE_CHARS:,}); download reopens {len(back)} notes")
    COUNTS["lost"] += back != hostile.record.annotations or handed is not None

    print("Paste box")
    cases = {
        "3 MB position": json.dumps({"game": "burg", "players": 2, "pad": " " * 3_000_000}),
        "2,000,001 bytes": " " * (limits.RECORD_BYTES + 1),
        "100,000 nested lists": "[" * 100_000 + "]" * 100_000,
        "a 40-digit seed": '{"game": "burg", "seed": ' + "9" * 40 + "}",
        "a lone surrogate": '{"game": "burg", "x": "\ud800"}',
        "NaN": '{"game": "burg", "seed": NaN}',
    }
    refused = 0
    for label, text in cases.items():
        record = teacher.record
        start = time.perf_counter()
        teacher.paste.value = text
        teacher.start_position.click()
        ok = teacher.record is record and "could not be opened" in teacher.status.value
        refused += ok
        print(f"  {label}: {'refused' if ok else 'ACCEPTED'} in "
              f"{(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"  {refused} of {len(cases)} refused")
    print(f"Notes: {COUNTS['tried']} tried, {COUNTS['kept']} kept, {COUNTS['refused']} refused, "
          f"{COUNTS['lost']} lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
