"""The app opens a record saved by an earlier release under the rules it was played by
(issue 29 item 4): every step shows, the set-up says which rules it follows, and nothing
fails on the way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from html_text import plain

from foodplay.i18n.messages import catalogue
from foodplay.record import Record
from foodplay_widgets.app.tutor import App

ROOT = Path(__file__).parent.parent / "engine" / "records"
MANIFEST = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
PICKED = ["cuisine-a-la-card/v1/2026-11-29-2p-seed11.json",
          "cuisine-a-la-card/v2/2026-12-02-2p-seed211.json",
          "burg/v1/2026-11-29-2p-seed11.json", "food-truck/v1/2026-12-01-2p-seed111.json",
          "coffee-rush/v1/2026-12-02-2p-seed211.json"]


@pytest.mark.parametrize("name", PICKED)
def test_the_app_steps_through_a_released_record(name):
    record = Record.load(ROOT / name)
    app = App(record, game=record.game, env={}, lazy=False, lang="fr")
    assert app.timeline.last == MANIFEST[name]["moves"]
    for step in range(0, app.timeline.last + 1, max(1, app.timeline.last // 12)):
        app.go(step)
        assert plain(app.explanation.html.value)
    app.go(app.timeline.last)
    assert app.timeline.state.scores() == MANIFEST[name]["scores"]
    assert app.errors.errors == []
    app.go(0)
    if "cuisine" in name:  # the set-up says a version 1 game follows the old rules
        notice = catalogue(app.game.package_dir, "fr").format(
            "cuisine-a-la-card.setup.rules_v1", {})
        assert (notice.split(":")[0].strip() in plain(app.explanation.html.value)) == \
            ("/v1/" in name)
