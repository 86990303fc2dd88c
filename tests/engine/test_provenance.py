"""Honest provenance: every clause tagged "rulebook" names the seed passage it restates.

Each game keeps `data/passages.json`: per rulebook clause, the seed file, line numbers and a
fingerprint of each cited line. The seed rulebooks are not part of the repository: the
fingerprints are checked against the seed files only when the environment variable
FOODPLAY_SEEDS names the folder that holds them (``FOODPLAY_SEEDS=/path/to/seeds pytest ...``);
without it (as on CI, or in a fresh clone) that test is skipped.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest

from foodplay.data import DataError
from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES
from foodplay.rulebook import TUTOR_PROVENANCES, Rulebook

SEED_NAME = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")
FINGERPRINT = re.compile(r"^[0-9a-f]{16}$")


SEEDS_VARIABLE = "FOODPLAY_SEEDS"


def seeds_folder(environ: dict[str, str] | None = None) -> Path | None:
    """The folder of seed rulebooks named by FOODPLAY_SEEDS, if it is set and is a folder;
    None otherwise (the tests that read the seeds are then skipped)."""
    value = (os.environ if environ is None else environ).get(SEEDS_VARIABLE, "")
    return Path(value) if value and Path(value).is_dir() else None


def fingerprint(line: str) -> str:
    return hashlib.sha256(line.strip().encode("utf-8")).hexdigest()[:16]


def passages(game_id: str) -> dict:
    path = get_game(game_id).package_dir / "data" / "passages.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == game_id
    return data["passages"]


@pytest.mark.parametrize("game_id", built_games())
def test_every_rulebook_clause_cites_seed_passages_and_nothing_else_does(game_id):
    rulebook = get_game(game_id).rulebook()
    tagged = {c.id for c in rulebook if c.provenance == "rulebook"}
    cited = passages(game_id)
    missing, extra = sorted(tagged - set(cited)), sorted(set(cited) - tagged)
    assert not missing and not extra, (f"rulebook clauses without passages: {missing}; "
                                       f"passages for other clauses: {extra}")
    for clause_id, items in cited.items():
        assert items, f"{clause_id} cites no passage"
        for item in items:
            assert SEED_NAME.match(item["file"]), item
            assert isinstance(item["line"], int) and item["line"] >= 1, item
            assert FINGERPRINT.match(item["sha256"]), item


@pytest.mark.parametrize("game_id", built_games())
def test_cited_lines_match_the_seeds_when_they_are_present(game_id):
    folder = seeds_folder()
    if folder is None:
        pytest.skip(f"{SEEDS_VARIABLE} does not name a folder of seed rulebooks")
    for clause_id, items in passages(game_id).items():
        for item in items:
            lines = (folder / item["file"]).read_text(encoding="utf-8").splitlines()
            assert item["line"] <= len(lines), f"{clause_id}: {item['file']} is shorter"
            line = lines[item["line"] - 1]
            assert line.strip(), f"{clause_id}: line {item['line']} is blank"
            assert fingerprint(line) == item["sha256"], \
                f"{clause_id}: line {item['line']} of {item['file']} is not the cited text"


@pytest.mark.parametrize("game_id", built_games())
def test_published_game_clauses_say_where_they_come_from(game_id):
    for clause in get_game(game_id).rulebook():
        if clause.provenance == "published game":
            assert clause.source().strip(), f"{clause.id} has no source line"
        else:
            assert clause.source() == ""


@pytest.mark.parametrize("game_id", built_games())
def test_every_tutor_reading_and_default_carries_its_reason_in_every_language(game_id):
    """The catalogue itself says why each tutor reading or default exists (the ambiguity it
    resolves, the gap it fills), in each language it is written in; no other clause has one."""
    missing, extra = [], []
    for clause in get_game(game_id).rulebook():
        if clause.provenance in TUTOR_PROVENANCES:
            assert clause.reasons is not None, f"{clause.id} has no reason"
            assert clause.languages == sorted(LANGUAGES), f"{clause.id}: {clause.languages}"
            missing += [f"{clause.id} ({lang})" for lang in clause.languages
                        if not (clause.reasons.get(lang) or "").strip()]
            assert clause.reason("en") != clause.text("en"), f"{clause.id}: the text again"
        elif clause.reasons is not None:
            extra.append(clause.id)
    assert missing == [] and extra == [], (f"tutor clauses without a reason: {missing}; "
                                          f"other clauses with one: {extra}")


def _one_tutor_clause(**changes) -> dict:
    clause = {"id": "D1", "number": "D1", "provenance": "tutor reading",
              "title": {"en": "t"}, "text": {"en": "x"}, "reason": {"en": "why"}, **changes}
    return {"game": "burg", "clauses": [{k: v for k, v in clause.items() if v is not None}]}


@pytest.mark.parametrize("changes", [{"reason": None}, {"reason": {"en": " "}},
                                     {"reason": "why"}, {"reason": {"ko": "왜"}},
                                     {"provenance": "rulebook"}])
def test_a_catalogue_without_a_tutor_clauses_reason_or_with_a_stray_one_is_refused(changes):
    with pytest.raises(DataError, match=r"rulebook\.json: clauses\[0\]\.reason"):
        Rulebook.from_json(_one_tutor_clause(**changes), source="rulebook.json")
    assert Rulebook.from_json(_one_tutor_clause())["D1"].reason("ko") == "why"


def test_a_translation_without_a_tutor_clauses_reason_is_refused_whole():
    rulebook = Rulebook.from_json(_one_tutor_clause())
    data = {"format": "foodplay.rulebook-text/1", "game": "burg", "lang": "ko",
            "clauses": {"D1": {"title": "제목", "text": "본문"}}}
    with pytest.raises(DataError, match=r"rulebook\.ko\.json: clauses\.D1\.reason"):
        rulebook.add_translation(data, "rulebook.ko.json")
    assert "ko" not in rulebook["D1"].texts
    data["clauses"]["D1"]["reason"] = "이유"
    rulebook.add_translation(data, "rulebook.ko.json")
    assert rulebook["D1"].reason("ko") == "이유"


def test_the_audited_clauses_are_no_longer_tagged_rulebook():
    """Issue 14 item 3: these restate facts the seed rulebook text does not contain."""
    audited = {"coffee-rush": ["C1", "C2", "C3", "C4", "S1", "S2", "S3", "S4", "S5", "R1",
                               "R2-1"],
               "food-truck": ["R0-1", "R0-2", "R0-3", "R0-4", "R3-2"]}
    for game_id, ids in audited.items():
        rulebook = get_game(game_id).rulebook()
        assert [i for i in ids if rulebook[i].provenance == "rulebook"] == []
    assert "only once" not in get_game("food-truck").rulebook()["R1-1"].text()


def test_the_readings_the_audit_asked_for_are_stated_where_the_engine_acts_on_them():
    """Issue 14 item 4: each behaviour the seed does not spell out has a reading that says so."""
    from foodplay.games.coffee_rush.move_table import PHASE_KINDS
    from foodplay.games.cuisine_a_la_card.components import CHOICE_EFFECTS

    coffee = get_game("coffee-rush").rulebook()
    assert PHASE_KINDS["serve"] == ("serve",)  # no way to keep a matching cup unserved...
    assert "not optional" in coffee["D2"].text() and coffee["D2"].provenance == "tutor reading"
    cuisine = get_game("cuisine-a-la-card").rulebook()
    assert "draw" not in CHOICE_EFFECTS  # ...a draw is taken at once...
    assert "declining a draw" in cuisine["G8"].text()
    assert "start of your turn" in cuisine["D1"].text()  # ...and a dish waits until any purchase
    truck = get_game("food-truck").rulebook()
    assert "may shuffle" in truck["R3-2"].text() and truck["R3-2"].provenance == "tutor reading"
