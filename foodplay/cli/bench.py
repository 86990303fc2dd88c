"""Throughput of seeded random games, as moves/s and as a ratio to a bare-Python loop.

The bare loop does per move what any card game must, with no rules: shuffle a hand of as many
cards as the game's mean legal-move count, build that many small tuples, pick one with
`random.choice`, and move a card between two piles. Engine and bare loop run interleaved in
the same process, by CPU clock and by wall clock; ratios are reported as median and range.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from dataclasses import dataclass

from foodplay.games import get_game


@dataclass(frozen=True)
class BenchResult:
    games: int
    moves: int
    seconds: float  # CPU seconds for all rounds
    peak_kib: float
    wall_seconds: float = 0.0
    mean_legal: float = 0.0
    bare_cpu_per_s: float = 0.0  # bare-loop iterations per CPU second (median of rounds)
    bare_wall_per_s: float = 0.0
    cpu_ratios: tuple[float, ...] = ()  # engine moves/s over bare-loop iterations/s, per round
    wall_ratios: tuple[float, ...] = ()

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    @property
    def wall_moves_per_s(self) -> float:
        return self.moves / self.wall_seconds if self.wall_seconds else 0.0


def play_random(game_id: str, players: int, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of moves."""
    return play_counting(game_id, players, seed)[0]


def play_counting(game_id: str, players: int, seed: int) -> tuple[int, int]:
    """One random game on the trusted path; return (moves, legal moves offered in total)."""
    state = get_game(game_id).new_state(players, seed=seed)
    rng = random.Random(seed)
    moves = offered = 0
    while legal := state.legal_moves():
        state.apply_legal(rng.choice(legal))
        moves += 1
        offered += len(legal)
    return moves, offered


def bare_loop(iterations: int, width: int, seed: int = 0) -> None:
    """The rule-free baseline: per iteration, shuffle, build `width` tuples, choose, move a card."""
    rng = random.Random(seed)
    deck = list(range(52))
    pile: list[int] = []
    for _ in range(iterations):
        hand = deck[-width:]
        rng.shuffle(hand)
        moves = [(0, "play", card) for card in hand]
        rng.choice(moves)
        pile.append(deck.pop())
        if len(deck) < width:
            deck, pile = deck + pile, []


def _timed(work, *args) -> tuple[float, float, object]:
    cpu, wall = time.process_time(), time.perf_counter()
    value = work(*args)
    return time.process_time() - cpu, time.perf_counter() - wall, value


def _round(game_id: str, players: int, seeds: range) -> tuple[int, int]:
    totals = [play_counting(game_id, players, seed) for seed in seeds]
    return sum(t[0] for t in totals), sum(t[1] for t in totals)


def run(game_id: str, players: int, games: int, rounds: int = 3) -> BenchResult:
    """Time `games` random games (seeds 0..games-1) in `rounds` slices, each followed by a bare
    loop of as many iterations; then measure the peak memory of one more game."""
    play_counting(game_id, players, games)  # warm caches and imports outside the clock
    rounds = max(1, min(rounds, games))
    bounds = [games * r // rounds for r in range(rounds + 1)]
    cpu_total = wall_total = 0.0
    moves_total = 0
    cpu_ratios, wall_ratios, bare_cpu, bare_wall = [], [], [], []
    mean_legal = 0.0
    for r in range(rounds):
        cpu, wall, (moves, offered) = _timed(_round, game_id, players,
                                             range(bounds[r], bounds[r + 1]))
        cpu_total, wall_total, moves_total = cpu_total + cpu, wall_total + wall, moves_total + moves
        mean_legal = offered / max(1, moves)
        width = max(1, round(mean_legal))
        bcpu, bwall, _ = _timed(bare_loop, max(1, moves), width, r)
        bare_cpu.append(moves / bcpu)
        bare_wall.append(moves / bwall)
        cpu_ratios.append((moves / cpu) / bare_cpu[-1])
        wall_ratios.append((moves / wall) / bare_wall[-1])
    tracemalloc.start()
    play_random(game_id, players, games)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return BenchResult(games, moves_total, cpu_total, peak / 1024, wall_total, mean_legal,
                       statistics.median(bare_cpu), statistics.median(bare_wall),
                       tuple(cpu_ratios), tuple(wall_ratios))


def spread(values: tuple[float, ...] | list[float], digits: int = 3) -> str:
    """'median (min–max)' of some figures."""
    return (f"{statistics.median(values):.{digits}f} "
            f"({min(values):.{digits}f}–{max(values):.{digits}f})")


def report(title: str, players: int, result: BenchResult) -> str:
    """The benchmark's lines for one game and player count."""
    return (f"{title}, {players} players, {result.games} random games on one core: "
            f"{result.games_per_s:.1f} games/s, {result.moves_per_s:,.0f} moves/s by CPU clock, "
            f"{result.wall_moves_per_s:,.0f} by wall clock ({result.moves} moves in "
            f"{result.seconds:.2f} s CPU); peak traced memory {result.peak_kib:,.0f} KiB\n"
            f"  bare loop ({result.mean_legal:.1f} moves offered): "
            f"{result.bare_cpu_per_s:,.0f}/s CPU, {result.bare_wall_per_s:,.0f}/s wall\n"
            f"  ratio to the bare loop: CPU {spread(result.cpu_ratios)}, "
            f"wall {spread(result.wall_ratios)}")
