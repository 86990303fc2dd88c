"""Food Truck: order meals in secret, serve them in turn, drop out on a meal already served.

Clause ids follow ../shared/rules/food-truck.md: R0-R3 are the rulebook's setup and round phases
(shown as "0-1", "2-3", ...), D1-D6 the tutor's readings, G1-G4 the tutor's defaults, with G2-1 to
G2-5 for the five truck effects.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from foodplay.data import DataError, Say, require
from foodplay.engine import (
    DEFAULT_NAMES,
    Credits,
    Decision,
    Event,
    Game,
    Move,
    Seat,
    State,
    Verdict,
    check_params,
    event,
)
from foodplay.games.food_truck.components import Components
from foodplay.position import TRUE_OR_FALSE, stack_top

GAME_ID = "food-truck"
TARGET, TARGET_FIVE = 3, 2  # victory points to win (R0, R3-4)

PHASE_CLAUSE = {"prepare": "R1-2", "turn": "R2", "clash": "R2-3", "pick": "R2-4"}
PHASE_KINDS = {
    "prepare": ("order",),
    "turn": ("reveal", "swap", "recall"),
    "clash": ("go_out", "detour", "cover", "rush"),
    "pick": ("pick",),
}
MOVE_PARAMS = {"order": ("card",), "reveal": (), "swap": (), "recall": ("card", "target"),
               "go_out": (), "detour": (), "cover": ("target",), "rush": (), "pick": ("card",)}
BEFORE_REVEAL = ("swap", "recall")  # used on your turn, just before you reveal (G2)
AT_CLASH = ("detour", "cover", "rush")  # used when a reveal would put you out (G2)
TRUCK_CLAUSE = {"swap": "G2-1", "detour": "G2-2", "recall": "G2-3", "cover": "G2-4",
                "rush": "G2-5"}
OPTIONS = {"trucks": True}

# A served stack is [card, count, face_down]; a count above 1 makes it a pile.
CARD, COUNT, DOWN = 0, 1, 2


def _is_seat(value: Any, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


class FoodTruckState(State):
    """A Food Truck position. Seats are 0-based; draw piles are listed top card first."""

    def __init__(self, game: FoodTruckGame, players: int, comp: Components, rng: random.Random,
                 names: list[str], trucks: bool):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.trucks_on = trucks
        self.target = TARGET_FIVE if players == 5 else TARGET
        self.round = 0
        self.phase = "prepare"
        self.first = 0
        self.vp = [0] * players
        self.dessert = list(comp.desserts[:players])
        self.hand: list[list[str]] = [list(comp.starting) + [self.dessert[s]]
                                      for s in range(players)]
        self.pile: list[list[str]] = [[] for _ in range(players)]
        self.pile_size = [0] * players
        self.served: list[list[list[Any]]] = [[] for _ in range(players)]
        self.out = [False] * players
        self.out_order: list[Seat] = []
        self.turn = 0
        self.clash: str | None = None
        self.picker: Seat | None = None
        self.supply: list[str] = []
        self.central: list[str] = []  # the top of the central deck is the end of the list
        self.truck_deck: list[list[str]] = [[] for _ in range(players)]  # top at the end
        self.truck_discard: list[list[str]] = [[] for _ in range(players)]
        self.truck: list[str | None] = [None] * players
        self.truck_used = [False] * players
        self.winner: Seat | None = None
        self.setup_events: list[Event] = []
        self._card_order = {c: i for i, c in enumerate(comp.meals + comp.desserts)}
        # Order moves never change, so each seat's are built once, in candidates' order.
        self._order_moves = [[Move(s, "order", (("card", c),)) for c in comp.meals + (d,)]
                             for s, d in enumerate(self.dessert)]

    # --- whose decision ------------------------------------------------------------------
    def _deciders(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase == "prepare":
            return tuple(s for s in range(self.players) if self.hand[s])
        if phase in ("turn", "clash"):
            return (self.turn,)
        if phase == "pick":
            return (self.picker,)
        return ()

    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        if self.phase == "prepare":
            return Decision(self._deciders(), "food-truck.decide.order", simultaneous=True)
        return Decision(self._deciders(), f"food-truck.decide.{self.phase}")

    # --- moves ---------------------------------------------------------------------------
    def candidates(self, seat: Seat) -> list[Move]:
        make = Move.make
        phase = self.phase
        others = [t for t in range(self.players) if t != seat]
        meals = self.comp.meals
        if phase == "prepare":
            own = (self.dessert[seat],) if _is_seat(seat, self.players) else ()
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

    def check(self, move: Move) -> Verdict:
        phase = self.phase
        if phase == "over":
            return Verdict.refuse("R3-4", "verdict.game_over")
        clause = PHASE_CLAUSE[phase]
        deciders = self._deciders()
        kind = move.kind
        if move.seat not in deciders:
            if phase == "prepare" and _is_seat(move.seat, self.players):
                return Verdict.refuse("R1-2", "food-truck.refuse.pile_ready", seat=move.seat)
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=list(deciders))
        if kind not in PHASE_KINDS[phase]:
            if phase == "turn" and kind in AT_CLASH:
                return Verdict.refuse(TRUCK_CLAUSE[kind], "food-truck.refuse.only_at_clash",
                                      truck=kind)
            if phase == "clash" and kind in BEFORE_REVEAL:
                return Verdict.refuse(TRUCK_CLAUSE[kind], "food-truck.refuse.only_before_reveal",
                                      truck=kind)
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=str(kind),
                                  decision=self.decision().kind)
        if (refusal := check_params(move, MOVE_PARAMS[kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{kind}")(move)

    def _check_order(self, move: Move) -> Verdict:
        card = move.params[0][1]
        if not isinstance(card, str) or card not in self.hand[move.seat]:
            return Verdict.refuse("R1-2", "food-truck.refuse.not_in_hand", seat=move.seat,
                                  card=str(card))
        return Verdict.allow("R1-2")

    def _check_reveal(self, move: Move) -> Verdict:
        return Verdict.allow("R2")

    def _check_truck(self, seat: Seat, kind: str) -> Verdict | None:
        """The refusal shared by every truck effect, or None when `seat` may use `kind` now."""
        if not self.trucks_on:
            return Verdict.refuse("G4", "food-truck.refuse.no_trucks")
        if self.truck[seat] != kind:
            return Verdict.refuse("R1-1", "food-truck.refuse.not_your_truck", seat=seat,
                                  truck=self.truck[seat], wanted=kind)
        if self.truck_used[seat]:
            return Verdict.refuse("G2", "food-truck.refuse.truck_used", seat=seat, truck=kind)
        return None

    @staticmethod
    def _refusal(*verdicts: Verdict | None) -> Verdict | None:
        """The first refusal among `verdicts` (a refused Verdict is falsy, so `or` won't do)."""
        return next((v for v in verdicts if v is not None), None)

    def _check_swap(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "swap")
        if refused is not None:
            return refused
        if len(self.pile[move.seat]) < 2:
            return Verdict.refuse("G2-1", "food-truck.refuse.swap_short",
                                  count=len(self.pile[move.seat]))
        return Verdict.allow("G2-1")

    def _check_target(self, move: Move, clause: str) -> Verdict | None:
        target = move.get("target")
        if not _is_seat(target, self.players):
            return Verdict.refuse(clause, "food-truck.refuse.no_such_seat", target=str(target),
                                  count=self.players)
        if target == move.seat:
            return Verdict.refuse(clause, "food-truck.refuse.own_card", truck=move.kind)
        return None

    def _check_recall(self, move: Move) -> Verdict:
        refused = self._refusal(self._check_truck(move.seat, "recall"),
                                self._check_target(move, "G2-3"))
        if refused is not None:
            return refused
        target, card = move.get("target"), move.get("card")
        if not isinstance(card, str) or card not in self.comp.meals:
            return Verdict.refuse("G2-3", "food-truck.refuse.not_a_meal", card=str(card))
        stack = self._face_up(target, card)
        if stack is None:
            return Verdict.refuse("G2-3", "food-truck.refuse.not_served", target=target,
                                  card=card)
        if stack[COUNT] > 1:
            return Verdict.refuse("G2-3", "food-truck.refuse.part_of_pile", target=target,
                                  card=card, count=stack[COUNT], truck="recall")
        return Verdict.allow("G2-3")

    def _check_go_out(self, move: Move) -> Verdict:
        return Verdict.allow("R2-3")

    def _check_detour(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "detour")
        if refused is not None:
            return refused
        if not self.pile[move.seat]:
            return Verdict.refuse("G2-2", "food-truck.refuse.detour_empty", card=self.clash)
        return Verdict.allow("G2-2")

    def _check_cover(self, move: Move) -> Verdict:
        refused = self._refusal(self._check_truck(move.seat, "cover"),
                                self._check_target(move, "G2-4"))
        if refused is not None:
            return refused
        target, card = move.get("target"), self.clash
        stack = self._face_up(target, card)
        if stack is None:
            return Verdict.refuse("G2-4", "food-truck.refuse.cover_not_blocking", target=target,
                                  card=card)
        blockers = self._blockers(move.seat, card)
        if len(blockers) > 1:
            return Verdict.refuse("G2-4", "food-truck.refuse.cover_many", card=card,
                                  blockers=blockers)
        if stack[COUNT] > 1:
            return Verdict.refuse("G2-4", "food-truck.refuse.part_of_pile", target=target,
                                  card=card, count=stack[COUNT], truck="cover")
        return Verdict.allow("G2-4")

    def _check_rush(self, move: Move) -> Verdict:
        refused = self._check_truck(move.seat, "rush")
        return Verdict.allow("G2-5") if refused is None else refused

    def _check_pick(self, move: Move) -> Verdict:
        card = move.params[0][1]
        if not isinstance(card, str) or card not in self.supply:
            return Verdict.refuse("R2-4", "food-truck.refuse.not_in_supply", card=str(card),
                                  supply=list(self.supply))
        return Verdict.allow("R2-4")

    # --- the table -----------------------------------------------------------------------
    def _face_up(self, seat: Seat, card: str | None) -> list[Any] | None:
        """`seat`'s face-up stack of `card`, if any."""
        for stack in self.served[seat]:
            if stack[CARD] == card and not stack[DOWN]:
                return stack
        return None

    def _blockers(self, seat: Seat, card: str | None) -> list[Seat]:
        """The other seats that show `card` face up, out players included (D1)."""
        return [s for s in range(self.players)
                if s != seat and any(st[CARD] == card and not st[DOWN] for st in self.served[s])]

    def _sorted(self, cards: list[str]) -> list[str]:
        order = self._card_order
        return sorted(cards, key=lambda c: order.get(c, len(order)))

    # --- applying moves ------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    # The busiest events are built as Event(key, params, clauses): the same values as
    # event(key, clauses, **params) gives, without packing and unpacking keywords.

    def _do_order(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]
        self.hand[seat].remove(card)
        pile = self.pile[seat]
        pile.append(card)
        count, total = len(pile), self.pile_size[seat]
        events.append(Event("food-truck.order",
                            (("seat", seat), ("count", count), ("total", total)), ("R1-2", "G3")))
        events.append(Event("food-truck.order.own", (("seat", seat), ("card", card),
                                                     ("count", count), ("total", total)),
                            ("R1-2", "G3"), ONLY[seat]))
        if not any(self.hand):
            self._start_service(events)

    def _start_service(self, events: list[Event]) -> None:
        self.turn = self.first
        events.append(event("food-truck.service.start", "R2", seat=self.first))
        self._begin_turn(events)

    def _begin_turn(self, events: list[Event]) -> None:
        seat = self.turn
        if self.pile[seat]:
            self.phase = "turn"
            return
        events.append(event("food-truck.out.empty", ("D2", "R2-3"), seat=seat))
        self._knock_out(seat, events)

    def _do_reveal(self, move: Move, events: list[Event]) -> None:
        self._judge(move.seat, self.pile[move.seat].pop(0), events)

    def _judge(self, seat: Seat, card: str, events: list[Event]) -> None:
        """Serve, stack or refuse the card `seat` just revealed (2-1 to 2-3)."""
        if card in self.dessert:
            self.served[seat].append([card, 1, False])
            events.append(Event("food-truck.reveal.dessert", (("seat", seat), ("card", card)),
                                ("R2", "R2-2")))
            self._next_turn(events)
            return
        blockers = self._blockers(seat, card)
        if not blockers:
            self._serve(seat, card, events, ("R2", "R2-1"))
            self._next_turn(events)
            return
        gone = [s for s in blockers if self.out[s]]
        d1 = ("D1",) if gone else ()
        suffix = ".d1" if gone else ""
        if self.trucks_on and self.truck[seat] in AT_CLASH and not self.truck_used[seat]:
            self.clash = card
            self.phase = "clash"
            events.append(event("food-truck.reveal.clash_choice" + suffix,
                                ("R2", "R2-3", "G2") + d1, seat=seat, card=card,
                                blockers=blockers, gone=gone, truck=self.truck[seat]))
            return
        self.hand[seat].append(card)
        events.append(event("food-truck.reveal.clash" + suffix, ("R2", "R2-3", "D3") + d1,
                            seat=seat, card=card, blockers=blockers, gone=gone))
        self._knock_out(seat, events)

    def _serve(self, seat: Seat, card: str, events: list[Event], clauses: tuple[str, ...],
               prefix: str = "food-truck.reveal") -> None:
        stack = self._face_up(seat, card)
        if stack is None:
            self.served[seat].append([card, 1, False])
            events.append(Event(prefix + ".served", (("seat", seat), ("card", card)), clauses))
        else:
            stack[COUNT] += 1
            events.append(Event(prefix + ".stacked",
                                (("seat", seat), ("card", card), ("count", stack[COUNT])),
                                clauses + ("D5",)))

    def _knock_out(self, seat: Seat, events: list[Event]) -> None:
        self.out[seat] = True
        self.out_order.append(seat)
        if len(self.out_order) == 1:
            self.first = seat
            events.append(event("food-truck.out.token", "R2-5", seat=seat))
        if not self.supply:
            events.append(event("food-truck.pick.empty", ("R2-4", "D4"), seat=seat))
        elif len(set(self.supply)) == 1:
            card = self.supply.pop()
            self.hand[seat].append(card)
            events.append(event("food-truck.pick.only", ("R2-4", "D4"), seat=seat, card=card))
        else:
            self.phase = "pick"
            self.picker = seat
            events.append(event("food-truck.pick.choose", ("R2-4", "D4"), seat=seat,
                                supply=list(self.supply)))
            return
        self._after_out(events)

    def _do_pick(self, move: Move, events: list[Event]) -> None:
        card = move.params[0][1]
        self.supply.remove(card)
        self.hand[move.seat].append(card)
        self.picker = None
        events.append(event("food-truck.pick", "R2-4", seat=move.seat, card=card,
                            supply=list(self.supply)))
        self._after_out(events)

    def _after_out(self, events: list[Event]) -> None:
        left = [s for s in range(self.players) if not self.out[s]]
        if len(left) == 1:
            self._end_round(left[0], events)
        else:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        seat = (self.turn + 1) % self.players
        while self.out[seat]:
            seat = (seat + 1) % self.players
        self.turn = seat
        self._begin_turn(events)

    # --- truck effects -------------------------------------------------------------------
    def _use_truck(self, seat: Seat) -> None:
        self.truck_used[seat] = True

    def _do_swap(self, move: Move, events: list[Event]) -> None:
        seat, pile = move.seat, self.pile[move.seat]
        self._use_truck(seat)
        pile[0], pile[1] = pile[1], pile[0]
        events.append(event("food-truck.truck.swap", "G2-1", seat=seat))
        events.append(event("food-truck.truck.swap_own", ("G2-1", "G3"), ONLY[seat],
                            seat=seat, first=pile[0], second=pile[1]))

    def _do_recall(self, move: Move, events: list[Event]) -> None:
        seat, target, card = move.seat, move.get("target"), move.get("card")
        self._use_truck(seat)
        self.served[target].remove(self._face_up(target, card))
        self.hand[target].append(card)
        still = self._blockers(target, card)
        events.append(event("food-truck.truck.recall" + (".still" if still else ""),
                            ("G2-3", "D3"), seat=seat, target=target, card=card, still=still))

    def _do_go_out(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self.clash = None
        self.hand[seat].append(card)
        blockers = self._blockers(seat, card)
        events.append(event("food-truck.go_out", ("R2-3", "D3"), seat=seat, card=card,
                            blockers=blockers, truck=self.truck[seat]))
        self._knock_out(seat, events)

    def _do_detour(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self._use_truck(seat)
        self.clash = None
        pile = self.pile[seat]
        pile.append(card)
        events.append(event("food-truck.truck.detour", "G2-2", seat=seat, card=card,
                            count=len(pile)))
        self._judge(seat, pile.pop(0), events)

    def _do_cover(self, move: Move, events: list[Event]) -> None:
        seat, target, card = move.seat, move.get("target"), self.clash
        self._use_truck(seat)
        self.clash = None
        self._face_up(target, card)[DOWN] = True
        events.append(event("food-truck.truck.cover", "G2-4", seat=seat, target=target,
                            card=card))
        self._serve(seat, card, events, ("G2-4", "R2-1"), "food-truck.cover")
        self._next_turn(events)

    def _do_rush(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, self.clash
        self._use_truck(seat)
        self.clash = None
        blockers = self._blockers(seat, card)
        stack = self._face_up(seat, card)
        if stack is None:
            self.served[seat].append([card, 1, False])
        else:
            stack[COUNT] += 1
        events.append(event("food-truck.truck.rush", "G2-5", seat=seat, card=card,
                            blockers=blockers))
        self._next_turn(events)

    # --- between rounds ------------------------------------------------------------------
    def _end_round(self, winner: Seat, events: list[Event]) -> None:
        self.vp[winner] += 1
        self.phase = "over"  # until the next round starts, nobody decides
        events.append(event("food-truck.round.won", "R3", seat=winner, vp=self.vp[winner],
                            round=self.round))
        if self.supply:
            card = self.supply.pop()
            self.hand[winner].append(card)
            events.append(event("food-truck.round.last_card", "R3", seat=winner, card=card))
        else:
            events.append(event("food-truck.round.no_last_card", ("R3", "D6"), seat=winner))
        for seat in range(self.players):
            truck = self.truck[seat]
            if truck is not None:
                self.truck_discard[seat].append(truck)
                key = "food-truck.truck.discard_used" if self.truck_used[seat] \
                    else "food-truck.truck.discard_unused"
                events.append(event(key, "R3-1", seat=seat, truck=truck))
            self.truck[seat] = None
            self.truck_used[seat] = False
            if self.trucks_on and not self.truck_deck[seat]:
                deck = self.truck_discard[seat]
                self.rng.shuffle(deck)
                self.truck_deck[seat], self.truck_discard[seat] = deck, []
                events.append(event("food-truck.truck.reshuffle", "R3-2", seat=seat,
                                    count=len(deck)))
        if self.vp[winner] >= self.target:
            self.winner = winner
            events.append(event("food-truck.end.winner", ("R3-4", "R0"), seat=winner,
                                vp=self.vp[winner], target=self.target))
            return
        events.append(event("food-truck.end.continue", "R3-4", seat=winner,
                            vp=self.vp[winner], target=self.target))
        self._deal_supply(events, "R3-3")
        for seat in range(self.players):
            cards = self.hand[seat] + self.pile[seat]
            for stack in self.served[seat]:
                cards += [stack[CARD]] * stack[COUNT]
            self.hand[seat] = self._sorted(cards)
            self.pile[seat], self.served[seat] = [], []
        events.append(event("food-truck.round.gather", "D3"))
        self._start_round(events)

    def _deal_supply(self, events: list[Event], clause: str) -> None:
        want = self.players
        cards = [self.central.pop() for _ in range(min(want, len(self.central)))]
        self.supply = cards
        if len(cards) == want:
            events.append(event("food-truck.supply.deal", clause, count=want, cards=list(cards)))
        else:
            events.append(event("food-truck.supply.short", (clause, "D6"), count=len(cards),
                                wanted=want, cards=list(cards)))

    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        self.phase = "prepare"
        self.out = [False] * self.players
        self.out_order = []
        self.clash = None
        self.picker = None
        events.append(event("food-truck.round.start", "R1", round=self.round, seat=self.first))
        if self.trucks_on:
            for seat in range(self.players):
                truck = self.truck_deck[seat].pop()
                self.truck[seat] = truck
                events.append(event(f"food-truck.truck.flip.{truck}",
                                    ("R1-1", TRUCK_CLAUSE[truck]), seat=seat, truck=truck))
        for seat in range(self.players):
            self.pile_size[seat] = len(self.hand[seat])
        events.append(event("food-truck.prepare.start", ("R1-2", "G3")))

    # --- results -------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.vp)

    def winners(self) -> list[Seat]:
        """The player who reached the target (R3-4); before the end, the leaders so far."""
        if self.winner is not None:
            return [self.winner]
        best = max(self.vp)
        return [s for s in range(self.players) if self.vp[s] == best] if best else []

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

    # --- copies --------------------------------------------------------------------------
    SHARED = State.SHARED + ("_card_order", "_order_moves")


_DO = {kind: getattr(FoodTruckState, f"_do_{kind}") for kind in MOVE_PARAMS}


class FoodTruckGame(Game):
    id = GAME_ID
    title = "Food Truck"
    credits = Credits("Florian Fay", "Gigamic", 2022)
    min_players = 2
    max_players = 5
    rules_version = "1"
    options = OPTIONS


    def new_state(self, players: int, *, seed: int | None = None,
                  setup: Mapping[str, Any] | None = None,
                  options: Mapping[str, Any] | None = None,
                  components: Mapping[str, Any] | None = None,
                  names: list[str] | None = None,
                  rules_version: str | None = None) -> FoodTruckState:
        self.check_players(players)
        self.check_rules_version(rules_version)  # only one version so far
        options = dict(options or {})
        for name in options:
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option_of", title="Food Truck",
                        options=", ".join(OPTIONS)))
        trucks = options.get("trucks", True)
        require(isinstance(trucks, bool), "options.trucks", TRUE_OR_FALSE)
        comp = self.components(components)
        require(len(comp.desserts) >= players, "components: desserts",
                Say("position.truck.desserts", count=len(comp.desserts), players=players))
        require(names is None or (isinstance(names, list) and len(names) == players),
                "names", Say("position.name_list", players=players))
        setup = dict(setup or {})
        base = seed if seed is not None else setup.get("seed", 0)
        require(isinstance(base, int) and not isinstance(base, bool), "setup.seed",
                Say("data.integer"))
        rng = random.Random(base)
        state = FoodTruckState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]),
                               trucks)
        central = comp.central_deck()
        rng.shuffle(central)
        name = "central_top" if "central_top" in setup else "deck_top"  # the old name too
        top = setup.pop(name, [])
        state.central = stack_top(central, top, f"setup.{name}", "central deck")
        fixed = setup.pop("trucks", None)
        require(fixed is None or (isinstance(fixed, list) and len(fixed) == players),
                "setup.trucks", Say("position.truck.effects", players=players))
        for s in range(players):
            deck = list(comp.trucks)
            rng.shuffle(deck)
            state.truck_deck[s] = stack_top(deck, fixed[s] if fixed else [],
                                             f"setup.trucks[{s}]", "truck deck") \
                if trucks else []
        staged = setup.pop("position", None)
        if staged is not None:  # any position as data: the start of a later round
            from foodplay.games.food_truck.position import apply as apply_position

            apply_position(state, staged, central, top)
        first = setup.pop("first_player", None)
        setup.pop("seed", None)
        require(not setup, "setup",
                Say("position.unknown_setting", name=repr(next(iter(setup), "")),
                    allowed="deck_top, trucks, position, first_player, seed"))
        if first is None:
            first = rng.randrange(players)
            why = "food-truck.setup.first_seed"
        else:
            require(_is_seat(first, players), "setup.first_player",
                    Say("position.seat", low=0, high=players - 1))
            why = "food-truck.setup.first_chosen"
        state.first = first
        events = state.setup_events
        for s in range(players):
            events.append(event("food-truck.setup.seat", ("R0-2", "G1"), seat=s,
                                cards=list(comp.starting), dessert=state.dessert[s]))
        if trucks:
            events.append(event("food-truck.setup.trucks", ("R0-1", "G2"),
                                count=len(comp.trucks), trucks=list(comp.trucks)))
        else:
            events.append(event("food-truck.setup.no_trucks", "G4"))
        events.append(event("food-truck.setup.central", ("R0-3", "G1"), count=len(central),
                            label=comp.label))
        if staged is None:
            state._deal_supply(events, "R0-3")
        else:
            events.append(event("food-truck.setup.position", ("R1", "R3-3"),
                                round=state.round + 1, cards=list(state.supply),
                                count=len(state.central)))
        events.append(event("food-truck.setup.target" + (".five" if players == 5 else ""),
                            "R0", target=state.target))
        events.append(event(why, "R0-4", seat=first))
        state._start_round(events)
        return state



GAME = FoodTruckGame()
ONLY = [frozenset((seat,)) for seat in range(FoodTruckGame.max_players)]
"""ONLY[seat]: the seats who may see a seat's private event."""
__all__ = ["GAME", "FoodTruckGame", "FoodTruckState", "DataError"]
