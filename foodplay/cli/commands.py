"""The `foodplay` command: list games, play bot games, replay and check records, benchmark."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from foodplay.bots import BOT_KINDS, play_game, play_on
from foodplay.cli.rules import add_parser as add_rules_parser
from foodplay.cli.rules import cmd_rules
from foodplay.cli.run import CliError, check_out, lang, say, use_language
from foodplay.cli.setup import add_parser as add_setup_parser
from foodplay.cli.setup import cmd_setup
from foodplay.cli.text import aligned, argparse_language, help_text, translated_headings
from foodplay.cli.tournament import add_parser as add_tournament_parser
from foodplay.cli.tournament import cmd_tournament
from foodplay.data import DataError
from foodplay.engine import Move, State
from foodplay.explain import clause_label, explain, move_hidden, step_text
from foodplay.games import LISTINGS, built_games, credits_text, get_game
from foodplay.i18n.langcodes import LangChoices, lang_arg, public, public_codes, resolve
from foodplay.i18n.messages import catalogue
from foodplay.limits import (
    INT_DIGITS,
    SHOWN_CHARS,
    file_name,
    printable,
    read_file,
    short_values,
    shown,
)
from foodplay.position_io import position_record
from foodplay.record import Record, RecordError, Step, replay

EXIT_BAD_INPUT = 2
LANG_ENV = "FOODPLAY_LANG"  # the language of a run without --lang (docs/command-line.md)
EXIT_INTERNAL = 1
LINE_CHARS = 300  # the longest error line printed
OUTPUT_LINE_CHARS = 5_000  # the longest line of a replay; user text in it is already bounded


def out(text: str) -> None:
    """Print user-derived text with control codes escaped, so no escape sequence reaches the
    terminal, and every line cut to OUTPUT_LINE_CHARS."""
    print("\n".join(printable(line, OUTPUT_LINE_CHARS) for line in text.split("\n")))


class Parser(argparse.ArgumentParser):
    """argparse in the run's language (`foodplay.cli.text`), refusing a bad command line in
    one line (not a usage block), with every value it repeats printable and cut short."""

    def __init__(self, *args: Any, **kwargs: Any):
        with argparse_language(lang()):  # its section titles and -h's help are made here
            super().__init__(*args, **kwargs)

    def format_usage(self) -> str:
        with argparse_language(lang()):
            return aligned(super().format_usage())

    def format_help(self) -> str:
        with argparse_language(lang()):
            return aligned(translated_headings(super().format_help(), lang()))

    def error(self, message: str) -> NoReturn:
        detail = printable(short_values(message, lang()), LINE_CHARS - SHOWN_CHARS)
        self.exit(EXIT_BAD_INPUT, say("cli.usage", prog=self.prog, detail=detail) + "\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        with argparse_language(lang()):
            return super().parse_known_args(args, namespace)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            words = say("list.sep").join(shown(a, lang=lang()) for a in extra[:3])
            self.error(say("cli.unrecognized", args=words + (" …" if len(extra) > 3 else ""),
                           count=len(extra)))
        return parsed


def _whole_arg(value: str) -> int:
    """A whole-number option of at most INT_DIGITS digits; a long or odd value is not echoed."""
    text = value.strip()
    if not (text.lstrip("-").isascii() and text.lstrip("-").isdecimal()
            and len(text.lstrip("-")) <= INT_DIGITS):
        raise argparse.ArgumentTypeError(say("cli.whole", value=shown(value, lang=lang()),
                                             digits=INT_DIGITS))
    return int(text)


def _seat_arg(value: str) -> int:
    try:
        seat = int(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(say("cli.seat_number",
                                             value=shown(value, lang=lang()))) from exc
    if seat < 1:
        raise argparse.ArgumentTypeError(say("cli.seat_number", value=seat))
    return seat - 1


def add_lang(parser: argparse.ArgumentParser) -> None:
    """The --lang option, as every command that prints sentences takes it."""
    parser.add_argument("--lang", default=lang(), choices=LangChoices(), type=lang_arg,
                        metavar="{" + ",".join(public_codes()) + "}",
                        help=help_text(lang(), "cli.help.lang", default=public(lang())))


def build_parser(language: str = "en") -> argparse.ArgumentParser:
    """The `foodplay` command line, its help and refusals in `language` (the run's language
    from then on)."""
    use_language(language)
    lang_ = language

    def text(key: str, **params: Any) -> str:
        return help_text(lang_, key, **params)

    def meta(key: str) -> str:
        return say(f"cli.meta.{key}")

    parser = Parser(prog="foodplay", description=text("cli.help.description"))
    # the command's name in a refusal ("argument command: invalid choice"); main reads it back
    sub = parser.add_subparsers(dest=meta("command"), required=True)
    games = sub.add_parser("games", help=text("cli.help.games"))
    add_lang(games)

    play = sub.add_parser("play", help=text("cli.help.play"))
    add_lang(play)
    play.add_argument("game", metavar=meta("game"))
    play.add_argument("--players", type=_whole_arg, default=None, metavar=meta("players"),
                      help=text("cli.help.players", count=3))
    play.add_argument("--seed", type=_whole_arg, default=1, metavar=meta("seed"))
    play.add_argument("--bots", default="random", metavar=meta("bots"),
                      help=text("cli.help.bots", kinds=say("list.sep").join(BOT_KINDS)))
    play.add_argument("--out", metavar=meta("out"), help=text("cli.help.out"))
    play.add_argument("--position", metavar=meta("position"),
                      help=text("cli.help.position", doc="docs/records.md"))
    play.add_argument("--quiet", action="store_true", help=text("cli.help.quiet"))

    rep = sub.add_parser("replay", help=text("cli.help.replay"))
    add_lang(rep)
    rep.add_argument("file", metavar=meta("file"))
    rep.add_argument("--step", type=_whole_arg, metavar=meta("step"), help=text("cli.help.step"))
    rep.add_argument("--seat", type=_seat_arg, metavar=meta("seat"), help=text("cli.help.seat"))
    rep.add_argument("--json", action="store_true", help=text("cli.help.json"))

    check = sub.add_parser("check", help=text("cli.help.check"))
    add_lang(check)
    check.add_argument("file", metavar=meta("file"))

    bench = sub.add_parser("bench", help=text("cli.help.bench"))
    bench.add_argument("game", nargs="?", default="all", metavar=meta("game"),
                       help=text("cli.help.bench_game", all="all"))
    bench.add_argument("--games", type=_whole_arg, default=200, metavar=meta("games"))
    bench.add_argument("--players", type=_whole_arg, default=None, metavar=meta("players"),
                       help=text("cli.help.bench_players"))
    bench.add_argument("--rounds", type=_whole_arg, default=3, metavar=meta("rounds"),
                       help=text("cli.help.rounds"))
    add_rules_parser(sub, lang_)
    add_tournament_parser(sub, lang_, _whole_arg)
    add_setup_parser(sub, lang_, _whole_arg)
    return parser


def command_dest(parser: argparse.ArgumentParser) -> str:
    """Where `parser` puts the command's name (named in the run's language, see build_parser)."""
    return next(a.dest for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def cmd_games(_: argparse.Namespace) -> None:
    for entry in LISTINGS:
        players = say("ui.gallery.players", low=entry.min_players, high=entry.max_players)
        print(f"{entry.id:<18} {credits_text(entry.id, lang())}")
        print(f"{'':<18} {players}")


def _game_id(name: str) -> str:
    if name not in built_games():
        raise CliError("cli.game", game=shown(name, lang=lang()), games=", ".join(built_games()))
    return get_game(name).id


def _check_players(game_id: str, players: int) -> None:
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        raise CliError("cli.players", title=game.title, low=game.min_players,
                       high=game.max_players, players=players)


def _new_file_mode(target: Path) -> int:
    """The mode a file written at `target` gets: the old file's, or what the umask allows."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _write_out(record: Record, path: str) -> None:
    """Write the record to `path` whole or not at all: into a temporary file beside it, then
    renamed over it (an old file there stays as it was if anything fails)."""
    target = Path(path)
    temporary = None
    try:
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent,
                                         prefix=".foodplay-", suffix=".tmp",
                                         delete=False) as handle:
            temporary = handle.name
            handle.write(record.dumps() + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _new_file_mode(target))
        os.replace(temporary, target)
        temporary = None
    except (OSError, ValueError) as exc:
        raise CliError("cli.out_not_file", path=file_name(path, lang()),
                       reason=getattr(exc, "strerror", None) or str(exc)) from exc
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def _move_line(state: State, move: Move, hidden: bool) -> str:
    if hidden:
        return state.game.catalogue(lang()).format("ui.step.secret_move", {"seat": move.seat},
                                                   state.names)
    return step_text(state, move, lang())


def _print_step(state: State, step: Step, seat: int | None, hidden: bool = False) -> None:
    head = say("step.setup") if step.move is None else \
        say("cli.step_head", n=step.index, move=_move_line(state, step.move, hidden))
    out(head)
    for sentence in explain(state, step.events, seat, lang()):
        cited = say("list.cited_sep").join(clause_label(c, lang(), state) for c in sentence.clauses)
        out(f"  {sentence.text}  [{cited}]")


def _position(path: str, game_id: str, players: int | None) -> Record:
    """The record a --position file starts from, refused in one line naming what is wrong and
    where (the file, then the field)."""
    where = file_name(path, lang())
    try:
        record = position_record(read_file(path))
        replay(record)  # every move of a saved record, before a bot plays
    except (DataError, RecordError) as exc:
        raise CliError("cli.position", path=where, detail=exc.text(lang())) from exc
    game = get_game(game_id)
    if record.game != game.id:
        raise CliError("cli.position_game", path=where, found=get_game(record.game).title,
                       title=game.title)
    if players is not None and players != record.players:
        raise CliError("cli.position_players", path=where, players=players,
                       seats=record.players)
    return record


def cmd_play(args: argparse.Namespace) -> None:
    if args.out is not None and not args.out.strip():
        raise CliError("cli.out_empty")
    game_id = _game_id(args.game)
    start = _position(args.position, game_id, args.players) if args.position else None
    players = start.players if start else 3 if args.players is None else args.players
    _check_players(game_id, players)
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) not in (1, players) or any(b not in BOT_KINDS for b in bots):
        raise CliError("cli.bots", kinds=", ".join(BOT_KINDS), players=players,
                       bots=shown(args.bots, lang=lang()))
    if args.out:
        check_out(args.out)
    if start is None:
        record, final = play_game(game_id, players, args.seed, bots)
    else:
        record = start
        final = play_on(record, replay(record)[0], args.seed, bots)
    if not args.quiet:
        state, steps = replay(record, 0)
        _print_step(state, steps[0], None)
        for index, move in enumerate(record.moves, start=1):
            events = state.apply(move)
            _print_step(state, Step(index, move, events), None)
        print()
    scores = say("list.sep").join(say("cli.score", name=n, score=s)
                       for n, s in zip(final.names, final.scores(), strict=True))
    print(catalogue(None, lang()).format(
        "cli.result", {"count": len(record.moves), "scores": scores, "seats": final.winners()},
        final.names))
    if args.out:
        _write_out(record, args.out)
        out(say("cli.written", path=file_name(args.out, lang())))


def cmd_replay(args: argparse.Namespace) -> None:
    record = Record.load(args.file)
    upto = args.step
    if upto is not None and not 0 <= upto <= len(record.moves):
        raise CliError("cli.step", step=upto, last=len(record.moves))
    if args.seat is not None and args.seat >= record.players:
        raise CliError("cli.seat", seat=args.seat + 1, last=record.players)
    replay(record)  # validate the whole record before printing anything
    last = len(record.moves) if upto is None else upto
    state, steps = replay(record, 0)
    steps_json: list[dict[str, Any]] = []
    for index in range(last + 1):
        hidden = False
        if index == 0:
            step = steps[0]
        else:
            move = record.moves[index - 1]
            hidden = move_hidden(state.decision(), move, args.seat, state.PRIVATE_MOVES)
            step = Step(index, move, state.apply(move))
        if args.json:
            steps_json.append(_step_json(state, step, args.seat, hidden))
        else:
            _print_step(state, step, args.seat, hidden)
            out("  " + state.game.describe(state.view(args.seat), lang()).replace("\n", "\n  "))
    if args.json:
        result = {"game": record.game, "players": record.players, "seat": args.seat,
                  "steps": steps_json, "over": state.is_over,
                  "scores": state.scores() if state.is_over else None,
                  "winners": state.winners() if state.is_over else None}
        out(json.dumps(result, ensure_ascii=False, indent=1))


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
                                    explain(state, step.events, seat, lang()), strict=True)],
        "view": state.view(seat),
    }


def cmd_check(args: argparse.Namespace) -> None:
    record = Record.load(args.file)
    state, _ = replay(record)
    status = say("cli.finished" if state.is_over else "cli.unfinished")
    out(say("cli.checked", path=file_name(args.file, lang()), title=get_game(record.game).title,
            count=len(record.moves), status=status))


def cmd_bench(args: argparse.Namespace) -> None:
    from foodplay.cli.bench import report, run

    game_ids = built_games() if args.game == "all" else [_game_id(args.game)]
    if args.games < 1:
        raise CliError("cli.games")
    for game_id in game_ids:
        game = get_game(game_id)
        counts = [args.players] if args.players is not None else [2, 4]
        for players in counts:
            if not game.min_players <= players <= game.max_players:
                if args.players is None:
                    continue
                _check_players(game_id, players)
            print(report(game.title, players, run(game_id, players, args.games, args.rounds)),
                  flush=True)


COMMANDS = {"games": cmd_games, "play": cmd_play, "replay": cmd_replay, "check": cmd_check,
            "bench": cmd_bench, "rules": cmd_rules, "tournament": cmd_tournament,
            "setup": cmd_setup}


def _asked_lang(argv: Sequence[str]) -> str | None:
    """The language the command line's --lang asks for (or --la, --lan, as argparse takes
    them), read before parsing so that the help and argparse's refusals are in it too; None
    if it asks for none the tutor has."""
    for index, arg in enumerate(argv):
        name, equals, inline = arg.partition("=")
        if not (name.startswith("--la") and "--lang".startswith(name)):
            continue
        value = inline if equals else argv[index + 1] if index + 1 < len(argv) else None
        if resolve(value) is not None:
            return resolve(value)
    return None


def run_language(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of this run: --lang, else the FOODPLAY_LANG environment variable, else
    English. A FOODPLAY_LANG the tutor does not have is refused (CliError), unless --lang
    names one it has."""
    asked = _asked_lang(argv)
    if asked is not None:
        return asked
    value = environ.get(LANG_ENV, "").strip()
    if not value:
        return "en"
    if resolve(value) is None:
        raise CliError("cli.env_lang", name=LANG_ENV, value=shown(value, lang=lang()),
                       languages=", ".join(public_codes()))
    return resolve(value)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    use_language("en")
    try:
        language = run_language(argv, os.environ)
    except CliError as exc:
        print(printable(f"foodplay: {exc}", LINE_CHARS), file=sys.stderr)
        return EXIT_BAD_INPUT
    parser = build_parser(language)
    args = parser.parse_args(argv)
    args.command = getattr(args, command_dest(parser))
    use_language(getattr(args, "lang", language))
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):  # never a UnicodeEncodeError on a narrow terminal
            stream.reconfigure(errors="backslashreplace")
    try:
        COMMANDS[args.command](args)
    except (CliError, RecordError, DataError) as exc:
        said = str(exc) if isinstance(exc, CliError) else exc.text(lang())
        detail = printable(" ".join(said.split()), LINE_CHARS - SHOWN_CHARS)
        print(say("cli.failed", command=args.command, detail=detail), file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
    except (RecursionError, MemoryError, ArithmeticError, LookupError, TypeError,
            ValueError) as exc:  # a fault of the tutor's own: still one line, no traceback
        print(say("cli.internal", command=args.command, error=type(exc).__name__),
              file=sys.stderr)
        return EXIT_INTERNAL
    return 0


if __name__ == "__main__":
    sys.exit(main())

