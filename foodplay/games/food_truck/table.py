"""FoodTruckTable: what a Food Truck position holds, and what every phase asks of it (whose
decision, who shows a card face up, card order, scores and winners)."""

from __future__ import annotations

import random
from typing import Any

from foodplay.engine import Decision, Event, Game, Move, Seat, State
from foodplay.games.food_truck.components import Components
from foodplay.games.food_truck.constants import CARD, DOWN, TARGET, TARGET_FIVE


def is_seat(value: Any, players: int) -> bool:
    """Whether `value` is a seat of a `players`-player game: a whole number, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


class FoodTruckTable(State):
    """The cards, trucks and turn of a Food Truck game; the phases and checks build on it."""

    def __init__(self, game: Game, players: int, comp: Components, rng: random.Random,
                 names: list[str], trucks: bool):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.trucks_on = trucks
        self.target = TARGET_FIVE if players == 5 else TARGET
        self.round = 0
        self.phase = "prepare"
        self.first = 0
        self.vp = [0] * players
        self.dessert = list(comp.desserts[:players])
        self.hand: list[list[str]] = [list(comp.starting) + [self.dessert[s]]
                                      for s in range(players)]
        self.pile: list[list[str]] = [[] for _ in range(players)]
        self.pile_size = [0] * players
        self.served: list[list[list[Any]]] = [[] for _ in range(players)]
        self.out = [False] * players
        self.out_order: list[Seat] = []
        self.turn = 0
        self.clash: str | None = None
        self.picker: Seat | None = None
        self.supply: list[str] = []
        self.central: list[str] = []  # the top of the central deck is the end of the list
        self.truck_deck: list[list[str]] = [[] for _ in range(players)]  # top at the end
        self.truck_discard: list[list[str]] = [[] for _ in range(players)]
        self.truck: list[str | None] = [None] * players
        self.truck_used = [False] * players
        self.winner: Seat | None = None
        self.setup_events: list[Event] = []
        self._card_order = {c: i for i, c in enumerate(comp.meals + comp.desserts)}
        # Order moves never change, so each seat's are built once, in candidates' order.
        self._order_moves = [[Move(s, "order", (("card", c),)) for c in comp.meals + (d,)]
                             for s, d in enumerate(self.dessert)]

    # --- copies --------------------------------------------------------------------------
    SHARED = State.SHARED + ("_card_order", "_order_moves")

    # --- whose decision ------------------------------------------------------------------
    def _deciders(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase == "prepare":
            return tuple(s for s in range(self.players) if self.hand[s])
        if phase in ("turn", "clash"):
            return (self.turn,)
        if phase == "pick":
            return (self.picker,)
        return ()

    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.phase == "prepare":
            return Decision(self._deciders(), "food-truck.decide.order", simultaneous=True)
        return Decision(self._deciders(), f"food-truck.decide.{self.phase}")

    # --- the table -----------------------------------------------------------------------
    def _face_up(self, seat: Seat, card: str | None) -> list[Any] | None:
        """`seat`'s face-up stack of `card`, if any."""
        for stack in self.served[seat]:
            if stack[CARD] == card and not stack[DOWN]:
                return stack
        return None

    def _blockers(self, seat: Seat, card: str | None) -> list[Seat]:
        """The other seats that show `card` face up, out players included (D1)."""
        return [s for s in range(self.players)
                if s != seat and any(st[CARD] == card and not st[DOWN] for st in self.served[s])]

    def _sorted(self, cards: list[str]) -> list[str]:
        order = self._card_order
        return sorted(cards, key=lambda c: order.get(c, len(order)))

    # --- results -------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.vp)

    def winners(self) -> list[Seat]:
        """The player who reached the target (R3-4); before the end, the leaders so far."""
        if self.winner is not None:
            return [self.winner]
        best = max(self.vp)
        return [s for s in range(self.players) if self.vp[s] == best] if best else []
