"""The defects a native reader of French, Portuguese or Chinese marks at once (issue 28), as
patterns for the shared native-text test (tests/engine/test_native_text.py, DEFECTS).

Each defect is (label, pattern, games): `games` is None for every line, or the games whose
lines it applies to (Tea is a BURG card but a Coffee Rush ingredient). The plural nouns are
read from each catalogue's own plural forms ("{count} cartes" in an "other" form), so that a
new noun is checked without editing this file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from foodplay.games import LISTINGS, get_game
from foodplay.i18n.messages import CORE_DIR

Defect = tuple[str, str, "tuple[str, ...] | None"]
GAMES = [entry.id for entry in LISTINGS if entry.module is not None]
CJK = "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"

# Terms that must not appear: term -> (what the language says instead, games or None for all).
# Checked against the glossaries: a forbidden term is never one a glossary prescribes.
FORBIDDEN: dict[str, dict[str, tuple[str, tuple[str, ...] | None]]] = {
    "fr": {"Américaine": ("Occidentale, the Western cuisine", ("cuisine-a-la-card",)),
           "Thé": ("Cuillère, the French seed's name of BURG's Tea card", ("burg",))},
    "pt": {"choca": ("a clash: the card 'coincide com' another", None),
           "chocam": ("a clash: the cards 'coincidem'", None),
           "calda de chocolate": ("one name per ingredient: chocolate, as the seed says", None),
           "Döner Kebab": ("one name per card: Döner", None)},
    "zh": {"货币": ("汤匙, the seed's unit of money", None)},
}
_FUNCTION_WORDS = {"qui", "que", "das", "dos", "des", "les", "nas", "nos"}


def _plural_objects(lang: str) -> Iterator[dict]:
    for folder in [CORE_DIR] + [get_game(g).package_dir / "data" for g in GAMES]:
        path = folder / f"messages.{lang}.json"
        for value in json.loads(path.read_text(encoding="utf-8")).values():
            if isinstance(value, dict):
                yield value


def nouns(lang: str) -> tuple[set[str], set[str]]:
    """(plural nouns, singular nouns) the catalogue itself puts after a count: the word after
    "{count} " in an "other" form, and in a "one" form. A word found in both (French "pas",
    "prix") is invariable and checked in neither."""
    plural: set[str] = set()
    singular: set[str] = set()
    word = re.compile(r"\{(\w+)\} (?:de |d’)?([^\W\d_][\w-]*)")
    for value in _plural_objects(lang):
        by = value.get("by", "count")
        for form, found in (("other", plural), ("one", singular)):
            found.update(noun for field, noun in word.findall(value.get(form, "")) if field == by)
    both = plural & singular | _FUNCTION_WORDS
    return plural - both, singular - both


def _any(words: set[str]) -> str:
    return "(?:" + "|".join(map(re.escape, sorted(words))) + ")"


def defects(lang: str) -> list[Defect]:
    """The defects of `lang` (fr, pt or zh) as (label, pattern, games)."""
    found: list[Defect] = []
    number = r"(?<![\d,.+−-])\b"  # a whole count, not "2,1" nor "+1"
    if lang in ("fr", "pt"):
        plural, singular = nouns(lang)
    if lang == "fr":  # 0 and 1 take the singular
        found += [("0 or 1 with a plural noun", rf"{number}[01] {_any(plural)}\b", None),
                  ("a singular parking its count in parentheses", r"[a-zéèêàç] \(1\)(?!$)", None),
                  ("a plain space before : ; ! ? (French sets a no-break space)",
                   r"\w [;:!?](?:\s|$)", None)]
    if lang == "pt":  # 1 takes the singular, 0 the plural
        found += [("1 with a plural noun", rf"{number}1 {_any(plural)}\b", None),
                  ("0 with a singular noun", rf"{number}0 {_any(singular)}\b", None),
                  ("a plural verb after 1", r"\brestam 1\b|\b1 de \d+ \w+ estão\b", None)]
    if lang == "zh":
        found += [("种 counting cards",
                   r"\d+\s*种(?:材料|牌|卡)|吃掉了?\s*\d+\s*种|（\d+\s*种）", None),
                  ("an opaque 种子 (say 随机种子)", r"(?<!随机)种子(?!规则书)", None),
                  ("a card counted with 块 or 个",
                   r"[一两二三四五六七八九十\d]+\s*[块个](?:肉饼|芝士|洋葱|生菜|蘑菇|番茄|底面包|顶面包|茶|夹子)"
                   r"(?!汉堡)",
                   ("burg",)),
                  ("Cuisine's ingredient cards counted with 个 (they are 张)",
                   r"(?:\d+|一)个(?:或更多)?[^，。；、\d]{0,6}材料", ("cuisine-a-la-card",)),
                  ("a space between CJK and a Latin letter or digit (the rule: none)",
                   rf"[{CJK}] [A-Za-z0-9{{]|[A-Za-z0-9}}] [{CJK}]", None)]
    for term, (_, games) in FORBIDDEN[lang].items():
        bounded = rf"(?<!\w){re.escape(term)}(?!\w)"  # Chinese words have no word boundaries
        found.append((f"forbidden term {term!r}", re.escape(term) if lang == "zh" else bounded,
                      games))
    return found
