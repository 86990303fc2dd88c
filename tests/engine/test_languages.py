"""Every language is complete: each catalogue, rulebook and glossary, checked against English.

For each translated language: every key of every catalogue, the same placeholders with the
same conversions, the language's CLDR plural forms, no English left over (beyond the proper
names in `foodplay/i18n/locale/keep.json`), every clause translated, and each game's glossary terms
used wherever the English text uses the English term, with seed sources that really say so
(checked only when the environment variable FOODPLAY_SEEDS names the folder of seed rulebooks,
which the repository does not hold; skipped otherwise).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from test_provenance import seeds_folder

from foodplay.data import DataError
from foodplay.games import LISTINGS, get_game
from foodplay.i18n import glossary, plural
from foodplay.i18n.messages import CORE_DIR, LANGUAGES, CatalogueError, _load, template_fields
from foodplay.rulebook import Rulebook

ROOT = Path(__file__).resolve().parents[2]
SEEDS = seeds_folder()
GAME_DIRS = {entry.id: get_game(entry.id).package_dir / "data" for entry in LISTINGS
             if entry.module}
CATALOGUE_DIRS = {"core": CORE_DIR, **GAME_DIRS}
# Every language with a file anywhere: a half-finished language is checked, and fails.
FOUND = sorted({p.name.split(".")[1] for folder in CATALOGUE_DIRS.values()
                for p in folder.glob("*.*.json") if p.name.split(".")[0] in
                ("messages", "rulebook", "glossary")} - {"en"})
TRANSLATED = sorted(set(FOUND) | set(LANGUAGES) - {"en"})
KEEP = set(json.loads((CORE_DIR / "keep.json").read_text(encoding="utf-8"))["names"])
# English words that never belong in French or Portuguese text (checked as whole words).
ENGLISH_ONLY = {"the", "and", "you", "your", "with", "is", "are", "this", "that", "which",
                "from", "player", "players", "cards", "turn", "move", "moves", "when", "then",
                "must", "may", "step", "rule", "rules", "game", "next", "back", "show", "why",
                "not", "allowed", "here", "there", "what", "each", "every", "will", "can"}
MARKUP = re.compile(r"<[^>]*>|&\w+;|&#\d+;|https?://\S+|\{[^{}]*\}|--[a-z][a-z-]*")  # and --options


PLURAL_SYNTAX = re.compile(r"\{\w+,\s*plural,|\b(?:zero|one|two|few|many|other)\s*\{|#")


def english(name: str) -> dict:
    return json.loads((CATALOGUE_DIRS[name] / "messages.en.json").read_text(encoding="utf-8"))


def translated(name: str, lang: str) -> dict:
    path = CATALOGUE_DIRS[name] / f"messages.{lang}.json"
    assert path.exists(), f"{path.relative_to(ROOT)} is missing"
    return _load(path, lang)


def forms(value: str | dict) -> list[str]:
    return [v for k, v in value.items() if k != "by"] if isinstance(value, dict) else [value]


def fields(value: str | dict) -> set[tuple[str, str | None]]:
    """(field, conversion) pairs over every form of a message."""
    found = set()
    for text in forms(value):
        found |= template_fields(text)
    return found


def visible_words(text: str) -> list[str]:
    """The Latin-script words a reader sees: placeholders, markup and links removed."""
    letter = "A-Za-zÀ-ÖØ-öø-ÿ"  # Latin letters, not × or ÷
    text = PLURAL_SYNTAX.sub(" ", html.unescape(text))  # "{n, plural, one {" keeps its forms
    return re.findall(rf"[{letter}][{letter}'’]*", MARKUP.sub(" ", text))


def leftover_english(lang: str, text: str) -> list[str]:
    words = visible_words(text)
    if lang in ("ko", "zh"):
        return [w for w in words if w not in KEEP]
    return [w for w in words if w.lower() in ENGLISH_ONLY and w not in KEEP]


CASES = [(lang, name) for lang in TRANSLATED for name in CATALOGUE_DIRS]


@pytest.mark.parametrize(("lang", "name"), CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_catalogue_has_every_key_with_the_same_placeholders(lang: str, name: str) -> None:
    source, target = english(name), translated(name, lang)
    assert sorted(set(source) - set(target)) == [], "keys missing"
    assert sorted(set(target) - set(source)) == [], "keys that English does not have"
    wrong = {key: sorted(fields(target[key]) ^ fields(value), key=str)
             for key, value in source.items() if fields(target[key]) != fields(value)}
    assert wrong == {}, "placeholders differ from English (field, conversion)"
    by = {key: (value.get("by"), target[key].get("by")) for key, value in source.items()
          if isinstance(value, dict) and isinstance(target[key], dict)
          and value.get("by") != target[key].get("by")}
    assert by == {}, "a plural object must be chosen by the same parameter as in English"
    lost = [key for key, value in source.items()
            if isinstance(value, dict) and not isinstance(target[key], dict)
            and len(plural.categories(lang)) > 1]
    assert lost == [], "a counted message must stay a plural object"


@pytest.mark.parametrize(("lang", "name"), CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_a_form_used_for_several_numbers_shows_the_number(lang: str, name: str) -> None:
    """French and Portuguese "one" also covers 0, and "other"/"many" cover many numbers: such a
    form must show its number (unless a "zero" form takes 0), never spell out "une carte"."""
    source, target = english(name), translated(name, lang)
    several = {"one"} if lang in ("fr", "pt") else set()
    several |= {"other", "many"}
    wrong = []
    for key, value in target.items():
        if not isinstance(value, dict) or not isinstance(source[key], dict):
            continue
        by = value.get("by", "count")
        if not any(f == by for f, _ in fields(source[key])):
            continue  # English never shows this number either
        for form in several & set(value):
            if form == "one" and "zero" in value:
                continue
            if not any(f == by for f, _ in fields(value[form])):
                wrong.append(f"{key}.{form}")
    assert wrong == [], "these forms stand for several numbers but do not show {count}"


@pytest.mark.parametrize(("lang", "name"), CASES, ids=[f"{lang}-{name}" for lang, name in CASES])
def test_no_english_left(lang: str, name: str) -> None:
    source, target = english(name), translated(name, lang)
    left = {}
    for key, value in target.items():
        words = [w for text in forms(value) for w in leftover_english(lang, text)]
        unchanged = any(text in forms(source[key]) for text in forms(value)
                        if [w for w in visible_words(text) if w not in KEEP])
        if words or unchanged:
            left[key] = sorted(set(words)) or ["(same as English)"]
    assert left == {}, f"English left in the {lang} catalogue"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", sorted(GAME_DIRS))
def test_every_clause_is_translated(lang: str, game_id: str) -> None:
    path = GAME_DIRS[game_id] / f"rulebook.{lang}.json"
    assert path.exists(), f"{path.relative_to(ROOT)} is missing"
    rulebook = Rulebook.load(GAME_DIRS[game_id] / "rulebook.json")
    assert all(lang in clause.texts and lang in clause.titles for clause in rulebook)
    left = {clause.id: leftover_english(lang, " ".join((clause.title(lang), clause.text(lang),
                                                       clause.reason(lang))))
            for clause in rulebook}
    assert {k: v for k, v in left.items() if v} == {}, "English left in the clauses"
    same = [c.id for c in rulebook if c.text(lang) == c.text("en")]
    assert same == [], "clauses left in English"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", sorted(GAME_DIRS))
def test_glossary_terms_are_used_and_sourced(lang: str, game_id: str) -> None:
    path = GAME_DIRS[game_id] / f"glossary.{lang}.json"
    assert path.exists(), f"{path.relative_to(ROOT)} is missing"
    terms = glossary.load(path)
    assert (terms.game, terms.lang) == (game_id, lang)
    source, target = english(game_id), translated(game_id, lang)
    unused = {}
    for term in terms.terms:
        pattern = term.english_pattern()
        for key, value in source.items():  # the words a reader sees, not placeholder names
            shown = [MARKUP.sub(" ", t) for t in forms(value)]
            if key in term.exceptions or not any(pattern.search(t) for t in shown):
                continue
            if not all(term.used_in(t) for t in forms(target[key])):
                unused.setdefault(term.en, []).append(key)
    assert unused == {}, f"glossary terms not used where English uses them ({path.name})"
    stale = {t.en: sorted(set(t.exceptions) - set(source)) for t in terms.terms
             if set(t.exceptions) - set(source)}
    assert stale == {}, "exceptions name keys that do not exist"


@pytest.mark.skipif(SEEDS is None, reason="FOODPLAY_SEEDS does not name a folder of seed rulebooks")
@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game_id", sorted(GAME_DIRS))
def test_glossary_seed_sources_say_the_term(lang: str, game_id: str) -> None:
    path = GAME_DIRS[game_id] / f"glossary.{lang}.json"
    if not path.exists():
        pytest.skip("no glossary (the glossary test fails for it)")
    wrong = []
    for term in glossary.load(path).terms:
        if term.seed_line is None:
            continue
        name, number = term.seed_line
        lines = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        if not 1 <= number <= len(lines) or not term.used_in(lines[number - 1]):
            wrong.append(f"{term.en} -> {term.term} ({term.source})")
    assert wrong == [], "these seed lines do not contain the term"


def test_the_language_menu_lists_every_translated_language_in_its_own_script() -> None:
    from foodplay.i18n.messages import catalogue

    names = {lang: catalogue(None, lang).format("ui.lang.name") for lang in LANGUAGES}
    own = {"en": "English", "ko": "한국어", "fr": "Français", "pt": "Português (Brasil)",
           "zh": "中文"}
    assert names == {lang: own[lang] for lang in LANGUAGES}


@pytest.mark.parametrize("lang", sorted(plural.CATEGORIES))
def test_plural_categories_agree_with_cldr(lang: str) -> None:
    babel = pytest.importorskip("babel")
    rule = babel.Locale.parse(lang).plural_form
    numbers = [*range(0, 2100), 1_000_000, 2_000_000, 1_000_001, 10**9]
    assert {n: plural.category(lang, n) for n in numbers} == {n: rule(n) for n in numbers}
    assert set(plural.categories(lang)) == set(rule.tags) | {"other"}


def test_a_plural_object_with_the_wrong_forms_names_the_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "messages.ko.json"
    path.write_text('{"x.cards": {"one": "카드 한 장", "other": "카드 {count}장"}}',
                    encoding="utf-8")
    with pytest.raises(CatalogueError,
                       match=r"messages\.ko\.json: x\.cards.*ko plural forms other"):
        _load(path, "ko")


def test_a_rulebook_translation_missing_a_clause_is_refused_whole() -> None:
    rulebook = Rulebook.load(GAME_DIRS["burg"] / "rulebook.json")
    first = rulebook.clauses[0]
    data = {"format": "foodplay.rulebook-text/1", "game": "burg", "lang": "xx",
            "clauses": {first.id: {"title": "t", "text": "x"}}}
    with pytest.raises(DataError, match="lacks clauses"):
        rulebook.add_translation(data, "rulebook.xx.json")
    assert "xx" not in first.texts


def test_french_elides_before_a_name_that_starts_with_a_vowel() -> None:
    from foodplay.i18n.messages import Catalogue

    cat = Catalogue("fr", {"x": "De {a!p} : le tour de {a!p}, la carte de {b!p}, que {a!p}, "
                                "le {h}"})
    assert cat.format("x", {"a": 0, "b": 1, "h": "Homard"}, ["Alice", "Bob"]) == \
        "D’Alice : le tour d’Alice, la carte de Bob, qu’Alice, le Homard"
    english = Catalogue("en", {"x": "the turn of de {a!p}"})
    assert english.format("x", {"a": 0}, ["Alice"]) == "the turn of de Alice"


@pytest.mark.parametrize(("lang", "game_id", "query", "clause"), [
    ("ko", "burg", "쥐를", "5-1"),  # a particle on the query word
    ("ko", "burg", "재료 덱을", "2"),
    ("zh", "cuisine-a-la-card", "菜肴", "2-4"),  # no spaces: neighbouring characters
    ("fr", "burg", "les pinces", "D2"),  # an article and a plural
    ("pt", "coffee-rush", "pedidos", "C-3"),
])
def test_rule_search_reads_each_language(lang, game_id, query, clause) -> None:
    from foodplay.teaching.search import search

    if lang not in LANGUAGES:
        pytest.skip(f"no {lang} catalogue")
    numbers = [hit.clause.number for hit in search(game_id, query, lang).hits[:3]]
    assert clause in numbers, numbers
