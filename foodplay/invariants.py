"""Checks that hold in every position of every game: components are conserved, and a private
choice leaves every other seat's view unchanged (non-interference).

Used by the property tests and by `scripts/soak.py`; each check returns a list of problems (empty
when all is well) rather than raising, so a caller can count or report them.
"""

from __future__ import annotations

import json
from collections import Counter

from foodplay.engine import Event, Move, Seat, State


def conservation_problems(expected: Counter[str], found: Counter[str]) -> list[str]:
    """What appeared or vanished between two inventories, one line per component id."""
    problems = []
    for item in sorted(set(expected) | set(found)):
        want, got = expected.get(item, 0), found.get(item, 0)
        if want != got:
            problems.append(f"{item}: {want} expected, {got} found")
    return problems


def check_conservation(state: State, expected: Counter[str]) -> list[str]:
    """Compare `state.inventory()` with the inventory the game started with."""
    found = state.inventory()
    negative = [f"{item}: a negative count ({n})" for item, n in found.items() if n < 0]
    return negative + conservation_problems(expected, found)


def private_choices(state: State) -> dict[tuple[Seat, str], list[Move]]:
    """The legal moves whose parameters are secret, grouped by (seat, kind).

    A move is secret when its kind is one of the game's PRIVATE_MOVES, or when it is part of a
    simultaneous decision that other seats have still to make (the last choice reveals all).
    """
    decision = state.decision()
    if decision is None:
        return {}
    groups: dict[tuple[Seat, str], list[Move]] = {}
    hidden_together = decision.simultaneous and len(decision.seats) > 1
    for seat in decision.seats:
        for move in state.legal_moves(seat):
            if move.params and (hidden_together or move.kind in state.PRIVATE_MOVES):
                groups.setdefault((seat, move.kind), []).append(move)
    return {key: moves for key, moves in groups.items() if len(moves) > 1}


def _seen(state: State, events: list[Event], seat: Seat) -> str:
    """Everything `seat` learns from a step: its view afterwards and the events it may see."""
    shown = [(ev.key, ev.params, ev.clauses) for ev in events if ev.visible(seat)]
    return json.dumps([state.view(seat), shown], sort_keys=True, default=repr)


def interference_problems(state: State, limit: int | None = None) -> list[str]:
    """For every secret choice now open, whether any other seat could tell the options apart.

    Each option is played on a clone; for every other seat, the view after the move and the
    events it may see must be identical whichever option was chosen. `limit` caps the options
    tried per group (the first, the last and evenly spaced ones between).
    """
    problems: list[str] = []
    for (seat, kind), moves in private_choices(state).items():
        if limit is not None and len(moves) > limit:
            step = (len(moves) - 1) / (limit - 1)
            moves = [moves[round(i * step)] for i in range(limit)]
        seen: dict[Seat, tuple[Move, str]] = {}
        for move in moves:
            twin = state.clone()
            events = twin.apply(move)
            for other in range(state.players):
                if other == seat:
                    continue
                now = _seen(twin, events, other)
                first = seen.setdefault(other, (move, now))
                if first[1] != now:
                    problems.append(f"seat {other} can tell seat {seat}'s secret {kind} "
                                    f"{dict(first[0].params)} from {dict(move.params)}")
                    break
    return problems

