"""French, Portuguese and Chinese read by a native reviewer, beyond the line patterns of the
shared native-text test (tests/engine/test_native_text.py, with native_defects.py): the patterns
catch the defects of issue 28 in its own sample lines, the forbidden terms agree with the
glossaries, a third-person transcript's move labels never say "you", and a refused record
speaks the learner's language.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest
from native_defects import FORBIDDEN, GAMES
from test_native_text import hits, transcript

from foodplay.cli import commands as cli
from foodplay.games import get_game
from foodplay.i18n import glossary

LANGS = ("fr", "pt", "zh")
# English words that never belong in a French or Portuguese refusal (whole words).
ENGLISH = {"the", "is", "not", "allowed", "under", "clause", "step", "move", "now", "game",
           "waiting", "decision", "it", "for", "and", "of"}
# Lines of issue 28, each with a defect the patterns must catch (as a Cuisine or BURG line).
ISSUE_LINES = {
    "fr": [("cuisine-a-la-card", "0 hamburgers sur 8 sont complets et il reste 163 cartes :"),
           ("cuisine-a-la-card", "Carol a fini ; la carte inutilisée (1) va face cachée."),
           ("cuisine-a-la-card", "Le plat : 1 ingrédient, pour un total de 1 points de repas."),
           ("cuisine-a-la-card", "Entrecôte est de cuisine Américaine."),
           ("burg", "Bob joue Thé.")],
    "pt": [("burg", "1 de 8 hambúrgueres estão completos."),
           ("cuisine-a-la-card", "Bob termina com 1 medalhas."),
           ("food-truck", "A Pizza de Bob choca com a de Alice.")],
    "zh": [("cuisine-a-la-card", "Bob吃掉的材料最多（4 种），获胜。"),
           ("cuisine-a-la-card", "+1货币"),
           ("burg", "由种子选出"),
           ("burg", "一块肉饼、芝士"),
           ("burg", "Bob 吃掉了"),
           ("cuisine-a-la-card", "家庭厨师奖励含有1个或更多谷物材料的菜肴")],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_patterns_catch_the_defects_of_issue_28(lang: str) -> None:
    for game, line in ISSUE_LINES[lang]:
        assert hits(lang, [(f"{game} sample", line)]), f"{lang}: nothing found in {line!r}"
    # a pattern meant for BURG's cards leaves Coffee Rush's tea ingredient alone
    assert hits("fr", [("coffee-rush sample", "Des rubans marquent les cases Thé et Eau.")]) == []
    assert hits("zh", [("coffee-rush sample", "拿取1个茶。")]) == []


@pytest.mark.parametrize("lang", LANGS)
def test_forbidden_terms_are_never_glossary_terms(lang: str) -> None:
    """The word lists and the glossaries agree: no forbidden word is a term a glossary
    prescribes (which would make the glossary test and the native-text test demand opposite
    things)."""
    prescribed = set()
    for game in GAMES:
        path = get_game(game).package_dir / "data" / f"glossary.{lang}.json"
        for term in glossary.load(Path(path)).terms:
            prescribed |= {term.term.casefold()} | {f.casefold() for f in term.accepted}
    assert sorted(t for t in FORBIDDEN[lang] if t.casefold() in prescribed) == []


@pytest.mark.parametrize("lang", LANGS)
def test_move_labels_in_a_transcript_do_not_say_you(lang: str) -> None:
    you = {"fr": r"\b(?:votre|vos|vous)\b", "pt": r"\b(?:seu|sua|seus|suas|você)\b",
           "zh": r"你"}[lang]
    heads = [line for where, line in transcript(lang)
             if " play seed " in where and line and not line.startswith(" ")]
    assert len(heads) > 500, "no step lines found"
    said = sorted({h for h in heads if re.search(you, re.split(r"[:：]", h, maxsplit=1)[-1])})
    assert said == [], "move labels address the reader in a third-person transcript"


def _refusal(lang: str, folder: Path) -> str:
    record = folder / "record.json"
    with contextlib.redirect_stdout(io.StringIO()):
        cli.main(["play", "burg", "--seed", "1", "--quiet", "--out", str(record)])
    data = json.loads(record.read_text(encoding="utf-8"))
    data["moves"][6]["seat"] = (data["moves"][6]["seat"] + 1) % data["players"]  # not theirs
    record.write_text(json.dumps(data), encoding="utf-8")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert cli.main(["check", str(record), "--lang", lang]) == cli.EXIT_BAD_INPUT
    return err.getvalue()


@pytest.mark.parametrize("lang", ("fr", "pt"))
def test_a_refused_record_has_no_english(lang: str, tmp_path: Path) -> None:
    said = _refusal(lang, tmp_path)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", said)} & ENGLISH
    assert words == set(), f"English in the {lang} refusal: {said}"
