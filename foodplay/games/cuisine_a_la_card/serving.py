"""Putting a dish together and serving it to a judge (P2-4 to P2-7, C4, D2): its score and medals
(scoring), the abilities it sets off, the judge's place refilled, and the target reached (E1)."""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Move, Seat
from foodplay.games.cuisine_a_la_card import components as cu_components
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.constants import OWN
from foodplay.games.cuisine_a_la_card.events import DISH_START, ev
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class ServingDishes(CuisineStateBase):
    """CuisineState's dish, food type, cancel and serve moves."""

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
            slot["judge"] = self.draw(f"judges.{slot['stack']}", stack)
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

