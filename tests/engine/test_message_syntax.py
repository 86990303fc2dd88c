"""The catalogue syntax beyond str.format: inline plurals, one per number, and Korean particles
chosen from the value before them; malformed templates are refused on load, naming file and key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foodplay.i18n.korean import ending, is_particle, particle
from foodplay.i18n.messages import Catalogue, CatalogueError, _load, template_fields

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]
FRENCH = ("{done, plural, one {# hamburger est complet} other {# hamburgers sont complets}} "
          "sur {total, plural, one {# hamburger} other {# hamburgers}}")


@pytest.mark.parametrize(("done", "total", "text"), [
    (0, 8, "0 hamburger est complet sur 8 hamburgers"),
    (1, 1, "1 hamburger est complet sur 1 hamburger"),
    (3, 1, "3 hamburgers sont complets sur 1 hamburger"),
    (2, 5, "2 hamburgers sont complets sur 5 hamburgers"),
])
def test_each_number_chooses_its_own_form(done: int, total: int, text: str) -> None:
    cat = Catalogue("fr", {"k": FRENCH})
    assert cat.format("k", {"done": done, "total": total}) == text


def test_zero_form_and_nested_fields() -> None:
    cat = Catalogue("en", {"k": "{seat!p} has {n, plural, zero {no cards} one {# card: {card!c}}"
                               " other {# cards}} left"})
    assert cat.format("k", {"seat": 1, "n": 0, "card": "x"}, NAMES) == "Bob has no cards left"
    assert cat.format("k", {"seat": 1, "n": 1, "card": "x"}, NAMES) == "Bob has 1 card: x left"
    assert cat.format("k", {"seat": 1, "n": 4, "card": "x"}, NAMES) == "Bob has 4 cards left"
    assert cat.format("k", {"seat": 1, "n": -1, "card": "x"}, NAMES) == "Bob has -1 cards left"


def test_plain_templates_and_braces_are_unchanged() -> None:
    assert Catalogue("en", {"k": "{a:>3}|{b!r}"}).format("k", {"a": 7, "b": "x"}) == "  7|'x'"
    assert Catalogue("en", {"k": "{{x}} {a}"}).format("k", {"a": 1}) == "{x} 1"


@pytest.mark.parametrize(("value", "pair", "form"), [
    ("Bob", "이/가", "이"), ("Alice", "이/가", "가"), ("Carol", "은/는", "은"),
    ("Dave", "을/를", "를"), ("Eve", "과/와", "와"), ("Jane", "이/가", "이"),
    ("Tom", "으로/로", "으로"), ("Carol", "으로/로", "로"), ("Jack", "을/를", "을"),
    ("패티", "으로/로", "로"), ("쌀", "으로/로", "로"), ("물", "이나/나", "이나"),
    ("빵", "으로/로", "으로"), ("치즈", "은/는", "는"), ("러시아워", "이/가", "가"),
    ("단계 999", "은/는", "는"), ("1", "으로/로", "로"), ("2", "을/를", "를"),
    ("3", "이/가", "이"), ("6", "은/는", "은"), ("7", "으로/로", "로"), ("10", "으로/로", "으로"),
    ("100", "이/가", "이"), ("1000", "이/가", "이"), ("10000", "을/를", "을"), ("0", "이/가", "이"),
    ("2.5", "이/가", "가"), ("'패티'", "을/를", "를"), ("치즈(노란)", "을/를", "를"),
    ("URL", "이/가", "이"), ("CLI", "이/가", "가"), ("Bob과 Alice", "이/가", "가"),
    ("Alice, Bob", "은/는", "은"), ("아", "아/야", "야"), ("밥", "아/야", "아"),
])
def test_korean_particle_follows_the_last_sound(value: str, pair: str, form: str) -> None:
    assert particle(value, pair) == form, ending(value)


def test_korean_particles_in_templates() -> None:
    cat = Catalogue("ko", {"k": "{seat!p}{이/가} '{move}'{을/를} {n}{으로/로} 바꿨어요."})
    bob = cat.format("k", {"seat": 1, "move": "패티", "n": 7}, NAMES)
    assert bob == "Bob이 '패티'를 7로 바꿨어요."
    alice = cat.format("k", {"seat": 0, "move": "빵", "n": 3}, NAMES)
    assert alice == "Alice가 '빵'을 3으로 바꿨어요."


def test_particle_pairs_recognised() -> None:
    assert all(is_particle(p) for p in ("이/가", "은/는", "을/를", "과/와", "으로/로", "이나/나",
                                         "아/야", "이에요/예요", "이라고/라고"))
    assert not any(is_particle(p) for p in ("가/이", "a/b", "이", "x/가", "으로/에"))


def test_fields_of_a_template() -> None:
    assert template_fields("{seat!p}{이/가} {n, plural, one {# {card!c}} other {#}}") == {
        ("seat", "p"), ("n", None), ("card", "c")}


@pytest.mark.parametrize(("lang", "text", "says"), [
    ("fr", "{n, plural, one {# carte} other {# cartes}}", "fr forms one, many, other"),
    ("en", "{n, plural, one {# card} few {# cards} other {# cards}}", "not few, one, other"),
    ("en", "{n, plural, one {# card}}", "no 'other' form"),
    ("en", "{n, plural, one {# card} other {# cards}", "never closed"),
    ("en", "{n, plural, one {# card} one {x} other {y}}", "twice"),
    ("ko", "{이/가} 이겼어요", "must follow a field"),
    ("ko", "{seat!p} {이/가}", "must follow a field"),
    ("ko", "{0}{이/가}", "name it"),
    ("en", "a } b", "never opened"),
])
def test_bad_templates_are_refused_naming_file_and_key(tmp_path: Path, lang: str, text: str,
                                                       says: str) -> None:
    path = tmp_path / f"messages.{lang}.json"
    path.write_text(json.dumps({"good": "x", "bad.key": text}), encoding="utf-8")
    with pytest.raises(CatalogueError) as error:
        _load(path, lang)
    message = str(error.value)
    assert f"messages.{lang}.json: bad.key" in message and says in message, message


def test_exact_values_choose_a_form_before_the_category() -> None:
    cat = Catalogue("ko", {"k": "{n, plural, =1 {첫 번째} =2 {두 번째} other {#번째}} 카드"})
    assert [cat.format("k", {"n": n}) for n in (1, 2, 3)] == ["첫 번째 카드", "두 번째 카드",
                                                              "3번째 카드"]
