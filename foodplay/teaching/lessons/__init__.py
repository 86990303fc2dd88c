"""Lessons: a learner makes the decisions of a prepared position, with graduated help.

Four layers, each importing only those before it: `format` (the lesson files, as declarative
data), `runner` (`LessonRun`: decisions, hints, stars), `checks` (each lesson verified against
the engine; a game's lessons) and `course` (a learner's progress as a link).
"""

from foodplay.teaching.lessons.checks import (
    find,
    games_with_lessons,
    lesson_clauses,
    lessons_for,
    verify,
)
from foodplay.teaching.lessons.course import Course, parse_course
from foodplay.teaching.lessons.format import (
    FORMAT,
    LEARNER,
    RUNGS,
    SUCCESS_KINDS,
    VIEW_OPS,
    Condition,
    Expected,
    Lesson,
    LessonError,
    Rung,
    lesson_dir,
    lesson_files,
    load,
    parse,
)
from foodplay.teaching.lessons.runner import (
    MIN_STARS,
    STARS,
    LessonProgress,
    LessonRun,
    Met,
    Outcome,
    holds,
    view_value,
)

__all__ = ["FORMAT", "LEARNER", "MIN_STARS", "RUNGS", "STARS", "SUCCESS_KINDS", "VIEW_OPS",
           "Condition", "Course", "Expected", "Lesson", "LessonError", "LessonProgress",
           "LessonRun", "Met", "Outcome", "Rung", "find", "games_with_lessons", "holds",
           "lesson_clauses", "lesson_dir", "lesson_files", "lessons_for", "load", "parse",
           "parse_course", "verify", "view_value"]
