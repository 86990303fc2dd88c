"""Every field of a position document replaced by a value of the wrong type: lists, objects,
huge and negative numbers, booleans, null, strings, floats. Shared by the position tests and
by the figures in the report (run as a script: `python tests/engine/position_mutations.py`)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

from foodplay.data import DataError
from foodplay.position_io import position_record
from foodplay.record import RecordError, replay

WRONG: list[Any] = [[], {}, [[]], [{}], {"id": 1}, [None], None, True, False, 0, -1, 10**30,
                    1.5, "", "x" * 300, ["x"], [1], [[1, 2]], {"0": []}]
# The keys a seat or a position may hold, added where they are missing
EXTRA_KEYS = {"burg": (("round", "deck", "seats"),
                       ("hand", "used", "burgers", "in_progress", "wastebasket", "rat_tokens")),
              "coffee-rush": (("round", "meeples", "seats", "start_token"),
                              ("tabs", "cups", "completed", "penalties", "spent", "rush",
                               "upgrades")),
              "cuisine-a-la-card": (("round", "active", "market", "fridge", "judges", "stacks",
                                     "trash", "seats"),
                                    ("hand", "deck", "discard", "plates", "medals", "eaten",
                                     "judges", "waiting", "dishes")),
              "food-truck": (("round", "supply", "seats"),
                             ("hand", "vp", "truck_deck", "truck_discard"))}
DOCUMENTS = {
    "burg": {"game": "burg", "players": 2, "seed": 4, "position": {"round": 3, "seats": [
        {"hand": {"tongs": 1, "tea": 2}, "used": ["tongs"], "burgers": [{"recipe":
                                                                          "cheeseburger"}],
         "in_progress": [{"bottom": "onion", "fillings": ["patty"]}],
         "wastebasket": ["rat", "lettuce"], "rat_tokens": 1}, {}]}},
    "coffee-rush": {"game": "coffee-rush", "players": 2, "seed": 4, "first_player": 0,
                    "position": {"meeples": [[[1, 1], [2, 2]], [[4, 4], [3, 3]]],
                                 "start_token": "open",
                                 "seats": [{"tabs": [["o01"], [], ["o02"], []],
                                            "cups": [["milk"], [], []], "completed": ["o03"],
                                            "penalties": ["o04"], "rush": 2},
                                           {"spent": ["o05", "o06", "o07"],
                                            "upgrades": ["crowd"]}]}},
    "cuisine-a-la-card": {"game": "cuisine-a-la-card", "players": 2, "seed": 4,
                          "deck_top": ["shrimp"], "position": {
                              "round": 5, "active": 1, "market": ["eggs", "butter", "rice",
                                                                  "tofu"],
                              "fridge": ["duck", "corn"],
                              "judges": ["home_cook", "nonna", "gourmet"],
                              "seats": [{"hand": ["spoon", "spoon", "brie", "fork", "salt"],
                                         "discard": ["cheddar"], "plates": ["tofu", None],
                                         "medals": 4, "eaten": ["eggs", "bok_choy", "salt"],
                                         "judges": ["pitmaster"], "waiting": ["pitmaster"],
                                         "dishes": [{"cards": ["eggs", "bok_choy", "salt"],
                                                     "points": 6, "medals": 1}]},
                                        {"hand": ["spoon"], "deck": ["spoon", "rice"],
                                         "medals": 2}]}},
    "food-truck": {"game": "food-truck", "players": 2, "seed": 4, "deck_top": ["hot_dog"],
                   "position": {"round": 4, "supply": ["pizza", "curry"], "seats": [
                       {"hand": ["burger", "doner", "pizza", "tacos", "noodles", "curry",
                                 "ice_cream"], "vp": 2, "truck_deck": ["swap", "detour"],
                        "truck_discard": ["recall", "cover", "rush"]}, {"vp": 1}]}},
}


def _order_ids() -> list[str]:
    from foodplay.games import get_game

    return sorted(get_game("coffee-rush").components().orders)


def document(game_id: str) -> dict:
    doc = copy.deepcopy(DOCUMENTS[game_id])
    if game_id == "coffee-rush":  # the tutor's order ids, whatever they are called
        ids = iter(_order_ids())
        seats = doc["position"]["seats"]
        for seat in seats:
            for name in ("completed", "penalties", "spent"):
                if name in seat:
                    seat[name] = [next(ids) for _ in seat[name]]
            if "tabs" in seat:
                seat["tabs"] = [[next(ids) for _ in tab] for tab in seat["tabs"]]
    return doc


def exported(game_id: str) -> dict:
    """A position document exported from the middle of a seeded bot game: every field the
    format has, decks and judge stacks in order."""
    from foodplay.bots import play_game
    from foodplay.position_io import position_document
    from foodplay.record import replay as replayed

    record, _ = play_game(game_id, 2, 5, ["heuristic"])
    state, _ = replayed(record, 0)
    found = []
    for move in record.moves:
        doc = position_document(state)
        if doc is not None:
            found.append(doc)
        state.apply(move)
    return found[len(found) // 2]


def _paths(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every path into `value`; of a list, its first three items only (decks are long)."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            yield from _paths(item, path + (index,))


def _set(doc: Any, path: tuple, value: Any) -> None:
    for step in path[:-1]:
        doc = doc[step]
    doc[path[-1]] = value


def mutations(game_id: str, base: dict | None = None) -> Iterator[tuple[str, str]]:
    """(where, JSON text) for every field of the game's document (or of `base`) set to every
    wrong value, and every missing position or seat key added with every wrong value."""
    base = document(game_id) if base is None else base
    paths = [p for p in _paths(base) if p]
    tops, seat_keys = EXTRA_KEYS[game_id]
    for key in tops:
        if key not in base["position"]:
            paths.append(("position", key))
    for s, seat in enumerate(base["position"]["seats"]):
        paths += [("position", "seats", s, key) for key in seat_keys if key not in seat]
    for path in paths:
        for value in WRONG:
            doc = copy.deepcopy(base)
            _set(doc, path, value)
            yield ".".join(map(str, path)), json.dumps(doc)


def run(game_id: str, moves: int = 6, base: dict | None = None) -> dict[str, Any]:
    """Try every mutation: counts of refused and accepted ones, and every other exception
    (TypeError and the like) as (where, exception). An accepted position plays a few random
    legal moves, so that a position the tutor cannot play is found too."""
    tried = refused = accepted = 0
    faults: list[tuple[str, str]] = []
    rng = random.Random(0)
    for where, text in mutations(game_id, base):
        tried += 1
        try:
            record = position_record(text)
            state, _ = replay(record)
            for _ in range(moves):
                legal = state.legal_moves()
                if not legal:
                    break
                state.apply(rng.choice(legal))
        except (DataError, RecordError):
            refused += 1
            continue
        except Exception as exc:  # noqa: BLE001 - every other exception is a fault to report
            faults.append((where, f"{type(exc).__name__}: {exc}"[:200]))
            continue
        accepted += 1
    return {"tried": tried, "refused": refused, "accepted": accepted, "faults": faults}


if __name__ == "__main__":
    from foodplay.games import built_games

    for game in built_games():
        for name, base in (("hand-written", None), ("exported", exported(game))):
            result = run(game, base=base)
            print(game, name, {k: v for k, v in result.items() if k != "faults"},
                  "faults:", len(result["faults"]))
            for where, fault in result["faults"][:40]:
                print("   ", where, fault)
