"""Hidden information at the table (issue #30): a first, minimal hook that table-private
replaces. The companion never asks for a private hand: a private draw takes the top of the
engine's own deck (foodplay.chance). Here a card named when it is played, served or shown will
be matched to an unresolved private draw; for now nothing is reassigned."""

from __future__ import annotations

from foodplay.engine import State


def note_private(state: State) -> None:
    """After an action: nothing to reassign yet (BURG and Coffee Rush draw in public)."""
    return None
