"""`foodplay table GAME --players N`: follow a real game at the table (foodplay.companion).

    foodplay table burg --players 2 --first 1          # prompts, numbered choices, likeliest first
    foodplay table burg --players 2 --script game.txt  # one JSON entry per line
    foodplay table burg --players 2 --script game.txt --out game.json

At the prompt: a choice's number, a JSON entry (`{"seat": 0, "kind": "reveal", "card":
"lettuce"}`), `undo`, `choices` (all of them), `rules` (every rule), `rules WORDS` (a search,
or a rule's card for a number such as `rules 4`), `quit`. A script holds the same, one per
line; blank lines and `#` comments are skipped. A refused entry is printed with its rule and
the companion goes on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator

from foodplay.cli.rules import clause_line, find_clause
from foodplay.cli.run import CliError, check_out, lang, say, write_out
from foodplay.cli.text import help_text
from foodplay.companion.session import Result, TableSession
from foodplay.data import DataError
from foodplay.games import built_games, get_game
from foodplay.i18n.langcodes import LangChoices, lang_arg, public, public_codes
from foodplay.i18n.messages import catalogue
from foodplay.limits import QUERY_CHARS, file_name, printable, read_file, shown
from foodplay.teaching.search import QueryTooLong, check_query, search

CHOICES_SHOWN = 9  # numbered choices printed at each prompt; `choices` prints them all
SCRIPT_BYTES = 1_000_000  # the largest script read
LINE_SHOWN = 300  # the longest echo of a typed line


def add_parser(sub: argparse._SubParsersAction, lang_: str, whole: Callable[[str], int],
               seat: Callable[[str], int]) -> None:
    """Add the `table` subcommand; `whole` and `seat` are the command line's number types
    (`seat` counts from 1, as `replay --seat`)."""
    cat = catalogue(None, lang_)

    def meta(key: str) -> str:
        return cat.format(f"cli.meta.{key}")

    cmd = sub.add_parser("table", help=help_text(lang_, "cli.help.table"))
    cmd.add_argument("game", metavar=meta("game"))
    cmd.add_argument("--players", type=whole, required=True, metavar=meta("players"))
    cmd.add_argument("--first", type=seat, metavar=meta("seat"),
                     help=help_text(lang_, "cli.help.first"))
    cmd.add_argument("--script", metavar=meta("file"), help=help_text(lang_, "cli.help.script"))
    cmd.add_argument("--out", metavar=meta("out"), help=help_text(lang_, "cli.help.out"))
    cmd.add_argument("--lang", default=lang_, choices=LangChoices(), type=lang_arg,
                     metavar="{" + ",".join(public_codes()) + "}",
                     help=help_text(lang_, "cli.help.lang", default=public(lang_)))


def cmd_table(args: argparse.Namespace) -> None:
    if args.game not in built_games():
        raise CliError("cli.game", game=shown(args.game, lang=lang()),
                       games=", ".join(built_games()))
    game = get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        raise CliError("cli.players", title=game.title, low=game.min_players,
                       high=game.max_players, players=args.players)
    if args.first is not None and args.first >= args.players:
        raise CliError("table.cli.first", seat=args.first + 1, last=args.players)
    if args.out is not None:
        if not args.out.strip():
            raise CliError("cli.out_empty")
        check_out(args.out)
    lines = _script(args.script) if args.script is not None else None
    session = TableSession(game.id, args.players, first=args.first)
    follow(session, lines)
    if args.out:
        write_out(session.record(), args.out)
        print(say("cli.written", path=file_name(args.out, lang())))


def _script(path: str) -> list[str]:
    """A script's lines, read whole before the game starts (a file that is not text refused)."""
    try:
        text = read_file(path, SCRIPT_BYTES).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError("table.cli.not_text", path=file_name(path, lang()),
                       encoding="UTF-8") from exc
    return text.splitlines()


def _typed() -> Iterator[str]:
    """Lines typed at the terminal, until end of input (or Ctrl-C)."""
    while True:
        try:
            yield input("> ")
        except (EOFError, KeyboardInterrupt):  # end of input, or Ctrl-C: stop, still saving
            print()
            return


def follow(session: TableSession, script: list[str] | None) -> None:
    """Prompt and take entries (typed, or a script's lines) until the game ends or input does."""
    typed = script is None
    lines = _typed() if typed else iter(script)
    number = 0
    shown_prompt = False
    while not session.is_over:
        if typed and not shown_prompt:
            _show_prompt(session, CHOICES_SHOWN)
        shown_prompt = True
        line = next(lines, None)
        if line is None:
            if not typed:
                print(say("table.cli.script_end"))
                print(session.prompt().text(lang()))
            return
        number += 1
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        word, _, rest = text.partition(" ")
        word = word.casefold()
        if word == "quit":
            return
        if word == "choices":
            _show_prompt(session, None)
            continue
        if word in ("rules", "rule"):
            _rules(session, rest.strip())
            continue
        if word == "undo":
            _said(session.undo(), typed, number)
        elif text.isdigit():
            choices = session.choices()
            if len(text) < 6 and 1 <= int(text) <= len(choices):
                _said(session.enter(choices[int(text) - 1]), typed, number)
            else:
                print(say("table.cli.number", given=shown(text, 20, lang(), quoted=False),
                          count=len(choices)))
                continue
        else:
            _said(session.enter(text), typed, number)
        shown_prompt = False
    _finish(session)


def _said(result: Result, typed: bool, line: int) -> None:
    text = result.text(lang())
    if not result.ok and not typed:
        text = say("table.cli.line", line=line, text=text)
    print(printable(text))


def _show_prompt(session: TableSession, limit: int | None) -> None:
    prompt = session.prompt()
    print(printable(prompt.text(lang())))
    choices = session.choices()
    for index, entry in enumerate(choices[:limit], start=1):
        print(say("table.cli.choice", n=index, entry=session.entry_text(entry, lang()),
                  json=json.dumps(entry, ensure_ascii=False)))
    if limit is not None and len(choices) > limit:
        print(say("table.cli.more", count=len(choices) - limit, choices="choices"))
    print(say("table.cli.hint", undo="undo", rules="rules", quit="quit"))


def _rules(session: TableSession, query: str) -> None:
    """`rules`: every rule; `rules 4`: that rule's card; `rules WORDS`: a search."""
    game, language = session.game, lang()
    cat, rulebook = game.catalogue(language), game.rulebook()
    if not query:
        for clause in rulebook:
            print(clause_line(cat, clause, language))
        return
    try:
        clause = find_clause(rulebook, query, cat, game.title)
    except DataError:
        clause = None
    if clause is not None:
        print(clause_line(cat, clause, language))
        print(f"  {clause.text(language)}")
        return
    try:
        check_query(query, language)
    except QueryTooLong:
        print(say("table.cli.query_long", count=QUERY_CHARS))
        return
    results = search(game.id, query, language, 5)
    said = shown(query, QUERY_CHARS, language, quoted=False)
    if not results.hits:
        print(cat.format("ui.lookup.none", {"query": said}))
        return
    print(cat.format("ui.lookup.results", {"count": len(results.hits), "query": said}))
    for hit in results.hits:
        print(f"  {clause_line(cat, hit.clause, language)}")


def _finish(session: TableSession) -> None:
    """The winner announced, and each seat's final score."""
    state = session.state
    print(printable(session.prompt().text(lang())))
    cat = session.game.catalogue(lang())
    scores = cat.series(say("cli.score", name=name, score=score)
                        for name, score in zip(state.names, session.scores(), strict=True))
    print(say("table.cli.scores", scores=scores))
    sys.stdout.flush()
