"""Chance from the table: every card a game draws goes through `State.draw`, which can take
what a real table saw instead of the seeded order.

A seeded game has no `Chance` and draws the top of each pile. A game followed at a real table
carries a `Chance` holding the outcomes named so far, in the order the game drew them. A draw
takes the next outcome: a copy of the named card is moved to the top of its pile and drawn. When
the named outcomes run out, a public draw raises `ChanceNeeded` with what the pile can still
give, so the table is asked; a private draw (a card into a hidden hand) is never asked for and
takes the top. A record keeps the outcomes (`Record.drawn`), so it replays the table's game.

Applying a move in table mode can stop half-way with `ChanceNeeded` or `ChanceRefused`: do it on
a clone, or replay from the log, never on the only copy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from foodplay.data import DataError, Say, require
from foodplay.limits import Shown


class Outcome:
    """One draw: the pile it came from and the card (None: a private draw nobody named)."""

    __slots__ = ("pile", "card")

    def __init__(self, pile: str, card: str | None):
        self.pile = pile
        self.card = card

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Outcome)
                and (self.pile, self.card) == (other.pile, other.card))

    def __hash__(self) -> int:
        return hash((self.pile, self.card))

    def __repr__(self) -> str:
        return f"Outcome({self.pile!r}, {self.card!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Outcome, (self.pile, self.card)

    def to_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "card": self.card}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Outcome:
        """An outcome from a record's `drawn` list, checked, naming `where` if it is not one."""
        require(isinstance(data, Mapping), where, Say("data.json_object"))
        pile, card = data.get("pile"), data.get("card")
        require(isinstance(pile, str) and pile, f"{where}.pile", Say("chance.pile_name"))
        require(card is None or isinstance(card, str), f"{where}.card", Say("chance.card_name"))
        extra = sorted(set(data) - {"pile", "card"})
        require(not extra, where, Say("position.unknown_setting",
                                      name=repr(extra[0]) if extra else "", allowed="pile, card"))
        return cls(pile, card)


class ChanceNeeded(Exception):
    """The table must say what came out of `pile` (drawn for `seat`) before the game goes on."""

    def __init__(self, pile: str, seat: int | None, possible: Counter[str]):
        super().__init__(f"the table must name the card drawn from {pile}")
        self.pile = pile
        self.seat = seat
        self.possible = possible  # card id -> copies the pile can still give


class ChanceRefused(DataError):
    """A named outcome the game cannot take: another pile is drawn now, or no copy is left."""

    def __init__(self, where: str, said: Say, pile: str, card: str | None):
        super().__init__(where, said)
        self.pile = pile
        self.card = card


class Chance:
    """The outcomes a table named, consumed in order by the state's draws.

    `ask`: when the outcomes run out, a public draw raises ChanceNeeded (a table is playing);
    without it the game draws the top, as a seeded game does (a record replayed past the end
    of what the table named, for a learner who takes a seat there)."""

    __slots__ = ("outcomes", "used", "ask", "taken")

    def __init__(self, outcomes: Iterable[Outcome] = (), *, ask: bool = True):
        self.outcomes: list[Outcome] = list(outcomes)
        self.used = 0  # how many of `outcomes` draws have taken
        self.ask = ask
        # the card each draw took, private ones included (`outcomes[:used]`, card by card): the
        # engine's arbitrary deal of what nobody named (foodplay.companion.private)
        self.taken: list[str] = []

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.outcomes, self.used, self.ask, self.taken)

    def copy(self) -> Chance:
        """An independent copy that shares the outcomes themselves (they never change):
        `State.clone` copies a table game's Chance this way, not by pickling every outcome."""
        return _rebuild(self.outcomes, self.used, self.ask, list(self.taken))

    def draw(self, pile: str, cards: list[str], seat: int | None, private: bool) -> str:
        """The card drawn from `cards` (top = last), taking the next named outcome if any."""
        if self.used < len(self.outcomes):
            wanted = self.outcomes[self.used]
            where = f"drawn[{self.used}]"
            if private and wanted.pile != pile:
                # a card into a hidden hand, drawn before the card the table named from another
                # pile in the same action (a Cuisine hand drawn before the Market refill): the
                # top, logged in its place so that a record replays it in the same order
                self.outcomes.insert(self.used, Outcome(pile, None))
                return self._took(cards.pop())
            if wanted.pile != pile:
                raise ChanceRefused(where, Say("chance.other_pile", pile=pile,
                                               named=Shown(wanted.pile)), wanted.pile, wanted.card)
            if wanted.card is not None:
                card = wanted.card
                at = _last_index(cards, card)
                if at is None:
                    raise ChanceRefused(where, Say("chance.no_copy", card=Shown(card), pile=pile,
                                                   left=_listed(cards)), pile, card)
                cards[at], cards[-1] = cards[-1], cards[at]
            return self._took(cards.pop())
        if self.ask and not private:
            raise ChanceNeeded(pile, seat, Counter(cards))
        self.outcomes.append(Outcome(pile, None if private else cards[-1]))
        return self._took(cards.pop())

    def _took(self, card: str) -> str:
        self.used += 1
        self.taken.append(card)
        return card

    def drawn(self) -> list[Outcome]:
        """The outcomes the game has taken so far, in order (what a record keeps)."""
        return self.outcomes[:self.used]

    def to_json(self) -> list[dict[str, Any]]:
        return [outcome.to_json() for outcome in self.drawn()]


def _rebuild(outcomes: list[Outcome], used: int, ask: bool, taken: list[str]) -> Chance:
    chance = Chance(outcomes, ask=ask)
    chance.used = used
    chance.taken = list(taken)
    return chance


def _last_index(cards: list[str], card: str) -> int | None:
    for index in range(len(cards) - 1, -1, -1):
        if cards[index] == card:
            return index
    return None


def _listed(cards: list[str]) -> str:
    """What a pile still holds, as "lettuce ×3, tomato" (sorted), or "—" when empty."""
    counts = sorted(Counter(cards).items())
    return ", ".join(card if n == 1 else f"{card} ×{n}" for card, n in counts) or "—"


def outcomes_from_json(raw: Any, where: str = "drawn") -> list[Outcome]:
    """A record's `drawn` list, each entry checked."""
    require(isinstance(raw, list), where, Say("data.list"))
    return [Outcome.from_json(item, f"{where}[{i}]") for i, item in enumerate(raw)]
