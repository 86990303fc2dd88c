"""The events and refusals Cuisine a la Card reports, keyed into its part of the catalogue:
their builders, and the events whose details recur, built once and shared by every game."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Seat, Verdict
from foodplay.games.cuisine_a_la_card.constants import (
    HAND_SIZE,
    MARKET_SIZE,
    MAX_PLAYERS,
    PLATES,
    K,
)

# Events whose details recur are immutable values: built once here and shared by every game
NEW_HAND = tuple(Event(K + "draw.new_hand", (("seat", s), ("count", HAND_SIZE)), ("P3",))
                 for s in range(MAX_PLAYERS))
WARM_SKIPPED = {(s, key): Event(K + key, (("seat", s), ("count", PLATES)), ("P1",))
                for s in range(MAX_PLAYERS) for key in ("warm.skip_full", "warm.skip_empty")}
DISH_START = tuple(Event(K + "dish.start", (("seat", s),), ("P2-4", "D1", "G11"))
                   for s in range(MAX_PLAYERS))
SLIDE = tuple(Event(K + "cleanup.slide", (("count", n),), ("P4",))
              for n in range(MARKET_SIZE + 1))
SHARED_EVENTS: dict[tuple[str, tuple[tuple[str, Any], ...]], Event] = {}  # shared_event's
PLAYED_EVENTS: dict[tuple[Seat, str, str], Event] = {}  # play.card/.wasted/.nothing by seat


def ev(key: str, clauses: str | tuple[str, ...], visible_to: frozenset[Seat] | None = None,
       **params: Any) -> Event:
    """An event whose message key is in this game's part of the catalogue (built directly:
    the same Event as `engine.event` gives, one call fewer on the hottest path)."""
    return Event(K + key, tuple(params.items()),
                 (clauses,) if clauses.__class__ is str else tuple(clauses), visible_to)


def played_event(seat: Seat, card: str, key: str, clauses: tuple[str, ...]) -> Event:
    """The event of a card played (its message key and clauses), remembered per seat and card."""
    if len(PLAYED_EVENTS) > 10_000:
        PLAYED_EVENTS.clear()
    event = PLAYED_EVENTS[seat, card, key] = Event(K + key, (("seat", seat), ("card", card)),
                                                   clauses)
    return event


def shared_event(key: str, params: tuple[tuple[str, Any], ...],
                 clauses: tuple[str, ...]) -> Event:
    """An event whose details are numbers that recur, built once per key and details (each call
    site gives one key the same clauses)."""
    event = SHARED_EVENTS.get((key, params))
    if event is None:
        if len(SHARED_EVENTS) > 10_000:
            SHARED_EVENTS.clear()
        event = SHARED_EVENTS[key, params] = Event(key, params, clauses)
    return event


def no(clause: str, reason: str, **params: Any) -> Verdict:
    """A refusal whose reason is in this game's part of the catalogue."""
    return Verdict.refuse(clause, K + reason, **params)

