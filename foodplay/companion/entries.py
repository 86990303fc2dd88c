"""A table's entries: reading one (a JSON move, or a chance entry naming a card that came out),
and the chance entry kinds a game declares for its piles (`Game.chance_kinds`).

An entry is a JSON object in the record's notation, seats from 0: a move such as
`{"seat": 1, "kind": "take", "pile": 2}`, or a chance entry `{"seat": 0, "kind": "reveal",
"card": "lettuce"}` whose kind is the pile's entry kind. A refusal here is an `EntryRefused`
(a message key, its parameters and, where a rule decides, the clause).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from foodplay.engine import Game, Move
from foodplay.limits import Shown

CHANCE_FIELDS = frozenset({"seat", "kind", "card"})
CARDS_NAMED = 8  # the cards a refusal names as still possible, most copies first
MAX_ENTRY_CHARS = 2000  # the longest entry line read (a move is a few dozen characters)


class EntryRefused(Exception):
    """An entry the companion does not take: `key` and `params` say why, `clause` cites the
    rule when one decides."""

    def __init__(self, key: str, clause: str | None = None, **params: Any):
        super().__init__(key)
        self.key = key
        self.clause = clause
        self.params = params


def read_entry(raw: Any) -> dict[str, Any]:
    """`raw` (a JSON text or a mapping) as an entry object with an integer seat and a kind, or
    EntryRefused naming what is wrong."""
    if isinstance(raw, str):
        if len(raw) > MAX_ENTRY_CHARS:
            raise EntryRefused("table.entry.too_long", limit=MAX_ENTRY_CHARS)
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise EntryRefused("table.entry.json", at=getattr(exc, "pos", 0) + 1) from exc
    if not isinstance(raw, Mapping):
        raise EntryRefused("table.entry.object", entry=Shown(raw))
    entry = dict(raw)
    seat, kind = entry.get("seat"), entry.get("kind")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise EntryRefused("table.entry.seat", entry=Shown(entry))
    if not isinstance(kind, str) or not kind:
        raise EntryRefused("table.entry.kind", entry=Shown(entry))
    if any(not isinstance(name, str) for name in entry):
        raise EntryRefused("table.entry.object", entry=Shown(raw))
    return entry


def chance_kind(game: Game, pile: str) -> str:
    """The entry kind naming a card drawn from `pile` ("deck.1" looks up "deck"); a pile the
    game does not declare is entered as a "draw"."""
    kinds = game.chance_kinds
    return kinds.get(pile) or kinds.get(pile.split(".")[0]) or "draw"


def is_chance_entry(game: Game, entry: Mapping[str, Any]) -> bool:
    """Whether `entry` names a card that came out of a pile (rather than a seat's move)."""
    kinds = set(game.chance_kinds.values()) or {"draw"}
    return "card" in entry and entry.get("kind") in kinds and set(entry) <= CHANCE_FIELDS


def chance_entry(game: Game, pile: str, seat: int | None, card: str) -> dict[str, Any]:
    """The chance entry naming `card` drawn from `pile` for `seat` (0 when the draw is the
    table's own, such as a market refill)."""
    return {"seat": 0 if seat is None else seat, "kind": chance_kind(game, pile), "card": card}


def move_of(entry: Mapping[str, Any]) -> Move:
    """The move an entry stands for (read_entry has checked its seat and kind)."""
    return Move.from_json(entry)


def entry_json(entry: Mapping[str, Any]) -> str:
    """An entry as one line of JSON, the way a script holds it."""
    return json.dumps(dict(entry), ensure_ascii=False, sort_keys=False)


def typed_text(entry: Any) -> str:
    """A refused entry as the table typed it."""
    if isinstance(entry, str):
        return entry
    try:
        return entry_json(entry)
    except (TypeError, ValueError):
        return repr(entry)


class CardsText:
    """Cards with their copies, "lettuce ×3, tomato", named in the sentence's language."""

    def __init__(self, game: Game, counted: list[tuple[str, int]]):
        self.game = game
        self.counted = counted

    def text(self, lang: str = "en") -> str:
        cat = self.game.catalogue(lang)
        named = [cat.name(c) if n == 1 else f"{cat.name(c)} ×{n}"
                 for c, n in self.counted[:CARDS_NAMED]]
        if len(self.counted) > CARDS_NAMED:  # the likeliest first; choices() lists them all
            named.append("…")
        return cat.series(named) if named else "—"


class EntryText:
    """An entry as a phrase, said in the language of the sentence that holds it."""

    def __init__(self, session: Any, entry: dict[str, Any]):
        self.session = session
        self.entry = entry

    def text(self, lang: str = "en") -> str:
        return self.session.entry_text(self.entry, lang)


class ReasonText:
    """A refusal's reason said in whatever language the sentence holding it is said in."""

    def __init__(self, result: Any):
        self.result = result

    def text(self, lang: str = "en") -> str:
        return self.result.reason(lang)
