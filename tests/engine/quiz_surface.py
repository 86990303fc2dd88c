"""Surface rules a learner could answer a "What happens next?" quiz by, without the rule.

Each rule singles out some choices of a quiz by their surface alone: the longest text, the
shortest, the first place, the last place, or the choices that repeat a name or number of the
question (one the other choices do not all repeat). If the quiz is fair, the right answer is
among the singled-out choices as often as chance says: |S|/k for k choices. `tally` sums, over
quizzes where a rule applies, how often the right answer was singled out (observed) and how
often chance would say (expected), with the binomial variance of that count.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from foodplay.teaching.quiz import Quiz, _position, names_in

NUMBER = re.compile(r"(?<!\w)\d+(?!\w)")


def question_tokens(quiz: Quiz) -> set[str]:
    """The names and numbers the question holds."""
    state = _position(quiz.record, quiz.step)
    return names_in(state, quiz.question, quiz.lang) | set(NUMBER.findall(quiz.question))


def _has(text: str, token: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(token)}(?!\w)", text) is not None


def from_question(quiz: Quiz) -> set[int]:
    """The choices repeating a name or number of the question that not every choice repeats."""
    texts = [c.text for c in quiz.choices]
    picked: set[int] = set()
    for token in question_tokens(quiz):
        holding = {i for i, t in enumerate(texts) if _has(t, token)}
        if holding and len(holding) < len(texts):
            picked |= holding
    return picked


def longest(quiz: Quiz) -> set[int]:
    most = max(len(c.text) for c in quiz.choices)
    return {i for i, c in enumerate(quiz.choices) if len(c.text) == most}


def shortest(quiz: Quiz) -> set[int]:
    least = min(len(c.text) for c in quiz.choices)
    return {i for i, c in enumerate(quiz.choices) if len(c.text) == least}


def first(quiz: Quiz) -> set[int]:
    return {0}


def last(quiz: Quiz) -> set[int]:
    return {len(quiz.choices) - 1}


RULES: dict[str, Callable[[Quiz], set[int]]] = {
    "question name/number": from_question, "longest": longest, "shortest": shortest,
    "first": first, "last": last}


@dataclass
class Tally:
    """Over the quizzes a rule applies to: right answers singled out, and chance's figure."""

    applies: int = 0
    observed: int = 0
    expected: float = 0.0
    variance: float = 0.0

    def add(self, singled: set[int], quiz: Quiz) -> None:
        k = len(quiz.choices)
        if not singled or len(singled) == k:
            return  # the rule tells nothing here
        p = len(singled) / k
        self.applies += 1
        self.observed += bool(singled & quiz.answer)
        self.expected += p
        self.variance += p * (1 - p)

    def deviation(self) -> float:
        """How many standard deviations the observed count lies from chance's."""
        return (self.observed - self.expected) / math.sqrt(self.variance) if self.variance else 0

    def __str__(self) -> str:
        if not self.applies:
            return "n/a"
        return (f"{self.observed}/{self.applies} right answers singled out "
                f"(chance {self.expected:.1f}, z={self.deviation():+.1f})")


def tally(quizzes: Iterable[Quiz]) -> dict[str, Tally]:
    out = {name: Tally() for name in RULES}
    for quiz in quizzes:
        for name, rule in RULES.items():
            out[name].add(rule(quiz), quiz)
    return out
