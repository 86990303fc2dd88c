"""Message catalogues: every learner-facing sentence, by key, per language, with parameters.

Templates use `str.format` fields plus these conversions:
`{seat!p}` a seat's name, `{card!c}` a component's name (key `name.<id>`),
`{cards!l}` a list of component names and `{seats!P}` a list of seat names, joined the
language's way, and `{label!t}` a label from a data file (key `label.<text>`, else the text as
written, for a label a user wrote).
A template may also be an object of plural forms, one per CLDR category of its language
(`foodplay.plural`: English "one" and "other", French "one", "many" and "other", Korean only
"other"), plus an optional "zero" for exactly 0. The form is chosen by `count`, or by the
parameter that `"by"` names (`{"by": "points", "one": ..., "other": ...}`).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from foodplay.data import DataError, read_json, require
from foodplay.plural import categories, category

CORE_DIR = Path(__file__).parent / "locale"
# Languages with a core catalogue, English first; a game may translate only part of its text.
LANGUAGES = ("en",) + tuple(sorted(p.name.split(".")[1] for p in CORE_DIR.glob("messages.*.json")
                                   if p.name != "messages.en.json"))


class _Formatter(string.Formatter):
    def __init__(self, catalogue: Catalogue, names: Sequence[str]):
        self.catalogue = catalogue
        self.names = names

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "p":
            return self.names[value] if isinstance(value, int) and 0 <= value < len(self.names) \
                else str(value)
        if conversion == "c":
            return self.catalogue.name(value)
        if conversion == "P":
            return self.catalogue.join([self.convert_field(v, "p") for v in value])
        if conversion == "l":
            return self.catalogue.join([self.catalogue.name(v) for v in value])
        if conversion == "t":
            key = f"label.{value}"
            return self.catalogue.template(key) if self.catalogue.has(key) else str(value)
        return super().convert_field(value, conversion)


# French elides these words before a vowel: "de Alice" is written "d’Alice", "le Oignon"
# "l’Oignon". Applied where a parameter's value follows one (the template's own words are
# already written right); an h is left alone, since French keeps "le Homard".
_ELIDED = {"fr": re.compile(r"(?<![\w’'])(de|que|le|la|jusque|lorsque|puisque) $", re.IGNORECASE)}
_VOWELS = set("AEIOUÀÂÆÉÈÊËÎÏÔŒÙÛÜaeiouàâæéèêëîïôœùûü")


def _elide(literal: str, value: str, rule: re.Pattern[str]) -> str:
    """`literal` with its last word elided if `value` starts with a vowel (French)."""
    if value[:1] not in _VOWELS:
        return literal
    match = rule.search(literal)
    return literal if match is None else literal[:match.start()] + match.group(1)[:-1] + "’"


class Catalogue:
    """Look up and fill message templates; falls back to English, never to a bare key."""

    def __init__(self, lang: str, templates: Mapping[str, Any], fallback: Catalogue | None = None):
        self.lang = lang
        self.templates = dict(templates)
        self.fallback = fallback

    def has(self, key: str) -> bool:
        return key in self.templates or (self.fallback is not None and self.fallback.has(key))

    def template(self, key: str) -> Any:
        if key in self.templates:
            return self.templates[key]
        if self.fallback is not None:
            return self.fallback.template(key)
        raise KeyError(f"no message {key!r} in the {self.lang} catalogue")

    def name(self, component: Any) -> str:
        key = f"name.{component}"
        return self.template(key) if self.has(key) else str(component)

    def series(self, items: Iterable[str], semicolons: bool = False) -> str:
        """Items side by side, the language's way ("a, b" or "a、b"), without a final "and"."""
        return self.template("list.cited_sep" if semicolons else "list.sep").join(items)

    def join(self, items: Sequence[str]) -> str:
        if not items:
            return self.template("list.none")
        if len(items) == 1:
            return items[0]
        head = self.template("list.sep").join(items[:-1])
        return self.template("list.and").format(head=head, last=items[-1])

    def format(self, key: str, params: Mapping[str, Any] | Sequence[tuple[str, Any]] = (),
               names: Sequence[str] = ()) -> str:
        """Fill template `key` with `params`; seat numbers become `names`."""
        values = dict(params)
        template = self.template(key)
        if isinstance(template, dict):
            count = values.get(template.get("by", "count"))
            form = "zero" if count == 0 and "zero" in template else category(self.lang, count)
            template = template.get(form, template["other"])
        formatter = _Formatter(self, names)
        parts = _parsed(template)
        if parts is None:
            return formatter.vformat(template, (), values)
        out = []
        elided = _ELIDED.get(self.lang)
        for literal, field, spec, conversion in parts:
            if field is None:
                out.append(literal)
                continue
            # what vformat does for a plain named field, without its overhead
            value = format(formatter.convert_field(values[field], conversion), spec)
            out.append(literal if elided is None else _elide(literal, value, elided))
            out.append(value)
        return "".join(out)

    __call__ = format


@cache
def _parsed(template: str) -> tuple[tuple[str, str | None, str, str | None], ...] | None:
    """A template's parts, parsed once; None if a field is not a plain name (such as `{0}`,
    `{a.b}`, `{a[0]}` or a nested format spec), which the full Formatter then handles."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if field is not None and (not field.isidentifier() or "{" in (spec or "")):
            return None
        parts.append((literal, field, spec or "", conversion))
    return tuple(parts)


def _load(path: Path, lang: str) -> dict[str, Any]:
    data = read_json(path)
    require(isinstance(data, dict), path.name, "must be an object of message keys")
    forms = set(categories(lang))
    for key, value in data.items():
        where = f"{path.name}: {key}"
        if isinstance(value, dict):
            given = set(value) - {"by", "zero"}
            require(given == forms and all(isinstance(v, str) for v in value.values()), where,
                    f"must give exactly the {lang} plural forms {', '.join(categories(lang))}"
                    " (and optionally 'zero' for exactly 0 and 'by', the parameter that"
                    f" chooses the form), not {', '.join(sorted(given)) or 'none'}")
        else:
            require(isinstance(value, str), where, "must be a string or an object of plural forms")
    return data


@cache
def catalogue(game_dir: Path | None, lang: str = "en") -> Catalogue:
    """The catalogue for one game (core messages plus the game's own), in `lang`."""
    if lang not in LANGUAGES:
        raise DataError("lang", f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    templates: dict[str, Any] = {}
    for folder in (CORE_DIR, game_dir / "data" if game_dir else None):
        if folder is not None and (folder / f"messages.{lang}.json").exists():
            templates.update(_load(folder / f"messages.{lang}.json", lang))
    fallback = None if lang == "en" else catalogue(game_dir, "en")
    return Catalogue(lang, templates, fallback)
