"""CoffeeRushState: the phases' moves put together, with whose decision it is, the legal moves,
the judging and playing of a move, and what each seat may see."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Decision, Event, Move, Seat, State, Verdict, check_params
from foodplay.games.coffee_rush.base import FREE_STEPS
from foodplay.games.coffee_rush.move_table import (
    MOVE_PARAMS,
    PHASE_CLAUSE,
    PHASE_KINDS,
    cached_move,
)
from foodplay.games.coffee_rush.movement import Movement
from foodplay.games.coffee_rush.placement import Placement
from foodplay.games.coffee_rush.pour_and_serve import PourAndServe
from foodplay.games.coffee_rush.turn_end import TurnEnd


class CoffeeRushState(Placement, Movement, PourAndServe, TurnEnd):
    """A Coffee Rush position. Seats are 0-based; rows, columns, cups, tabs and meeples in moves
    and views are numbered from 1."""

    # --- whose decision ------------------------------------------------------------------
    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        return Decision((self.turn,), f"coffee-rush.decide.{self.phase}")

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, seat: Seat) -> list[Move]:
        phase = self.phase
        comp, board = self.comp, self.board
        if phase == "place":
            return [cached_move(seat, "place", ("col", c), ("row", r))
                    for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)]
        if phase == "setup_pour":
            return [cached_move(seat, "pour", ("cup", k), ("ingredient", i))
                    for i in comp.supply for k in range(1, comp.cups + 1)]
        if phase == "move":
            return ([cached_move(seat, "upgrade", ("upgrade", u)) for u in comp.upgrades]
                    + [cached_move(seat, "step", ("col", c), ("meeple", m), ("row", r))
                       for m in range(1, len(self.meeples[seat]) + 1)
                       for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)]
                    + [cached_move(seat, "stop")])
        if phase == "pour":
            return ([cached_move(seat, "pour", ("cup", k), ("ingredient", i))
                     for i in comp.supply for k in range(1, comp.cups + 1)]
                    + [cached_move(seat, "return", ("ingredient", i)) for i in comp.supply]
                    + [cached_move(seat, "empty", ("cup", k)) for k in range(1, comp.cups + 1)]
                    + [cached_move(seat, "done")])
        if phase == "serve":
            on_board = [(t, o) for t, tab in enumerate(self.tabs[seat]) for o in dict.fromkeys(tab)]
            return [cached_move(seat, "serve", ("cup", k), ("order", o), ("tab", t + 1))
                    for k in range(1, comp.cups + 1) for t, o in on_board]
        return []

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Generated directly for speed; tests compare it with candidates filtered by check."""
        phase = self.phase
        if phase == "over" or (seat is not None and seat != self.turn):
            return []
        seat = self.turn
        table = self.table
        if phase == "move":
            return self._legal_move_phase(seat)
        if phase == "pour":
            kinds = [i for i in self.comp.supply if i in self.held]
            pour, back = table.pour[seat], table.back[seat]
            return ([m for i in kinds for m in pour[i]] + [back[i] for i in kinds]
                    + [m for m, cup in zip(table.empty[seat], self.cups[seat], strict=True)
                       if cup]
                    + [table.done[seat]])
        if phase == "serve":
            return [cached_move(seat, "serve", ("cup", c + 1), ("order", o), ("tab", t + 1))
                    for c, t, o in self.matches(seat)]
        if phase == "place":
            taken = {c for ms in self.meeples for c in ms if c is not None}
            return [m for c, m in enumerate(table.place[seat]) if c not in taken]
        # setup_pour
        return list(table.pour[seat][self.held[0]])

    def check(self, move: Move) -> Verdict:
        phase = self.phase
        if phase == "over":
            return Verdict.refuse("R6", "verdict.game_over")
        clause = PHASE_CLAUSE[phase]
        if move.seat != self.turn:
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=[self.turn])
        if move.kind not in PHASE_KINDS[phase]:
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=move.kind,
                                  decision=f"coffee-rush.decide.{phase}")
        if (refusal := check_params(move, MOVE_PARAMS[move.kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{move.kind}")(move)

    # --- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    # --- views ---------------------------------------------------------------------------
    def _order(self, order: str) -> dict[str, Any]:
        data = self.comp.orders[order]
        return {"id": order, "ingredients": list(data.ingredients), "specialty": data.specialty}

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: the teacher). Face-down cards show only their count to
        other seats; the deck's order is the teacher's alone."""
        board = self.board
        decision = self.decision()
        at: dict[int, list[list[int]]] = {}  # the meeples on each cell, by seat then meeple
        for s, where in enumerate(self.meeples):
            for m, c in enumerate(where):
                if c is not None:
                    at.setdefault(c, []).append([s, m + 1])
        cells = [{"row": row, "col": col, "ingredient": ingredient, "corner": corner,
                  "ribbon": ribbon, "meeples": at.get(cell, [])}
                 for cell, (row, col, ingredient, corner, ribbon) in enumerate(self.table.cells)]
        seats = []
        for s in range(self.players):
            own = seat is None or seat == s
            seats.append({
                "name": self.names[s],
                "meeples": [list(board.rc(c)) if c is not None else None
                            for c in self.meeples[s]],
                "cups": [sorted(c, key=self._order_key) for c in self.cups[s]],
                "tabs": [[self._order(o) for o in tab] for tab in self.tabs[s]],
                "completed": list(self.completed[s]) if own
                else {"count": len(self.completed[s])},
                "penalties": list(self.penalties[s]) if own
                else {"count": len(self.penalties[s])},
                "spent": list(self.spent[s]) if own else {"count": len(self.spent[s])},
                "rush": self.rush[s],
                "upgrades": {u: u in self.upgrades[s] for u in self.comp.upgrades},
                "turns": self.turns[s],
            })
        over = decision is None
        deck: dict[str, Any] = {"count": len(self.deck)}
        if seat is None:
            deck["top_first"] = list(reversed(self.deck))
        path = [list(board.rc(c)) for c in self.path]
        return {
            "game": "coffee-rush",
            "seat": seat,
            "phase": self.phase,
            "to_act": list(decision.seats) if decision else [],
            "decision": decision.kind if decision else None,
            "start_player": self.first,
            "start_token": "open" if self.open else "closed",
            "closed_by": self.closed_by,
            "turn": {"seat": self.turn, "number": self.turn_no,
                     "meeple": None if self.meeple is None else self.meeple + 1,
                     "steps": self.steps, "free_steps": FREE_STEPS, "path": path,
                     "held": sorted(self.held, key=self._order_key), "served": self.served},
            "placements": [[s, m + 1] for s, m in self.queue],
            "board": {"rows": board.rows, "cols": board.cols, "cells": cells,
                      "label": self.comp.board_label},
            "supply": dict(self.supply),
            "deck": deck,
            "seats": seats,
            "upgrades": list(self.comp.upgrades),
            "scoring": dict(self.comp.scoring),
            "options": dict(self.options),
            "components": self.comp.label,
            "scores": self.scores() if over else None,
            "winners": self.winners() if over else None,
        }

    def inventory(self) -> Counter[str]:
        """Every ingredient token and order card wherever it lies, plus the fixed pieces.
        Rush tokens are unlimited (C4), so they are not counted."""
        where: Counter[str] = Counter(self.supply)
        where.update(self.held)
        where.update(self.deck)
        for s in range(self.players):
            for cup in self.cups[s]:
                where.update(cup)
            for tab in self.tabs[s]:
                where.update(tab)
            where.update(self.completed[s])
            where.update(self.penalties[s])
            where.update(self.spent[s])
            where["upgrade_tile"] += len(self.comp.upgrades)
            where["cup"] += len(self.cups[s])
            where["meeple"] += len(self.meeples[s])
        where["start_token"] += 1
        return where

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """Face-down cards: a seat's completed orders, penalty cards and orders spent on
        upgrades (R4-2, R5-2, R1)."""
        return [("seats", seat, "completed"), ("seats", seat, "penalties"),
                ("seats", seat, "spent")]

    # --- copies ------------------------------------------------------------------------
    SHARED = State.SHARED + ("board", "options", "_rank", "table")


_DO = {kind: getattr(CoffeeRushState, f"_do_{kind}") for kind in MOVE_PARAMS}
