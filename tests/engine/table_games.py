"""Seeded games as a real table would have seen them, for the table companion's tests: a game
played by bots (seat 0 the heuristic, which serves and scores as players do; the others random,
seeded) with a `Chance(ask=False)` that logs every card drawn, kept as a
record with `drawn`, and its public events (what everyone at the table saw)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from foodplay.bots import HeuristicBot, RandomBot
from foodplay.chance import Chance
from foodplay.engine import Event
from foodplay.games import get_game
from foodplay.record import Record

MAX_MOVES = 5000
REVEAL = [{"seat": 0, "kind": "reveal", "card": c} for c in ("lettuce", "onion", "rat")]
TWO_PLAYER = [  # the rulebook's two-player example (burg two-player-reveal.json)
    *REVEAL, {"seat": 0, "kind": "place", "pile": 2},
    {"seat": 0, "kind": "reveal", "card": "mushroom"}, {"seat": 0, "kind": "place", "pile": 2},
    {"seat": 0, "kind": "reveal", "card": "cheese"}, {"seat": 0, "kind": "place", "pile": 1},
    {"seat": 0, "kind": "tool", "tool": "tongs"}, {"seat": 1, "kind": "tool", "tool": "tongs"},
    {"seat": 1, "kind": "take", "pile": 2}, {"seat": 1, "kind": "flip", "card": "onion"},
    {"seat": 1, "kind": "add", "burger": 1, "card": "mushroom"}, {"seat": 1, "kind": "done"},
    {"seat": 0, "kind": "flip", "card": "lettuce"},
    {"seat": 0, "kind": "add", "burger": 1, "card": "cheese"}, {"seat": 0, "kind": "done"}]


@dataclass(frozen=True)
class TableGame:
    record: Record  # with `drawn`: what the seeded game drew, in order
    public: tuple[Event, ...]  # the set-up's and every move's events visible to everyone
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def public(events: list[Event]) -> list[Event]:
    return [ev for ev in events if ev.visible_to is None]


@cache
def table_game(game_id: str, players: int, seed: int) -> TableGame:
    """A seeded random game (its first player chosen by the set-up, as a table chooses it)."""
    game = get_game(game_id)
    setup = {"first_player": seed % players}
    chance = Chance([], ask=False)
    state = game.new_state(players, seed=seed, setup=setup, chance=chance)
    bots = [HeuristicBot()] + [RandomBot(seed * 10 + s) for s in range(1, players)]
    seen = public(state.setup_events)
    moves = []
    while (decision := state.decision()) is not None and len(moves) < MAX_MOVES:
        for seat in decision.seats:  # a simultaneous choice: each seat in turn (bot_turns)
            move = bots[seat].choose(state, seat)
            seen += public(state.apply(move))
            moves.append(move)
            if not decision.simultaneous:
                break
    record = Record(game.id, players, seed=seed, setup=setup, moves=moves,
                    drawn=chance.drawn())
    return TableGame(record, tuple(seen), tuple(state.scores()), tuple(state.winners()))
