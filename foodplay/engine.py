"""The game-neutral engine contract: moves, verdicts, events, decisions, and the Game/State base."""

from __future__ import annotations

import copy
import json
import pickle
import random
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, dataclass, field
from functools import cache, cached_property
from importlib import import_module
from operator import attrgetter
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Self

from foodplay.chance import Chance
from foodplay.data import DataError, Say, require
from foodplay.i18n.messages import Catalogue, catalogue
from foodplay.limits import Shown
from foodplay.rulebook import Rulebook

DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")


@cache
def _rulebook(path: Path) -> Rulebook:
    return Rulebook.load(path)

Seat = int
TEACHER: None = None  # the teacher's view sees every seat's secrets


class _Frozen:
    """A slots record that refuses assignment after __init__: hashable, comparable, cheap.

    Frozen dataclasses cost three times as much to build; these are built in every move list.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = cls.__slots__
        if len(names) > 1:  # one C call instead of a generator: equality and hashing use it
            cls._fields = lambda self, _get=attrgetter(*names): _get(self)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), self._fields()


_set = object.__setattr__


class Move(_Frozen):
    """One decision by one seat: a kind plus JSON-safe parameters."""

    __slots__ = ("seat", "kind", "params")
    seat: Seat
    kind: str
    params: tuple[tuple[str, Any], ...]

    def __init__(self, seat: Seat, kind: str, params: tuple[tuple[str, Any], ...] = ()):
        _move_seat(self, seat)  # the slots' own setters: faster than object.__setattr__
        _move_kind(self, kind)
        _move_params(self, params)

    @classmethod
    def make(cls, seat: Seat, kind: str, **params: Any) -> Move:
        return cls(seat, kind, tuple(sorted(params.items())))

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, **dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        if not isinstance(data, Mapping):
            raise TypeError(Say("record.move_object", seat="'seat'", kind="'kind'"))
        seat, kind = data.get("seat"), data.get("kind")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(Say("record.move_seat", seat="'seat'"))
        if not isinstance(kind, str):
            raise TypeError(Say("record.move_kind", kind="'kind'"))
        params = {k: v for k, v in data.items() if k not in ("seat", "kind")}
        return cls.make(seat, kind, **params)


def _slot_setters(cls: type, *names: str) -> tuple[Any, ...]:
    """The `__set__` of each named slot of `cls`, for a fast __init__."""
    return tuple(cls.__dict__[name].__set__ for name in names)


_move_seat, _move_kind, _move_params = _slot_setters(Move, "seat", "kind", "params")


class Verdict(_Frozen):
    """The answer to "may this move be played now?", with the clause that decides it."""

    __slots__ = ("ok", "clause", "reason", "params")
    ok: bool
    clause: str
    reason: str  # message key
    params: tuple[tuple[str, Any], ...]

    def __init__(self, ok: bool, clause: str, reason: str,
                 params: tuple[tuple[str, Any], ...] = ()):
        _set(self, "ok", ok)
        _set(self, "clause", clause)
        _set(self, "reason", reason)
        _set(self, "params", params)

    @classmethod
    def allow(cls, clause: str, reason: str = "verdict.ok", **params: Any) -> Verdict:
        return cls(True, clause, reason, tuple(sorted(params.items())))

    @classmethod
    def refuse(cls, clause: str, reason: str, **params: Any) -> Verdict:
        return cls(False, clause, reason, tuple(sorted(params.items())))

    def __bool__(self) -> bool:
        return self.ok


def check_params(move: Move, expected: tuple[str, ...], clause: str) -> Verdict | None:
    """A refusal if `move` does not carry exactly the `expected` details, else None."""
    if sorted(k for k, _ in move.params) == sorted(expected):
        return None
    if not expected:
        return Verdict.refuse(clause, "verdict.no_params", kind=move.kind)
    return Verdict.refuse(clause, "verdict.bad_params", kind=move.kind,
                          expected=", ".join(expected))


class IllegalMove(Exception):
    """Raised by `State.apply` for a move whose verdict is not ok; the state is untouched."""

    def __init__(self, move: Move, verdict: Verdict):
        super().__init__(f"{move.kind} by seat {move.seat} refused under clause {verdict.clause}: "
                         f"{verdict.reason}")
        self.move = move
        self.verdict = verdict


class Event(_Frozen):
    """Something that happened, the clauses it follows, and who may see it (None: everyone)."""

    __slots__ = ("key", "params", "clauses", "visible_to")
    key: str
    params: tuple[tuple[str, Any], ...]
    clauses: tuple[str, ...]
    visible_to: frozenset[Seat] | None

    def __init__(self, key: str, params: tuple[tuple[str, Any], ...], clauses: tuple[str, ...],
                 visible_to: frozenset[Seat] | None = None):
        _event_key(self, key)
        _event_params(self, params)
        _event_clauses(self, clauses)
        _event_visible_to(self, visible_to)

    def visible(self, seat: Seat | None) -> bool:
        return seat is None or self.visible_to is None or seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"key": self.key, "params": dict(self.params),
                                "clauses": list(self.clauses)}
        if self.visible_to is not None:
            data["visible_to"] = sorted(self.visible_to)
        return data


_event_key, _event_params, _event_clauses, _event_visible_to = _slot_setters(
    Event, "key", "params", "clauses", "visible_to")


def event(key: str, clauses: str | tuple[str, ...], visible_to: frozenset[Seat] | None = None,
          **params: Any) -> Event:
    """Build an event; `clauses` is one clause id or a tuple of them."""
    cited = (clauses,) if isinstance(clauses, str) else tuple(clauses)
    return Event(key, tuple(params.items()), cited, visible_to)


class Decision(_Frozen):
    """Who must decide now. With several seats and `simultaneous`, their choices stay hidden
    until all are in."""

    __slots__ = ("seats", "kind", "simultaneous")
    seats: tuple[Seat, ...]
    kind: str  # message key naming what is being decided
    simultaneous: bool

    def __init__(self, seats: tuple[Seat, ...], kind: str, simultaneous: bool = False):
        _set(self, "seats", seats)
        _set(self, "kind", kind)
        _set(self, "simultaneous", simultaneous)


@dataclass(frozen=True, slots=True)
class Credits:
    designer: str
    publisher: str
    year: int | None = None


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A bot's move with a one-line reason (a message key and parameters)."""

    move: Move
    reason: str
    params: tuple[tuple[str, Any], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class NewGame:
    """What a new game is asked for: `Game.new_state`'s arguments, the players and the rules
    version checked."""

    players: int
    seed: int | None
    setup: Mapping[str, Any] | None
    options: Mapping[str, Any] | None
    components: Mapping[str, Any] | None
    names: list[str] | None
    rules_version: str
    chance: Chance | None = None  # outcomes a real table named (foodplay.chance); None: seeded


class Game:
    """A game's identity plus a factory for its states. Subclasses set the class attributes."""

    id: ClassVar[str]
    title: ClassVar[str]
    credits: ClassVar[Credits]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"  # the rules this tutor plays now (docs/records.md)
    # every rules version whose records this tutor replays as they were played, oldest first
    rules_versions: ClassVar[tuple[str, ...]] = ("1",)
    # a version label that releases wrote for more than one set of rules -> those versions,
    # the likeliest first (Record.played_version tries them in turn)
    rules_labels: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    options: ClassVar[Mapping[str, Any]] = {}
    # pile name (before any ".", so "deck" covers "deck.1") -> the kind of a table's chance entry
    # naming a card drawn from it, such as {"deck": "reveal"}: `{"seat": 0, "kind": "reveal",
    # "card": "lettuce"}` (foodplay.companion)
    chance_kinds: ClassVar[Mapping[str, str]] = {}
    # pile name (or "setup", for the set-up's deals) -> the clause a card drawn from it follows,
    # cited when the table names a card the pile cannot give
    chance_clauses: ClassVar[Mapping[str, str]] = {}

    def new_state(self, players: int, *, seed: int | None = None,
                  setup: Mapping[str, Any] | None = None,
                  options: Mapping[str, Any] | None = None,
                  components: Mapping[str, Any] | None = None,
                  names: list[str] | None = None, rules_version: str | None = None,
                  chance: Chance | None = None) -> State:
        """A new game; `rules_version` (default: the current one) picks the rules an older
        record was played under, one of `rules_versions`; `chance` holds the outcomes a real
        table named, drawn instead of the seeded order. The game's `set_up` deals it."""
        self.check_players(players)
        version = self.check_rules_version(rules_version)
        return self.set_up(NewGame(players, seed, setup, options, components, names, version,
                                   chance))

    def set_up(self, new: NewGame) -> State:
        """The game's opening position for `new` (players and rules version already checked)."""
        raise NotImplementedError

    def check_rules_version(self, version: Any) -> str:
        """`version` if this tutor can replay it (None: the current one), else DataError in one
        sentence naming both versions and what the learner can do."""
        if version is None:
            return self.rules_version
        if isinstance(version, str) and version in self.rules_versions:
            return version
        raise DataError("rules_version", Say(
            "record.rules_version", title=self.title, value=Shown(version),
            known=", ".join(self.rules_versions), current=repr(self.rules_version)))

    def check_players(self, players: Any) -> None:
        """Raise DataError unless `players` is a whole number in the game's player range."""
        if (isinstance(players, int) and not isinstance(players, bool)
                and self.min_players <= players <= self.max_players):
            return
        raise DataError("players", Say("record.players_range", title=self.title,
                                       low=self.min_players, high=self.max_players,
                                       value=Shown(players)))

    @cached_property
    def package_dir(self) -> Path:
        """The game's package folder, which holds data/ (components, rulebook, messages)."""
        return Path(sys.modules[type(self).__module__].__file__).parent

    def rulebook(self) -> Rulebook:
        return _rulebook(self.package_dir / "data" / "rulebook.json")

    def catalogue(self, lang: str = "en") -> Catalogue:
        return catalogue(self.package_dir, lang)

    def seeded_rng(self, seed: int | None, setup: Mapping[str, Any]) -> random.Random:
        """The game's own RNG: from `seed`, else from the set-up's `seed` (0 when it has none)."""
        base = seed if seed is not None else setup.get("seed", 0)
        require(isinstance(base, int) and not isinstance(base, bool), "setup.seed",
                Say("data.integer"))
        return random.Random(base)

    @staticmethod
    def first_seat(chosen: Any, players: int, rng: random.Random) -> tuple[Seat, bool]:
        """Who plays first: the set-up's `first_player` (checked to be a seat), else drawn from
        `rng`; and whether the set-up chose it."""
        if chosen is None:
            return rng.randrange(players), False
        require(isinstance(chosen, int) and not isinstance(chosen, bool)
                and 0 <= chosen < players, "setup.first_player",
                Say("position.seat", low=0, high=players - 1))
        return chosen, True

    @staticmethod
    def no_other_settings(setup: Mapping[str, Any], allowed: str) -> None:
        """Refuse a set-up that still holds a setting the game did not take."""
        require(not setup, "setup", Say("position.unknown_setting",
                                        name=repr(next(iter(setup), "")), allowed=allowed))

    def part(self, name: str) -> ModuleType:
        """One module of the game's package: `components`, `bot` or `text`."""
        return import_module(f"{type(self).__module__.rpartition('.')[0]}.{name}")

    def components(self, data: Mapping[str, Any] | None = None) -> Any:
        """`data` validated as a component set, or the tutor's own set (read once, shared)."""
        found = self.part("components")
        return found.parse(data, "components") if data is not None else _default_set(found)

    def heuristic(self, state: State, seat: Seat) -> Suggestion:
        """The game's heuristic bot: a move for `seat` with a one-line reason (the hint)."""
        return self.part("bot").suggest(state, seat)

    def describe(self, view: Mapping[str, Any], lang: str = "en") -> str:
        """A view as plain text (command line, golden files)."""
        return self.part("text").describe(view, self.catalogue(lang))


@cache
def _default_set(components: ModuleType) -> Any:
    """A game's own component set, loaded and validated once per process."""
    return components.load()


class State:
    """A position in a game. Subclasses implement the hooks below; `apply` is shared."""

    game: Game
    players: int
    rng: random.Random
    chance: Chance | None = None  # set by set_up from NewGame.chance, before the first draw

    # --- hooks -----------------------------------------------------------------------------
    def decision(self) -> Decision | None:
        """Who must decide now; None once the game is over."""
        raise NotImplementedError

    def candidates(self, seat: Seat) -> list[Move]:
        """Every well-formed move of the kind `seat` faces now, allowed or not ("why not?")."""
        raise NotImplementedError

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Every move whose verdict is ok, for one seat or all deciding seats."""
        decision = self.decision()
        if decision is None:
            return []
        seats = decision.seats if seat is None else (seat,)
        return [m for s in seats for m in self.candidates(s) if self.check(m).ok]

    def check(self, move: Move) -> Verdict:
        """Judge a move without changing anything."""
        raise NotImplementedError

    def _apply(self, move: Move) -> list[Event]:
        """Carry out a move already judged legal, returning what happened."""
        raise NotImplementedError

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """Everything `seat` may see (None: the teacher sees all), as JSON-safe data."""
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[Seat]:
        raise NotImplementedError

    def inventory(self) -> Counter[str]:
        """Every physical component, counted wherever it lies; constant through a game."""
        raise NotImplementedError

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """Paths into `view(None)` holding what only `seat` may know right now.

        Contract tests check that every other seat's view differs from the teacher's there.
        """
        raise NotImplementedError

    # Attributes fixed for the whole game (components, names, caches): clones share them.
    SHARED: ClassVar[tuple[str, ...]] = ("game", "comp", "names", "setup_events")
    # Move kinds whose parameters only the mover may read, such as a card laid face down:
    # other seats learn from the events that the seat moved, never what it chose.
    PRIVATE_MOVES: ClassVar[frozenset[str]] = frozenset()

    def snapshot(self) -> Any:
        """A complete, comparable copy of the internal state (used to prove nothing changed)."""
        data = {k: v for k, v in self.__dict__.items()
                if k not in self.SHARED and k not in ("rng", "chance")}
        chance = None if self.chance is None else (self.chance.used, self.chance.to_json())
        return self.rng.getstate(), json.dumps(data, sort_keys=True), chance

    def clone(self) -> Self:
        """An independent copy: everything but SHARED is deep-copied, the RNG included.

        A pickle round trip copies plain game data three times faster than copy.deepcopy."""
        twin = copy.copy(self)
        own = {name: value for name, value in self.__dict__.items()
               if name not in self.SHARED and name != "chance"}
        try:
            copied = pickle.loads(pickle.dumps(own, pickle.HIGHEST_PROTOCOL))
        except (pickle.PicklingError, TypeError, AttributeError):
            copied = copy.deepcopy(own)
        twin.__dict__.update(copied)
        if self.__dict__.get("chance") is not None:  # a table game's, copied without pickling
            twin.chance = self.chance.copy()
        return twin

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game whose class defines `_apply` gets it as `apply_legal` too: the trusted path
        then costs no extra call (both do the same; `apply` is the checked path)."""
        super().__init_subclass__(**kwargs)
        if "_apply" in cls.__dict__ and "apply_legal" not in cls.__dict__:
            cls.apply_legal = cls.__dict__["_apply"]

    # --- shared ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.decision() is None

    def apply(self, move: Move) -> list[Event]:
        """Play `move`, or raise IllegalMove (with its verdict) leaving the state untouched."""
        verdict = self.check(move)
        if not verdict.ok:
            raise IllegalMove(move, verdict)
        return self._apply(move)

    def apply_legal(self, move: Move) -> list[Event]:
        """Play a move taken unchanged from this state's own `legal_moves()`, without judging it
        again (the trusted fast path for bots, benchmarks and replays of checked moves)."""
        return self._apply(move)

    def draw(self, pile: str, cards: list[str], seat: Seat | None = None,
             private: bool = False) -> str:
        """Draw the top of `cards` (its last item), the chance event every game goes through.

        At a real table (`self.chance` set) the card is the one the table named, and a public
        draw nobody has named yet raises ChanceNeeded; `private` marks a card drawn into a
        hidden hand, which the table is never asked for. `pile` names the pile in records."""
        chance = self.chance
        if chance is None:
            return cards.pop()
        return chance.draw(pile, cards, seat, private)

    def seat_name(self, seat: Seat) -> str:
        return self.names[seat]

    names: list[str]
