"""Seeded tournaments between bots: `tournament()` plays N games of each setting, on one core,
on local processes or on Dask, and returns their rows (docs/strategy-lab.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from foodplay.data import Say
from foodplay.lab.parallel import run
from foodplay.lab.play import (
    MOVE_SECONDS,
    BotSpec,
    LabError,
    Results,
    Setting,
)


def settings_of(game: str | Setting | Iterable[Setting], players: int = 2,
                bots: BotSpec | Sequence[BotSpec] = "heuristic",
                options: Mapping[str, Any] | None = None) -> tuple[Setting, ...]:
    """The settings a tournament call names: a game's name with players, bots and options,
    one Setting, or several."""
    if isinstance(game, str):
        return (Setting.make(game, players, bots, options),)
    if isinstance(game, Setting):
        return (game,)
    settings = tuple(game)
    labels = [s.label for s in settings]
    if not settings or len(set(labels)) != len(labels):
        raise LabError("settings", Say("lab.error.settings"))
    return settings


def tournament(game: str | Setting | Iterable[Setting], players: int = 2,
               bots: BotSpec | Sequence[BotSpec] = "heuristic", games: int = 100, seed: int = 1,
               options: Mapping[str, Any] | None = None, *, workers: int = 1,
               client: Any = None, progress: bool = True,
               move_seconds: float | None = MOVE_SECONDS, lang: str = "en") -> Results:
    """Play `games` seeded games (seeds `seed`, `seed + 1`, ...) of each setting.

    `workers` > 1 plays on that many local processes; `client` (a dask.distributed Client, an
    address, or "local" for a LocalCluster of `workers` processes) plays on Dask. The rows are
    the same whichever runs them. `progress` shows a tqdm bar (with an ETA) when tqdm is
    installed. Ctrl-C (KeyboardInterrupt) stops the run and keeps the finished rows.
    """
    chosen = settings_of(game, players, bots, options)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise LabError("games", Say("lab.error.games", games=repr(games)))
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise LabError("workers", Say("lab.error.workers", workers=repr(workers)))
    tasks = [(setting, seed + n) for setting in chosen for n in range(games)]
    rows, interrupted = run(tasks, workers=workers, client=client, progress=progress,
                            move_seconds=move_seconds, lang=lang)
    return Results(chosen, rows, interrupted, len(tasks))
