"""Rule lookup costs, printed as numbers (never a timed test).

- search: time per query against a plain substring scan of the same clauses (the baseline),
  interleaved in one run; medians and ranges, and their ratio;
- the search index's build time per game (once per game and language, then cached);
- the rulebook reader's HTML with clause cards against plain entries (size and draw time).

    python scripts/bench_lookup.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import time

from foodplay.games import built_games, get_game
from foodplay.teaching.search import SearchIndex, component_names, search

QUERIES = ("rat", "what does a rat do", "tokns", "5-2", "serve a dish", "desert", "meeple",
           "Mozzarela", "qqqq", "first player")


def substring_scan(game_id: str, query: str) -> list[str]:
    needle = query.casefold()
    return [c.id for c in get_game(game_id).rulebook()
            if needle in (c.title() + " " + c.text()).casefold()]


def spread(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1e6:,.0f} µs "
            f"(range {min(values) * 1e6:,.0f}-{max(values) * 1e6:,.0f})")


def bench_search(rounds: int) -> None:
    for game_id in built_games():
        search(game_id, "warm up")  # build the index first
        ours, base = [], []
        for _ in range(rounds):
            for query in QUERIES:
                start = time.perf_counter()
                search(game_id, query)
                ours.append(time.perf_counter() - start)
                start = time.perf_counter()
                substring_scan(game_id, query)
                base.append(time.perf_counter() - start)
        ratio = statistics.median(ours) / statistics.median(base)
        print(f"search {game_id:<18} {spread(ours)}; substring scan {spread(base)}; "
              f"ratio {ratio:.0f}x")


def bench_index(rounds: int) -> None:
    for game_id in built_games():
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            SearchIndex(get_game(game_id).rulebook(), "en", component_names(game_id))
            times.append(time.perf_counter() - start)
        print(f"index  {game_id:<18} build {spread(times)}")


def bench_reader(rounds: int) -> None:
    from foodplay_widgets.app.explanation import RulebookReader
    from foodplay_widgets.app.lookup import card_html
    from foodplay_widgets.text import Text, badge, esc

    def plain(text: Text, clause, rulebook, prefix, target=False) -> str:  # before the cards
        return (f'<li id="{prefix}-{clause.id}" class="fp-rule" tabindex="-1"><h4>'
                f'{esc(text.clause_number(clause))} {esc(clause.title(text.lang))} '
                f"{badge(text, clause)}</h4><p>{esc(clause.text(text.lang))}</p></li>")

    for game_id in built_games():
        game = get_game(game_id)
        text, rulebook = Text(game), game.rulebook()
        reader = RulebookReader()
        reader.render(rulebook, text)
        sizes = {"cards": len(reader.html.value)}
        times: dict[str, list[float]] = {"cards": [], "plain": []}
        for _ in range(rounds):
            for name, make in (("cards", card_html), ("plain", plain)):
                start = time.perf_counter()
                html = "".join(make(text, c, rulebook, reader.prefix) for c in rulebook)
                times[name].append(time.perf_counter() - start)
                sizes.setdefault(name, len(html))
        print(f"reader {game_id:<18} cards {sizes['cards']:,} B, draw {spread(times['cards'])};"
              f" plain entries {sizes['plain']:,} B, draw {spread(times['plain'])}")


def main(argv: list[str]) -> int:
    rounds = int(argv[0]) if argv else 20
    bench_index(max(rounds // 4, 3))
    bench_search(rounds)
    bench_reader(rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
