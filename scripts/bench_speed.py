"""Speed benchmarks beyond `foodplay bench`: heuristic bots' decision times and time travel.

    .venv/bin/python scripts/bench_speed.py                 # bots and time travel, every game
    .venv/bin/python scripts/bench_speed.py --only bots --games 6

Bots: every decision of whole heuristic games at 2 and 4 players, timed by CPU clock; the
median, p99 and worst per game (targets: p99 at most 10 ms, never above 20 ms).
Time travel: a Timeline over a long random game; a jump to step 800 (or the last step) from
the start, then Back, by CPU clock in milliseconds (target: jumps at most 5 ms), and how many
positions the Timeline holds (its memory bound).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from foodplay.bots import play_game, suggest
from foodplay.cli.bench import bare_loop
from foodplay.games import built_games, get_game
from foodplay.record import Record
from foodplay.timeline import Timeline


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bot_times(game_id: str, players: int, games: int) -> list[float]:
    """CPU milliseconds of every heuristic decision in `games` seeded games."""
    times: list[float] = []
    for seed in range(games):
        state = get_game(game_id).new_state(players, seed=seed)
        while (decision := state.decision()) is not None:
            for seat in decision.seats:
                start = time.process_time()
                move = suggest(state, seat).move
                times.append((time.process_time() - start) * 1000)
                state.apply(move)
                if not decision.simultaneous:
                    break
    return times


def long_record(game_id: str, length: int) -> Record:
    """A random game of at least `length` moves if one of the first seeds gives one."""
    best = None
    for seed in range(30):
        record, _ = play_game(game_id, 2 + seed % 2, seed, ["random"])
        if best is None or len(record.moves) > len(best.moves):
            best = record
        if len(record.moves) >= length:
            break
    return best


def jump_times(game_id: str, target: int = 800, tries: int = 5) -> tuple[int, list[float],
                                                                             list[float], int]:
    """(step jumped to, jump ms, back-after-jump ms, positions held) over `tries` timelines."""
    record = long_record(game_id, target)
    jumps, backs = [], []
    held = 0
    for _ in range(tries):
        timeline = Timeline(Record.loads(record.dumps()))
        timeline.go(0)
        step = min(target, timeline.last - 1)  # the last step is cached by construction
        start = time.process_time()
        timeline.go(step)
        jumps.append((time.process_time() - start) * 1000)
        start = time.process_time()
        timeline.back()
        backs.append((time.process_time() - start) * 1000)
        for k in random.Random(1).sample(range(timeline.last + 1), timeline.last + 1):
            timeline.state_at(k)
        held = getattr(timeline, "cached_positions", lambda t=timeline: len(t._states))()
    return step, jumps, backs, held


def bare_ms(iterations: int = 10_000, width: int = 8) -> float:
    """CPU ms of `foodplay bench`'s rule-free loop: a yardstick for the bots' figures."""
    start = time.process_time()
    bare_loop(iterations, width)
    return (time.process_time() - start) * 1000


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("bots", "timeline"))
    parser.add_argument("--games", type=int, default=4, help="heuristic games per setting")
    args = parser.parse_args(argv)
    if args.only != "timeline":
        print("Heuristic bots, CPU ms per decision: median, p99, worst (decisions); the bare "
              "loop's CPU ms for 10,000 iterations beside each, to read the machine's load")
        for game_id in built_games():
            for players in (2, 4):
                times = bot_times(game_id, players, args.games)
                bare = bare_ms()
                print(f"  {game_id:<18} {players}p: {statistics.median(times):6.2f} "
                      f"{percentile(times, 0.99):6.2f} {max(times):6.2f} ({len(times)}); "
                      f"bare loop {bare:.1f} ms", flush=True)
    if args.only != "bots":
        print("Time travel, CPU ms: jump from the set-up, then Back; median (range) of 5")
        for game_id in built_games():
            step, jumps, backs, held = jump_times(game_id)
            print(f"  {game_id:<18} jump to step {step}: {spread(jumps)}; back: "
                  f"{spread(backs)}; positions held after visiting all: {held}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
