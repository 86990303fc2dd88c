"""`foodplay check` and `replay` on hostile files: every cause gives exit status 2 and one short
line naming what is wrong and where, never a traceback, a hang or an echo of a huge value."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bot_games import bot_game

from foodplay.cli.commands import LINE_CHARS, main
from foodplay.limits import NAME_CHARS, RECORD_BYTES
from foodplay.record import Record

SHORT_GAMES = {"burg": 2, "cuisine-a-la-card": 2}


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    """One short bot game per game used below, as raw JSON."""
    return {game: json.loads(bot_game(game, players, 3, ["random"])[0].dumps())
            for game, players in SHORT_GAMES.items()}


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """Fail, rather than hang, if a command blocks (a FIFO, /dev/zero)."""
    def stop(*_: object) -> None:
        raise TimeoutError("the command hung")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def refused(capsys: pytest.CaptureFixture, command: str, path: Path | str, *words: str) -> str:
    """Run `command` on `path`: exit 2, one short line on stderr naming `words`, no output."""
    status, out, err = run(capsys, command, str(path))
    assert status == 2, (status, err[:500])
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert "Traceback" not in err and len(err) <= LINE_CHARS + 1
    assert "\x1b" not in err and "\u202e" not in err
    assert err.startswith(f"foodplay {command}: ")
    for word in words:
        assert word in err, (word, err)
    return err


def edited(game: str, change: Callable[[dict], object]) -> Callable[[dict], bytes]:
    def build(records: dict[str, dict]) -> bytes:
        data = json.loads(json.dumps(records[game]))
        change(data)
        return json.dumps(data).encode()
    return build


def text(raw: str) -> Callable[[dict], bytes]:
    return lambda _: raw.encode()


HEAD = '{"format": "foodplay.record/1", "game": "burg", "players": 2, '
CAUSES = {
    "non-UTF-8 bytes": (lambda r: b"\xff\xfe" + json.dumps(r["burg"]).encode(),
                        ["not UTF-8 text", "byte 0"]),
    "latin-1 name": (lambda r: json.dumps(r["burg"] | {"names": ["Zoë", "Bob"]},
                                          ensure_ascii=False).encode("latin-1"),
                     ["not UTF-8 text"]),
    "nesting 5000 deep": (text(HEAD + '"seed": 1, "setup": ' + "[" * 5000 + "]" * 5000 + "}"),
                          ["levels deep"]),
    "nesting 900 deep": (text(HEAD + '"seed": 1, "options": ' + '{"a":' * 900 + "1"
                              + "}" * 901), ["options.a.a", "levels deep"]),
    "integer of 5000 digits": (text(HEAD + '"seed": ' + "9" * 5000 + "}"),
                               ["more than 18 digits"]),
    "integer of 30 digits": (text(HEAD + '"seed": ' + "9" * 30 + "}"), ["digits"]),
    "NaN": (text(HEAD + '"seed": NaN}'), ["NaN"]),
    "superscript step key": (edited("burg", lambda d: d.update(narration={"²": "x"})),
                             ["narration.²", "step number"]),
    "superscript annotation key": (edited("burg", lambda d: d.update(annotations={"²": "x"})),
                                   ["annotations.²", "step number"]),
    "superscript seat key": (edited("cuisine-a-la-card", lambda d: d.update(
        seed=None, setup={"seed": 1, "medals": {"²": 1}})), ["setup.medals.²", "seat"]),
    "game as a list": (edited("burg", lambda d: d.update(game=["burg"])),
                       ["game: must be one of", "not a list"]),
    "game as an object": (edited("burg", lambda d: d.update(game={"id": "burg"})),
                          ["game: must be one of", "not an object"]),
    "huge game id": (edited("burg", lambda d: d.update(game="b" * 9000)), ["game:", "…"]),
    "deck_top item a list": (edited("burg", lambda d: d.update(setup={"deck_top": [["patty"]]})),
                             ["setup.deck_top[0]", "not a card"]),
    "deck_top item an object": (edited("burg", lambda d: d.update(setup={"deck_top": [{}]})),
                                ["setup.deck_top[0]"]),
    "deck_top item a number": (edited("burg", lambda d: d.update(setup={"deck_top": [7]})),
                               ["setup.deck_top[0]"]),
    "setup.seed a list": (edited("burg", lambda d: d.update(seed=None, setup={"seed": [1]})),
                          ["setup.seed", "whole number"]),
    "lone surrogate in a name": (text(json.dumps({**json.loads(HEAD + '"seed": 1}'),
                                                  "names": ["\ud800", "Bob"]})),
                                 ["names[0]", "lone surrogate"]),
    "ANSI escape in a name": (edited("burg", lambda d: d.update(names=["\x1b[31mEve", "Bob"])),
                              ["names[0]", "control character", "U+001B"]),
    "bidi override in a name": (edited("burg", lambda d: d.update(names=["\u202eEve", "Bob"])),
                                ["names[0]", "U+202E"]),
    "long name": (edited("burg", lambda d: d.update(names=["n" * (NAME_CHARS + 1), "Bob"])),
                  ["names[0]", f"more than {NAME_CHARS} characters"]),
    "3 MB name": (edited("burg", lambda d: d.update(names=["n" * 3_000_000, "Bob"])),
                  [f"larger than {RECORD_BYTES} bytes"]),
    "first_player true": (edited("burg", lambda d: d.update(setup={"first_player": True})),
                          ["setup.first_player"]),
    "escape codes in a move": (edited("burg", lambda d: d["moves"][0].update(
        pile="\x1b[2J\u202e" + "x" * 5000)), ["step 1", "not allowed"]),
    "too many moves": (edited("burg", lambda d: d.update(moves=[d["moves"][0]] * 5001)),
                       ["moves: has", "the most a record may have is 5000"]),
    "3,000,000 copies of a card": (edited("burg", lambda d: d.update(components={
        **json.loads((Path("foodplay/games/burg/data/components.json")).read_text()),
        "cards": [{"id": "bottom_bun", "role": "bottom_bun", "count": 3_000_000}]})),
        ["components: cards[0].count", "3000000 copies", "the most is 500"]),
}


@pytest.mark.parametrize("command", ["check", "replay"])
@pytest.mark.parametrize("cause", list(CAUSES))
def test_a_hostile_record_is_one_line_and_exit_status_2(capsys, tmp_path, records, command,
                                                        cause):
    build, words = CAUSES[cause]
    path = tmp_path / "hostile.json"
    path.write_bytes(build(records))
    refused(capsys, command, path, *words)


@pytest.mark.parametrize("command", ["check", "replay"])
def test_devices_pipes_and_folders_are_refused_unread(capsys, tmp_path, command):
    refused(capsys, command, "/dev/zero", "/dev/zero", "not a regular file")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    refused(capsys, command, fifo, "pipe.json", "not a regular file")
    refused(capsys, command, tmp_path, "not a regular file")
    refused(capsys, command, tmp_path / "missing.json", "missing.json", "cannot be read")


@pytest.mark.parametrize("command", ["check", "replay"])
def test_a_50_mb_record_is_refused_before_it_is_read(capsys, tmp_path, records, command,
                                                     monkeypatch):
    path = tmp_path / "big.json"
    with path.open("wb") as handle:  # sparse: 50 MB long, a valid record's start
        handle.write(json.dumps(records["burg"])[:-1].encode() + b', "title": "')
        handle.truncate(50_000_000)
    import foodplay.limits

    monkeypatch.setattr(foodplay.limits, "open", lambda *a, **k: pytest.fail("file opened"),
                        raising=False)
    refused(capsys, command, path, "big.json", f"larger than {RECORD_BYTES} bytes")


def test_a_file_name_with_escape_codes_is_printed_escaped(capsys, tmp_path, records):
    path = tmp_path / "a\x1b[31mb.json"
    path.write_text(json.dumps(records["burg"]), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 0 and "\x1b" not in out and "a\\x1b[31mb.json" in out


def test_replay_prints_names_at_the_limit_and_no_control_codes(capsys, tmp_path, records):
    data = records["burg"] | {"names": ["é" * NAME_CHARS, "Bob\u200d🍔"]}
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path), "--step", "3")
    assert status == 0 and err == ""
    assert "é" * NAME_CHARS in out and "Bob\u200d🍔" in out
    assert all(c.isprintable() or c in "\n\u200d" for c in out)


def test_play_out_into_a_missing_folder_is_refused_before_playing(capsys, tmp_path,
                                                                  monkeypatch):
    import foodplay.cli.commands

    monkeypatch.setattr(foodplay.cli.commands, "play_game", lambda *a: pytest.fail("game played"))
    target = tmp_path / "no" / "such" / "g.json"
    status, out, err = run(capsys, "play", "burg", "--out", str(target))
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "--out" in err and "does not exist" in err and str(target.parent) in err
    status, out, err = run(capsys, "play", "burg", "--out", str(tmp_path))
    assert status == 2 and "cannot be written there" in err
    assert not (tmp_path / "no").exists()


def test_burg_refuses_first_player_true_like_the_other_games():
    for game in ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck"):
        record = Record(game, 2, setup={"seed": 1, "first_player": True})
        with pytest.raises(Exception) as raised:
            record.new_state()
        assert "setup.first_player" in str(raised.value), game


def test_a_fault_of_the_tutor_is_still_one_line_without_a_traceback(capsys, tmp_path, records,
                                                                    monkeypatch):
    import foodplay.cli.commands

    def broken(*_: object) -> None:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(foodplay.cli.commands, "replay", broken)
    path = tmp_path / "g.json"
    path.write_text(json.dumps(records["burg"]), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 1 and out == "" and err.count("\n") == 1
    assert "TypeError" in err and "fault in the tutor" in err and "Traceback" not in err


def test_a_huge_number_option_is_not_echoed(capsys):
    with pytest.raises(SystemExit) as raised:
        main(["play", "burg", "--seed", "9" * 5000])
    err = capsys.readouterr().err
    assert raised.value.code == 2 and "at most 18 digits" in err and len(err) < 400
