"""Rule search within bounds: a query over QUERY_CHARS characters is refused before any work,
the limit holds every clause title and glossary term in every language, and no query under it
makes the search compare many words (the typo look-up is difflib's answer, found cheaply)."""

from __future__ import annotations

import difflib
import json
import math
import random
import string
from pathlib import Path

import pytest

from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay.limits import QUERY_CHARS
from foodplay.teaching.search import (
    CORE_PRIOR,
    FIELD_WEIGHTS,
    NUMBER,
    PREFIX_MIN,
    SUGGEST_CUTOFF,
    TUTOR_NOTES,
    TYPO_CUTOFF,
    QueryTooLong,
    SearchIndex,
    _Near,
    index_for,
    search,
)

GAMES = built_games()
HAN = "規則卡牌玩家回合咖啡訂單食物卡车"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_title_and_term_fits_the_limit_and_finds_its_clause(game, lang):
    index = index_for(game, lang)
    for clause in index.clauses:
        title = clause.title(lang)
        assert len(title) <= QUERY_CHARS // 2, title  # room for a question around it
        assert clause.id in [hit.clause.id for hit in index.search(title, 10).hits], title
    folder = get_game(game).package_dir / "data"
    for path in folder.glob(f"glossary.{lang}.json"):
        for term in json.loads(Path(path).read_text(encoding="utf-8")).get("terms", []):
            for text in (term["en"], term["term"], *term.get("forms", [])):
                assert len(text) <= QUERY_CHARS // 2, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_query_over_the_limit_is_refused_before_it_is_read(monkeypatch, lang):
    index = index_for("burg", lang)
    monkeypatch.setattr(index.analyzer, "words", lambda *_: pytest.fail("analysed"))
    for size in (QUERY_CHARS + 1, 1_000_000):
        with pytest.raises(QueryTooLong) as refused:
            index.search("r" * size)
        assert refused.value.count == size
        assert refused.value.problem == catalogue(None, lang).format(
            "ui.lookup.too_long", {"limit": QUERY_CHARS, "count": size})
    with pytest.raises(QueryTooLong):
        index.suggest("r" * (QUERY_CHARS + 1))


def adversarial(index: SearchIndex, rnd: random.Random) -> dict[str, str]:
    """Queries of QUERY_CHARS characters that were costly before the limit's rework."""
    words = [w for w in index.vocabulary if len(w) > 4] or index.vocabulary
    return {
        "Han pairs": "".join(rnd.choice(HAN) for _ in range(QUERY_CHARS)),
        "random three letters": " ".join("".join(rnd.choice(string.ascii_lowercase)
                                                 for _ in range(3)) for _ in range(40)),
        "typos": " ".join(w[:-1] + "q" for w in rnd.choices(words, k=60)),
        "prefixes": " ".join(w[:3] for w in rnd.choices(index.vocabulary, k=60)),
        "one letter": " ".join(rnd.choice(string.ascii_lowercase) for _ in range(60)),
    }


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_no_query_under_the_limit_compares_many_words(monkeypatch, game, lang):
    """difflib compares each candidate word once (real_quick_ratio first): counted here. The
    search before the limit compared up to 90,000 words for one 120-character query."""
    compared = [0]
    original = difflib.SequenceMatcher.real_quick_ratio

    def counted(self: difflib.SequenceMatcher) -> float:
        compared[0] += 1
        return original(self)

    monkeypatch.setattr(difflib.SequenceMatcher, "real_quick_ratio", counted)
    index = index_for(game, lang)
    for name, query in adversarial(index, random.Random(f"{game}{lang}")).items():
        query = query[:QUERY_CHARS]
        index._expanded.clear()
        compared[0] = 0
        index.search(query)
        assert compared[0] <= 300, (name, compared[0])


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_close_matches_are_difflibs_own(lang):
    index = index_for("cuisine-a-la-card", lang)
    near = _Near(index.vocabulary)
    rnd = random.Random(lang)
    for _ in range(300):
        word = rnd.choice(index.vocabulary)
        edit = rnd.randrange(4)
        at = rnd.randrange(len(word))
        word = [word, word[:at] + word[at + 1:], word[:at] + "e" + word[at:],
                "".join(rnd.choice(string.ascii_lowercase + "éç") for _ in range(5))][edit]
        if not word:
            continue
        for cutoff in (TYPO_CUTOFF, SUGGEST_CUTOFF):
            assert near.close(word, 3, cutoff) == \
                difflib.get_close_matches(word, index.vocabulary, n=3, cutoff=cutoff), word


def reference(index: SearchIndex, query: str, limit: int = 10) -> list[tuple[str, float]]:
    """The ranking as the search computed it before the limit's rework: every clause, every
    query word, difflib over the whole vocabulary."""
    words = index.analyzer.words(query)
    numbers = [w for w in words if NUMBER.match(w)]
    terms = [index.analyzer.stem(w) for w in words if not NUMBER.match(w)]
    expanded = []
    for term in terms:
        if term in index.idf:
            expanded.append({term: 1.0})
            continue
        found = {o: 0.7 for o in index.vocabulary if len(term) >= PREFIX_MIN and
                 o.startswith(term)}
        for other in difflib.get_close_matches(term, index.vocabulary, n=3, cutoff=TYPO_CUTOFF):
            found[other] = max(found.get(other, 0.0),
                               0.8 * difflib.SequenceMatcher(None, term, other).ratio())
        expanded.append(found)
    hits = []
    for clause, fields in zip(index.clauses, index.fields, strict=True):
        score, covered = 0.0, 0
        names = {clause.number.casefold(), clause.id.casefold()}
        names |= {n.replace("-", "") for n in names}
        for number in numbers:
            if number in names or number.replace("-", "") in names:
                score += FIELD_WEIGHTS["number"] * 2
            elif clause.number.casefold().startswith(number + "-"):
                score += FIELD_WEIGHTS["number"] / 2
        for choices in expanded:
            best = max((FIELD_WEIGHTS[name] * index.idf[term] * weight *
                        (1 + math.log(counts[term]))
                        for term, weight in choices.items()
                        for name, counts in fields.items() if counts[term]), default=0.0)
            if best:
                covered += 1
                score += best
        if terms and covered:
            score *= (covered / len(terms)) ** 2
            stems = " ".join(index.analyzer.stem(w)
                             for w in index.analyzer.words(clause.title(index.lang)))
            if len(terms) > 1 and " ".join(terms) in stems:
                score *= 1.5
        if score > 0 and not clause.number.startswith(TUTOR_NOTES):
            score *= CORE_PRIOR
        if score > 0:
            hits.append((clause.id, round(score, 3)))
    hits.sort(key=lambda h: -h[1])
    return hits[:limit]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_ranking_is_the_one_before_the_rework(game, lang):
    index = index_for(game, lang)
    rnd = random.Random(f"rank{game}{lang}")
    for _ in range(40):
        words = []
        for _ in range(rnd.randint(1, 5)):  # at most TYPO_WORDS unknown words: no cap applies
            word = rnd.choice(index.vocabulary)
            change = rnd.random()
            if change < 0.3 and len(word) > 3:
                word = word[:-1] + rnd.choice(string.ascii_lowercase)
            elif change < 0.5:
                word = word[:3]
            words.append(word)
        query = " ".join(words)
        found = [(h.clause.id, h.score) for h in search(game, query, lang).hits]
        assert found == reference(index, query), query
