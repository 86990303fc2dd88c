"""The `foodplay` command: list games, play bot games, replay and check records, benchmark."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from foodplay.bots import BOT_KINDS, play_game
from foodplay.data import DataError
from foodplay.engine import Move, State
from foodplay.explain import clause_label, explain, move_hidden, step_text
from foodplay.games import LISTINGS, get_game
from foodplay.record import Record, RecordError, Step, replay
from foodplay.rules_cli import add_parser as add_rules_parser
from foodplay.rules_cli import cmd_rules

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A user mistake: printed as one line, exit status 2, never a traceback."""


def _seat_arg(value: str) -> int:
    try:
        seat = int(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"seat must be a number from 1, not {value!r}") from exc
    if seat < 1:
        raise argparse.ArgumentTypeError("seats are numbered from 1")
    return seat - 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="foodplay", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the games, with credits and player ranges")

    play = sub.add_parser("play", help="play a whole game between bots and explain every move")
    play.add_argument("game")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--bots", default="random",
                      help="one bot kind for all seats, or one per seat, comma-separated "
                           f"({', '.join(BOT_KINDS)})")
    play.add_argument("--out", help="write the game record to this JSON file")
    play.add_argument("--quiet", action="store_true", help="print only the result")

    rep = sub.add_parser("replay", help="replay a record, step by step")
    rep.add_argument("file")
    rep.add_argument("--step", type=int, help="stop at this step")
    rep.add_argument("--seat", type=_seat_arg, help="show only what this seat (1, 2, ...) sees")
    rep.add_argument("--json", action="store_true", help="machine-readable output")

    check = sub.add_parser("check", help="validate a record; exit status 2 if it is bad")
    check.add_argument("file")

    bench = sub.add_parser("bench", help="play seeded random games and print throughput")
    bench.add_argument("game")
    bench.add_argument("--games", type=int, default=200)
    bench.add_argument("--players", type=int, default=4)
    add_rules_parser(sub)
    return parser


def cmd_games(_: argparse.Namespace) -> None:
    for entry in LISTINGS:
        credits = entry.credits
        made = credits.publisher if credits.designer == "unknown" else \
            f"designed by {credits.designer}, published by {credits.publisher}"
        year = f" ({credits.year})" if credits.year else ""
        status = "playable" if entry.module else "not built yet"
        print(f"{entry.id:<18} {entry.title}: {made}{year}; "
              f"{entry.min_players}-{entry.max_players} players; {status}")


def _game_id(name: str) -> str:
    try:
        return get_game(name).id
    except KeyError as exc:
        raise CliError(exc.args[0]) from exc


def _move_line(state: State, move: Move, hidden: bool) -> str:
    if hidden:
        return state.game.catalogue().format("ui.step.secret_move", {"seat": move.seat},
                                             state.names)
    return step_text(state, move)


def _print_step(state: State, step: Step, seat: int | None, hidden: bool = False) -> None:
    head = "Set-up" if step.move is None else \
        f"Step {step.index}. {_move_line(state, step.move, hidden)}"
    print(head)
    for sentence in explain(state, step.events, seat):
        cited = "; ".join(clause_label(c, state=state) for c in sentence.clauses)
        print(f"  {sentence.text}  [{cited}]")


def cmd_play(args: argparse.Namespace) -> None:
    game_id = _game_id(args.game)
    game = get_game(game_id)
    if not game.min_players <= args.players <= game.max_players:
        raise CliError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                       f"not {args.players}")
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) not in (1, args.players) or any(b not in BOT_KINDS for b in bots):
        raise CliError(f"--bots takes one of {', '.join(BOT_KINDS)}, or one per seat "
                       f"({args.players} in all), comma-separated; got {args.bots!r}")
    record, final = play_game(game_id, args.players, args.seed, bots)
    if not args.quiet:
        state, steps = replay(record, 0)
        _print_step(state, steps[0], None)
        for index, move in enumerate(record.moves, start=1):
            events = state.apply(move)
            _print_step(state, Step(index, move, events), None)
        print()
    print(f"{len(record.moves)} moves. Scores: " + ", ".join(
        f"{n} {s}" for n, s in zip(final.names, final.scores(), strict=True))
        + ". Winner: " + ", ".join(final.names[w] for w in final.winners()) + ".")
    if args.out:
        record.save(args.out)
        print(f"Record written to {args.out}")


def cmd_replay(args: argparse.Namespace) -> None:
    record = Record.load(args.file)
    upto = args.step
    if upto is not None and not 0 <= upto <= len(record.moves):
        raise CliError(f"--step {upto} is outside this record, which has steps 0 to "
                       f"{len(record.moves)}")
    if args.seat is not None and args.seat >= record.players:
        raise CliError(f"--seat {args.seat + 1}: this game has seats 1 to {record.players}")
    replay(record)  # validate the whole record before printing anything
    last = len(record.moves) if upto is None else upto
    state, steps = replay(record, 0)
    out: list[dict[str, Any]] = []
    for index in range(last + 1):
        hidden = False
        if index == 0:
            step = steps[0]
        else:
            move = record.moves[index - 1]
            hidden = move_hidden(state.decision(), move, args.seat, state.PRIVATE_MOVES)
            step = Step(index, move, state.apply(move))
        if args.json:
            out.append(_step_json(state, step, args.seat, hidden))
        else:
            _print_step(state, step, args.seat, hidden)
            print("  " + state.game.describe(state.view(args.seat)).replace("\n", "\n  "))
    if args.json:
        result = {"game": record.game, "players": record.players, "seat": args.seat,
                  "steps": out, "over": state.is_over,
                  "scores": state.scores() if state.is_over else None,
                  "winners": state.winners() if state.is_over else None}
        print(json.dumps(result, ensure_ascii=False, indent=1))


def _step_json(state: State, step: Step, seat: int | None, hidden: bool) -> dict[str, Any]:
    rulebook = state.game.rulebook()
    move = None if step.move is None else \
        {"seat": step.move.seat, "kind": "secret"} if hidden else step.move.to_json()
    return {
        "step": step.index,
        "move": move,
        "events": [{"key": ev.key, "params": dict(ev.params), "clauses": list(ev.clauses),
                    "numbers": [rulebook[c].number for c in ev.clauses],
                    "provenance": [rulebook[c].provenance for c in ev.clauses],
                    "text": s.text}
                   for ev, s in zip([e for e in step.events if e.visible(seat)],
                                    explain(state, step.events, seat), strict=True)],
        "view": state.view(seat),
    }


def cmd_check(args: argparse.Namespace) -> None:
    record = Record.load(args.file)
    state, _ = replay(record)
    status = "finished" if state.is_over else "unfinished"
    print(f"OK: {args.file} is a valid {get_game(record.game).title} record, "
          f"{len(record.moves)} moves, {status}.")


def cmd_bench(args: argparse.Namespace) -> None:
    from foodplay.bench import run

    game_id = _game_id(args.game)
    game = get_game(game_id)
    if not game.min_players <= args.players <= game.max_players:
        raise CliError(f"{game.title} is for {game.min_players} to {game.max_players} players")
    if args.games < 1:
        raise CliError("--games must be at least 1")
    result = run(game_id, args.players, args.games)
    print(f"{game.title}, {args.players} players, {result.games} random games on one core: "
          f"{result.games_per_s:.1f} games/s, {result.moves_per_s:,.0f} moves/s "
          f"({result.moves} moves in {result.seconds:.2f} s); "
          f"peak traced memory {result.peak_kib:,.0f} KiB")


COMMANDS = {"games": cmd_games, "play": cmd_play, "replay": cmd_replay, "check": cmd_check,
            "bench": cmd_bench, "rules": cmd_rules}


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        COMMANDS[args.command](args)
    except (CliError, RecordError, DataError) as exc:
        print(f"foodplay {args.command}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

