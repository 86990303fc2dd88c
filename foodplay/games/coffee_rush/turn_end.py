"""The end of a turn and of the game, rules 4-6 and P1-P2: draws, time passing, the start token,
scores and winners."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Seat, event
from foodplay.games.coffee_rush.base import DRAWERS, PENALTY_LIMIT, StateBase


class TurnEnd(StateBase):
    """What happens once a turn's serving is over, and the final scoring."""

    def _draw(self, drawer: Seat, count: int, events: list[Event], key: str,
              clauses: tuple[str, ...]) -> None:
        deck = self.deck
        cards = [self.draw("deck", deck, drawer) for _ in range(min(count, len(deck)))]
        self.tabs[drawer][0] += cards
        if cards:
            events.append(event(key, clauses, seat=self.turn, drawer=drawer, count=len(cards),
                                cards=cards, served=self.served))
        if len(cards) < count:
            self._close("deck", events, drawer=drawer, count=len(cards), wanted=count)

    def _close(self, why: str, events: list[Event], **params: Any) -> None:
        """Flip the start token to CLOSED (once), saying why."""
        if not self.open:
            return
        self.open = False
        self.closed_by = why
        clauses = {"deck": ("R4-5", "D9"), "penalties": "R5-4", "stalled": "G3"}[why]
        events.append(event(f"coffee-rush.token.{why}", clauses, **params))

    def _finish_turn(self, events: list[Event]) -> None:
        seat, n = self.turn, self.players
        if self.served:
            if n == 2:
                self._draw(1 - seat, self.served, events, "coffee-rush.draw", ("R4-4", "D7"))
                self._draw(seat, self.served, events, "coffee-rush.draw.self", ("R4-4", "D7"))
            else:
                for k in range(1, DRAWERS + 1):
                    self._draw((seat + k) % n, self.served, events, "coffee-rush.draw", "R4-4")
        if self.options.get("extra_order"):
            self._draw(1 - seat, 1, events, "coffee-rush.draw.extra", "D7")
        self._time_passes(seat, events)
        if not any(tab for tabs in self.tabs for tab in tabs):
            self._close("stalled", events)
        self.turns[seat] += 1
        nxt = (seat + 1) % n
        if not self.open and nxt == self.first:
            events.append(event("coffee-rush.game.end", "R6", count=self.turns[seat]))
            self._finish(events)
            return
        key = "coffee-rush.turn.next" if self.open else "coffee-rush.turn.next_closed"
        events.append(event(key, "R6", seat=seat, next=nxt, first=self.first))
        self._start_turn(nxt, events)

    def _time_passes(self, seat: Seat, events: list[Event]) -> None:
        tabs = self.tabs[seat]
        on_board = sum(len(t) for t in tabs)
        fallen = tabs[-1]
        self.tabs[seat] = [[]] + tabs[:-1]
        events.append(event("coffee-rush.time", "R5-1", seat=seat, count=on_board,
                            tabs=len(tabs)))
        before = len(self.penalties[seat])
        for order in fallen:
            self.penalties[seat].append(order)
            events.append(event("coffee-rush.penalty", "R5-2", seat=seat, order=order,
                                tab=len(tabs), count=len(self.penalties[seat])))
        if fallen:
            self.rush[seat] += len(fallen)
            events.append(event("coffee-rush.penalty.rush", "R5-3", seat=seat, count=len(fallen),
                                total=self.rush[seat]))
        if before < PENALTY_LIMIT <= len(self.penalties[seat]):
            self._close("penalties", events, seat=seat, count=PENALTY_LIMIT)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        self.end = self.closed_by
        points = self.comp.scoring
        scores = self.scores()
        for s in range(self.players):
            events.append(event("coffee-rush.score", "P1", seat=s, points=scores[s],
                                orders=len(self.completed[s]), upgrades=len(self.upgrades[s]),
                                upgrade_points=points["upgrade"] * len(self.upgrades[s]),
                                penalties=len(self.penalties[s])))
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        most = max(len(self.completed[s]) for s in tied)
        by_orders = [s for s in tied if len(self.completed[s]) == most]
        winners = self.winners()
        if len(tied) == 1:
            events.append(event("coffee-rush.winner", "P1", seat=tied[0], points=best))
        elif len(by_orders) == 1:
            events.append(event("coffee-rush.winner.orders", ("P2", "D10"), seat=winners[0],
                                tied=tied, points=best, count=most))
        elif len(winners) == 1:
            events.append(event("coffee-rush.winner.rush", "P2", seat=winners[0], tied=tied,
                                points=best, count=self.rush[winners[0]]))
        else:
            events.append(event("coffee-rush.winner.shared", "P2", seats=winners, points=best))

    # --- results -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        points = self.comp.scoring
        return [points["order"] * len(self.completed[s])
                + points["upgrade"] * len(self.upgrades[s])
                + points["penalty"] * len(self.penalties[s]) for s in range(self.players)]

    def winners(self) -> list[Seat]:
        """Highest score; ties go to more completed orders (D10), then more rush tokens (P2)."""
        scores = self.scores()
        key = [(scores[s], len(self.completed[s]), self.rush[s]) for s in range(self.players)]
        best = max(key)
        return [s for s in range(self.players) if key[s] == best]
