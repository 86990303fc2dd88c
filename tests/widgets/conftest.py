"""Widget tests without a browser: build the tutor in plain Python, click, read values."""

from __future__ import annotations

import os
import tempfile

# keep matplotlib's cache out of the home folder (it reads this when first imported)
os.environ.setdefault("MPLCONFIGDIR", tempfile.mkdtemp(prefix="fp-mpl-"))

import comm  # noqa: E402
import pytest  # noqa: E402

from foodplay_widgets.app.tutor import App  # noqa: E402
from foodplay_widgets.pages.worked_examples import load_scenario  # noqa: E402

# comm's own factories. Importing ipykernel.ipkernel (the workaround guards do) replaces them
# with ipykernel's, whose comms have no kernel outside one, so that widgets made afterwards in
# the same process send nothing: a test run after it (xdist orders files freely) saw no update.
COMM_FACTORIES = (comm.create_comm, comm.get_comm_manager)


@pytest.fixture(autouse=True)
def comm_factories():
    """Each widget test starts from comm's own factories, whatever a test before it imported."""
    comm.create_comm, comm.get_comm_manager = COMM_FACTORIES
    yield


@pytest.fixture
def app() -> App:
    """A 3-player game the bots played from seed 7, watched from the set-up."""
    a = App(players=3, seed=7, step=0, env={})
    yield a
    assert a.errors.errors == [], a.errors.errors[0]


@pytest.fixture
def two_player():
    return load_scenario("burg", "two-player-reveal")


@pytest.fixture
def lone_tongs():
    return load_scenario("burg", "three-player-lone-tongs")
