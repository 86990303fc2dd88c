"""Size limits on everything a file, a link or an upload can carry, checked before costly work.

Every refusal is a LimitError (a DataError) naming what is too big and where, with its sentence
from the core message catalogue; values are never echoed whole. The limits on a refusal itself
(SHOWN_CHARS, PATH_CHARS, MESSAGE_CHARS, INT_DIGITS) and the helpers that show a user's value
(`shown`, `printable`, ...) live in `foodplay.refusal`, one layer down, and are re-exported here.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# The limits on a refusal itself and how it shows a value; those marked noqa are re-exported:
# most modules reach them as limits.shown, limits.short_message...
from foodplay.refusal import (
    INT_DIGITS,
    MESSAGE_CHARS,  # noqa: F401
    PATH_CHARS,  # noqa: F401
    SHOWN_CHARS,
    DataError,
    Say,
    Shown,
    file_name,
    part,
    plain_char,
    printable,
    short_message,  # noqa: F401
    short_values,  # noqa: F401
    shown,  # noqa: F401
)

RECORD_BYTES = 2_000_000  # a record or component file, an upload, a link's decoded record
LINK_CHARS = 60_000  # the encoded record in a link's query string
MOVES = 5_000  # moves in one record; the longest bot games have about 600
NAME_CHARS = 60  # a seat's name
LABEL_CHARS = 200  # a component set's label (a short description)
TEXT_CHARS = 10_000  # any one string in a record or component set
DEPTH = 40  # lists and objects inside each other
VALUES = 250_000  # JSON values in one record or component set
COPIES = 500  # copies of one component (cards of one kind, tokens of one ingredient)
COMPONENTS = 2_000  # components in one set, all kinds together
BOARD_CELLS = 144  # cells of a game board
# A rule search: the longest clause title in any language is 58 characters (Coffee Rush's
# French "Étape 4 : de nouvelles commandes pour les joueurs suivants"), the longest glossary
# term or component name 28; twice a title leaves room for a question around it.
QUERY_CHARS = 120
_BIGGEST = 10 ** INT_DIGITS


class LimitError(DataError):
    """Something is too big, too deep or unreadable: `where` names it, `key` is the message."""

    def __init__(self, where: str | Say, key: str, **params: Any):
        super().__init__(where, Say(key, **params))
        self.key = key
        self.params = params


def read_file(path: str | Path, limit: int = RECORD_BYTES) -> bytes:
    """The bytes of a regular file, refused without reading more than `limit` + 1 bytes.

    Folders, devices and pipes are refused before opening, so /dev/zero or a FIFO cannot hang."""
    where = file_name(path)
    if not str(path):
        raise LimitError("''", "limit.empty_path")
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise LimitError(where, "limit.not_regular")
        if info.st_size > limit:
            raise LimitError(where, "limit.bytes", count=limit)
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise LimitError(where, "limit.not_regular")
            raw = handle.read(limit + 1)
    except DataError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a name holding a NUL character
        raise DataError(where, Say("data.cannot_read", reason=_os_reason(exc))) from exc
    if len(raw) > limit:
        raise LimitError(where, "limit.bytes", count=limit)
    return raw


def inflate(data: bytes, where: str, limit: int = RECORD_BYTES) -> bytes:
    """zlib-decompress at most `limit` bytes: a small link cannot expand into a huge record."""
    inflater = zlib.decompressobj()
    raw = inflater.decompress(data, limit + 1)
    if len(raw) > limit or inflater.unconsumed_tail:
        raise LimitError(where, "limit.expands", count=limit)
    raw += inflater.flush()
    if len(raw) > limit:
        raise LimitError(where, "limit.expands", count=limit)
    if not inflater.eof:
        raise zlib.error("incomplete or truncated stream")
    return raw


def _os_reason(exc: Exception) -> Say:
    """Why the system could not read a file, said in the refusal's language."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return Say("data.os.missing")
    if code == errno.EACCES:
        return Say("data.os.denied")
    return Say("data.os.other", error=printable(str(getattr(exc, "strerror", None) or exc),
                                                SHOWN_CHARS))


_JSON_REASONS = (("Expecting value", "data.json.value"), ("Expecting ','", "data.json.comma"),
                 ("Expecting ':'", "data.json.colon"), ("Expecting property", "data.json.name"),
                 ("Unterminated string", "data.json.string"), ("Extra data", "data.json.extra"))


def json_reason(message: str) -> Say:
    """The JSON parser's complaint, said in the refusal's language (English as Python says
    it)."""
    for start, key in _JSON_REASONS:
        if message.startswith(start):
            return _Said(message, key)
    return Say("data.json.other", error=message)


class _Said(Say):
    """A message Python says in English; in another language, the sentence of `key`."""

    __slots__ = ("english",)

    def __init__(self, english: str, key: str):
        super().__init__(key)
        self.english = english

    def text(self, lang: str = "en") -> str:
        return self.english if lang == "en" else super().text(lang)


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > INT_DIGITS:
        raise _TooManyDigits
    return int(digits)


class _TooManyDigits(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _NotANumber(name)


class _NotANumber(ValueError):
    pass


def parse_json(raw: bytes | str, where: str, limit: int = RECORD_BYTES, *,
               check: bool = True) -> Any:
    """Parse JSON text from a user, within the limits; then check the tree (`check_tree`)
    unless the caller does so itself (`check=False`)."""
    if len(raw) > limit:
        raise LimitError(where, "limit.bytes", count=limit)
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LimitError(where, "limit.not_utf8", offset=exc.start) from exc
    else:
        text = raw
    text = text.removeprefix("\ufeff")
    try:
        data = json.loads(text, parse_int=_whole, parse_constant=_no_constant)
    except RecursionError as exc:
        raise LimitError(where, "limit.depth", count=DEPTH) from exc
    except _TooManyDigits as exc:
        raise LimitError(where, "limit.digits", count=INT_DIGITS) from exc
    except _NotANumber as exc:
        raise LimitError(where, "limit.not_a_number", name=exc.args[0]) from exc
    except json.JSONDecodeError as exc:
        raise DataError(where, Say("data.not_json", line=exc.lineno, column=exc.colno,
                                   reason=json_reason(exc.msg))) from exc
    if check:
        check_tree(data, where)
    return data


def _path(parts: tuple[Any, ...]) -> str:
    text = ""
    for step in parts:
        text += f"[{step}]" if isinstance(step, int) else f".{part(step)}"
    return text.lstrip(".")


def _at(where: str, parts: tuple[Any, ...]) -> str:
    path = _path(parts)
    if len(path) > 2 * SHOWN_CHARS:
        path = path[: 2 * SHOWN_CHARS - 1] + "…"
    if not path:
        return where
    return path if where in ("", "record") else f"{where}: {path}"


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(text: str, where: str, parts: tuple[Any, ...]) -> None:
    if len(text) > TEXT_CHARS:
        raise LimitError(_at(where, parts), "limit.text", count=TEXT_CHARS)
    found = None if text.isascii() else _SURROGATE.search(text)
    if found:
        raise LimitError(_at(where, parts), "limit.surrogate", code=f"{ord(found.group()):04x}")


def _plain_leaf(value: Any) -> bool:
    kind = type(value)
    if kind is str:
        return len(value) <= TEXT_CHARS and (value.isascii() or not _SURROGATE.search(value))
    if kind is int:
        return -_BIGGEST < value < _BIGGEST
    return value is None or kind is bool or (kind is float and math.isfinite(value))


def _plain_tree(data: Any) -> bool:
    """A fast first pass of `check_tree`: True if nothing in `data` breaks a limit."""
    if type(data) is not dict and type(data) is not list:
        return _plain_leaf(data)
    todo = [(data, 0)]
    seen = 1
    while todo:
        container, depth = todo.pop()
        if depth >= DEPTH:
            return False
        seen += len(container)
        if type(container) is dict:
            for key in container:
                if type(key) is not str or not _plain_leaf(key):
                    return False
            items = container.values()
        else:
            items = container
        for value in items:
            kind = type(value)
            if kind is str:
                if len(value) > TEXT_CHARS or not value.isascii() and _SURROGATE.search(value):
                    return False
            elif kind is dict or kind is list:
                todo.append((value, depth + 1))
            elif kind is int:
                if not -_BIGGEST < value < _BIGGEST:
                    return False
            elif not (value is None or kind is bool or (kind is float and math.isfinite(value))):
                return False
    return seen <= VALUES


def check_tree(data: Any, where: str) -> None:
    """Refuse parsed JSON that nests too deep, holds too many values, numbers that are too big
    or not finite, texts that are too long or hold lone surrogates. Iterative: no recursion."""
    if _plain_tree(data):
        return
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    seen = 0
    while stack:
        value, parts = stack.pop()
        seen += 1
        if seen > VALUES:
            raise LimitError(where, "limit.values", count=VALUES)
        if isinstance(value, Mapping):
            if len(parts) >= DEPTH:
                raise LimitError(_at(where, parts), "limit.depth", count=DEPTH)
            for key, item in value.items():
                if not isinstance(key, str):
                    raise DataError(_at(where, parts), Say("data.text_keys"))
                _check_text(key, where, parts)
                stack.append((item, parts + (key,)))
        elif isinstance(value, (list, tuple)):
            if len(parts) >= DEPTH:
                raise LimitError(_at(where, parts), "limit.depth", count=DEPTH)
            stack.extend((item, parts + (i,)) for i, item in enumerate(value))
        elif isinstance(value, str):
            _check_text(value, where, parts)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if not -_BIGGEST < value < _BIGGEST:
                raise LimitError(_at(where, parts), "limit.digits", count=INT_DIGITS)
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise LimitError(_at(where, parts), "limit.not_a_number", name=repr(value))
        else:
            raise DataError(_at(where, parts), Say("data.not_json_type",
                                                   kind=type(value).__name__))


def name(value: Any, where: str, limit: int = NAME_CHARS, key: str = "limit.name") -> str:
    """A seat name (or a label): non-empty text of at most `limit` characters, one line, with no
    control codes."""
    if not isinstance(value, str) or not value.strip():
        raise DataError(where, Say("data.non_empty_name"))
    if len(value) > limit:
        raise LimitError(where, key, count=limit)
    for char in value:
        if not plain_char(char):
            raise LimitError(where, "limit.control", code=f"{ord(char):04X}")
    return value


def copies(value: Any, where: str, minimum: int = 0) -> int:
    """A count of one component: a whole number from `minimum` to COPIES."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise DataError(where, Say("data.whole_number_not", minimum=minimum,
                                   value=Shown(value)))
    if value > COPIES:
        raise LimitError(where, "limit.copies", count=value, limit=COPIES)
    return value


def components(total: int, where: str) -> None:
    """Refuse a component set with more than COMPONENTS pieces in all."""
    if total > COMPONENTS:
        raise LimitError(where, "limit.components", count=total, limit=COMPONENTS)


def entries(value: list[Any], where: str, limit: int = COMPONENTS) -> None:
    """Refuse a list of more than `limit` entries, before any per-entry work."""
    if len(value) > limit:
        raise LimitError(where, "limit.entries", count=len(value), limit=limit)


def label(value: Any, where: str) -> str:
    """A component set's label: a string, empty or a plain one-line name."""
    if not isinstance(value, str):
        raise DataError(where, Say("data.string"))
    return name(value, where, LABEL_CHARS, "limit.label") if value else value


def moves(count: int, where: str) -> None:
    """Refuse a record with more than MOVES moves."""
    if count > MOVES:
        raise LimitError(where, "limit.moves", count=count, limit=MOVES)


def read_json(path: str | Path) -> Any:
    """Read a JSON file within the size limits, turning I/O, encoding, syntax and size errors
    into a DataError naming the file."""
    return parse_json(read_file(path), file_name(path))
