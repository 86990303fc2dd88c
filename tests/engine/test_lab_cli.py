"""`foodplay tournament`: each seat's win rate with a 95% interval, the CSV, and refusals."""

from __future__ import annotations

import csv
import re

import pytest

from foodplay.cli.commands import main
from foodplay.lab import tournament


def run(argv, capsys):
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own refusals end the program
        status = exc.code
    out, err = capsys.readouterr()
    return status, out, err


def test_prints_each_seats_win_rate_with_an_interval_and_writes_one_csv_line_per_game(
        capsys, tmp_path):
    path = tmp_path / "results.csv"
    status, out, err = run(["tournament", "food-truck", "--players", "3", "--bots",
                            "heuristic,random,random", "--games", "30", "--seed", "4",
                            "--workers", "2", "--out", str(path)], capsys)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "Food Truck, 3 players, 30 games (seeds 4 to 33):"
    seat = re.compile(r"  seat (\d) \((\w+)\): won ([\d.]+)% of the games "
                      r"\(95% interval ([\d.]+)% to ([\d.]+)%\)")
    found = [seat.fullmatch(line) for line in lines[1:4]]
    assert all(found), out
    assert [(m[1], m[2]) for m in found] == [("1", "heuristic"), ("2", "random"),
                                             ("3", "random")]
    assert all(float(m[4]) <= float(m[3]) <= float(m[5]) for m in found)
    assert sum(float(m[3]) for m in found) == pytest.approx(100, abs=0.2)
    assert lines[4] == f"Wrote 30 games to {path}, one per line"
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    expected = tournament("food-truck", 3, ["heuristic", "random", "random"], games=30,
                          seed=4, progress=False).rows
    assert [int(r["seed"]) for r in rows] == list(range(4, 34))
    assert [r["winner"] for r in rows] == [" ".join(str(s + 1) for s in e.winners)
                                           for e in expected]
    assert [int(r["length"]) for r in rows] == [e.length for e in expected]
    assert rows[0]["bots"] == "heuristic,random,random" and "clause_R0" in rows[0]


def test_speaks_the_learners_language(capsys):
    status, out, _ = run(["tournament", "food-truck", "--games", "4", "--lang", "fr"], capsys)
    assert status == 0
    assert out.startswith("Food Truck, 2 joueurs, 4 parties (graines 1 à 4)\u00a0:")
    assert "place 1 (heuristic)\u00a0: " in out and "\u00a0% de parties gagnées" in out


@pytest.mark.parametrize(("argv", "said"), [
    (["chess"], "unknown game 'chess'"),
    (["burg", "--players", "9"], "BURG is for 2 to 5 players, not 9"),
    (["burg", "--bots", "heuristic,clever"], "--bots takes one of heuristic, random"),
    (["burg", "--games", "0"], "--games must be at least 1"),
    (["burg", "--workers", "0"], "--workers must be at least 1"),
    (["burg", "--games", "lots"], "must be a whole number"),
    (["burg", "--workers", "2", "--dask", "local"], "not allowed with argument --workers"),
    (["burg", "--dask", " "], "--dask is empty"),
    (["burg", "--out", ""], "--out is empty"),
    (["burg", "--out", "/no/such/folder/r.csv"], "the folder /no/such/folder does not exist"),
])
def test_bad_arguments_are_refused_in_one_line(capsys, argv, said):
    status, out, err = run(["tournament", *argv], capsys)
    assert status == 2 and out == ""
    assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_refusals_follow_the_language(capsys):
    status, _, err = run(["tournament", "burg", "--workers", "0", "--lang", "ko"], capsys)
    assert status == 2 and "--workers는 1 이상이어야 해요" in err
