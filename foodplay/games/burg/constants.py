"""BURG's fixed tables: cards revealed and burgers to reach per player count, what each
phase asks for, each move's parameters, and who may see a seat's private event."""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 5
REVEAL_COUNT = {2: 4, 3: 5, 4: 7, 5: 8}  # rule 1
BURGER_TARGET = {2: 8, 3: 8, 4: 9, 5: 10}  # rule 6

PHASE_CLAUSE = {"reveal": "R1", "place": "R2", "tools": "R3", "take": "R4", "build": "R5",
                "final": "R7"}
PHASE_KINDS = {
    "reveal": ("reveal",),
    "place": ("place",),
    "tools": ("tool",),
    "take": ("take",),
    "build": ("start", "flip", "add", "close", "done"),
    "final": ("final", "skip"),
}
MOVE_PARAMS = {"reveal": (), "place": ("pile",), "tool": ("tool",), "take": ("pile",),
               "start": (), "flip": ("card",), "add": ("card", "burger"), "close": ("burger",),
               "done": (), "final": ("burger",), "skip": ()}
ONLY = [frozenset((seat,)) for seat in range(MAX_PLAYERS)]
"""ONLY[seat]: the seats who may see a seat's private event."""
