"""Position documents: a whole position as JSON (game, players, names, set-up) read into a
Record to start from, and written from a state whose game's position format can hold it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from foodplay import limits
from foodplay.data import DataError, Say, require
from foodplay.games import get_game
from foodplay.limits import Shown
from foodplay.position import SETUP_KEYS
from foodplay.record import Record

DOCUMENT_KEYS = ("game", "players", "options", "names") + SETUP_KEYS


def position_record(text: str | bytes) -> Any:
    """A Record to start from, read from JSON text: a saved game record, or a position
    document `{"game", "players"?, "seed"?, "first_player"?, "deck_top"?, "position"}`.

    The position is set up once here, so a bad one is refused now (DataError) rather than
    when the tutor opens it."""
    if isinstance(text, (bytes, bytearray)):  # an upload: a record keeps the loader's limits
        if b'"format"' in text[:4096] or len(text) > 1_000_000:
            return Record.loads(text)
        text = text.decode("utf-8", errors="replace")
    try:
        data = json.loads(text)
    except ValueError as exc:
        reason = limits.json_reason(exc.msg) if isinstance(exc, json.JSONDecodeError) \
            else Say("data.json.other", error=str(exc))
        raise DataError("position", Say("position.not_json", reason=reason)) from exc
    if isinstance(data, Mapping) and "format" in data:
        return Record.loads(text)
    require(isinstance(data, Mapping), "position", Say("data.json_object"))
    unknown = [k for k in data if k not in DOCUMENT_KEYS]
    if unknown:
        raise DataError(Say("data.where.position_file_key", key=str(unknown[0])),
                        Say("position.not_setting", allowed=", ".join(DOCUMENT_KEYS)))
    try:
        game = get_game(data.get("game"))
    except (KeyError, TypeError) as exc:
        raise DataError("game", Say("position.game", value=Shown(data.get("game")))) from exc
    seats = data.get("position", {}).get("seats") if isinstance(data.get("position"),
                                                                 Mapping) else None
    players = data.get("players", len(seats) if isinstance(seats, list) else game.min_players)
    setup = {k: data[k] for k in SETUP_KEYS if k in data}
    setup.setdefault("seed", 0)
    options = data.get("options", {})
    require(isinstance(options, Mapping), "options", Say("data.object"))
    names = data.get("names")
    require(names is None or (isinstance(names, list) and all(isinstance(n, str) for n in names)),
            "names", Say("position.names"))
    record = Record(game.id, players, setup=setup, options=dict(options), names=names)
    game.check_players(players)
    record.new_state()
    return Record.loads(record.dumps())  # through the loader's checks, as a saved file would


# the module of each game's package that writes its position format (`export(state)`)
EXPORTERS = {"burg": "position", "coffee-rush": "setup", "cuisine-a-la-card": "position",
             "food-truck": "position"}


def position_document(state: Any, seed: int = 0) -> dict[str, Any] | None:
    """The position document (as `position_record` reads) of `state`, if the game's position
    format can hold it at this step, else None: BURG and Food Truck at the start of a round,
    Coffee Rush when a round starts, Cuisine a la Card when a turn starts. Every deck is in
    its order; `seed` only drives shuffles still to come (docs/records.md)."""
    game = state.game
    found = game.part(EXPORTERS[game.id]).export(state)
    if found is None:
        return None
    return {"game": game.id, "players": state.players, "names": list(state.names),
            "seed": seed, **found}
