"""Engine tier: a hypothesis profile sized for a 2-core CI box, and clause-coverage bookkeeping.

Seeded bot games are shared through `bot_games.bot_game` (played once per session).

Set FOODPLAY_EXAMPLES=200 (say) for a long local soak; the default keeps the tier under a minute.
"""

from __future__ import annotations

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
