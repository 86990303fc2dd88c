"""Message catalogues: every learner-facing sentence, by key, per language, with parameters.

Templates use `str.format` fields plus these conversions:
`{seat!p}` a seat's name, `{card!c}` a component's name (key `name.<id>`),
`{cards!l}` a list of component names and `{seats!P}` a list of seat names, joined the
language's way, and `{label!t}` a label from a data file (key `label.<text>`, else the text as
written, for a label a user wrote).
A template may also be an object of plural forms, one per CLDR category of its language
(`foodplay.i18n.plural`: English "one" and "other", French "one", "many" and "other", Korean only
"other"), plus an optional "zero" for exactly 0. The form is chosen by `count`, or by the
parameter that `"by"` names (`{"by": "points", "one": ..., "other": ...}`).

Where a sentence holds several counts, each chooses its own form with an inline plural (a
subset of ICU MessageFormat): `{done, plural, one {# burger is} other {# burgers are}} ready
out of {total, plural, one {# burger} other {# burgers}}`. `#` is the number; the forms are the
language's categories, all required, plus optional `zero` and exact values such as `=1`
(Korean ordinals: `{n, plural, =1 {첫 번째} =2 {두 번째} other {#번째}}`); a form may hold fields.
Korean particles follow a field and agree with how its value ends when read aloud
(`foodplay.i18n.korean`): `{seat!p}{이/가}`, `'{move}'{을/를}` (closing quotes may sit between),
`{n}{으로/로}`. Templates are checked on load; an error (CatalogueError) names the file and the key.

This is the bottom layer: refusals (`foodplay.refusal`) are sentences of this catalogue, so it
reads its own files with `json` and says its own errors in English (they are the project's files,
checked by the language tests, never a learner's input).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from foodplay.i18n.korean import is_particle, particle
from foodplay.i18n.plural import categories, category

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
        template = self.template("list.and")
        if _plain(template):
            return template.format(head=head, last=items[-1])
        return self.format("list.and", {"head": head, "last": items[-1]})

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
        out: list[str] = []
        elided = _ELIDED.get(self.lang)
        for literal, field, spec, conversion, extra in parts:
            if field is None:
                out.append(literal)
            elif extra is None:
                # what vformat does for a plain named field, without its overhead
                value = format(formatter.convert_field(values[field], conversion), spec)
                out.append(literal if elided is None else _elide(literal, value, elided))
                out.append(value)
            else:
                # an inline plural or a particle: rare, so filled the slower way
                return self._fill(parts, values, formatter)
        return "".join(out)

    __call__ = format

    def _fill(self, parts: Parts, values: Mapping[str, Any], formatter: _Formatter) -> str:
        """The text of parsed `parts`, which may hold inline plurals and particles."""
        elided = _ELIDED.get(self.lang)
        out: list[str] = []
        last = ""
        for literal, field, spec, conversion, extra in parts:
            if field is None:
                out.append(literal)
                continue
            if extra is None:
                # what vformat does for a plain named field, without its overhead
                value = format(formatter.convert_field(values[field], conversion), spec)
            elif not field:  # a Korean particle, chosen by the value before it
                out.append(literal)
                out.append(particle(last, extra))
                continue
            else:  # an inline plural: the form that the field's number chooses
                count = values[field]
                form = f"={count}" if isinstance(count, int) and f"={count}" in extra else \
                    "zero" if count == 0 and "zero" in extra else category(self.lang, count)
                value = self._fill(extra.get(form, extra["other"]), values, formatter)
            out.append(literal if elided is None else _elide(literal, value, elided))
            out.append(value)
            last = value
        return "".join(out)


# A parsed template: (literal, field, spec, conversion, extra) parts. `field` is None for the
# final literal; `extra` is None for a plain field, a particle pair ("이/가") with field "",
# or, for an inline plural, its forms by category, each parsed in turn.
Part = tuple[str, "str | None", str, "str | None", Any]
Parts = tuple[Part, ...]
_PLURAL = re.compile(r"\s*(\w+)\s*,\s*plural\s*,(.*)", re.DOTALL)
_FORM = re.compile(r"\s*(=\d+|\w+)\s*\{")
# between a field and its particle, only closing quotes or brackets: '{move}'{을/를}
_CLOSING = re.compile(r"['\"’”»」』)\]]*")


class TemplateError(ValueError):
    """A template whose braces, plural forms or particles cannot be read."""


class CatalogueError(ValueError):
    """A catalogue file (or a language asked for) that cannot be used: "where: problem"."""

    def __init__(self, where: str, problem: str):
        super().__init__(f"{where}: {problem}")
        self.where = where
        self.problem = problem


def require(condition: bool, where: str, problem: str) -> None:
    """Raise CatalogueError(where, problem) unless `condition` holds."""
    if not condition:
        raise CatalogueError(where, problem)


def _read(path: Path) -> Any:
    """A catalogue file's JSON, or CatalogueError naming the file."""
    try:
        return json.loads(path.read_bytes().decode("utf-8").removeprefix("\ufeff"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CatalogueError(path.name, f"cannot be read: {exc}") from None


def _closing_brace(text: str, start: int) -> int:
    """The index of the brace that closes the one at `start - 1` (braces nest)."""
    depth = 1
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise TemplateError("a '{' is never closed")


def _plural_forms(name: str, body: str) -> dict[str, Parts]:
    """`one {# card} other {# cards}` -> parsed forms, where # stands for the number."""
    forms: dict[str, Parts] = {}
    at = 0
    while body[at:].strip():
        match = _FORM.match(body, at)
        if match is None:
            raise TemplateError(f"plural {name!r}: expected a form such as 'one {{...}}' at "
                                f"{body[at:].strip()[:20]!r}")
        end = _closing_brace(body, match.end())
        text = body[match.end():end].replace("#", "{" + name + "}")
        if match.group(1) in forms:
            raise TemplateError(f"plural {name!r} gives the form {match.group(1)!r} twice")
        forms[match.group(1)] = _parse(text, plain_only=False) or ()
        at = end + 1
    if "other" not in forms:
        raise TemplateError(f"plural {name!r} has no 'other' form")
    return forms


def _parse(template: str, plain_only: bool) -> Parts | None:
    parts: list[Part] = []
    literal: list[str] = []
    i = 0
    special = unplain = False
    while i < len(template):
        char = template[i]
        if char in "{}" and template[i + 1:i + 2] == char:
            literal.append(char)
            i += 2
            continue
        if char == "}":
            raise TemplateError("a '}' is never opened (write '}}' for a brace)")
        if char != "{":
            literal.append(char)
            i += 1
            continue
        end = _closing_brace(template, i + 1)
        inner = template[i + 1:end]
        text = "".join(literal)
        literal = []
        plural = _PLURAL.fullmatch(inner)
        if plural is not None:
            special = True
            parts.append((text, plural.group(1), "", None,
                          _plural_forms(plural.group(1), plural.group(2))))
        elif is_particle(inner):
            special = True
            if not parts or parts[-1][1] is None or not parts[-1][1] \
                    or not _CLOSING.fullmatch(text):
                raise TemplateError(f"the particle {{{inner}}} must follow a field, as in "
                                    f"'{{seat!p}}{{{inner}}}'")
            parts.append((text, "", "", None, inner))
        else:
            try:
                (_, field, spec, conversion), = string.Formatter().parse("{" + inner + "}")
            except ValueError as error:
                raise TemplateError(f"{{{inner}}}: {error}") from None
            if not field or not field.isidentifier() or "{" in (spec or ""):
                unplain = True
            parts.append((text, field or "", spec or "", conversion, None))
        i = end + 1
    parts.append(("".join(literal), None, "", None, None))
    if unplain and (special or not plain_only):
        raise TemplateError("a field such as {0} or {a.b} cannot sit beside a plural form or "
                            "a particle: name it, as in {count}")
    return None if unplain else tuple(parts)


@cache
def _parsed(template: str) -> Parts | None:
    """A template's parts, parsed once; None if a field is not a plain name (such as `{0}`,
    `{a.b}`, `{a[0]}` or a nested format spec), which the full Formatter then handles."""
    try:
        return _parse(template, plain_only=True)
    except TemplateError:
        return None


@cache
def _plain(template: str) -> bool:
    """Whether str.format alone fills `template` (no inline plural, no particle)."""
    parts = _parsed(template)
    return parts is not None and all(extra is None for *_, extra in parts)


def template_fields(template: str) -> set[tuple[str, str | None]]:
    """The (field, conversion) pairs a template fills; an inline plural's number counts as
    (field, None), a particle as none."""
    found: set[tuple[str, str | None]] = set()

    def walk(parts: Parts) -> None:
        for _, field, _, conversion, extra in parts:
            if field and not isinstance(extra, str):
                found.add((field, conversion))
            if isinstance(extra, dict):
                for form in extra.values():
                    walk(form)

    walk(_parse(template, plain_only=False) or ())
    return found


def _check(parts: Parts, lang: str, where: str) -> None:
    """Each inline plural gives exactly the plural forms of `lang` (and optionally 'zero')."""
    forms = set(categories(lang))
    for _, field, _, _, extra in parts:
        if isinstance(extra, dict):
            given = {form for form in extra if form != "zero" and not form.startswith("=")}
            require(given == forms, where,
                    f"the plural of {{{field}}} must give exactly the {lang} forms "
                    f"{', '.join(categories(lang))} (and optionally 'zero' for exactly 0 or "
                    "'=2' for exactly 2), "
                    f"not {', '.join(sorted(given)) or 'none'}")
            for form in extra.values():
                _check(form, lang, where)


def _load(path: Path, lang: str) -> dict[str, Any]:
    data = _read(path)
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
        texts = [v for k, v in value.items() if k != "by"] if isinstance(value, dict) else [value]
        for text in texts:
            try:
                parts = _parse(text, plain_only=True)
            except (TemplateError, ValueError) as error:
                raise CatalogueError(where, f"cannot be read: {error}") from None
            _check(parts or (), lang, where)
    return data


@cache
def catalogue(game_dir: Path | None, lang: str = "en") -> Catalogue:
    """The catalogue for one game (core messages plus the game's own), in `lang`."""
    if lang not in LANGUAGES:
        raise CatalogueError("lang", f"unknown language {lang!r}; "
                             f"choose one of {', '.join(LANGUAGES)}")
    templates: dict[str, Any] = {}
    for folder in (CORE_DIR, game_dir / "data" if game_dir else None):
        if folder is not None and (folder / f"messages.{lang}.json").exists():
            templates.update(_load(folder / f"messages.{lang}.json", lang))
    fallback = None if lang == "en" else catalogue(game_dir, "en")
    return Catalogue(lang, templates, fallback)
