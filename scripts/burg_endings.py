"""How BURG games between heuristic bots end: by the burger count, or by the deck (G1 asks
for the deck to be tuned so that the burger count usually ends the game).

    .venv/bin/python scripts/burg_endings.py [--games 1000] [--players 2 3 4 5]

Endings: "burgers" (rule 6, D6), "deck" (fewer than N cards left at the end of a round, D7),
"deck_ran_out" (the deck ran dry in the middle of a reveal, D7). This is a report, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from foodplay.bots import play_game

ENDINGS = ("burgers", "deck", "deck_ran_out")


def measure(players: int, games: int, first_seed: int = 0) -> tuple[Counter[str], list[int]]:
    endings: Counter[str] = Counter()
    lengths = []
    for seed in range(first_seed, first_seed + games):
        record, state = play_game("burg", players, seed, ["heuristic"])
        endings[state.end_reason] += 1
        lengths.append(len(record.moves))
    return endings, lengths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    print(f"BURG, tutor-default components, heuristic bots in every seat, seeds 0-{args.games - 1}")
    print(f"{'players':>7} {'games':>6} " + " ".join(f"{e:>14}" for e in ENDINGS)
          + f" {'median moves':>13} {'seconds':>8}")
    for players in args.players:
        start = time.perf_counter()
        endings, lengths = measure(players, args.games)
        cells = " ".join(f"{endings[e]:>6} ({100 * endings[e] / args.games:5.1f}%)"
                         for e in ENDINGS)
        print(f"{players:>7} {args.games:>6} {cells} {statistics.median(lengths):>13.0f} "
              f"{time.perf_counter() - start:>8.1f}")


if __name__ == "__main__":
    main()
