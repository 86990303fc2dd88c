"""`foodplay setup GAME --players N [--lang L]` (issue 30, item 1): the guide as numbered lines,
in the language asked for; an unknown game, a player count out of range, a missing count or an
unknown language is refused in one line of that language, with exit status 2."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest

from foodplay.cli.commands import LINE_CHARS, main
from foodplay.games import built_games, get_game
from foodplay.i18n.langcodes import public
from foodplay.i18n.messages import LANGUAGES
from foodplay.teaching.setup_guide import steps


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.delenv("FOODPLAY_LANG", raising=False)
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:
            status = exc.code if isinstance(exc.code, int) else 2
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", built_games())
def test_setup_prints_every_step_numbered_with_its_rule(monkeypatch, game_id, lang):
    players = get_game(game_id).max_players
    status, out, err = run(["setup", game_id, "--players", str(players), "--lang",
                            public(lang)], monkeypatch)
    assert status == 0 and err == ""
    lines = out.splitlines()
    expected = steps(game_id, players, lang)
    assert len(lines) == len(expected) + 1
    for line, step in zip(lines[1:], expected, strict=True):
        assert line.startswith(f"{step.number}. {step.text}")
        assert step.clause_number in line and step.source_label in line


def test_setup_in_english_reads_as_a_guide(monkeypatch):
    status, out, _ = run(["setup", "burg", "--players", "4"], monkeypatch)
    assert status == 0
    assert out.splitlines()[0] == "Setting up BURG for 4 players"
    assert ("6. To start the first round, the first player turns over cards from the deck until "
            "7 ingredient cards are showing. Rats turn up too, but they do not count. "
            "[Rule 1 · rulebook's own]") in out.splitlines()
    assert "[Rule G1 · tutor default]" in out.splitlines()[1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("argv", "words"), [
    (["setup", "monopoly", "--players", "3"], {"en": "unknown game 'monopoly'",
                                               "fr": "jeu inconnu", "ko": "monopoly",
                                               "pt": "jogo desconhecido", "zh": "monopoly"}),
    (["setup", "food-truck", "--players", "6"], {"en": "Food Truck is for 2 to 5 players, not 6",
                                                 "fr": "6", "ko": "6", "pt": "6", "zh": "6"}),
    (["setup", "burg", "--players", "0"], {"en": "BURG is for 2 to 5 players, not 0",
                                           "fr": "0", "ko": "0", "pt": "0", "zh": "0"}),
    (["setup", "burg"], {"en": "the following arguments are required: --players",
                         "fr": "--players", "ko": "--players", "pt": "--players",
                         "zh": "--players"}),
    (["setup", "burg", "--players", "three"], {"en": "'three'", "fr": "three", "ko": "three",
                                               "pt": "three", "zh": "three"}),
])
def test_bad_input_is_refused_in_one_line(monkeypatch, argv, words, lang):
    status, out, err = run(argv + ["--lang", public(lang)], monkeypatch)
    assert status == 2 and out == "" and err.count("\n") == 1 and len(err) < LINE_CHARS, err
    assert "Traceback" not in err and words[lang] in err, err
    if lang != "en":
        assert "unknown game" not in err and "players, not" not in err, err


def test_an_unknown_language_is_refused_naming_the_languages(monkeypatch):
    status, out, err = run(["setup", "burg", "--players", "3", "--lang", "xx"], monkeypatch)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "'xx'" in err and "pt-BR" in err
