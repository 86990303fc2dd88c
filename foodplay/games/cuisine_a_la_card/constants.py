"""Cuisine a la Card's fixed numbers and move tables: the sizes of hand, plates and Market, the
targets, and which move kinds each decision offers and the clause each answers to."""

from __future__ import annotations

K = "cuisine-a-la-card."  # this game's part of the message catalogue
HAND_SIZE = 5  # S1, P3
MAX_PLAYERS = 4
OWN = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))  # events only one seat may see
PLATES = 3  # P1
MARKET_SIZE = 4  # S4
FRIDGE_PRICE = 1  # P4-1
TARGET = {2: 15, 3: 10, 4: 10}  # E1, S6
MORE_MEDALS_EXTRA = 3  # V2 (18 with two players), G9
FORK_USES = ("currency", "buy")
OPTIONS = {"advanced": False, "more_medals": False}

# move kind -> its details; decision (mode) -> the kinds it offers, its clause, its message
MOVE_PARAMS: dict[str, tuple[str, ...]] = {
    "warm": ("card",), "no_warm": (), "play": ("card",), "fork": ("use",), "buy": ("slot",),
    "buy_fridge": (), "buy_fork": (), "dish": ("card",), "dish_plate": ("plate",),
    "serve": ("judge",), "cancel": (), "end": (), "food_type": ("type",), "trash": ("card",),
    "no_trash": (), "retrieve": ("plate",), "no_retrieve": (), "discard": ("card",),
}
MODE_KINDS: dict[str, tuple[str, ...]] = {
    "warming": ("warm", "no_warm"),
    "play": ("play", "fork", "buy", "buy_fridge", "buy_fork", "dish", "dish_plate", "end"),
    "dish": ("dish", "dish_plate", "serve", "cancel"),
    "food_type": ("food_type",),
    "trash": ("trash", "no_trash"),
    "warm": ("warm", "no_warm"),
    "retrieve": ("retrieve", "no_retrieve"),
    "others_discard": ("discard",),
}
MODE_CLAUSE = {"warming": "P1", "play": "P2", "dish": "P2-4", "food_type": "C4", "trash": "C6",
               "warm": "Q4", "retrieve": "P1", "others_discard": "Q3"}
MODE_DECISION = {"warming": "warming", "play": "play", "dish": "dish", "food_type": "food_type",
                 "trash": "trash", "warm": "warm", "retrieve": "retrieve",
                 "others_discard": "discard"}
EFFECT_CLAUSES = {"spoons": ("C5",), "buys": ("P2-1",), "draw": ("P3",), "gain_fork": ("S2",),
                  "trash": ("C6",), "warm": ("Q4",), "retrieve": ("P1",),
                  "others_discard": ("Q3",)}
