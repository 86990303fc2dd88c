"""`foodplay play GAME --position FILE` (issue 29 item 5): bots continue a position document
or a saved record; a bad file is refused in one line naming what is wrong and where."""

from __future__ import annotations

import json

import pytest
from position_mutations import document

from foodplay.cli.commands import main
from foodplay.games import built_games
from foodplay.record import Record, replay


@pytest.mark.parametrize("game_id", built_games())
def test_bots_continue_a_position_document(game_id, tmp_path, capsys):
    start = tmp_path / "start.json"
    start.write_text(json.dumps(document(game_id)), encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["play", game_id, "--position", str(start), "--bots", "heuristic", "--quiet",
                 "--out", str(out)]) == 0, capsys.readouterr().err
    record = Record.load(out)
    state, _ = replay(record)
    assert state.is_over and record.moves
    assert record.setup["position"] == document(game_id)["position"]
    assert main(["check", str(out)]) == 0


def test_bots_continue_a_saved_record_from_its_last_move(tmp_path, capsys):
    assert main(["play", "cuisine-a-la-card", "--players", "2", "--seed", "3", "--quiet",
                 "--bots", "heuristic", "--out", str(tmp_path / "whole.json")]) == 0
    whole = Record.load(tmp_path / "whole.json")
    part = whole.cut(40)
    (tmp_path / "part.json").write_text(part.dumps(), encoding="utf-8")
    assert main(["play", "cuisine-a-la-card", "--position", str(tmp_path / "part.json"),
                 "--bots", "random", "--quiet", "--out", str(tmp_path / "on.json")]) == 0
    on = Record.load(tmp_path / "on.json")
    assert on.moves[:40] == whole.moves[:40] and len(on.moves) > 40
    assert replay(on)[0].is_over


@pytest.mark.parametrize("change, says", [
    (lambda d: d["position"]["seats"][0].update(vp=[1]), "setup.position.seats[0].vp"),
    (lambda d: d["position"].update(supply={"pizza": 1}), "setup.position.supply"),
    (lambda d: d["position"]["seats"][0].update(vp=3), "(Rule 3-4, clause R3-4)"),
    (lambda d: d.update(game="pizza"), "game"),
    (lambda d: d.update(surprise=1), "position file.surprise"),
])
def test_a_bad_position_file_is_refused_in_one_line(change, says, tmp_path, capsys):
    doc = document("food-truck")
    change(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["play", "food-truck", "--position", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and says in err


def test_the_position_must_be_of_the_game_and_seat_the_players_asked_for(tmp_path, capsys):
    path = tmp_path / "truck.json"
    path.write_text(json.dumps(document("food-truck")), encoding="utf-8")
    assert main(["play", "burg", "--position", str(path)]) == 2
    assert "holds a Food Truck position, not a BURG one" in capsys.readouterr().err
    assert main(["play", "food-truck", "--position", str(path), "--players", "3"]) == 2
    assert "which seats 2 players" in capsys.readouterr().err
    assert main(["play", "food-truck", "--position", str(tmp_path / "none.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main(["play", "food-truck", "--position", "/dev/zero"]) == 2
    assert "not a regular file" in capsys.readouterr().err
