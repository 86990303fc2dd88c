"""Judging a Cuisine a la Card move without changing anything: `check` and one `_check_<kind>`
per move kind, with the reach of a dish that decides whether one may be started (G11)."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Move, Seat, Verdict, check_params
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.constants import (
    FORK_USES,
    FRIDGE_PRICE,
    MARKET_SIZE,
    MODE_CLAUSE,
    MODE_KINDS,
    MOVE_PARAMS,
    PLATES,
)
from foodplay.games.cuisine_a_la_card.events import no
from foodplay.games.cuisine_a_la_card.lookups import NO_JUDGE
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


def _first(refusal: Verdict | None, verdict: Verdict) -> Verdict:
    """The refusal if there is one (a refusal is falsy, so `or` cannot be used), else `verdict`."""
    return verdict if refusal is None else refusal


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)



class MoveChecks(CuisineStateBase):
    """CuisineState's verdicts: why a move is allowed, or refused with the clause it breaks."""

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
        return _CHECKS[kind](self, move, mode)

    def _in_hand(self, move: Move, clause: str) -> Verdict | None:
        card = move.get("card")
        if card not in self.hand[move.seat]:
            return no(clause, "refuse.not_in_hand", seat=move.seat, card=card)
        return None

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
        """G11: a dish is started only when some open judge is within reach. At a real table
        the hand is hidden (G12) and the engine's is an arbitrary deal, so the table starts a
        dish freely: its serve is checked once its cards are named."""
        if self.dish[seat] or self.chance is not None:
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


# kind -> its check, looked up once: a name built per call (getattr(self, f"_check_{kind}"))
# misses the type's method cache and walks CuisineState's every base class
_CHECKS = {kind: getattr(MoveChecks, f"_check_{kind}") for kind in MOVE_PARAMS}
