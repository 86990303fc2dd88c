"""Time travel over a record: every position is the replay of the log up to that step."""

from __future__ import annotations

from foodplay.engine import IllegalMove, Move, State
from foodplay.record import Record, Step, replay


class Timeline:
    """A record plus a cursor. Positions are replayed from the log and cached."""

    def __init__(self, record: Record):
        state, steps = replay(record)  # validates every move; RecordError if any is bad
        self.record = record
        self.steps: list[Step] = steps
        self._states: dict[int, State] = {len(steps) - 1: state}
        self.cursor = len(steps) - 1

    # --- positions -----------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def state_at(self, index: int) -> State:
        """The position after step `index` (0 is the set-up), replayed from the record."""
        if not 0 <= index <= self.last:
            raise IndexError(f"step {index} is outside 0..{self.last}")
        if index not in self._states:
            earlier = [k for k in self._states if k < index]
            if earlier:
                start = max(earlier)
                state = self._states[start].clone()
            else:
                start, state = 0, self.record.new_state()
            for k in range(start, index):
                state.apply(self.record.moves[k])
            self._states[index] = state
        return self._states[index]

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
        for k in [k for k in self._states if k > self.cursor]:
            del self._states[k]
        self.record.moves.append(move)
        step = Step(len(self.steps), move, events)
        self.steps.append(step)
        self._states[step.index] = state
        self.cursor = step.index
        return step

    def undo(self) -> bool:
        """Remove the last step of the record; False if there is nothing to undo."""
        if self.last == 0:
            return False
        self.record.moves.pop()
        self.steps.pop()
        self._states.pop(self.last + 1, None)
        self.cursor = min(self.cursor, self.last)
        return True


__all__ = ["Timeline", "IllegalMove"]
