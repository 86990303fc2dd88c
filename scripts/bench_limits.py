"""What the size limits cost and save: prints medians and ranges, interleaved in one run.

- refusing hostile input: the 650-character share link with 3,000,000 copies of a card, a
  2 MB+ record text, a 5,000-deep nesting; against loading a normal record (the baseline);
- the checks' overhead on normal input: `Record.loads` of a long bot game with the limits
  against the same parse and shape check with the tree walk switched off.

Usage: python scripts/bench_limits.py [--rounds 21] [--repeat 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from foodplay import limits
from foodplay.bots import play_game
from foodplay.games.burg import components as burg_components
from foodplay.links import encode_record, parse_query
from foodplay.record import Record, RecordError


def timed(action: Callable[[], object], repeat: int) -> float:
    """Seconds per call, over `repeat` calls."""
    start = time.perf_counter()
    for _ in range(repeat):
        try:
            action()
        except RecordError:
            pass
    return (time.perf_counter() - start) / repeat


def summary(name: str, samples: list[float], base: list[float] | None = None) -> str:
    ms = [s * 1000 for s in samples]
    line = f"{name:<44} median {statistics.median(ms):9.3f} ms  range {min(ms):.3f}-{max(ms):.3f}"
    if base:
        ratios = [s / b for s, b in zip(samples, base, strict=True)]
        line += (f"  ratio {statistics.median(ratios):.2f}x "
                 f"({min(ratios):.2f}-{max(ratios):.2f})")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--repeat", type=int, default=10, help="calls per sample")
    args = parser.parse_args()
    rounds = args.rounds

    record, _ = play_game("cuisine-a-la-card", 4, 1, ["heuristic"])
    text = record.dumps()
    data = json.loads(json.dumps(burg_components.load().source))
    data["cards"][0]["count"] = 3_000_000
    link = "game=burg&record=" + encode_record(Record("burg", 3, seed=1, components=data))
    big = " " * (limits.RECORD_BYTES + 1)
    deep = '{"format": "foodplay.record/1", "game": "burg", "players": 2, "seed": 1, "setup": ' \
        + "[" * 5000 + "]" * 5000 + "}"
    walk = limits.check_tree

    cases: dict[str, Callable[[], object]] = {
        "baseline: load a normal record": lambda: Record.loads(text),
        "normal record, tree walk off": lambda: Record.loads(text),
        f"refuse the {len(link)}-char 3,000,000-copies link": lambda: parse_query(link),
        "refuse a 2 MB+ record text": lambda: Record.loads(big),
        "refuse 5,000-deep nesting": lambda: Record.loads(deep),
    }
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(rounds):
        for name, action in cases.items():
            off = "walk off" in name
            if off:
                limits.check_tree = lambda *_: None
            try:
                samples[name].append(timed(action, args.repeat))
            finally:
                limits.check_tree = walk
    base = samples["baseline: load a normal record"]
    print(f"{len(record.moves)}-move record of {len(text):,} bytes; {rounds} interleaved rounds "
          f"of {args.repeat} calls each")
    for name in cases:
        print(summary(name, samples[name], None if name.startswith("baseline") else base))


if __name__ == "__main__":
    main()
