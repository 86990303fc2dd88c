"""BURG: reveal ingredients into piles, choose Tongs or Tea in secret, take piles, build burgers.

The Game, `BurgGame` (one instance: `GAME`), which starts games from a seed, a setup and a
position. Clause ids are those of the clause catalogue data/rulebook.json, the reference for each
clause's text and provenance: R0-R7 are the rulebook's numbered rules (shown as "0".."7",
"5-1".."5-5"), D1-D8 the tutor's readings, G1-G5 the tutor's default components.
"""

from __future__ import annotations

from foodplay.data import DataError, Say, require
from foodplay.engine import DEFAULT_NAMES, Credits, Game, NewGame, event
from foodplay.games.burg.constants import MAX_PLAYERS, MIN_PLAYERS
from foodplay.games.burg.position import apply as apply_position
from foodplay.games.burg.state import BurgState
from foodplay.position import stack_top


class BurgGame(Game):
    id = "burg"
    title = "BURG"
    credits = Credits("unknown", "publisher unknown")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def set_up(self, new: NewGame) -> BurgState:
        players, seed, setup = new.players, new.seed, new.setup
        options, components, names = new.options, new.components, new.names
        require(not options, "options", Say("position.no_options", title="BURG"))
        comp = self.components(components)
        setup = dict(setup or {})
        rng = self.seeded_rng(seed, setup)
        state = BurgState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]))
        state.chance = new.chance
        deck = comp.deck()
        rng.shuffle(deck)
        top = setup.pop("deck_top", [])
        require(isinstance(top, list), "setup.deck_top", Say("position.card_list"))
        state.deck = (stack_top(deck, top, "setup.deck_top", "deck", known=comp.counts)
                      if top else deck[:])
        staged = setup.pop("position", None)
        if staged is not None:  # any position as data: the start of a later round
            apply_position(state, staged, deck, top)
        first = setup.pop("first_player", None)
        setup.pop("seed", None)
        self.no_other_settings(setup, "deck_top, first_player, position, seed")
        first, chosen = self.first_seat(first, players, rng)
        why = "burg.setup.first_chosen" if chosen else "burg.setup.first_seed"
        state.first = first
        state.setup_events = [
            event("burg.setup.components", ("G1", "G2", "G3"), count=len(deck),
                  label=comp.label, tongs=comp.tools["tongs"], tea=comp.tools["tea"]),
            event(why, "R0", seat=first),
        ]
        if staged is not None:
            state.setup_events.append(event("burg.setup.position", ("R1", "R6"),
                                            round=state.round + 1, count=len(state.deck),
                                            burgers=state.complete_burgers()))
        state._start_round(state.setup_events)
        return state


GAME = BurgGame()
__all__ = ["GAME", "BurgGame", "BurgState", "DataError"]
