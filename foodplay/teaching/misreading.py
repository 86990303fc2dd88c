"""Wrong choices for a "What happens next?" quiz that a learner who has not read the rule would
pick: the engine's own outcome with one detail misread (who acts, which card or pile, a total
off by one), and a choice of wrong outcomes that keeps the right answer's length rank random.
Used by `foodplay.teaching.quiz.reveal_quiz`, which checks each text before it is asked.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from foodplay.engine import Event, State
from foodplay.explain import event_text


class Texted(Protocol):
    """A choice as far as its length goes: its text."""

    @property
    def text(self) -> str: ...


C = TypeVar("C", bound=Texted)


# Sentences side by side: Chinese sets no space after its full stop "。", the others one space.
SENTENCE_GAP = {"zh": ""}


def sentences_joined(sentences: Iterable[str], lang: str) -> str:
    """Sentences run together the language's way (no space between Chinese sentences)."""
    return SENTENCE_GAP.get(lang, " ").join(sentences)


# Params whose value a learner who has not read the rule gets wrong most often: who acts
# (a seat) and which component is concerned (a card, a pile, an ingredient, ...).
MISREAD_INTS = ("seat", "pile")
# Counts a learner may get wrong by one (a round's victory points added to the total): the
# value one less or one more is a misreading as well. (Ingredient counts are left alone: a
# plural form would change the text's length.)
MISREAD_COUNTS = ("vp",)


def misread_values(events: Iterable[Event], players: int) -> dict[str, set[Any]]:
    """For each param a misreading may change: the values the engine gave it in these events
    (every seat, for a seat)."""
    pool: dict[str, set[Any]] = {}
    for ev in events:
        for key, value in ev.params:
            if isinstance(value, str) or (key in MISREAD_INTS and isinstance(value, int)
                                          and not isinstance(value, bool)):
                pool.setdefault(key, set()).add(value)
            elif key in MISREAD_COUNTS and isinstance(value, int) and not isinstance(value, bool):
                pool.setdefault(key, set()).update(v for v in (value - 1, value, value + 1)
                                                   if v >= 1)
    if "seat" in pool:
        pool["seat"] = set(range(players))
    return pool


def misreadings(twin: State, shown: Sequence[Event], pool: dict[str, set[Any]], lang: str,
                 rng: random.Random) -> list[tuple[str, str]]:
    """The right outcome told as a learner who misreads the clause would expect it: one
    param (who, which card, which pile) swapped with another value the engine uses here,
    everywhere the outcome names either. Same events, same form: only the misread detail
    differs. (param, text) pairs."""
    out = []
    slots = [(key, value) for ev in shown for key, value in ev.params if key in pool
             and value in pool[key]]
    for key, value in dict.fromkeys(slots):
        others = sorted(pool[key] - {value}, key=str)
        rng.shuffle(others)
        for other in others:
            swap = {value: other, other: value}  # both ways, so no sentence repeats
            changed = [Event(ev.key, tuple((k, swap.get(v, v) if k == key else v)
                                           for k, v in ev.params), ev.clauses, ev.visible_to)
                       for ev in shown]
            try:
                text = sentences_joined((event_text(twin, ev, lang) for ev in changed), lang)
            except (KeyError, IndexError, TypeError, ValueError):
                continue  # a value this template cannot tell
            out.append((key, text))
    return out


def by_length(candidates: Sequence[C], right: int, count: int,
              rng: random.Random) -> list[C]:
    """`count` of the candidates (best first), so that the right answer's place by length
    among the choices is drawn at random: neither the longest nor the shortest text tells."""
    shorter = [c for c in candidates if len(c.text) < right]
    longer = [c for c in candidates if len(c.text) > right]
    equal = [c for c in candidates if len(c.text) == right]
    count = min(count, len(candidates))
    below = rng.randrange(count + 1)  # how many wrong choices are shorter than the right one
    picked = (shorter + equal)[:below]  # fewer choices rather than a telling length
    rest = longer + [c for c in equal if c not in picked]
    picked += rest[: count - below]
    return picked
