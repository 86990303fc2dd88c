"""What each seat may see of a Cuisine a la Card position (G12), the inventory of every
component, and the paths into the view that only one seat may read."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Move, Seat
from foodplay.games.cuisine_a_la_card.constants import FRIDGE_PRICE, K
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase

# the moves that take a card out of the hand, named by their "card" detail
HAND_KINDS = frozenset({"play", "warm", "dish", "trash", "discard"})
SHOWN_KINDS = HAND_KINDS - {"warm"}  # a card warmed lies face down (G12)


class StateViews(CuisineStateBase):
    """CuisineState's view, inventory and secret paths."""

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

    # --- at a real table ------------------------------------------------------------------
    def hidden_card(self, move: Move) -> str | None:
        """The card `move` takes from its seat's hidden hand (G12) when the hand does not hold
        a usable copy, else None. At a real table the engine's hands are an arbitrary deal of
        the cards nobody has named (foodplay.companion.private reassigns them)."""
        card = "fork" if move.kind == "fork" else \
            move.get("card") if move.kind in HAND_KINDS else None
        seat = move.seat
        if not isinstance(card, str) or card not in self.comp.cards or \
                not 0 <= seat < self.players:
            return None
        held = self._usable(seat, card) if move.kind in ("play", "warm", "fork") else \
            card in self.hand[seat]
        return None if held else card

    def hold(self, seat: Seat, card: str) -> None:
        """Put a copy of `card` in `seat`'s hand, to ask whether a move would then be allowed
        (on a clone: foodplay.companion.private)."""
        self.hand[seat].append(card)

    def card_shown(self, move: Move) -> str | None:
        """The card `move` took out of its seat's hand in view of the table (played, put in a
        dish, trashed or discarded), or None."""
        if move.kind == "fork":
            return "fork"
        return move.get("card") if move.kind in SHOWN_KINDS else None

    def hand_card(self, move: Move) -> str | None:
        """The card `move` takes out of its seat's hand, seen or (warmed) not, or None."""
        if move.kind == "fork":
            return "fork"
        return move.get("card") if move.kind in HAND_KINDS else None

    def hand_ends(self, move: Move, seat: Seat) -> bool:
        """Whether `seat`'s hand is discarded after `move` (its own end of turn, P3)."""
        return move.kind == "end" and move.seat == seat

    def owns(self, seat: Seat, card: str) -> bool:
        """Whether any copy of `card` is among `seat`'s own cards (deck, hand, discard pile,
        plates, cards played this turn or a dish being made): where a draw could find it."""
        return (card in self.deck[seat] or card in self.hand[seat] or card in self.discard[seat]
                or card in self.plates[seat] or card in self.played[seat]
                or any(d["card"] == card for d in self.dish[seat]))
