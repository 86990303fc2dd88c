"""BURG's look-ups for speed: recipe tables per component set, shared Move and Decision values.

Moves and decisions are immutable values, so each one is built once per process and handed out
again; `legal_moves` then only picks them. Recipe questions are answered from tables built once
per component set and remembered per burger contents.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

from foodplay.engine import Decision, Move, Seat
from foodplay.games.burg.components import TOOLS, Components, Recipe

_REMEMBERED = 4096  # answers a memo keeps before it starts over (custom card sets stay bounded)


class RecipeIndex:
    """Recipe look-ups built once per component set, keyed by sorted filling tuples: which
    multisets of fillings still fit some recipe (D5) and which are exactly one (5-3, 5-4)."""

    def __init__(self, comp: Components):
        self.fits: dict[tuple[str, ...], list[str]] = {}
        self.exact: dict[tuple[str, ...], Recipe] = {}
        self.order = {card: i for i, card in enumerate(comp.counts)}
        for recipe in comp.recipes:
            self.exact.setdefault(tuple(sorted(recipe.fillings.elements())), recipe)
            subsets: list[tuple[str, ...]] = [()]
            for card, count in sorted(recipe.fillings.items()):
                subsets = [sub + (card,) * n for sub in subsets for n in range(count + 1)]
            for sub in subsets:
                self.fits.setdefault(tuple(sorted(sub)), []).append(recipe.id)
        self._addable: dict[tuple[str, ...], frozenset[str]] = {}
        self.burgers: dict[tuple[str, ...], tuple[frozenset[str], Recipe | None]] = {}
        self._hands: dict[frozenset[str], tuple[bool, tuple[str, ...], tuple[str, ...], bool]] = {}
        self._roles = comp.roles

    def addable(self, fillings: list[str] | tuple[str, ...]) -> frozenset[str]:
        """The fillings that could join `fillings` and still fit some recipe (D5)."""
        key = tuple(sorted(fillings))
        found = self._addable.get(key)
        if found is None:
            found = self._addable[key] = frozenset(
                c for sub in self.fits if len(sub) == len(key) + 1 for c in set(sub)
                if tuple(sorted([*key, c])) == sub)
        return found

    def burger(self, fillings: tuple[str, ...]) -> tuple[frozenset[str], Recipe | None]:
        """(what may be added, the exact recipe or None) for a burger's fillings in the order
        laid, remembered so that a move list sorts nothing it has seen before."""
        found = self.burgers.get(fillings)
        if found is None:
            if len(self.burgers) >= _REMEMBERED:
                self.burgers.clear()
            found = self.burgers[fillings] = (self.addable(fillings),
                                               self.exact.get(tuple(sorted(fillings))))
        return found

    def hand(self, taken: list[str]) -> tuple[bool, tuple[str, ...], tuple[str, ...], bool]:
        """For the kinds of card a builder holds: (has a bottom bun, cards it may flip as a
        bottom, fillings, has a top bun), each in the component file's order."""
        kinds = frozenset(taken)
        found = self._hands.get(kinds)
        if found is None:
            if len(self._hands) >= _REMEMBERED:
                self._hands.clear()
            roles, ordered = self._roles, sorted(kinds, key=self.order.__getitem__)
            found = self._hands[kinds] = (
                "bottom_bun" in kinds, tuple(c for c in ordered if roles[c] != "rat"),
                tuple(c for c in ordered if roles[c] == "filling"), "top_bun" in kinds)
        return found


_INDEXES: dict[int, tuple[Components, RecipeIndex]] = {}


def recipe_index(comp: Components) -> RecipeIndex:
    """The RecipeIndex of `comp`, built on first use (a few component sets are kept)."""
    entry = _INDEXES.get(id(comp))
    if entry is None or entry[0] is not comp:
        if len(_INDEXES) >= 16:
            del _INDEXES[next(iter(_INDEXES))]
        entry = _INDEXES[id(comp)] = (comp, RecipeIndex(comp))
    return entry[1]


def fits_some_recipe(fillings: Counter[str], comp: Components) -> list[str]:
    """Recipes whose fillings still contain `fillings` as a multiset (D5)."""
    return list(recipe_index(comp).fits.get(tuple(sorted(fillings.elements())), ()))


def exact_recipe(fillings: Counter[str], comp: Components) -> Recipe | None:
    """The recipe whose fillings are exactly `fillings`, or None (5-3, 5-4)."""
    return recipe_index(comp).exact.get(tuple(sorted(fillings.elements())))


class Made(dict):
    """A dict that builds a missing value with `make(key)` and keeps it (a bounded number)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Any]):
        super().__init__()
        self.make = make

    def __missing__(self, key: Hashable) -> Any:
        if len(self) >= _REMEMBERED:
            self.clear()
        value = self[key] = self.make(key)
        return value


class SeatMoves:
    """Every move one seat can make, each built on first use (piles and burgers numbered
    from 1, parameters in Move.make's sorted order)."""

    __slots__ = ("seat", "reveal", "start", "done", "skip", "place", "places", "take", "tool",
                 "flip", "add", "close", "final")

    def __init__(self, seat: Seat):
        self.seat = seat
        self.reveal, self.start = Move(seat, "reveal"), Move(seat, "start")
        self.done, self.skip = Move(seat, "done"), Move(seat, "skip")
        self.place = Made(lambda pile: Move(seat, "place", (("pile", pile),)))
        self.places = Made(lambda piles: tuple(self.place[p] for p in range(1, piles + 1)))
        self.take = Made(lambda pile: Move(seat, "take", (("pile", pile),)))
        self.tool = {tool: Move(seat, "tool", (("tool", tool),)) for tool in TOOLS}
        self.flip = Made(lambda card: Move(seat, "flip", (("card", card),)))
        self.add = Made(lambda burger: Made(
            lambda card: Move(seat, "add", (("burger", burger), ("card", card)))))
        self.close = Made(lambda burger: Move(seat, "close", (("burger", burger),)))
        self.final = Made(lambda burger: Move(seat, "final", (("burger", burger),)))


SEAT_MOVES: Made = Made(SeatMoves)  # seat -> SeatMoves

DECIDE = {"reveal": "burg.decide.reveal", "place": "burg.decide.place",
          "tools": "burg.decide.tools", "take": "burg.decide.take", "build": "burg.decide.build",
          "final": "burg.decide.final"}
DECISIONS: Made = Made(lambda key: Decision(key[1], DECIDE[key[0]], key[0] == "tools"))
"""(phase, seats) -> the Decision of those seats in that phase; tools are chosen in secret."""
