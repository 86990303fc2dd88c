"""Loading and validating data files, with errors that name the field at fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file (components, rulebook, messages, record) is malformed at `where`."""

    def __init__(self, where: str, problem: str):
        if len(where) > 200 or len(problem) > 600 or not (where + problem).isprintable():
            from foodplay.limits import short_message  # no value repeated whole, no escape code

            where, problem = short_message(where, 200), short_message(problem)
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def require(condition: bool, where: str, problem: str) -> None:
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
        from foodplay.limits import shown

        raise DataError(where, f"must be a whole number of at least {minimum}, not {shown(value)}")
    return value
