"""Engine tier: a hypothesis profile sized for a 2-core CI box, and clause-coverage bookkeeping.

Seeded bot games are shared through `bot_games.bot_game` (played once per session).

Set FOODPLAY_EXAMPLES=200 (say) for a long local soak; the default keeps the tier under a minute.
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import HealthCheck, settings

from foodplay.engine import Event, Verdict

settings.register_profile(
    "foodplay-engine",
    max_examples=int(os.environ.get("FOODPLAY_EXAMPLES", "25")),
    deadline=None,
    derandomize=True,  # reproducible in CI: the same examples on every run
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)


# The tier keeps many played games in session caches (shared by the tests), and the collector's
# default thresholds then run a full collection every few hundred thousand allocations: about a
# tenth of the tier's CPU went to scanning those caches again. Engine objects are freed by
# reference counting; collections still run, just less often. Widget and browser tests keep
# the default thresholds.
ENGINE_GC_THRESHOLDS = (50_000, 20, 10)


@pytest.fixture(autouse=True)
def fewer_garbage_collections():
    """The engine tier's collector thresholds, the default ones restored after each test."""
    before = gc.get_threshold()
    gc.set_threshold(*ENGINE_GC_THRESHOLDS)
    yield
    gc.set_threshold(*before)


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
