"""A record's narration (issue 29): each key is a message of the game that needs no details,
since a record gives none; `foodplay check` refuses any other, naming the step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foodplay.cli.commands import main
from foodplay.games import built_games, get_game
from foodplay.record import Record, RecordError
from foodplay.timeline import Timeline

SCENARIO = get_game("burg").package_dir / "data" / "scenarios" / "two-player-reveal.json"


def _with(narration: dict, tmp_path: Path) -> Path:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["narration"] = narration
    path = tmp_path / "narrated.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("key, says", [
    ("burg.build.rats", "needs details a record cannot give ({count} in en)"),
    ("burg.refuse.already_chose", "needs details"),
    ("ui.summary.sub", "needs details"),
    ("cuisine-a-la-card.setup.rules_v1", "is no message of BURG"),
    ("burg.scenario.nothing", "is no message of BURG"),
])
def test_check_refuses_a_narration_key_the_app_cannot_show(key, says, tmp_path, capsys):
    assert get_game("burg").catalogue().has(key) == ("needs" in says)
    assert main(["check", str(_with({"3": key}, tmp_path))]) == 2
    err = capsys.readouterr().err
    assert "narration.3" in err and "step 3's narration" in err and says in err


def test_a_narration_that_stands_alone_is_kept_and_shown(tmp_path, capsys):
    path = _with({"0": "burg.scenario.two_player.n0", "2": "burg.scenario.two_player.n1"},
                 tmp_path)
    assert main(["check", str(path)]) == 0, capsys.readouterr().err
    record = Record.load(path)
    Timeline(record)
    cat = get_game("burg").catalogue("ko")
    assert all(cat.format(k) for k in record.narration.values())


def test_every_shipped_scenario_and_lesson_narration_stands_alone():
    for game_id in built_games():
        folder = get_game(game_id).package_dir / "data" / "scenarios"
        for path in sorted(folder.glob("*.json")):
            try:
                Record.load(path)
            except RecordError as exc:  # pragma: no cover - the message says which
                pytest.fail(f"{path.name}: {exc}")
