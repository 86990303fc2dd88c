"""Hidden information at the table (issue #30): the companion asks only for what the table sees.

Two kinds of things stay hidden at a real table, and the companion never asks for either:
- a **secret choice**, such as the order in which a Food Truck player stacks their draw pile
  (rule 1-2, G3). The engine plays it for the table in an arbitrary order; the
  order comes out card by card, as each flipped card is named (the pile is a chance pile,
  "pile.N", whose order nobody has seen: foodplay.chance moves the named card to its top, so
  the order is reassigned as it is revealed; `play_secret_moves`).
- a **private hand**, such as a Cuisine a la Card hand (G12). Its cards are drawn by private
  draws (`State.draw(..., private=True)`), which take the top of the engine's own deck and log
  `Outcome(pile, None)`: an arbitrary deal of cards nobody has named. A card enters the
  companion when it is played, served or shown. When the table names one that the engine's
  arbitrary deal did not put in that hand, `fit` reassigns one of the seat's unresolved private
  draws to it and replays the game from its log; everything the table saw must come out the
  same. Only if no reassignment fits is the entry refused (`Fit.refusal`: no copy of that card
  can be in that hand).

The session calls these functions; they work on clones and on replays, never on its position.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from foodplay.chance import Chance, ChanceNeeded, ChanceRefused, Outcome
from foodplay.companion.deal_search import search_deal
from foodplay.engine import Event, IllegalMove, Move, State

# the session's game set up again, drawing from this Chance
NewState = Callable[[Chance], State]
MAX_TRIED = 16  # the latest unresolved private draws of a seat tried for one named card
_REPLAY_ERRORS = (IllegalMove, ChanceNeeded, ChanceRefused)


# --- secret choices ----------------------------------------------------------------------------
def play_secret_moves(state: State) -> tuple[tuple[Move, ...], list[Event]]:
    """Play, on `state` itself, the moves the table never enters, in an arbitrary order (the
    seats in turn, each card in the order it is held), and return them for the log with what they
    showed: Food Truck's secret ordering of the draw piles (the game's `secret_kinds`). None
    when the decision now is not a secret one."""
    kinds = getattr(state.game, "secret_kinds", ())
    played: list[Move] = []
    shown: list[Event] = []
    last = -1
    while kinds and not state.is_over:
        legal = state.legal_moves()
        if not legal or any(m.kind not in kinds for m in legal):
            break
        # the seats in turn, one choice each, as a simultaneous decision is played (bots)
        move = min(legal, key=lambda m: ((m.seat - last - 1) % state.players))
        shown += state.apply_legal(move)  # a secret choice draws nothing (game contract)
        played.append(move)
        last = move.seat
    return tuple(played), shown


def is_secret(state: State, move: Move) -> bool:
    """Whether `move` is a secret choice the table never enters (its kind is secret)."""
    return move.kind in getattr(state.game, "secret_kinds", ())


# --- private hands -----------------------------------------------------------------------------
def hidden_card(state: State, move: Move) -> str | None:
    """The card `move` takes from its seat's hidden hand when the engine's arbitrary deal did
    not put a usable copy there (the game's `hidden_card` hook), else None."""
    hook = getattr(state, "hidden_card", None)
    return hook(move) if callable(hook) else None


@dataclass(frozen=True)
class Fit:
    """The answer of `fit`: a position where the move's card is in the hand, or a refusal."""

    seat: int
    card: str
    pile: str
    state: State | None = None  # the position after the same moves, the draw reassigned
    index: int | None = None  # the private draw reassigned (in the record's `drawn`)
    tried: int = 0  # reassignments replayed
    clause: str | None = None  # the clause of the refusal (the pile's chance clause)
    key: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.state is not None


def fit(new_state: NewState, moves: Sequence[Move], state: State, move: Move,
        limit: int = MAX_TRIED) -> Fit | None:
    """Make `move` fit a hidden hand, or say why it cannot.

    None: `move` takes no hidden card the hand lacks, or something else refuses it (the
    engine's verdict stands). Otherwise a `Fit`: `ok` with the position after `moves` (replayed
    by `new_state` with one of the seat's unresolved private draws named as the card, every
    event the table saw unchanged and `move` now allowed); or a refusal, naming the card and the
    seat, when no such draw fits: no copy of that card can be in that hand.

    When no single draw can give the card (an earlier unresolved draw took the copy, which has
    since gone face down into a discard pile nobody entered), that earlier draw is first given
    another card the seat owns, and the latest draws are tried again."""
    card = hidden_card(state, move)
    chance = state.chance
    if card is None or chance is None:
        return None
    trial = state.clone()
    trial.hold(move.seat, card)
    if not trial.check(move).ok:  # out of turn, out of phase...: not a matter of the hand
        return None
    suffix = f".{move.seat}"
    drawn, taken = chance.drawn(), chance.taken
    owns = getattr(state, "owns", None)
    if callable(owns) and not owns(move.seat, card):  # no copy anywhere that seat keeps cards
        return _refused(state, move, card, drawn, suffix, 0)
    mine = [i for i in range(len(drawn)) if drawn[i].card is None
            and drawn[i].pile.endswith(suffix)]
    singles = mine[::-1][:limit]  # the latest draws first: the cards in the hand now
    # a copy shown earlier may be pinned to the wrong draw among like copies: the named card
    # takes that draw, and the pin moves to an unresolved draw that took the same card
    shown = [i for i in range(len(drawn) - 1, -1, -1) if drawn[i].card not in (None, card)
             and drawn[i].pile.endswith(suffix) and taken[i] == drawn[i].card][:limit]
    pairs = [(i, m) for i in shown
             for m in [m for m in reversed(mine) if taken[m] == drawn[i].card][:MAX_FREED]]
    earlier = [j for j in reversed(mine) if taken[j] == card][:MAX_FREED]
    replay = _Replay(new_state, moves, drawn,
                     set(singles) | {x for pair in pairs for x in pair} | set(earlier))
    tried = 0
    for index in singles:
        tried += 1
        fitted = replay.reassign(index, card, move)
        if fitted is not None:
            return Fit(move.seat, card, drawn[index].pile, fitted, index, tried)
    for i, m in pairs:
        tried += 1
        swapped = list(drawn)
        swapped[i] = Outcome(drawn[i].pile, card)
        swapped[m] = Outcome(drawn[m].pile, drawn[i].card)
        fitted = replay.replay(swapped, min(i, m), move)
        if fitted is not None:
            return Fit(move.seat, card, drawn[i].pile, fitted, i, tried)
    for j in earlier:
        for i in [i for i in reversed(mine) if i > j and taken[i] != card][:limit]:
            tried += 1  # j gives i's card and i gives the named one; the draws between keep theirs
            swapped = list(drawn)
            for m in mine:  # the draws of the turns between (not those of i's own action)
                if j < m < i and replay.move_of(m) < replay.move_of(i):
                    swapped[m] = Outcome(drawn[m].pile, taken[m])
            swapped[j] = Outcome(drawn[j].pile, taken[i])
            swapped[i] = Outcome(drawn[i].pile, card)
            fitted = replay.replay(swapped, j, move)
            if fitted is not None:
                return Fit(move.seat, card, drawn[i].pile, fitted, i, tried)
    tried += 1  # last: the seat's whole deal again, with hindsight of every card it showed
    dealt = _deal_again(new_state, moves, state, move, suffix, replay.seen)
    if dealt is not None:
        return Fit(move.seat, card, dealt.chance.outcomes[-1].pile, dealt, None, tried)
    # the exhaustive last resort: a depth-first search over the seat's draws (bounded)
    dealt, probes = search_deal(new_state, moves, state, move, suffix, replay.setup_seen,
                                replay.seen)
    tried += probes
    if dealt is not None:
        return Fit(move.seat, card, dealt.chance.outcomes[-1].pile, dealt, None, tried)
    return _refused(state, move, card, drawn, suffix, tried)


def _refused(state: State, move: Move, card: str, drawn: list[Outcome], suffix: str,
             tried: int) -> Fit:
    """The refusal: no copy of `card` can be in the hand of `move`'s seat (the clause of the
    pile its hand is drawn from)."""
    pile = next((o.pile for o in reversed(drawn) if o.pile.endswith(suffix)), None) or \
        _private_pile(state, move.seat)
    clauses = getattr(state.game, "chance_clauses", {})
    clause = clauses.get(pile) or clauses.get(pile.split(".")[0])
    return Fit(move.seat, card, pile, None, None, tried, clause,
               f"{state.game.id}.table.no_copy_in_hand", {"seat": move.seat, "card": card})


MAX_FREED = 4  # earlier draws that took the card, tried when no single draw can give it


def pin(state: State, move: Move) -> None:
    """After `move` (applied to `state`): the card it took from its seat's hidden hand is now
    known, so the unresolved private draw that put it there is named, in place. The game
    replays the same (that draw took that very card), and a later reassignment keeps it."""
    hook = getattr(state, "card_shown", None)
    card = hook(move) if callable(hook) else None
    chance = state.chance
    if card is None or chance is None:
        return
    suffix = f".{move.seat}"
    outcomes, taken = chance.outcomes, chance.taken
    for i in range(chance.used - 1, -1, -1):
        if outcomes[i].card is None and taken[i] == card and outcomes[i].pile.endswith(suffix):
            outcomes[i] = Outcome(outcomes[i].pile, card)
            return


def _private_pile(state: State, seat: int) -> str:
    """The name of `seat`'s private pile when no draw from it is left to reassign."""
    kinds = getattr(state.game, "chance_kinds", {})
    private = getattr(state.game, "private_piles", ("deck",))
    name = next((p for p in private if p in kinds), private[0] if private else "deck")
    return f"{name}.{seat}"



def _public(events: Sequence[Event]) -> list[tuple[str, Any]]:
    """What everyone at the table saw of some events."""
    return [(e.key, e.params) for e in events if e.visible_to is None]


class _Replay:
    """The game's log replayed once, with a clone of the position before each move that made
    one of the draws to try, so that each reassignment replays only from there."""

    def __init__(self, new_state: NewState, moves: Sequence[Move], drawn: list[Outcome],
                 wanted: set[int]):
        self.new_state = new_state
        self.moves = list(moves)
        self.drawn = drawn
        state = new_state(Chance(drawn))
        self.setup_seen = _public(state.setup_events)
        self.seen: list[list[tuple[str, Any]]] = []
        first_draw = [state.chance.used]  # move k made draws first_draw[k] .. first_draw[k+1]-1
        for move in self.moves:
            self.seen.append(_public(state.apply_legal(move)))
            first_draw.append(state.chance.used)
        self.first_draw = first_draw
        at: dict[int, int] = {}  # move index -> the wanted draws it made
        for i in wanted:
            k = self.move_of(i)
            if 0 <= k < len(self.moves):
                at[i] = k
        self.before: dict[int, tuple[int, State]] = {}  # draw index -> (move index, position)
        if at:
            clones: dict[int, State] = {}
            state = new_state(Chance(drawn))
            for k in range(max(at.values()) + 1):
                if k in at.values():
                    clones[k] = state.clone()
                state.apply_legal(self.moves[k])
            self.before = {i: (k, clones[k]) for i, k in at.items()}

    def move_of(self, index: int) -> int:
        """The index of the move that made draw `index` (-1: the set-up)."""
        return bisect_right(self.first_draw, index) - 1

    def reassign(self, index: int, card: str, move: Move | None) -> State | None:
        """The position after every move with draw `index` naming `card`, if the table saw the
        same things and `move` (if any) is then allowed; else None."""
        drawn = list(self.drawn)
        drawn[index] = Outcome(drawn[index].pile, card)
        return self.replay(drawn, index, move)

    def replay(self, drawn: list[Outcome], index: int, move: Move | None) -> State | None:
        """The position after every move drawing `drawn` (which differs from the log's from
        draw `index` on), if the table saw the same things and `move` (if any) is then allowed;
        else None."""
        start, base = self.before.get(index, (0, None))
        try:
            if base is None:  # a card dealt at the set-up: the whole game again
                state = self.new_state(Chance(drawn))
                if _public(state.setup_events) != self.setup_seen:
                    return None
            else:
                state = base.clone()
                state.chance.outcomes[:] = drawn
            for k in range(start, len(self.moves)):
                if _public(state.apply(self.moves[k])) != self.seen[k]:
                    return None
        except _REPLAY_ERRORS:
            return None
        if state.chance.used != len(drawn) or (move is not None and not state.check(move).ok):
            return None
        return state


# --- the last resort: a whole new deal of one seat's hidden cards ------------------------------
def _deal_again(new_state: NewState, moves: Sequence[Move], state: State, move: Move,
                suffix: str, seen: list[list[tuple[str, Any]]]) -> State | None:
    """The game replayed with every private draw of `move`'s seat dealt again with hindsight:
    each draw gives a card the hand will show before it is discarded (the game's `hand_card`
    and `hand_ends` hooks), else the top, unless a later hand needs that card and another can
    be spared. The table must see the same events and `move` must then be allowed."""
    hand_card = getattr(state, "hand_card", None)
    hand_ends = getattr(state, "hand_ends", None)
    if not callable(hand_card) or not callable(hand_ends):
        return None
    seat, log = move.seat, list(moves) + [move]
    demands = [(k, c) for k, m in enumerate(log) if m.seat == seat and (c := hand_card(m))]
    ends = [k for k, m in enumerate(log) if hand_ends(m, seat)]
    drawn = state.chance.drawn()
    kept = [o for o in drawn if not o.pile.endswith(suffix)]  # the seat's draws: dealt again
    hand_size = getattr(state.game, "hand_size", 5)
    tries = [(ahead, None) for ahead in DEAL_HORIZONS] + [
        (DEAL_HORIZONS[n % 2], random.Random(n)) for n in range(RANDOM_DEALS)]
    budget = MAX_DEALS
    for ahead, rng in tries:
        avoid: dict[int, set[str]] = {}  # the seat's n-th draw -> cards it must not give
        prefer: dict[int, str] = {}  # the seat's n-th draw -> a card it gives if it can
        for _ in range(MAX_REPAIRS):
            if budget <= 0:
                return None
            budget -= 1
            dealer = _Dealer(kept, suffix, demands, ends, hand_size, ahead, avoid, rng, prefer)
            dealt, missing = _deal(new_state, moves, move, dealer, seen, hand_card)
            if dealt is not None:
                return dealt
            # a hand lacked `missing`: the last draw that gave it away gives another card;
            # if it had to (the last card of a deck), an earlier draw gives it, so that it is
            # discarded before the deck runs out and comes back with the reshuffle
            given = [n for n, c in enumerate(dealer.dealt) if c == missing]
            if missing is None or not given:
                break
            last = given[-1]
            if missing not in avoid.get(last, ()):  # none of that action's draws gives it
                for n, k in enumerate(dealer.made_in):
                    if k == dealer.made_in[last]:
                        avoid.setdefault(n, set()).add(missing)
                continue
            earlier = [n for n in range(last - 1, -1, -1) if missing in dealer.offered[n]
                       and n not in prefer and dealer.offered[n] != {missing}]
            if not earlier:
                break
            prefer[earlier[0]] = missing
    return None


MAX_REPAIRS = 12  # deals tried again, each keeping one more card for the hand that lacked it
MAX_DEALS = 100  # whole deals replayed for one named card, at most (a few seconds at worst)
RANDOM_DEALS = 8  # then deals that give a card no hand needs at random (seeded: replays agree)


# how many later hands a deal keeps cards for: those the deck serves before a reshuffle
# (None), none (0: a card shown later is drawn now, to be reshuffled in time, as when an
# effect's draw empties the deck early), the next one only, or every one; the first deal that
# fits is kept
DEAL_HORIZONS = (None, 0, 1, 10 ** 6)


def _deal(new_state: NewState, moves: Sequence[Move], move: Move, dealer: _Dealer,
          seen: list[list[tuple[str, Any]]], hand_card: Callable[[Move], str | None]
          ) -> tuple[State | None, str | None]:
    """The game replayed with `dealer`, if the table saw the same and `move` is then allowed;
    else None, with the card a hand lacked when that is why."""
    try:
        replay = new_state(dealer)
        dealer.state = replay
        for k, m in enumerate(moves):
            dealer.at(k)
            try:
                events = replay.apply(m)
            except IllegalMove:
                return None, hand_card(m) if m.seat == move.seat else None
            if _public(events) != seen[k]:
                return None, None
    except _REPLAY_ERRORS:
        return None, None
    if dealer.used != len(dealer.outcomes):
        return None, None
    if not replay.check(move).ok:
        return None, hand_card(move)
    plain = Chance(dealer.outcomes)
    plain.used, plain.taken = dealer.used, list(dealer.taken)
    replay.chance = plain
    return replay, None


class _Dealer(Chance):
    """A Chance that deals one seat's private draws itself, with hindsight of the log."""

    __slots__ = ("suffix", "demands", "ends", "hand_size", "ahead", "avoid", "rng", "prefer",
                 "dealt", "offered", "made_in", "move", "batch", "state")

    def __init__(self, outcomes: list[Outcome], suffix: str, demands: list[tuple[int, str]],
                 ends: list[int], hand_size: int = 5, ahead: int | None = None,
                 avoid: dict[int, set[str]] | None = None, rng: random.Random | None = None,
                 prefer: dict[int, str] | None = None):
        super().__init__(outcomes)
        self.prefer = prefer or {}  # the seat's n-th draw -> a card it gives if it can
        self.offered: list[set[str]] = []  # the cards each of the seat's draws could give
        self.made_in: list[int] = []  # the move each of the seat's draws was made in
        self.rng = None if rng is None else random.Random(rng.random())  # the same each repair
        self.avoid = avoid or {}  # the seat's n-th draw -> cards it must not give
        self.dealt: list[str] = []  # the seat's draws, in order
        self.suffix, self.demands, self.ends = suffix, demands, ends
        self.hand_size = max(1, hand_size)  # cards drawn for one hand
        self.ahead = ahead  # later hands to keep cards for (None: those this deck serves)
        self.move = -1  # the move being replayed (-1: the set-up)
        self.batch: list[str] = []  # the seat's cards drawn in this move so far
        self.state: State | None = None

    def at(self, k: int) -> None:
        self.move, self.batch = k, []

    def draw(self, pile: str, cards: list[str], seat: int | None, private: bool) -> str:
        if not (private and pile.endswith(self.suffix)) or not cards:
            return super().draw(pile, cards, seat, private)
        n = len(self.dealt)
        avoid = self.avoid.get(n, ())
        allowed = [c for c in cards if c not in avoid]
        self.offered.append(set(cards))
        self.made_in.append(self.move)
        card = self.prefer.get(n)
        if card not in allowed:
            card = self._choose(allowed or cards, seat)
        self.dealt.append(card)
        at = max(i for i, c in enumerate(cards) if c == card)
        top = at == len(cards) - 1
        cards[at], cards[-1] = cards[-1], cards[at]
        self.outcomes.insert(self.used, Outcome(pile, None if top else card))
        self.batch.append(card)
        return self._took(cards.pop())

    def _choose(self, cards: list[str], seat: int | None) -> str:
        k = self.move
        end = next((e for e in self.ends if e > k), len(self.demands) + 10 ** 6)
        held = Counter(self.batch)
        if self.state is not None and seat is not None:
            held.update(self.state.hand[seat])
        for i, card in self.demands:  # a card this hand will show, not held yet
            if k < i <= end:
                if held[card] > 0:
                    held[card] -= 1
                elif card in cards:
                    return card
        # the later hands this deck still serves: the cards they show stay in it; a card shown
        # only after the deck runs out must be drawn (and discarded) before, to be reshuffled
        left = len(cards) - max(0, self.hand_size - len(self.batch))
        served = max(0, left) // self.hand_size + (1 if left % self.hand_size else 0)
        count = served if self.ahead is None else self.ahead
        ahead = [e for e in self.ends if e > end][:count]
        horizon = ahead[-1] if len(ahead) == count and ahead else len(self.demands) + 10 ** 6
        if count == 0:
            horizon = end
        later = Counter(c for i, c in self.demands if end < i <= horizon)
        spare = Counter(cards)
        spare.subtract(later)
        top = cards[-1]
        if self.ahead in (None, 0) and horizon < len(self.demands) + 10 ** 6:
            after = {c for i, c in self.demands if i > horizon}
            wanted = sorted(c for c in set(cards) if c in after and spare[c] > 0)
            if wanted:  # shown after the reshuffle: drawn now, it is reshuffled in time
                return top if top in wanted else wanted[0]
        if self.rng is not None:  # a card no hand needs, at random among those to spare
            free = sorted(c for c in set(cards) if spare[c] > 0)
            return self.rng.choice(free or sorted(set(cards)))
        if spare[top] > 0:
            return top
        best = max(sorted(set(cards)), key=lambda c: spare[c])
        return best if spare[best] > spare[top] else top
