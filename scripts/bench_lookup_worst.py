"""The worst rule search under the query limit, against normal queries, by CPU clock.

For every game and language: normal queries (what a learner types: clause titles, single
words with a typo, and for English the queries of bench_lookup.py), and the costliest query of
at most QUERY_CHARS characters found by a greedy search: every indexed word, its first three
letters, one-letter typos, a letter added, and random letters, each timed alone; the dearest
per character are packed into one query. Each query is timed cold (typo look-ups forgotten)
and the median of REPEATS runs kept. Printed: medians and ranges in ms, and the ratio of the
worst query to the median normal one.

    python scripts/bench_lookup_worst.py [REPEATS]
"""

from __future__ import annotations

import random
import statistics
import string
import sys
import time

from foodplay.games import built_games
from foodplay.i18n.messages import LANGUAGES
from foodplay.limits import QUERY_CHARS
from foodplay.teaching.search import SearchIndex, index_for

ENGLISH = ("rat", "what does a rat do", "tokns", "5-2", "serve a dish", "desert", "meeple",
           "Mozzarela", "qqqq", "first player")


def cold_cpu(index: SearchIndex, query: str, repeats: int) -> float:
    """Median CPU seconds of one search, its typo look-ups forgotten before each run."""
    times = []
    for _ in range(repeats):
        index._expanded.clear()
        start = time.process_time()
        index.search(query, 10)
        times.append(time.process_time() - start)
    return statistics.median(times)


def normal_queries(index: SearchIndex, rnd: random.Random) -> list[str]:
    titles = [clause.title(index.lang) for clause in index.clauses]
    words = [w for w in index.vocabulary if len(w) > 4]
    typos = []
    for word in rnd.sample(words, min(10, len(words))):
        at = rnd.randrange(len(word))
        typos.append(word[:at] + word[at + 1:])
    return rnd.sample(titles, min(10, len(titles))) + typos + \
        (list(ENGLISH) if index.lang == "en" else [])


def worst_query(index: SearchIndex, rnd: random.Random) -> str:
    candidates = set()
    for word in index.vocabulary:
        candidates |= {word, word[:3], word + rnd.choice(string.ascii_lowercase)}
        if len(word) > 3:
            at = rnd.randrange(len(word))
            candidates.add(word[:at] + "q" + word[at + 1:])
    for _ in range(300):
        candidates.add("".join(rnd.choice(string.ascii_lowercase)
                               for _ in range(rnd.randint(2, 8))))
    costs = []
    for word in sorted(candidates):
        if index.analyzer.words(word):
            costs.append((cold_cpu(index, word, 1) / (len(word) + 1), word))
    costs.sort(reverse=True)
    query = ""
    for _, word in costs:
        if len(query) + len(word) + 1 <= QUERY_CHARS:
            query = f"{query} {word}".strip()
    return query


def main(repeats: int = 5) -> None:
    rnd = random.Random(3)
    ratios = []
    for game_id in built_games():
        for lang in LANGUAGES:
            index = index_for(game_id, lang)
            normal = [cold_cpu(index, q, repeats) for q in normal_queries(index, rnd)]
            worst = cold_cpu(index, worst_query(index, rnd), repeats)
            ratio = worst / statistics.median(normal)
            ratios.append(ratio)
            print(f"{game_id:<18} {lang}  normal: median {statistics.median(normal) * 1e3:.2f} ms "
                  f"(range {min(normal) * 1e3:.2f}-{max(normal) * 1e3:.2f}), "
                  f"worst under {QUERY_CHARS} characters: {worst * 1e3:.2f} ms, "
                  f"{ratio:.1f}x the median normal query", flush=True)
    print(f"worst/normal over {len(ratios)} indexes: median {statistics.median(ratios):.1f}x, "
          f"range {min(ratios):.1f}-{max(ratios):.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
