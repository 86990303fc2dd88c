"""See it in play: for each clause, the first few places where it is the point of a step.

Places come from the engine's own events: steps of seeded bot games (the game every app opens
with those settings), worked examples (scenario records) and lessons. A step counts for a
clause only when one of its sentences cites few clauses (at most FOCUS), so the clause is the
point of the step, not one of many (see `step_candidates`). Lessons count for the rules they
say they are about, then their refusals, hints and events. The index is cached in
`<game>/data/rule_index.json`; rebuild it with `python scripts/build_rule_index.py` whenever
rules, lessons or worked examples change (a test fails while it is stale).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from foodplay.data import Say, read_json, require

FORMAT = "foodplay.rule_index/1"
FILE_NAME = "rule_index.json"
BOT = "heuristic"  # the apps' default bots, so that a link replays the same game
SEEDS = (1, 2)
EXTRA_SEEDS = (3, 4, 5, 6)  # played only while a clause that arises in play has no place
FOCUS = 2  # an event citing more clauses than this is the point of none of them
FALLBACK_FOCUS = 3  # for a clause never cited more narrowly (it always comes with two others)
PER_KIND = 2  # places kept per clause and kind
KINDS = ("game", "example", "lesson")


@dataclass(frozen=True, slots=True)
class Place:
    """Where a clause is seen at work: a bot game's step, a worked example's step, a lesson."""

    kind: str  # game, example or lesson
    step: int | None = None
    players: int | None = None
    seed: int | None = None
    scenario: str | None = None
    lesson: str | None = None  # a lesson's uid, "<game>/<id>"
    title: str | None = None  # the example's or lesson's title (a message key)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Place:
        require(isinstance(data, dict) and data.get("kind") in KINDS, where,
                f"must be an object whose kind is one of {', '.join(KINDS)}")
        fields = {"step": int, "players": int, "seed": int, "scenario": str, "lesson": str,
                  "title": str}
        for name, kind in fields.items():
            require(data.get(name) is None or isinstance(data[name], kind), f"{where}.{name}",
                    f"must be {'a whole number' if kind is int else 'a string'}")
        need = {"game": ("step", "players", "seed"), "example": ("scenario", "step", "title"),
                "lesson": ("lesson", "title")}[data["kind"]]
        for name in need:
            require(data.get(name) is not None, f"{where}.{name}", "is missing")
        return cls(data["kind"], **{k: data.get(k) for k in fields})

    def href(self, game_id: str) -> str:
        """A link relative to the notebooks folder that opens this place in the tutor."""
        from urllib.parse import urlencode

        if self.kind == "lesson":
            return "lessons.ipynb?" + urlencode({"lesson": self.lesson})
        if self.kind == "example":  # the game's app opens a worked example by its name
            return f"{game_id}.ipynb?" + urlencode({"scenario": self.scenario, "step": self.step})
        return f"{game_id}.ipynb?" + urlencode({"players": self.players, "seed": self.seed,
                                                "step": self.step})


def _game(game_id: str):
    from foodplay.games import get_game

    return get_game(game_id)


def index_path(game_id: str) -> Path:
    return _game(game_id).package_dir / "data" / FILE_NAME


def scenario_record(game_id: str, name: str):
    from foodplay.record import Record

    return Record.load(_game(game_id).package_dir / "data" / "scenarios" / f"{name}.json")


def fingerprint(game_id: str) -> str:
    """A hash of what the bot-game places depend on: the rules' version (a rules change bumps
    it), the clauses (ids, and whether they arise in play) and how games are chosen. Example
    and lesson places are cheap to rebuild, so a test compares them directly."""
    game = _game(game_id)
    clauses = [(c.id, c.in_play) for c in game.rulebook()]
    return hashlib.sha256(f"{FORMAT} {game.id} {game.rules_version} {BOT} {SEEDS} "
                          f"{EXTRA_SEEDS} {FOCUS} {FALLBACK_FOCUS} {clauses}".encode()
                          ).hexdigest()[:16]


def step_candidates(events_by_step: Iterable[tuple[int, list]]) -> Iterable[tuple[str, tuple]]:
    """(clause, rank) for each clause that is the point of one of a step's sentences: an event
    citing it with at most FOCUS - 1 other clauses. Rank: fewer clauses on the event first,
    then the clause cited first, then quieter steps (fewer clauses in all), then earlier."""
    for step, events in events_by_step:
        cited: set[str] = set()
        for ev in events:
            cited.update(ev.clauses)
        best: dict[str, tuple] = {}
        for ev in events:
            if not 0 < len(ev.clauses) <= FALLBACK_FOCUS:
                continue
            for position, clause in enumerate(ev.clauses):
                rank = (len(ev.clauses), position, len(cited), step)
                if clause not in best or rank < best[clause]:
                    best[clause] = rank
        yield from best.items()


def replay_steps(record) -> Iterable[tuple[int, list]]:
    """(step, events) of a record, from its set-up (step 0) to its last move."""
    from foodplay.record import replay

    state, steps = replay(record, 0)
    yield 0, steps[0].events
    for index, move in enumerate(record.moves, start=1):
        yield index, state.apply(move)


Candidates = dict[str, list[tuple[tuple, Place]]]


def bot_candidates(game_id: str) -> Candidates:
    """Focused steps of the seeded bot games (the slow part: plays the games)."""
    from foodplay.bots import play_game

    game = _game(game_id)
    found: Candidates = {c.id: [] for c in game.rulebook()}

    def missing() -> bool:
        return any(c.in_play and not any(r[0] <= FOCUS for r, _ in found[c.id])
                   for c in game.rulebook())

    source = 0
    for seeds in (SEEDS, EXTRA_SEEDS):
        if seeds is EXTRA_SEEDS and not missing():
            break
        for players in range(game.min_players, game.max_players + 1):
            for seed in seeds:
                record, _ = play_game(game.id, players, seed, (BOT,))
                for clause, rank in step_candidates(replay_steps(record)):
                    found[clause].append(((*rank[:3], source, rank[3]),
                                          Place("game", step=rank[3], players=players,
                                                seed=seed)))
                source += 1
    return found


def example_candidates(game_id: str) -> Candidates:
    """Focused steps of the game's worked examples."""
    game = _game(game_id)
    found: Candidates = {c.id: [] for c in game.rulebook()}
    for source, path in enumerate(sorted((game.package_dir / "data" / "scenarios")
                                         .glob("*.json"))):
        record = scenario_record(game.id, path.stem)
        for clause, rank in step_candidates(replay_steps(record)):
            found[clause].append(((*rank[:3], source, rank[3]),
                                  Place("example", step=rank[3], scenario=path.stem,
                                        title=record.title or path.stem)))
    return found


def lesson_candidates(game_id: str) -> Candidates:
    """Lessons: the rules each says it is about first, then its refusals and hints, then the
    rules its line's events cite."""
    from foodplay.teaching.lessons import lesson_clauses, lessons_for

    game = _game(game_id)
    found: Candidates = {c.id: [] for c in game.rulebook()}
    for source, lesson in enumerate(lessons_for(game.id)):
        place = Place("lesson", lesson=lesson.uid, title=lesson.title)
        for clause in lesson.about:
            found[clause].append(((0, 0, len(lesson.about), source, 0), place))
        for clause, how in lesson_clauses(lesson).items():
            if clause not in lesson.about:
                found[clause].append(((0, 1 if how in ("refusal", "hint") else 2, 0, source, 0),
                                      place))
    return found


def choose(found: Candidates) -> dict[str, list[dict[str, Any]]]:
    """The best PER_KIND places of each clause, from different sources; a place with FOCUS
    clauses or fewer if the clause has one, else the fallback."""
    places = {}
    for clause, candidates in found.items():
        if any(rank[0] <= FOCUS for rank, _ in candidates):
            candidates = [(r, p) for r, p in candidates if r[0] <= FOCUS]
        chosen: list[Place] = []
        sources: set[int] = set()
        for rank, place in sorted(candidates, key=lambda c: c[0]):
            if len(chosen) >= PER_KIND:
                break
            if rank[3] not in sources:  # one place per game, example or lesson
                sources.add(rank[3])
                chosen.append(place)
        places[clause] = [p.to_json() for p in chosen]
    return places


def cheap_places(game_id: str) -> dict[str, list[dict[str, Any]]]:
    """The example and lesson places of every clause (seconds to build)."""
    examples, lessons = choose(example_candidates(game_id)), choose(lesson_candidates(game_id))
    return {c: examples[c] + lessons[c] for c in examples}


def build(game_id: str) -> dict[str, Any]:
    """Build the index of one game (plays its seeded bot games: a few seconds each)."""
    game = _game(game_id)
    games, others = choose(bot_candidates(game.id)), cheap_places(game.id)
    places = {c.id: games[c.id] + others[c.id] for c in game.rulebook()}
    return {"format": FORMAT, "game": game.id, "fingerprint": fingerprint(game.id),
            "places": places}


def write(game_id: str) -> Path:
    path = index_path(game_id)
    path.write_text(json.dumps(build(game_id), indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path


@cache
def load(game_id: str) -> dict[str, tuple[Place, ...]]:
    """The cached index of one game: clause id -> places (validated; empty if not built)."""
    path = index_path(game_id)
    if not path.exists():
        return {}
    data = read_json(path)
    source = path.name
    require(isinstance(data, dict) and data.get("format") == FORMAT, source,
            f"must be a {FORMAT} file")
    rulebook = _game(game_id).rulebook()
    places = data.get("places")
    require(isinstance(places, dict), f"{source}: places", "must map clause ids to places")
    out = {}
    for clause, items in places.items():
        require(clause in rulebook, f"{source}: places.{clause}",
                f"is no clause of {_game(game_id).title}")
        require(isinstance(items, list), f"{source}: places.{clause}", Say("data.list"))
        out[clause] = tuple(Place.from_json(p, f"{source}: places.{clause}[{i}]")
                            for i, p in enumerate(items))
    return out


def places_for(game_id: str, clause_id: str) -> tuple[Place, ...]:
    """Where a clause is seen at work, best first (nothing if it never arises in play)."""
    return load(_game(game_id).id).get(clause_id, ())


def place_text(cat: Any, game_id: str, place: Place) -> str:
    """A place in play as one line, such as "Bot game, 3 players, seed 1: step 12"."""
    if place.kind == "game":
        return cat.format("ui.lookup.place.game", {"count": place.players, "seed": place.seed,
                                                   "step": place.step})
    title = cat.format(place.title) if place.title and cat.has(place.title) else place.title
    if place.kind == "example":
        return cat.format("ui.lookup.place.example", {"title": title, "step": place.step})
    return cat.format("ui.lookup.place.lesson", {"title": title})
