"""Rebuild every game's "see it in play" index (`foodplay/games/<game>/data/rule_index.json`).

Run after changing rules, lessons or worked examples; a test fails while an index is stale.

    python scripts/build_rule_index.py            # every game
    python scripts/build_rule_index.py burg       # one game
"""

from __future__ import annotations

import sys
import time

from foodplay.games import built_games, get_game
from foodplay.teaching.rule_index import places_for, write


def main(argv: list[str]) -> int:
    games = [get_game(g).id for g in argv] if argv else built_games()
    for game_id in games:
        start = time.perf_counter()
        path = write(game_id)
        rulebook = get_game(game_id).rulebook()
        missing = [c.number for c in rulebook if c.in_play and not places_for(game_id, c.id)]
        print(f"{path} ({time.perf_counter() - start:.1f} s)"
              + (f"; no place yet for {', '.join(missing)}" if missing else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
