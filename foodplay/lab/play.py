"""One game between bots as a row: settings, rows, results with win rates and 95% intervals.

A game of a setting is fixed by its seed: the game deals from `Game.new_state(seed=...)` and
the random bot of seat s draws from `random.Random(seed * 101 + s)`, exactly as
`foodplay play GAME --seed S` does, so every row can be replayed there. Rows come back in the
order (setting, seed) however many processes or Dask workers played them.

A learner's bot is a function `bot(view, legal_moves) -> Move`, or a class whose instances
have `choose(view, legal_moves)` (a fresh instance for every game). A bot that raises, runs
past its time limit or returns a move not in `legal_moves` forfeits that game: the row keeps
the failure (seed, step, move) and the other seats share the win; the tournament goes on.
"""

from __future__ import annotations

import csv
import json
import math
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from foodplay.bots import HeuristicBot, RandomBot
from foodplay.data import DataError, Say
from foodplay.engine import IllegalMove, Move, Seat, State
from foodplay.games import built_games, get_game

BOT_KINDS = ("heuristic", "random")
MOVE_SECONDS = 1.0  # a learner's bot gets this long per move, unless the tournament says
MAX_MOVES = 100_000  # a game longer than this is stopped (no game of the tutor comes near)
DETAIL_CHARS = 200  # the longest error text kept in a failure
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

BotSpec = str | Callable[..., Any] | type


class LabError(DataError):
    """A tournament asked for something the lab cannot play, named in the catalogue."""


def bot_name(spec: BotSpec) -> str:
    """How a bot is named in rows and charts: its kind, or its function's or class's name."""
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", None) or type(spec).__name__


@dataclass(frozen=True)
class Setting:
    """What a tournament plays: a game, a player count, a bot per seat, and the options."""

    game: str
    players: int
    bots: tuple[BotSpec, ...]
    options: tuple[tuple[str, Any], ...] = ()
    label: str = ""

    @classmethod
    def make(cls, game: str, players: int = 2, bots: BotSpec | Sequence[BotSpec] = "heuristic",
             options: Mapping[str, Any] | None = None, label: str = "") -> Setting:
        """A checked setting; one bot for all seats or one per seat. Raises LabError (or the
        game's own DataError for a bad option) naming what is wrong."""
        if game not in built_games():
            raise LabError("game", Say("lab.error.game", game=repr(game),
                                       games=", ".join(built_games())))
        get_game(game).check_players(players)
        chosen = (bots,) if isinstance(bots, str) or callable(bots) else tuple(bots)
        if len(chosen) == 1:
            chosen = chosen * players
        if len(chosen) != players:
            raise LabError("bots", Say("lab.error.bot_count", players=players, count=len(chosen)))
        for spec in chosen:
            if isinstance(spec, str) and spec not in BOT_KINDS:
                raise LabError("bots", Say("lab.error.bot_kind", bot=repr(spec),
                                           kinds=", ".join(BOT_KINDS), method="choose"))
            if not isinstance(spec, str) and not callable(spec):
                raise LabError("bots", Say("lab.error.bot_kind", bot=repr(spec)[:40],
                                           kinds=", ".join(BOT_KINDS), method="choose"))
        items = tuple(sorted((options or {}).items()))
        get_game(game).new_state(players, seed=0, options=dict(items))  # the game checks them
        names = ", ".join(bot_name(b) for b in chosen)
        return cls(game, players, chosen, items, label or _label(names, items))

    @property
    def bot_names(self) -> tuple[str, ...]:
        return tuple(bot_name(b) for b in self.bots)


def _label(names: str, options: tuple[tuple[str, Any], ...]) -> str:
    on = [f"{k}={json.dumps(v)}" for k, v in options]
    return f"{names} [{', '.join(on)}]" if on else names


@dataclass(frozen=True)
class Failure:
    """A bot that broke its game: which seat, at which step of which seed, and how."""

    seat: Seat
    bot: str
    seed: int
    step: int  # the move it was asked for, counted from 1
    kind: str  # "raised", "timeout", "illegal", "too_long"
    move: str = ""  # the move it returned (illegal), as text
    detail: str = ""  # the exception it raised, or the seconds it took

    def text(self, lang: str = "en") -> str:
        """One sentence for a learner: seed, step, seat, and what went wrong."""
        return Say(f"lab.failure.{self.kind}", seat=self.seat + 1, bot=self.bot, seed=self.seed,
                   step=self.step, move=self.move, detail=self.detail).text(lang)


@dataclass(frozen=True)
class Row:
    """One game of a tournament."""

    game: str
    setting: str
    seed: int
    players: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    first_player: Seat | None  # who went first, as the game names it, if it does
    scores: tuple[Any, ...]
    winners: tuple[Seat, ...]  # several: a shared win
    length: int  # moves played
    clauses: tuple[tuple[str, int], ...]  # how often each rule was cited, by clause id
    failure: Failure | None = None
    events: tuple[tuple[str, int], ...] = ()  # how often each kind of event happened, by key

    def count(self, event_key: str) -> int:
        """How often an event happened in this game, such as "burg.take.all_tea"."""
        return dict(self.events).get(event_key, 0)

    @property
    def winner(self) -> Seat | None:
        """The one winning seat, or None for a shared win or none."""
        return self.winners[0] if len(self.winners) == 1 else None

    def record(self) -> dict[str, Any]:
        """The row as flat columns (the CSV's and pandas'); seats are numbered from 1."""
        data: dict[str, Any] = {
            "game": self.game, "setting": self.setting, "seed": self.seed,
            "players": self.players, "bots": ",".join(self.bots),
            "options": json.dumps(dict(self.options), sort_keys=True),
            "first_player": "" if self.first_player is None else self.first_player + 1,
            "winner": " ".join(str(s + 1) for s in self.winners),
            "winner_bot": ",".join(self.bots[s] for s in self.winners),
            "length": self.length,
        }
        for seat, score in enumerate(self.scores, start=1):
            data[f"score_{seat}"] = score
        failure = self.failure
        data["failed_seat"] = "" if failure is None else failure.seat + 1
        data["failure"] = "" if failure is None else failure.kind
        data["failed_step"] = "" if failure is None else failure.step
        data["failed_move"] = "" if failure is None else failure.move
        for clause, count in self.clauses:
            data[f"clause_{clause}"] = count
        return data


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) for no games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class SeatRate:
    """One seat's results in one setting: wins (a shared win counts 1/k), rate and interval."""

    setting: str
    seat: Seat
    bot: str
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class Results:
    """The rows a tournament finished, in (setting, seed) order, and whether it was cut short."""

    settings: tuple[Setting, ...]
    rows: list[Row] = field(default_factory=list)
    interrupted: bool = False
    planned: int = 0

    @property
    def failures(self) -> list[Failure]:
        return [row.failure for row in self.rows if row.failure is not None]

    def of(self, setting: Setting | str) -> list[Row]:
        label = setting if isinstance(setting, str) else setting.label
        return [row for row in self.rows if row.setting == label]

    def win_rates(self) -> list[SeatRate]:
        """Every setting's seats, in order, with their share of the wins."""
        rates = []
        for setting in self.settings:
            rows = self.of(setting)
            wins = [0.0] * setting.players
            for row in rows:
                for seat in row.winners:
                    wins[seat] += 1 / len(row.winners)
            rates += [SeatRate(setting.label, seat, setting.bot_names[seat], wins[seat], len(rows))
                      for seat in range(setting.players)]
        return rates

    def clause_counts(self, setting: Setting | str | None = None) -> Counter[str]:
        """How often each rule was cited over the rows (of one setting, or all)."""
        total: Counter[str] = Counter()
        for row in self.rows if setting is None else self.of(setting):
            total.update(dict(row.clauses))
        return total

    def records(self) -> list[dict[str, Any]]:
        return [row.record() for row in self.rows]

    def to_pandas(self) -> Any:
        """The rows as a pandas DataFrame (pandas is optional: LabError if it is missing)."""
        try:
            import pandas
        except ImportError as exc:
            raise LabError("pandas", Say("lab.error.pandas", command="pip install pandas")) from exc
        return pandas.DataFrame(self.records())

    def write_csv(self, path: Any) -> None:
        """One line per game; a column for each score, failure field and cited rule."""
        records = self.records()
        columns: dict[str, None] = {}
        for record in records:
            columns.update(dict.fromkeys(record))
        order = {f"clause_{c.id}": n for s in {s.game for s in self.settings}
                 for n, c in enumerate(get_game(s).rulebook())}
        plain = [c for c in columns if not c.startswith("clause_")]
        cited = sorted((c for c in columns if c.startswith("clause_")),
                       key=lambda c: (order.get(c, len(order)), c))
        columns = dict.fromkeys(plain + cited)
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(columns), restval="")
            writer.writeheader()
            writer.writerows(records)


# --- playing one game --------------------------------------------------------------------

class _TimeUp(BaseException):
    """Raised in a learner's bot when its time is up (a BaseException: `except Exception`
    in the bot cannot swallow it)."""


@contextmanager
def _deadline(seconds: float | None):
    """Interrupt the block after `seconds` with _TimeUp where a timer signal can (the main
    thread of a Unix process); elsewhere the caller checks the clock afterwards."""
    usable = (seconds is not None and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class _Player:
    """One seat of one game: a built-in bot, or the adapter around a learner's bot."""

    def __init__(self, spec: BotSpec, seed: int, seat: Seat):
        self.name = bot_name(spec)
        self.builtin = isinstance(spec, str)
        if spec == "random":
            self.bot: Any = RandomBot(seed * 101 + seat)  # as foodplay.bots.play_on seeds it
        elif spec == "heuristic":
            self.bot = HeuristicBot()
        else:
            self.bot = spec() if isinstance(spec, type) else spec

    def move(self, state: State, seat: Seat, seed: int, step: int,
             seconds: float | None) -> tuple[Move | None, Failure | None]:
        """The seat's move, or the failure that stops its game."""
        def failed(kind: str, move: str = "", detail: str = "") -> tuple[None, Failure]:
            return None, Failure(seat, self.name, seed, step, kind, move[:DETAIL_CHARS],
                                 detail[:DETAIL_CHARS])

        if self.builtin:
            try:
                return self.bot.choose(state, seat), None
            except Exception as exc:  # a fault of the tutor's bot: reported like a learner's
                return failed("raised", detail=f"{type(exc).__name__}: {exc}")
        legal = state.legal_moves(seat)
        view = state.view(seat)
        choose = getattr(self.bot, "choose", self.bot)
        started = time.perf_counter()
        try:
            with _deadline(seconds):
                move = choose(view, list(legal))
        except _TimeUp:
            return failed("timeout", detail=f"{seconds:g}")
        except Exception as exc:
            return failed("raised", detail=f"{type(exc).__name__}: {exc}")
        if seconds is not None and time.perf_counter() - started > seconds:
            return failed("timeout", detail=f"{seconds:g}")
        if not isinstance(move, Move) or move not in legal:
            return failed("illegal", move=repr(move))
        return move, None


def _first_player(state: State) -> Seat | None:
    view = state.view(None)
    first = view.get("first_player", view.get("start_player"))
    return first if isinstance(first, int) and not isinstance(first, bool) else None


def play_one(setting: Setting, seed: int, move_seconds: float | None = MOVE_SECONDS) -> Row:
    """Play the game of `setting` fixed by `seed` to its end (or to a bot's failure)."""
    state = get_game(setting.game).new_state(setting.players, seed=seed,
                                             options=dict(setting.options))
    setup = getattr(state, "setup_events", ())
    cited: Counter[str] = Counter(c for e in setup for c in e.clauses)
    happened: Counter[str] = Counter(e.key for e in setup)
    players = [_Player(spec, seed, seat) for seat, spec in enumerate(setting.bots)]
    first = _first_player(state)
    length, failure = 0, None
    while failure is None and (decision := state.decision()) is not None:
        if length >= MAX_MOVES:
            failure = Failure(decision.seats[0], players[decision.seats[0]].name, seed,
                              length + 1, "too_long", detail=str(MAX_MOVES))
            break
        for seat in decision.seats:
            move, failure = players[seat].move(state, seat, seed, length + 1, move_seconds)
            if failure is not None:
                break
            try:
                events = state.apply(move)
            except IllegalMove:
                failure = Failure(seat, players[seat].name, seed, length + 1, "illegal",
                                  repr(move)[:DETAIL_CHARS])
                break
            cited.update(c for e in events for c in e.clauses)
            happened.update(e.key for e in events)
            length += 1
            if not decision.simultaneous:
                break
    if failure is None:
        winners = tuple(state.winners())
    else:  # a forfeit: the seat that failed loses, the others share the win
        winners = tuple(s for s in range(setting.players) if s != failure.seat)
    return Row(setting.game, setting.label, seed, setting.players, setting.bot_names,
               setting.options, first, tuple(state.scores()), winners, length,
               tuple(sorted(cited.items())), failure, tuple(sorted(happened.items())))


def play_chunk(setting: Setting, seeds: Sequence[int],
               move_seconds: float | None = MOVE_SECONDS) -> list[Row]:
    """Several games of one setting (the unit of work a process or Dask worker gets)."""
    return [play_one(setting, seed, move_seconds) for seed in seeds]


# --- the tournament ----------------------------------------------------------------------
