"""Tournament throughput: games per second on one core against K local processes, as a ratio.

    python scripts/bench_tournament.py                       # BURG, 3 heuristic players
    python scripts/bench_tournament.py --game coffee-rush --players 2 --games 300 --rounds 7

Each round plays the same seeded games twice, once on one core and once on `--workers`
processes (a fresh pool each time, its start-up included), in alternating order so that a
busy spell on a shared machine falls on both. Wall-clock figures; the report gives medians
with their ranges, and checks that both runs gave the same rows. "Cores used" is CPU seconds
(all processes) per wall second: on a shared machine it shows how much CPU a run was given.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from foodplay.lab import Setting, tournament


def spread(values: list[float], digits: int = 2) -> str:
    return (f"{statistics.median(values):.{digits}f} "
            f"({min(values):.{digits}f}–{max(values):.{digits}f})")


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished (joined) worker processes."""
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(setting: Setting, games: int, workers: int) -> tuple[float, float, list]:
    """Wall seconds, CPU seconds (all processes) and the rows of one run."""
    cpu, start = cpu_seconds(), time.perf_counter()
    results = tournament(setting, games=games, seed=1, workers=workers, progress=False)
    return time.perf_counter() - start, cpu_seconds() - cpu, results.rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="burg")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    setting = Setting.make(args.game, args.players, args.bots.split(","))
    timed(setting, 2, 1)  # imports and the component set, outside the clock
    one, many, ratios, cpu_one, cpu_many = [], [], [], [], []
    for round_ in range(args.rounds):
        order = (1, args.workers) if round_ % 2 == 0 else (args.workers, 1)
        seconds, cpu, rows = {}, {}, {}
        for workers in order:
            seconds[workers], cpu[workers], rows[workers] = timed(setting, args.games, workers)
        assert rows[1] == rows[args.workers], "the parallel run gave other rows"
        one.append(args.games / seconds[1])
        many.append(args.games / seconds[args.workers])
        ratios.append(seconds[1] / seconds[args.workers])
        cpu_one.append(1000 * cpu[1] / args.games)
        cpu_many.append(1000 * cpu[args.workers] / args.games)
        print(f"round {round_ + 1}: 1 core {one[-1]:.1f} games/s, {args.workers} workers "
              f"{many[-1]:.1f} games/s, ratio {ratios[-1]:.2f}; CPU ms per game "
              f"{cpu_one[-1]:.1f} and {cpu_many[-1]:.1f}; cores used "
              f"{cpu[1] / seconds[1]:.2f} and {cpu[args.workers] / seconds[args.workers]:.2f}",
              flush=True)
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"{setting.game}, {setting.players} players ({setting.label}), {args.games} games "
          f"per run, {args.rounds} rounds, {os.cpu_count()} CPUs"
          + (f", load average {load[0]:.1f}" if load else ""))
    print(f"  1 core:        {spread(one, 1)} games/s")
    print(f"  {args.workers} workers:     {spread(many, 1)} games/s")
    print(f"  ratio:         {spread(ratios)}  (same rows in every run)")
    print(f"  CPU per game (all processes): 1 core {spread(cpu_one, 1)} ms, "
          f"{args.workers} workers {spread(cpu_many, 1)} ms")


if __name__ == "__main__":
    main()
