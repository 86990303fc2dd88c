"""Card and judge abilities, resolved in order from a queue (G8): effects that simply act, and
the choices a player makes (trash, warm, retrieve, others discard; C6, Q3-Q5)."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Move, Seat
from foodplay.games.cuisine_a_la_card.components import CHOICE_EFFECTS
from foodplay.games.cuisine_a_la_card.constants import EFFECT_CLAUSES
from foodplay.games.cuisine_a_la_card.events import ev
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class ResolvingAbilities(CuisineStateBase):
    """CuisineState's ability queue and the moves that answer its choices."""

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

