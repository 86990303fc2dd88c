"""Buying from the Market, the Fridge and the Fork pile (P2-1 to P2-3, P4-1), and the Market's
clean-up at the end of a turn: the last slot to the Fridge, the slide and the refill (P4)."""

from __future__ import annotations

from foodplay.engine import Event, Move, Seat
from foodplay.games.cuisine_a_la_card.constants import FRIDGE_PRICE, MARKET_SIZE
from foodplay.games.cuisine_a_la_card.events import SLIDE, ev
from foodplay.games.cuisine_a_la_card.state_base import CuisineStateBase


class BuyingCards(CuisineStateBase):
    """CuisineState's buy moves and the Market's clean-up."""

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
        if self.chance is None:  # seeded: a slice (the top of the Pantry is its end)
            dealt = pantry[:-gaps - 1:-1] if gaps else []
            if dealt:
                del pantry[len(pantry) - len(dealt):]
        else:  # at a real table, the cards it turns up (foodplay.chance)
            dealt = [self.draw("pantry", pantry) for _ in range(min(gaps, len(pantry)))]
        if dealt:
            market[:len(dealt)] = dealt
            events.append(Event("cuisine-a-la-card.cleanup.refill", (
                ("cards", dealt), ("count", len(dealt)), ("pantry", len(pantry))), ("P4", "G6")))
        if len(dealt) < gaps:
            events.append(ev("cleanup.pantry_empty", ("D4", "G6"), count=gaps - len(dealt)))

