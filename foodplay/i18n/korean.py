"""Korean particles chosen from the word they follow: 이/가, 은/는, 을/를, 과/와, (으)로 and kin.

A particle's form depends on how the word before it ends when read aloud: after a final
consonant (받침) the first form ("Bob이", "김밥을"), after a vowel the second ("패티가",
"패티를"). 으로/로 also takes 로 after ㄹ ("쌀로", "1로" read 일로).

The word is read from its end: a Hangul syllable by its 받침; a number as Korean reads it
(1 일, 2 이, 3 삼, 6 육, 10 십, 100 백, 1000 천, 10000 만); a Latin name by how it is written
in Hangul (Bob 밥, Alice 앨리스, Carol 캐럴, Jane 제인), an all-capital abbreviation by its
letters' names (CLI 씨엘아이, URL 유알엘). A closing quote, bracket or a trailing
parenthesised gloss is skipped ("패티(고기)" reads 패티). A value with nothing readable takes
the vowel form.
"""

from __future__ import annotations

import re
from functools import lru_cache

VOWEL, RIEUL, CONSONANT = "vowel", "rieul", "consonant"

# with 받침 / without: the fixed pairs, plus any "이X/X" and "으X/X" (이나/나, 으로/로, 이에요/예요)
_PAIRS = {("이", "가"), ("은", "는"), ("을", "를"), ("과", "와"), ("아", "야"), ("이에요", "예요")}
_HANGUL = re.compile(r"^[가-힣]+$")

# digit -> how its Korean reading ends: 영 일 이 삼 사 오 육 칠 팔 구
_DIGIT = {"0": CONSONANT, "1": RIEUL, "2": VOWEL, "3": CONSONANT, "4": VOWEL, "5": VOWEL,
          "6": CONSONANT, "7": RIEUL, "8": RIEUL, "9": VOWEL}
# letters as Korean names them: 엘, 알 end in ㄹ; 엠, 엔 in a consonant; the others in a vowel
_LETTER = {"L": RIEUL, "R": RIEUL, "M": CONSONANT, "N": CONSONANT}
_QUOTES = "'\"’”»」』.,!?:;…~ \u00a0"
_SKIPPED = _QUOTES + ")]）"
_GLOSS = re.compile(r"\s*[(\[（][^()\[\]（）]*[)\]）]$")
_NUMBER = re.compile(r"(\d[\d,]*)(?:\.(\d+))?$")
_WORD = re.compile(r"[A-Za-z]+$")
_SHORT_VOWEL_STOP = re.compile(r"(?:^|[^aeiou])[aeiou](?:b|p|t|k|c|ck)$")


def is_particle(text: str) -> bool:
    """Whether `text` is a particle pair this module can choose from, such as "이/가"."""
    first, sep, second = text.partition("/")
    if not sep or not _HANGUL.match(first) or not _HANGUL.match(second):
        return False
    return (first, second) in _PAIRS or first in ("이" + second, "으" + second)


def _syllable(char: str) -> str:
    final = (ord(char) - 0xAC00) % 28
    return VOWEL if final == 0 else RIEUL if final == 8 else CONSONANT


def _number(integer: str, decimals: str | None) -> str:
    digits = decimals if decimals else integer.replace(",", "")
    if decimals or digits.strip("0") == "" or digits[-1] != "0":
        return _DIGIT[digits[-1]]
    zeros = len(digits) - len(digits.rstrip("0"))
    # 십 백 천 만 ... 억 ... 조
    if zeros == 1 or 8 <= zeros <= 11:
        return CONSONANT
    return VOWEL if zeros >= 12 else CONSONANT


def _latin(word: str) -> str:
    if word.isupper() and len(word) <= 5:
        return _LETTER.get(word[-1], VOWEL)
    low = word.lower()
    if low.endswith("l") or (low.endswith("le") and len(low) > 2 and low[-3] not in "aeiou"):
        return RIEUL  # Carol 캐럴, Apple 애플
    if low.endswith(("m", "n", "me", "ne")):
        return CONSONANT  # Tom 톰, Jane 제인, Anne 앤
    if _SHORT_VOWEL_STOP.search(low):
        return CONSONANT  # Bob 밥, Pat 팻, Jack 잭, Eric 에릭
    return VOWEL  # Alice 앨리스, Dave 데이브, Peter 피터, Ted 테드, Max 맥스


@lru_cache(maxsize=4096)
def ending(value: str) -> str:
    """How `value` ends when read aloud in Korean: VOWEL, RIEUL or CONSONANT."""
    text = value.rstrip(_QUOTES)
    while True:
        glossless = _GLOSS.sub("", text).rstrip(_QUOTES)
        if glossless == text or not glossless:
            break
        text = glossless
    text = text.rstrip(_SKIPPED)
    if not text:
        return VOWEL
    last = text[-1]
    if "가" <= last <= "힣":
        return _syllable(last)
    number = _NUMBER.search(text)
    if number:
        return _number(number.group(1), number.group(2))
    word = _WORD.search(text)
    if word:
        return _latin(word.group())
    if last == "%":
        return VOWEL  # 퍼센트
    return VOWEL


def particle(value: str, pair: str) -> str:
    """The form of `pair` ("이/가", "으로/로", ...) that follows `value`."""
    with_final, without = pair.split("/")
    sound = ending(value)
    if sound == VOWEL or (sound == RIEUL and with_final.startswith("으")):
        return without
    return with_final
