"""Set-up, rules S4-S5: placing meeples, each taking the ingredient under it into a cup."""

from __future__ import annotations

from foodplay.engine import Event, Move, Verdict, event
from foodplay.games.coffee_rush.base import StateBase


class Placement(StateBase):
    """The place moves of the set-up (its pour moves are judged and played in pour_and_serve.py)."""

    def _check_place(self, move: Move) -> Verdict:
        cell = self.board.at(move.get("row"), move.get("col"))
        if cell is None:
            return Verdict.refuse("S4", "coffee-rush.refuse.off_board", row=str(move.get("row")),
                                  col=str(move.get("col")), rows=self.board.rows,
                                  cols=self.board.cols)
        owners = self._others_at(cell, move.seat, None)
        if owners:
            return Verdict.refuse("S4", "coffee-rush.refuse.place_taken", owners=owners,
                                  row=move.get("row"), col=move.get("col"))
        return Verdict.allow("S4")

    def _do_place(self, move: Move, events: list[Event]) -> None:
        seat, meeple = self.queue.pop(0)
        row, col = move.get("row"), move.get("col")
        cell = self.board.at(row, col)
        self.meeples[seat][meeple] = cell
        ingredient = self.board.ingredient[cell]
        params = {"seat": seat, "row": row, "col": col, "ingredient": ingredient}
        if not self._take(ingredient, 1):
            events.append(event("coffee-rush.place.none", ("S4", "S5", "D5"), **params))
        elif any(self.cups[seat]):
            self.held = [ingredient]
            self.phase = "setup_pour"
            events.append(event("coffee-rush.place.choose", ("S4", "S5"), **params))
            return
        else:
            self.cups[seat][0].append(ingredient)
            events.append(event("coffee-rush.place", ("S4", "S5"), cup=1, **params))
        self._next_placement(events)

    def _next_placement(self, events: list[Event]) -> None:
        if self.queue:
            self.phase = "place"
            self.turn = self.queue[0][0]
            return
        events.append(event("coffee-rush.setup.done", ("S4", "R6"), seat=self.first))
        self._start_turn(self.first, events)
