"""Plural forms wherever a count meets a noun, checked over every catalogue.

The rule: in any template (a plain string, or each form of a plural object), a count-like
placeholder (`COUNT_LIKE`, written without a conversion) followed within two words by a plural
noun (a word ending in "s" that is not a verb or function word, `NOT_NOUNS`) must be the
parameter that chooses the plural object's form (`count`, or the one `"by"` names), and that
object's "one" form must name the noun in the singular. A count that cannot govern a noun is
written as a label instead ("penalty cards: {penalties}"). Parameters whose value is never 1
are listed in `NEVER_ONE`, each with its reason.
"""

from __future__ import annotations

import re

import pytest

from foodplay.games import LISTINGS, get_game
from foodplay.i18n.messages import catalogue

COUNT_LIKE = {"count", "n", "total", "points", "medals", "vp", "steps", "free", "left", "cost",
              "buys", "burgers", "rats", "score", "burger_points", "upgrade_points", "penalties",
              "forks", "piles", "cards", "deck", "have", "eaten", "tier", "price", "orders",
              "upgrades", "completed", "rush", "turns", "hand", "discard", "plates", "sum",
              "asked", "right", "pantry", "kinds", "judges"}
NEVER_ONE = {
    "rows": "a board has at least three rows", "cols": "a board has at least three columns",
    "low": "a game has at least two players", "high": "a game has at least two players",
    "max": "a lesson is worth three stars", "needed": "a BURG reveal needs four ingredients",
    "players": "a game has at least two players",
    "spoons": "a Cuisine starting deck holds seven Spoons",
    "others": "a Cuisine starting deck holds three Finishing Salts",
    "tongs": "each BURG player has several Tongs", "tea": "each BURG player has several Tea",
    "tokens": "the Coffee Rush supply holds many ingredient tokens",
    "tier": "a Cuisine judge needs at least ten meal points",
    "cost": "a Coffee Rush upgrade costs three completed orders",
    "pantry": "the Cuisine set-up counts the whole Pantry", "kinds": "a Pantry has many kinds",
    "judges": "a Cuisine game has more judges than players",
    "upgrades": "a Coffee Rush board has several upgrade tiles",
}
# (key, parameter): never 1 in that message only
NEVER_ONE_IN = {
    ("cuisine-a-la-card.ui.banner.winner", "medals"): "a winner has reached the medal goal",
    ("cuisine-a-la-card.dish.so_far", "points"): "two ingredients are worth 2 meal points or more",
    ("ui.share.too_long", "count"): "a link is refused only past its 7,500-character limit",
    ("ui.teacher.class_link_too_long", "count"): "a link is refused only past its limit",
    ("ui.teacher.note_too_long", "count"): "a note is refused only past 4,000 characters",
}
NOT_NOUNS = {"is", "was", "has", "as", "its", "this", "us", "does", "goes", "gives", "makes",
             "lets", "requires", "needs", "holds", "remains", "plus", "less", "minus", "Tongs",
             "Tea", "Rules", "always", "bonus", "waits", "earns", "matches"}
PLACEHOLDER = re.compile(r"\{(\w+)\}((?:\s+[A-Za-z\-]+){1,2})")
CATALOGUES = [("core", catalogue(None, "en"))] + [
    (entry.id, get_game(entry.id).catalogue("en")) for entry in LISTINGS
    if entry.module is not None]


def counted_nouns(template: str) -> list[tuple[str, str]]:
    """(parameter, following words) wherever a count-like placeholder meets a plural noun."""
    found = []
    for match in PLACEHOLDER.finditer(template):
        name, words = match.group(1), match.group(2).split()
        if name in COUNT_LIKE and any(w.endswith("s") and w not in NOT_NOUNS for w in words):
            found.append((name, " ".join(words)))
    return found


def test_the_rule_catches_the_mistakes_it_is_for():
    assert counted_nouns("{count} burgers") == [("count", "burgers")]
    assert counted_nouns("{penalties} penalty cards") == [("penalties", "penalty cards")]
    assert counted_nouns("{count} meal points, worth it") == [("count", "meal points")]
    assert counted_nouns("{card!c} burgers") == []  # a name, not a count
    assert counted_nouns("penalty cards: {penalties}") == []


@pytest.mark.parametrize("name,cat", CATALOGUES, ids=[n for n, _ in CATALOGUES])
def test_every_count_that_meets_a_noun_chooses_a_plural_form(name, cat):
    problems = []
    for key, template in cat.templates.items():
        if isinstance(template, str):
            for param, words in counted_nouns(template):
                if param not in NEVER_ONE and (key, param) not in NEVER_ONE_IN:
                    problems.append(f"{key}: '{{{param}}} {words}' needs a plural object")
            continue
        by = template.get("by", "count")
        for form, text in template.items():
            if form == "by":
                continue
            for param, words in counted_nouns(text):
                if param == by:
                    if form == "one":
                        problems.append(f"{key}: the 'one' form says '{{{param}}} {words}'")
                elif param not in NEVER_ONE and (key, param) not in NEVER_ONE_IN:
                    problems.append(f"{key} ({form}): '{{{param}}} {words}' is not chosen by "
                                    f"'{by}': write it as a label, or split the message")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("name,cat", CATALOGUES, ids=[n for n, _ in CATALOGUES])
def test_a_plural_object_is_chosen_by_a_parameter_it_uses(name, cat):
    for key, template in cat.templates.items():
        if isinstance(template, dict):
            by = template.get("by", "count")
            uses = any("{" + by + "}" in text or "{" + by + "!" in text
                       for form, text in template.items() if form != "by")
            singular = template["one"]
            assert uses or "{" not in singular or by == "count", key


def test_one_burger_one_penalty_card_one_meal_point():
    """The three slips a learner reported now read in the singular."""
    burg = get_game("burg").catalogue("en")
    text = burg.format("burg.score", {"seat": 0, "points": 3, "burger_points": 4,
                                      "burgers": 1, "rats": 1}, ["Alice"])
    assert "from 1 burger," in text
    cuisine = get_game("cuisine-a-la-card").catalogue("en")
    assert cuisine.format("cuisine-a-la-card.text.effect.points", {"count": 1}) == \
        "+1 meal point"
    rush = get_game("coffee-rush").catalogue("en")
    so_far = rush.format("coffee-rush.ui.score", {"count": 2, "orders": 3,
                                                        "upgrades": 1, "penalties": 1})
    assert "1 penalty cards" not in so_far and "1 active upgrades" not in so_far
