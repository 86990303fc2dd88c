"""FoodTruckState, a Food Truck position: the State hooks the engine calls (moves offered,
applying a move, views, inventory, secrets), on top of the checks and the round's phases."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Event, Move, Seat
from foodplay.games.food_truck.checks import MoveChecks
from foodplay.games.food_truck.constants import CARD, COUNT, DOWN, GAME_ID, MOVE_PARAMS
from foodplay.games.food_truck.table import is_seat
from foodplay.games.food_truck.trucks import TruckEffects


class FoodTruckState(MoveChecks, TruckEffects):
    """A Food Truck position. Seats are 0-based; draw piles are listed top card first."""

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, seat: Seat) -> list[Move]:
        make = Move.make
        phase = self.phase
        others = [t for t in range(self.players) if t != seat]
        meals = self.comp.meals
        if phase == "prepare":
            own = (self.dessert[seat],) if is_seat(seat, self.players) else ()
            return [make(seat, "order", card=c) for c in meals + own]
        if phase == "turn":
            return ([make(seat, "reveal"), make(seat, "swap")]
                    + [make(seat, "recall", target=t, card=m) for t in others for m in meals])
        if phase == "clash":
            return ([make(seat, "go_out"), make(seat, "detour")]
                    + [make(seat, "cover", target=t) for t in others] + [make(seat, "rush")])
        if phase == "pick":
            return [make(seat, "pick", card=m) for m in meals]
        return []

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Generated directly for speed, in the order of `candidates`; tests compare the two."""
        phase = self.phase
        if phase == "over":
            return []
        deciders = self._deciders()
        if seat is not None and seat not in deciders:
            return []
        if phase == "prepare":
            moves = []
            for s in (deciders if seat is None else (seat,)):
                held = set(self.hand[s])
                moves += [m for m in self._order_moves[s] if m.params[0][1] in held]
            return moves
        seat = deciders[0]
        if phase == "pick":
            supply = set(self.supply)
            return [Move(seat, "pick", (("card", m),)) for m in self.comp.meals if m in supply]
        truck = self.truck[seat] if self.trucks_on and not self.truck_used[seat] else None
        if phase == "turn":
            moves = [Move(seat, "reveal")]
            if truck == "swap" and len(self.pile[seat]) >= 2:
                moves.append(Move(seat, "swap"))
            elif truck == "recall":
                for t in range(self.players):
                    if t != seat:
                        lone = {st[CARD] for st in self.served[t]
                                if st[COUNT] == 1 and not st[DOWN]}
                        moves += [Move(seat, "recall", (("card", m), ("target", t)))
                                  for m in self.comp.meals if m in lone]
            return moves
        moves = [Move(seat, "go_out")]  # clash
        if truck == "detour" and self.pile[seat]:
            moves.append(Move(seat, "detour"))
        elif truck == "cover":
            blockers = self._blockers(seat, self.clash)
            if len(blockers) == 1 and self._face_up(blockers[0], self.clash)[COUNT] == 1:
                moves.append(Move(seat, "cover", (("target", blockers[0]),)))
        elif truck == "rush":
            moves.append(Move(seat, "rush"))
        return moves

    # --- applying moves ------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    # --- views ---------------------------------------------------------------------------
    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (G3); None is the teacher, who sees everything."""
        teacher = seat is None
        deciders = self._deciders()
        preparing = self.phase == "prepare"
        seats = []
        for s in range(self.players):
            own = teacher or seat == s
            owned = list(self.hand[s]) + list(self.pile[s])
            for stack in self.served[s]:
                owned += [stack[CARD]] * stack[COUNT]
            if self.clash is not None and s == self.turn:
                owned.append(self.clash)
            deck = {"count": len(self.truck_deck[s])}
            if teacher:
                deck["cards"] = list(reversed(self.truck_deck[s]))
            seats.append({
                "name": self.names[s],
                "vp": self.vp[s],
                "out": self.out[s],
                "dessert": self.dessert[s],
                "cards": self._sorted(owned),
                "hand": list(self.hand[s]) if own or not preparing
                else {"count": len(self.hand[s])},
                "pile": list(self.pile[s]) if own else {"count": len(self.pile[s])},
                "pile_ready": preparing and not self.hand[s],
                "served": [{"card": st[CARD], "count": st[COUNT], "face_down": st[DOWN]}
                           for st in self.served[s]],
                "truck": None if self.truck[s] is None
                else {"card": self.truck[s], "used": self.truck_used[s]},
                "truck_deck": deck,
                "truck_discard": list(self.truck_discard[s]),
            })
        central: dict[str, Any] = {"count": len(self.central)}
        if teacher:
            central["cards"] = list(reversed(self.central))
        over = self.phase == "over"
        clash = None
        if self.clash is not None:
            clash = {"seat": self.turn, "card": self.clash,
                     "blockers": self._blockers(self.turn, self.clash)}
        return {
            "game": GAME_ID,
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "first_player": self.first,
            "to_act": list(deciders),
            "decision": None if over else self.decision().kind,
            "turn": self.turn if self.phase in ("turn", "clash") else None,
            "clash": clash,
            "picker": self.picker,
            "out_order": list(self.out_order),
            "target": self.target,
            "trucks": self.trucks_on,
            "supply": list(self.supply),
            "central_deck": central,
            "meals": list(self.comp.meals),
            "components": self.comp.label,
            "seats": seats,
            "scores": self.scores() if over else None,
            "winners": self.winners() if over else None,
        }

    def inventory(self) -> Counter[str]:
        """Every meal, dessert and truck card, counted wherever it lies."""
        where = Counter(self.central)
        where.update(self.supply)
        for s in range(self.players):
            where.update(self.hand[s])
            where.update(self.pile[s])
            for stack in self.served[s]:
                where[stack[CARD]] += stack[COUNT]
            trucks = self.truck_deck[s] + self.truck_discard[s]
            if self.truck[s] is not None:
                trucks = trucks + [self.truck[s]]
            where.update("truck." + t for t in trucks)
        if self.clash is not None:
            where[self.clash] += 1
        return where

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """G3: the order of a seat's draw pile, and while ordering, the cards still in hand."""
        paths: list[tuple[str | int, ...]] = [("seats", seat, "pile")]
        if self.phase == "prepare":
            paths.append(("seats", seat, "hand"))
        return paths


_DO = {kind: getattr(FoodTruckState, f"_do_{kind}") for kind in MOVE_PARAMS}  # kind -> its effect
