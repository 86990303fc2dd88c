"""Cuisine a la Card: build a deck of ingredients, warm them on plates, serve dishes to judges.

Clause ids follow ../shared/rules/cuisine-a-la-card.md in order: S1-S6 set-up, T and P1-P4-1 the
four phases of a turn, C1-C6 the cards, E1-E3 the end, V1-V2 the variants, Q1-Q5 the rulings of
the rulebook's Q&A, D1-D6 the tutor's readings and G1-G13 the tutor's defaults.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import compress
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
)
from foodplay.games.cuisine_a_la_card import components as cu_components
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.components import CHOICE_EFFECTS, Components
from foodplay.games.cuisine_a_la_card.lookups import NO_JUDGE, Lookups, shuffle
from foodplay.position import TRUE_OR_FALSE

K = "cuisine-a-la-card."
HAND_SIZE = 5  # S1, P3
MAX_PLAYERS = 4
OWN = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))  # events only one seat may see
PLATES = 3  # P1
MARKET_SIZE = 4  # S4
FRIDGE_PRICE = 1  # P4-1
# Events whose details recur are immutable values: built once here and shared by every game
NEW_HAND = tuple(Event(K + "draw.new_hand", (("seat", s), ("count", HAND_SIZE)), ("P3",))
                 for s in range(MAX_PLAYERS))
WARM_SKIPPED = {(s, key): Event(K + key, (("seat", s), ("count", PLATES)), ("P1",))
                for s in range(MAX_PLAYERS) for key in ("warm.skip_full", "warm.skip_empty")}
DISH_START = tuple(Event(K + "dish.start", (("seat", s),), ("P2-4", "D1", "G11"))
                   for s in range(MAX_PLAYERS))
SLIDE = tuple(Event(K + "cleanup.slide", (("count", n),), ("P4",))
              for n in range(MARKET_SIZE + 1))
_shared_events: dict[tuple[str, tuple[tuple[str, Any], ...]], Event] = {}  # _shared_event's
_played_events: dict[tuple[Seat, str, str], Event] = {}  # play.card/.wasted/.nothing by seat
TARGET = {2: 15, 3: 10, 4: 10}  # E1, S6
MORE_MEDALS_EXTRA = 3  # V2 (18 with two players), G9
FORK_USES = ("currency", "buy")
OPTIONS = {"advanced": False, "more_medals": False}

MOVE_PARAMS: dict[str, tuple[str, ...]] = {
    "warm": ("card",), "no_warm": (), "play": ("card",), "fork": ("use",), "buy": ("slot",),
    "buy_fridge": (), "buy_fork": (), "dish": ("card",), "dish_plate": ("plate",),
    "serve": ("judge",), "cancel": (), "end": (), "food_type": ("type",), "trash": ("card",),
    "no_trash": (), "retrieve": ("plate",), "no_retrieve": (), "discard": ("card",),
}
MODE_KINDS: dict[str, tuple[str, ...]] = {
    "warming": ("warm", "no_warm"),
    "play": ("play", "fork", "buy", "buy_fridge", "buy_fork", "dish", "dish_plate", "end"),
    "dish": ("dish", "dish_plate", "serve", "cancel"),
    "food_type": ("food_type",),
    "trash": ("trash", "no_trash"),
    "warm": ("warm", "no_warm"),
    "retrieve": ("retrieve", "no_retrieve"),
    "others_discard": ("discard",),
}
MODE_CLAUSE = {"warming": "P1", "play": "P2", "dish": "P2-4", "food_type": "C4", "trash": "C6",
               "warm": "Q4", "retrieve": "P1", "others_discard": "Q3"}
MODE_DECISION = {"warming": "warming", "play": "play", "dish": "dish", "food_type": "food_type",
                 "trash": "trash", "warm": "warm", "retrieve": "retrieve",
                 "others_discard": "discard"}
EFFECT_CLAUSES = {"spoons": ("C5",), "buys": ("P2-1",), "draw": ("P3",), "gain_fork": ("S2",),
                  "trash": ("C6",), "warm": ("Q4",), "retrieve": ("P1",),
                  "others_discard": ("Q3",)}


def _first(refusal: Verdict | None, verdict: Verdict) -> Verdict:
    """The refusal if there is one (a refusal is falsy, so `or` cannot be used), else `verdict`."""
    return verdict if refusal is None else refusal


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def ev(key: str, clauses: str | tuple[str, ...], visible_to: frozenset[Seat] | None = None,
       **params: Any) -> Event:
    """An event whose message key is in this game's part of the catalogue (built directly:
    the same Event as `engine.event` gives, one call fewer on the hottest path)."""
    return Event(K + key, tuple(params.items()),
                 (clauses,) if clauses.__class__ is str else tuple(clauses), visible_to)


def _played_event(seat: Seat, card: str, key: str, clauses: tuple[str, ...]) -> Event:
    """The event of a card played (its message key and clauses), remembered per seat and card."""
    if len(_played_events) > 10_000:
        _played_events.clear()
    event = _played_events[seat, card, key] = Event(K + key, (("seat", seat), ("card", card)),
                                                     clauses)
    return event


def _shared_event(key: str, params: tuple[tuple[str, Any], ...],
                  clauses: tuple[str, ...]) -> Event:
    """An event whose details are numbers that recur, built once per key and details (each call
    site gives one key the same clauses)."""
    event = _shared_events.get((key, params))
    if event is None:
        if len(_shared_events) > 10_000:
            _shared_events.clear()
        event = _shared_events[key, params] = Event(key, params, clauses)
    return event


def no(clause: str, reason: str, **params: Any) -> Verdict:
    """A refusal whose reason is in this game's part of the catalogue."""
    return Verdict.refuse(clause, K + reason, **params)


class CuisineState(State):
    """A Cuisine a la Card position. Seats are 0-based; slots, plates and judges count from 1."""

    # G12: the card warmed face down, put into a dish in the making, or the type it counts as
    PRIVATE_MOVES = frozenset({"warm", "dish", "food_type"})

    def __init__(self, game: CuisineGame, players: int, comp: Components, rng: random.Random,
                 names: list[str], options: dict[str, bool]):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.options = options
        self.target = TARGET[players] + (MORE_MEDALS_EXTRA if options["more_medals"] else 0)
        self.pantry: list[str] = []  # the top is the end of the list
        self.market: list[str | None] = [None] * MARKET_SIZE  # slot 4 is next to the Fridge
        self.fridge: list[str] = []  # the top is the end of the list
        self.forks = comp.forks
        self.stacks: dict[str, list[str]] = {}  # tier (or "all" in Advanced) -> judges, top last
        self.judges: list[dict[str, Any]] = []  # open slots: {"stack", "judge"}
        self.deck: list[list[str]] = [[] for _ in range(players)]  # top last
        self.hand: list[list[str]] = [[] for _ in range(players)]
        self.discard: list[list[str]] = [[] for _ in range(players)]
        self.plates: list[list[str | None]] = [[None] * PLATES for _ in range(players)]
        self.played: list[list[str]] = [[] for _ in range(players)]
        self.dish: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.won: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.dishes: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.medals = [0] * players
        self.eaten: list[list[str]] = [[] for _ in range(players)]
        self.trash: list[str] = []
        self.first = 0
        self.active = 0
        self.round = 1
        self.turn = 0
        self.phase = "warming"
        self.currency = 0
        self.buys = 1
        self.purchases = 0
        self.served = 0
        self.market_start = 0
        self.market_bought = 0
        self.turn_played: list[str] = []  # everything that counts as played this turn (D2)
        self.turn_fired: list[bool] = []  # whether its On Play cuisine ability has acted (C3)
        self.warmed = False  # P1: whether the warming phase put a card on a plate this turn
        # P2-3, Q2: the cards bought this turn, followed copy by copy through a reshuffle:
        # positions in the active seat's discard pile and deck, and copies now in hand
        self.bought_discard: list[int] = []
        self.bought_deck: list[int] = []
        self.bought_hand: list[str] = []
        self.queue: list[dict[str, Any]] = []  # abilities still to resolve, choices first in line
        self.end_trigger: dict[str, Any] | None = None
        self.setup_events: list[Event] = []
        self.rules = 2  # the rules version played (CuisineGame.rules_versions), as a number

    # --- whose decision ------------------------------------------------------------------
    def mode(self) -> str | None:
        """What is being decided now: a pending choice, a phase, or None when the game is over."""
        if self.phase == "over":
            return None
        if self.queue:
            return self.queue[0]["kind"]
        if self.phase == "warming":
            return "warming"
        return "dish" if self.dish[self.active] else "play"

    def _chooser(self) -> Seat:
        if self.queue:
            task = self.queue[0]
            return task["victims"][0] if task["kind"] == "others_discard" else task["seat"]
        return self.active

    def decision(self) -> Decision | None:
        mode = self.mode()
        if mode is None:
            return None
        return Decision((self._chooser(),), f"{K}decide.{MODE_DECISION[mode]}")

    # --- moves ---------------------------------------------------------------------------
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
        table = facts.moves.get(seat) or _seat_moves(facts, seat)
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

    # --- verdicts ------------------------------------------------------------------------
    def check(self, move: Move) -> Verdict:
        mode = self.mode()
        if mode is None:
            return Verdict.refuse("E1", "verdict.game_over")
        clause = MODE_CLAUSE[mode]
        chooser = self._chooser()
        if move.seat != chooser:
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=[chooser])
        kind = move.kind
        if kind not in MODE_KINDS[mode]:
            if kind == "warm" and mode in ("play", "dish"):
                if self.warmed:
                    return no("P1", "refuse.warm_again", seat=move.seat)
                return no("Q2", "refuse.warm_late", seat=move.seat)
            if mode == "dish" and kind in MODE_KINDS["play"]:
                return no("G11", "refuse.dish_open", seat=move.seat)
            if mode == "play" and kind in ("serve", "cancel"):
                return no("P2-4", "refuse.no_dish", seat=move.seat)
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=str(kind))
        if (refusal := check_params(move, MOVE_PARAMS[kind], clause)) is not None:
            return refusal
        if "card" in MOVE_PARAMS[kind]:
            card = move.get("card")
            if not isinstance(card, str) or card not in self.comp.cards:
                return no("G1", "refuse.no_such_card", card=str(card))
        if "plate" in MOVE_PARAMS[kind]:
            plate = move.get("plate")
            if not _int(plate) or not 1 <= plate <= PLATES:
                return no("P1", "refuse.no_such_plate", plate=str(plate), count=PLATES)
        return getattr(self, f"_check_{kind}")(move, mode)

    def _in_hand(self, move: Move, clause: str) -> Verdict | None:
        card = move.get("card")
        if card not in self.hand[move.seat]:
            return no(clause, "refuse.not_in_hand", seat=move.seat, card=card)
        return None

    def _usable(self, seat: Seat, card: str) -> bool:
        """Whether `seat` holds a copy of `card` that was not bought this turn (P2-3)."""
        fresh = self.bought_hand.count(card) if seat == self.active and self.bought_hand else 0
        return self.hand[seat].count(card) > fresh

    def _check_warm(self, move: Move, mode: str) -> Verdict:
        clause = "P1" if mode == "warming" else "Q4"
        refusal = self._in_hand(move, clause)
        if refusal is not None:
            return refusal
        if not self._usable(move.seat, move.get("card")):
            return no("Q2", "refuse.warm_bought", seat=move.seat, card=move.get("card"))
        if None not in self.plates[move.seat]:
            return no(clause, "refuse.plates_full", seat=move.seat, count=PLATES)
        return Verdict.allow(clause)

    def _check_no_warm(self, move: Move, mode: str) -> Verdict:
        return Verdict.allow("P1" if mode == "warming" else "Q5")

    def _check_play(self, move: Move, mode: str) -> Verdict:
        if move.get("card") == "fork":
            return no("P2-2", "refuse.fork_use")
        refusal = self._in_hand(move, "P2")
        if refusal is None and not self._usable(move.seat, move.get("card")):
            return no("P2-3", "refuse.bought_this_turn", seat=move.seat, card=move.get("card"))
        return _first(refusal, Verdict.allow("P2"))

    def _check_fork(self, move: Move, mode: str) -> Verdict:
        use = move.get("use")
        if use not in FORK_USES:
            return no("P2-2", "refuse.fork_bad_use", use=str(use))
        if "fork" not in self.hand[move.seat]:
            return no("P2-2", "refuse.no_fork", seat=move.seat)
        if not self._usable(move.seat, "fork"):
            return no("P2-3", "refuse.bought_this_turn", seat=move.seat, card="fork")
        return Verdict.allow("P2-2")

    def _can_buy(self, seat: Seat, cost: int, clause: str = "P2-1") -> Verdict | None:
        if self.served:
            return no("P2-9", "refuse.buy_after_serve", seat=seat)
        if self.buys < 1:
            return no("P2-1", "refuse.no_buys", seat=seat)
        if self.currency < cost:
            return no(clause, "refuse.cannot_afford", seat=seat, cost=cost, have=self.currency)
        return None

    def _check_buy(self, move: Move, mode: str) -> Verdict:
        slot = move.get("slot")
        if not _int(slot) or not 1 <= slot <= MARKET_SIZE:
            return no("S4", "refuse.no_such_slot", slot=str(slot), count=MARKET_SIZE)
        card = self.market[slot - 1]
        if card is None:
            if not self.pantry:
                return no("D4", "refuse.slot_empty_pantry", slot=slot)
            return no("P4", "refuse.slot_empty", slot=slot)
        return _first(self._can_buy(move.seat, self.comp.cards[card].cost), Verdict.allow("P2-1"))

    def _check_buy_fridge(self, move: Move, mode: str) -> Verdict:
        if not self.fridge:
            return no("P4-1", "refuse.fridge_empty")
        return _first(self._can_buy(move.seat, FRIDGE_PRICE, "P4-1"), Verdict.allow("P4-1"))

    def _check_buy_fork(self, move: Move, mode: str) -> Verdict:
        if not self.forks:
            return no("D4", "refuse.forks_empty")
        return _first(self._can_buy(move.seat, self.comp.fork_cost), Verdict.allow("P2-2"))

    def _check_dish(self, move: Move, mode: str) -> Verdict:
        if self.purchases:
            return no("D1", "refuse.dish_after_buy", seat=move.seat)
        refusal = self._in_hand(move, "P2-4")
        if refusal is not None:
            return refusal
        if self.comp.cards[move.get("card")].tool:
            return no("Q1", "refuse.not_food", card=move.get("card"))
        return self._reachable(move.seat)

    def _check_dish_plate(self, move: Move, mode: str) -> Verdict:
        if self.purchases:
            return no("D1", "refuse.dish_after_buy", seat=move.seat)
        card = self.plates[move.seat][move.get("plate") - 1]
        if card is None:
            return no("P2-4", "refuse.plate_empty", plate=move.get("plate"))
        if self.comp.cards[card].tool:
            return no("Q1", "refuse.not_food_plate", card=card, plate=move.get("plate"))
        return self._reachable(move.seat)

    def _reach(self, seat: Seat) -> tuple[int, int | None]:
        """The most meal points hand and plates could reach now, and the lowest open judge."""
        bound = self.comp.facts.bound
        pool = [c for c in self.hand[seat] if c in bound]
        pool += [c for c in self.plates[seat] if c in bound]
        return self._ceiling(seat, pool), self._lowest_tier()

    def _ceiling(self, seat: Seat, pool: list[str], abilities: list | None = None) -> int:
        """scoring.ceiling of these food cards with the seat's judge abilities, remembered."""
        if abilities is None:
            abilities = self._judge_abilities(seat, "submit")
        key = ("reach", tuple(sorted(pool)), tuple(j.id for j in abilities))
        best = self.comp.cache.get(key)
        if best is None:
            if len(self.comp.cache) > 50_000:
                self.comp.cache.clear()
            dish = [{"card": c, "from": "hand", "plate": None, "as": None} for c in key[1]]
            best = self.comp.cache[key] = scoring.ceiling(dish, self.comp, abilities)
        return best

    def _lowest_tier(self) -> int | None:
        tier = self.comp.facts.tier
        tiers = [tier[slot["judge"]] for slot in self.judges]
        low = min(tiers) if tiers else NO_JUDGE
        return None if low == NO_JUDGE else low

    def _can_start(self, seat: Seat) -> bool:
        """Whether a dish may be started (G11). Cheap bounds first: every food card scores at
        least its printed points and at most its flat points plus its points per ingredient
        (both worked out at load); only between the two is the exact reach asked (remembered
        per cards and judge abilities)."""
        facts = self.comp.facts
        get = facts.bound.get
        count = least = fixed = per = 0
        for card in (*self.hand[seat], *self.plates[seat]):
            bound = get(card)  # None for tools and empty plates
            if bound is not None:
                count += 1
                least += bound[0]
                fixed += bound[1]
                per += bound[2]
        if not count:
            return False
        tier = facts.tier
        tiers = [tier[slot["judge"]] for slot in self.judges]
        low = min(tiers) if tiers else NO_JUDGE
        if low == NO_JUDGE:
            return False
        abilities = self._judge_abilities(seat, "submit")
        if abilities:
            extra = sum([facts.submit_points[j.id] for j in abilities])
            least, fixed = least + extra, fixed + extra
        if least >= low:
            return True
        if fixed + per * count < low:
            return False
        bound = facts.bound
        pool = [c for c in self.hand[seat] if c in bound] + [c for c in self.plates[seat]
                                                              if c in bound]
        return self._ceiling(seat, pool, abilities) >= low

    def _reachable(self, seat: Seat) -> Verdict:
        """G11: a dish is started only when some open judge is within reach."""
        if self.dish[seat]:
            return Verdict.allow("P2-4")
        best, low = self._reach(seat)
        if low is None:
            return no("D4", "refuse.no_judges_left")
        if best < low:
            return no("G11", "refuse.out_of_reach", seat=seat, points=best, tier=low)
        return Verdict.allow("P2-4")

    def _assess(self, seat: Seat, judge_id: str) -> scoring.Assessment:
        dish = self.dish[seat]
        result = scoring.score(dish, self.comp, self._judge_abilities(seat, "submit"))
        return scoring.assess(dish, self.comp, self.comp.judges[judge_id], result,
                              self.options["more_medals"])

    def _check_serve(self, move: Move, mode: str) -> Verdict:
        number = move.get("judge")
        if not _int(number) or not 1 <= number <= len(self.judges):
            return no("S3", "refuse.no_such_judge", judge=str(number), count=len(self.judges))
        judge = self.judges[number - 1]["judge"]
        if judge is None:
            return no("D4", "refuse.judge_gone", judge=number)
        result = self._assess(move.seat, judge)
        if not result.ok:
            return no(result.clause, result.reason, **result.params)
        return Verdict.allow("P2-4")

    def _check_cancel(self, move: Move, mode: str) -> Verdict:
        return Verdict.allow("G11")

    def _check_end(self, move: Move, mode: str) -> Verdict:
        return Verdict.allow("P3")

    def _check_food_type(self, move: Move, mode: str) -> Verdict:
        chosen = move.get("type")
        if not isinstance(chosen, str) or chosen not in self.comp.food_types:
            return no("C4", "refuse.no_such_type", type=str(chosen))
        card = self.dish[move.seat][self.queue[0]["index"]]["card"]
        if chosen not in self.comp.cards[card].types:
            return no("C4", "refuse.not_an_option", card=card, type=chosen,
                      options=list(self.comp.cards[card].types))
        return Verdict.allow("C4")

    def _check_trash(self, move: Move, mode: str) -> Verdict:
        return _first(self._in_hand(move, "C6"), Verdict.allow("C6"))

    def _check_no_trash(self, move: Move, mode: str) -> Verdict:
        return Verdict.allow("Q5")

    def _check_retrieve(self, move: Move, mode: str) -> Verdict:
        if self.plates[move.seat][move.get("plate") - 1] is None:
            return no("P1", "refuse.plate_empty", plate=move.get("plate"))
        return Verdict.allow("P1")

    def _check_no_retrieve(self, move: Move, mode: str) -> Verdict:
        return Verdict.allow("Q5")

    def _check_discard(self, move: Move, mode: str) -> Verdict:
        return _first(self._in_hand(move, "Q3"), Verdict.allow("Q3"))

    # --- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    def _do_warm(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.get("card")
        plate = self.plates[seat].index(None)
        self.hand[seat].remove(card)
        self.plates[seat][plate] = card
        own = frozenset((seat,))
        if self.phase == "warming" and not self.queue:
            self.warmed = True
            events.append(ev("warm", "P1", seat=seat, plate=plate + 1))
            events.append(ev("warm.own", ("P1", "G12"), own, seat=seat, card=card,
                             plate=plate + 1))
            if self.comp.cards[card].tool:
                events.append(ev("warm.tool", ("Q1", "P1"), own, seat=seat, card=card))
            self.phase = "play"
            return
        task = self.queue[0]
        events.append(ev("effect.warm", ("Q4", "P1"), seat=seat, source=task["source"],
                         plate=plate + 1))
        events.append(ev("warm.own", ("P1", "G12"), own, seat=seat, card=card, plate=plate + 1))
        self._used_choice(events)

    def _do_no_warm(self, move: Move, events: list[Event]) -> None:
        if self.phase == "warming" and not self.queue:
            events.append(ev("warm.none", "P1", seat=move.seat))
            self.phase = "play"
            return
        events.append(ev("effect.declined", "Q5", seat=move.seat, source=self.queue[0]["source"]))
        self.queue.pop(0)
        self._run(events)

    # The hot paths below build their events directly (`Event(key, params, clauses, seen by)`,
    # parameters in the order `ev` would give them): the same events, without `ev`'s keywords.
    def _do_play(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]  # checked or trusted: exactly one detail
        self.hand[seat].remove(card)
        self.played[seat].append(card)
        info = self.comp.cards[card]
        if info.tool:
            self.currency += info.currency
            events.append(_shared_event("cuisine-a-la-card.play.spoon", (
                ("seat", seat), ("count", info.currency), ("total", self.currency)),
                ("P2", "P2-1")))
            return
        event = _played_events.get((seat, card, "play.card"))
        if event is None:
            event = _played_event(seat, card, "play.card", ("P2",))
        events.append(event)
        self._played(seat, card, events)
        if self.queue:
            self._run(events)

    def _played(self, seat: Seat, card: str, events: list[Event]) -> None:
        """A card counts as played: its On Play abilities act, and cuisine pairs wake (C2, C3)."""
        facts = self.comp.facts
        self.turn_played.append(card)
        self.turn_fired.append(False)
        for ability in facts.on_play[card]:
            self._enqueue(seat, card, "on_play", ability.effects)
        if card not in facts.plays:
            key = "play.wasted" if card in facts.in_dish else "play.nothing"
            event = _played_events.get((seat, card, key))
            if event is None:
                event = _played_event(seat, card, key, ("P2", "C2"))
            events.append(event)
        if not facts.play_cuisine.keys().isdisjoint(self.turn_played):  # else none can wake
            self._wake_cuisines(seat, events, card)

    def _wake_cuisines(self, seat: Seat, events: list[Event], newest: str | None) -> None:
        """Fire the On Play cuisine abilities that now have a same-cuisine partner played (C3)."""
        cards = self.comp.cards
        play_cuisine = self.comp.facts.play_cuisine
        for i, card in enumerate(self.turn_played):
            cuisine = play_cuisine.get(card)  # None unless its cuisine ability acts on play
            if cuisine is None or self.turn_fired[i]:
                continue
            ability = cards[card].cuisine_ability
            mates = [c for j, c in enumerate(self.turn_played)
                     if j != i and cards[c].cuisine == cuisine]
            if mates:
                self.turn_fired[i] = True
                events.append(ev("pair.play", "C3", seat=seat, card=card, cuisine=cuisine,
                                 partners=list(dict.fromkeys(mates)), count=len(mates)))
                self._enqueue(seat, card, cuisine, ability.effects)
            elif card == newest:
                events.append(ev("pair.waiting", "C3", seat=seat, card=card,
                                 cuisine=cuisine))

    def _do_fork(self, move: Move, events: list[Event]) -> None:
        seat, use = move.seat, move.get("use")
        self.hand[seat].remove("fork")
        self.played[seat].append("fork")
        if use == "buy":
            self.buys += 1
            events.append(ev("play.fork_buy", "P2-2", seat=seat, count=self.buys))
        else:
            self.currency += 1
            events.append(ev("play.fork_currency", ("P2-2", "P2-1"), seat=seat,
                             total=self.currency))

    def _to_discard_bought(self, seat: Seat, card: str) -> None:
        """A bought card goes onto the discard pile, marked as bought this turn (P2-3; rules
        version 1 did not follow it, so once drawn it could be used)."""
        self.discard[seat].append(card)
        if self.rules >= 2:
            self.bought_discard.append(len(self.discard[seat]) - 1)

    def _pay(self, cost: int) -> None:
        self.currency -= cost
        self.buys -= 1
        self.purchases += 1

    def _do_buy(self, move: Move, events: list[Event]) -> None:
        seat, slot = move.seat, move.get("slot")
        card = self.market[slot - 1]
        info = self.comp.cards[card]
        self._pay(info.cost)
        self.market[slot - 1] = None
        self._to_discard_bought(seat, card)
        self.market_bought += 1
        events.append(ev("buy.market", ("P2-1", "P2-3"), seat=seat, card=card, slot=slot,
                         cost=info.cost, left=self.currency, buys=self.buys))
        purchase = [a for a in info.abilities if a.trigger == "purchase"]
        if purchase:
            events.append(ev("buy.on_purchase", ("P2-3", "C2"), seat=seat, card=card))
            for ability in purchase:
                self._enqueue(seat, card, "on_purchase", ability.effects)
        if (self.options["more_medals"] and self.market_bought == self.market_start
                and not any(self.market)):
            self.medals[seat] += 1
            events.append(ev("medals.whole_market", "V2", seat=seat, count=self.market_start,
                             medals=self.medals[seat]))
            self._check_target(seat, events)
        self._run(events)

    def _do_buy_fridge(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        card = self.fridge.pop()
        self._pay(FRIDGE_PRICE)
        self._to_discard_bought(seat, card)
        info = self.comp.cards[card]
        key = "buy.fridge_no_purchase" if info.has_trigger("purchase") else "buy.fridge"
        events.append(ev(key, ("P4-1", "P2-3"), seat=seat, card=card, price=FRIDGE_PRICE,
                         cost=info.cost, left=self.currency, buys=self.buys))

    def _do_buy_fork(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        self._pay(self.comp.fork_cost)
        self.forks -= 1
        self._to_discard_bought(seat, "fork")
        events.append(ev("buy.fork", ("P2-2", "P2-3", "G3"), seat=seat, cost=self.comp.fork_cost,
                         left=self.currency, buys=self.buys))

    # --- dishes --------------------------------------------------------------------------
    def _preview(self, seat: Seat, events: list[Event]) -> None:
        """The dish so far, for its cook: meal points card by card (fast scoring)."""
        dish = self.dish[seat]
        totals = scoring.FastDish(dish, self.comp).card_totals(
            self._judge_abilities(seat, "submit"))
        events.append(Event("cuisine-a-la-card.dish.so_far", (
            ("seat", seat), ("count", len(dish)), ("points", sum(totals)),
            ("sum", " + ".join(map(str, totals)))), ("P2-4", "G11"), OWN[seat]))

    def _start_dish(self, seat: Seat, events: list[Event]) -> None:
        if not self.dish[seat]:
            events.append(DISH_START[seat])
            if self.served:
                events.append(ev("dish.again", "D6", seat=seat, count=self.served))

    def _add_to_dish(self, seat: Seat, entry: dict[str, Any], events: list[Event]) -> None:
        self.dish[seat].append(entry)
        card = self.comp.cards[entry["card"]]
        if card.dual:
            self.queue.insert(0, {"kind": "food_type", "seat": seat,
                                  "index": len(self.dish[seat]) - 1})
            events.append(ev("dish.dual", "C4", frozenset((seat,)), seat=seat, card=card.id,
                             options=list(card.types)))
        else:
            self._preview(seat, events)

    def _do_dish(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.params[0][1]
        self._start_dish(seat, events)
        self.hand[seat].remove(card)
        events.append(Event("cuisine-a-la-card.dish.add_hand", (("seat", seat),),
                            ("P2-4", "G11")))
        events.append(Event("cuisine-a-la-card.dish.add_hand.own", (
            ("seat", seat), ("card", card)), ("P2-4", "G12"), OWN[seat]))
        self._add_to_dish(seat, {"card": card, "from": "hand", "plate": None, "as": None}, events)

    def _do_dish_plate(self, move: Move, events: list[Event]) -> None:
        seat, plate = move.seat, move.params[0][1]
        self._start_dish(seat, events)
        card = self.plates[seat][plate - 1]
        self.plates[seat][plate - 1] = None
        events.append(Event("cuisine-a-la-card.dish.add_plate", (
            ("seat", seat), ("plate", plate)), ("P2-4", "G11")))
        events.append(Event("cuisine-a-la-card.dish.add_plate.own", (
            ("seat", seat), ("card", card), ("plate", plate)), ("P2-4", "G12"), OWN[seat]))
        self._add_to_dish(seat, {"card": card, "from": "plate", "plate": plate, "as": None},
                          events)

    def _do_food_type(self, move: Move, events: list[Event]) -> None:
        seat, chosen = move.seat, move.get("type")
        task = self.queue.pop(0)
        entry = self.dish[seat][task["index"]]
        entry["as"] = chosen
        events.append(ev("dish.type", ("C4", "G12"), frozenset((seat,)), seat=seat,
                         card=entry["card"], type=chosen))
        self._preview(seat, events)

    def _do_cancel(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        for entry in self.dish[seat]:
            if entry["from"] == "plate":
                self.plates[seat][entry["plate"] - 1] = entry["card"]
            else:
                self.hand[seat].append(entry["card"])
        events.append(Event("cuisine-a-la-card.dish.cancel", (
            ("seat", seat), ("count", len(self.dish[seat]))), ("G11",)))
        self.dish[seat] = []

    def _judge_abilities(self, seat: Seat, trigger: str) -> list:
        won = self.won[seat]
        if not won:
            return []
        judges = self.comp.judges
        return [judges[w["judge"]] for w in won
                if w["active"] and judges[w["judge"]].ability.trigger == trigger]

    def _do_serve(self, move: Move, events: list[Event]) -> None:
        seat, number = move.seat, move.get("judge")
        slot = self.judges[number - 1]
        judge = self.comp.judges[slot["judge"]]
        dish = self.dish[seat]
        cards = [d["card"] for d in dish]
        result = scoring.score(dish, self.comp, self._judge_abilities(seat, "submit"))
        verdict = scoring.assess(dish, self.comp, judge, result, self.options["more_medals"])
        events.append(ev("serve", ("P2-4", "G12"), seat=seat, cards=cards, judge=judge.id,
                         tier=judge.tier, count=len(cards)))
        for key, params, clauses in result.lines:
            if key == "score.plate_plays" and self.rules < 2:  # D2 before version 2
                key, clauses = "score.plate_no_play", ("D2", "P1")
            events.append(ev(key, clauses, seat=seat, **params))
        events.append(ev("score.total", ("P2-4", "C1"), seat=seat, count=result.total,
                         sum=result.sum_text))
        for key, params, clauses in verdict.lines:
            events.append(ev(key, clauses, seat=seat, **params))
        self.medals[seat] += verdict.medals
        events.append(ev("medals.total", ("P2-5", "D5"), seat=seat, count=verdict.medals,
                         medals=self.medals[seat], target=self.target))
        self.eaten[seat] += cards
        events.append(ev("eaten", "P2-7", seat=seat, cards=cards, count=len(cards),
                         total=len(self.eaten[seat])))
        self.dishes[seat].append({"judge": judge.id, "cards": cards, "points": result.total,
                                  "medals": verdict.medals})
        self.won[seat].append({"judge": judge.id, "active": False})
        events.append(ev("judge.won", ("P2-6", "D3"), seat=seat, judge=judge.id))
        for effect in judge.ability.effects:
            events.append(ev(f"judge.gives.{judge.ability.trigger}.{effect['effect']}",
                             ("P2-6", "D3"), seat=seat, judge=judge.id, count=effect["amount"]))
        self._refill_judge(number - 1, events)
        self.dish[seat] = []
        self.served += 1
        self._check_target(seat, events)
        from_hand = [d["card"] for d in dish if d["from"] == "hand"]
        if any(self._plays(c) for c in from_hand):
            events.append(ev("serve.played", ("D2", "C2"), seat=seat, cards=from_hand,
                             count=len(from_hand)))
        for entry in dish:  # D2 (revised): every card laid out acts, plate cards included
            if entry["from"] == "hand":
                entry["played"] = len(self.turn_played)
                self.turn_played.append(entry["card"])
                self.turn_fired.append(False)
            elif self.rules < 2:  # version 1: a plate card was never played, so never acted
                continue
            for ability in self.comp.cards[entry["card"]].abilities:
                if ability.trigger == "play":
                    self._enqueue(seat, entry["card"], "on_play", ability.effects)
        for index, entry in enumerate(dish):  # D2: served together, a pair wakes up (C3)
            info = self.comp.cards[entry["card"]]
            mates = scoring.partners(dish, self.comp, index)
            if mates and info.cuisine_ability and info.cuisine_ability.trigger == "play":
                if entry["from"] == "hand":
                    self.turn_fired[entry["played"]] = True
                events.append(ev("pair.served", ("C3", "D2"), seat=seat, card=info.id,
                                 cuisine=info.cuisine, partners=mates, count=len(mates)))
                self._enqueue(seat, info.id, info.cuisine, info.cuisine_ability.effects)
        self._wake_cuisines(seat, events, None)
        for index, entry in enumerate(dish):
            info = self.comp.cards[entry["card"]]
            acting = [("on_submit", a) for a in info.abilities if a.trigger == "submit"]
            if (info.cuisine_ability and info.cuisine_ability.trigger == "submit"
                    and scoring.partners(dish, self.comp, index)):
                acting.append((info.cuisine, info.cuisine_ability))
            for name, ability in acting:
                effects = tuple(e for e in ability.effects
                                if e["effect"] not in cu_components.DISH_EFFECTS)
                if effects:
                    self._enqueue(seat, info.id, name, effects)
        self._run(events)

    def _plays(self, card: str) -> bool:
        """Whether a card has any ability that acts when it is played (C2, C3)."""
        info = self.comp.cards[card]
        return info.has_trigger("play") or bool(info.cuisine_ability
                                                 and info.cuisine_ability.trigger == "play")

    def _refill_judge(self, index: int, events: list[Event]) -> None:
        slot = self.judges[index]
        stack = self.stacks[slot["stack"]]
        clause = "V1" if self.options["advanced"] else "S3"
        if stack:
            slot["judge"] = stack.pop()
            events.append(ev("judge.next", clause, judge=slot["judge"], slot=index + 1,
                             tier=self.comp.judges[slot["judge"]].tier, left=len(stack)))
        else:
            slot["judge"] = None
            events.append(ev("judge.none_left", ("D4", clause), slot=index + 1))

    def _check_target(self, seat: Seat, events: list[Event]) -> None:
        if self.end_trigger is None and self.medals[seat] >= self.target:
            self.end_trigger = {"seat": seat, "reason": "medals"}
            last = (self.first - 1) % self.players
            key = "end.trigger_last" if seat == last else "end.trigger"
            events.append(ev(key, ("E1", "S6") if self.players > 2 else "E1", seat=seat,
                             medals=self.medals[seat], target=self.target, last=last))

    # --- abilities -----------------------------------------------------------------------
    def _enqueue(self, seat: Seat, source: str, ability: str, effects: tuple) -> None:
        for effect in effects:
            task = {"kind": effect["effect"], "seat": seat, "source": source, "ability": ability,
                    "amount": effect["amount"], "offered": False}
            if effect["effect"] == "others_discard":
                task["victims"] = [(seat + k) % self.players for k in range(1, self.players)]
            self.queue.append(task)

    def _ability_clauses(self, task: dict[str, Any]) -> tuple[str, ...]:
        name = task["ability"]
        base = {"on_play": ("C2",), "on_submit": ("C2",), "on_purchase": ("C2", "P2-3"),
                "judge": ("P2-6", "D3")}.get(name, ("C3",))
        return base + EFFECT_CLAUSES[task["kind"]] + ("G8",)

    def _run(self, events: list[Event]) -> None:
        """Resolve queued abilities in order, stopping at a choice a player must make."""
        while self.queue:
            task = self.queue[0]
            kind = task["kind"]
            if kind == "food_type":
                return
            if kind in CHOICE_EFFECTS:
                if self._offer(task, events):
                    return
                self.queue.pop(0)
                continue
            self.queue.pop(0)
            self._effect(task, events)

    def _offer(self, task: dict[str, Any], events: list[Event]) -> bool:
        """Announce a choice once; False (with the reason) if there is nothing to choose."""
        seat, kind = task["seat"], task["kind"]
        params = {"seat": seat, "source": task["source"], "ability": task["ability"],
                  "count": task["amount"]}
        clauses = self._ability_clauses(task)
        if kind == "others_discard":
            while task["victims"] and not self.hand[task["victims"][0]]:
                events.append(ev("effect.discard_none", ("Q3",), seat=task["victims"].pop(0)))
            if not task["offered"] and task["victims"]:
                task["offered"] = True
                events.append(ev("effect.others_discard", clauses, victims=list(task["victims"]),
                                 **params))
            return bool(task["victims"])
        possible = {"trash": bool(self.hand[seat]),
                    "warm": bool(self.hand[seat]) and None in self.plates[seat],
                    "retrieve": any(self.plates[seat])}[kind]
        if not possible:
            events.append(ev(f"effect.{kind}_none", clauses, **params))
            return False
        if not task["offered"]:
            task["offered"] = True
            events.append(ev(f"effect.{kind}_offer", clauses + ("Q5",), **params))
        return True

    def _effect(self, task: dict[str, Any], events: list[Event]) -> None:
        seat, kind, amount = task["seat"], task["kind"], task["amount"]
        params = {"seat": seat, "source": task["source"], "ability": task["ability"],
                  "count": amount}
        clauses = self._ability_clauses(task)
        if kind == "spoons":
            self.currency += amount
            events.append(ev("effect.spoons", clauses, total=self.currency, **params))
        elif kind == "buys":
            self.buys += amount
            events.append(ev("effect.buys", clauses, total=self.buys, **params))
        elif kind == "draw":
            events.append(ev("effect.draw", clauses, **params))
            self._draw(seat, amount, events, clauses)
        elif kind == "gain_fork":
            gained = min(amount, self.forks)
            self.forks -= gained
            self.discard[seat] += ["fork"] * gained
            if gained:
                events.append(ev("effect.gain_fork", clauses, **{**params, "count": gained}))
            else:
                events.append(ev("effect.gain_fork_none", clauses + ("D4",), **params))

    def _used_choice(self, events: list[Event]) -> None:
        task = self.queue[0]
        task["amount"] -= 1
        if task["amount"] <= 0:
            self.queue.pop(0)
        self._run(events)

    def _do_trash(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.get("card")
        self.hand[seat].remove(card)
        if seat == self.active and card in self.bought_hand:
            self.bought_hand.remove(card)  # the copy bought this turn goes first
        self.trash.append(card)
        events.append(ev("trash", ("C6",), seat=seat, card=card, source=self.queue[0]["source"]))
        self._used_choice(events)

    def _do_no_trash(self, move: Move, events: list[Event]) -> None:
        events.append(ev("effect.declined", "Q5", seat=move.seat, source=self.queue[0]["source"]))
        self.queue.pop(0)
        self._run(events)

    def _do_retrieve(self, move: Move, events: list[Event]) -> None:
        seat, plate = move.seat, move.get("plate")
        card = self.plates[seat][plate - 1]
        self.plates[seat][plate - 1] = None
        self.hand[seat].append(card)
        events.append(ev("retrieve", "P1", seat=seat, plate=plate,
                         source=self.queue[0]["source"]))
        events.append(ev("retrieve.own", ("P1", "G12"), frozenset((seat,)), seat=seat, card=card,
                         plate=plate))
        self._used_choice(events)

    def _do_no_retrieve(self, move: Move, events: list[Event]) -> None:
        self._do_no_trash(move, events)

    def _do_discard(self, move: Move, events: list[Event]) -> None:
        seat, card = move.seat, move.get("card")
        self.hand[seat].remove(card)
        self.discard[seat].append(card)
        task = self.queue[0]
        task["victims"].pop(0)
        events.append(ev("discard.forced", "Q3", seat=seat, card=card, source=task["source"],
                         count=len(self.hand[seat])))
        if not task["victims"]:
            self.queue.pop(0)
        self._run(events)

    # --- drawing and the end of a turn ---------------------------------------------------
    def _draw(self, seat: Seat, count: int, events: list[Event],
              clauses: tuple[str, ...] = ("P3",)) -> None:
        deck = self.deck[seat]
        if len(deck) >= count and not self.bought_deck:  # no reshuffle, no bought copy to follow
            drawn = deck[:-count - 1:-1] if count else []
            del deck[len(deck) - count:]
        else:
            drawn = self._draw_through(seat, count, events)
        self.hand[seat] += drawn
        if drawn:
            events.append(Event("cuisine-a-la-card.draw.cards", (
                ("seat", seat), ("cards", drawn), ("count", len(drawn))), clauses + ("G12",),
                OWN[seat]))

    def _draw_through(self, seat: Seat, count: int, events: list[Event]) -> list[str]:
        """Draw one card at a time, reshuffling the discard pile when the deck runs out."""
        drawn: list[str] = []
        deck = self.deck[seat]
        for _ in range(count):
            if not deck:
                if not self.discard[seat]:
                    events.append(Event("cuisine-a-la-card.draw.short", (
                        ("seat", seat), ("count", len(drawn))), ("P3",)))
                    break
                if seat == self.active and self.bought_discard:  # P2-3: follow each copy
                    marks = set(self.bought_discard)
                    pairs = [(c, i in marks) for i, c in enumerate(self.discard[seat])]
                    shuffle(self.rng, pairs)  # the same shuffle as of the bare cards
                    deck.extend(c for c, _ in pairs)
                    self.bought_deck = [i for i, (_, fresh) in enumerate(pairs) if fresh]
                    self.bought_discard = []
                else:
                    deck.extend(self.discard[seat])
                    shuffle(self.rng, deck)
                self.discard[seat] = []
                events.append(Event("cuisine-a-la-card.draw.reshuffle", (
                    ("seat", seat), ("count", len(deck))), ("P3",)))
            drawn.append(deck.pop())
            if self.bought_deck and seat == self.active and len(deck) in self.bought_deck:
                self.bought_deck.remove(len(deck))
                self.bought_hand.append(drawn[-1])
        return drawn

    def _do_end(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        gone = self.played[seat] + self.hand[seat]
        self.discard[seat] += gone
        self.played[seat], self.hand[seat] = [], []
        events.append(_shared_event("cuisine-a-la-card.discard_phase", (
            ("seat", seat), ("count", len(gone))), ("P3",)))
        if self.currency:
            events.append(_shared_event("cuisine-a-la-card.currency_lost", (
                ("seat", seat), ("count", self.currency)), ("C5",)))
        self.currency = 0
        events.append(NEW_HAND[seat])
        self._draw(seat, HAND_SIZE, events)
        self._cleanup(events)
        if self.end_trigger is None and not self.pantry and not any(self.market):
            self.end_trigger = {"seat": None, "reason": "pantry"}
            events.append(ev("end.pantry", ("G7", "D4"), last=(self.first - 1) % self.players))
        following = (seat + 1) % self.players
        if self.end_trigger is not None and following == self.first:
            self._finish(events)
            return
        if following == self.first:
            self.round += 1
        self.active = following
        self._start_turn(events)

    def _cleanup(self, events: list[Event]) -> None:
        market = self.market
        last = market[-1]
        if last is not None:
            self.fridge.append(last)
            market[-1] = None
            events.append(Event("cuisine-a-la-card.cleanup.fridge", (
                ("card", last), ("count", len(self.fridge))), ("P4", "P4-1")))
        cards = [c for c in market if c is not None]
        gaps = MARKET_SIZE - len(cards)
        market = self.market = [None] * gaps + cards
        if cards and gaps:
            events.append(SLIDE[len(cards)])
        pantry = self.pantry
        dealt = pantry[:-gaps - 1:-1] if gaps else []  # the top of the Pantry is its end
        if dealt:
            del pantry[len(pantry) - len(dealt):]
            market[:len(dealt)] = dealt
            events.append(Event("cuisine-a-la-card.cleanup.refill", (
                ("cards", dealt), ("count", len(dealt)), ("pantry", len(pantry))), ("P4", "G6")))
        if len(dealt) < gaps:
            events.append(ev("cleanup.pantry_empty", ("D4", "G6"), count=gaps - len(dealt)))

    def _start_turn(self, events: list[Event]) -> None:
        seat = self.active
        self.turn += 1
        self.phase = "warming"
        self.currency, self.buys, self.purchases, self.served = 0, 1, 0, 0
        self.market_start = MARKET_SIZE - self.market.count(None)
        self.market_bought = 0
        self.turn_played, self.turn_fired = [], []
        self.warmed = False
        self.bought_discard, self.bought_deck, self.bought_hand = [], [], []
        events.append(_shared_event("cuisine-a-la-card.turn.start", (
            ("seat", seat), ("round", self.round), ("count", len(self.hand[seat]))), ("T",)))
        if self.won[seat]:
            for entry in self.won[seat]:
                if not entry["active"]:
                    entry["active"] = True
                    events.append(ev("judge.active", ("P2-6", "D3"), seat=seat,
                                     judge=entry["judge"]))
            for judge in self._judge_abilities(seat, "turn"):
                self._enqueue(seat, judge.id, "judge", judge.ability.effects)
        if self.queue:
            self._run(events)
        hand = self.hand[seat]
        if not hand or None not in self.plates[seat]:
            key = "warm.skip_full" if hand else "warm.skip_empty"
            events.append(WARM_SKIPPED[seat, key])
            self.phase = "play"

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        for seat in range(self.players):
            events.append(ev("final.score", "E2", seat=seat, medals=self.medals[seat],
                             count=len(self.eaten[seat]), dishes=len(self.dishes[seat])))
        winners = self.winners()
        best = max(self.medals)
        tied = [s for s in range(self.players) if self.medals[s] == best]
        if len(tied) == 1:
            events.append(ev("winner", "E2", seat=winners[0], medals=best))
        elif len(winners) == 1:
            events.append(ev("winner.eaten", "E3", seat=winners[0], medals=best, tied=tied,
                             count=len(self.eaten[winners[0]])))
        else:
            events.append(ev("winner.shared", ("E3", "G13"), seats=winners, medals=best,
                             count=len(self.eaten[winners[0]])))

    # --- results -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        return list(self.medals)

    def winners(self) -> list[Seat]:
        """Most medals; ties go to the most ingredients eaten (E3), then are shared (G13)."""
        best = max(self.medals)
        tied = [s for s in range(self.players) if self.medals[s] == best]
        most = max(len(self.eaten[s]) for s in tied)
        return [s for s in tied if len(self.eaten[s]) == most]

    # --- views ---------------------------------------------------------------------------
    def _judge_view(self, judge_id: str) -> dict[str, Any]:
        judge = self.comp.judges[judge_id]
        return {"judge": judge.id, "tier": judge.tier, "medals": judge.medals,
                "requires": [dict(c) for c in judge.requires],
                "bonus": [{"if": c, "medals": m} for c, m in judge.bonus],
                "penalty": [{"if": c, "medals": m} for c, m in judge.penalty],
                "ability": {"trigger": judge.ability.trigger,
                            "effects": [dict(e) for e in judge.ability.effects]}}

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (G12); None is the teacher, who sees everything."""
        decision = self.decision()
        seats = []
        for s in range(self.players):
            own = seat is None or seat == s
            seats.append({
                "name": self.names[s],
                "hand": list(self.hand[s]) if own else {"count": len(self.hand[s])},
                "deck": list(self.deck[s]) if seat is None else {"count": len(self.deck[s])},
                "discard": list(self.discard[s]),
                "played": list(self.played[s]),
                "plates": list(self.plates[s]) if own else
                ["face_down" if c else None for c in self.plates[s]],
                # copies of flat records (a dish served keeps its list of cards): deepcopy's
                # generality cost a third of a bot's time
                "dish": [dict(d) for d in self.dish[s]] if own else {"count": len(self.dish[s])},
                "judges": [dict(w) for w in self.won[s]],
                "dishes": [{**d, "cards": list(d["cards"])} for d in self.dishes[s]],
                "medals": self.medals[s],
                "eaten": len(self.eaten[s]),
                "owned": self._owned(s),
            })
        pending = None
        mode = self.mode()
        decision_kind = decision.kind if decision else None
        secret_type = bool(self.queue) and self.queue[0]["kind"] == "food_type" \
            and seat is not None and seat != self.queue[0]["seat"]
        if secret_type:  # G12: the others see a dish being put together, not a dual card
            mode, decision_kind = "dish", f"{K}decide.dish"
        elif self.queue:
            task = self.queue[0]
            pending = {"kind": task["kind"], "seat": self._chooser()}
            if task["kind"] == "food_type":
                if seat is None or seat == task["seat"]:
                    card = self.dish[task["seat"]][task["index"]]["card"]
                    pending["card"] = card
                    pending["options"] = list(self.comp.cards[card].types)
            else:
                pending.update(source=task["source"], ability=task["ability"],
                               left=task["amount"])
        over = decision is None
        return {
            "game": self.game.id,
            "seat": seat,
            "round": self.round,
            "turn": self.turn,
            "first_player": self.first,
            "active": self.active,
            "phase": self.phase,
            "mode": mode,
            "to_act": list(decision.seats) if decision else [],
            "decision": decision_kind,
            "pending": pending,
            "spend": {"currency": self.currency, "buys": self.buys,
                      "purchases": self.purchases, "served": self.served},
            "market": [{"slot": i + 1, "card": c,
                        "cost": self.comp.cards[c].cost if c else None}
                       for i, c in enumerate(self.market)],
            "pantry": {"count": len(self.pantry)},
            "fridge": {"cards": list(self.fridge), "top": self.fridge[-1] if self.fridge else None,
                       "price": FRIDGE_PRICE},
            "forks": {"count": self.forks, "cost": self.comp.fork_cost},
            "judges": [{"slot": i + 1, "stack": slot["stack"],
                        **(self._judge_view(slot["judge"]) if slot["judge"] else
                           {"judge": None})}
                       for i, slot in enumerate(self.judges)],
            "stacks": {key: len(stack) for key, stack in self.stacks.items()},
            "trash": list(self.trash),
            "target": self.target,
            "end": dict(self.end_trigger) if self.end_trigger else None,
            "options": dict(self.options),
            "components": self.comp.label,
            "seats": seats,
            "scores": self.scores() if over else None,
            "winners": self.winners() if over else None,
        }

    def _owned(self, seat: Seat) -> dict[str, int]:
        """Every card a seat owns, wherever it lies: public, since every gain and loss is."""
        owned = Counter(self.deck[seat] + self.hand[seat] + self.discard[seat]
                        + self.played[seat] + [c for c in self.plates[seat] if c]
                        + [d["card"] for d in self.dish[seat]])
        return dict(sorted(owned.items()))

    def inventory(self) -> Counter[str]:
        """Every card and judge, counted wherever it lies (eaten and trashed cards included)."""
        where: Counter[str] = Counter(self.pantry)
        where.update(c for c in self.market if c)
        where.update(self.fridge)
        where["fork"] += self.forks
        where.update(self.trash)
        for s in range(self.players):
            for pile in (self.deck[s], self.hand[s], self.discard[s], self.played[s],
                         self.eaten[s]):
                where.update(pile)
            where.update(c for c in self.plates[s] if c)
            where.update(d["card"] for d in self.dish[s])
            where.update(w["judge"] for w in self.won[s])
        for stack in self.stacks.values():
            where.update(stack)
        where.update(slot["judge"] for slot in self.judges if slot["judge"])
        return where

    def secret_paths(self, seat: Seat) -> list[tuple[str | int, ...]]:
        """G12: a seat's hand, its face-down plates and the dish it is putting together."""
        paths: list[tuple[str | int, ...]] = [("seats", seat, "hand")]
        if any(self.plates[seat]):
            paths.append(("seats", seat, "plates"))
        if self.dish[seat]:
            paths.append(("seats", seat, "dish"))
        if self.queue and self.queue[0]["kind"] == "food_type" and self.queue[0]["seat"] == seat:
            paths += [("pending", "card"), ("pending", "options")]
        return paths



class CuisineGame(Game):
    id = "cuisine-a-la-card"
    title = "Cuisine a la Card"
    credits = Credits("Dani Demarest", "InMotion", 2016)
    min_players = 2
    max_players = MAX_PLAYERS
    # 2 (2026-12-01): a card bought this turn cannot be used this turn even once drawn (P2-3),
    # and a warming-plate card's On Play ability acts in a dish (D2). Version 1 records are
    # replayed without either rule (docs/records.md).
    rules_version = "2"
    rules_versions = ("1", "2")
    # the releases of 2026-12-01 to 2026-12-03 played version 2 but still wrote "1"
    rules_labels = {"1": ("2", "1")}
    options = OPTIONS


    def new_state(self, players: int, *, seed: int | None = None,
                  setup: Mapping[str, Any] | None = None,
                  options: Mapping[str, Any] | None = None,
                  components: Mapping[str, Any] | None = None,
                  names: list[str] | None = None,
                  rules_version: str | None = None) -> CuisineState:
        self.check_players(players)
        version = int(self.check_rules_version(rules_version))
        chosen = dict(OPTIONS)
        for name, value in dict(options or {}).items():
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option", options=", ".join(OPTIONS)))
            require(isinstance(value, bool), f"options.{name}", TRUE_OR_FALSE)
            chosen[name] = value
        comp = self.components(components)
        setup = dict(setup or {})
        base = seed if seed is not None else setup.get("seed", 0)
        require(isinstance(base, int) and not isinstance(base, bool), "setup.seed",
                Say("data.integer"))
        rng = random.Random(base)
        state = CuisineState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]),
                             chosen)
        state.rules = version
        from foodplay.games.cuisine_a_la_card.setup import deal

        deal(state, setup)
        return state


class _Interned(dict):
    """One seat's moves of one kind, keyed by the value of their one detail; each is made the
    first time it is asked for and then shared (moves are immutable values)."""

    __slots__ = ("seat", "kind", "name")

    def __init__(self, seat: Seat, kind: str, name: str):
        super().__init__()
        self.seat, self.kind, self.name = seat, kind, name

    def __missing__(self, value: Any) -> Move:
        move = self[value] = Move(self.seat, self.kind, ((self.name, value),))
        return move

    def fill(self, values: Iterable[Any]) -> None:
        """Make the moves for these values now (a table read with `get` must hold them all)."""
        for value in values:
            if value not in self:
                self.__missing__(value)


class SeatMoves:
    """Every move one seat can be offered, made once per component set for `legal_moves`: by
    card (the dish table holds food cards only, the play table all cards but the Fork), by
    plate, Market slot, judge place or food type."""

    __slots__ = ("warm", "play", "dish", "trash", "discard", "food_type", "serve", "dish_plate",
                 "retrieve", "buy", "fork", "end", "cancel", "no_warm", "no_trash",
                 "no_retrieve", "buy_fridge", "buy_fork")

    def __init__(self, seat: Seat, facts: Lookups):
        for kind, name in (("warm", "card"), ("play", "card"), ("dish", "card"),
                           ("trash", "card"), ("discard", "card"), ("food_type", "type"),
                           ("serve", "judge")):
            setattr(self, kind, _Interned(seat, kind, name))
        cards = [card for card in facts.cost if card is not None]
        for table in (self.warm, self.trash, self.discard):
            table.fill(cards)
        self.play.fill(card for card in cards if card != "fork")
        self.dish.fill(card for card in cards if facts.food[card])
        self.dish_plate = [Move(seat, "dish_plate", (("plate", p + 1),)) for p in range(PLATES)]
        self.retrieve = [Move(seat, "retrieve", (("plate", p + 1),)) for p in range(PLATES)]
        self.buy = [Move(seat, "buy", (("slot", s + 1),)) for s in range(MARKET_SIZE)]
        self.fork = [Move(seat, "fork", (("use", u),)) for u in FORK_USES]
        for kind in ("end", "cancel", "no_warm", "no_trash", "no_retrieve", "buy_fridge",
                     "buy_fork"):
            setattr(self, kind, Move(seat, kind))


def _seat_moves(facts: Lookups, seat: Seat) -> SeatMoves:
    table = facts.moves[seat] = SeatMoves(seat, facts)
    return table


_DO = {kind: getattr(CuisineState, f"_do_{kind}") for kind in MOVE_PARAMS}  # kind -> carry out

GAME = CuisineGame()
__all__ = ["GAME", "CuisineGame", "CuisineState", "DataError"]
