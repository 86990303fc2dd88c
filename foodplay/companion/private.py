"""Hidden information at the table (issue #30): the companion never asks for a private hand or
a secret choice before the rules reveal it. A private draw (`State.draw(..., private=True)`)
takes the top of the engine's own shuffled pile and is logged as `Outcome(pile, None)`; when the
table later names a card the engine put somewhere else (played, served or shown), an
unresolved private draw is reassigned to it and the game replayed.

This first version is minimal (BURG and Coffee Rush draw only in public, and have no secret
move the table never enters): it plays nothing and fits nothing. The `table-private` branch
replaces this module, with the same four functions, which the session calls:

- `play_secret_moves(state)`: play, on `state` itself, the moves the table never enters (such
  as the order a seat stacks a hidden pile in); return them and the events they showed.
- `is_secret(state, move)`: whether `move` is one of those (a record's entries skip it).
- `fit(new_state, moves, state, move)`: the engine refuses `move` in `state` (after `moves`,
  from `new_state(chance)`); a `Fit` whose `state` holds the card in hand after reassigning a
  private draw (`ok`), or a refusal (`key`, `clause`, `params`); None: not a hidden card.
- `pin(state, move)`: after `move` is applied, the card it showed is known now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from foodplay.chance import Chance
from foodplay.engine import Event, Move, State

NewState = Callable[[Chance], State]  # the session's game set up again, drawing from a Chance


def play_secret_moves(state: State) -> tuple[tuple[Move, ...], list[Event]]:
    """The moves played for the table, and what they showed: none in this first version."""
    return (), []


def is_secret(state: State, move: Move) -> bool:
    """Whether the table never enters `move`: no move is, in this first version."""
    return False


def fit(new_state: NewState, moves: Sequence[Move], state: State, move: Move) -> Any:
    """A refused move made to fit by reassigning hidden cards; None: nothing to reassign."""
    return None


def pin(state: State, move: Move) -> None:
    """Note the card `move` showed: nothing is hidden in this first version."""
    return None
