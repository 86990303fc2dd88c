"""CuisineState, a Cuisine a la Card position: the base fields (state_base) with each phase's
moves, verdicts and views (one module each), and the table that carries out a move by kind."""

from __future__ import annotations

from foodplay.engine import Event, Move
from foodplay.games.cuisine_a_la_card.abilities import ResolvingAbilities
from foodplay.games.cuisine_a_la_card.buying import BuyingCards
from foodplay.games.cuisine_a_la_card.constants import MOVE_PARAMS
from foodplay.games.cuisine_a_la_card.legal_moves import OfferedMoves
from foodplay.games.cuisine_a_la_card.playing import PlayingCards
from foodplay.games.cuisine_a_la_card.serving import ServingDishes
from foodplay.games.cuisine_a_la_card.turns import TurnsAndEnd
from foodplay.games.cuisine_a_la_card.verdicts import MoveChecks
from foodplay.games.cuisine_a_la_card.views import StateViews


class CuisineState(OfferedMoves, MoveChecks, PlayingCards, BuyingCards, ServingDishes,
                   ResolvingAbilities, TurnsAndEnd, StateViews):
    """A Cuisine a la Card position. Seats are 0-based; slots, plates and judges count from 1."""

    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events


_DO = {kind: getattr(CuisineState, f"_do_{kind}") for kind in MOVE_PARAMS}  # kind -> carry out
