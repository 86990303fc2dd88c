"""Loading and validating data files, with errors that name the field at fault.

A refusal is said by a message key with parameters (`Say`), so that it can be shown in the
learner's language: `str(exc)` is English (logs, tests), `exc.text(lang)` any language.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any


class Say:
    """A sentence by message key and parameters (core catalogue), filled in any language.

    A parameter that has a `text(lang)` itself (a nested Say, a DataError, a shown value) is
    filled in the same language."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any):
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
        from foodplay.i18n.messages import catalogue

        return catalogue(None, lang).format(self.key, said(self.params, lang))

    def __str__(self) -> str:
        return self.text("en")


def said(params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """`params` with each value that can say itself (`text(lang)`) said in `lang`."""
    return {name: value.text(lang) if callable(getattr(value, "text", None)) else value
            for name, value in params.items()}


class DataError(ValueError):
    """A data file (components, rulebook, messages, record) is malformed at `where`.

    `problem` is a Say (a message key with parameters) or, where not yet keyed, English text;
    `text(lang)` says the whole refusal in `lang`."""

    def __init__(self, where: str | Say, problem: str | Say):
        self.say = problem if isinstance(problem, Say) else None
        self.where_say = where if isinstance(where, Say) else None
        where, english = str(where), str(problem)
        if len(where) > 200 or len(english) > 600 or not (where + english).isprintable():
            from foodplay.limits import short_message  # no value repeated whole, no escape code

            where, english = short_message(where, 200), short_message(english)
        super().__init__(f"{where}: {english}")
        self.where = where
        self.problem = english

    def text(self, lang: str = "en") -> str:
        """The refusal in `lang` ("where: problem", the language's way); an unkeyed one in
        English."""
        if self.say is None or lang == "en":
            return str(self)
        from foodplay.i18n.messages import catalogue
        from foodplay.limits import short_message

        where = self.where if self.where_say is None else self.where_say.text(lang)
        return catalogue(None, lang).format("data.error", {
            "where": short_message(where, 200), "problem": short_message(self.say.text(lang))})


def refusal_text(exc: BaseException, lang: str = "en") -> str:
    """A refusal (DataError, RecordError, or any error with `text(lang)`) in `lang`; any other
    error as Python says it."""
    text = getattr(exc, "text", None)
    return text(lang) if callable(text) else str(exc)


def require(condition: bool, where: str | Say, problem: str | Say) -> None:
    """Raise DataError(where, problem) unless `condition` holds."""
    if not condition:
        raise DataError(where, problem)


def read_json(path: str | Path) -> Any:
    """Read a JSON file within the size limits (foodplay.limits), turning I/O, encoding, syntax
    and size errors into a DataError naming the file."""
    from foodplay.limits import file_name, parse_json, read_file

    return parse_json(read_file(path), file_name(path))


def whole_number(value: Any, where: str, minimum: int = 0) -> int:
    """Return `value` if it is an int at least `minimum`, else raise DataError."""
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= minimum):
        from foodplay.limits import Shown

        raise DataError(where, Say("data.whole_number_not", minimum=minimum,
                                   value=Shown(value)))
    return value
