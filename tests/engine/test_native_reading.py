"""Read French, Portuguese and Chinese as a native reviewer would: every line of seeded bot
games of all four games, of every lesson and of a few quizzes is scanned for the defects a
native teacher marks at once (issue 28). Any hit fails, with the line and where it came from.

- French: 0 or 1 with a plural noun ("1 points"), a singular that parks its count in
  parentheses ("la carte inutilisée (1)"), a plain space before : ; ! ? (French sets a
  no-break space), names and words the game's French does not use.
- Portuguese: 1 with a plural noun ("1 medalhas", "restam 1"), 0 with a singular noun, two
  names for one card, "choca" for a clash.
- Chinese: 种 counting cards, 货币 for money (the seed counts 汤匙), an opaque 种子, a card
  counted with 块/个, and the one spacing rule: no space between a CJK character and a Latin
  letter or digit, in generated and hand-written lines alike.
- In every language: a move label addressing "you" in a third-person transcript, and English
  words in the refusal of a bad record.

The plural nouns are read from each catalogue's own plural forms ("{count} cartes" in an
"other" form), so a new noun is checked without editing this file. The forbidden words are
checked against the glossaries: a forbidden word must never be a glossary term.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path

import pytest
from native_lines import GAMES, all_lines, game_lines, refusal_lines

from foodplay import glossary
from foodplay.games import get_game
from foodplay.messages import CORE_DIR

LANGS = ("fr", "pt", "zh")
CATALOGUE_DIRS = [CORE_DIR] + [get_game(g).package_dir / "data" for g in GAMES]

# Terms that must not appear, per language: term -> (what the language says instead, the
# games whose lines are checked, or None for all). Tea is a BURG card but a Coffee Rush
# ingredient, so French "Thé" is refused in BURG only.
FORBIDDEN: dict[str, dict[str, tuple[str, tuple[str, ...] | None]]] = {
    "fr": {"Américaine": ("Occidentale, the Western cuisine", ("cuisine-a-la-card",)),
           "Thé": ("Cuillère, the French seed's name of BURG's Tea card", ("burg",))},
    "pt": {"choca": ("a clash: the card 'coincide com' another", None),
           "chocam": ("a clash: the cards 'coincidem'", None),
           "calda de chocolate": ("one name per ingredient: chocolate, as the seed says", None),
           "Döner Kebab": ("one name per card: Döner", None)},
    "zh": {"货币": ("汤匙, the seed's unit of money", None)},
}
# English words that never belong in a French or Portuguese refusal (whole words).
ENGLISH = {"the", "is", "not", "allowed", "under", "clause", "step", "move", "now", "game",
           "waiting", "decision", "it", "for", "and", "of"}
CJK = "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"


def _templates() -> Iterable[tuple[str, dict]]:
    for folder in CATALOGUE_DIRS:
        for lang in LANGS:
            data = json.loads((folder / f"messages.{lang}.json").read_text(encoding="utf-8"))
            for value in data.values():
                if isinstance(value, dict):
                    yield lang, value


def nouns(lang: str) -> tuple[set[str], set[str]]:
    """(plural nouns, singular nouns) the catalogue itself puts after a count: the word after
    "{count} " in an "other" form, and in a "one" form of a catalogue whose "one" is 0 and 1.
    A word found in both (French "pas", "prix") is invariable and checked in neither."""
    plural: set[str] = set()
    singular: set[str] = set()
    word = re.compile(r"\{(\w+)\} (?:de |d’)?([^\W\d_][\w-]*)")
    function_words = {"qui", "que", "das", "dos", "des", "les", "nas", "nos"}
    for found, value in _templates():
        if found != lang:
            continue
        by = value.get("by", "count")
        for form, target in (("other", plural), ("one", singular)):
            for field, noun in word.findall(value.get(form, "")):
                if field == by:
                    target.add(noun)
    both = plural & singular | function_words
    return plural - both, singular - both


Check = tuple[re.Pattern[str], "tuple[str, ...] | None"]  # the pattern, the games it is for


def _hits(lines: Iterable[tuple[str, str]], checks: dict[str, Check]) -> list[str]:
    found = []
    for where, line in lines:
        for name, (pattern, games) in checks.items():
            if games is not None and where.split()[0] not in games:
                continue
            match = pattern.search(line)
            if match:
                found.append(f"{name}: {match.group(0)!r} in {where}: {line.strip()[:160]}")
    return found


def checks_for(lang: str) -> dict[str, Check]:
    """The defects scanned for in `lang`: a pattern each, and the games it applies to."""
    plural, singular = nouns(lang)
    checks: dict[str, re.Pattern[str]] = {}
    only: dict[str, tuple[str, ...]] = {}
    if lang == "fr":  # 0 and 1 take the singular
        checks["0 or 1 with a plural noun"] = re.compile(
            r"(?<![\d,.+−-])\b[01] (?:" + "|".join(map(re.escape, sorted(plural))) + r")\b")
        checks["a count parked in parentheses"] = re.compile(r"[a-zéèêàç] \(1\)")
        checks["a plain space before : ; ! ?"] = re.compile(r"\w [;:!?](?:\s|$)")
    if lang == "pt":  # 1 takes the singular, 0 the plural
        checks["1 with a plural noun"] = re.compile(
            r"(?<![\d,.+−-])\b1 (?:" + "|".join(map(re.escape, sorted(plural))) + r")\b")
        checks["0 with a singular noun"] = re.compile(
            r"(?<![\d,.+−-])\b0 (?:" + "|".join(map(re.escape, sorted(singular))) + r")\b")
        checks["restam 1"] = re.compile(r"\brestam 1\b|\b1 de \d+ \w+ estão\b")
    if lang == "zh":
        checks["种 counting cards"] = re.compile(
            r"\d+\s*种(?:材料|牌|卡)|吃掉了?\s*\d+\s*种|（\d+\s*种）")
        checks["an opaque 种子"] = re.compile(r"(?<!随机)种子(?!规则书)")
        checks["a card counted with 块 or 个"] = re.compile(  # BURG's ingredients are cards
            r"[一两二三四五六七八九十\d]+\s*[块个](?:肉饼|芝士|洋葱|生菜|蘑菇|番茄|底面包|顶面包|茶|夹子)")
        only["a card counted with 块 or 个"] = ("burg",)
        checks["a space between CJK and Latin or a digit"] = re.compile(
            rf"[{CJK}] [A-Za-z0-9]|[A-Za-z0-9] [{CJK}]")
    for term, (_, games) in FORBIDDEN[lang].items():
        checks[f"forbidden term {term!r}"] = re.compile(rf"(?<!\w){re.escape(term)}(?!\w)")
        if games is not None:
            only[f"forbidden term {term!r}"] = games
    return {name: (pattern, only.get(name)) for name, pattern in checks.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_a_native_reader_finds_no_known_defect(lang: str) -> None:
    hits = _hits(all_lines(lang), checks_for(lang))
    assert hits == [], f"{len(hits)} defects in {lang}, the first:\n" + "\n".join(hits[:25])


@pytest.mark.parametrize("lang", LANGS)
def test_move_labels_in_a_transcript_do_not_say_you(lang: str) -> None:
    you = {"fr": r"\b(?:votre|vos|vous)\b", "pt": r"\b(?:seu|sua|seus|suas|você)\b",
           "zh": r"你"}[lang]
    heads = [line for g in GAMES for line in game_lines(g, 1, lang) if not line.startswith(" ")]
    assert heads, "no step lines found"
    said = sorted({h for h in heads if re.search(you, h.split(":", 1)[-1].split("：", 1)[-1])})
    assert said == [], "move labels address the reader in a third-person transcript"


@pytest.mark.parametrize("lang", ("fr", "pt"))
def test_a_refusal_has_no_english(lang: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.getbasetemp() / "native-refusal"
    folder.mkdir(exist_ok=True)
    lines = refusal_lines(lang, str(folder))
    assert lines, "the bad record was not refused"
    words = {w.lower() for line in lines for w in re.findall(r"[A-Za-z]+", line)} & ENGLISH
    assert words == set(), f"English in the {lang} refusal: {lines}"


@pytest.mark.parametrize("lang", LANGS)
def test_forbidden_terms_are_never_glossary_terms(lang: str) -> None:
    """The word lists and the glossaries agree: no forbidden word is a term a glossary
    prescribes (which would make the glossary test and this one demand opposite things)."""
    prescribed = set()
    for game in GAMES:
        path = get_game(game).package_dir / "data" / f"glossary.{lang}.json"
        for term in glossary.load(Path(path)).terms:
            prescribed |= {term.term.casefold()} | {f.casefold() for f in term.accepted}
    clash = sorted(t for t in FORBIDDEN[lang] if t.casefold() in prescribed)
    assert clash == []


def test_the_checks_catch_the_defects_of_issue_28() -> None:
    """Each check finds the defect it names in a line from the issue."""
    samples = {
        "fr": ["  0 hamburgers sur 8 sont complets et il reste 163 cartes :",
               "  Carol a fini de construire ; la carte inutilisée (1) va face cachée.",
               "  Le plat : 1 ingrédient, pour un total de 1 points de repas.",
               "  Entrecôte est de cuisine Américaine."],
        "pt": ["  1 de 8 hambúrgueres estão completos e restam 1 cartas.",
               "  Bob termina com 1 medalhas."],
        "zh": ["  Bob吃掉的材料最多（4 种），获胜。", "  +1 货币", "  由种子选出",
               "  一块肉饼、芝士", "  Bob 吃掉了"],
    }
    for lang, lines in samples.items():
        hits = _hits((("cuisine-a-la-card", line) for line in lines), checks_for(lang))
        assert len({h.split(" in cuisine")[0] for h in hits}) >= len(lines), (lang, hits)
    burg = _hits([("burg", "Bob joue Thé."), ("burg", "一块肉饼")],
                 {**checks_for("fr"), **checks_for("zh")})
    assert len(burg) == 2, burg
