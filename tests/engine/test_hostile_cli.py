"""Every `foodplay` command, every argument, given hostile values: control bytes (ANSI escapes,
NUL, C1 codes), bidi overrides and isolates, empty and blank strings, 100,000 and 1,000,000
character values, option-like and numeric oddities. Each run either works or is refused in
one line (of at most LINE_CHARS characters) with exit status 2; never a traceback, a raw
control or bidi character on the terminal, or a long value repeated whole. (A record written
by `play --out` under a hostile name is then replayed by `replay` under that name: its lines
are a game's, up to OUTPUT_LINE_CHARS long.)

Run with `-s` to print the counts (inputs tried, accepted, refused in one line, tracebacks,
leaked control characters, long lines).
"""

from __future__ import annotations

import io
import json
import unicodedata
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from bot_games import bot_game

from foodplay.cli.commands import LINE_CHARS, OUTPUT_LINE_CHARS, build_parser, main

BAD_VALUES = {
    "ANSI colour": "\x1b[31mred",
    "ANSI clear screen and title": "\x1b[2J\x1b]0;pwned\x07",
    "C1 CSI": "\x9b31m",
    "NUL": "a\x00b",
    "carriage return": "ok\rFAKE",
    "newline": "line\nFAKE: line two",
    "tab and DEL": "a\tb\x7f",
    "bidi override": "\u202eevil.json",
    "bidi isolate": "\u2066x\u2069",
    "right-to-left mark": "\u200fabc",
    "line separator": "a\u2028b",
    "empty": "",
    "blank": "   ",
    "dash": "-",
    "minus one": "-1",
    "30 digits": "9" * 30,
    "5,000 digits": "9" * 5_000,
    "100,000 characters": "x" * 100_000,
    "100,000 escapes": "\x1b" * 100_000,
    "100,000 accented": "é" * 100_000,
    "50,000 emoji": "🍔" * 50_000,
    "1,000,000 characters": "q" * 1_000_000,
}
LEAK_CATEGORIES = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}
KEPT = set("\n\u200c\u200d")  # a line break, and the joiners of emoji sequences


def options(command: str) -> set[str]:
    """The options a command takes (so that one added later is swept too)."""
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    return set(commands[command]._option_string_actions)


def slots(record: str) -> dict[str, list[str]]:
    """Each argument of each command, as a command line with {} where the value goes."""
    later = {"play --position": ["play", "burg", "--quiet", "--position", "{}"]}
    return {slot: argv for slot, argv in later.items() if argv[3] in options(argv[0])} | {
        "command": ["{}"],
        "games --lang": ["games", "--lang", "{}"],
        "games extra": ["games", "{}"],
        "play game": ["play", "{}", "--quiet"],
        "play --players": ["play", "burg", "--quiet", "--players", "{}"],
        "play --seed": ["play", "burg", "--quiet", "--players", "2", "--seed", "{}"],
        "play --bots": ["play", "burg", "--quiet", "--bots", "{}"],
        "play --out": ["play", "burg", "--quiet", "--players", "2", "--out", "{}"],
        "play --lang": ["play", "burg", "--quiet", "--lang", "{}"],
        "replay file": ["replay", "{}"],
        "replay --step": ["replay", record, "--step", "{}"],
        "replay --seat": ["replay", record, "--seat", "{}"],
        "replay --lang": ["replay", record, "--lang", "{}"],
        "check file": ["check", "{}"],
        "check --lang": ["check", record, "--lang", "{}"],
        "bench game": ["bench", "{}", "--games", "1"],
        "bench --games": ["bench", "burg", "--players", "2", "--games", "{}"],
        "bench --players": ["bench", "burg", "--games", "1", "--players", "{}"],
        "rules game": ["rules", "{}"],
        "rules --search": ["rules", "burg", "--search", "{}"],
        "rules --search (ko)": ["rules", "burg", "--lang", "ko", "--search", "{}"],
        "rules --clause": ["rules", "burg", "--clause", "{}"],
        "rules --limit": ["rules", "burg", "--search", "rat", "--limit", "{}"],
        "rules --lang": ["rules", "burg", "--lang", "{}"],
        "rules --search=": ["rules", "burg", "--search={}"],
        "rules prefix option": ["rules", "burg", "--se={}"],
        "setup game": ["setup", "{}", "--players", "3"],
        "setup --players": ["setup", "burg", "--players", "{}"],
        "setup --lang": ["setup", "burg", "--players", "3", "--lang", "{}"],
    }


def run(argv: list[str]) -> tuple[int | str, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status: int | str = main(argv)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
        except BaseException as exc:  # noqa: BLE001 - counted as a traceback
            status = f"traceback: {type(exc).__name__}"
    return status, out.getvalue(), err.getvalue()


def leaked(text: str) -> list[str]:
    """The characters of `text` that a terminal would act on or draw reordered."""
    return [c for c in set(text) if c not in KEPT and unicodedata.category(c) in LEAK_CATEGORIES]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("records") / "burg.json"
    path.write_text(bot_game("burg", 2, 3, ["random"])[0].dumps(), encoding="utf-8")
    return str(path)


def test_every_command_refuses_hostile_values_in_one_clean_line(record_file, tmp_path,
                                                                monkeypatch):
    monkeypatch.chdir(tmp_path)  # `--out -` and the like write here, nowhere else
    counts: Counter[str] = Counter()
    problems: list[str] = []
    for slot, template in slots(record_file).items():
        for name, value in BAD_VALUES.items():
            argv = [arg.replace("{}", value) for arg in template]
            status, out, err = run(argv)
            counts["tried"] += 1
            where = f"{slot} = {name}"
            if isinstance(status, str):
                counts["tracebacks"] += 1
                problems.append(f"{where}: {status}")
                continue
            if leaked(out + err):
                counts["leaked"] += 1
                problems.append(f"{where}: echoes {leaked(out + err)!r}")
            longest = max(map(len, (out + err).splitlines()), default=0)
            if any(len(line) > LINE_CHARS for line in err.splitlines()) or \
                    longest > OUTPUT_LINE_CHARS or len(value) > 200 and value in out + err:
                counts["long lines"] += 1
                problems.append(f"{where}: a line of {longest}")
            if "Traceback" in out + err:
                counts["tracebacks"] += 1
                problems.append(f"{where}: a traceback")
            if status == 0:
                counts["accepted"] += 1
                if err:
                    problems.append(f"{where}: accepted, but wrote to stderr {err[:80]!r}")
            elif status == 2 and err.count("\n") == 1 and err.endswith("\n"):
                counts["refused in one line"] += 1
            else:
                counts["other"] += 1
                problems.append(f"{where}: status {status}, stderr {err[:120]!r}")
    print("\nhostile command lines:", dict(counts))
    assert problems == [], "\n".join(problems[:30])
    assert counts["tried"] == len(slots(record_file)) * len(BAD_VALUES)
    assert counts["refused in one line"] + counts["accepted"] == counts["tried"]
    # the values no command can take are all refused: the huge ones, and the empty ones
    assert counts["refused in one line"] > 0.8 * counts["tried"]


@pytest.mark.parametrize("size", [121, 100_000, 1_000_000])
@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_rules_search_over_the_limit_is_refused_at_once(capsys, monkeypatch, size, lang):
    import foodplay.teaching.search

    monkeypatch.setattr(foodplay.teaching.search.SearchIndex, "search",
                        lambda *_a, **_k: pytest.fail("searched"))
    assert main(["rules", "burg", "--lang", lang, "--search", "r" * size]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "120" in err and str(size) in err and len(err) < 300


def test_rules_search_echoes_no_escape_codes(capsys):
    assert main(["rules", "burg", "--search", "\x1b[31mrat\u202e"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "\\x1b[31mrat\\u202e" in out


def test_out_empty_is_refused_before_playing(capsys, monkeypatch, tmp_path):
    import foodplay.cli.commands

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(foodplay.cli.commands, "play_game", lambda *a: pytest.fail("game played"))
    for value in ("", "  "):
        assert main(["play", "burg", "--out", value]) == 2
        err = capsys.readouterr().err
        assert err == "foodplay play: --out is empty: give the name of the JSON file to write " \
                      "the record to\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("where", ["a folder", "a folder with a slash", "a device",
                                   "a name too long", "a NUL", "a read-only place"])
def test_out_that_cannot_be_written_is_one_line_and_nothing_is_written(capsys, monkeypatch,
                                                                       tmp_path, where):
    import foodplay.cli.commands

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(foodplay.cli.commands, "play_game", lambda *a: pytest.fail("game played"))
    path = {"a folder": str(tmp_path), "a folder with a slash": f"{tmp_path}/new/",
            "a device": "/dev/null", "a name too long": "n" * 5_000 + ".json",
            "a NUL": "a\x00.json", "a read-only place": "/proc/foodplay.json"}[where]
    assert main(["play", "burg", "--out", path]) == 2
    err = capsys.readouterr().err
    assert err.startswith("foodplay play: --out ") and err.count("\n") == 1
    assert "cannot be written there" in err and len(err) < LINE_CHARS
    assert list(tmp_path.iterdir()) == []


def test_out_is_written_whole_or_not_at_all(capsys, monkeypatch, tmp_path):
    """A failure while writing leaves the old file as it was and no temporary file behind."""
    import foodplay.cli.commands

    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")

    def full_disk(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(foodplay.cli.commands.os, "fsync", full_disk)
    assert main(["play", "burg", "--quiet", "--players", "2", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    monkeypatch.undo()
    assert main(["play", "burg", "--quiet", "--players", "2", "--out", str(target)]) == 0
    assert json.loads(target.read_text(encoding="utf-8"))["game"] == "burg"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert Path(target).stat().st_mode & 0o777 != 0o600  # the umask's mode, not a temp file's


def test_argparse_refusals_are_one_line_with_values_cut(capsys):
    for argv in (["rules", "burg", "--limit", "9" * 100_000],
                 ["rules", "burg", "--lang", "\x1b" * 100_000],
                 ["\x1b[2J" + "x" * 100_000],
                 ["games", "\u202e" * 1_000, "b"]):
        with pytest.raises(SystemExit) as raised:
            main(argv)
        err = capsys.readouterr().err
        assert raised.value.code == 2 and err.count("\n") == 1 and len(err) < LINE_CHARS, err
        assert "characters)" in err and "(see foodplay" in err and not leaked(err), err
