"""The command line in the learner's language (issue 28, item 5): `--help` of every command,
the usage line and argparse's own refusals ("invalid choice", "the following arguments are
required", "expected one argument", ...) read in the language of `--lang` (wherever it stands
on the command line), else of FOODPLAY_LANG, else English; every option name is kept; each
refusal is still one line; English help is as it was.
"""

from __future__ import annotations

import argparse
import gettext
import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout

import pytest
from test_native_reading import ENGLISH as REFUSAL_ENGLISH

from foodplay.bots import BOT_KINDS
from foodplay.cli.commands import LINE_CHARS, build_parser, main
from foodplay.games import built_games
from foodplay.i18n.langcodes import public
from foodplay.i18n.messages import CORE_DIR, catalogue

LANGS = ("fr", "ko", "pt", "zh")
COMMANDS = ("games", "play", "replay", "check", "bench", "rules", "tournament", "setup")
# English words of the native-reading check, and the words of argparse's own English; none of
# them is French or Portuguese ("options" and "arguments" are, and so are left out)
ENGLISH = REFUSAL_ENGLISH | {"usage", "positional", "show", "this", "help", "message", "exit",
                             "invalid", "choice", "choose", "from", "required", "expected",
                             "following", "with", "by", "to", "at", "or", "default",
                             "output", "language", "record", "file", "players", "only", "print",
                             "command", "list", "search", "rule", "seat", "results"}
KEEP = set(json.loads((CORE_DIR / "keep.json").read_text(encoding="utf-8"))["names"])
# Latin words a Korean or Chinese help may show: command names, values, the docs path
VALUES = set(COMMANDS) | set(BOT_KINDS) | {"all", "en", "fr", "ko", "pt", "BR", "zh", "docs",
                                           "records", "md", "h", "int", "local"}
OPTION = re.compile(r"(?<![A-Za-z0-9-])--?[A-Za-z][\w-]*|\{[\w,-]+\}")  # --lang, -h, {en,fr,...}


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch | None = None,
        env: str | None = None) -> tuple[int, str, str]:
    if monkeypatch is not None:
        monkeypatch.setenv("COLUMNS", "100")
        if env is None:
            monkeypatch.delenv("FOODPLAY_LANG", raising=False)
        else:
            monkeypatch.setenv("FOODPLAY_LANG", env)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue(), err.getvalue()


def english_words(text: str, lang: str) -> set[str]:
    """The English words in `text` (option names and choice lists removed): for French and
    Portuguese the English-only words; for Korean and Chinese any Latin word that is not a
    name, a value or a command."""
    words = set(re.findall(r"[A-Za-z]+", OPTION.sub(" ", text)))
    if lang in ("ko", "zh"):
        return {w for w in words if w not in KEEP | VALUES and not any(
            w.casefold() in game.split("-") for game in built_games())}
    return {w for w in words if w.lower() in ENGLISH}


def options(command: str | None) -> set[str]:
    parser = build_parser("en")
    if command is not None:
        commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = commands.choices[command]
    return set(parser._option_string_actions)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", (None,) + COMMANDS)
def test_help_of_every_command_is_in_the_language_and_keeps_every_option(monkeypatch, lang,
                                                                        command):
    head = [] if command is None else [command]
    status, out, err = run(head + ["--help", "--lang", public(lang)], monkeypatch)
    assert status == 0 and err == "", err
    assert english_words(out, lang) == set(), out
    missing = sorted(o for o in options(command) if o not in OPTION.findall(out))
    assert missing == [], f"options missing from the {lang} help: {missing}"
    cat = catalogue(None, lang)
    assert out.startswith(cat.format("cli.argparse.usage") + "foodplay"), out
    assert cat.format("cli.argparse.heading", {"heading": cat.format("cli.argparse.options")}) \
        in out.splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_the_english_check_catches_english_help(monkeypatch, lang):
    """The check above finds the English of every help, so its passing means something."""
    for command in (None,) + COMMANDS:
        status, out, _ = run(([command] if command else []) + ["--help"], monkeypatch)
        assert status == 0 and english_words(out, lang), out


# Each refusal: the command line, and the catalogue key whose words it must show.
REFUSALS = {
    "an unknown command": (["nope"], "cli.argparse.invalid_choice"),
    "a bad --lang after a good one": (["play", "burg", "--lang", "{lang}", "--lang", "xx"],
                                      "cli.argparse.invalid_choice"),
    "a missing game": (["play"], "cli.argparse.required"),
    "a missing value": (["play", "burg", "--players"], "cli.argparse.expected_one"),
    "a value for a flag": (["play", "burg", "--quiet=3"], "cli.argparse.ignored"),
    "two exclusive options": (["rules", "burg", "--search", "rat", "--clause", "1"],
                              "cli.argparse.not_allowed"),
    "a word for a number": (["rules", "burg", "--limit", "ten"], "cli.argparse.invalid_value"),
    "an ambiguous option": (["rules", "burg", "--l", "3"], "cli.argparse.ambiguous"),
}


def _words_of(lang: str, key: str) -> str:
    """The longest run of a message's own words (between its fields)."""
    fields = {"value": "\x00", "choices": "\x00", "arguments": "\x00", "argument": "\x00",
              "type": "\x00", "option": "\x00", "matches": "\x00", "name": "\x00"}
    return max(catalogue(None, lang).format(key, fields).split("\x00"), key=len).strip()


@pytest.mark.parametrize("lang", LANGS + ("en",))
@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_argparse_refusals_are_one_line_in_the_language(monkeypatch, lang, case):
    template, key = REFUSALS[case]
    argv = [a.replace("{lang}", public(lang)) for a in template]
    if "{lang}" not in template:  # else the language asked first, though the last is bad
        argv += ["--lang", public(lang)]
    status, out, err = run(argv, monkeypatch)
    assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < LINE_CHARS, err
    assert _words_of(lang, key) in err, err
    around = catalogue(None, lang).format("cli.usage", {"prog": "\x00", "detail": "\x00"})
    assert max(around.split("\x00")[2:], key=len).strip() in err, err  # "(see ... --help)"
    if lang != "en":
        assert english_words(re.sub(r"'[^']*'", "", err), lang) == set(), err  # values aside


def test_lang_is_read_wherever_it_stands_and_however_it_is_spelt(monkeypatch):
    for argv, lang, key in ((["--lang", "fr", "nope"], "fr", "cli.argparse.invalid_choice"),
                            (["play", "--lang=fr"], "fr", "cli.argparse.required"),
                            (["play", "--la", "ko"], "ko", "cli.argparse.required"),
                            (["play", "--lan=pt-BR"], "pt", "cli.argparse.required")):
        status, _, err = run(argv, monkeypatch)
        assert status == 2 and _words_of(lang, key) in err, argv


def test_foodplay_lang_is_the_language_without_lang(monkeypatch):
    status, out, _ = run(["play", "--help"], monkeypatch, env="fr")
    assert status == 0 and out.startswith("utilisation\u00a0: foodplay play")
    assert "(par défaut\u00a0: fr)" in out  # the default --lang is the variable's
    status, out, _ = run(["play", "--help", "--lang", "ko"], monkeypatch, env="fr")
    assert status == 0 and out.startswith("사용법: foodplay play")  # --lang wins
    status, out, _ = run(["games"], monkeypatch, env="pt-BR")
    assert status == 0 and "jogadores" in out
    status, out, err = run(["games"], monkeypatch, env="xx")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "FOODPLAY_LANG" in err and "'xx'" in err and "pt-BR" in err
    assert run(["games", "--lang", "en"], monkeypatch, env="xx")[0] == 0
    assert run(["games"], monkeypatch, env="")[0] == 0


def test_english_help_is_as_it_was(monkeypatch):
    assert run(["play", "--help"], monkeypatch)[1] == """\
usage: foodplay play [-h] [--lang {en,fr,ko,pt-BR,zh}] [--players PLAYERS] [--seed SEED]
                     [--bots BOTS] [--out OUT] [--position POSITION] [--quiet]
                     game

positional arguments:
  game

options:
  -h, --help            show this help message and exit
  --lang {en,fr,ko,pt-BR,zh}
                        the language of the output (default: en)
  --players PLAYERS     default: 3
  --seed SEED
  --bots BOTS           one bot kind for all seats, or one per seat, comma-separated (random,
                        heuristic)
  --out OUT             write the game record to this JSON file
  --position POSITION   continue from this file: a position document (docs/records.md) or a saved
                        record, bots playing on
  --quiet               print only the result
"""
    # the one change: `rules --lang` is explained, as every other command's --lang is
    assert run(["rules", "--help"], monkeypatch)[1] == """\
usage: foodplay rules [-h] [--search TEXT | --clause N] [--lang {en,fr,ko,pt-BR,zh}]
                      [--limit LIMIT]
                      game

positional arguments:
  game

options:
  -h, --help            show this help message and exit
  --search TEXT         find rules by word, question or number (at most 120 characters)
  --clause N            show one rule's card, by its number
  --lang {en,fr,ko,pt-BR,zh}
                        the language of the output (default: en)
  --limit LIMIT         at most this many search results
"""


def test_argparse_speaks_english_again_after_a_run(monkeypatch):
    run(["play", "--lang", "ko"], monkeypatch)
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext
    assert "usage:" in argparse.ArgumentParser(prog="x").format_usage()


@pytest.mark.parametrize("lang", LANGS + ("en",))
def test_every_argparse_message_keeps_the_fields_argparse_fills(lang):
    """Each translated message id takes argparse's own % arguments, and every message id
    mapped is one this Python's argparse says (or said in 3.11 to 3.13)."""
    import inspect

    from foodplay.cli.text import ARGPARSE_KEYS, ARGPARSE_PLURAL_KEYS, argparse_gettext

    gettext_, ngettext_ = argparse_gettext(lang)
    sample = {"argument_name": "--x", "message": "m", "value": "v", "choices": "'a', 'b'",
              "type": "int", "option": "--l", "matches": "--lang, --limit", "parser_name": "p",
              "prog": "foodplay"}
    for message_id in ARGPARSE_KEYS:
        template = gettext_(message_id)
        filled = template % (sample if "%(" in message_id else
                             ("x",) * message_id.count("%") or ())
        assert "%" not in filled and filled.strip(), (message_id, filled)
    for singular in ARGPARSE_PLURAL_KEYS:
        assert "2" in ngettext_(singular, singular + "s", 2) % 2
    source = inspect.getsource(argparse)
    for message_id in ("usage: ", "positional arguments", "options",
                       "show this help message and exit", "expected one argument",
                       "invalid choice: %(value)r (choose from %(choices)s)",
                       "the following arguments are required: %s"):
        assert repr(message_id)[1:-1] in source, message_id


@pytest.mark.parametrize("lang", ("ko", "zh"))
def test_help_columns_line_up_on_a_terminal_with_wide_words(monkeypatch, lang):
    """A Hangul or CJK value name is two columns wide: the help beside it still starts in the
    same column as the help beside -h, and the usage's continuation lines under its start."""
    import unicodedata

    def columns(text: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)

    out = run(["play", "--help", "--lang", lang], monkeypatch)[1]
    starts = {columns(m.group(1) + m.group(2))
              for m in map(re.compile(r"^( +-\S.*?)( {2,})\S").match, out.splitlines()) if m}
    assert len(starts) == 1, out
    usage = out.split("\n\n")[0].splitlines()
    first = columns(usage[0].split("[")[0])
    assert all(len(line) - len(line.lstrip()) == first for line in usage[1:]), out
