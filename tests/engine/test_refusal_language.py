"""No English in a translated refusal (issue 28, item 5): every hostile record, position,
component set and share link of `refusal_corpus` that the tutor refuses reads, in ko, fr, pt
and zh, without an English stopword outside the field paths and the user's own values; and
the keyed refusal still reads in English as before (`str(exc)`)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from refusal_corpus import LANGS, english_words, figures

from foodplay.cli import commands as cli
from foodplay.data import DataError, Say, refusal_text
from foodplay.record import Record, RecordError


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_inputs_are_refused_without_english(lang: str) -> None:
    found = figures(lang)
    assert sum(found["read"].values()) > 9000, "the corpus refused too little to mean much"
    assert found["english"] == {}, "English in translated refusals:\n" + \
        "\n".join(found["examples"][:20])


def test_the_english_words_are_found_where_a_refusal_is_english() -> None:
    """The check itself: an English refusal is caught, a translated one with field paths,
    quoted values and name lists is not."""
    assert english_words("setup.seed: must be a whole number") == {"must", "be"}
    assert english_words("setup.position.seats[0].in_progress : doit être une liste, et non "
                         "'the game' ; utilisez hand, deck, waiting") == set()


def test_a_keyed_refusal_is_english_as_before_and_translated_when_shown() -> None:
    error = DataError("setup.position.seats[0].rat_tokens", Say("data.whole_number", minimum=0))
    assert str(error) == "setup.position.seats[0].rat_tokens: must be a whole number of at least 0"
    assert error.text("fr") == ("setup.position.seats[0].rat_tokens\u00a0: doit être un nombre "
                                "entier d’au moins 0")
    assert error.text("ko").startswith("setup.position.seats[0].rat_tokens: ")
    # a call site not converted yet falls back to its English problem
    assert DataError("x", "is odd").text("zh") == "x: is odd"
    assert refusal_text(KeyError("k"), "fr") == "'k'"


def test_a_long_value_in_a_refusal_is_cut_in_the_refusal_language() -> None:
    with pytest.raises(RecordError) as raised:
        Record.loads('{"format": "' + "x" * 5000 + '"}')
    assert "5000" in raised.value.text("fr") and "caract" in raised.value.text("fr")
    assert not english_words(raised.value.text("pt"))


@pytest.mark.parametrize("lang", ("ko", "zh"))
@pytest.mark.parametrize("command", ("check", "replay"))
def test_check_and_replay_say_a_malformed_record_in_the_asked_language(
        lang: str, command: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "foodplay.record/1", "game": "burg", "players": 9, "seed": 1}',
                    encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert cli.main([command, str(path), "--lang", lang]) == cli.EXIT_BAD_INPUT
    said = err.getvalue()
    assert "players" in said and not english_words(said), said
