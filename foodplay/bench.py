"""Throughput of seeded random games: games/s, moves/s and peak traced memory."""

from __future__ import annotations

import random
import time
import tracemalloc
from dataclasses import dataclass

from foodplay.games import get_game


@dataclass(frozen=True)
class BenchResult:
    games: int
    moves: int
    seconds: float
    peak_kib: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds


def play_random(game_id: str, players: int, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of moves."""
    state = get_game(game_id).new_state(players, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while legal := state.legal_moves():
        state.apply(rng.choice(legal))
        moves += 1
    return moves


def run(game_id: str, players: int, games: int) -> BenchResult:
    """Time `games` random games (seeds 0..games-1), then measure peak memory of one more."""
    start = time.perf_counter()
    moves = sum(play_random(game_id, players, seed) for seed in range(games))
    seconds = time.perf_counter() - start
    tracemalloc.start()
    play_random(game_id, players, games)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return BenchResult(games, moves, seconds, peak / 1024)
