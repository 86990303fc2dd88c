"""CLDR plural categories for whole numbers, per language (CLDR 46 rules, integers only).

A catalogue's plural object carries exactly its language's categories, plus an optional
"zero" form that the tutor uses for exactly 0 (an explicit-value form, like ICU's "=0").
"""

from __future__ import annotations

from collections.abc import Callable

# The categories a whole number can take in each language, in CLDR's order.
CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "fr": ("one", "many", "other"),
    "pt": ("one", "many", "other"),
    "ko": ("other",),
    "zh": ("other",),
}


def _english(n: int) -> str:
    return "one" if n == 1 else "other"  # one: i = 1 and v = 0


def _french_or_portuguese(n: int) -> str:
    # one: i = 0,1 (pt: i = 0..1); many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0
    if n in (0, 1):
        return "one"
    if n % 1_000_000 == 0:
        return "many"
    return "other"


def _other(n: int) -> str:
    return "other"


RULES: dict[str, Callable[[int], str]] = {
    "en": _english, "fr": _french_or_portuguese, "pt": _french_or_portuguese,
    "ko": _other, "zh": _other,
}


def categories(lang: str) -> tuple[str, ...]:
    """The plural categories a catalogue in `lang` must give (only "other" if CLDR is not known)."""
    return CATEGORIES.get(lang, ("other",))


def category(lang: str, count: object) -> str:
    """The CLDR category of `count` in `lang`. A count that is not a whole number, or is below
    zero, is "other": catalogues may spell out the number in a "one" form ("1 point"), which
    must never be shown for -1 (so a score of -1 reads "-1 points")."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        return "other"
    return RULES.get(lang, _other)(count)
