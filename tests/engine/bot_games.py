"""Seeded bot games shared by the engine tests: each distinct game is played once per session.

The golden files, the contract, the clause coverage and the record tests replay the same seeded
games; `bot_game` plays each once and hands every caller its own copies, so sharing changes
nothing a test can see. It is `foodplay.bots.play_game` with a cache, called by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from foodplay.bots import play_game
from foodplay.engine import State
from foodplay.record import Record


@cache
def _played(game_id: str, players: int, seed: int, bots: tuple[str, ...]) -> tuple[Record, State]:
    return play_game(game_id, players, seed, bots)


def bot_game(game_id: str, players: int, seed: int, bots: Sequence[str] = ("random",),
             max_moves: int = 100_000) -> tuple[Record, State]:
    """play_game's record and final position (copies), each seeded game played once.

    Raises RuntimeError, as play_game does, when the game took more than `max_moves` moves."""
    kinds = tuple(bots) if len(bots) == players else (bots[0],) * players
    record, final = _played(game_id, players, seed, kinds)
    if len(record.moves) > max_moves:
        raise RuntimeError(f"{game_id} did not end within {max_moves} moves")
    return Record.from_json(record.to_json()), final.clone()


def played_games() -> int:
    """How many distinct games have been played so far (sharing is working when it stays low)."""
    return _played.cache_info().currsize
