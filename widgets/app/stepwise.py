"""A bot game played into a timeline a few moves at a time, so that an app can draw its first
step before the bots have played the whole game; `BackgroundPlay` plays the rest on the
kernel's event loop once the page has drawn the app.

The moves are exactly those of `foodplay.bots.play_game` for the same game, players, seed and
bots: the same seeded bots choose in the same order, whole decisions at a time, on one working
position (no copy per move, as in `play_game`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from foodplay.bots import make_bot
from foodplay.engine import Event, Move, State
from foodplay.record import Record, Step
from foodplay.timeline import Timeline
from foodplay_widgets.app.guard import Guard, unguarded

MAX_MOVES = 100_000  # play_game's own guard against a game that never ends
BACKGROUND_SLICE = 0.02  # seconds of bot play per turn of the kernel's event loop
BACKGROUND_DELAY = 0.25  # seconds after the page drew the app before the bots play on


class GrowingTimeline(Timeline):
    """A timeline whose record grows at its end while the learner reads earlier steps."""

    def append(self, move: Move, events: list[Event], state: State) -> None:
        """Append a move already applied to a working position `state` (copied here when the
        timeline keeps it: a checkpoint, as `Timeline.play` keeps them)."""
        self.record.moves.append(move)
        self.steps.append(Step(len(self.steps), move, events))
        if self.last % self.every == 0:
            self._checkpoints[self.last] = state.clone()

    def settle(self, state: State) -> None:
        """Keep a copy of the last position, which the app reads at every step."""
        self._remember(self.last, state.clone())


class StepwiseBotGame:
    """Bots playing every seat of a fresh record, on demand; the timeline's cursor never moves.

        timeline = GrowingTimeline(Record("burg", 3, seed=1))
        game = StepwiseBotGame(timeline, "heuristic")
        game.play_to(30)      # enough for the first steps
        game.finish()         # the same record as play_game("burg", 3, 1, ("heuristic",))
    """

    def __init__(self, timeline: GrowingTimeline, kind: str):
        record: Record = timeline.record
        if record.moves:
            raise ValueError("a stepwise bot game starts from a record without moves")
        seed = record.seed if record.seed is not None else 0
        self.timeline = timeline
        self.kind = kind
        self.bots: list[Any] = [make_bot(kind, seed * 101 + s) for s in range(record.players)]
        self.state = timeline.state_at(0).clone()  # the working position, after the last move
        self.done = self.state.decision() is None

    def play_to(self, step: int) -> bool:
        """Play until the record reaches `step` or the game ends; whether anything was played."""
        return self._play(lambda last: last >= step)

    def play_for(self, seconds: float) -> bool:
        """Play whole decisions for about `seconds`; whether anything was played."""
        deadline = time.perf_counter() + seconds
        return self._play(lambda _: time.perf_counter() >= deadline)

    def finish(self) -> bool:
        """Play the rest of the game; whether anything was played."""
        return self._play(lambda _: False)

    def _play(self, enough: Callable[[int], bool]) -> bool:
        """Play whole decisions until `enough(last step)` or the game's end."""
        state, timeline = self.state, self.timeline
        start = timeline.last
        while not self.done and not enough(timeline.last):
            if timeline.last >= MAX_MOVES:
                raise RuntimeError(f"{state.game.id} did not end within {MAX_MOVES} moves")
            decision = state.decision()
            for seat in decision.seats:  # one whole decision, as play_game plays it
                move = self.bots[seat].choose(state, seat)
                timeline.append(move, state.apply(move), state)
                if not decision.simultaneous:
                    break
            self.done = state.decision() is None
        if timeline.last > start:
            timeline.settle(state)
        return timeline.last > start


class BackgroundPlay:
    """Plays an app's unfinished bot game (`current()`) on the kernel's event loop, a slice at
    a time, from the moment the page has drawn the app (`page_drew`, its ping: see ping.py):
    the first paint comes first, the learner's clicks are answered between slices, and the end
    of the game reaches widgets that exist. `finished()` runs when the game is over.
    `guard` wraps each slice (the app turns an error into a message)."""

    def __init__(self, current: Callable[[], StepwiseBotGame | None],
                 finished: Callable[[], None],
                 guard: Guard = unguarded):
        self.current, self.finished = current, finished
        self.drawn = False  # the page has drawn the app
        self._slice = guard(self._play_slice)
        self._playing: StepwiseBotGame | None = None  # the game the event loop plays on

    def page_drew(self) -> None:
        """The page has drawn the app: play on from now (every view pings; once is enough)."""
        self.drawn = True
        self.start()

    def start(self) -> None:
        """Play the current game on, if the page has drawn the app and there is an event loop
        (plain Python has none: the bots then play only on demand)."""
        game = self.current()
        if game is None or not self.drawn or game is self._playing:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._playing = game
        loop.call_later(BACKGROUND_DELAY, self._slice, game, loop)

    def _play_slice(self, game: StepwiseBotGame, loop: asyncio.AbstractEventLoop) -> None:
        if game is not self.current():  # a new game, a mode change or a jump finished it
            return
        game.play_for(BACKGROUND_SLICE)
        if game.done:
            self.finished()
        else:
            loop.call_soon(self._slice, game, loop)


def in_kernel_loop() -> bool:
    """Whether this runs in a Jupyter kernel's running event loop (Voilà, JupyterLab)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
