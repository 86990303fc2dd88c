"""A game's glossary in one language: the terms its catalogue must use, each with its source.

A term comes from that language's rulebook (`source` "<seed file>:<line>") or is the tutor's
own choice where no rulebook in the language names it (`source` "ours").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foodplay.data import Say, read_json, require

FORMAT = "foodplay.glossary/1"
OURS = "ours"


@dataclass(frozen=True, slots=True)
class Term:
    """One English term and the words that render it."""

    en: str
    term: str
    forms: tuple[str, ...]
    source: str  # "<seed file>:<line>" or "ours"
    exceptions: dict[str, str] = field(default_factory=dict)  # catalogue key -> why it is exempt

    @property
    def accepted(self) -> tuple[str, ...]:
        return (self.term, *self.forms)

    @property
    def seed_line(self) -> tuple[str, int] | None:
        """(seed file, line number) for a term taken from a rulebook; None for our own."""
        if self.source == OURS:
            return None
        name, _, line = self.source.rpartition(":")
        return name, int(line)

    def english_pattern(self) -> re.Pattern[str]:
        """The English term as a whole word or phrase, any case, with an optional plural s."""
        return re.compile(rf"(?<![\w-]){re.escape(self.en)}(?:s|es)?(?![\w-])", re.IGNORECASE)

    def used_in(self, text: str) -> bool:
        low = text.casefold()
        return any(form.casefold() in low for form in self.accepted)


@dataclass(frozen=True, slots=True)
class Glossary:
    """The terms of one game in one language."""

    game: str
    lang: str
    seed: str | None
    terms: tuple[Term, ...]


def load(path: Path) -> Glossary:
    """Read and check a `glossary.<lang>.json`."""
    return from_json(read_json(path), path.name)


def from_json(data: Any, source: str = "glossary") -> Glossary:
    require(isinstance(data, dict) and data.get("format") == FORMAT, source,
            f"must be an object with format {FORMAT!r}")
    for name in ("game", "lang"):
        require(isinstance(data.get(name), str) and data[name], f"{source}: {name}",
                "must be a non-empty string")
    seed = data.get("seed")
    require(seed is None or isinstance(seed, str) and seed, f"{source}: seed",
            "must be a seed file name or null")
    items = data.get("terms")
    require(isinstance(items, list) and items, f"{source}: terms", Say("data.non_empty_list"))
    terms, seen = [], set()
    for i, item in enumerate(items):
        where = f"{source}: terms[{i}]"
        require(isinstance(item, dict), where, Say("data.object"))
        for name in ("en", "term", "source"):
            require(isinstance(item.get(name), str) and item[name].strip(), f"{where}.{name}",
                    "must be a non-empty string")
        require(item["en"].casefold() not in seen, f"{where}.en", f"repeats {item['en']!r}")
        seen.add(item["en"].casefold())
        forms = item.get("forms", [])
        require(isinstance(forms, list) and all(isinstance(f, str) and f for f in forms),
                f"{where}.forms", "must be a list of non-empty strings")
        origin = item["source"]
        if origin != OURS:
            name, _, line = origin.rpartition(":")
            require(bool(name) and line.isdigit() and seed is not None and name == seed,
                    f"{where}.source", f"must be 'ours' or '<seed file>:<line>' in {seed!r}")
        exceptions = item.get("except", {})
        require(isinstance(exceptions, dict) and all(isinstance(v, str) and v
                                                     for v in exceptions.values()),
                f"{where}.except", "must map catalogue keys to the reason each is exempt")
        terms.append(Term(item["en"], item["term"], tuple(forms), origin, dict(exceptions)))
    return Glossary(data["game"], data["lang"], seed, tuple(terms))
