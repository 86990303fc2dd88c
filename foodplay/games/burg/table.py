"""BurgTable: what a BURG position holds, and what every phase asks of it (whose decision,
pile and burger numbers in moves, complete burgers, scores and winners)."""

from __future__ import annotations

import random
from typing import Any

from foodplay.engine import Decision, Event, Game, Move, Seat, State
from foodplay.games.burg.components import Components
from foodplay.games.burg.constants import BURGER_TARGET, REVEAL_COUNT
from foodplay.games.burg.lookups import DECISIONS


class BurgTable(State):
    """The cards, tools and turn of a BURG game; the phases and checks build on it."""

    def __init__(self, game: Game, players: int, comp: Components, rng: random.Random,
                 names: list[str]):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.needed = REVEAL_COUNT[players]
        self.target = BURGER_TARGET[players]
        self.deck: list[str] = []  # the top of the deck is the end of the list
        self.round = 0
        self.first = 0
        self.phase = "reveal"
        self.revealed = 0
        self.pending: str | None = None
        self.waiting_rats = 0
        self.piles: list[list[str]] = []
        self.pile_taken: list[bool] = []
        self.deck_ran_out = False
        self.hands = [dict(comp.tools) for _ in range(players)]
        self.used: list[list[str]] = [[] for _ in range(players)]
        self.chosen: list[str | None] = [None] * players
        self.played: list[str | None] = [None] * players
        self.takers: list[Seat] = []
        self.take_turn = 0
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.builders: list[Seat] = []
        self.last_taker: Seat | None = None
        self.progress: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.burgers: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.waste: list[list[str]] = [[] for _ in range(players)]
        self.rat_tokens = [0] * players
        self.final_queue: list[Seat] = []
        self.end_reason: str | None = None
        self.setup_events: list[Event] = []

    # --- whose decision ------------------------------------------------------------------
    def deciding(self) -> tuple[Seat, ...]:
        """The seats who must decide now (none once the game is over)."""
        phase = self.phase
        if phase == "reveal" or phase == "place":
            return (self.first,)
        if phase == "tools":
            chosen = self.chosen
            return tuple(s for s in range(self.players) if chosen[s] is None)
        if phase == "build":
            return (self.builders[0],)
        if phase == "take":
            return (self.takers[self.take_turn],)
        if phase == "final":
            return (self.final_queue[0],)
        return ()

    def decision(self) -> Decision | None:
        seats = self.deciding()
        return DECISIONS[self.phase, seats] if seats else None

    # --- numbers in moves ----------------------------------------------------------------
    def _pile_index(self, move: Move) -> int | None:
        pile = move.get("pile")
        if isinstance(pile, int) and not isinstance(pile, bool) and 1 <= pile <= len(self.piles):
            return pile - 1
        return None

    def _burger_index(self, move: Move) -> int | None:
        burger = move.get("burger")
        if (isinstance(burger, int) and not isinstance(burger, bool)
                and 1 <= burger <= len(self.progress[move.seat])):
            return burger - 1
        return None

    def _has(self, seat: Seat, card: str) -> bool:
        return card in self.taken[seat]

    # --- results -------------------------------------------------------------------------
    def complete_burgers(self) -> int:
        return sum(len(b) for b in self.burgers)

    def scores(self) -> list[int]:
        return [sum(b["points"] for b in self.burgers[s])
                + self.comp.rat_token_points * self.rat_tokens[s] for s in range(self.players)]

    def winners(self) -> list[Seat]:
        """Highest score; ties go to fewer rat tokens, then are shared (G4)."""
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        fewest = min(self.rat_tokens[s] for s in tied)
        return [s for s in tied if self.rat_tokens[s] == fewest]
