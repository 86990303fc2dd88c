"""Rule lookup: find a game's clauses from a question, a word or a rule number.

Standard library only. A query is cut into words, normalised (case, accents) and stemmed by
the language's analyzer; each clause is scored over four fields, its number, title, text and
the names of the components it describes (the `components` sections of its rulebook entry),
with the field weights below. A word not in the index matches the nearest indexed words (a
typo), or the words it begins. With no match, `Results.suggestions` lists the closest words.

    results = search("burg", "rat tokns")      # ranked hits, each with its clause
    results.hits[0].clause.number               # "5-1"

A query is at most QUERY_CHARS characters (foodplay.limits); a longer one is refused with
`QueryTooLong`. Under it, the cost is bounded too: each distinct word is looked up once; typo
matches are sought for the first TYPO_WORDS unknown words only (the others match the words
they begin), and only among indexed words that share enough letters (the same answer as
difflib over the whole vocabulary, see `_Near`); clauses are scored from each term's
postings, not by scanning every clause for every word.

Languages plug in through `ANALYZERS` (one analyzer per language code); an index is built
per game and language from that language's clause texts and component names.
"""

from __future__ import annotations

import bisect
import difflib
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from foodplay.data import DataError, read_json
from foodplay.games import get_game
from foodplay.i18n.messages import catalogue
from foodplay.limits import QUERY_CHARS
from foodplay.rulebook import Clause

FIELD_WEIGHTS = {"number": 10.0, "title": 3.0, "keywords": 3.0, "components": 2.0, "text": 1.0}
TYPO_CUTOFF = 0.78  # difflib ratio for a query word to stand for an indexed word
SUGGEST_CUTOFF = 0.65
PREFIX_MIN = 3  # a query word this long or longer also matches the words it begins
EXPANSIONS_KEPT = 2_000  # typo look-ups remembered per index
TYPO_WORDS = 8  # distinct unknown words of one query sought as typos; the rest match as prefixes
# A clause of the game's own rules (2-3, S1, C-3) counts this much more than a tutor default
# (G4) or a tutor's reading (D2) that the same words match: learners ask about the rules first.
CORE_PRIOR = 1.3
TUTOR_NOTES = ("G", "D")
NUMBER = re.compile(r"^[a-z]{0,2}-?\d+(?:-\d+)*$")


class Analyzer(Protocol):
    """What a language brings to the search: words from text, and their stems."""

    def words(self, text: str) -> list[str]: ...

    def stem(self, word: str) -> str: ...


def normalise(text: str) -> str:
    """Case-folded, without accents, with every run of other characters a single space."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[^\w-]+|_", " ", plain).strip()


class PlainAnalyzer:
    """Any language: normalised words, each its own stem (until a language brings its own)."""

    stopwords: frozenset[str] = frozenset()

    def words(self, text: str) -> list[str]:
        out = []
        for token in normalise(text).split():
            token = token.strip("-")
            if not token:
                continue
            # "5-2" is a rule number; "face-down" is two words as well as one
            out.extend([token] if NUMBER.match(token) or "-" not in token
                       else [token, *token.split("-")])
        return [w for w in out if w and w not in self.stopwords]

    def stem(self, word: str) -> str:
        return word


class EnglishAnalyzer(PlainAnalyzer):
    """English: common words dropped, plurals and verb forms reduced to one stem."""

    stopwords = frozenset(
        "a an and are as at be been but by can do does for from has have he her his how i if in "
        "into is it its me my no not of on one or our she so than that the their them then there "
        "these they this to up was we what when where which who why will with you your happen "
        "happens".split())
    IRREGULAR = {"took": "take", "taken": "take", "ate": "eat", "eaten": "eat", "chose": "choose",
                 "chosen": "choose", "drew": "draw", "drawn": "draw", "gave": "give",
                 "given": "give", "bought": "buy", "went": "go", "gone": "go", "won": "win",
                 "paid": "pay", "put": "put", "men": "man", "knives": "knife", "loaves": "loaf"}

    def stem(self, word: str) -> str:
        word = self.IRREGULAR.get(word, word)
        if NUMBER.match(word) or len(word) <= 3:
            return word
        for suffix, keep in (("'s", ""), ("ies", "y"), ("ied", "y"), ("sses", "ss"),
                             ("xes", "x"), ("ches", "ch"), ("shes", "sh")):
            if word.endswith(suffix) and len(word) > len(suffix) + 2:
                word = word[: -len(suffix)] + keep
                break
        else:
            if word.endswith("s") and not word.endswith(("ss", "us", "is")):
                word = word[:-1]
        for suffix in ("ing", "ed"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
                    word = word[:-1]  # stopping -> stop
                break
        if word.endswith("e") and len(word) > 3:
            word = word[:-1]  # move, moving, moved -> mov
        return word


class LatinAnalyzer(PlainAnalyzer):
    """French or Portuguese: common words dropped, a plural's final s or x dropped."""

    def __init__(self, stopwords: str):
        self.stopwords = frozenset(normalise(stopwords).split())

    def stem(self, word: str) -> str:
        if NUMBER.match(word) or len(word) <= 3:
            return word
        if word.endswith(("oes", "aes")):  # Portuguese: pões, pães -> pão (accents are gone)
            return word[:-3] + "ao"
        word = word[:-1] if word.endswith(("s", "x")) and not word.endswith("ss") else word
        # verb and adjective endings differ in the last letters: "termine", "terminée",
        # "terminer" (or "acaba", "acabar", "acabou") share their first STEM_CHARS letters
        return word[:self.STEM_CHARS]

    STEM_CHARS = 6


class KoreanAnalyzer(PlainAnalyzer):
    """Korean: a word's particle (조사) dropped, so that "쥐를" and "쥐는" find "쥐"."""

    PARTICLES = tuple(sorted(
        "은 는 이 가 을 를 의 에 와 과 도 만 로 으로 에서 에게 까지 부터 보다 처럼 이나 나 께 "
        "한테 이며 이고 하고 이다 입니다 에는 에서는 으로는 로는 에도 와는 과는 만큼".split(),
        key=len, reverse=True))

    def words(self, text: str) -> list[str]:
        # normalise() splits each Hangul syllable into its letters (NFKD): put them back
        return [unicodedata.normalize("NFC", w) for w in super().words(text)]

    # polite verb endings a question ends with: "끝나요", "완성돼요", "써요", "받아요"
    ENDINGS = tuple(sorted("어요 아요 해요 돼요 나요 가요 와요 워요 예요 이에요 세요 을까요 ㄹ까요 "
                           "까요 나요 는지 면 으면 려면 하면 되면 할 될 한 된 다 요".split(),
                           key=len, reverse=True))

    def stem(self, word: str) -> str:
        for particle in self.PARTICLES:
            if word.endswith(particle) and len(word) > len(particle):
                return word[: -len(particle)]
        for ending in self.ENDINGS:
            if word.endswith(ending) and len(word) > len(ending) + 1:
                return word[: -len(ending)]
        return word


class ChineseAnalyzer(PlainAnalyzer):
    """Chinese, written without spaces: every pair of neighbouring Han characters is a word
    (a lone character stands for itself), and Latin words and numbers as usual."""

    HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
    FILLERS = frozenset("的了吗呢吧啊是在有和与或也都就还会能可以么什怎这那个我你他她它们")

    def words(self, text: str) -> list[str]:
        out = []
        for token in super().words(text):
            if not self.HAN.search(token):
                out.append(token)
                continue
            for part in re.split(r"([\u3400-\u9fff\uf900-\ufaff]+)", token):
                if not part:
                    continue
                if not self.HAN.fullmatch(part):
                    out.append(part)
                elif len(part) == 1:
                    out.append(part)
                else:  # pairs, and each character alone (a word the pairs cut in two)
                    out.extend(part[i:i + 2] for i in range(len(part) - 1))
                    out.extend(ch for ch in part if ch not in self.FILLERS)
        return out


ANALYZERS: dict[str, Analyzer] = {
    "en": EnglishAnalyzer(),
    "fr": LatinAnalyzer("le la les l un une des du de d au aux a à et ou en dans sur pour par avec "
                        "que qui quoi ce cet cette ces son sa ses leur leurs il elle ils elles on "
                        "vous nous est sont ne pas plus se s y qu t il je j me m passe quel "
                        "quelle quels quelles"),
    "pt": LatinAnalyzer("o a os as um uma uns umas de do da dos das no na nos nas em e ou para "
                        "por pelo pela com que se seu sua seus suas ele ela eles elas você é são "
                        "não ao aos à às eu me meu minha acontece"),
    "ko": KoreanAnalyzer(),
    "zh": ChineseAnalyzer(),
}


def analyzer_for(lang: str) -> Analyzer:
    """The language's analyzer, or a plain one for a language that has none yet."""
    return ANALYZERS.get(lang) or PlainAnalyzer()


@dataclass(frozen=True, slots=True)
class Hit:
    """One clause found: its score and the fields that matched, best first."""

    clause: Clause
    score: float
    fields: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Results:
    """A search's answer: ranked hits, and the closest words when nothing matched."""

    query: str
    hits: tuple[Hit, ...]
    suggestions: tuple[str, ...] = ()


def _component_ids(node: Any) -> Iterable[str]:
    """Every id-like string inside a section of a components file."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for item in node:
            yield from _component_ids(item)
    elif isinstance(node, dict):
        if isinstance(node.get("id"), str):
            yield node["id"]
        for key, value in node.items():
            if key not in ("label", "note", "id"):
                yield key
                yield from _component_ids(value)


class QueryTooLong(DataError):
    """A query over QUERY_CHARS characters: refused before any work, in the reader's language."""

    def __init__(self, query: str, lang: str = "en"):
        self.count = len(query)
        super().__init__("query", catalogue(None, lang).format(
            "ui.lookup.too_long", {"limit": QUERY_CHARS, "count": self.count}))


def check_query(query: str, lang: str = "en") -> None:
    """Refuse a query longer than QUERY_CHARS characters (`QueryTooLong`)."""
    if len(query) > QUERY_CHARS:
        raise QueryTooLong(query, lang)


class _Near:
    """Words to find close matches among, indexed by the characters they hold, so that
    `close` compares a word only with those that could pass the cutoff."""

    def __init__(self, words: Iterable[str]):
        self.with_char: dict[str, list[str]] = {}
        for word in words:
            for char in set(word):
                self.with_char.setdefault(char, []).append(word)

    def close(self, word: str, n: int, cutoff: float) -> list[str]:
        """difflib.get_close_matches(word, all the words, n, cutoff), the same answer, cheaper.

        difflib's quick_ratio is 2·I/(len(word) + len(other)), where I counts the characters
        the two share; `shared` bounds I from above, so a word it rules out fails quick_ratio
        (hence the cutoff) and is never compared."""
        size = len(word)
        shared: dict[str, int] = {}
        for char, times in Counter(word).items():
            for other in self.with_char.get(char, ()):
                shared[other] = shared.get(other, 0) + times
        pool = [other for other, most in shared.items()
                if 2.0 * min(most, len(other)) / (size + len(other)) >= cutoff]
        return difflib.get_close_matches(word, pool, n=n, cutoff=cutoff)


class SearchIndex:
    """The clauses of one game in one language, ready to search."""

    def __init__(self, clauses: Iterable[Clause], lang: str = "en",
                 component_names: dict[str, list[str]] | None = None,
                 analyzer: Analyzer | None = None,
                 keywords: dict[str, str] | None = None):
        self.lang = lang
        self.analyzer = analyzer or analyzer_for(lang)
        self.clauses = list(clauses)
        names = component_names or {}
        self.fields: list[dict[str, Counter[str]]] = []
        self.surface: Counter[str] = Counter()  # the words as written, for suggestions
        self._shown: dict[str, str] = {}
        df: Counter[str] = Counter()
        for clause in self.clauses:
            fields = {"title": self._terms(clause.title(lang)),
                      "text": self._terms(clause.text(lang)),
                      "components": self._terms(" ".join(names.get(clause.id, []))),
                      "keywords": self._terms((keywords or {}).get(clause.id, ""))}
            self.fields.append(fields)
            df.update(set().union(*fields.values()))
        self.vocabulary = sorted(df)
        self._expanded: dict[str, dict[str, float]] = {}  # query word -> indexed terms
        self.idf = {t: math.log(1 + len(self.clauses) / n) for t, n in df.items()}
        self._near_terms = _Near(self.vocabulary)
        self._near_words = _Near(self.surface)
        # term -> (clause index, field, count) for every field holding it
        self._postings: dict[str, list[tuple[int, str, int]]] = {}
        for index, fields in enumerate(self.fields):
            for name, counts in fields.items():
                for term, count in counts.items():
                    self._postings.setdefault(term, []).append((index, name, count))
        self._title_stems = [" ".join(self.analyzer.stem(w)
                                      for w in self.analyzer.words(clause.title(lang)))
                             for clause in self.clauses]

    def _terms(self, text: str) -> Counter[str]:
        terms: Counter[str] = Counter()
        for word in self.analyzer.words(text):
            stem = self.analyzer.stem(word)
            terms[stem] += 1
            self.surface[word] += 1
            self._shown.setdefault(stem, word)
        return terms

    def _prefixed(self, term: str) -> dict[str, float]:
        """The indexed terms that `term` begins (if it is PREFIX_MIN long or longer)."""
        found: dict[str, float] = {}
        if len(term) >= PREFIX_MIN:
            vocabulary = self.vocabulary
            for index in range(bisect.bisect_left(vocabulary, term), len(vocabulary)):
                if not vocabulary[index].startswith(term):
                    break
                found[vocabulary[index]] = 0.7
        return found

    def _expand(self, term: str) -> dict[str, float]:
        """Indexed terms that `term` stands for, with how much each counts (1 = exact)."""
        if term in self.idf:
            return {term: 1.0}
        if term in self._expanded:
            return self._expanded[term]
        if len(self._expanded) >= EXPANSIONS_KEPT:
            self._expanded.clear()
        found = self._prefixed(term)
        self._expanded[term] = found
        for other in self._near_terms.close(term, 3, TYPO_CUTOFF):
            found[other] = max(found.get(other, 0.0),
                               0.8 * difflib.SequenceMatcher(None, term, other).ratio())
        return found

    def _gains(self, term: str, typos: bool = True
               ) -> tuple[dict[int, float], dict[int, set[str]]]:
        """For one query term: each clause's best gain from it, and the fields it matched
        (its typo matches counted only if `typos`)."""
        best: dict[int, float] = {}
        matched: dict[int, set[str]] = {}
        expanded = self._expand(term) if typos or term in self.idf else self._prefixed(term)
        for other, weight in expanded.items():
            idf = self.idf[other]
            for index, name, count in self._postings.get(other, ()):
                gain = FIELD_WEIGHTS[name] * idf * weight * (1 + math.log(count))
                best[index] = max(best.get(index, 0.0), gain)
                matched.setdefault(index, set()).add(name)
        return best, matched

    def search(self, query: str, limit: int = 10) -> Results:
        """The clauses that best match `query`, best first (at most `limit`). A query over
        QUERY_CHARS characters raises QueryTooLong."""
        check_query(query, self.lang)
        words = self.analyzer.words(query)
        numbers = [w for w in words if NUMBER.match(w)]
        terms = [self.analyzer.stem(w) for w in words if not NUMBER.match(w)]
        distinct = list(dict.fromkeys(terms))
        typo_words = set([t for t in distinct if t not in self.idf][:TYPO_WORDS])
        gains = {term: self._gains(term, term in typo_words) for term in distinct}
        phrase = " ".join(terms)
        scores = [0.0] * len(self.clauses)
        matched: list[set[str]] = [set() for _ in self.clauses]
        covered = [0] * len(self.clauses)
        if numbers:
            for index, clause in enumerate(self.clauses):
                names = {clause.number.casefold(), clause.id.casefold()}
                names |= {n.replace("-", "") for n in names}
                for number in numbers:
                    if number in names or number.replace("-", "") in names:
                        scores[index] += FIELD_WEIGHTS["number"] * 2
                        matched[index].add("number")
                    elif clause.number.casefold().startswith(number + "-"):
                        scores[index] += FIELD_WEIGHTS["number"] / 2
                        matched[index].add("number")
        for term in terms:  # in the query's order, repeats too: the scores add up as written
            best, fields = gains[term]
            for index, gain in best.items():
                if gain:
                    covered[index] += 1
                    scores[index] += gain
            for index, names in fields.items():
                matched[index] |= names
        hits = []
        for index, clause in enumerate(self.clauses):
            score = scores[index]
            if terms and covered[index]:
                score *= (covered[index] / len(terms)) ** 2
                if len(terms) > 1 and phrase in self._title_stems[index]:
                    score *= 1.5
            if score > 0 and not clause.number.startswith(TUTOR_NOTES):
                score *= CORE_PRIOR  # the game's own rules, before the tutor's notes
            if score > 0:
                order = [f for f in FIELD_WEIGHTS if f in matched[index]]
                hits.append(Hit(clause, round(score, 3), tuple(order)))
        hits.sort(key=lambda h: -h.score)  # stable: ties keep the rulebook's order
        suggestions = () if hits else tuple(self.suggest(query))
        return Results(query, tuple(hits[:limit]), suggestions)

    def suggest(self, query: str, count: int = 5) -> list[str]:
        """The indexed words closest to the query's words (for "did you mean")."""
        check_query(query, self.lang)
        out: list[str] = []
        for word in list(dict.fromkeys(self.analyzer.words(query)))[:TYPO_WORDS]:
            if len(out) >= count:
                break
            for close in self._near_words.close(word, 3, SUGGEST_CUTOFF):
                if close not in out and close != word:
                    out.append(close)
        if not out:  # nothing near: the clause titles' words are a place to start
            out = [w for w, _ in self.surface.most_common() if len(w) > 3][:count]
        return out[:count]


def component_names(game_id: str, lang: str = "en") -> dict[str, list[str]]:
    """For each clause with `components`, the names of the pieces in those sections."""
    game = get_game(game_id)
    data = read_json(game.package_dir / "data" / "components.json")
    cat = game.catalogue(lang)
    out: dict[str, list[str]] = {}
    for clause in game.rulebook():
        names: list[str] = []
        for section in clause.components:
            for ident in _component_ids(data.get(section, [])):
                name = cat.name(ident) if cat.has(f"name.{ident}") else None
                if name and name not in names:
                    names.append(name)
        if names:
            out[clause.id] = names
    return out


@cache
def index_for(game_id: str, lang: str = "en") -> SearchIndex:
    """The search index of one game's rulebook in one language (built once, then kept)."""
    game = get_game(game_id)
    return SearchIndex(game.rulebook(), lang, component_names(game.id, lang),
                       keywords=clause_keywords(game.id, lang))


def clause_keywords(game_id: str, lang: str = "en") -> dict[str, str]:
    """The words learners use for each clause, in one language (the game's
    data/search_keywords.json; none if the game has no such file)."""
    from foodplay.games import get_game

    path = get_game(game_id).package_dir / "data" / "search_keywords.json"
    if not path.exists():
        return {}
    data = read_json(path)
    words = data.get(lang, {})
    if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
        raise DataError(str(path), f"'{lang}' must map clause ids to words")
    return dict(words)


def search(game_id: str, query: str, lang: str = "en", limit: int = 10) -> Results:
    """Search one game's clauses; see `SearchIndex.search`."""
    return index_for(get_game(game_id).id, lang).search(query, limit)
