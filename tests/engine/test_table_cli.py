"""`foodplay table`: a script or typed entries, refusals with their clause and the run goes on,
the record it saves accepted by `check` and `replay`; hostile values refused in one line,
never a traceback (in the style of test_hostile_cli.py)."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest
from table_games import TWO_PLAYER, table_game
from test_hostile_cli import BAD_VALUES, leaked, run

from foodplay.cli.commands import LINE_CHARS, OUTPUT_LINE_CHARS
from foodplay.companion.session import entries_of
from foodplay.record import Record, replay


def script(tmp_path, lines: list[str], name: str = "game.txt") -> str:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_a_script_is_followed_refusals_said_with_their_rule_and_saved(tmp_path):
    lines = ["# BURG, the rulebook's two-player example", ""]
    lines += [json.dumps(e) for e in TWO_PLAYER[:3]]
    lines += ['{"seat": 1, "kind": "place", "pile": 2}',  # out of turn: refused, goes on
              '{"seat": 0, "kind": "place", "pile": 2}', "undo",
              '{"seat": 0, "kind": "place", "pile": 2}', "rules rat", "rules 4"]
    out_file = tmp_path / "table.json"
    status, out, err = run(["table", "burg", "--players", "2", "--first", "1", "--script",
                            script(tmp_path, lines), "--out", str(out_file)])
    assert (status, err) == (0, "")
    said = out.splitlines()
    assert said[0] == "1. Alice: lettuce"
    assert ("Line 6: Entry 4, '{\"seat\": 1, \"kind\": \"place\", \"pile\": 2}', is refused: "
            "It is not Bob's decision now; the game is waiting for Alice. (Rule 2 · rulebook)"
            ) in said
    assert "Entry 4 undone: Alice: put it on pile 2." in said
    assert any("rules match" in line for line in said) and "Rule 4 · rulebook" in out
    assert "The script ends here, before the game is over. What comes next:" in said
    record = Record.load(out_file)
    assert record.drawn is not None and [o.card for o in record.drawn] == [
        "lettuce", "onion", "rat"]
    for command in (["check", str(out_file)], ["replay", str(out_file)],
                    ["replay", str(out_file), "--json", "--seat", "2"]):
        status, out, err = run(command)
        assert (status, err) == (0, ""), command
    assert "4 moves, unfinished" in run(["check", str(out_file)])[1]


@pytest.mark.parametrize(("game_id", "players"), [("burg", 3), ("coffee-rush", 2)])
def test_a_whole_game_by_script_ends_with_the_winner_and_the_scores(tmp_path, game_id,
                                                                      players):
    played = table_game(game_id, players, 5)
    entries = entries_of(played.record)
    first = played.record.setup["first_player"] + 1
    out_file = tmp_path / "game.json"
    status, out, err = run(["table", game_id, "--players", str(players), "--first",
                            str(first), "--script",
                            script(tmp_path, [json.dumps(e) for e in entries]),
                            "--out", str(out_file), "--lang", "fr"])
    assert (status, err) == (0, "")
    said = out.splitlines()
    assert said[-3].startswith("La partie est terminée\u00a0: ")
    assert said[-2].startswith("Scores finaux\u00a0: ")
    assert "refusée" not in out
    state, _ = replay(Record.load(out_file))
    assert state.is_over and state.scores() == list(played.scores)


def test_typed_entries_numbers_and_commands(monkeypatch):
    typed = ["1", "2", "undo", "choices", "99", "{oops", "rules", "rules rat", "quit"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    status, out, err = run(["table", "burg", "--players", "2", "--first", "2"])
    assert (status, err) == (0, "")
    said = out.splitlines()
    assert said[0] == ("Bob reveals cards until 4 ingredients are out (0 so far): which card "
                       "came up?")
    assert said[1].startswith("  1. Bob: top bun    ") and said[1].endswith(
        '{"seat": 1, "kind": "reveal", "card": "top_bun"}')
    assert [line.split(".")[0] for line in said[1:10]] == [f"  {n}" for n in range(1, 10)]
    assert "Entry 2 undone: Bob: patty." in out.replace("> ", "")
    assert "There is no choice 99: type a number from 1 to 9, or a JSON entry." in out
    assert "is not readable JSON" in out


def test_first_counts_from_one_and_bad_arguments_are_one_line(tmp_path):
    assert run(["table", "burg", "--players", "2", "--first", "2", "--script",
                script(tmp_path, [])])[1].splitlines()[-1].startswith("Bob reveals")
    for argv, words in [
            (["table", "burg", "--players", "2", "--first", "3"], "--first 3"),
            (["table", "burg", "--players", "2", "--first", "0"], "--first"),
            (["table", "burg", "--players", "9"], "2 to 5"),
            (["table", "chess", "--players", "2"], "chess"),
            (["table", "burg"], "--players"),
            (["table", "burg", "--players", "2", "--script", str(tmp_path)], "file"),
            (["table", "burg", "--players", "2", "--out", ""], "--out")]:
        status, out, err = run(argv)
        assert status == 2 and err.count("\n") == 1 and words in err, (argv, err)


def test_hostile_values_in_every_argument_and_script_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    good = script(tmp_path, [json.dumps(e) for e in TWO_PLAYER[:2]], "good.txt")
    slots = {
        "game": ["table", "{}", "--players", "2", "--script", good],
        "--players": ["table", "burg", "--players", "{}", "--script", good],
        "--first": ["table", "burg", "--players", "2", "--first", "{}", "--script", good],
        "--script": ["table", "burg", "--players", "2", "--script", "{}"],
        "--out": ["table", "burg", "--players", "2", "--script", good, "--out", "{}"],
        "--lang": ["table", "burg", "--players", "2", "--script", good, "--lang", "{}"],
    }
    counts: Counter[str] = Counter()
    problems = []
    for slot, template in slots.items():
        for name, value in BAD_VALUES.items():
            status, out, err = run([a.replace("{}", value) for a in template])
            counts["tried"] += 1
            where = f"{slot} = {name}"
            if isinstance(status, str) or "Traceback" in out + err:
                problems.append(f"{where}: {status}")
            elif leaked(out + err):
                problems.append(f"{where}: echoes {leaked(out + err)!r}")
            elif status == 2 and err.count("\n") == 1 and len(err) <= LINE_CHARS + 1:
                counts["refused in one line"] += 1
            elif status == 0 and not err:
                counts["accepted"] += 1
            else:
                problems.append(f"{where}: status {status}, stderr {err[:100]!r}")
    for name, value in BAD_VALUES.items():  # as a script line, and as a card in an entry
        entry = json.dumps({"seat": 0, "kind": "reveal", "card": value})
        for line in (value, entry):
            path = script(tmp_path, [line], "hostile.txt")
            status, out, err = run(["table", "burg", "--players", "2", "--script", path])
            counts["script lines tried"] += 1
            longest = max(map(len, out.splitlines()), default=0)
            if status == 2 and err.count("\n") == 1 and len(err) <= LINE_CHARS + 1:
                counts["script files refused in one line"] += 1  # over SCRIPT_BYTES
            elif status != 0 or err or leaked(out) or longest > OUTPUT_LINE_CHARS or \
                    len(value) > 200 and value in out:
                problems.append(f"script line {name}: status {status}, {err[:80]!r}")
            elif "is refused" in out or not value.strip():
                counts["script lines refused"] += 1
    print("\nfoodplay table, hostile values:", dict(counts))
    assert problems == [], "\n".join(problems[:20])
    assert counts["refused in one line"] > 0.6 * counts["tried"]


def test_ctrl_c_at_the_prompt_stops_and_still_saves(monkeypatch, tmp_path):
    answers = iter(["1"])

    def typed(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr("builtins.input", typed)
    out_file = tmp_path / "stopped.json"
    status, out, err = run(["table", "burg", "--players", "2", "--first", "1", "--out",
                            str(out_file)])
    assert (status, err) == (0, "") and "Traceback" not in out
    assert len(Record.load(out_file).drawn) == 1
