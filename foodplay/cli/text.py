"""argparse in the learner's language: its own words (usage:, options, invalid choice, ...)
from the core message catalogue, through the gettext hook argparse calls them through.

argparse passes every sentence of its own through `gettext` (imported into its module as `_`
and `ngettext`) before filling in the `%` fields, on Python 3.11 to 3.14 alike. While a
command line is built and parsed, `argparse_language(lang)` puts a lookup in their place that
maps each English message id to a catalogue key (`cli.argparse.*`), keeping the `%` fields as
argparse wrote them; a message id it does not know passes through in English, as before. The
section headings ("options:") are rewritten by the parser's `format_help`, since Python 3.11
to 3.13 add their colon without gettext.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from foodplay.i18n.messages import catalogue

# argparse's message id -> (catalogue key, {field: the % specifier argparse fills it with})
ARGPARSE_KEYS: dict[str, tuple[str, dict[str, str]]] = {
    "usage: ": ("cli.argparse.usage", {}),
    "positional arguments": ("cli.argparse.positionals", {}),
    "options": ("cli.argparse.options", {}),
    "show this help message and exit": ("cli.argparse.help", {}),
    "argument %(argument_name)s: %(message)s":
        ("cli.argparse.argument", {"argument": "%(argument_name)s", "message": "%(message)s"}),
    "invalid choice: %(value)r (choose from %(choices)s)":
        ("cli.argparse.invalid_choice", {"value": "%(value)r", "choices": "%(choices)s"}),
    "the following arguments are required: %s": ("cli.argparse.required", {"arguments": "%s"}),
    "expected one argument": ("cli.argparse.expected_one", {}),
    "expected at most one argument": ("cli.argparse.expected_at_most_one", {}),
    "expected at least one argument": ("cli.argparse.expected_at_least_one", {}),
    "not allowed with argument %s": ("cli.argparse.not_allowed", {"argument": "%s"}),
    "one of the arguments %s is required": ("cli.argparse.one_required", {"arguments": "%s"}),
    "invalid %(type)s value: %(value)r":
        ("cli.argparse.invalid_value", {"type": "%(type)s", "value": "%(value)r"}),
    "ambiguous option: %(option)s could match %(matches)s":
        ("cli.argparse.ambiguous", {"option": "%(option)s", "matches": "%(matches)s"}),
    "ignored explicit argument %r": ("cli.argparse.ignored", {"value": "%r"}),
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        ("cli.argparse.unknown_parser", {"name": "%(parser_name)r", "choices": "%(choices)s"}),
}
# ngettext's singular message id -> catalogue key (a plural object by `count`, field `number`)
ARGPARSE_PLURAL_KEYS = {"expected %s argument": "cli.argparse.expected_count"}
_FIELD = "\x00{}\x00"  # a field's place while the catalogue text is made %-safe


def _as_percent_template(lang: str, key: str, fields: dict[str, str], count: int = 0) -> str:
    """Catalogue text `key` as a %-template: its literal % doubled, its fields argparse's."""
    params: dict[str, Any] = {name: _FIELD.format(name) for name in fields} | {"count": count}
    text = catalogue(None, lang).format(key, params).replace("%", "%%")
    for name, spec in fields.items():
        text = text.replace(_FIELD.format(name), spec)
    return text


def argparse_gettext(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """The `gettext` and `ngettext` that argparse should call for `lang`."""
    def gettext(message: str) -> str:
        if message not in ARGPARSE_KEYS:
            return message
        key, fields = ARGPARSE_KEYS[message]
        return _as_percent_template(lang, key, fields)

    def ngettext(singular: str, plural: str, count: int) -> str:
        key = ARGPARSE_PLURAL_KEYS.get(singular)
        if key is None:
            return singular if count == 1 else plural
        return _as_percent_template(lang, key, {"number": "%s"}, count)

    return gettext, ngettext


@contextmanager
def argparse_language(lang: str) -> Iterator[None]:
    """argparse speaks `lang` inside this block (building a parser, parsing, printing help);
    as it was after it. (A command line is parsed in one thread.)"""
    saved = argparse.__dict__.get("_"), argparse.__dict__.get("ngettext")
    argparse._, argparse.ngettext = argparse_gettext(lang)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def translated_headings(help_text: str, lang: str) -> str:
    """`help_text` with its section headings ("options:") in the language's form
    ("options :", "选项："): a line that is a heading of argparse's followed by a colon."""
    cat = catalogue(None, lang)
    titles = {cat.format(key) for key in ("cli.argparse.positionals", "cli.argparse.options")}
    pattern = re.compile(r"^( *)(" + "|".join(map(re.escape, titles)) + r"):$", re.MULTILINE)
    return pattern.sub(lambda m: m.group(1) + cat.format("cli.argparse.heading",
                                                         {"heading": m.group(2)}), help_text)


def _extra_width(text: str) -> int:
    """How many more terminal columns `text` takes than characters (Hangul, CJK: two each)."""
    return sum(unicodedata.east_asian_width(c) in "WF" for c in text)


_ITEM = re.compile(r"^( +\S.*?)( {2,})(\S.*)$")  # "  --players 인원     help text"


def aligned(help_text: str) -> str:
    """`help_text` with its columns lined up on a terminal, where a Korean or Chinese word is
    two columns wide but argparse pads by characters: an option whose name or value holds
    such words gets fewer spaces before its help (at least two), and the lines that continue
    a usage line after a wide prefix ("사용법: ") get more."""
    lines = help_text.split("\n")
    usage_extra = _extra_width(lines[0].partition("foodplay")[0]) if lines else 0
    in_usage = True
    for index, line in enumerate(lines):
        if not line.strip():
            in_usage = False
        elif in_usage and index > 0 and line.startswith(" "):
            lines[index] = " " * usage_extra + line
        elif not in_usage and (item := _ITEM.match(line)) and _extra_width(item.group(1)):
            spaces = max(2, len(item.group(2)) - _extra_width(item.group(1)))
            lines[index] = item.group(1) + " " * spaces + item.group(3)
    return "\n".join(lines)


def help_text(lang: str, key: str, **params: Any) -> str:
    """A help string from the catalogue, with its % doubled (argparse fills %(default)s etc.)."""
    return catalogue(None, lang).format(key, params).replace("%", "%%")
