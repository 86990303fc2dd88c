"""Food Truck from a position given as data: the start of a round's preparation (rule 1).

`setup.position` holds `round`, the face-up `supply`, and one object per seat named as in the
seat's view: `hand` (all of the seat's Meal cards, the starting ones included, and its
Dessert), `vp`, `truck_deck` (top first) and `truck_discard`. Meals beyond the starting ones
come out of the central deck; the rest of it is shuffled, with `deck_top` on top. A position
without `supply` has it dealt from the central deck's top, one card per player, as every round
starts (rule 3-3); a supply given with fewer cards is refused unless the central deck is empty.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay import position as pos
from foodplay.data import Say, require
from foodplay.games.food_truck.state import FoodTruckState

POSITION_KEYS = ("round", "supply", "seats")
SEAT_KEYS = ("hand", "vp", "truck_deck", "truck_discard")


def apply(state: FoodTruckState, raw: Any, central: list[str], top: list[str]) -> None:
    """Lay out the position on a fresh state; `central` is the shuffled central deck."""
    game, comp, where = state.game, state.comp, "setup.position"
    pos.known_keys(pos.as_object(raw, where), POSITION_KEYS, where)
    state.round = pos.count(raw.get("round", 1), f"{where}.round", 1) - 1  # _start_round adds 1
    pool = pos.Pool(game, Counter(central), "R0-3")
    for s, seat in enumerate(pos.seat_objects(raw, state.players, where, SEAT_KEYS)):
        at = f"{where}.seats[{s}]"
        dessert = state.dessert[s]
        hand = pos.id_list(seat.get("hand", list(comp.starting) + [dessert]), f"{at}.hand",
                           set(comp.meals) | {dessert}, "a meal or this seat's dessert")
        pos.check(hand.count(dessert) == 1, game, f"{at}.hand",
                  Say("position.truck.dessert", dessert=repr(dessert)), "R0-2")
        extra = Counter(c for c in hand if c != dessert)
        extra.subtract(Counter(comp.starting))
        pos.check(all(n >= 0 for n in extra.values()), game, f"{at}.hand",
                  Say("position.truck.starting", meals=", ".join(comp.starting)), "R0-2")
        pool.take_all(sorted(extra.elements()), f"{at}.hand")
        state.hand[s] = hand
        state.vp[s] = pos.count(seat.get("vp", 0), f"{at}.vp")
        pos.check(state.vp[s] < state.target, game, f"{at}.vp",
                  Say("position.truck.vp", vp=state.vp[s], target=state.target), "R3-4")
        if state.trucks_on:
            deck = pos.id_list(seat.get("truck_deck", list(reversed(state.truck_deck[s]))),
                               f"{at}.truck_deck", comp.trucks, "a truck card")
            used = pos.id_list(seat.get("truck_discard", []), f"{at}.truck_discard",
                               comp.trucks, "a truck card")
            pos.check(Counter(deck + used) == Counter(comp.trucks), game, at,
                      Say("position.truck.trucks", count=len(comp.trucks)), "R0-1")
            pos.check(bool(deck), game, f"{at}.truck_deck",
                      Say("position.truck.deck_empty"), "R3-2")
            state.truck_deck[s], state.truck_discard[s] = list(reversed(deck)), used
        else:
            require("truck_deck" not in seat and "truck_discard" not in seat, at,
                    Say("position.truck.no_trucks", option="options.trucks"))
    if "supply" not in raw:  # dealt from the central deck, as at the end of a round (R3-3)
        state.central = pos.stack_top(pool.rest(central), top, "setup.deck_top", "central deck")
        state.supply = [state.draw("central", state.central)
                        for _ in range(min(state.players, len(state.central)))]
        return
    supply = pos.id_list(raw["supply"], f"{where}.supply", comp.meals, "a meal")
    pos.check(len(supply) <= state.players, game, f"{where}.supply",
              Say("position.truck.supply_size", count=len(supply)), "R3-3")
    pool.take_all(supply, f"{where}.supply")
    state.supply = supply
    state.central = pos.stack_top(pool.rest(central), top, "setup.deck_top", "central deck")
    pos.check(len(supply) == state.players or not state.central, game, f"{where}.supply",
              Say("position.truck.supply_central", count=len(supply),
                  central=len(state.central)), "R3-3")


def export(state: FoodTruckState) -> dict[str, Any] | None:
    """The position document of `state` if it is the start of a round's preparation, before
    anyone has ordered a card, else None. The truck card turned up this round goes back on
    top of its deck, since `apply` starts the round and turns it up again."""
    if state.phase != "prepare" or any(state.pile) or state.is_over:
        return None
    seats = []
    for s in range(state.players):
        seat: dict[str, Any] = {"hand": list(state.hand[s]), "vp": state.vp[s]}
        if state.trucks_on:
            seat["truck_deck"] = [state.truck[s]] + list(reversed(state.truck_deck[s]))
            seat["truck_discard"] = list(state.truck_discard[s])
        seats.append(seat)
    return {"first_player": state.first, "options": {"trucks": state.trucks_on},
            "deck_top": list(reversed(state.central)),
            "position": {"round": state.round, "supply": list(state.supply), "seats": seats}}
