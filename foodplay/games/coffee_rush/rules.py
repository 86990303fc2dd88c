"""Coffee Rush: walk the ingredient board, pour into cups, serve orders before they fall off tab 4.

This module holds the Game (GAME) and a new game's set-up, rules S1-S5. The moves live by phase:
placement.py (S4-S5), movement.py (rules 1-2), pour_and_serve.py (rules 3-4) and turn_end.py
(rules 4-4 to 6, P1-P2), each a part of CoffeeRushState (state.py) over StateBase (base.py);
move_table.py holds the move kinds and the prebuilt moves.

Clause ids are those of the clause catalogue data/rulebook.json: C1-C5 the components, S1-S5 the
set-up, R1-R6 the numbered turn steps (shown as "1".."6", "2-1".."5-4"), U1-U4 the upgrades,
P1-P2 scoring and ties; D1-D11 are the tutor's readings and G1-G3 the tutor's defaults.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from foodplay.data import Say, require
from foodplay.engine import DEFAULT_NAMES, Credits, Event, Game, NewGame, event
from foodplay.games.coffee_rush import setup as cr_setup
from foodplay.games.coffee_rush.board import Board
from foodplay.games.coffee_rush.components import Components
from foodplay.games.coffee_rush.move_table import MoveTable
from foodplay.games.coffee_rush.state import CoffeeRushState
from foodplay.position import TRUE_OR_FALSE

OPTIONS = {"extra_order": False}  # D7: the unverified two-player variant, off by default


class CoffeeRushGame(Game):
    """Coffee Rush's facts (players, credits, options) and its new games."""

    id = "coffee-rush"
    title = "Coffee Rush"
    credits = Credits("Euijin Han", "Korea Boardgames", 2023)
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = OPTIONS
    chance_kinds = {"deck": "draw"}  # every order card, dealt or drawn, comes from the deck
    chance_clauses = {"deck": "R4-4", "setup": "S3"}

    def set_up(self, new: NewGame) -> CoffeeRushState:
        players, seed, setup = new.players, new.seed, new.setup
        options, components, names = new.options, new.components, new.names
        chosen = self._options(options, players)
        comp = self.components(components)
        board = self._board(comp)
        plan = cr_setup.parse(setup, players, comp, board, self)
        rng = random.Random(seed if seed is not None else (plan.seed or 0))
        require(names is None or (isinstance(names, list) and len(names) == players), "names",
                Say("position.name_list", players=players))
        state = CoffeeRushState(self, players, comp, board, rng,
                                list(names or DEFAULT_NAMES[:players]), chosen,
                                self._table(comp, board, players))
        state.chance = new.chance  # before the first draw: the set-up deals are chance too
        deck = list(state.table.deck)
        rng.shuffle(deck)
        state.first, chosen = self.first_seat(plan.first_player, players, rng)
        why = "coffee-rush.setup.first_chosen" if chosen else "coffee-rush.setup.first_seed"
        events = state.setup_events
        events.append(event("coffee-rush.setup.components", ("C1", "C3", "C4", "G1"),
                            tokens=sum(comp.supply.values()), cards=len(deck),
                            label=comp.deck_label, specialty=state.table.specialty_cards))
        events.append(event("coffee-rush.setup.board", "G2", label=comp.board_label,
                            rows=comp.rows, cols=comp.cols,
                            ribbons=[board.ingredient[c] for c in sorted(board.ribbons)]))
        events.append(event("coffee-rush.setup.players", ("C2", "S1"),
                            count=comp.meeples[players], cups=comp.cups, tabs=comp.tabs,
                            upgrades=len(comp.upgrades)))
        events.append(event(why, ("C5", "S2"), seat=state.first))
        staged = plan.position
        # what the set-up fixes is taken out of the shuffled deck; the rest keeps its order
        fixed = list(plan.deck_top)
        if staged:
            for s in staged.seats:
                fixed += [c for tab in s.tabs for c in tab] + s.completed + s.penalties + s.spent
        if fixed:
            rest = Counter(deck)
            rest.subtract(fixed)
            remaining = []
            for card in deck:
                if rest[card] > 0:
                    rest[card] -= 1
                    remaining.append(card)
            deck = remaining
        state.deck = deck + list(reversed(plan.deck_top))
        if staged:
            self._stage(state, staged, events)
        else:
            self._deal(state, events)
        return state

    _boards: dict[int, tuple[Components, Board]] = {}
    _tables: dict[tuple[int, int], tuple[Components, MoveTable]] = {}

    def _table(self, comp: Components, board: Board, players: int) -> MoveTable:
        found = self._tables.get((id(comp), players))
        if found is None or found[0] is not comp:
            found = self._tables[(id(comp), players)] = (comp, MoveTable(comp, board, players))
            if len(self._tables) > 64:
                self._tables.pop(next(iter(self._tables)))
        return found[1]

    def _board(self, comp: Components) -> Board:
        """The board geometry, built once per component set."""
        found = self._boards.get(id(comp))
        if found is None or found[0] is not comp:
            found = self._boards[id(comp)] = (comp, Board(comp))
            if len(self._boards) > 64:
                self._boards.pop(next(iter(self._boards)))
        return found[1]

    def _options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        chosen = dict(OPTIONS)
        require(options is None or isinstance(options, Mapping), "options", Say("data.object"))
        for name, value in dict(options or {}).items():
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option_of", title="Coffee Rush",
                        options=", ".join(OPTIONS)))
            require(isinstance(value, bool), f"options.{name}", TRUE_OR_FALSE)
            chosen[name] = value
        require(not chosen["extra_order"] or players == 2, "options.extra_order",
                Say("position.coffee.two_player"))
        return chosen

    def _deal(self, state: CoffeeRushState, events: list[Event]) -> None:
        """S3 and S4: two orders each (tab 1, tab 2), a third for the start player on tab 1;
        then the meeples go down in reverse turn order."""
        n, first = state.players, state.first
        require(len(state.deck) >= 2 * n + 1, "components: deck.orders",
                Say("position.coffee.order_deck", cards=2 * n + 1, players=n))
        for k in range(n):
            seat = (first + k) % n
            for tab in (0, 1):
                state.tabs[seat][tab].append(state.draw("deck", state.deck, seat))
        state.tabs[first][0].append(state.draw("deck", state.deck, first))
        for k in range(n):
            seat = (first + k) % n
            tabs = state.tabs[seat]
            if seat == first:
                events.append(event("coffee-rush.setup.deal_start", "S3", seat=seat,
                                    cards=list(tabs[0]), card=tabs[1][0]))
            else:
                events.append(event("coffee-rush.setup.deal", "S3", seat=seat, first=tabs[0][0],
                                    second=tabs[1][0]))
        each = state.comp.meeples[n]
        if n == 2:
            other = 1 - first
            state.queue = [[s, m] for m in range(each) for s in (other, first)]
            events.append(event("coffee-rush.setup.place_two", "S4", seat=other, first=first,
                                count=each))
        else:
            order = [(first - k) % n for k in range(1, n + 1)]
            state.queue = [[s, m] for s in order for m in range(each)]
            events.append(event("coffee-rush.setup.place_order", "S4", seats=order))
        state.phase = "place"
        state.turn = state.queue[0][0]

    def _stage(self, state: CoffeeRushState, staged: cr_setup.Position,
               events: list[Event]) -> None:
        """A position set up for an example, in the middle of a game."""
        for s, seat in enumerate(staged.seats):
            state.tabs[s] = [list(t) for t in seat.tabs]
            state.cups[s] = [list(c) for c in seat.cups]
            for cup in seat.cups:
                for ingredient in cup:
                    state.supply[ingredient] -= 1
            state.completed[s] = list(seat.completed)
            state.penalties[s] = list(seat.penalties)
            state.spent[s] = list(seat.spent)
            state.rush[s] = seat.rush
            state.upgrades[s] = [u for u in state.comp.upgrades if u in seat.upgrades]
            state.meeples[s] = list(staged.meeples[s])
        state.open = staged.open
        state.turns = [staged.round - 1] * state.players
        if not staged.open:
            state.closed_by = "staged"
        events.append(event("coffee-rush.setup.position", ("S1", "S3", "S4"), seat=state.first,
                            token="OPEN" if staged.open else "CLOSED"))
        state._start_turn(state.first, events)


GAME = CoffeeRushGame()
__all__ = ["GAME", "CoffeeRushGame", "CoffeeRushState"]
