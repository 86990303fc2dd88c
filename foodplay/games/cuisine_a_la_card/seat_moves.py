"""Every move a seat can be offered, made once per component set and shared: the tables
`legal_moves` reads instead of building moves (each is an immutable value)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from foodplay.engine import Move, Seat
from foodplay.games.cuisine_a_la_card.constants import FORK_USES, MARKET_SIZE, PLATES
from foodplay.games.cuisine_a_la_card.lookups import Lookups


class _Interned(dict):
    """One seat's moves of one kind, keyed by the value of their one detail; each is made the
    first time it is asked for and then shared (moves are immutable values)."""

    __slots__ = ("seat", "kind", "name")

    def __init__(self, seat: Seat, kind: str, name: str):
        super().__init__()
        self.seat, self.kind, self.name = seat, kind, name

    def __missing__(self, value: Any) -> Move:
        move = self[value] = Move(self.seat, self.kind, ((self.name, value),))
        return move

    def fill(self, values: Iterable[Any]) -> None:
        """Make the moves for these values now (a table read with `get` must hold them all)."""
        for value in values:
            if value not in self:
                self.__missing__(value)


class SeatMoves:
    """Every move one seat can be offered, made once per component set for `legal_moves`: by
    card (the dish table holds food cards only, the play table all cards but the Fork), by
    plate, Market slot, judge place or food type."""

    __slots__ = ("warm", "play", "dish", "trash", "discard", "food_type", "serve", "dish_plate",
                 "retrieve", "buy", "fork", "end", "cancel", "no_warm", "no_trash",
                 "no_retrieve", "buy_fridge", "buy_fork")

    def __init__(self, seat: Seat, facts: Lookups):
        for kind, name in (("warm", "card"), ("play", "card"), ("dish", "card"),
                           ("trash", "card"), ("discard", "card"), ("food_type", "type"),
                           ("serve", "judge")):
            setattr(self, kind, _Interned(seat, kind, name))
        cards = [card for card in facts.cost if card is not None]
        for table in (self.warm, self.trash, self.discard):
            table.fill(cards)
        self.play.fill(card for card in cards if card != "fork")
        self.dish.fill(card for card in cards if facts.food[card])
        self.dish_plate = [Move(seat, "dish_plate", (("plate", p + 1),)) for p in range(PLATES)]
        self.retrieve = [Move(seat, "retrieve", (("plate", p + 1),)) for p in range(PLATES)]
        self.buy = [Move(seat, "buy", (("slot", s + 1),)) for s in range(MARKET_SIZE)]
        self.fork = [Move(seat, "fork", (("use", u),)) for u in FORK_USES]
        for kind in ("end", "cancel", "no_warm", "no_trash", "no_retrieve", "buy_fridge",
                     "buy_fork"):
            setattr(self, kind, Move(seat, kind))


def build_seat_moves(facts: Lookups, seat: Seat) -> SeatMoves:
    """Make `seat`'s move table and keep it in the component set's lookups (`facts.moves`)."""
    table = facts.moves[seat] = SeatMoves(seat, facts)
    return table
