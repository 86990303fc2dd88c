"""Time travel over a record: every position is the replay of the log up to that step.

Positions come from checkpoints kept every few steps plus a small cache of recent positions, so
a jump anywhere costs one copy and at most `every - 1` replayed moves, and memory stays bounded:
one checkpoint per `every` steps plus at most `recent` cached positions.
"""

from __future__ import annotations

from collections import OrderedDict

from foodplay.engine import IllegalMove, Move, State
from foodplay.record import Record, Step, play_checked, replay

CHECKPOINT_EVERY = 8
RECENT_POSITIONS = 24


class Timeline:
    """A record plus a cursor. Positions are replayed from the nearest checkpoint and cached."""

    def __init__(self, record: Record, *, every: int = CHECKPOINT_EVERY,
                 recent: int = RECENT_POSITIONS):
        state, steps = replay(record, 0)  # RecordError if the game cannot be set up
        self.record = record
        self.every = max(1, every)
        self.recent = max(2, recent)
        self._checkpoints: dict[int, State] = {0: state.clone()}
        for index, move in enumerate(record.moves, start=1):
            # validates every move; RecordError naming the step if any is bad
            steps.append(Step(index, move, play_checked(state, move, index)))
            if index % self.every == 0:
                self._checkpoints[index] = state.clone()
        self.steps: list[Step] = steps
        self._recent: OrderedDict[int, State] = OrderedDict({len(steps) - 1: state})
        self.cursor = len(steps) - 1

    # --- positions -----------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def state_at(self, index: int) -> State:
        """The position after step `index` (0 is the set-up); callers must not change it."""
        if not 0 <= index <= self.last:
            raise IndexError(f"step {index} is outside 0..{self.last}")
        found = self._recent.get(index)
        if found is None:
            found = self._checkpoints.get(index)
        if found is not None:
            self._remember(index, found)
            return found
        start = index - index % self.every
        while start not in self._checkpoints:  # only after undo removed a checkpoint
            start -= self.every
        nearer = [k for k in self._recent if start < k < index]
        if nearer:
            start = max(nearer)
            state = self._recent[start].clone()
        else:
            state = self._checkpoints[start].clone()
        moves = self.record.moves
        for k in range(start, index):
            state.apply_legal(moves[k])  # every move was checked when it entered the record
        self._remember(index, state)
        return state

    def _remember(self, index: int, state: State) -> None:
        self._recent[index] = state
        self._recent.move_to_end(index)
        while len(self._recent) > self.recent:
            self._recent.popitem(last=False)

    def cached_positions(self) -> int:
        """How many positions are held (checkpoints and recent ones): the memory bound."""
        return len(self._checkpoints) + len(self._recent)

    @property
    def state(self) -> State:
        return self.state_at(self.cursor)

    @property
    def step(self) -> Step:
        return self.steps[self.cursor]

    def go(self, index: int) -> State:
        self.cursor = max(0, min(self.last, index))
        return self.state

    def first(self) -> State:
        return self.go(0)

    def back(self) -> State:
        return self.go(self.cursor - 1)

    def next(self) -> State:
        return self.go(self.cursor + 1)

    def end(self) -> State:
        return self.go(self.last)

    # --- playing -------------------------------------------------------------------------
    def play(self, move: Move) -> Step:
        """Play `move` at the cursor, dropping any later steps. Raises IllegalMove, unchanged."""
        state = self.state.clone()
        events = state.apply(move)  # raises IllegalMove before anything here changes
        del self.record.moves[self.cursor:]
        del self.steps[self.cursor + 1:]
        self._forget_after(self.cursor)
        self.record.moves.append(move)
        step = Step(len(self.steps), move, events)
        self.steps.append(step)
        if step.index % self.every == 0:
            self._checkpoints[step.index] = state  # cached positions are never changed
        self._remember(step.index, state)
        self.cursor = step.index
        return step

    def undo(self) -> bool:
        """Remove the last step of the record; False if there is nothing to undo."""
        if self.last == 0:
            return False
        self.record.moves.pop()
        self.steps.pop()
        self._forget_after(self.last)
        self.cursor = min(self.cursor, self.last)
        return True

    def _forget_after(self, index: int) -> None:
        for cache in (self._checkpoints, self._recent):
            for k in [k for k in cache if k > index]:
                del cache[k]


__all__ = ["Timeline", "IllegalMove"]
