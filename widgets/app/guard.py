"""Callbacks that never show a traceback: an unexpected error becomes a friendly message."""

from __future__ import annotations

import functools
import logging
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
Guard = Callable[[F], F]
log = logging.getLogger("foodplay_widgets")


def unguarded(fn: F) -> F:
    """The guard used when a component stands alone (errors propagate, as in tests)."""
    return fn


class ErrorCatcher:
    """Wraps callbacks: an exception is logged, kept in `errors`, and reported through
    `report(exc)` (the app shows a friendly message box), never as a traceback in the page."""

    def __init__(self, report: Callable[[BaseException], None]):
        self.report = report
        self.errors: list[str] = []

    def __call__(self, fn: F) -> F:
        @functools.wraps(fn)
        def safe(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # any bug must reach the learner as a message, not a trace
                self.record(exc)
                return None

        return safe  # type: ignore[return-value]

    def record(self, exc: BaseException) -> None:
        """Keep and log `exc`, and report it to the learner in words."""
        self.errors.append("".join(traceback.format_exception(exc)))
        log.info("foodplay widget callback failed: %s", self.errors[-1])
        try:
            self.report(exc)
        except Exception:  # the report itself failed: keep the page alive
            log.exception("reporting the error failed")
