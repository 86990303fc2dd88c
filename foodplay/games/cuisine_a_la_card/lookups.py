"""What the rules ask of cards and judges on every move, worked out once per component set.

The hot paths (`legal_moves`, `apply`, the fast scoring in `scoring`) read these tables instead
of walking abilities and filters again; the `Card` and `Judge` records stay the source, and the
explained scoring still reads them. Filters become `(key, value)` pairs, conditions tuples:
`("has", (key, value), at_least)`, `("points", n)` or `("cuisines", n)`.
"""

from __future__ import annotations

import random
from typing import Any

from foodplay.games.cuisine_a_la_card.cards import Ability, Card, Judge

NO_JUDGE = 1 << 30  # the "tier" of an empty judge place (and price of an empty slot): unreachable
POINTS, POINTS_PER, MEDALS = 0, 1, 2  # the dish effects, compiled
Mark = tuple[str, Any]  # a filter as a pair: ("flavour", "spicy"), ("seasoning", True), ...


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`, the same order from the same generator, without two Python calls
    per card: CPython's `Random.shuffle` swaps item i with `_randbelow(i + 1)` for i from the
    last down to 1, drawing getrandbits(bit length) until below. A test compares the two."""
    if type(rng) is not random.Random:  # a subclass may draw otherwise
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def mark(flt: dict[str, Any]) -> Mark:
    """A one-entry filter as a hashable pair."""
    return next(iter(flt.items()))


def condition(cond: dict[str, Any]) -> tuple[Any, ...]:
    """A parsed condition as a tuple the fast scoring tests without building numbers."""
    if "has" in cond:
        return ("has", mark(cond["has"]), cond["at_least"])
    if "points" in cond:
        return ("points", cond["points"])
    return ("cuisines", cond["cuisines"])


def dish_effects(ability: Ability | None) -> tuple[tuple[int, int, Any], ...]:
    """An ability's points, points-per and medals effects as (kind, amount, filter or condition);
    the others (draw, trash, ...) act after the dish, not in its score."""
    out = []
    for effect in ability.effects if ability else ():
        kind = effect["effect"]
        if kind == "points":
            out.append((POINTS, effect["amount"], None))
        elif kind == "points_per":
            out.append((POINTS_PER, effect["amount"], mark(effect["per"])))
        elif kind == "medals":
            cond = effect.get("if")
            out.append((MEDALS, effect["amount"], None if cond is None else condition(cond)))
    return tuple(out)


class Lookups:
    """Per-card and per-judge tables for the hot paths; see the module docstring."""

    __slots__ = ("food", "bound", "cost", "tier", "submit_points", "submit_medals", "on_play",
                 "on_purchase", "plays", "in_dish", "play_cuisine", "marks", "dual", "per_type",
                 "cuisine", "points", "submit", "cuisine_submit", "judge_rules", "all_cuisines",
                 "moves")

    def __init__(self, cards: dict[str, Card], judges: dict[str, Judge], cuisines: int):
        self.all_cuisines = cuisines  # how many cuisines the set has (V2's extra medal)
        self.food: dict[str | None, int] = {None: 0}  # 1 for an ingredient, 0 for a tool
        # a food card's (printed points, most flat points, points per dish ingredient)
        self.bound: dict[str, tuple[int, int, int]] = {}
        self.cost: dict[str | None, int] = {None: NO_JUDGE}  # an empty Market slot: no price
        self.on_play: dict[str, tuple[Ability, ...]] = {}
        self.on_purchase: dict[str, tuple[Ability, ...]] = {}
        self.play_cuisine: dict[str, str] = {}  # cards whose cuisine ability acts on play
        self.marks: dict[str, frozenset[Mark]] = {}  # what a card matches whatever is chosen
        self.dual: dict[str, bool] = {}
        self.per_type: dict[str, bool] = {}  # whether it scores per ingredient of a food type
        self.cuisine: dict[str, str | None] = {}
        self.points: dict[str, int] = {}
        self.submit: dict[str, tuple[tuple[int, int, Any], ...]] = {}  # its On Submit effects
        self.cuisine_submit: dict[str, tuple[tuple[int, int, Any], ...]] = {}  # paired only
        plays, in_dish = set(), set()
        for card_id, card in cards.items():
            self._card(card_id, card, plays, in_dish)
        self.plays, self.in_dish = frozenset(plays), frozenset(in_dish)
        self.tier: dict[str | None, int] = {None: NO_JUDGE}
        self.submit_points: dict[str, int] = {}  # flat points a won judge adds to a dish
        self.submit_medals: dict[str, int] = {}  # medals it adds
        self.judge_rules: dict[str, tuple[Any, ...]] = {}  # (requires, bonus, penalty)
        for judge_id, judge in judges.items():
            self.tier[judge_id] = judge.tier
            # only a dish ability has these effects (checked at load)
            self.submit_points[judge_id] = sum(e["amount"] for e in judge.ability.effects
                                               if e["effect"] == "points")
            self.submit_medals[judge_id] = sum(e["amount"] for e in judge.ability.effects
                                               if e["effect"] == "medals")
            self.judge_rules[judge_id] = (
                tuple(condition(c) for c in judge.requires),
                tuple((condition(c), n) for c, n in judge.bonus),
                tuple((condition(c), n) for c, n in judge.penalty))
        self.moves: dict[int, Any] = {}  # seat -> its moves, built once (rules.SeatMoves)

    def _card(self, card_id: str, card: Card, plays: set[str], in_dish: set[str]) -> None:
        submit = [a for a in card.abilities if a.trigger == "submit"]
        cuisine_ability = card.cuisine_ability
        every = submit + ([cuisine_ability] if cuisine_ability and
                          cuisine_ability.trigger == "submit" else [])
        effects = [e for a in every for e in a.effects]
        self.food[card_id] = 0 if card.tool else 1
        self.cost[card_id] = card.cost
        if not card.tool:
            self.bound[card_id] = (
                card.points,
                card.points + sum(e["amount"] for e in effects if e["effect"] == "points"),
                sum(e["amount"] for e in effects if e["effect"] == "points_per"))
        self.on_play[card_id] = tuple(a for a in card.abilities if a.trigger == "play")
        self.on_purchase[card_id] = tuple(a for a in card.abilities if a.trigger == "purchase")
        if cuisine_ability and cuisine_ability.trigger == "play":
            self.play_cuisine[card_id] = card.cuisine
        if self.on_play[card_id] or card_id in self.play_cuisine:
            plays.add(card_id)
        if submit or cuisine_ability is not None:
            in_dish.add(card_id)
        marks = {("flavour", f) for f in card.flavours}
        if card.cuisine is not None:
            marks.add(("cuisine", card.cuisine))
        if card.seasoning:
            marks.add(("seasoning", True))
        if not card.dual:
            marks.update(("type", t) for t in card.types)
        self.marks[card_id] = frozenset(marks)
        self.dual[card_id] = card.dual
        self.per_type[card_id] = any("type" in e.get("per", {}) for a in card.abilities + (
            (cuisine_ability,) if cuisine_ability else ()) for e in a.effects)
        self.cuisine[card_id] = card.cuisine
        self.points[card_id] = card.points
        self.submit[card_id] = tuple(e for a in submit for e in dish_effects(a))
        self.cuisine_submit[card_id] = dish_effects(
            cuisine_ability if cuisine_ability and cuisine_ability.trigger == "submit" else None)
