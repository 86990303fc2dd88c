"""How a message repeats a user's value: `limits.shown` (printable, cut with an ellipsis and the
value's length, in the message's language), used by the CLI, the links and every refusal; and
the refusals' own safety net (DataError, RecordError: no value repeated whole)."""

from __future__ import annotations

import pytest

from foodplay import limits
from foodplay.data import DataError
from foodplay.i18n.messages import LANGUAGES
from foodplay.links import parse_query
from foodplay.record import Record, RecordError, replay

CODES = ["\x1b", "\x00", "\x9b", "\r", "\n", "\t", "\x7f", "\u202e", "\u2066", "\u200f", "\u2028"]
CONTROL = "\x1b[31m" + "".join(CODES)


def raw_codes(text: str) -> list[str]:
    return [c for c in CODES if c in text]


def test_a_short_value_is_shown_whole_and_quoted():
    assert limits.shown("burg") == "'burg'"
    assert limits.shown("burg", quoted=False) == "burg"
    assert limits.shown("x" * limits.SHOWN_CHARS) == "'" + "x" * limits.SHOWN_CHARS + "'"
    assert limits.shown("Zoë 👩\u200d🍳") == "'Zoë 👩\u200d🍳'"  # emoji joiners are kept
    assert limits.shown(7) == "7" and limits.shown(None) == "None"


def test_a_long_value_is_cut_with_an_ellipsis_and_its_length():
    text = limits.shown("y" * 100_000)
    assert text == "'" + "y" * (limits.SHOWN_CHARS - 1) + "…' (100000 characters)"
    assert limits.shown("y" * 41, quoted=False) == "y" * 39 + "… (41 characters)"
    assert limits.file_name("/tmp/" + "d" * 5000).endswith("… (5005 characters)")
    assert len(limits.file_name("/tmp/" + "d" * 5000)) < limits.PATH_CHARS + 25


@pytest.mark.parametrize("lang, note", [("en", "(500 characters)"), ("fr", "(500 caractères)"),
                                        ("pt", "(500 caracteres)"), ("ko", "(총 500자)"),
                                        ("zh", "（共500个字符）")])
def test_the_length_is_said_in_the_message_language(lang, note):
    assert limits.shown("z" * 500, lang=lang).endswith(note)
    assert lang in LANGUAGES


def test_control_bidi_and_separator_codes_are_escaped_never_split():
    text = limits.shown(CONTROL, 200)
    assert raw_codes(text) == []
    assert "\\x1b[31m" in text and "\\u202e" in text and "\\n" in text and "\\u2028" in text
    cut = limits.shown("\x1b" * 1000)
    assert cut == "'" + "\\x1b" * 9 + "…' (1000 characters)"  # whole escape codes only


def test_lists_objects_and_huge_numbers_are_named_not_shown():
    assert limits.shown(["a"] * 10_000) == "a list"
    assert limits.shown({"a": 1}) == "an object"
    assert limits.shown(10 ** 5000, lang="fr") == "un nombre de plus de 18 chiffres"


def test_short_values_cuts_long_reprs_and_long_runs_only():
    message = f"invalid choice: {'q' * 5000!r} (choose from 'en', 'fr')"
    short = limits.short_values(message)
    assert short == "invalid choice: '" + "q" * 39 + "…' (5000 characters) (choose from 'en', 'fr')"
    prose = "Alice can't take 'pickles': it's not her turn"
    assert limits.short_values(prose) == prose
    assert limits.short_values("options." + "Z" * 300).endswith("… (308 characters)")


def test_a_data_error_never_repeats_a_value_whole_nor_an_escape_code():
    error = DataError("options." + "Z" * 9000 + "\x1b", f"{'W' * 9000!r} is not allowed")
    assert len(str(error)) < 300 and raw_codes(str(error)) == []
    assert "(9009 characters)" in error.where and "(9000 characters)" in error.problem
    plain = DataError("names[0]", "must be a non-empty name")
    assert str(plain) == "names[0]: must be a non-empty name"


def test_an_option_named_by_a_huge_key_is_refused_in_a_short_line():
    for game in ("coffee-rush", "cuisine-a-la-card", "food-truck"):
        with pytest.raises(RecordError) as refused:
            replay(Record(game, 2, seed=1, options={"Z" * 9000 + "\x1b[2J": True}))
        text = str(refused.value)  # was 9,094 characters, the key whole
        assert len(text) < 300 and "options.ZZZ" in text and raw_codes(text) == [], text


def test_a_record_error_is_cut_to_the_message_limit():
    error = RecordError("step 3: " + "x " * 5000)
    assert len(str(error)) <= limits.MESSAGE_CHARS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_link_value_is_shown_short_in_the_link_language(lang):
    link = parse_query(f"game=burg&lang={lang}&mode=" + "\x1b" * 50_000)
    (text,) = link.problem_texts(lang)
    assert "50000" in text and "\\x1b" in text and raw_codes(text) == [] and len(text) < 300
    assert limits.shown("\x1b" * 50_000, limits.SHOWN_CHARS, lang, quoted=False) in text


LINK_VALUES = ["\x1b[2J\x1b]0;pwned\x07", "\u202eevil", "a\u2028b", "\x00", "", "%1b%5b31m",
               "x" * 60_000, "\x1b" * 20_000, "é" * 30_000, "9" * 5_000, "-1", "[]", "{}"]


def test_hostile_link_values_are_told_short_and_clean_in_every_language():
    """Every parameter a link reads (and an unknown one), each hostile value: the problems
    are said with no raw control or bidi code and no value repeated whole."""
    from urllib.parse import quote

    counts = {"tried": 0, "problems said": 0, "leaked": 0, "long": 0}
    for name in ("game", "players", "seed", "record", "scenario", "step", "seat", "lang",
                 "mode", "x" * 500):
        for value in LINK_VALUES:
            link = parse_query(f"game=burg&{quote(name)}={quote(value)}")
            for lang in LANGUAGES:
                counts["tried"] += 1
                for text in link.problem_texts(lang):
                    counts["problems said"] += 1
                    counts["leaked"] += bool(raw_codes(text))
                    counts["long"] += len(text) > 400 or len(value) > 200 and value in text
    print("\nhostile link values:", counts)
    assert counts["leaked"] == counts["long"] == 0 and counts["problems said"] > 0
