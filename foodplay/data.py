"""Loading and validating data files, with errors that name the field at fault.

A refusal is said by a message key with parameters (`Say`), so that it can be shown in the
learner's language: `str(exc)` is English (logs, tests), `exc.text(lang)` any language.
`Say`, `DataError`, `require` and `refusal_text` are defined in `foodplay.refusal` and reading
within the size limits in `foodplay.limits` (both one layer down); every data loader imports
them from here.
"""

from __future__ import annotations

from typing import Any

from foodplay.limits import Shown, read_json
from foodplay.refusal import DataError, Say, refusal_text, require, said

__all__ = ["DataError", "Say", "read_json", "refusal_text", "require", "said", "whole_number"]


def whole_number(value: Any, where: str, minimum: int = 0) -> int:
    """Return `value` if it is an int at least `minimum`, else raise DataError."""
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= minimum):
        raise DataError(where, Say("data.whole_number_not", minimum=minimum,
                                   value=Shown(value)))
    return value
