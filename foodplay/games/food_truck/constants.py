"""Food Truck's fixed tables: the target, what each phase asks for, each move's parameters, the
truck effects' clauses, the options, and who may see a seat's private event."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 5
GAME_ID = "food-truck"
TARGET, TARGET_FIVE = 3, 2  # victory points to win (R0, R3-4)

PHASE_CLAUSE = {"prepare": "R1-2", "turn": "R2", "clash": "R2-3", "pick": "R2-4"}
PHASE_KINDS = {
    "prepare": ("order",),
    "turn": ("reveal", "swap", "recall"),
    "clash": ("go_out", "detour", "cover", "rush"),
    "pick": ("pick",),
}
MOVE_PARAMS = {"order": ("card",), "reveal": (), "swap": (), "recall": ("card", "target"),
               "go_out": (), "detour": (), "cover": ("target",), "rush": (), "pick": ("card",)}
BEFORE_REVEAL = ("swap", "recall")  # used on your turn, just before you reveal (G2)
AT_CLASH = ("detour", "cover", "rush")  # used when a reveal would put you out (G2)
TRUCK_CLAUSE = {"swap": "G2-1", "detour": "G2-2", "recall": "G2-3", "cover": "G2-4",
                "rush": "G2-5"}
OPTIONS = {"trucks": True}

# A served stack is [card, count, face_down]; a count above 1 makes it a pile.
CARD, COUNT, DOWN = 0, 1, 2
ONLY = [frozenset((seat,)) for seat in range(MAX_PLAYERS)]
"""ONLY[seat]: the seats who may see a seat's private event."""
