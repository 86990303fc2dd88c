"""Hidden information at the table (issue #30): the companion never asks for a private hand or
a secret choice before the rules reveal it. A private draw (`State.draw(..., private=True)`)
takes the top of the engine's own shuffled pile and is logged as `Outcome(pile, None)`; when the
table later names a card the engine put somewhere else (played, served or shown), an
unresolved private draw is reassigned to it and the game replayed.

This first version is minimal (BURG and Coffee Rush draw only in public): it fits nothing, so
the session refuses. The `table-private` branch replaces this module; the session calls its two
hooks, which must not change the position they are given:

- `fit_move(session, pos, move, verdict)`: the table entered `move`, which the engine refuses
  (`verdict`) in position `pos` (the session's `_Position`: `state`, `moves`, `pending`,
  `named`, `need`). Return `(new_pos, events)` if reassigning private draws makes it fit (the
  session's `_replay`, `_new` and `entries` serve to replay the log), else None to refuse.
- `fit_card(session, pos, entry)`: the table named `entry["card"]` for the draw `pos.need`,
  and the pile cannot give it as the engine sees it (a copy sits in a hidden hand). Same
  answer.
"""

from __future__ import annotations

from typing import Any

from foodplay.engine import Event, Move, Verdict


def fit_move(session: Any, pos: Any, move: Move,
             verdict: Verdict) -> tuple[Any, list[Event]] | None:
    """A refused move made to fit by reassigning hidden cards; None: nothing to reassign."""
    return None


def fit_card(session: Any, pos: Any, entry: dict[str, Any]) -> tuple[Any, list[Event]] | None:
    """A card no pile can give made to fit by reassigning hidden cards; None: refuse it."""
    return None
