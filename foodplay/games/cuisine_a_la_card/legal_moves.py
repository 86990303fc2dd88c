"""The moves Cuisine a la Card offers a seat: every candidate of the kinds decided now, and the
legal ones generated directly from the seat's move tables (seat_moves) for speed."""

from __future__ import annotations

from itertools import compress

from foodplay.engine import Move, Seat
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.constants import (
    FORK_USES,
    FRIDGE_PRICE,
    MARKET_SIZE,
    MODE_KINDS,
    MOVE_PARAMS,
    PLATES,
)
from foodplay.games.cuisine_a_la_card.seat_moves import SeatMoves, build_seat_moves
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class OfferedMoves(CuisineStateBase):
    """CuisineState's `candidates` and `legal_moves` (property tests compare the two)."""

    def candidates(self, seat: Seat) -> list[Move]:
        """Every move of the kinds decided now, naming the cards `seat` holds, allowed or not."""
        mode = self.mode()
        if mode is None:
            return []
        make = Move.make
        cards = list(dict.fromkeys(self.hand[seat])) if 0 <= seat < self.players else []
        plates = range(1, PLATES + 1)
        out: list[Move] = []
        for kind in MODE_KINDS[mode]:
            params = MOVE_PARAMS[kind]
            if not params:
                out.append(make(seat, kind))
            elif params == ("card",):
                out += [make(seat, kind, card=c) for c in cards]
            elif kind == "fork":
                out += [make(seat, kind, use=u) for u in FORK_USES]
            elif kind == "buy":
                out += [make(seat, kind, slot=s) for s in range(1, MARKET_SIZE + 1)]
            elif params == ("plate",):
                out += [make(seat, kind, plate=p) for p in plates]
            elif kind == "serve":
                out += [make(seat, kind, judge=j) for j in range(1, len(self.judges) + 1)]
            elif kind == "food_type":
                out += [make(seat, kind, type=t) for t in self.comp.food_types]
        return out

    def legal_moves(self, seat: Seat | None = None) -> list[Move]:
        """Generated directly for speed, from each seat's moves made once per component set;
        property tests compare it with candidates + check."""
        if self.queue or self.phase == "over":
            mode = self.mode()
            if mode is None:
                return []
            chooser = self._chooser()
        else:  # the active seat's own turn: mode() and _chooser() without two calls
            chooser = self.active
            mode = "warming" if self.phase == "warming" else \
                "dish" if self.dish[chooser] else "play"
        if seat is not None and seat != chooser:
            return []
        seat = chooser
        facts = self.comp.facts
        table = facts.moves.get(seat) or build_seat_moves(facts, seat)
        distinct = dict.fromkeys(self.hand[seat])  # the cards in hand, each once, in order
        # P2-3: copies bought this turn are not usable; with none bought, every card in hand is
        usable = ([c for c in distinct if self._usable(seat, c)]
                  if self.bought_hand and seat == self.active else distinct)
        # (moves are looked up with map and filter: no Python frame per card)
        if mode == "play" or mode == "dish":
            if not self.purchases and (mode == "dish" or self._can_start(seat)):
                moves = list(filter(None, map(table.dish.get, distinct)))  # food cards only
                moves += compress(table.dish_plate, map(facts.food.__getitem__, self.plates[seat]))
            else:
                moves = []
            if mode == "dish":
                moves += self._servable(seat, table)
                moves.append(table.cancel)
                return moves
            moves += filter(None, map(table.play.get, usable))  # all but the Fork
            if "fork" in usable:
                moves += table.fork
            if not self.served and self.buys > 0:
                money = self.currency
                moves += compress(table.buy, map(money.__ge__, map(facts.cost.__getitem__,
                                                                   self.market)))
                if self.fridge and money >= FRIDGE_PRICE:
                    moves.append(table.buy_fridge)
                if self.forks and money >= self.comp.fork_cost:
                    moves.append(table.buy_fork)
            moves.append(table.end)
            return moves
        if mode == "warming" or mode == "warm":
            moves = list(map(table.warm.__getitem__, usable)) if None in self.plates[seat] \
                else []
            moves.append(table.no_warm)
            return moves
        if mode == "trash":
            moves = list(map(table.trash.__getitem__, distinct))
            moves.append(table.no_trash)
            return moves
        if mode == "retrieve":
            retrieve = table.retrieve
            moves = [retrieve[p] for p, c in enumerate(self.plates[seat]) if c is not None]
            moves.append(table.no_retrieve)
            return moves
        if mode == "others_discard":
            return list(map(table.discard.__getitem__, distinct))
        card = self.comp.cards[self.dish[seat][self.queue[0]["index"]]["card"]]  # food_type
        return list(map(table.food_type.__getitem__, card.types))

    def _servable(self, seat: Seat, table: SeatMoves) -> list[Move]:
        """The serve moves of the judges that would accept the seat's dish now (fast scoring)."""
        dish = scoring.FastDish(self.dish[seat], self.comp)
        scored = dish.points(self._judge_abilities(seat, "submit"))
        more, serve, judges = self.options["more_medals"], table.serve, self.comp.judges
        return [serve[j + 1] for j, slot in enumerate(self.judges) if slot["judge"]
                and dish.accepted_medals(judges[slot["judge"]], scored, more)]
