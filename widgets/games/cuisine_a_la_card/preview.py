"""A dish in the making, worked out on a scratch copy of the game: nothing is played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from foodplay.engine import Move, State, Verdict
from foodplay.games.cuisine_a_la_card import scoring
from foodplay_widgets.games.cuisine_a_la_card.faces import K, judge_abilities


class DishPreview:
    """A dish in the making, worked out without touching the game.

    `entries` are the dish's cards in order, as the engine keeps them (`card`, `from`,
    `plate`, `as`). The meal points and each judge's assessment come from the engine's pure
    scoring functions. With `moves` (the dish moves that would put these cards on the counter),
    each judge's answer is also the engine's own verdict, checked on a scratch copy after those
    moves; `refused` is then the first dish move the engine would refuse, if any.
    """

    def __init__(self, state: State, seat: int, entries: Sequence[dict[str, Any]],
                 moves: Sequence[Move] | None = None):
        comp = state.comp
        view = state.view(seat)
        self.seat = seat
        self.entries = [dict(e) for e in entries]
        self.abilities = judge_abilities(comp, view["seats"][seat]["judges"])
        self.score = scoring.score(self.entries, comp, self.abilities)
        more = bool(view["options"].get("more_medals"))
        self.judges: list[tuple[dict[str, Any], Verdict, scoring.Assessment | None]] = []
        self.refused: tuple[int, Verdict] | None = None  # a dish move the engine refuses
        scratch = None
        if moves is not None and self.entries:
            scratch = state.clone()
            for index, move in enumerate(moves):
                verdict = scratch.check(move)
                if not verdict.ok:
                    self.refused = (index, verdict)
                    break
                scratch.apply(move)
        for slot in view["judges"]:
            if slot["judge"] is None:
                continue
            assessed = scoring.assess(self.entries, comp, comp.judges[slot["judge"]],
                                      self.score, more) if self.entries else None
            if scratch is not None and self.refused is None:
                verdict = scratch.check(Move.make(seat, "serve", judge=slot["slot"]))
            elif self.refused is not None:
                verdict = self.refused[1]
            elif assessed is not None:
                verdict = Verdict.allow(assessed.clause) if assessed.ok else \
                    Verdict.refuse(assessed.clause, K + assessed.reason, **assessed.params)
            else:
                verdict = Verdict.refuse("P2-4", K + "refuse.no_dish", seat=seat)
            self.judges.append((slot, verdict, assessed))

    @property
    def accepting(self) -> int:
        """How many open judges would accept the dish, by the scoring rules alone."""
        return sum(bool(a and a.ok) for _, _, a in self.judges)

    @property
    def best_medals(self) -> int:
        return max((a.medals for _, _, a in self.judges if a and a.ok), default=0)
