"""Cuisine a la Card: build a deck of ingredients, warm them on plates, serve dishes to judges.

The Game class and GAME; a position and its moves are in state.py (see its modules). Clause ids
are those of the reference, data/rulebook.json, in its order: S1-S6 set-up, T and P1-P4-1 the
four phases of a turn, C1-C6 the cards, E1-E3 the end, V1-V2 the variants, Q1-Q5 the rulings of
the rulebook's Q&A, D1-D6 the tutor's readings and G1-G13 the tutor's defaults.
"""

from __future__ import annotations

from foodplay.data import DataError, Say, require
from foodplay.engine import DEFAULT_NAMES, Credits, Game, NewGame
from foodplay.games.cuisine_a_la_card.constants import HAND_SIZE, MAX_PLAYERS, OPTIONS
from foodplay.games.cuisine_a_la_card.setup import deal
from foodplay.games.cuisine_a_la_card.state import CuisineState
from foodplay.position import TRUE_OR_FALSE


class CuisineGame(Game):
    id = "cuisine-a-la-card"
    title = "Cuisine a la Card"
    credits = Credits("Dani Demarest", "InMotion", 2016)
    min_players = 2
    max_players = MAX_PLAYERS
    # 2 (2026-12-01): a card bought this turn cannot be used this turn even once drawn (P2-3),
    # and a warming-plate card's On Play ability acts in a dish (D2). Version 1 records are
    # replayed without either rule (docs/records.md).
    rules_version = "2"
    rules_versions = ("1", "2")
    # the releases of 2026-12-01 to 2026-12-03 played version 2 but still wrote "1"
    rules_labels = {"1": ("2", "1")}
    options = OPTIONS
    # a table's chance entries: a Market card turned up from the Pantry, a judge turned up; a
    # card drawn into a hand ("deck.1") is private, so the table names it only once it is
    # played, served or shown (foodplay.companion.private)
    chance_kinds = {"pantry": "market", "judges": "judge", "deck": "draw"}
    chance_clauses = {"pantry": "S4", "judges": "S3", "deck": "P3"}
    private_piles = ("deck",)  # drawn into a hidden hand (G12)
    hand_size = HAND_SIZE  # the cards drawn for each hand (S1, P3)

    def set_up(self, new: NewGame) -> CuisineState:
        version = int(new.rules_version)
        players, seed, setup = new.players, new.seed, new.setup
        options, components, names = new.options, new.components, new.names
        chosen = dict(OPTIONS)
        for name, value in dict(options or {}).items():
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option", options=", ".join(OPTIONS)))
            require(isinstance(value, bool), f"options.{name}", TRUE_OR_FALSE)
            chosen[name] = value
        comp = self.components(components)
        setup = dict(setup or {})
        rng = self.seeded_rng(seed, setup)
        state = CuisineState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]),
                             chosen)
        state.rules = version
        state.chance = new.chance  # before the first deal: at a real table, the table's cards
        deal(state, setup)
        return state


GAME = CuisineGame()
__all__ = ["GAME", "CuisineGame", "CuisineState", "DataError"]
