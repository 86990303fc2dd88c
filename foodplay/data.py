"""Loading and validating data files, with errors that name the field at fault."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class DataError(ValueError):
    """A data file (components, rulebook, messages, record) is malformed at `where`."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def require(condition: bool, where: str, problem: str) -> None:
    """Raise DataError(where, problem) unless `condition` holds."""
    if not condition:
        raise DataError(where, problem)


def read_json(path: str | Path) -> Any:
    """Read a JSON file, turning I/O and syntax errors into a DataError naming the file."""
    path = Path(path)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(str(path), f"cannot be read ({exc.strerror or exc})") from exc
    except json.JSONDecodeError as exc:
        raise DataError(str(path), f"is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                                   f"{exc.msg})") from exc


def whole_number(value: Any, where: str, minimum: int = 0) -> int:
    """Return `value` if it is an int at least `minimum`, else raise DataError."""
    require(isinstance(value, int) and not isinstance(value, bool) and value >= minimum, where,
            f"must be a whole number of at least {minimum}, not {value!r}")
    return value
