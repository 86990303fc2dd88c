"""`foodplay tournament GAME`: seeded games between bots; each seat's win rate with a 95%
interval, and optionally one CSV line per game (docs/strategy-lab.md).

    foodplay tournament burg --players 3 --bots heuristic,random,random --games 500
    foodplay tournament coffee-rush --games 1000 --workers 2 --out results.csv
    foodplay tournament food-truck --games 2000 --dask local      # a Dask LocalCluster
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from foodplay.cli.run import CliError, check_out
from foodplay.cli.text import help_text
from foodplay.data import DataError, Say
from foodplay.games import built_games, get_game
from foodplay.i18n.langcodes import LangChoices, lang_arg, public, public_codes
from foodplay.i18n.messages import catalogue
from foodplay.lab.play import BOT_KINDS, Results, Setting
from foodplay.lab.tournament import tournament
from foodplay.limits import file_name, shown

FAILURES_SHOWN = 10  # the failures printed one by one; the CSV has them all
DECIMAL_COMMA = ("fr", "pt")


def add_parser(sub: argparse._SubParsersAction, lang: str,
               whole: Callable[[str], int]) -> None:
    """Add the `tournament` subcommand; `whole` is the command line's whole-number type."""
    cat = catalogue(None, lang)

    def meta(key: str) -> str:
        return cat.format(f"cli.meta.{key}")

    cmd = sub.add_parser("tournament", help=help_text(lang, "cli.help.tournament"))
    cmd.add_argument("game", metavar=meta("game"))
    cmd.add_argument("--players", type=whole, default=2, metavar=meta("players"),
                     help=help_text(lang, "cli.help.players", count=2))
    cmd.add_argument("--bots", default="heuristic", metavar=meta("bots"),
                     help=help_text(lang, "cli.help.bots", kinds=", ".join(BOT_KINDS)))
    cmd.add_argument("--games", type=whole, default=100, metavar=meta("games"),
                     help=help_text(lang, "cli.help.tournament_games", count=100))
    where = cmd.add_mutually_exclusive_group()
    where.add_argument("--workers", type=whole, default=1, metavar=meta("workers"),
                       help=help_text(lang, "cli.help.workers"))
    where.add_argument("--dask", metavar=meta("address"),
                       help=help_text(lang, "cli.help.dask", local="'local'"))
    cmd.add_argument("--seed", type=whole, default=1, metavar=meta("seed"),
                     help=help_text(lang, "cli.help.tournament_seed"))
    cmd.add_argument("--out", metavar=meta("out"), help=help_text(lang, "cli.help.csv"))
    cmd.add_argument("--lang", default=lang, choices=LangChoices(), type=lang_arg,
                     metavar="{" + ",".join(public_codes()) + "}",
                     help=help_text(lang, "cli.help.lang", default=public(lang)))


def percent(value: float, lang: str) -> str:
    """A share as a percentage with one decimal, in the language's decimal sign."""
    text = f"{value * 100:.1f}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def _setting(args: argparse.Namespace, lang: str) -> Setting:
    if args.game not in built_games():
        raise DataError("game", catalogue(None, lang).format("cli.game", {
            "game": shown(args.game, lang=lang), "games": ", ".join(built_games())}))
    game = get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        raise DataError("--players", Say("cli.players", title=game.title, low=game.min_players,
                                         high=game.max_players, players=args.players))
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) not in (1, args.players) or any(b not in BOT_KINDS for b in bots):
        raise DataError("--bots", Say("cli.bots", kinds=", ".join(BOT_KINDS),
                                      players=args.players, bots=shown(args.bots, lang=lang)))
    return Setting.make(game.id, args.players, bots)


def _write_csv(results: Results, path: str, lang: str) -> None:
    """The CSV whole or not at all: written beside `path`, then renamed over it."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".foodplay-", suffix=".tmp")
    os.close(handle)
    try:
        results.write_csv(temporary)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except OSError as exc:
        raise CliError("cli.out_not_file", path=file_name(path, lang),
                       reason=exc.strerror or str(exc)) from exc
    finally:
        Path(temporary).unlink(missing_ok=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def report(results: Results, lang: str) -> list[str]:
    """The lines a tournament prints: the setting, each seat's win rate, the failures."""
    cat = catalogue(None, lang)
    setting = results.settings[0]
    rows = results.rows
    lines = [cat.format("lab.cli.head", {
        "title": get_game(setting.game).title, "players": setting.players,
        "count": len(rows), "first": rows[0].seed if rows else 0,
        "last": rows[-1].seed if rows else 0})]
    for rate in results.win_rates():
        low, high = rate.interval
        lines.append(cat.format("lab.cli.seat", {
            "seat": rate.seat + 1, "bot": rate.bot, "rate": percent(rate.rate, lang),
            "low": percent(low, lang), "high": percent(high, lang)}))
    failures = results.failures
    if failures:
        lines.append(cat.format("lab.cli.failures", {"count": len(failures)}))
        lines += ["  " + failure.text(lang) for failure in failures[:FAILURES_SHOWN]]
    if results.interrupted:
        lines.append(cat.format("lab.cli.interrupted", {"count": len(rows),
                                                         "planned": results.planned}))
    return lines


def cmd_tournament(args: argparse.Namespace) -> None:
    lang = args.lang
    setting = _setting(args, lang)
    if args.games < 1:
        raise CliError("cli.games")
    if args.workers < 1:
        raise CliError("lab.cli.workers")
    if args.out is not None:
        if not args.out.strip():
            raise CliError("lab.cli.out_empty")
        check_out(args.out)
    client = None
    if args.dask is not None:
        if not args.dask.strip():
            raise CliError("lab.cli.dask_empty", example="tcp://10.0.0.5:8786", local="'local'")
        client = args.dask.strip()
    workers = args.workers if client is None else max(2, os.cpu_count() or 2)
    results = tournament(setting, games=args.games, seed=args.seed, workers=workers,
                         client=client, progress=sys.stderr.isatty(), lang=lang)
    for line in report(results, lang):
        print(line)
    if args.out is not None:
        _write_csv(results, args.out, lang)
        print(catalogue(None, lang).format("lab.cli.written", {
            "count": len(results.rows), "path": file_name(args.out, lang)}))
