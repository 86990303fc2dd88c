"""Paired timing of two Coffee Rush heuristic bots: this checkout's and another checkout's.

    git archive main | tar -x -C /tmp/coffee-before
    .venv/bin/python scripts/pair_coffee_bot.py /tmp/coffee-before --games 4

Both bots are asked for every decision of seeded heuristic games, in turn (which goes first
alternates), in the same process and on the same position; their hints must be the same. Prints
per player count the CPU ms per decision (median, p99, worst) of each and the new/old ratio:
median (range) over decisions where the old bot took at least 5 ms.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

from foodplay.cli.bench import bare_loop
from foodplay.games import get_game
from foodplay.games.coffee_rush import bot as new_bot

SLOW_MS = 5.0
PARTS = ("planner", "search")  # the bot's own modules, in the order they import each other


def load_bot(checkout: Path):
    """The bot of another checkout with its own modules (planner.py and search.py where it has
    them) and caches, imported beside this checkout's."""
    folder = checkout / "foodplay" / "games" / "coffee_rush"
    package = "foodplay.games.coffee_rush"
    saved = {part: sys.modules.get(f"{package}.{part}") for part in PARTS}
    try:
        for part in PARTS:  # the bot's imports find the other checkout's modules meanwhile
            if (folder / f"{part}.py").exists():
                sys.modules[f"{package}.{part}"] = _load(folder / f"{part}.py", f"{package}.{part}")
        return _load(folder / "bot.py", "coffee_rush_bot_before")
    finally:
        for part, module in saved.items():
            if module is None:
                sys.modules.pop(f"{package}.{part}", None)
            else:
                sys.modules[f"{package}.{part}"] = module


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(bot, state, seat) -> tuple[float, object]:
    start = time.process_time()
    hint = bot.suggest(state, seat)
    return (time.process_time() - start) * 1000, hint


def pair(old_bot, players: int, games: int) -> tuple[list[float], list[float]]:
    """CPU ms of each bot for every decision of `games` seeded games (the same decisions)."""
    old_ms: list[float] = []
    new_ms: list[float] = []
    for seed in range(games):
        state = get_game("coffee-rush").new_state(players, seed=seed)
        step = 0
        while (decision := state.decision()) is not None:
            seat = decision.seats[0]
            if len(old_ms) % 2:
                new_t, new_hint = timed(new_bot, state, seat)
                old_t, old_hint = timed(old_bot, state, seat)
            else:
                old_t, old_hint = timed(old_bot, state, seat)
                new_t, new_hint = timed(new_bot, state, seat)
            if old_hint != new_hint:
                raise SystemExit(f"the bots differ at {players} players, seed {seed}, step "
                                 f"{step}: {old_hint} != {new_hint}")
            old_ms.append(old_t)
            new_ms.append(new_t)
            state.apply(new_hint.move)
            step += 1
    return old_ms, new_ms


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path, help="a checkout of the code to compare with")
    parser.add_argument("--games", type=int, default=4, help="seeded games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args(argv)
    old_bot = load_bot(args.before)
    print("CPU ms per decision: median, p99, worst (old → new); new/old ratio over decisions "
          f"where the old bot took {SLOW_MS:g} ms or more: median (range)")
    for players in args.players:
        old_ms, new_ms = pair(old_bot, players, args.games)
        ratios = [n / o for o, n in zip(old_ms, new_ms, strict=True) if o >= SLOW_MS]
        start = time.process_time()
        bare_loop(10_000, 8)
        bare = (time.process_time() - start) * 1000

        def line(ms: list[float]) -> str:
            return f"{statistics.median(ms):.2f}, {p99(ms):.2f}, {max(ms):.2f}"

        ratio = (f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) over "
                 f"{len(ratios)}" if ratios else "no slow decision")
        print(f"  {players}p, {len(old_ms)} decisions, same hints: {line(old_ms)} → "
              f"{line(new_ms)}; ratio {ratio}; bare loop {bare:.1f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
