"""Engine tier: a hypothesis profile sized for a 2-core CI box, and clause-coverage bookkeeping.

Set FOODPLAY_EXAMPLES=200 (say) for a long local soak; the default keeps the tier under a minute.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import foodplay.bots
from foodplay.engine import Event, Verdict
from foodplay.record import Record

settings.register_profile(
    "foodplay-engine",
    max_examples=int(os.environ.get("FOODPLAY_EXAMPLES", "25")),
    deadline=None,
    derandomize=True,  # reproducible in CI: the same examples on every run
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)


_PLAY_GAME = foodplay.bots.play_game
_BOT_GAMES: dict[tuple, tuple[Record, object]] = {}


def shared_play_game(game_id: str, players: int, seed: int, bots=("random",),
                     max_moves: int = 100_000):
    """foodplay.bots.play_game, each distinct game played once per test session: the golden
    files, the contract and the clause coverage replay the same seeded bot games. Callers get
    their own copies (record and final state), so sharing changes nothing they can see."""
    key = (game_id, players, seed, tuple(bots), max_moves)
    if key not in _BOT_GAMES:
        _BOT_GAMES[key] = _PLAY_GAME(game_id, players, seed, bots, max_moves)
    record, final = _BOT_GAMES[key]
    return Record.from_json(record.to_json()), final.clone()


# Installed before any test module imports play_game by name (conftest is imported first).
foodplay.bots.play_game = shared_play_game


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "clauses(*ids): rulebook clauses this test must see cited (or mark) to pass")


class ClauseRecorder:
    """Collects the clause ids a test exercised: cited by events or verdicts, or marked."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def events(self, events: list[Event]) -> list[Event]:
        for ev in events:
            self.seen.update(ev.clauses)
        return events

    def verdict(self, verdict: Verdict) -> Verdict:
        self.seen.add(verdict.clause)
        return verdict

    def mark(self, *ids: str) -> None:
        """For clauses proved by assertions on views or data rather than by a citation."""
        self.seen.update(ids)


@pytest.fixture
def cited(request: pytest.FixtureRequest):
    """A ClauseRecorder; at teardown, every id in the test's `clauses` marker must have been
    seen, so a test cannot claim a clause it never exercised."""
    recorder = ClauseRecorder()
    yield recorder
    marker = request.node.get_closest_marker("clauses")
    claimed = set(marker.args) if marker else set()
    missing = claimed - recorder.seen
    assert not missing, f"test claims clauses it never exercised: {sorted(missing)}"
