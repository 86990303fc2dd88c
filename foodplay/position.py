"""Any position as data: the set-up scheme shared by the four games, and the checks that a
position given as data neither invents nor loses a component.

Every game's `setup` takes the same top-level settings:

- `seed`: the whole number that drives every shuffle;
- `first_player`: the seat (0-based) that starts;
- `deck_top`: the top cards of the game's main deck, the first drawn first (BURG's draw deck,
  Coffee Rush's order deck, Cuisine a la Card's Pantry, Food Truck's central deck);
- `position`: a whole position to start from, `{"seats": [one object per seat], ...}` plus the
  game's table fields. Whatever the position does not name stays in the shuffled decks, so
  every component is in exactly one place.

A refusal names the field at fault and the rule a learner sees ("Rule 1-2") beside its id.
A whole position document (game, players, names and set-up) is read and written by
`foodplay.position_io`, above the game registry and records.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any

from foodplay.data import DataError, Say, require
from foodplay.limits import Shown, shown  # noqa: F401 - the games say pos.shown

# The refusal of an option or setting that must be a JSON boolean
TRUE_OR_FALSE = Say("position.either", first="true", second="false")
SETUP_KEYS = ("seed", "first_player", "deck_top", "position")


def rule_ref(game: Any, clause_id: str) -> str:
    """"Rule 1-2, clause R1-2": the number learners see beside the internal id."""
    return f"Rule {rule_number(game, clause_id)}, clause {clause_id}"


def rule_number(game: Any, clause_id: str) -> str:
    """The rule's number as learners see it ("1-2") for a clause id ("R1-2")."""
    rulebook = game.rulebook()
    return rulebook[clause_id].number if clause_id in rulebook else clause_id


def broken(game: Any, problem: str | Say, clause_id: str) -> Say:
    """`problem` followed by the rule it breaks, in the refusal's language."""
    return Say("position.rule", problem=problem, rule=rule_number(game, clause_id),
               clause=clause_id)


def refuse(game: Any, where: str, problem: str | Say, clause_id: str) -> DataError:
    """A DataError for `where` whose text ends with the rule it breaks."""
    return DataError(where, broken(game, problem, clause_id))


# The kinds of component a position lists, by the words callers give (English), as keys
_WHAT = {"a card": "card", "a tool card": "tool", "an order card": "order",
         "an ingredient": "ingredient", "a judge": "judge", "a meal": "meal",
         "a meal or this seat's dessert": "meal_dessert", "a truck card": "truck"}
_PILES = {"deck": "deck", "central deck": "central", "Pantry": "pantry"}


def _what(what: str, form: str) -> str | Say:
    return Say(f"position.what.{_WHAT[what]}.{form}") if what in _WHAT else what


def check(condition: bool, game: Any, where: str, problem: str | Say, clause_id: str) -> None:
    """Raise `refuse(...)` unless `condition` holds."""
    if not condition:
        raise refuse(game, where, problem, clause_id)


def known_keys(raw: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    """Refuse a field that is not among `allowed`, listing the ones that are."""
    unknown = [k for k in raw if k not in allowed]
    if unknown:
        raise DataError(f"{where}.{unknown[0]}", Say("position.not_setting",
                                                     allowed=", ".join(allowed)))


def as_object(raw: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise DataError(where, Say("data.object"))
    return raw


def seat_objects(raw: Mapping[str, Any], players: int, where: str,
                 allowed: tuple[str, ...]) -> list[Mapping[str, Any]]:
    """`position.seats`: one object per seat, seat 0 first, each with only `allowed` fields."""
    seats = raw.get("seats", [{} for _ in range(players)])
    if not (isinstance(seats, list) and len(seats) == players):
        raise DataError(f"{where}.seats", Say("position.seats", players=players))
    out = []
    for s, item in enumerate(seats):
        at = f"{where}.seats[{s}]"
        known_keys(as_object(item, at), allowed, at)
        out.append(item)
    return out


def id_list(value: Any, where: str, known: Any, what: str) -> list[str]:
    """A list of component ids, each one of `known`."""
    if not isinstance(value, list):
        raise DataError(where, Say("position.id_list", what=_what(what, "list")))
    for i, item in enumerate(value):
        if not (isinstance(item, str) and item in known):
            raise DataError(f"{where}[{i}]", Say("position.not_known", value=Shown(item),
                                                 what=_what(what, "one")))
    return list(value)


def count(value: Any, where: str, minimum: int = 0) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= minimum):
        raise DataError(where, Say("data.whole_number", minimum=minimum))
    return value


class Pool:
    """The components not yet placed: taking one too many is refused, naming the rule."""

    def __init__(self, game: Any, available: Counter[str], clause_id: str):
        self.game = game
        self.left = Counter(available)
        self.total = Counter(available)
        self.clause_id = clause_id

    def take(self, item: str, where: str) -> None:
        if self.left[item] <= 0:
            raise refuse(self.game, where, Say("position.one_too_many", item=Shown(item),
                                               total=self.total[item]), self.clause_id)
        self.left[item] -= 1

    def take_all(self, items: list[str], where: str) -> None:
        for i, item in enumerate(items):
            self.take(item, f"{where}[{i}]")

    def rest(self, order: list[str]) -> list[str]:
        """What is left, in the order of `order` (a shuffled full set), emptying the pool."""
        left = Counter(self.left)
        out = []
        for item in order:
            if left[item] > 0:
                left[item] -= 1
                out.append(item)
        self.left = Counter()
        return out


def stack_top(shuffled: list[str], top: Any, where: str, what: str,
              known: Collection[str] = ()) -> list[str]:
    """`shuffled` with the cards `top` (first = drawn first) put on top; the top is the end.
    A card not in `known` (if given) is named as no card of the component set."""
    require(isinstance(top, list), where, Say("position.top_list"))
    rest = Counter(shuffled)
    for i, card in enumerate(top):
        unknown = bool(known) and not (isinstance(card, str) and card in known)
        require(not unknown, f"{where}[{i}]", Say("position.not_card", value=Shown(card)))
        if not (isinstance(card, str) and rest[card] > 0):
            pile = Say(f"position.pile.{_PILES[what]}") if what in _PILES else what
            raise DataError(f"{where}[{i}]", Say("position.not_left", value=Shown(card),
                                                 what=pile))
        rest[card] -= 1
    remaining = []
    for card in shuffled:
        if rest[card] > 0:
            rest[card] -= 1
            remaining.append(card)
    return remaining + list(reversed(top))
