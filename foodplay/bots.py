"""Bots: a seeded random bot and each game's heuristic bot, plus whole-game playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from foodplay.engine import Move, Seat, State, Suggestion
from foodplay.games import get_game
from foodplay.record import Record

BOT_KINDS = ("random", "heuristic")


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded RNG."""

    kind = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: Seat) -> Move:
        return self.rng.choice(state.legal_moves(seat))


class HeuristicBot:
    """Plays the game's heuristic suggestion, which reads only what its seat may see."""

    kind = "heuristic"

    def choose(self, state: State, seat: Seat) -> Move:
        return suggest(state, seat).move


def suggest(state: State, seat: Seat) -> Suggestion:
    """The heuristic's move for `seat` with a one-line reason; the tutor's hint."""
    return state.game.heuristic(state, seat)


def make_bot(kind: str, seed: int = 0) -> RandomBot | HeuristicBot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot()
    raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOT_KINDS)}")


def play_game(game_id: str, players: int, seed: int, bots: Sequence[str] = ("random",),
              max_moves: int = 100_000) -> tuple[Record, State]:
    """Play a whole game between bots (one kind per seat, or one for all); return the record."""
    record = Record(get_game(game_id).id, players, seed=seed)
    return record, play_on(record, record.new_state(), seed, bots, max_moves)


def play_on(record: Record, state: State, seed: int, bots: Sequence[str] = ("random",),
            max_moves: int = 100_000) -> State:
    """Bots play `state`, the position after `record`'s moves, to the end; each move is added
    to the record. Random bots are seeded from `seed` and their seat."""
    players = record.players
    kinds = list(bots) if len(bots) == players else [bots[0]] * players
    seats = [make_bot(kind, seed * 101 + s) for s, kind in enumerate(kinds)]
    for move in bot_turns(state, seats):
        if len(record.moves) >= max_moves:
            raise RuntimeError(f"{record.game} did not end within {max_moves} moves")
        record.moves.append(move)
    return state


def bot_turns(state: State, seats: Sequence[RandomBot | HeuristicBot]) -> Iterator[Move]:
    """Each move the seats' bots make in `state`, applied in turn, until the game ends (all
    the seats of a simultaneous decision, one after another)."""
    while (decision := state.decision()) is not None:
        for seat in decision.seats:
            move = seats[seat].choose(state, seat)
            state.apply(move)
            yield move
            if not decision.simultaneous:
                break
