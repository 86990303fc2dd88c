"""The end of a Food Truck round and the start of the next (rule 3): the winner's victory
point, trucks discarded and reshuffled, the supply dealt, every card gathered back to hand."""

from __future__ import annotations

from foodplay.engine import Event, Seat, event
from foodplay.games.food_truck.constants import CARD, COUNT, TRUCK_CLAUSE
from foodplay.games.food_truck.table import FoodTruckTable


class BetweenRounds(FoodTruckTable):
    """End a round, deal the supply, start a round."""

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
        central = self.central
        cards = [self.draw("central", central) for _ in range(min(want, len(central)))]
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
                truck = self.draw(f"trucks.{seat}", self.truck_deck[seat], seat)
                self.truck[seat] = truck
                events.append(event(f"food-truck.truck.flip.{truck}",
                                    ("R1-1", TRUCK_CLAUSE[truck]), seat=seat, truck=truck))
        for seat in range(self.players):
            self.pile_size[seat] = len(self.hand[seat])
        events.append(event("food-truck.prepare.start", ("R1-2", "G3")))
