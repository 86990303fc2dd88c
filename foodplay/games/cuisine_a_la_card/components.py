"""Cuisine a la Card's component set (tools, ingredients, judges): loaded from data, validated.

Abilities are written in a small closed vocabulary of effects (clause G5) that the engine
interprets; a data file holds no code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foodplay import limits
from foodplay.components import envelope
from foodplay.data import DataError, Say, read_json, require, whole_number
from foodplay.games.cuisine_a_la_card.cards import Ability, Card, Judge
from foodplay.games.cuisine_a_la_card.lookups import Lookups
from foodplay.limits import Shown, shown
from foodplay.position import TRUE_OR_FALSE

DEFAULT_PATH = Path(__file__).parent / "data" / "components.json"
GAME_ID = "cuisine-a-la-card"
TOOLS = ("spoon", "fork")
TRIGGERS = ("play", "submit", "purchase", "turn")
DISH_EFFECTS = ("points", "points_per", "medals")  # only meaningful in a dish (On Submit)
TURN_EFFECTS = ("spoons", "buys", "draw", "trash", "warm", "retrieve", "gain_fork",
                "others_discard")
EFFECTS = TURN_EFFECTS + DISH_EFFECTS
CHOICE_EFFECTS = ("trash", "warm", "retrieve", "others_discard")  # the player picks cards
FILTER_KEYS = ("flavour", "type", "cuisine", "seasoning")
CONDITION_KEYS = ("has", "points", "cuisines")


@dataclass(frozen=True)
class Components:
    """A validated Cuisine a la Card component set."""

    label: str
    food_types: tuple[str, ...]
    flavours: tuple[str, ...]
    cuisines: tuple[str, ...]
    cards: dict[str, Card]  # every card id: tools and ingredients
    pantry: dict[str, int]  # ingredient id -> copies in the Pantry
    starting: dict[str, int]  # card id -> copies in each player's starting deck
    forks: int
    fork_cost: int
    tiers: tuple[int, ...]
    judges: dict[str, Judge]
    source: Any  # the raw data, kept so a record can carry a user's own set
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    facts: Lookups = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "facts", Lookups(self.cards, self.judges, len(self.cuisines)))

    def pantry_deck(self) -> list[str]:
        """One entry per Pantry card, in the data file's order."""
        return [card for card, count in self.pantry.items() for _ in range(count)]

    def starting_deck(self) -> list[str]:
        return [card for card, count in self.starting.items() for _ in range(count)]

    def ingredient(self, card: str) -> bool:
        return card in self.cards and not self.cards[card].tool


def load(path: str | Path | None = None) -> Components:
    """Load a component file (the tutor card set when `path` is None)."""
    source = Path(path) if path else DEFAULT_PATH
    return parse(read_json(source), where=source.name)


def _identifier(value: Any, at: str) -> str:
    require(isinstance(value, str) and value.isidentifier(), at,
            Say("data.identifier_such_not", example="'bok_choy'", value=Shown(value)))
    return value


def _names(data: dict[str, Any], name: str, where: str) -> tuple[str, ...]:
    items = data.get(name)
    require(isinstance(items, list) and items, f"{where}: {name}", Say("data.non_empty_list"))
    limits.entries(items, f"{where}: {name}")
    for i, item in enumerate(items):
        _identifier(item, f"{where}: {name}[{i}]")
    require(len(set(items)) == len(items), f"{where}: {name}", "repeats a name")
    return tuple(items)


def _no_extra(value: dict[str, Any], allowed: tuple[str, ...], at: str) -> None:
    extra = sorted(set(value) - set(allowed))
    if extra:
        raise DataError(f"{at}.{extra[0]}", f"is not a field here; use {', '.join(allowed)}")


class _Parser:
    def __init__(self, data: dict[str, Any], where: str):
        self.where = where
        self.food_types = _names(data, "food_types", where)
        self.flavours = _names(data, "flavours", where)
        self.cuisines = _names(data, "cuisines", where)

    def filter(self, value: Any, at: str) -> dict[str, Any]:
        require(isinstance(value, dict) and len(value) == 1 and next(iter(value)) in FILTER_KEYS,
                at, Say("data.exactly_one_of", keys=", ".join(FILTER_KEYS)))
        key, item = next(iter(value.items()))
        allowed = {"flavour": self.flavours, "type": self.food_types,
                   "cuisine": self.cuisines, "seasoning": (True,)}[key]
        require(item in allowed and not (key != "seasoning" and isinstance(item, bool)),
                f"{at}.{key}",
                Say("data.one_of_not", values=", ".join(map(str, allowed)), value=Shown(item)))
        return {key: item}

    def condition(self, value: Any, at: str) -> dict[str, Any]:
        require(isinstance(value, dict) and value, at, Say("data.object"))
        kinds = [k for k in CONDITION_KEYS if k in value]
        require(len(kinds) == 1, at, Say("data.exactly_one_key", keys=", ".join(CONDITION_KEYS)))
        kind = kinds[0]
        _no_extra(value, (kind, "at_least"), at)
        if kind == "has":
            least = limits.copies(value.get("at_least", 1), f"{at}.at_least", 1)
            return {"has": self.filter(value["has"], f"{at}.has"), "at_least": least}
        require("at_least" not in value, f"{at}.at_least", "is only for 'has' conditions")
        return {kind: whole_number(value[kind], f"{at}.{kind}", 1)}

    def effect(self, value: Any, trigger: str, at: str) -> dict[str, Any]:
        require(isinstance(value, dict), at, Say("data.object"))
        name = value.get("effect")
        require(name in EFFECTS, f"{at}.effect", Say("data.one_of_not", values=", ".join(EFFECTS),
                                                     value=Shown(name)))
        if name in DISH_EFFECTS:
            require(trigger == "submit", f"{at}.effect",
                    f"{name!r} only makes sense in a dish: use it with the 'submit' trigger")
        else:
            require(trigger != "submit" or name in ("draw", "trash", "gain_fork"), f"{at}.effect",
                    f"{name!r} cannot act on submit: after a dish nothing can be bought")
        _no_extra(value, ("effect", "amount", "per", "if"), at)
        out: dict[str, Any] = {"effect": name,
                               "amount": limits.copies(value.get("amount", 1), f"{at}.amount", 1)}
        if name == "points_per":
            out["per"] = self.filter(value.get("per"), f"{at}.per")
        else:
            require("per" not in value, f"{at}.per", "is only for 'points_per'")
        if "if" in value:
            require(name == "medals", f"{at}.if", "only a 'medals' effect may have a condition")
            out["if"] = self.condition(value["if"], f"{at}.if")
        return out

    def ability(self, value: Any, at: str, triggers: tuple[str, ...]) -> Ability:
        require(isinstance(value, dict), at, Say("data.object"))
        trigger = value.get("trigger")
        require(trigger in triggers, f"{at}.trigger",
                Say("data.one_of_not", values=", ".join(triggers), value=Shown(trigger)))
        effects = value.get("effects")
        require(isinstance(effects, list) and effects, f"{at}.effects", Say("data.non_empty_list"))
        limits.entries(effects, f"{at}.effects")
        return Ability(trigger, tuple(self.effect(e, trigger, f"{at}.effects[{i}]")
                                      for i, e in enumerate(effects)))

    def ingredient(self, value: Any, at: str) -> tuple[Card, int]:
        require(isinstance(value, dict), at, Say("data.object"))
        card_id = _identifier(value.get("id"), f"{at}.id")
        cuisine = value.get("cuisine")
        require(cuisine is None or cuisine in self.cuisines, f"{at}.cuisine",
                Say("data.null_or_one_of", null="null", values=", ".join(self.cuisines)))
        types = value.get("types", [])
        require(isinstance(types, list) and all(t in self.food_types for t in types),
                f"{at}.types", Say("data.food_types", types=", ".join(self.food_types)))
        dual = value.get("dual", False)
        require(isinstance(dual, bool), f"{at}.dual", TRUE_OR_FALSE)
        require(not dual or len(types) == 2, f"{at}.types",
                "a dual-type card needs exactly two food types to choose from")
        flavours = value.get("flavours", [])
        require(isinstance(flavours, list) and all(f in self.flavours for f in flavours),
                f"{at}.flavours", Say("data.flavours", flavours=", ".join(self.flavours)))
        seasoning = value.get("seasoning", False)
        require(isinstance(seasoning, bool), f"{at}.seasoning", TRUE_OR_FALSE)
        raw = value.get("abilities", [])
        require(isinstance(raw, list), f"{at}.abilities", Say("data.list"))
        abilities = tuple(self.ability(a, f"{at}.abilities[{i}]", ("play", "submit", "purchase"))
                          for i, a in enumerate(raw))
        cuisine_ability = value.get("cuisine_ability")
        if cuisine_ability is not None:
            require(cuisine is not None, f"{at}.cuisine_ability",
                    Say("data.needs_cuisine"))
            cuisine_ability = self.ability(cuisine_ability, f"{at}.cuisine_ability",
                                           ("play", "submit"))
        card = Card(card_id, False, whole_number(value.get("cost"), f"{at}.cost"),
                    whole_number(value.get("points"), f"{at}.points"), tuple(types), dual,
                    tuple(flavours), cuisine, seasoning, abilities, cuisine_ability)
        return card, limits.copies(value.get("count"), f"{at}.count")

    def judge(self, value: Any, at: str, tiers: tuple[int, ...]) -> Judge:
        require(isinstance(value, dict), at, Say("data.object"))
        judge_id = _identifier(value.get("id"), f"{at}.id")
        tier = value.get("tier")
        require(tier in tiers and not isinstance(tier, bool), f"{at}.tier",
                Say("data.judge_tier", tiers=", ".join(map(str, tiers)), value=Shown(tier)))
        requires = value.get("requires", [])
        require(isinstance(requires, list), f"{at}.requires", Say("data.conditions"))
        lists = {}
        for name in ("bonus", "penalty"):
            items = value.get(name, [])
            require(isinstance(items, list), f"{at}.{name}", Say("data.list"))
            parsed = []
            for i, item in enumerate(items):
                require(isinstance(item, dict), f"{at}.{name}[{i}]", Say("data.object"))
                parsed.append((self.condition(item.get("if"), f"{at}.{name}[{i}].if"),
                               whole_number(item.get("medals"), f"{at}.{name}[{i}].medals", 1)))
            lists[name] = tuple(parsed)
        ability = self.ability(value.get("ability"), f"{at}.ability", ("turn", "submit"))
        for i, effect in enumerate(ability.effects):
            if ability.trigger == "submit":
                require(effect["effect"] in ("points", "medals") and "if" not in effect,
                        f"{at}.ability.effects[{i}]",
                        "a judge's dish ability may only add flat meal points or medals")
        return Judge(judge_id, tier, whole_number(value.get("medals"), f"{at}.medals", 1),
                     tuple(self.condition(c, f"{at}.requires[{i}]")
                           for i, c in enumerate(requires)),
                     lists["bonus"], lists["penalty"], ability)


def parse(data: Any, where: str = "components") -> Components:
    """Validate raw component data; raise DataError naming the field at fault."""
    label = envelope(data, where, GAME_ID)
    parser = _Parser(data, where)

    tools = data.get("tools")
    require(isinstance(tools, dict) and set(tools) == set(TOOLS), f"{where}: tools",
            Say("data.describe_two", first="'spoon'", second="'fork'"))
    for tool in TOOLS:
        require(isinstance(tools[tool], dict), f"{where}: tools.{tool}", Say("data.object"))
    spoon, fork = tools["spoon"], tools["fork"]
    cards: dict[str, Card] = {
        "spoon": Card("spoon", True, 0, 0, (), False, (), None, False, (), None,
                      whole_number(spoon.get("currency"), f"{where}: tools.spoon.currency", 1)),
        "fork": Card("fork", True, whole_number(fork.get("cost"), f"{where}: tools.fork.cost"),
                     0, (), False, (), None, False, (), None, 1),
    }
    forks = limits.copies(fork.get("count"), f"{where}: tools.fork.count")

    raw = data.get("ingredients")
    require(isinstance(raw, list) and raw, f"{where}: ingredients", Say("data.non_empty_list"))
    limits.entries(raw, f"{where}: ingredients")
    pantry: dict[str, int] = {}
    for i, item in enumerate(raw):
        card, count = parser.ingredient(item, f"{where}: ingredients[{i}]")
        require(card.id not in cards, f"{where}: ingredients[{i}].id",
                f"repeats card {shown(card.id)}")
        cards[card.id] = card
        if count:
            pantry[card.id] = count
    require(sum(pantry.values()) >= 8, f"{where}: ingredients",
            "the Pantry needs at least 8 cards (a Market of 4 and one refill)")

    starting = data.get("starting")
    require(isinstance(starting, dict) and starting, f"{where}: starting",
            Say("data.copies_map"))
    for card_id, count in starting.items():
        require(card_id in cards and card_id != "fork", f"{where}: starting.{card_id}",
                Say("data.spoon_or_ingredient", spoon="'spoon'"))
        limits.copies(count, f"{where}: starting.{card_id}", 1)
    require(sum(starting.values()) >= 5, f"{where}: starting",
            "a starting deck needs at least 5 cards, a full first hand")

    tiers = data.get("judge_tiers")
    require(isinstance(tiers, list) and len(tiers) == 3
            and all(isinstance(t, int) and not isinstance(t, bool) and t > 0 for t in tiers)
            and tiers == sorted(set(tiers)), f"{where}: judge_tiers",
            Say("data.tiers", example="[15, 18, 21]"))
    raw_judges = data.get("judges")
    require(isinstance(raw_judges, list) and raw_judges, f"{where}: judges",
            Say("data.non_empty_list"))
    limits.entries(raw_judges, f"{where}: judges")
    judges: dict[str, Judge] = {}
    for i, item in enumerate(raw_judges):
        judge = parser.judge(item, f"{where}: judges[{i}]", tuple(tiers))
        require(judge.id not in judges and judge.id not in cards, f"{where}: judges[{i}].id",
                f"repeats the id {shown(judge.id)}")
        judges[judge.id] = judge
    for tier in tiers:
        require(sum(j.tier == tier for j in judges.values()) >= 2, f"{where}: judges",
                f"needs at least 2 judges of tier {tier} (a 4-player game opens 2 of the lowest"
                " two tiers)")
    limits.components(sum(pantry.values()) + forks + 4 * sum(starting.values()), where)
    return Components(label, parser.food_types, parser.flavours, parser.cuisines, cards, pantry,
                      dict(starting), forks, cards["fork"].cost, tuple(tiers), judges, data)
