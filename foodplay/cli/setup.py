"""`foodplay setup GAME --players N [--lang L]`: the set-up guide for a real box, as numbered
steps with their rule and whether each is the rulebook's own or the tutor's default.

    foodplay setup burg --players 3
    foodplay setup cuisine-a-la-card --players 4 --lang fr
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from foodplay.cli.text import help_text
from foodplay.i18n.langcodes import LangChoices, lang_arg, public, public_codes
from foodplay.i18n.messages import catalogue
from foodplay.teaching.setup_guide import guide_text


def add_parser(sub: argparse._SubParsersAction, lang: str,
               whole: Callable[[str], int]) -> None:
    """Add the `setup` subcommand; `whole` is the command line's whole-number type."""
    cat = catalogue(None, lang)
    cmd = sub.add_parser("setup", help=help_text(lang, "cli.help.setup"))
    cmd.add_argument("game", metavar=cat.format("cli.meta.game"))
    cmd.add_argument("--players", type=whole, required=True,
                     metavar=cat.format("cli.meta.players"),
                     help=help_text(lang, "cli.help.setup_players"))
    cmd.add_argument("--lang", default=lang, choices=LangChoices(), type=lang_arg,
                     metavar="{" + ",".join(public_codes()) + "}",
                     help=help_text(lang, "cli.help.lang", default=public(lang)))


def cmd_setup(args: argparse.Namespace) -> None:
    """Print the guide; an unknown game or a player count out of range is a DataError, which
    the command line prints as one sentence."""
    print(guide_text(args.game, args.players, args.lang))
