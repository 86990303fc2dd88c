"""The last resort of `foodplay.companion.private.fit`: one seat's hidden cards dealt again by
a bounded depth-first search over its private draws, checked move by move against the log.

The greedy re-deal (`private._deal_again`) gives each draw the card a later hand shows, and repairs
a few times, one draw at a time; it misses deals that need several earlier draws changed together
across reshuffles (which copies are held in the hand that straddles a reshuffle, and so miss the
next cycle of the deck, decides whether a later hand can hold enough copies). This search tries
the seat's draws move by move: within one move the draws are a multiset (drawn in canonical order
between two reshuffles), the cards the seat's hand shows before it is discarded first, then the
cards shown latest. A branch ends as soon as the table would see something else or a move of the
log is not allowed. A position that failed (the same move, the same cards in the seat's deck,
hand, discard pile, play and plates) is remembered with the card its hand lacked; a failure for
lacking a card jumps back past the moves whose draws could not have given it, and rules out, at
the move it lands on, every other multiset giving that card in the same places. The search is
bounded (`MAX_PROBES` moves applied): when it gives up, the card is refused as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from foodplay.chance import Chance, ChanceNeeded, ChanceRefused, Outcome
from foodplay.engine import IllegalMove, Move, State

MAX_PROBES = 6000  # moves (or set-ups) applied by one search, at most (about two seconds)
_ERRORS = (IllegalMove, ChanceNeeded, ChanceRefused)


class _Choose(Exception):
    """The scripted draws ran out: the seat's next draw may give any of `options`."""

    def __init__(self, options: list[str]):
        super().__init__("choose")
        self.options = options


class _Scripted(Chance):
    """A Chance giving the seat's private draws from a script (one move's), the others as
    logged; raises `_Choose` when the script runs out."""

    __slots__ = ("suffix", "script", "made", "last_len", "last_card", "offered", "segments")

    def __init__(self, outcomes: list[Outcome], suffix: str, script: list[str]):
        super().__init__(outcomes)
        self.suffix, self.script = suffix, script
        self.made, self.last_len, self.last_card = 0, -1, ""
        self.offered: set[str] = set()  # every card one of the seat's draws could give
        self.segments: list[int] = []  # each scripted draw: how many reshuffles came before

    def draw(self, pile: str, cards: list[str], seat: int | None, private: bool) -> str:
        if not (private and pile.endswith(self.suffix)) or not cards:
            return super().draw(pile, cards, seat, private)
        # between two reshuffles the draws of one move are a multiset: canonical order
        floor = self.last_card if len(cards) == self.last_len - 1 else ""
        self.offered.update(cards)
        options = sorted(c for c in set(cards) if c >= floor)
        if self.made >= len(self.script):
            raise _Choose(options)
        card = self.script[self.made]
        if card not in options:
            raise _Choose([])
        self.made += 1
        segment = self.segments[-1] if self.segments else 0
        self.segments.append(segment if len(cards) == self.last_len - 1 else segment + 1)
        self.last_len, self.last_card = len(cards), card
        at = max(i for i, c in enumerate(cards) if c == card)
        top = at == len(cards) - 1
        cards[at], cards[-1] = cards[-1], cards[at]
        self.outcomes.insert(self.used, Outcome(pile, None if top else card))
        return self._took(cards.pop())


def search_deal(new_state: Callable[[Chance], State], moves: Sequence[Move], state: State,
                move: Move, suffix: str, setup_seen: list, seen: list[list[Any]],
                max_probes: int = MAX_PROBES) -> tuple[State | None, int]:
    """The position after `moves` replayed with the seat's private draws dealt by the search,
    if one deal lets the table see the same events and then allows `move`; and the moves
    applied. (None, probes) when there is none or the search gave up."""
    seat = move.seat
    hand_card = getattr(state, "hand_card", None)
    hand_ends = getattr(state, "hand_ends", None)
    if not callable(hand_card) or not callable(hand_ends):
        return None, 0
    log = list(moves) + [move]
    demands = [(k, c) for k, m in enumerate(log) if m.seat == seat and (c := hand_card(m))]
    ends = [k for k, m in enumerate(log) if hand_ends(m, seat)]
    kept = [o for o in state.chance.drawn() if not o.pile.endswith(suffix)]
    # a position searched once and failed -> the card its seat lacked (None: anything else)
    failed: dict[tuple[Any, ...], str | None] = {}
    probes = 0

    big = len(log) + 1

    def wanted(k: int, held: Counter[str]) -> tuple[Counter[str], dict[str, int]]:
        """The cards the seat's hand still needs, after move `k`, until it is discarded; and
        when each card is shown next after that (a card shown much later is drawn first: it
        is discarded and comes back with a reshuffle)."""
        end = next((e for e in ends if e > k), len(log))
        need = Counter(c for i, c in demands if k < i <= end)
        need.subtract(held)
        later: dict[str, int] = {}
        for i, c in demands:
            if i > end:
                later.setdefault(c, i)
        return +need, later

    def signature(k: int, st: State) -> tuple[Any, ...]:
        """What the seat's later draws and moves depend on, besides the log."""
        piles = tuple(tuple(sorted(str(c) for c in getattr(st, name)[seat]))
                      for name in ("deck", "hand", "discard", "played", "plates")
                      if isinstance(getattr(st, name, None), list))
        return (k, piles, tuple(getattr(st, "bought_deck", ())),
                tuple(getattr(st, "bought_hand", ())), st.chance.used)

    def step(k: int, parent: State | None, script: list[str], level: _Level) -> State | None:
        """Move `k` (-1: the set-up) applied after `parent` with the seat drawing `script`:
        the position, or None if the table would see something else; _Choose if the script
        is too short. The cards the seat's draws could give go to `level.offered`."""
        nonlocal probes
        probes += 1
        if parent is None:
            chance = _Scripted(list(kept), suffix, script)
        else:
            chance = _Scripted(list(parent.chance.outcomes), suffix, script)
            chance.used, chance.taken = parent.chance.used, list(parent.chance.taken)
        try:
            if parent is None:
                st = new_state(chance)
                shown = [(e.key, e.params) for e in st.setup_events if e.visible_to is None]
                return st if shown == setup_seen else None
            saved, parent.chance = parent.chance, None
            try:
                st = parent.clone()
            finally:
                parent.chance = saved
            st.chance = chance
            events = st.apply(moves[k])
            shown = [(e.key, e.params) for e in events if e.visible_to is None]
            return st if shown == seen[k] else None
        finally:
            level.offered |= chance.offered

    def children(k: int, parent: State | None, level: _Level):
        """Each position after move `k`, one per multiset of the seat's draws, likeliest
        first (the cards its hand will show). Why the others failed goes to `level.blame`:
        the card the seat lacked, or None for anything else."""
        stack: list[list[str]] = [[]]
        while stack:
            if probes >= max_probes:
                return
            script = stack.pop()
            try:
                st = step(k, parent, script, level)
            except _Choose as choose:
                kept_hand = parent is not None and not hand_ends(moves[k], seat)
                held = Counter(script) + Counter(parent.hand[seat] if kept_hand else ())
                need, later = wanted(k, held)
                order = sorted(choose.options, key=lambda c: (need[c] > 0, later.get(c, big), c),
                               reverse=True)
                stack.extend(script + [c] for c in reversed(order))
                continue
            except IllegalMove:
                lacked = hand_card(moves[k]) if moves[k].seat == seat else None
                level.blame.add(lacked)
                continue
            except _ERRORS:
                level.blame.add(None)
                continue
            if st is None:
                level.blame.add(None)
            else:
                yield st

    # depth first over the log: path[i] yields the positions after move i - 1
    root = _Level()
    root.children = children(-1, None, root)
    path = [root]
    while path:
        if probes >= max_probes:
            return None, probes
        level = path[-1]
        k = len(path) - 2  # the move whose positions `level` yields
        child = next(level.children, None)
        while child is not None and (lacking := level.excluded(child.chance)) is not None:
            level.blame.add(lacking)
            child = next(level.children, None)
        if child is None:
            path.pop()
            lacked = next(iter(level.blame)) if len(level.blame) == 1 else None
            failed[level.sig] = lacked
            if lacked is not None:  # backjump: only a draw that could give it can help
                while path and lacked not in path[-1].offered:
                    failed[path.pop().sig] = lacked
                if path:
                    path[-1].blame.add(lacked)
                    path[-1].rule_out(lacked)
            elif path:
                path[-1].blame.add(None)
            continue
        if k + 1 == len(moves):
            if child.chance.used == len(child.chance.outcomes) and child.check(move).ok:
                plain = Chance(child.chance.outcomes)
                plain.used, plain.taken = child.chance.used, list(child.chance.taken)
                child.chance = plain
                return child, probes
            level.blame.add(hand_card(move) if child.chance.used == len(
                child.chance.outcomes) else None)
            continue
        sig = signature(k + 1, child)
        if sig in failed:
            level.blame.add(failed[sig])
            if failed[sig] is not None:
                level.current = child.chance
                level.rule_out(failed[sig])
            continue
        failed[sig] = None  # reached once: searched below (or being searched) from here
        level.current = child.chance
        below = _Level(sig)
        below.children = children(k + 1, child, below)
        path.append(below)
    return None, probes


class _Level:
    """One move of the search: its positions still to try, the cards its draws could give and
    why the positions after it failed (a card the seat lacked; None: anything else)."""

    __slots__ = ("children", "offered", "blame", "sig", "current", "ruled_out")

    def __init__(self, sig: tuple[Any, ...] = ()) -> None:
        self.sig = sig  # the position it starts from (signature)
        self.current: _Scripted | None = None  # the draws of the position searched below
        # a card a hand lacked -> where this move's draws gave it, in positions that failed
        # for lacking it: another position drawing it in the same places fails the same way
        self.ruled_out: dict[str, set[tuple[int, ...]]] = {}
        self.children: Any = iter(())
        self.offered: set[str] = set()
        self.blame: set[str | None] = set()

    @staticmethod
    def _where(draws: _Scripted, card: str) -> tuple[int, ...]:
        """Where (between which reshuffles) this move's draws gave `card`."""
        return tuple(seg for c, seg in zip(draws.script[:draws.made],
                                                   draws.segments, strict=True) if c == card)

    def rule_out(self, card: str) -> None:
        """The position being searched below failed for lacking `card` (whatever the other
        cards drawn): rule out every position drawing `card` in the same places."""
        if self.current is not None:
            self.ruled_out.setdefault(card, set()).add(self._where(self.current, card))

    def excluded(self, draws: _Scripted) -> str | None:
        """The card a position with these draws would lack, if it is ruled out already."""
        return next((card for card, where in self.ruled_out.items()
                     if self._where(draws, card) in where), None)
