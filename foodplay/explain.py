"""Turn moves, events and verdicts into the learner's sentences, with the clauses they cite."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from foodplay.engine import Decision, Event, Move, Seat, State, Verdict
from foodplay.i18n.messages import catalogue
from foodplay.rulebook import Clause


@dataclass(frozen=True)
class Sentence:
    """One explained event: the sentence and the clauses it follows."""

    text: str
    clauses: tuple[Clause, ...]


def _catalogue(state: State, lang: str):
    return state.game.catalogue(lang)


def move_text(state: State, move: Move, lang: str = "en") -> str:
    """A move as a short phrase, such as "take pile 2"."""
    return _catalogue(state, lang).format(f"{state.game.id}.move.{move.kind}", move.params,
                                          state.names)


def step_text(state: State, move: Move, lang: str = "en") -> str:
    """A move with its player, such as "Bob: take pile 2"."""
    return _catalogue(state, lang).format("step.move", {"seat": move.seat,
                                                        "move": move_text(state, move, lang)},
                                          state.names)


def move_hidden(before: Decision | None, move: Move, seat: Seat | None,
                private: Collection[str] = ()) -> bool:
    """Whether `seat` may not read `move`: another seat's part of a simultaneous secret choice,
    or another seat's move of a kind the game keeps private (`State.PRIVATE_MOVES`, passed as
    `private`), such as a card warmed face down."""
    if seat is None or move.seat == seat:
        return False
    return (before is not None and before.simultaneous) or move.kind in private


def event_text(state: State, ev: Event, lang: str = "en") -> str:
    return _catalogue(state, lang).format(ev.key, ev.params, state.names)


def reason_text(state: State, verdict: Verdict, lang: str = "en") -> str:
    return _catalogue(state, lang).format(verdict.reason, verdict.params, state.names)


def explain(state: State, events: list[Event], seat: Seat | None = None,
            lang: str = "en") -> list[Sentence]:
    """The events `seat` may see, as sentences with their clauses."""
    rulebook = state.game.rulebook()
    return [Sentence(event_text(state, ev, lang), tuple(rulebook[c] for c in ev.clauses))
            for ev in events if ev.visible(seat)]


def clause_label(clause: Clause, lang: str = "en", state: State | None = None) -> str:
    """"Rule 5-2 · rulebook" style label."""
    cat = state.game.catalogue(lang) if state else catalogue(None, lang)
    return (f"{cat.format('clause.ref', {'number': clause.number})} · "
            f"{cat.format('provenance.' + clause.provenance)}")
