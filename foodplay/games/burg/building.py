"""A BURG round's second half and the game's end: build burgers (rule 5), end the round and
start the next one or end the game (6), finish burgers with the wastebasket (7), score (G4)."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Move, Seat, event
from foodplay.games.burg.constants import ONLY
from foodplay.games.burg.lookups import recipe_index
from foodplay.games.burg.table import BurgTable


class Building(BurgTable):
    """Build, then end the round or the game; one `_do_<kind>` per move kind of these phases."""

    # The busiest events are built as Event(key, params, clauses): the same values as
    # event(key, clauses, **params) gives, without packing and unpacking keywords.

    def _start_build(self, events: list[Event]) -> None:
        self.phase = "build"
        self._begin_builder(events)

    def _begin_builder(self, events: list[Event]) -> None:
        seat = self.builders[0]
        rats = self.taken[seat].count("rat")
        if rats:
            self.taken[seat] = [c for c in self.taken[seat] if c != "rat"]
            self.rat_tokens[seat] += rats
            self.waste[seat] += ["rat"] * rats
            events.append(Event("burg.build.rats_public", (("seat", seat),), ("R5-1", "G5")))
            events.append(Event("burg.build.rats", (("seat", seat), ("count", rats)),
                                ("R5-1", "G5"), ONLY[seat]))  # G5: only the owner learns the count
        events.append(Event("burg.build.begin", (("seat", seat), ("cards", list(self.taken[seat]))),
                            ("R5",)))

    def _do_start(self, move: Move, events: list[Event]) -> None:
        seat, progress = move.seat, self.progress[move.seat]
        self.taken[seat].remove("bottom_bun")
        progress.append({"bottom": "bottom_bun", "fillings": []})
        events.append(Event("burg.build.start", (("seat", seat), ("burger", len(progress))),
                            ("R5-2",)))

    def _do_flip(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]  # checked: the one parameter, a card
        progress = self.progress[seat]
        self.taken[seat].remove(card)
        progress.append({"bottom": card, "fillings": []})
        events.append(Event("burg.build.flip",
                            (("seat", seat), ("card", card), ("burger", len(progress))),
                            ("R5-2",)))

    def _do_add(self, move: Move, events: list[Event]) -> None:
        seat, card, number = move.seat, move.get("card"), move.get("burger")
        self.taken[seat].remove(card)
        fillings = self.progress[seat][number - 1]["fillings"]
        fillings.append(card)
        still = list(recipe_index(self.comp).fits.get(tuple(sorted(fillings)), ()))
        events.append(Event("burg.build.add", (("seat", seat), ("card", card), ("burger", number),
                                               ("recipes", still)), ("R5-4", "D5")))

    def _complete(self, seat: Seat, index: int, top: str) -> dict[str, Any]:
        burger = self.progress[seat].pop(index)
        recipe = recipe_index(self.comp).burger(tuple(burger["fillings"]))[1]
        done = {**burger, "top": top, "recipe": recipe.id, "points": recipe.points}
        self.burgers[seat].append(done)
        return done

    def _do_close(self, move: Move, events: list[Event]) -> None:
        index = self._burger_index(move)
        self.taken[move.seat].remove("top_bun")
        done = self._complete(move.seat, index, "top_bun")
        events.append(event("burg.build.close", ("R5-3", "R5-4"), seat=move.seat,
                            burger=index + 1, recipe=done["recipe"], points=done["points"],
                            total=self.complete_burgers(), target=self.target))

    def _do_done(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        left = self.taken[seat]
        self.waste[seat] += left
        events.append(Event("burg.build.discard", (("seat", seat), ("count", len(left))),
                            ("R5-5",)))
        self.taken[seat] = []
        self.builders.pop(0)
        if self.builders:
            self._begin_builder(events)
        else:
            self._end_of_round(events)

    # --- the end of a round --------------------------------------------------------------
    def _end_of_round(self, events: list[Event]) -> None:
        total = self.complete_burgers()
        if total >= self.target:
            events.append(event("burg.end.burgers", ("R6", "D6"), count=total,
                                target=self.target))
            self._end_game("burgers", events)
        elif self.deck_ran_out:
            events.append(event("burg.end.deck_ran_out", ("R6", "D7")))
            self._end_game("deck_ran_out", events)
        elif len(self.deck) < self.needed:
            events.append(event("burg.end.deck", ("R6", "D7"), deck=len(self.deck),
                                needed=self.needed))
            self._end_game("deck", events)
        else:
            if self.last_taker is None:
                events.append(Event("burg.end.continue_same", (
                    ("count", total), ("target", self.target), ("deck", len(self.deck)),
                    ("seat", self.first)), ("R6", "D4")))
            else:
                self.first = self.last_taker
                events.append(Event("burg.end.continue", (
                    ("count", total), ("target", self.target), ("deck", len(self.deck)),
                    ("seat", self.first)), ("R6", "D6")))
            self._start_round(events)

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        self.phase = "reveal"
        self.revealed = 0
        self.piles, self.pile_taken = [], []
        self.played = [None] * self.players
        self.last_taker = None
        events.append(Event("burg.round.start", (("round", self.round), ("seat", self.first),
                                                 ("needed", self.needed)), ("R1",)))

    # --- the end of the game -------------------------------------------------------------
    def _end_game(self, reason: str, events: list[Event]) -> None:
        self.end_reason = reason
        order = [(self.first + k) % self.players for k in range(self.players)]
        self.final_queue = [s for s in order if self._can_finish(s)]
        self.phase = "final"
        if self.final_queue:
            events.append(event("burg.final.start", ("R7", "D8")))
        else:
            self._finish(events)

    def _can_finish(self, seat: Seat) -> bool:
        look = recipe_index(self.comp).burger
        return any(look(tuple(b["fillings"]))[1] for b in self.progress[seat])

    def _do_final(self, move: Move, events: list[Event]) -> None:
        index = self._burger_index(move)
        done = self._complete(move.seat, index, "wastebasket")
        events.append(event("burg.final.close", ("R7", "D8"), seat=move.seat, burger=index + 1,
                            recipe=done["recipe"], points=done["points"]))
        self._next_final(events)

    def _do_skip(self, move: Move, events: list[Event]) -> None:
        events.append(event("burg.final.skip", "R7", seat=move.seat))
        self._next_final(events)

    def _next_final(self, events: list[Event]) -> None:
        self.final_queue.pop(0)
        if not self.final_queue:
            self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        for seat in range(self.players):
            events.append(event("burg.score", "G4", seat=seat, points=self.scores()[seat],
                                burgers=len(self.burgers[seat]),
                                burger_points=sum(b["points"] for b in self.burgers[seat]),
                                rats=self.rat_tokens[seat]))
        winners = self.winners()
        best = max(self.scores())
        tied = [s for s in range(self.players) if self.scores()[s] == best]
        if len(winners) == 1 and len(tied) == 1:
            events.append(event("burg.winner", "G4", seat=winners[0], points=best))
        elif len(winners) == 1:
            events.append(event("burg.winner.fewer_rats", "G4", seat=winners[0], points=best,
                                tied=tied))
        else:
            events.append(event("burg.winner.shared", "G4", seats=winners, points=best))
