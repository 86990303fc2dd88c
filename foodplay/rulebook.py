"""A game's rulebook: an ordered list of clauses, each restated in our own words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foodplay.data import Say, read_json, require
from foodplay.position import TRUE_OR_FALSE

TRANSLATION_FORMAT = "foodplay.rulebook-text/1"
PROVENANCES = ("rulebook", "tutor reading", "tutor default", "published game")
# "published game": a fact of the published game that the seed rulebook text does not contain;
# such a clause names where the fact comes from in its "source" field.
TUTOR_PROVENANCES = ("tutor reading", "tutor default")
# a "tutor reading" resolves an ambiguity of the rulebook, a "tutor default" fills a gap in it:
# such a clause says which, in its own "reason" field, in every language of the catalogue.


@dataclass(frozen=True, slots=True)
class Clause:
    """One rule: id, the number a learner sees, title and text per language, and provenance."""

    id: str
    number: str
    provenance: str
    titles: dict[str, str]
    texts: dict[str, str]
    related: tuple[str, ...] = ()  # ids of clauses it leans on or is confused with
    in_play: bool = True  # False: never arises in play (set-up text, for example)
    components: tuple[str, ...] = ()  # sections of components.json whose pieces it describes
    sources: dict[str, str] | None = None  # where a "published game" fact comes from
    reasons: dict[str, str] | None = None  # why a tutor reading or default is needed

    def title(self, lang: str = "en") -> str:
        return self.titles.get(lang) or self.titles["en"]

    def text(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts["en"]

    def source(self, lang: str = "en") -> str:
        """Where a fact outside the rulebook text comes from ("" for the other provenances)."""
        return (self.sources or {}).get(lang) or (self.sources or {}).get("en", "")

    def reason(self, lang: str = "en") -> str:
        """The ambiguity a tutor reading resolves, or the gap a tutor default fills ("" for the
        other provenances)."""
        return (self.reasons or {}).get(lang) or (self.reasons or {}).get("en", "")

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
        """The rulebook in `path`, with every translation beside it (`rulebook.<lang>.json`)."""
        rulebook = cls.from_json(read_json(path), source=path.name)
        for overlay in sorted(path.parent.glob(f"{path.stem}.*.json")):
            rulebook.add_translation(read_json(overlay), source=overlay.name)
        return rulebook

    def add_translation(self, data: Any, source: str = "translation") -> None:
        """Add one language's clause titles, texts, sources and reasons; every clause must be
        there."""
        require(isinstance(data, dict) and data.get("format") == TRANSLATION_FORMAT, source,
                f"must be an object with format {TRANSLATION_FORMAT!r}")
        require(data.get("game") == self.game_id, f"{source}: game",
                f"must be {self.game_id!r}, the game of the rulebook it translates")
        lang = data.get("lang")
        require(isinstance(lang, str) and lang.isalpha() and lang.islower() and lang != "en",
                f"{source}: lang", "must be a language code other than 'en', such as 'ko'")
        items = data.get("clauses")
        require(isinstance(items, dict), f"{source}: clauses", "must map clause ids to texts")
        unknown = sorted(set(items) - set(self._by_id))
        require(not unknown, f"{source}: clauses", f"names clauses this rulebook lacks: {unknown}")
        missing = [c.id for c in self.clauses if c.id not in items]
        require(not missing, f"{source}: clauses", f"lacks clauses {missing}")
        checked = []
        for clause in self.clauses:
            item, where = items[clause.id], f"{source}: clauses.{clause.id}"
            require(isinstance(item, dict), where, "must be an object with title and text")
            for name in ("title", "text"):
                require(isinstance(item.get(name), str) and item[name].strip(),
                        f"{where}.{name}", "must be a non-empty string")
            require(("source" in item) == (clause.sources is not None), f"{where}.source",
                    "must be given exactly where the English clause has a source")
            require("source" not in item or isinstance(item["source"], str) and item["source"],
                    f"{where}.source", "must be a non-empty string")
            require(("reason" in item) == (clause.reasons is not None), f"{where}.reason",
                    "must be given exactly where the English clause has a reason")
            require("reason" not in item or isinstance(item["reason"], str)
                    and item["reason"].strip(), f"{where}.reason", "must be a non-empty string")
            checked.append((clause, item))
        for clause, item in checked:  # all checked first: nothing is half-applied
            clause.titles[lang] = item["title"]
            clause.texts[lang] = item["text"]
            if clause.sources is not None:
                clause.sources[lang] = item["source"]
            if clause.reasons is not None:
                clause.reasons[lang] = item["reason"]

    @classmethod
    def from_json(cls, data: Any, source: str = "rulebook") -> Rulebook:
        require(isinstance(data, dict), source, Say("data.object"))
        game_id = data.get("game")
        require(isinstance(game_id, str), f"{source}: game", "must be a game id")
        items = data.get("clauses")
        require(isinstance(items, list) and items, f"{source}: clauses", Say("data.non_empty_list"))
        clauses: list[Clause] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            where = f"{source}: clauses[{i}]"
            require(isinstance(item, dict), where, Say("data.object"))
            for name in ("id", "number", "provenance"):
                require(isinstance(item.get(name), str) and item[name], f"{where}.{name}",
                        "must be a non-empty string")
            require(item["id"] not in seen, f"{where}.id", f"repeats clause id {item['id']!r}")
            require(item["provenance"] in PROVENANCES, f"{where}.provenance",
                    Say("position.one_of", values=", ".join(PROVENANCES)))
            for name in ("title", "text"):
                value = item.get(name)
                require(isinstance(value, dict) and isinstance(value.get("en"), str),
                        f"{where}.{name}", "must map language codes to strings, English included")
            origin = item.get("source")
            require((origin is not None) == (item["provenance"] == "published game"),
                    f"{where}.source", "is required for a published-game clause, and only there")
            require(origin is None or (isinstance(origin, dict)
                                       and isinstance(origin.get("en"), str) and origin["en"]),
                    f"{where}.source", "must map language codes to strings, English included")
            reason = item.get("reason")
            require((reason is not None) == (item["provenance"] in TUTOR_PROVENANCES),
                    f"{where}.reason", "is required for a tutor reading or tutor default (the "
                    "ambiguity it resolves or the gap it fills), and only there")
            require(reason is None or (isinstance(reason, dict)
                                       and isinstance(reason.get("en"), str)
                                       and reason["en"].strip()
                                       and all(isinstance(v, str) and v.strip()
                                               for v in reason.values())),
                    f"{where}.reason", "must map language codes to non-empty strings, English "
                    "included")
            related = item.get("related", [])
            require(isinstance(related, list) and all(isinstance(r, str) for r in related),
                    f"{where}.related", "must be a list of clause ids")
            in_play = item.get("in_play", True)
            require(isinstance(in_play, bool), f"{where}.in_play", TRUE_OR_FALSE)
            components = item.get("components", [])
            require(isinstance(components, list) and all(isinstance(c, str) for c in components),
                    f"{where}.components", "must be a list of component-file sections")
            seen.add(item["id"])
            clauses.append(Clause(item["id"], item["number"], item["provenance"],
                                  dict(item["title"]), dict(item["text"]), tuple(related),
                                  in_play, tuple(components),
                                  dict(origin) if origin else None,
                                  dict(reason) if reason else None))
        for clause in clauses:
            _check_related(game_id, clause, seen, source)
        return cls(game_id, clauses)


def _check_related(game_id: str, clause: Clause, ids: set[str], source: str) -> None:
    """A clause's related rules must be other clauses of the same game, each named once."""
    where = f"{source}: game {game_id!r}, clause {clause.id!r}, related"
    for other in clause.related:
        require(other in ids, where, f"names {other!r}, which is no clause of this rulebook")
        require(other != clause.id, where, "names the clause itself")
    require(len(set(clause.related)) == len(clause.related), where, "names a clause twice")
