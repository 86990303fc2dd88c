"""BURG: reveal ingredients into piles, choose Tongs or Tea in secret, take piles, build burgers.

Clause ids follow ../shared/rules/burg.md: R0-R7 are the rulebook's numbered rules (shown as
"0".."7", "5-1".."5-5"), D1-D8 the tutor's readings, G1-G5 the tutor's default components.
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
from foodplay.games.burg import components as burg_components
from foodplay.games.burg.components import Components
from foodplay.games.burg.lookups import (
    DECISIONS,
    SEAT_MOVES,
    SeatMoves,
    recipe_index,
)
from foodplay.position import stack_top

REVEAL_COUNT = {2: 4, 3: 5, 4: 7, 5: 8}  # rule 1
BURGER_TARGET = {2: 8, 3: 8, 4: 9, 5: 10}  # rule 6
TOOLS = burg_components.TOOLS

PHASE_CLAUSE = {"reveal": "R1", "place": "R2", "tools": "R3", "take": "R4", "build": "R5",
                "final": "R7"}
PHASE_KINDS = {
    "reveal": ("reveal",),
    "place": ("place",),
    "tools": ("tool",),
    "take": ("take",),
    "build": ("start", "flip", "add", "close", "done"),
    "final": ("final", "skip"),
}
MOVE_PARAMS = {"reveal": (), "place": ("pile",), "tool": ("tool",), "take": ("pile",),
               "start": (), "flip": ("card",), "add": ("card", "burger"), "close": ("burger",),
               "done": (), "final": ("burger",), "skip": ()}


class BurgState(State):
    """A BURG position. Seats are 0-based; piles and burgers are numbered from 1 in moves."""

    def __init__(self, game: BurgGame, players: int, comp: Components, rng: random.Random,
                 names: list[str]):
        self.game = game
        self.players = players
        self.comp = comp
        self.rng = rng
        self.names = names
        self.needed = REVEAL_COUNT[players]
        self.target = BURGER_TARGET[players]
        self.deck: list[str] = []  # the top of the deck is the end of the list
        self.round = 0
        self.first = 0
        self.phase = "reveal"
        self.revealed = 0
        self.pending: str | None = None
        self.waiting_rats = 0
        self.piles: list[list[str]] = []
        self.pile_taken: list[bool] = []
        self.deck_ran_out = False
        self.hands = [dict(comp.tools) for _ in range(players)]
        self.used: list[list[str]] = [[] for _ in range(players)]
        self.chosen: list[str | None] = [None] * players
        self.played: list[str | None] = [None] * players
        self.takers: list[Seat] = []
        self.take_turn = 0
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.builders: list[Seat] = []
        self.last_taker: Seat | None = None
        self.progress: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.burgers: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.waste: list[list[str]] = [[] for _ in range(players)]
        self.rat_tokens = [0] * players
        self.final_queue: list[Seat] = []
        self.end_reason: str | None = None
        self.setup_events: list[Event] = []

    # --- whose decision ------------------------------------------------------------------
    def deciding(self) -> tuple[Seat, ...]:
        """The seats who must decide now (none once the game is over)."""
        phase = self.phase
        if phase == "reveal" or phase == "place":
            return (self.first,)
        if phase == "tools":
            chosen = self.chosen
            return tuple(s for s in range(self.players) if chosen[s] is None)
        if phase == "build":
            return (self.builders[0],)
        if phase == "take":
            return (self.takers[self.take_turn],)
        if phase == "final":
            return (self.final_queue[0],)
        return ()

    def decision(self) -> Decision | None:
        seats = self.deciding()
        return DECISIONS[self.phase, seats] if seats else None

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

    def check(self, move: Move) -> Verdict:
        decision = self.decision()
        if decision is None:
            return Verdict.refuse("R6", "verdict.game_over")
        clause = PHASE_CLAUSE[self.phase]
        if move.seat not in decision.seats:
            if self.phase == "tools" and 0 <= move.seat < self.players:
                return Verdict.refuse("R3", "burg.refuse.already_chose", seat=move.seat)
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=list(decision.seats))
        if move.kind not in PHASE_KINDS[self.phase]:
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=move.kind,
                                  decision=decision.kind)
        if (refusal := check_params(move, MOVE_PARAMS[move.kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{move.kind}")(move)

    def _pile_index(self, move: Move) -> int | None:
        pile = move.get("pile")
        if isinstance(pile, int) and not isinstance(pile, bool) and 1 <= pile <= len(self.piles):
            return pile - 1
        return None

    def _burger_index(self, move: Move) -> int | None:
        burger = move.get("burger")
        if (isinstance(burger, int) and not isinstance(burger, bool)
                and 1 <= burger <= len(self.progress[move.seat])):
            return burger - 1
        return None

    def _check_reveal(self, move: Move) -> Verdict:
        return Verdict.allow("R1")

    def _check_place(self, move: Move) -> Verdict:
        if self._pile_index(move) is None:
            return Verdict.refuse("R2", "burg.refuse.no_such_pile", pile=move.get("pile"),
                                  count=len(self.piles))
        return Verdict.allow("R2")

    def _check_tool(self, move: Move) -> Verdict:
        tool = move.get("tool")
        if tool not in TOOLS:
            return Verdict.refuse("R3", "burg.refuse.no_such_tool", tool=str(tool))
        if not self.hands[move.seat][tool]:
            return Verdict.refuse("D3", "burg.refuse.tool_not_in_hand", seat=move.seat,
                                  tool=tool)
        return Verdict.allow("R3")

    def _check_take(self, move: Move) -> Verdict:
        index = self._pile_index(move)
        if index is None:
            return Verdict.refuse("R4", "burg.refuse.no_such_pile", pile=move.get("pile"),
                                  count=len(self.piles))
        if self.pile_taken[index]:
            return Verdict.refuse("D2", "burg.refuse.pile_taken", pile=index + 1)
        return Verdict.allow("D2")

    def _has(self, seat: Seat, card: str) -> bool:
        return card in self.taken[seat]

    def _check_start(self, move: Move) -> Verdict:
        if not self._has(move.seat, "bottom_bun"):
            return Verdict.refuse("R5-2", "burg.refuse.no_bottom_bun", seat=move.seat)
        return Verdict.allow("R5-2")

    def _check_flip(self, move: Move) -> Verdict:
        card = move.get("card")
        if not isinstance(card, str) or card not in self.comp.roles:
            return Verdict.refuse("G1", "burg.refuse.no_such_card", card=str(card))
        if self.comp.roles[card] == "rat":
            return Verdict.refuse("R5-2", "burg.refuse.flip_rat")
        if self._has(move.seat, "bottom_bun"):
            return Verdict.refuse("R5-2", "burg.refuse.flip_has_bun", seat=move.seat)
        if not self._has(move.seat, card):
            return Verdict.refuse("R5", "burg.refuse.card_not_taken", seat=move.seat, card=card)
        return Verdict.allow("R5-2")

    def _check_add(self, move: Move) -> Verdict:
        card = move.get("card")
        if not isinstance(card, str) or card not in self.comp.roles:
            return Verdict.refuse("G1", "burg.refuse.no_such_card", card=str(card))
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D5", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        if self.comp.roles[card] != "filling":
            return Verdict.refuse("R5-3", "burg.refuse.not_filling", card=card)
        if not self._has(move.seat, card):
            return Verdict.refuse("R5", "burg.refuse.card_not_taken", seat=move.seat, card=card)
        fillings = self.progress[move.seat][index]["fillings"]
        if card not in recipe_index(self.comp).burger(tuple(fillings))[0]:
            return Verdict.refuse("R5-4", "burg.refuse.no_fit", card=card, burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("D5")

    def _check_close(self, move: Move) -> Verdict:
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D5", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        if not self._has(move.seat, "top_bun"):
            return Verdict.refuse("R5-3", "burg.refuse.no_top_bun", seat=move.seat)
        fillings = self.progress[move.seat][index]["fillings"]
        if recipe_index(self.comp).burger(tuple(fillings))[1] is None:
            return Verdict.refuse("R5-3", "burg.refuse.not_a_recipe", burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("R5-3")

    def _check_done(self, move: Move) -> Verdict:
        return Verdict.allow("R5-5")

    def _check_final(self, move: Move) -> Verdict:
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D8", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        fillings = self.progress[move.seat][index]["fillings"]
        if recipe_index(self.comp).burger(tuple(fillings))[1] is None:
            return Verdict.refuse("D8", "burg.refuse.not_a_recipe", burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("D8")

    def _check_skip(self, move: Move) -> Verdict:
        return Verdict.allow("R7")

    # --- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        events: list[Event] = []
        _DO[move.kind](self, move, events)
        return events

    # The busiest events are built as Event(key, params, clauses): the same values as
    # event(key, clauses, **params) gives, without packing and unpacking keywords.

    def _do_reveal(self, move: Move, events: list[Event]) -> None:
        card = self.deck.pop()
        seat = self.first
        piles = self.piles
        if self.comp.roles[card] == "rat":
            if not self.piles:
                self.waiting_rats += 1
                events.append(Event("burg.reveal.rat_waits", (("seat", seat),), ("R1", "D1")))
            else:
                self.pending = card
                self.phase = "place"
                events.append(Event("burg.reveal.rat", (("seat", seat), ("needed", self.needed)),
                                    ("R1", "R2")))
            self._after_card(events)
            return
        self.revealed = revealed = self.revealed + 1
        if len(piles) < self.players:
            piles.append([card])
            self.pile_taken.append(False)
            events.append(Event("burg.reveal.starts_pile", (
                ("seat", seat), ("card", card), ("pile", len(piles)), ("count", revealed),
                ("needed", self.needed)), ("R1", "R2")))
            if len(piles) == 1 and self.waiting_rats:
                self.piles[0] += ["rat"] * self.waiting_rats
                events.append(event("burg.reveal.rats_join", "D1", count=self.waiting_rats))
                self.waiting_rats = 0
        else:
            self.pending = card
            self.phase = "place"
            events.append(Event("burg.reveal.choose", (
                ("seat", seat), ("card", card), ("count", revealed), ("needed", self.needed)),
                ("R1", "R2")))
        self._after_card(events)

    def _do_place(self, move: Move, events: list[Event]) -> None:
        pile = move.params[0][1]  # checked: the one parameter, a pile number
        card = self.pending
        self.piles[pile - 1].append(card)
        self.pending = None
        self.phase = "reveal"
        events.append(Event("burg.place", (("seat", move.seat), ("card", card), ("pile", pile)),
                            ("R2",)))
        self._after_card(events)

    def _after_card(self, events: list[Event]) -> None:
        """After a card is settled: keep revealing, or stop at N ingredients or an empty deck."""
        if self.pending is not None:
            return
        if self.revealed >= self.needed:
            events.append(Event("burg.reveal.done",
                                (("needed", self.needed), ("piles", len(self.piles))), ("R1",)))
            self._start_tools(events)
        elif not self.deck:
            self.deck_ran_out = True
            if not self.piles:
                self.waste[self.first] += ["rat"] * self.waiting_rats
                events.append(event("burg.reveal.deck_out_no_pile", "D7", seat=self.first,
                                    count=self.waiting_rats))
                self.waiting_rats = 0
                self._end_game("deck_ran_out", events)
                return
            events.append(event("burg.reveal.deck_out", "D7", piles=len(self.piles)))
            self._start_tools(events)

    def _start_tools(self, events: list[Event]) -> None:
        self.phase = "tools"
        for seat, hand in enumerate(self.hands):
            if sum(hand.values()) == 1:
                count = len(self.used[seat])
                for tool in self.used[seat]:
                    self.hands[seat][tool] += 1
                self.used[seat] = []
                events.append(Event("burg.tools.refresh", (("seat", seat), ("count", count)),
                                    ("R3", "D3")))
        events.append(Event("burg.tools.start", (), ("R3",)))

    def _do_tool(self, move: Move, events: list[Event]) -> None:
        seat, tool = move.seat, move.params[0][1]  # checked: the one parameter, a tool
        self.hands[seat][tool] -= 1
        self.chosen[seat] = tool
        events.append(Event("burg.tools.committed", (("seat", seat),), ("R3",)))
        events.append(Event("burg.tools.committed_own", (("seat", seat), ("tool", tool)),
                            ("R3",), ONLY[seat]))
        if None not in self.chosen:
            self._reveal_tools(events)

    def _reveal_tools(self, events: list[Event]) -> None:
        for seat in range(self.players):
            tool = self.chosen[seat]
            self.played[seat] = tool
            self.used[seat].append(tool)
            events.append(Event("burg.tools.revealed", (("seat", seat), ("tool", tool)),
                                ("R4",)))
        self.chosen = [None] * self.players
        events.append(Event("burg.tools.used", (), ("R4",)))
        order = [(self.first + k) % self.players for k in range(1, self.players + 1)]
        self.takers = [s for s in order if self.played[s] == "tongs"]
        self.take_turn = 0
        if not self.takers:
            cards = [c for pile in self.piles for c in pile]
            self.waste[self.first] += cards
            self.piles = [[] for _ in self.piles]
            self.pile_taken = [True] * len(self.piles)
            events.append(Event("burg.take.all_tea", (("seat", self.first), ("count", len(cards))),
                                ("R4", "D4")))
            self._end_of_round(events)
        elif len(self.takers) == 1:
            seat = self.takers[0]
            for index in range(len(self.piles)):
                self._take(seat, index)
            events.append(Event("burg.take.lone", (("seat", seat), ("piles", len(self.piles)),
                                                   ("cards", list(self.taken[seat]))), ("R4",)))
            self._start_build(events)
        else:
            self.phase = "take"
            self._auto_take_last(events)

    def _take(self, seat: Seat, index: int) -> list[str]:
        """Move pile `index` into `seat`'s taken cards; return the cards."""
        cards, self.piles[index] = self.piles[index], []
        self.pile_taken[index] = True
        self.taken[seat] += cards
        self.last_taker = seat
        if seat not in self.builders:
            self.builders.append(seat)
        return cards

    def _do_take(self, move: Move, events: list[Event]) -> None:
        pile = move.params[0][1]  # checked: the one parameter, a pile number
        cards = self._take(move.seat, pile - 1)
        events.append(Event("burg.take", (("seat", move.seat), ("pile", pile), ("cards", cards)),
                            ("R4", "D2")))
        self.take_turn = (self.take_turn + 1) % len(self.takers)
        self._auto_take_last(events)

    def _auto_take_last(self, events: list[Event]) -> None:
        left = [i for i, t in enumerate(self.pile_taken) if not t]
        if len(left) == 1:
            seat = self.takers[self.take_turn]
            cards = self._take(seat, left[0])
            events.append(Event("burg.take.last",
                                (("seat", seat), ("pile", left[0] + 1), ("cards", cards)),
                                ("R4", "D2")))
            left = []
        if not left:
            self._start_build(events)

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

    def complete_burgers(self) -> int:
        return sum(len(b) for b in self.burgers)

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

    # --- results -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [sum(b["points"] for b in self.burgers[s])
                + self.comp.rat_token_points * self.rat_tokens[s] for s in range(self.players)]

    def winners(self) -> list[Seat]:
        """Highest score; ties go to fewer rat tokens, then are shared (G4)."""
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        fewest = min(self.rat_tokens[s] for s in tied)
        return [s for s in tied if self.rat_tokens[s] == fewest]

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



_DO = {kind: getattr(BurgState, f"_do_{kind}") for kind in MOVE_PARAMS}


class BurgGame(Game):
    id = "burg"
    title = "BURG"
    credits = Credits("unknown", "publisher unknown")
    min_players = 2
    max_players = 5


    def new_state(self, players: int, *, seed: int | None = None,
                  setup: Mapping[str, Any] | None = None,
                  options: Mapping[str, Any] | None = None,
                  components: Mapping[str, Any] | None = None,
                  names: list[str] | None = None,
                  rules_version: str | None = None) -> BurgState:
        self.check_players(players)
        self.check_rules_version(rules_version)  # only one version so far
        require(not options, "options", Say("position.no_options", title="BURG"))
        comp = self.components(components)
        setup = dict(setup or {})
        base = seed if seed is not None else setup.get("seed", 0)
        require(isinstance(base, int) and not isinstance(base, bool), "setup.seed",
                Say("data.integer"))
        rng = random.Random(base)
        state = BurgState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]))
        deck = comp.deck()
        rng.shuffle(deck)
        top = setup.pop("deck_top", [])
        require(isinstance(top, list), "setup.deck_top", Say("position.card_list"))
        state.deck = (stack_top(deck, top, "setup.deck_top", "deck", known=comp.counts)
                      if top else deck[:])
        staged = setup.pop("position", None)
        if staged is not None:  # any position as data: the start of a later round
            from foodplay.games.burg.position import apply as apply_position

            apply_position(state, staged, deck, top)
        first = setup.pop("first_player", None)
        setup.pop("seed", None)
        require(not setup, "setup",
                Say("position.unknown_setting", name=repr(next(iter(setup), "")),
                    allowed="deck_top, first_player, position, seed"))
        if first is None:
            first = rng.randrange(players)
            why = "burg.setup.first_seed"
        else:
            require(isinstance(first, int) and not isinstance(first, bool)
                    and 0 <= first < players, "setup.first_player",
                    Say("position.seat", low=0, high=players - 1))
            why = "burg.setup.first_chosen"
        state.first = first
        state.setup_events = [
            event("burg.setup.components", ("G1", "G2", "G3"), count=len(deck),
                  label=comp.label, tongs=comp.tools["tongs"], tea=comp.tools["tea"]),
            event(why, "R0", seat=first),
        ]
        if staged is not None:
            state.setup_events.append(event("burg.setup.position", ("R1", "R6"),
                                            round=state.round + 1, count=len(state.deck),
                                            burgers=state.complete_burgers()))
        state._start_round(state.setup_events)
        return state



GAME = BurgGame()
ONLY = [frozenset((seat,)) for seat in range(BurgGame.max_players)]
"""ONLY[seat]: the seats who may see a seat's private event."""
__all__ = ["GAME", "BurgGame", "BurgState", "DataError"]
