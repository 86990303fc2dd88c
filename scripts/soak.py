"""Soak every game with random games and report the invariants' figures (a report, not a test).

For each game, play `--games` random games (10,000 by default), cycling through its player
counts, with seeds 0, 1, 2, ... Each game checks:

- conservation: after every step the inventory equals the one at the start;
- replay: the record, saved to JSON and loaded again, replays to the same final position;
- non-interference: at up to `--secret` positions with a secret choice, every other seat's view
  and visible events are the same whichever secret option is played.

    .venv/bin/python scripts/soak.py                 # 10^4 games per game (long)
    .venv/bin/python scripts/soak.py --games 200     # a quicker run
    .venv/bin/python scripts/soak.py --game burg --games 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from foodplay.games import built_games, get_game
from foodplay.invariants import check_conservation, interference_problems, private_choices
from foodplay.record import Record

MAX_MOVES = 20_000


@dataclass
class Tally:
    """One game's figures."""

    games: int = 0
    moves: int = 0
    unfinished: int = 0
    conservation: int = 0
    replay: int = 0
    secret_positions: int = 0
    interference: int = 0
    crashes: int = 0
    seconds: float = 0.0
    lengths: list[int] = field(default_factory=list)
    first_problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.first_problems) < 5:
            self.first_problems.append(text)


def soak_one(game_id: str, players: int, seed: int, secret: int, tally: Tally) -> None:
    """Play one random game with every check, adding its figures to `tally`."""
    record = Record(game_id, players, seed=seed)
    state = record.new_state()
    start = state.inventory()
    rng = random.Random(seed)
    checked = 0
    while (decision := state.decision()) is not None:
        if len(record.moves) >= MAX_MOVES:
            tally.unfinished += 1
            tally.problem(f"{game_id} {players}p seed {seed}: no end after {MAX_MOVES} moves")
            break
        if checked < secret and private_choices(state) and rng.random() < 0.25:
            checked += 1
            problems = interference_problems(state, limit=3)
            if problems:
                tally.interference += 1
                tally.problem(f"{game_id} {players}p seed {seed} step {len(record.moves)}: "
                              f"{problems[0]}")
        move = rng.choice(state.legal_moves(rng.choice(decision.seats)))
        state.apply(move)
        record.moves.append(move)
        if check_conservation(state, start):
            tally.conservation += 1
            tally.problem(f"{game_id} {players}p seed {seed} step {len(record.moves)}: "
                          f"{check_conservation(state, start)[0]}")
            break
    tally.secret_positions += checked
    again = Record.loads(record.dumps()).new_state()
    for move in record.moves:
        again.apply(move)
    if again.snapshot() != state.snapshot():
        tally.replay += 1
        tally.problem(f"{game_id} {players}p seed {seed}: the replay ends elsewhere")
    tally.games += 1
    tally.moves += len(record.moves)
    tally.lengths.append(len(record.moves))


def soak(game_id: str, games: int, secret: int) -> Tally:
    game = get_game(game_id)
    counts = list(range(game.min_players, game.max_players + 1))
    tally = Tally()
    began = time.perf_counter()
    for seed in range(games):
        players = counts[seed % len(counts)]
        try:
            soak_one(game_id, players, seed, secret, tally)
        except Exception as exc:  # a crash is a finding to report, not a reason to stop
            tally.crashes += 1
            tally.problem(f"{game_id} {players}p seed {seed}: {type(exc).__name__}: {exc}")
    tally.seconds = time.perf_counter() - began
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games per game")
    parser.add_argument("--game", choices=built_games(), help="only this game")
    parser.add_argument("--secret", type=int, default=3,
                        help="positions with a secret choice checked per game (default 3)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    failed = False
    print(f"{'game':<18} {'games':>6} {'moves':>10} {'median len':>10} {'secret pos':>10} "
          f"{'conserv.':>8} {'replay':>6} {'interf.':>7} {'crash':>5} {'unfin.':>6} "
          f"{'games/s':>8}")
    for game_id in [args.game] if args.game else built_games():
        t = soak(game_id, args.games, args.secret)
        bad = t.conservation + t.replay + t.interference + t.crashes + t.unfinished
        failed |= bad > 0
        median = statistics.median(t.lengths) if t.lengths else 0
        print(f"{game_id:<18} {t.games:>6} {t.moves:>10,} {median:>10.0f} "
              f"{t.secret_positions:>10,} {t.conservation:>8} {t.replay:>6} {t.interference:>7}"
              f" {t.crashes:>5} {t.unfinished:>6} {t.games / t.seconds:>8.1f}", flush=True)
        for line in t.first_problems:
            print(f"    {line}")
    print("all invariants held" if not failed else "PROBLEMS FOUND (see above)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
