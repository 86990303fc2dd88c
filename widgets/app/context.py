"""What every component renders from: the timeline, the seat shown, the language and the mode."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from foodplay.engine import Decision, Game, Move, Seat, State
from foodplay.explain import move_hidden
from foodplay.timeline import Timeline
from foodplay_widgets.app.renderers import GameRenderer, renderer_for
from foodplay_widgets.text import Text


@dataclass
class Context:
    """One moment of the tutor's screen. All game state lives in the timeline.

    `seat` is the seat whose view is shown (None: the teacher, who sees everything);
    `learner` is the seat the learner plays in play mode; `at` is the step drawn, when it is
    not the timeline's cursor (a step drawn ahead, see ahead.py).
    """

    timeline: Timeline
    seat: Seat | None = None
    lang: str = "en"
    mode: str = "watch"
    learner: Seat | None = None
    at: int | None = None

    @property
    def cursor(self) -> int:
        return self.timeline.cursor if self.at is None else self.at

    @property
    def state(self) -> State:
        return self.timeline.state_at(self.cursor)

    @property
    def game(self) -> Game:
        return self.state.game

    @cached_property
    def text(self) -> Text:
        return Text(self.timeline.state_at(0).game, self.lang, self.timeline.state_at(0).names)

    @property
    def renderer(self) -> GameRenderer:
        return renderer_for(self.game.id)

    def view(self, index: int | None = None) -> dict[str, Any]:
        """The view of the seat shown, after step `index` (the cursor by default)."""
        k = self.cursor if index is None else index
        return self.timeline.state_at(k).view(self.seat)

    def view_before(self) -> dict[str, Any] | None:
        """The view one step before the cursor's (what changed is highlighted), or None."""
        return self.view(self.cursor - 1) if self.cursor > 0 else None

    @property
    def at_present(self) -> bool:
        """Whether the cursor is on the last step (where moves can be played)."""
        return self.cursor == self.timeline.last

    def decision(self) -> Decision | None:
        return self.state.decision()

    def actors(self) -> list[Seat]:
        """The seats whose decision the move panel may show: never another seat's secrets.

        Play mode: the learner, when it is their decision. Watch mode: the seat shown if it
        must decide, or every deciding seat for the teacher.
        """
        decision = self.decision()
        if decision is None:
            return []
        if self.mode == "play":
            ok = self.at_present and self.learner in decision.seats
            return [self.learner] if ok else []
        if self.seat is None:
            return list(decision.seats)
        return [self.seat] if self.seat in decision.seats else []

    def move_hidden(self, index: int) -> bool:
        """Whether step `index`'s move was a secret choice the seat shown may not read."""
        move: Move | None = self.timeline.steps[index].move
        if move is None or index == 0:
            return False
        before = self.timeline.state_at(index - 1)
        return move_hidden(before.decision(), move, self.seat, before.PRIVATE_MOVES)
