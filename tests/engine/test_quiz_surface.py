"""No "What happens next?" answer can be picked by its surface alone (issue #33, item 1).

200 questions per game; for each surface rule (see quiz_surface: a name or number of the
question, the longest text, the shortest, the first place, the last) the count of right answers
it singles out must stay near chance, |S|/k per question. The bound is |z| <= 3 on the
binomial normal approximation: a 99.7% two-sided interval, wider than 99% (2.58) because 20
figures (5 rules x 4 games) are checked at once, so that a fair quiz fails by bad luck in about
5% of seeds sets rather than 18%. Before this change BURG's and Food Truck's name/number rule
lay at z = -11 and -13, Coffee Rush's longest text at +6 and Cuisine's at +3.6.
"""

from __future__ import annotations

from collections import Counter

import pytest
from quiz_surface import tally

from foodplay.games import built_games
from foodplay.teaching.quiz import quiz_at

QUESTIONS = 200
BOUND = 3.0


@pytest.mark.parametrize("game", built_games())
def test_no_surface_rule_beats_chance(game):
    asked = []
    seed = 0
    while len(asked) < QUESTIONS and seed < 3 * QUESTIONS:
        if (q := quiz_at("reveal", game, seed)) is not None:
            asked.append(q)
        seed += 1
    assert len(asked) == QUESTIONS
    sizes = Counter(len(q.choices) for q in asked)
    figures = tally(asked)
    print(game, dict(sizes), *(f"{name}: {t}" for name, t in figures.items()), sep="\n  ")
    for name, figure in figures.items():
        assert abs(figure.deviation()) <= BOUND, (name, str(figure))
    # three choices where the position allows: a third choice is left out only when no wrong
    # outcome of the same form, or of a length that keeps the answer's length rank random, exists
    assert sizes[3] >= QUESTIONS / 4
    for q in asked:  # deterministic per seed
        assert len({c.text for c in q.choices}) == len(q.choices)
