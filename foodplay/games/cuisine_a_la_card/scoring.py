"""Dish arithmetic: meal points card by card, what a judge requires, and the medals earned.

Pure functions of a dish (a list of `{"card", "from", "plate", "as"}` entries) and the
component set. Every result carries explanation lines (message key suffix, parameters, clauses)
that the rules turn into events, so the learner sees each number and the rule behind it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

from foodplay.games.cuisine_a_la_card.components import Card, Components, Judge
from foodplay.games.cuisine_a_la_card.lookups import POINTS, POINTS_PER, Mark

Line = tuple[str, dict[str, Any], tuple[str, ...]]  # key suffix, params, clauses


def card_types(card: Card, chosen: str | None) -> tuple[str, ...]:
    """The food types a card counts as: a dual-type card counts only as the one chosen (C4)."""
    if card.dual:
        return (chosen,) if chosen else ()
    return card.types


def matches(card: Card, chosen: str | None, flt: dict[str, Any]) -> bool:
    key, value = next(iter(flt.items()))
    if key == "flavour":
        return value in card.flavours
    if key == "type":
        return value in card_types(card, chosen)
    if key == "cuisine":
        return card.cuisine == value
    return card.seasoning


def what(flt: dict[str, Any]) -> str:
    """The name id a filter is read as: a flavour, food type, cuisine, or 'seasoning'."""
    key, value = next(iter(flt.items()))
    return "seasoning" if key == "seasoning" else value


def count(dish: list[dict[str, Any]], comp: Components, flt: dict[str, Any]) -> int:
    return sum(matches(comp.cards[d["card"]], d["as"], flt) for d in dish)


def cuisines(dish: list[dict[str, Any]], comp: Components) -> set[str]:
    return {comp.cards[d["card"]].cuisine for d in dish} - {None}


def holds(cond: dict[str, Any], dish: list[dict[str, Any]], comp: Components,
          points: int) -> tuple[bool, str, dict[str, Any]]:
    """Whether a condition holds, its kind, and the numbers that explain it."""
    if "has" in cond:
        have = count(dish, comp, cond["has"])
        return have >= cond["at_least"], "has", {"what": what(cond["has"]),
                                                 "count": cond["at_least"], "have": have}
    if "points" in cond:
        return points >= cond["points"], "points", {"count": cond["points"], "have": points}
    have = len(cuisines(dish, comp))
    return have >= cond["cuisines"], "cuisines", {"count": cond["cuisines"], "have": have}


def partners(dish: list[dict[str, Any]], comp: Components, index: int) -> list[str]:
    """The other dish cards of the same cuisine as card `index` (C3)."""
    cuisine = comp.cards[dish[index]["card"]].cuisine
    return [d["card"] for i, d in enumerate(dish)
            if i != index and cuisine and comp.cards[d["card"]].cuisine == cuisine]


@dataclass
class DishScore:
    """Meal points of a dish, card by card, and the medals its ingredients add."""

    total: int
    card_totals: list[int]
    lines: list[Line] = field(default_factory=list)
    medal_lines: list[Line] = field(default_factory=list)
    card_medals: int = 0

    @property
    def sum_text(self) -> str:
        """The addition, such as "3 + 6" (numbers only, so it reads in every language)."""
        return " + ".join(str(n) for n in self.card_totals)


def _points(card: Card, ability_name: str, effect: dict[str, Any], dish: list[dict[str, Any]],
            comp: Components, clauses: tuple[str, ...]) -> tuple[int, Line | None]:
    if effect["effect"] == "points":
        return effect["amount"], ("score.bonus.flat", {"card": card.id, "ability": ability_name,
                                                       "count": effect["amount"]}, clauses)
    if effect["effect"] == "points_per":
        have = count(dish, comp, effect["per"])
        bonus = effect["amount"] * have
        return bonus, ("score.bonus.per", {"card": card.id, "ability": ability_name,
                                           "count": bonus, "per": effect["amount"],
                                           "what": what(effect["per"]), "have": have}, clauses)
    return 0, None


def score(dish: list[dict[str, Any]], comp: Components,
          judge_abilities: list[Judge] = ()) -> DishScore:
    """Meal points card by card, then the owner's judge abilities (P2-4, C3, P2-6)."""
    lines: list[Line] = []
    totals: list[int] = []
    medal_effects: list[tuple[Card, str, dict[str, Any], tuple[str, ...]]] = []
    for index, entry in enumerate(dish):
        card = comp.cards[entry["card"]]
        if entry["from"] == "plate" and card.has_trigger("play"):
            lines.append(("score.plate_plays", {"card": card.id}, ("D2", "P2-4")))
        active = [("on_submit", a, ("C2",)) for a in card.abilities if a.trigger == "submit"]
        ability = card.cuisine_ability
        if ability and ability.trigger == "submit":
            mates = partners(dish, comp, index)
            if mates:
                lines.append(("score.pair", {"card": card.id, "cuisine": card.cuisine,
                                             "partners": mates, "count": len(mates)}, ("C3",)))
                active.append((card.cuisine, ability, ("C3",)))
            else:
                lines.append(("score.no_pair", {"card": card.id, "cuisine": card.cuisine},
                              ("C3",)))
        bonus = 0
        for name, ability, clauses in active:
            for effect in ability.effects:
                gained, line = _points(card, name, effect, dish, comp, clauses)
                if line:
                    bonus += gained
                    lines.append(line)
                elif effect["effect"] == "medals":
                    medal_effects.append((card, name, effect, clauses))
        total = card.points + bonus
        totals.append(total)
        if bonus:
            lines.append(("score.card_bonus", {"card": card.id, "count": total,
                                               "base": card.points, "extra": bonus},
                          ("P2-4", "C1")))
        else:
            lines.append(("score.card", {"card": card.id, "count": total}, ("P2-4", "C1")))
    for judge in judge_abilities:
        for effect in judge.ability.effects:
            if effect["effect"] == "points":
                totals.append(effect["amount"])
                lines.append(("score.judge", {"judge": judge.id, "count": effect["amount"]},
                              ("P2-6", "D3")))
    result = DishScore(sum(totals), totals, lines)
    for card, name, effect, clauses in medal_effects:
        cond = effect.get("if")
        params = {"card": card.id, "ability": name, "count": effect["amount"]}
        if cond is None:
            result.card_medals += effect["amount"]
            result.medal_lines.append(("medals.card", params, ("P2-5",) + clauses))
            continue
        ok, kind, numbers = holds(cond, dish, comp, result.total)
        numbers = {**numbers, "least": numbers.pop("count")}
        if ok:
            result.card_medals += effect["amount"]
            result.medal_lines.append((f"medals.card_if.{kind}", {**params, **numbers},
                                       ("P2-5",) + clauses))
        else:
            result.medal_lines.append((f"medals.card_unmet.{kind}", {**params, **numbers},
                                       ("P2-5",) + clauses))
    for judge in judge_abilities:
        for effect in judge.ability.effects:
            if effect["effect"] == "medals":
                result.card_medals += effect["amount"]
                result.medal_lines.append(("medals.judge", {"judge": judge.id,
                                                            "count": effect["amount"]},
                                           ("P2-6", "D3")))
    return result


class FastDish:
    """A dish read through the component set's look-ups, for scoring without explanations:
    what each card matches (a dual card as the type chosen) and its cuisine, worked out once."""

    __slots__ = ("dish", "facts", "marks", "cuisines")

    def __init__(self, dish: list[dict[str, Any]], comp: Components):
        facts = self.facts = comp.facts
        self.dish = dish
        marks, dual = facts.marks, facts.dual
        self.marks = [marks[d["card"]] | {("type", d["as"])} if dual[d["card"]] and d["as"]
                      else marks[d["card"]] for d in dish]
        cuisine = facts.cuisine
        self.cuisines = [cuisine[d["card"]] for d in dish]

    def count(self, mark: Mark) -> int:
        return sum([mark in m for m in self.marks])

    def met(self, cond: tuple[Any, ...], total: int) -> bool:
        """Whether a compiled condition holds (`holds(...)[0]`)."""
        kind = cond[0]
        if kind == "has":
            return self.count(cond[1]) >= cond[2]
        if kind == "points":
            return total >= cond[1]
        return len(set(self.cuisines) - {None}) >= cond[1]

    def _effects(self, index: int, card: str) -> tuple[tuple[int, int, Any], ...]:
        """The card's dish effects: On Submit, then its cuisine ability if paired (C2, C3)."""
        effects = self.facts.submit[card]
        paired = self.facts.cuisine_submit[card]
        if paired and self.cuisines.count(self.cuisines[index]) > 1:
            effects += paired
        return effects

    def card_totals(self, judge_abilities: list[Judge] = ()) -> list[int]:
        """`score(...).card_totals`: each card's meal points, then each judge's flat points."""
        points = self.facts.points
        totals = []
        for index, entry in enumerate(self.dish):
            card = entry["card"]
            total = points[card]
            for kind, amount, arg in self._effects(index, card):
                if kind == POINTS:
                    total += amount
                elif kind == POINTS_PER:
                    total += amount * self.count(arg)
            totals.append(total)
        for judge in judge_abilities:
            totals += [e["amount"] for e in judge.ability.effects if e["effect"] == "points"]
        return totals

    def points(self, judge_abilities: list[Judge] = ()) -> tuple[int, int]:
        """`score(...)`'s total and card medals."""
        facts = self.facts
        points = facts.points
        total = medals = 0
        conditional = []
        for index, entry in enumerate(self.dish):
            card = entry["card"]
            total += points[card]
            for kind, amount, arg in self._effects(index, card):
                if kind == POINTS:
                    total += amount
                elif kind == POINTS_PER:
                    total += amount * self.count(arg)
                elif arg is None:
                    medals += amount
                else:
                    conditional.append((amount, arg))
        for judge in judge_abilities:
            total += facts.submit_points[judge.id]
            medals += facts.submit_medals[judge.id]
        medals += sum([amount for amount, cond in conditional if self.met(cond, total)])
        return total, medals

    def accepted_medals(self, judge: Judge, scored: tuple[int, int],
                        more_medals: bool = False) -> int:
        """The medals `assess(...)` gives when the judge accepts the dish, else 0."""
        total, card_medals = scored
        if total < judge.tier:
            return 0
        requires, bonus, penalty = self.facts.judge_rules[judge.id]
        met = self.met
        if not all(met(cond, total) for cond in requires):
            return 0
        net = judge.medals + card_medals
        net += sum([amount for cond, amount in bonus if met(cond, total)])
        net -= sum([amount for cond, amount in penalty if met(cond, total)])
        if more_medals and len(set(self.cuisines) - {None}) >= self.facts.all_cuisines:
            net += 1
        return net if net >= 1 else 0


def points(dish: list[dict[str, Any]], comp: Components,
           judge_abilities: list[Judge] = ()) -> tuple[int, int]:
    """`score(...)`'s total and card medals without its explanation lines: the fast path of
    the bots and of `legal_moves` (tests check that both paths agree on random dishes)."""
    return FastDish(dish, comp).points(judge_abilities)


def accepted_medals(dish: list[dict[str, Any]], comp: Components, judge: Judge,
                    scored: tuple[int, int], more_medals: bool = False) -> int:
    """The medals `assess(...)` gives when the judge accepts the dish, else 0 (fast path of
    the bots and of `legal_moves`; `scored` is `points(...)`'s answer)."""
    return FastDish(dish, comp).accepted_medals(judge, scored, more_medals)


def ceiling(dish: list[dict[str, Any]], comp: Components, judge_abilities: list[Judge] = ()) -> int:
    """The most meal points these ingredients reach together, whatever dual types are chosen
    (each choice matters only if a card counts food types; tests compare with `score`)."""
    facts = comp.facts
    fast = FastDish(dish, comp)
    typed = any([facts.per_type[d["card"]] for d in dish])
    duals = [i for i, d in enumerate(dish) if facts.dual[d["card"]]] if typed else []
    if not duals:
        return fast.points(judge_abilities)[0]
    best = 0
    for choice in product(*(comp.cards[dish[i]["card"]].types for i in duals)):
        for i, chosen in zip(duals, choice, strict=True):
            fast.marks[i] = facts.marks[dish[i]["card"]] | {("type", chosen)}
        best = max(best, fast.points(judge_abilities)[0])
    return best


@dataclass
class Assessment:
    """A judge's answer to a dish: the refusal (clause, reason) or the medals it earns."""

    ok: bool
    clause: str
    reason: str
    params: dict[str, Any]
    lines: list[Line]
    medals: int = 0


def assess(dish: list[dict[str, Any]], comp: Components, judge: Judge, dish_score: DishScore,
           more_medals: bool = False) -> Assessment:
    """Threshold, requirements, then medals: base + bonuses - penalties, at least 1 (D5)."""
    total = dish_score.total
    if total < judge.tier:
        return Assessment(False, "P2-4", "refuse.threshold",
                          {"judge": judge.id, "tier": judge.tier, "have": total,
                           "sum": dish_score.sum_text}, [])
    lines: list[Line] = [("judge.threshold", {"judge": judge.id, "tier": judge.tier,
                                              "have": total}, ("P2-4",))]
    for cond in judge.requires:
        ok, kind, numbers = holds(cond, dish, comp, total)
        if not ok:
            return Assessment(False, "P2-4", f"refuse.requires.{kind}",
                              {"judge": judge.id, **numbers}, [])
        lines.append((f"judge.requires.{kind}", {"judge": judge.id, **numbers}, ("P2-4",)))
    lines.append(("judge.accepts", {"judge": judge.id}, ("P2-4",)))
    medals = judge.medals
    bonus = penalty = 0
    lines.append(("medals.base", {"judge": judge.id, "count": judge.medals}, ("P2-5",)))
    for cond, amount in judge.bonus:
        ok, kind, numbers = holds(cond, dish, comp, total)
        numbers = {**numbers, "least": numbers.pop("count")}
        if ok:
            bonus += amount
            lines.append((f"medals.bonus.{kind}", {"judge": judge.id, **numbers,
                                                   "count": amount}, ("P2-5",)))
    for cond, amount in judge.penalty:
        ok, kind, numbers = holds(cond, dish, comp, total)
        numbers = {**numbers, "least": numbers.pop("count")}
        if ok:
            penalty += amount
            lines.append((f"medals.penalty.{kind}", {"judge": judge.id, **numbers,
                                                     "count": amount}, ("P2-5", "D5")))
    bonus += dish_score.card_medals
    lines += dish_score.medal_lines
    if more_medals and len(cuisines(dish, comp)) >= len(comp.cuisines):
        bonus += 1
        lines.append(("medals.all_cuisines", {"count": len(comp.cuisines)}, ("V2",)))
    net = medals + bonus - penalty
    if net < 1:
        return Assessment(False, "P2-8", "refuse.too_few_medals",
                          {"judge": judge.id, "count": net, "base": medals, "bonus": bonus,
                           "penalty": penalty}, [])
    return Assessment(True, "P2-4", "verdict.ok", {}, lines, net)
