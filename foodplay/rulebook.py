"""A game's rulebook: an ordered list of clauses, each restated in our own words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foodplay.data import read_json, require

PROVENANCES = ("rulebook", "tutor reading", "tutor default", "published game")
# "published game": a fact of the published game that the seed rulebook text does not contain;
# such a clause names where the fact comes from in its "source" field.


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule: id, the number a learner sees, title and text per language, and provenance."""

    id: str
    number: str
    provenance: str
    titles: dict[str, str]
    texts: dict[str, str]
    sources: dict[str, str] | None = None  # where a "published game" fact comes from

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts["en"]

    def source(self, lang: str = "en") -> str:
        """Where a fact outside the rulebook text comes from ("" for the other provenances)."""
        return (self.sources or {}).get(lang) or (self.sources or {}).get("en", "")

    @property
    def languages(self) -> list[str]:
        return sorted(self.texts)


class Rulebook:
    """The clauses of one game, in the order a learner reads them."""

    def __init__(self, game_id: str, clauses: list[Clause]):
        self.game_id = game_id
        self.clauses = clauses
        self._by_id = {c.id: c for c in clauses}

    def __getitem__(self, clause_id: str) -> Clause:
        return self._by_id[clause_id]

    def __contains__(self, clause_id: object) -> bool:
        return clause_id in self._by_id

    def __iter__(self):
        return iter(self.clauses)

    def __len__(self) -> int:
        return len(self.clauses)

    @classmethod
    def load(cls, path: Path) -> Rulebook:
        return cls.from_json(read_json(path), source=path.name)

    @classmethod
    def from_json(cls, data: Any, source: str = "rulebook") -> Rulebook:
        require(isinstance(data, dict), source, "must be an object")
        game_id = data.get("game")
        require(isinstance(game_id, str), f"{source}: game", "must be a game id")
        items = data.get("clauses")
        require(isinstance(items, list) and items, f"{source}: clauses", "must be a non-empty list")
        clauses: list[Clause] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            where = f"{source}: clauses[{i}]"
            require(isinstance(item, dict), where, "must be an object")
            for name in ("id", "number", "provenance"):
                require(isinstance(item.get(name), str) and item[name], f"{where}.{name}",
                        "must be a non-empty string")
            require(item["id"] not in seen, f"{where}.id", f"repeats clause id {item['id']!r}")
            require(item["provenance"] in PROVENANCES, f"{where}.provenance",
                    f"must be one of {', '.join(PROVENANCES)}")
            for name in ("title", "text"):
                value = item.get(name)
                require(isinstance(value, dict) and isinstance(value.get("en"), str),
                        f"{where}.{name}", "must map language codes to strings, English included")
            source = item.get("source")
            require((source is not None) == (item["provenance"] == "published game"),
                    f"{where}.source", "is required for a published-game clause, and only there")
            require(source is None or (isinstance(source, dict)
                                       and isinstance(source.get("en"), str) and source["en"]),
                    f"{where}.source", "must map language codes to strings, English included")
            seen.add(item["id"])
            clauses.append(Clause(item["id"], item["number"], item["provenance"],
                                  dict(item["title"]), dict(item["text"]),
                                  dict(source) if source else None))
        return cls(game_id, clauses)
