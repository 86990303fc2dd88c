"""A learner's course through the lessons as a link: the open lesson's progress (with its
checksum) and the language, read back by `parse_course`, which never raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode

from foodplay.data import DataError
from foodplay.i18n.langcodes import resolve
from foodplay.teaching.lessons.checks import find
from foodplay.teaching.lessons.runner import LessonProgress, dots


@dataclass
class Course:
    """A learner's progress through the lessons: the open lesson's progress as a query string
    (see `query`), and the stars of finished lessons.

    The open lesson's progress lives in the page's address: the lesson app rewrites the address
    bar after every decision (and shows the same address as a link), so a reload, a bookmark or
    a link sent to a teacher reopens the very same point, with a checksum against hand edits.
    The address never carries stars: the open lesson's score is recomputed from its progress,
    and the stars of finished lessons are kept in the browser's storage (the lesson player's
    `BrowserStore`), which the page hands back to the kernel once it has started."""

    lesson: str | None = None  # the lesson open now, "<game>/<id>"
    current: LessonProgress | None = None
    stars: dict[str, int] = field(default_factory=dict)  # finished lessons: uid -> stars
    lang: str = "en"
    problems: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def query(self) -> str:
        params: dict[str, str] = {}
        if self.lesson:
            params["lesson"] = self.lesson
        if self.current is not None and self.current.lesson == self.lesson:
            current = self.current
            if current.chosen:
                params["moves"] = dots(current.chosen)
            if any(current.rungs):
                params["hints"] = dots(current.rungs)
            if any(current.misses):
                params["misses"] = dots(current.misses)
            if current.chosen or any(current.rungs) or any(current.misses):
                params["check"] = current.check()
        if self.lang != "en":
            params["lang"] = self.lang
        return urlencode(params, safe="/:,")


def _numbers(text: str) -> tuple[int, ...] | None:
    parts = text.split(".") if text else []
    if not all(p.isdigit() and len(p) <= 4 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def parse_course(query: str) -> Course:
    """Read a lesson link such as ``lesson=burg/tongs&moves=0.0&hints=1.2&misses=0.1&check=..``.

    Never raises: a bad part becomes a problem message (a core catalogue key) and is dropped.
    Stars are never read from a link (``stars=`` is ignored, and said so): they are earned."""
    course = Course()
    problems = course.problems
    try:
        values = {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    except ValueError:
        problems.append(("ui.lesson.link.unreadable", {}))
        return course
    if resolve(values.get("lang")) is not None:
        course.lang = resolve(values["lang"]) or "en"
    if values.get("stars"):
        problems.append(("ui.lesson.link.stars_ignored", {}))
    uid = values.get("lesson")
    if uid is None:
        return course
    if not _known(uid):
        problems.append(("ui.lesson.link.bad_lesson", {"value": uid}))
        return course
    course.lesson = uid
    chosen = _numbers(values.get("moves", ""))
    rungs = _numbers(values.get("hints", ""))
    misses = _numbers(values.get("misses", ""))
    if chosen is None or rungs is None or misses is None:
        problems.append(("ui.lesson.link.bad_progress", {}))
        chosen, rungs, misses = (), (), ()
    progress = LessonProgress(uid, chosen, rungs, misses)
    checked = chosen or any(rungs) or any(misses) or "check" in values
    if checked and values.get("check") != progress.check():
        problems.append(("ui.lesson.link.edited", {}))  # edited by hand: start again
        progress = LessonProgress(uid)
    course.current = progress
    return course


def _known(uid: str) -> bool:
    try:
        find(uid)
    except (KeyError, DataError):
        return False
    return True
