"""A refusal said by message key (`Say`, `DataError`), and how it repeats a user's value.

`str(exc)` is English (logs, tests), `exc.text(lang)` any language: both are sentences of the core
catalogue, so this module sits just above `foodplay.i18n.messages`, which reads its own files.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from foodplay.i18n.messages import catalogue

INT_DIGITS = 18  # digits of one whole number (seeds, counts)
SHOWN_CHARS = 40  # the longest stretch of a user's value repeated in a message
PATH_CHARS = 100  # the longest stretch of a file name repeated in a message
MESSAGE_CHARS = 600  # the longest refusal (DataError, RecordError); a longer one is cut
_BIGGEST = 10 ** INT_DIGITS


class Say:
    """A sentence by message key and parameters (core catalogue), filled in any language.

    A parameter that has a `text(lang)` itself (a nested Say, a DataError, a shown value) is
    filled in the same language."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any):
        self.key = key
        self.params = params

    def text(self, lang: str = "en") -> str:
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
            # no value repeated whole, no escape code
            where, english = short_message(where, 200), short_message(english)
        super().__init__(f"{where}: {english}")
        self.where = where
        self.problem = english

    def text(self, lang: str = "en") -> str:
        """The refusal in `lang` ("where: problem", the language's way); an unkeyed one in
        English."""
        if self.say is None or lang == "en":
            return str(self)
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



class Shown:
    """A user's value as a refusal repeats it (`shown`), in the language the refusal is said
    in: a cut value gives its length in that language."""

    __slots__ = ("value", "limit", "quoted")

    def __init__(self, value: Any, limit: int = SHOWN_CHARS, *, quoted: bool = True):
        self.value, self.limit, self.quoted = value, limit, quoted

    def text(self, lang: str = "en") -> str:
        return shown(self.value, self.limit, lang, quoted=self.quoted)

    def __str__(self) -> str:
        return self.text("en")


def shown(value: Any, limit: int = SHOWN_CHARS, lang: str = "en", *, quoted: bool = True) -> str:
    """A user's value as a message repeats it: printable (control, bidi and other format
    characters, newlines too, escaped as \\x1b, \\u202e...), quoted unless `quoted` is False,
    and at most `limit` characters of it; a longer value is cut with an ellipsis and its whole
    length, in `lang` ("'xxx…' (100000 characters)"). Lists, objects and numbers too large to
    show are named, not shown."""
    if isinstance(value, (list, tuple, dict)):
        key = "limit.shown_object" if isinstance(value, dict) else "limit.shown_list"
        return catalogue(None, lang).format(key, {"count": len(value)})
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _BIGGEST:
        return catalogue(None, lang).format("limit.shown_number", {"count": INT_DIGITS})
    if not isinstance(value, str):
        return printable(repr(value), limit)
    body, cut = _cut(value, max(limit, 2))
    body = f"'{body}'" if quoted else body
    if not cut:
        return body
    return catalogue(None, lang).format("limit.shown_cut", {"value": body, "count": len(value)})


def file_name(path: str | Path, lang: str = "en") -> str:
    """A file name as a message repeats it: `shown`, unquoted, at most PATH_CHARS long."""
    return shown(str(path), PATH_CHARS, lang, quoted=False)


_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")  # a repr of a string
_LONG_RUN = re.compile(rf"\S{{{2 * SHOWN_CHARS + 1},}}")


def short_values(message: str, lang: str = "en") -> str:
    """`message` with the values it repeats shown short (`shown`): each quoted string (a
    repr, as argparse and `{value!r}` write it) longer than 2 * SHOWN_CHARS characters, and
    any other run of text without spaces that long."""
    def quoted(match: re.Match[str]) -> str:
        if len(match.group()) <= 2 * SHOWN_CHARS + 2:
            return match.group()
        try:
            value = ast.literal_eval(match.group())
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return match.group()
        return shown(value, lang=lang) if isinstance(value, str) else match.group()

    message = _QUOTED.sub(quoted, message)
    return _LONG_RUN.sub(lambda m: shown(m.group(), lang=lang, quoted=False), message)


def short_message(text: str, limit: int = MESSAGE_CHARS) -> str:
    """A refusal as it may be shown: printable, its long values cut (`short_values`), then
    cut to `limit` characters. A short, printable text is returned as it is."""
    if len(text) <= limit and text.isprintable():
        return text
    return printable(short_values(text), limit)


def _cut(text: str, limit: int) -> tuple[str, bool]:
    """`text` with every character that does not print as itself escaped, cut to `limit`
    characters (its last an ellipsis) if longer; and whether it was cut. Never splits an
    escape code."""
    if len(text) <= limit and text.isprintable():
        return text, False
    out: list[str] = []
    size = 0
    for index, char in enumerate(text):
        piece = char if plain_char(char) else _escaped(char)
        if size + len(piece) > limit - 1 and (size + len(piece) > limit or index + 1 < len(text)):
            return "".join(out) + "…", True
        out.append(piece)
        size += len(piece)
    return "".join(out), False


def plain_char(char: str) -> bool:
    """A character that prints as itself: no control, format (bidi) or separator codes other
    than spaces, except the joiners that emoji sequences use."""
    if char.isprintable():
        return True
    return unicodedata.category(char) == "Zs" or char in "\u200c\u200d"


def part(key: Any) -> str:
    """An object key as part of a field path in a message: short and printable."""
    return printable(str(key), SHOWN_CHARS)


def printable(text: str, limit: int | None = None) -> str:
    """`text` with control and format characters escaped (no terminal escape codes), cut to
    `limit` characters; newlines and tabs are kept."""
    head = text if limit is None else text[: limit + 1]
    if head.isprintable():  # the common case: nothing to escape
        clean = head
    else:
        clean = "".join(char if char in "\n\t" or plain_char(char) else _escaped(char)
                        for char in head)
    return clean if limit is None or len(clean) <= limit else clean[: limit - 1] + "…"


def _escaped(char: str) -> str:
    return char.encode("unicode_escape", "backslashreplace").decode("ascii")
