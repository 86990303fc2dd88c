"""Food Truck: order meals in secret, serve them in turn, drop out on a meal already served.

The Game, `FoodTruckGame` (one instance: `GAME`), which starts games from a seed, options, a
setup and a position. Clause ids are those of the clause catalogue data/rulebook.json, the
reference for each clause's text and provenance: R0-R3 number the rulebook's setup and round
phases (shown as "0-1", "2-3", ...; the catalogue says which come from the published game or the
tutor), D1-D6 the tutor's readings, G1-G4 the tutor's defaults, with G2-1 to G2-5 for the five
truck effects.
"""

from __future__ import annotations

from foodplay.data import DataError, Say, require
from foodplay.engine import DEFAULT_NAMES, Credits, Game, NewGame, event
from foodplay.games.food_truck.constants import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from foodplay.games.food_truck.position import apply as apply_position
from foodplay.games.food_truck.state import FoodTruckState
from foodplay.position import TRUE_OR_FALSE, stack_top


class FoodTruckGame(Game):
    id = GAME_ID
    title = "Food Truck"
    credits = Credits("Florian Fay", "Gigamic", 2022)
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = "1"
    options = OPTIONS
    # a table's chance entries: the supply dealt from the central deck, a truck card turned
    # up, and the card a player flips from their own draw pile, whose order is secret (G3)
    chance_kinds = {"central": "supply", "trucks": "truck", "pile": "reveal"}
    chance_clauses = {"central": "R3-3", "trucks": "R1-1", "pile": "R1-2"}
    # a secret choice the table never enters: the companion stacks each pile in an arbitrary
    # order, and the order comes out as the table names each flipped card
    secret_kinds = ("order",)

    def set_up(self, new: NewGame) -> FoodTruckState:
        players, seed, setup = new.players, new.seed, new.setup
        options, components, names = new.options, new.components, new.names
        options = dict(options or {})
        for name in options:
            require(name in OPTIONS, f"options.{name}",
                    Say("position.not_option_of", title="Food Truck",
                        options=", ".join(OPTIONS)))
        trucks = options.get("trucks", True)
        require(isinstance(trucks, bool), "options.trucks", TRUE_OR_FALSE)
        comp = self.components(components)
        require(len(comp.desserts) >= players, "components: desserts",
                Say("position.truck.desserts", count=len(comp.desserts), players=players))
        require(names is None or (isinstance(names, list) and len(names) == players),
                "names", Say("position.name_list", players=players))
        setup = dict(setup or {})
        rng = self.seeded_rng(seed, setup)
        state = FoodTruckState(self, players, comp, rng, list(names or DEFAULT_NAMES[:players]),
                               trucks)
        state.chance = new.chance  # before the first deal: at a real table, the table's cards
        central = comp.central_deck()
        rng.shuffle(central)
        name = "central_top" if "central_top" in setup else "deck_top"  # the old name too
        top = setup.pop(name, [])
        state.central = stack_top(central, top, f"setup.{name}", "central deck")
        fixed = setup.pop("trucks", None)
        require(fixed is None or (isinstance(fixed, list) and len(fixed) == players),
                "setup.trucks", Say("position.truck.effects", players=players))
        for s in range(players):
            deck = list(comp.trucks)
            rng.shuffle(deck)
            state.truck_deck[s] = stack_top(deck, fixed[s] if fixed else [],
                                             f"setup.trucks[{s}]", "truck deck") \
                if trucks else []
        staged = setup.pop("position", None)
        if staged is not None:  # any position as data: the start of a later round
            apply_position(state, staged, central, top)
        first = setup.pop("first_player", None)
        setup.pop("seed", None)
        self.no_other_settings(setup, "deck_top, trucks, position, first_player, seed")
        first, chosen = self.first_seat(first, players, rng)
        why = "food-truck.setup.first_chosen" if chosen else "food-truck.setup.first_seed"
        state.first = first
        events = state.setup_events
        for s in range(players):
            events.append(event("food-truck.setup.seat", ("R0-2", "G1"), seat=s,
                                cards=list(comp.starting), dessert=state.dessert[s]))
        if trucks:
            events.append(event("food-truck.setup.trucks", ("R0-1", "G2"),
                                count=len(comp.trucks), trucks=list(comp.trucks)))
        else:
            events.append(event("food-truck.setup.no_trucks", "G4"))
        events.append(event("food-truck.setup.central", ("R0-3", "G1"), count=len(central),
                            label=comp.label))
        if staged is None:
            state._deal_supply(events, "R0-3")
        else:
            events.append(event("food-truck.setup.position", ("R1", "R3-3"),
                                round=state.round + 1, cards=list(state.supply),
                                count=len(state.central)))
        events.append(event("food-truck.setup.target" + (".five" if players == 5 else ""),
                            "R0", target=state.target))
        events.append(event(why, "R0-4", seat=first))
        state._start_round(events)
        return state


GAME = FoodTruckGame()
__all__ = ["GAME", "FoodTruckGame", "FoodTruckState", "DataError"]
