"""BurgState, a BURG position: the State hooks the engine calls (moves offered, applying a move,
views, inventory, secrets), on top of the checks and the round's phases."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Event, Move, Seat
from foodplay.games.burg.checks import MoveChecks
from foodplay.games.burg.components import TOOLS
from foodplay.games.burg.constants import MOVE_PARAMS
from foodplay.games.burg.lookups import SEAT_MOVES, SeatMoves, recipe_index
from foodplay.games.burg.taking import Taking


class BurgState(MoveChecks, Taking):
    """A BURG position. Seats are 0-based; piles and burgers are numbered from 1 in moves."""

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, seat: Seat) -> list[Move]:
        make = Move.make
        phase = self.phase
        if phase == "reveal":
            return [make(seat, "reveal")]
        if phase in ("place", "take"):
            kind = "place" if phase == "place" else "take"
            return [make(seat, kind, pile=i + 1) for i in range(len(self.piles))]
        if phase == "tools":
            return [make(seat, "tool", tool=t) for t in TOOLS]
        if phase == "build":
            cards = list(self.comp.counts)
            burgers = range(1, len(self.progress[seat]) + 1)
            return ([make(seat, "start")]
                    + [make(seat, "flip", card=c) for c in cards]
                    + [make(seat, "add", card=c, burger=b) for b in burgers for c in cards]
                    + [make(seat, "close", burger=b) for b in burgers]
                    + [make(seat, "done")])
        if phase == "final":
            return ([make(seat, "final", burger=b)
                     for b in range(1, len(self.progress[seat]) + 1)] + [make(seat, "skip")])
        return []

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Picked directly from the shared move tables for speed, in the order of `candidates`;
        property tests compare it with candidates + check."""
        if seat is not None and seat not in self.deciding():
            return []
        phase = self.phase
        if phase == "reveal":
            return [SEAT_MOVES[self.first].reveal]
        if phase == "build":
            builder = self.builders[0]
            return self._build_moves(builder, SEAT_MOVES[builder])
        if phase == "tools":
            chosen, hands = self.chosen, self.hands
            return [move for s in (range(self.players) if seat is None else (seat,))
                    if chosen[s] is None for tool, move in SEAT_MOVES[s].tool.items()
                    if hands[s][tool]]
        if phase == "place":
            return list(SEAT_MOVES[self.first].places[len(self.piles)])
        if phase == "take":
            take = SEAT_MOVES[self.takers[self.take_turn]].take
            return [take[i] for i, t in enumerate(self.pile_taken, start=1) if not t]
        if phase == "final":
            table = SEAT_MOVES[self.final_queue[0]]
            look, final = recipe_index(self.comp).burger, table.final
            return ([final[b] for b, burger in enumerate(self.progress[table.seat], start=1)
                     if look(tuple(burger["fillings"]))[1] is not None] + [table.skip])
        return []

    def _build_moves(self, seat: Seat, table: SeatMoves) -> list[Move]:
        """A builder's legal moves: start or flips, adds per burger, closes, done (5-2..5-5)."""
        index = recipe_index(self.comp)
        has_bottom, flips, fillings, has_top = index.hand(self.taken[seat])
        if has_bottom:
            moves = [table.start]
        else:
            flip = table.flip
            moves = [flip[c] for c in flips]
        if fillings or has_top:
            closes = []
            add, close = table.add, table.close
            known, look = index.burgers, index.burger
            for b, burger in enumerate(self.progress[seat], start=1):
                key = tuple(burger["fillings"])
                addable, recipe = known.get(key) or look(key)
                if fillings:
                    row = None
                    for c in fillings:
                        if c in addable:
                            if row is None:
                                row = add[b]
                            moves.append(row[c])
                if has_top and recipe is not None:
                    closes.append(close[b])
            moves += closes
        moves.append(table.done)
        return moves

    def table_facts(self) -> dict[str, Any]:
        """What the table companion's prompts name: the ingredients to reveal this round, how
        many are out, and the card waiting for a pile."""
        return {"needed": self.needed, "revealed": self.revealed, "card": self.pending}

    # --- applying moves ------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    # --- views ---------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (G5); None is the teacher, who sees everything."""
        decision = self.decision()
        seats = []
        for s in range(self.players):
            own = seat is None or seat == s
            chosen = self.chosen[s]
            seats.append({
                "name": self.names[s],
                "hand": dict(self.hands[s]) if own else {"count": sum(self.hands[s].values())},
                "used": list(self.used[s]) if own else {"count": len(self.used[s])},
                "chosen": chosen if own else ("face_down" if chosen else None),
                "played": self.played[s],
                "taken": list(self.taken[s]),
                # flat records but for their list of fillings (deepcopy cost a bot a third)
                "in_progress": [{**b, "fillings": list(b["fillings"])} for b in self.progress[s]],
                "burgers": [{**b, "fillings": list(b["fillings"])} for b in self.burgers[s]],
                "wastebasket": list(self.waste[s]) if own else {"count": len(self.waste[s])},
                "rat_tokens": self.rat_tokens[s] if own else None,
            })
        over = decision is None
        return {
            "game": "burg",
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": list(decision.seats) if decision else [],
            "decision": decision.kind if decision else None,
            "deck": {"count": len(self.deck)},
            "reveal": {"needed": self.needed, "revealed": self.revealed,
                       "pending": self.pending, "waiting_rats": self.waiting_rats},
            "piles": [{"number": i + 1, "cards": list(p), "taken": self.pile_taken[i]}
                      for i, p in enumerate(self.piles)],
            "target": self.target,
            "complete_burgers": self.complete_burgers(),
            "recipes": [{"id": r.id, "fillings": sorted(r.fillings.elements()),
                         "points": r.points} for r in self.comp.recipes],
            "components": self.comp.label,
            "seats": seats,
            "end_reason": self.end_reason,
            "scores": self.scores() if over else None,
            "winners": self.winners() if over else None,
        }

    def inventory(self) -> Counter[str]:
        """Every deck card, counted wherever it lies (for the one-place-per-card property)."""
        where = Counter(self.deck)
        for pile in self.piles:
            where.update(pile)
        for s in range(self.players):
            where.update(self.taken[s])
            where.update(self.waste[s])
            for b in self.progress[s] + self.burgers[s]:
                where.update(b["fillings"])
                where[b["bottom"]] += 1
                if b.get("top") == "top_bun":
                    where["top_bun"] += 1
        if self.pending:
            where[self.pending] += 1
        where["rat"] += self.waiting_rats
        return where

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """G5: a seat's hand, used tools, face-down tool, rat tokens and wastebasket."""
        paths: list[tuple[str | int, ...]] = [("seats", seat, "hand"), ("seats", seat, "used"),
                                              ("seats", seat, "wastebasket"),
                                              ("seats", seat, "rat_tokens")]
        if self.chosen[seat] is not None:
            paths.append(("seats", seat, "chosen"))
        return paths


_DO = {kind: getattr(BurgState, f"_do_{kind}") for kind in MOVE_PARAMS}  # kind -> its effect
