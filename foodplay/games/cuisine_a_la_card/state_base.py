"""The fields of a Cuisine a la Card position and whose decision it is: the base that the phase
modules (legal_moves, verdicts, playing, buying, serving, abilities, turns, views) extend."""

from __future__ import annotations

import random
from typing import Any

from foodplay.engine import Decision, Event, Game, Seat, State
from foodplay.games.cuisine_a_la_card.components import Components
from foodplay.games.cuisine_a_la_card.constants import (
    MARKET_SIZE,
    MODE_DECISION,
    MORE_MEDALS_EXTRA,
    PLATES,
    TARGET,
    K,
)


class CuisineStateBase(State):
    """A position's piles, plates, judges and the turn's counters, and who decides now; the
    moves and their effects are added by the modules named above (state.CuisineState)."""

    # G12: the card warmed face down, put into a dish in the making, or the type it counts as
    PRIVATE_MOVES = frozenset({"warm", "dish", "food_type"})

    def __init__(self, game: Game, players: int, comp: Components, rng: random.Random,
                 names: list[str], options: dict[str, bool]):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.options = options
        self.target = TARGET[players] + (MORE_MEDALS_EXTRA if options["more_medals"] else 0)
        self.pantry: list[str] = []  # the top is the end of the list
        self.market: list[str | None] = [None] * MARKET_SIZE  # slot 4 is next to the Fridge
        self.fridge: list[str] = []  # the top is the end of the list
        self.forks = comp.forks
        self.stacks: dict[str, list[str]] = {}  # tier (or "all" in Advanced) -> judges, top last
        self.judges: list[dict[str, Any]] = []  # open slots: {"stack", "judge"}
        self.deck: list[list[str]] = [[] for _ in range(players)]  # top last
        self.hand: list[list[str]] = [[] for _ in range(players)]
        self.discard: list[list[str]] = [[] for _ in range(players)]
        self.plates: list[list[str | None]] = [[None] * PLATES for _ in range(players)]
        self.played: list[list[str]] = [[] for _ in range(players)]
        self.dish: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.won: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.dishes: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.medals = [0] * players
        self.eaten: list[list[str]] = [[] for _ in range(players)]
        self.trash: list[str] = []
        self.first = 0
        self.active = 0
        self.round = 1
        self.turn = 0
        self.phase = "warming"
        self.currency = 0
        self.buys = 1
        self.purchases = 0
        self.served = 0
        self.market_start = 0
        self.market_bought = 0
        self.turn_played: list[str] = []  # everything that counts as played this turn (D2)
        self.turn_fired: list[bool] = []  # whether its On Play cuisine ability has acted (C3)
        self.warmed = False  # P1: whether the warming phase put a card on a plate this turn
        # P2-3, Q2: the cards bought this turn, followed copy by copy through a reshuffle:
        # positions in the active seat's discard pile and deck, and copies now in hand
        self.bought_discard: list[int] = []
        self.bought_deck: list[int] = []
        self.bought_hand: list[str] = []
        self.queue: list[dict[str, Any]] = []  # abilities still to resolve, choices first in line
        self.end_trigger: dict[str, Any] | None = None
        self.setup_events: list[Event] = []
        self.rules = 2  # the rules version played (CuisineGame.rules_versions), as a number

    # --- whose decision ------------------------------------------------------------------
    def mode(self) -> str | None:
        """What is being decided now: a pending choice, a phase, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.queue:
            return self.queue[0]["kind"]
        if self.phase == "warming":
            return "warming"
        return "dish" if self.dish[self.active] else "play"

    def _chooser(self) -> Seat:
        if self.queue:
            task = self.queue[0]
            return task["victims"][0] if task["kind"] == "others_discard" else task["seat"]
        return self.active

    def decision(self) -> Decision | None:
        mode = self.mode()
        if mode is None:
            return None
        return Decision((self._chooser(),), f"{K}decide.{MODE_DECISION[mode]}")

    # --- asked by several phases ---------------------------------------------------------
    def _usable(self, seat: Seat, card: str) -> bool:
        """Whether `seat` holds a copy of `card` that was not bought this turn (P2-3)."""
        fresh = self.bought_hand.count(card) if seat == self.active and self.bought_hand else 0
        return self.hand[seat].count(card) > fresh

    def _judge_abilities(self, seat: Seat, trigger: str) -> list:
        """The judges `seat` has scored that work now (D3) and act on `trigger`."""
        won = self.won[seat]
        if not won:
            return []
        judges = self.comp.judges
        return [judges[w["judge"]] for w in won
                if w["active"] and judges[w["judge"]].ability.trigger == trigger]
