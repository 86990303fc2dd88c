"""The set-up guide: the numbered steps that set a real box up for a player count, in a language.

Each game's steps are data (`data/setup_guide.json`): per step, its text (a message key of the
game's catalogues), the clause it follows, whether it is the rulebook's own step or the tutor's
default, and optionally the player counts it is for. The counts in a step's text come from the
game's `guide.counts(components, players)`, computed from its component set and rule tables, so
a swapped component file changes the guide, and tests compare them with what `set_up` deals.

    steps("burg", 3, "fr")        # [GuideStep(number=1, text=..., clause="G1", ...), ...]
    guide_text("burg", 3, "fr")   # the same as plain text, one numbered step a line

A malformed guide file is refused on load (DataError naming the file and the entry); an unknown
game, a player count out of range or an unknown language is refused in one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from foodplay.data import DataError, Say, read_json, require
from foodplay.engine import Game
from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES, catalogue, template_fields
from foodplay.limits import shown

FORMAT = "foodplay.setup-guide/1"
FILE = "setup_guide.json"
SOURCES = ("own", "default")  # the rulebook's own step, or the tutor's default
# a step marked "own" must follow a clause of the game itself, never a tutor's reading or default
OWN_PROVENANCES = ("rulebook", "published game")
STEP_KEYS = ("id", "text", "clause", "source", "players")


@dataclass(frozen=True, slots=True)
class StepData:
    """One step of a guide file, checked."""

    id: str
    text: str  # message key
    clause: str  # clause id
    source: str  # "own" or "default"
    players: tuple[int, ...]  # the player counts it is for


@dataclass(frozen=True, slots=True)
class GuideStep:
    """One step of the guide for a table: its number, its text in the language, the clause it
    follows (id, the number a learner sees, its title and text) and own or default (with its
    label)."""

    number: int
    id: str
    text: str
    clause: str
    clause_number: str
    clause_title: str
    clause_text: str
    source: str
    source_label: str

    def to_json(self) -> dict[str, Any]:
        return {"step": self.number, "id": self.id, "text": self.text, "clause": self.clause,
                "number": self.clause_number, "source": self.source}


def parse(data: Any, game: Game, where: str = FILE) -> tuple[StepData, ...]:
    """Validate a guide file of `game`; DataError naming the file and the entry at fault."""
    require(isinstance(data, dict), where, Say("data.object"))
    require(data.get("format") == FORMAT, f"{where}: format", Say("data.equal", value=repr(FORMAT)))
    require(data.get("game") == game.id, f"{where}: game", Say("data.equal", value=repr(game.id)))
    items = data.get("steps")
    require(isinstance(items, list) and items, f"{where}: steps", Say("data.non_empty_list"))
    rulebook, english = game.rulebook(), game.catalogue("en")
    every = tuple(range(game.min_players, game.max_players + 1))
    out: list[StepData] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        at = f"{where}: steps[{i}]"
        require(isinstance(item, dict), at, Say("data.object"))
        extra = sorted(set(item) - set(STEP_KEYS))
        require(not extra, f"{at}.{extra[0] if extra else ''}",
                f"is not a field of a step (the fields are {', '.join(STEP_KEYS)})")
        step_id = item.get("id")
        require(isinstance(step_id, str) and step_id.isidentifier(), f"{at}.id",
                Say("data.identifier"))
        require(step_id not in seen, f"{at}.id", f"repeats step {shown(step_id)}")
        seen.add(step_id)
        key = item.get("text")
        require(isinstance(key, str) and english.has(key), f"{at}.text",
                f"must be a message key of the {game.title} catalogue, not {shown(key)}")
        clause = item.get("clause")
        require(isinstance(clause, str) and clause in rulebook, f"{at}.clause",
                f"names {shown(clause)}, which is no clause of the {game.title} rulebook")
        source = item.get("source")
        require(source in SOURCES, f"{at}.source", Say("position.one_of",
                                                       values=", ".join(SOURCES)))
        require(source == "default" or rulebook[clause].provenance in OWN_PROVENANCES,
                f"{at}.source", f"says 'own', but clause {clause} is a "
                f"{rulebook[clause].provenance}: mark the step 'default'")
        players = item.get("players", list(every))
        require(isinstance(players, list) and players and all(
            isinstance(n, int) and not isinstance(n, bool) and n in every for n in players)
            and len(set(players)) == len(players), f"{at}.players",
                f"must list player counts from {every[0]} to {every[-1]}, each once")
        out.append(StepData(step_id, key, clause, source, tuple(sorted(players))))
    return tuple(out)


@cache
def guide_data(game_id: str) -> tuple[StepData, ...]:
    """The steps of a game's own guide file, checked once."""
    game = get_game(game_id)
    return parse(read_json(game.package_dir / "data" / FILE), game)


def check_game(game_id: Any) -> Game:
    """The built game `game_id` names, else DataError in one sentence listing the games."""
    if not isinstance(game_id, str) or game_id not in built_games():
        raise DataError("game", Say("cli.game", game=shown(game_id),
                                    games=", ".join(built_games())))
    return get_game(game_id)


def check_lang(lang: Any) -> str:
    """`lang` if the tutor speaks it, else DataError naming the languages."""
    if lang not in LANGUAGES:
        raise DataError("lang", Say("guide.bad_lang", value=shown(lang),
                                    languages=", ".join(LANGUAGES)))
    return lang


def counts(game_id: str, players: int, components: Mapping[str, Any] | None = None
           ) -> dict[str, Any]:
    """The fields of the guide's texts for `players`, from the game's component set (its own,
    or `components`, validated as the game validates them)."""
    game = check_game(game_id)
    game.check_players(players)
    return game.part("guide").counts(game.components(components), players)


def steps(game_id: str, players: int, lang: str = "en",
          components: Mapping[str, Any] | None = None) -> list[GuideStep]:
    """The numbered steps for a table of `players`, in `lang`."""
    game = check_game(game_id)
    lang = check_lang(lang)
    values = counts(game.id, players, components)
    cat, core, rulebook = game.catalogue(lang), catalogue(None, lang), game.rulebook()
    out: list[GuideStep] = []
    for data in guide_data(game.id):
        if players not in data.players:
            continue
        clause = rulebook[data.clause]
        out.append(GuideStep(
            len(out) + 1, data.id, cat.format(data.text, values), clause.id,
            core.format("clause.ref", {"number": clause.number}), clause.title(lang),
            clause.text(lang), data.source, core.format(f"guide.source.{data.source}")))
    return out


def fields(game_id: str) -> set[str]:
    """Every field the guide's texts fill, in every language (tests check `counts` gives them)."""
    game = get_game(game_id)
    found: set[str] = set()
    for lang in LANGUAGES:
        cat = game.catalogue(lang)
        for data in guide_data(game.id):
            template = cat.template(data.text)
            for text in template.values() if isinstance(template, dict) else [template]:
                found |= {name for name, _ in template_fields(text)}
    return found


def guide_text(game_id: str, players: int, lang: str = "en",
               components: Mapping[str, Any] | None = None) -> str:
    """The guide as plain text: a title, then one numbered step a line with its clause and
    whether it is the rulebook's own or the tutor's default."""
    game = check_game(game_id)
    core = catalogue(None, check_lang(lang))
    lines = [core.format("guide.title", {"title": game.title, "count": players})]
    for step in steps(game.id, players, lang, components):
        lines.append(core.format("guide.line", {"n": step.number, "text": step.text,
                                                "rule": step.clause_number,
                                                "source": step.source_label}))
    return "\n".join(lines)
