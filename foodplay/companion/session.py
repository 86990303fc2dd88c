"""A real game followed entry by entry (issue #30): `TableSession`, its `Prompt` and `Result`.

The table enters what happened: moves in the record's notation (seats from 0) and chance
entries naming the card that came out of a pile, `{"seat": 0, "kind": "reveal", "card":
"lettuce"}`. The game is played by the engine with a `Chance` (foodplay.chance): a public draw
nobody has named yet stops the action that draws (ChanceNeeded), and the companion asks the
table for the card; the action is carried out again, on a clone, once every card it draws is
named. The log of entries is the source of truth: undo and corrections replay it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from foodplay.chance import Chance, ChanceNeeded, ChanceRefused, Outcome
from foodplay.companion.entries import (
    CardsText,
    EntryRefused,
    EntryText,
    ReasonText,
    chance_entry,
    chance_kind,
    entry_json,
    is_chance_entry,
    read_entry,
    typed_text,
)
from foodplay.companion.private import fit, is_secret, pin, play_secret_moves
from foodplay.engine import Event, Game, Move, Seat, State
from foodplay.explain import clause_label, step_text
from foodplay.games import get_game
from foodplay.limits import Shown
from foodplay.record import Record
from foodplay.refusal import said

ENTRY_SHOWN = 120  # the most of an entry a refusal repeats
_CHECK_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError)


@dataclass(frozen=True)
class Prompt:
    """What the table does next, said by a message key of the game's catalogue."""

    kind: str  # "move" (a seat decides), "chance" (the table says what came out), "over"
    seats: tuple[int, ...]
    key: str
    params: dict[str, Any]
    pile: str | None = None  # for "chance": the pile the card comes from
    possible: dict[str, int] = field(default_factory=dict)  # for "chance": card -> copies left
    game: str = field(default="", repr=False, compare=False)
    names: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def text(self, lang: str = "en") -> str:
        return get_game(self.game).catalogue(lang).format(self.key, self.params, self.names)


@dataclass(frozen=True)
class Result:
    """The answer to an entry: accepted (with what happened) or refused (nothing changed)."""

    ok: bool
    clause: str | None  # the clause applied, or the clause that refuses
    key: str  # the refusal's reason, or the acceptance's sentence
    params: dict[str, Any]
    events: list[Event]
    entry: dict[str, Any] | None = None
    number: int = 0  # the entry's number at the table, from 1
    game: str = field(default="", repr=False, compare=False)
    names: tuple[str, ...] = field(default=(), repr=False, compare=False)
    typed: str = field(default="", repr=False, compare=False)  # a refused entry as typed

    def reason(self, lang: str = "en") -> str:
        """The refusal's reason (or the acceptance's sentence) alone, in `lang`."""
        return get_game(self.game).catalogue(lang).format(self.key, said(self.params, lang),
                                                          self.names)

    def rule(self, lang: str = "en") -> str | None:
        """"Rule 4 · rulebook" for the clause, or None."""
        if self.clause is None:
            return None
        game = get_game(self.game)
        rulebook = game.rulebook()
        if self.clause not in rulebook:
            return None
        cat = game.catalogue(lang)
        clause = rulebook[self.clause]
        return (f"{cat.format('clause.ref', {'number': clause.number})} · "
                f"{cat.format('provenance.' + clause.provenance)}")

    def explained(self, lang: str = "en") -> list[tuple[str, list[str]]]:
        """What everyone at the table saw happen, each sentence with its clause labels."""
        game = get_game(self.game)
        cat, rulebook = game.catalogue(lang), game.rulebook()
        said_events = []
        for ev in self.events:
            if ev.visible_to is not None:
                continue
            labels = [clause_label(rulebook[c], lang) for c in ev.clauses if c in rulebook]
            said_events.append((cat.format(ev.key, ev.params, self.names), labels))
        return said_events

    def text(self, lang: str = "en") -> str:
        """The answer as the command line prints it: one sentence, then the explanation."""
        cat = get_game(self.game).catalogue(lang)
        shown_entry = Shown(entry_json(self.entry) if self.entry else self.typed,
                            ENTRY_SHOWN).text(lang)
        if self.ok:
            lines = [cat.format(self.key, said(self.params, lang), self.names)]
            sep = cat.template("list.cited_sep")
            lines += [f"  {sentence}  [{sep.join(labels)}]" if labels else f"  {sentence}"
                      for sentence, labels in self.explained(lang)]
            return "\n".join(lines)
        rule = self.rule(lang)
        key = "table.refused" if rule else "table.refused_plain"
        return cat.format(key, {"n": self.number, "entry": shown_entry,
                                "reason": self.reason(lang), "rule": rule or ""}, self.names)


@dataclass(frozen=True)
class _Position:
    """The game as the entries so far left it."""

    state: State | None  # None: the set-up still waits for a dealt card
    moves: tuple[Move, ...] = ()
    pending: Move | None = None  # a move waiting for the cards it draws
    named: tuple[Outcome, ...] = ()  # outcomes named so far for the pending action
    need: ChanceNeeded | None = None  # the card the table must name now
    shown: tuple[Event, ...] = ()  # what the moves the companion played for the table showed


class TableSession:
    """A real game followed entry by entry; the log of entries is the source of truth."""

    def __init__(self, game_id: str, players: int, *, first: int | None = None,
                 names: list[str] | None = None, options: Mapping[str, Any] | None = None,
                 seed: int = 0, setup: Mapping[str, Any] | None = None,
                 components: Mapping[str, Any] | None = None):
        """`setup` and `components` as for `Game.new_state` (a position to start from, a box
        of other cards); `first` (a seat from 0) goes into the set-up as `first_player`."""
        self.game: Game = get_game(game_id)
        self.game.check_players(players)
        self.players = players
        self.seed = seed
        self.setup = dict(setup or {})
        if first is not None:
            self.setup["first_player"] = first
        self.options = dict(options) if options else None
        self.names = list(names) if names else None
        self.components = components
        self.entries: list[dict[str, Any]] = []
        self._pos = self._start()
        self._names = tuple(self.state.names)

    # --- the game ---------------------------------------------------------------------------
    def _new(self, outcomes: list[Outcome] | Chance, ask: bool = True) -> State:
        chance = outcomes if isinstance(outcomes, Chance) else Chance(outcomes, ask=ask)
        return self.game.new_state(self.players, seed=self.seed, setup=self.setup or None,
                                   options=self.options, names=self.names,
                                   components=self.components, chance=chance)

    def _start(self) -> _Position:
        try:
            state = self._new([])
        except ChanceNeeded as need:
            return _Position(None, need=need)
        return self._settle(_Position(state))

    @property
    def state(self) -> State:
        """The position after the last complete action (while the set-up waits for dealt
        cards: the set-up with the cards not named yet taken from the top)."""
        pos = self._pos
        if pos.state is not None:
            return pos.state
        return self._new(list(pos.named), ask=False)

    @property
    def is_over(self) -> bool:
        return self._pos.need is None and self._pos.state is not None and self.state.is_over

    def scores(self) -> list[int]:
        return self.state.scores()

    def winners(self) -> list[Seat]:
        return self.state.winners() if self.is_over else []

    def _settle(self, pos: _Position) -> _Position:
        """After an action: when the only thing that can happen is a draw (BURG's reveal), the
        table is asked for the card at once."""
        state = pos.state
        if pos.need is not None or state is None or state.is_over:
            return pos
        secret, shown = play_secret_moves(state)  # private.py: never entered (Food Truck)
        if secret:
            pos = replace(pos, moves=pos.moves + secret, shown=pos.shown + tuple(shown))
        legal = state.legal_moves()
        if len(legal) != 1:
            return pos
        try:
            state.clone().apply_legal(legal[0])
        except ChanceNeeded as need:
            return replace(pos, pending=legal[0], need=need)
        return pos

    def _pile_clause(self, pos: _Position) -> str | None:
        clauses = self.game.chance_clauses
        if pos.state is None and "setup" in clauses:
            return clauses["setup"]
        pile = pos.need.pile if pos.need else ""
        found = clauses.get(pile) or clauses.get(pile.split(".")[0])
        if found is None and pos.pending is not None:
            found = pos.state.check(pos.pending).clause
        return found

    def _step(self, pos: _Position, entry: dict[str, Any]) -> tuple[_Position, list[Event]]:
        """The position after `entry`, and what happened; EntryRefused leaves `pos` as it was."""
        step = self._chance if is_chance_entry(self.game, entry) else self._move
        pos, events = step(pos, entry)
        if pos.shown:  # private.py: the moves played for the table are part of what happened
            pos, events = replace(pos, shown=()), events + list(pos.shown)
        return pos, events

    def _move(self, pos: _Position, entry: dict[str, Any]) -> tuple[_Position, list[Event]]:
        need = pos.need
        if need is not None:
            raise EntryRefused("table.chance_first", self._pile_clause(pos),
                               seat=need.seat if need.seat is not None else 0, pile=need.pile,
                               kind=chance_kind(self.game, need.pile))
        state = pos.state
        try:
            move = Move.from_json(entry)
            verdict = state.check(move)
        except _CHECK_ERRORS as exc:
            raise EntryRefused("table.entry.move", entry=Shown(entry)) from exc
        if not verdict.ok:  # private.py: a card the engine's arbitrary hand does not hold
            fitted = fit(self._new, pos.moves, state, move)
            if fitted is None:
                raise EntryRefused(verdict.reason, verdict.clause, **_safe(verdict.params))
            if not fitted.ok:
                raise EntryRefused(fitted.key, fitted.clause, **fitted.params)
            state = fitted.state
            pos = replace(pos, state=state)
        twin = state.clone()
        try:
            events = twin.apply(move)
        except ChanceNeeded as more:
            return replace(pos, pending=move, named=(), need=more), []
        pin(twin, move)  # private.py: the card it showed is known now
        return self._settle(_Position(twin, pos.moves + (move,))), events

    def _chance(self, pos: _Position, entry: dict[str, Any]) -> tuple[_Position, list[Event]]:
        need, seat, card = pos.need, entry["seat"], entry.get("card")
        if need is None:
            state = pos.state
            move = Move(seat, entry["kind"])
            try:
                verdict = state.check(move)
            except _CHECK_ERRORS:
                verdict = None
            if verdict is not None and not verdict.ok:
                raise EntryRefused(verdict.reason, verdict.clause, **_safe(verdict.params))
            raise EntryRefused("table.no_chance_now", None, kind=entry["kind"])
        clause = self._pile_clause(pos)
        kind = chance_kind(self.game, need.pile)
        if entry["kind"] != kind:
            raise EntryRefused("table.chance.kind", clause, kind=kind, pile=need.pile,
                               given=Shown(entry["kind"]))
        if need.seat is not None and seat != need.seat:
            raise EntryRefused("table.chance.seat", clause, seat=need.seat, given=Shown(seat))
        if not isinstance(card, str) or not card:
            raise EntryRefused("table.chance.card", clause, card=Shown(card), field="card")
        if not need.possible.get(card):
            key = "table.chance.no_copy" if card in self._known() else "table.chance.unknown"
            left = sorted(need.possible.items(), key=lambda item: (-item[1], item[0]))
            raise EntryRefused(key, clause, card=Shown(card, quoted=False), pile=need.pile,
                               left=CardsText(self.game, [item for item in left if item[1]]))
        named = pos.named + (Outcome(need.pile, card),)
        try:
            if pos.state is None:  # a card dealt at set-up
                try:
                    state = self._new(list(named))
                except ChanceNeeded as more:
                    return replace(pos, named=named, need=more), []
                return self._settle(_Position(state)), list(state.setup_events)
            twin = pos.state.clone()
            chance = twin.chance
            chance.outcomes[chance.used:] = list(named)
            try:
                events = twin.apply(pos.pending)
            except ChanceNeeded as more:
                return replace(pos, named=named, need=more), []
            pin(twin, pos.pending)
        except ChanceRefused as exc:
            raise EntryRefused(exc.say.key if exc.say else "table.entry.move", clause,
                               **(exc.say.params if exc.say else {})) from exc
        return self._settle(_Position(twin, pos.moves + (pos.pending,))), events

    def _known(self) -> set[str]:
        """Every card id of the game's components (a card the box does not hold is unknown)."""
        known = getattr(self, "_known_cards", None)
        if known is None:
            known = self._known_cards = set(self.state.inventory())
        return known

    # --- the table's side -----------------------------------------------------------------
    def prompt(self) -> Prompt:
        """What the table does next."""
        pos = self._pos
        cat = self.game.catalogue("en")
        gid = self.game.id
        facts = self._facts(pos)
        if pos.need is not None:
            need = pos.need
            kind = chance_kind(self.game, need.pile)
            seat = need.seat if need.seat is not None else 0
            possible = {c: n for c, n in sorted(need.possible.items(),
                                                key=lambda item: (-item[1], item[0])) if n}
            stage = "setup." if pos.state is None else ""
            key = next((k for k in (f"{gid}.table.{stage}{kind}", f"{gid}.table.{kind}")
                        if cat.has(k)), "table.chance")
            params = {"seat": seat, "pile": need.pile, "count": sum(possible.values()),
                      **facts}
            seats = () if need.seat is None else (need.seat,)
            return Prompt("chance", seats, key, params, need.pile, possible, gid, self._names)
        state = pos.state
        decision = state.decision()
        if decision is None:
            winners = state.winners()
            return Prompt("over", tuple(winners), "table.over",
                          {"seats": winners, "count": len(winners)}, game=gid,
                          names=self._names)
        suffix = decision.kind.rsplit(".", 1)[-1]
        key = f"{gid}.table.{suffix}" if cat.has(f"{gid}.table.{suffix}") else decision.kind
        waiting = [s for s in decision.seats if s in _deciding(state)]
        params = {"seat": waiting[0], "seats": waiting, "count": len(waiting), **facts}
        return Prompt("move", tuple(waiting), key, params, game=gid, names=self._names)

    def _facts(self, pos: _Position) -> dict[str, Any]:
        """Numbers a game's prompts name (BURG: how many ingredients to reveal)."""
        facts = getattr(pos.state, "table_facts", None)
        return dict(facts()) if callable(facts) else {}

    def choices(self) -> list[dict[str, Any]]:
        """The entries possible now, JSON, the likeliest first: the cards the pile can still
        give (most copies first), or the legal moves (the bot's suggestion first)."""
        pos = self._pos
        if pos.need is not None:
            need = pos.need
            cards = sorted((item for item in need.possible.items() if item[1]),
                           key=lambda item: (-item[1], item[0]))
            return [chance_entry(self.game, need.pile, need.seat, card) for card, _ in cards]
        state = pos.state
        if state.is_over:
            return []
        moves = state.legal_moves()
        try:
            best = self.game.heuristic(state, moves[0].seat).move if moves else None
        except _CHECK_ERRORS:
            best = None
        if best in moves:
            moves.remove(best)
            moves.insert(0, best)
        return [m.to_json() for m in moves]

    def enter(self, entry: Any) -> Result:
        """Take one entry (a mapping or a JSON text); a refusal changes nothing."""
        number = len(self.entries) + 1
        try:
            read = read_entry(entry)
            pos, events = self._step(self._pos, read)
        except EntryRefused as refused:
            return self._result(False, refused.clause, refused.key, refused.params, [],
                                None, number, typed=typed_text(entry))
        self._pos = pos
        self.entries.append(read)
        clause = next((ev.clauses[0] for ev in events if ev.clauses), None)
        return self._result(True, clause, "table.accepted",
                            {"n": number, "entry": EntryText(self, read)}, events, read, number)

    def entry_text(self, entry: Mapping[str, Any], lang: str = "en") -> str:
        """An entry as a phrase: "Bob: take pile 2", or "Alice: lettuce (deck)"."""
        try:
            if is_chance_entry(self.game, entry):
                return self.game.catalogue(lang).format("table.entry.chance", {
                    "seat": entry["seat"], "card": entry["card"]}, self._names)
            return step_text(self.state, Move.from_json(entry), lang)
        except (KeyError, IndexError, TypeError, ValueError):
            return entry_json(entry)

    def _result(self, ok: bool, clause: str | None, key: str, params: dict[str, Any],
                events: list[Event], entry: dict[str, Any] | None, number: int,
                typed: str = "") -> Result:
        return Result(ok, clause, key, params, events, entry, number, self.game.id,
                      self._names, typed)

    def _replay(self, entries: list[dict[str, Any]]) -> tuple[_Position, int | None, Any]:
        """The position after `entries` from the start; on a refusal, the index of the first
        entry that does not fit and its refusal."""
        pos = self._start()
        for index, entry in enumerate(entries):
            try:
                pos, _ = self._step(pos, entry)
            except EntryRefused as refused:
                return pos, index, refused
        return pos, None, None

    def undo(self) -> Result:
        """Drop the last entry (the game replays without it)."""
        if not self.entries:
            return self._result(False, None, "table.undo.nothing", {}, [], None, 0)
        last = self.entries[-1]
        pos, _, _ = self._replay(self.entries[:-1])
        self._pos = pos
        self.entries.pop()
        number = len(self.entries) + 1
        return self._result(True, None, "table.undone", {
            "n": number, "entry": EntryText(self, last)}, [], last, number)

    def correct(self, index: int, entry: Any) -> Result:
        """Replace entry `index` (from 0) and replay; refused, naming the first later entry
        that no longer fits, if the rest does not fit."""
        number = index + 1 if isinstance(index, int) else 0
        if not isinstance(index, int) or isinstance(index, bool) or \
                not 0 <= index < len(self.entries):
            return self._result(False, None, "table.correct.index",
                                {"count": len(self.entries), "given": Shown(index)}, [], None,
                                number)
        try:
            read = read_entry(entry)
        except EntryRefused as refused:
            return self._result(False, refused.clause, refused.key, refused.params, [],
                                None, number, typed=typed_text(entry))
        entries = self.entries[:index] + [read] + self.entries[index + 1:]
        pos, bad, refused = self._replay(entries)
        if bad is not None:
            if bad == index:
                return self._result(False, refused.clause, refused.key, refused.params, [],
                                    read, number)
            later = self._result(False, refused.clause, refused.key, refused.params, [],
                                 entries[bad], bad + 1)
            return self._result(False, refused.clause, "table.correct.later", {
                "later": bad + 1, "entry": EntryText(self, entries[bad]),
                "reason": ReasonText(later)}, [], read, number)
        self._pos = pos
        self.entries = entries
        return self._result(True, None, "table.corrected",
                            {"n": number, "entry": EntryText(self, read)}, [], read, number)

    # --- records ----------------------------------------------------------------------------
    def record(self) -> Record:
        """The game so far as a normal record, with what the table drew (`drawn`). An action
        still waiting for cards (a move, or the set-up's deal) is not in it: the cards named
        for it so far are left out, and the table enters them again after resuming."""
        pos = self._pos
        drawn = [] if pos.state is None else pos.state.chance.drawn()
        return Record(self.game.id, self.players, self.seed, self.setup or None,
                      dict(self.options or {}), self.names, self.components, list(pos.moves),
                      drawn=drawn)

    @classmethod
    def from_record(cls, record: Record) -> TableSession:
        """A saved table game (or any record) resumed: its moves and draws entered again, as
        the companion asks for them. A record that does not fit raises ValueError."""
        session = cls(record.game, record.players, names=record.names,
                      options=record.options or None, seed=record.seed or 0,
                      setup=record.setup, components=record.components)
        for result in enter_record(session, record):
            if not result.ok:
                raise ValueError(result.text("en"))
        return session


def _safe(params: Any) -> dict[str, Any]:
    """A verdict's parameters with a typed value that holds control characters, or is long,
    shown as a refusal shows a user's value (escaped, cut)."""
    return {name: Shown(value, quoted=False)
            if isinstance(value, str) and (len(value) > 40 or not value.isprintable()) else value
            for name, value in dict(params).items()}



def _deciding(state: State) -> set[Seat]:
    """The seats whose decision the game still waits for (a simultaneous choice: those who
    have not chosen)."""
    return {m.seat for m in state.legal_moves()} or set(state.decision().seats)


def enter_record(session: TableSession, record: Record) -> list[Result]:
    """Enter a record's game into `session` as a table would: each move, and each card it drew
    as a chance entry when the companion asks for it (a move that can only draw, such as BURG's
    reveal, is entered by its cards alone). Stops at the first refusal (the last result), or
    where a table's record ends (a seeded record, without `drawn`, has every draw logged)."""
    chance = Chance(record.drawn or [], ask=record.drawn is not None)
    results: list[Result] = []
    try:
        state = get_game(record.game).new_state(
            record.players, seed=record.seed, setup=record.setup, options=record.options,
            components=record.components, names=record.names,
            rules_version=record.rules_version, chance=chance)
    except ChanceNeeded:  # a table game saved before its set-up was dealt
        return results
    try:
        return _enter_moves(session, record, state, chance, results)
    except ChanceNeeded:  # the record of a table game that stopped before this card was named
        return results


def _enter_moves(session: TableSession, record: Record, state: State, chance: Chance,
                 results: list[Result]) -> list[Result]:

    def name_cards(outcomes: list[Outcome]) -> bool:
        for outcome in outcomes:
            need = session._pos.need
            if outcome.card is None or need is None or need.pile != outcome.pile:
                continue  # a private draw: never asked for (named once played: private.py)
            seat = need.seat if need is not None else None
            results.append(session.enter(chance_entry(session.game, outcome.pile, seat,
                                                      outcome.card)))
            if not results[-1].ok:
                return False
        return True

    if not name_cards(chance.drawn()):
        return results
    for move in record.moves:
        before = chance.used
        state.apply(move)
        drawn = chance.outcomes[before:chance.used]
        if is_secret(state, move):
            continue  # played by the companion (private.py)
        if session._pos.need is None or session._pos.pending != move:
            results.append(session.enter(move.to_json()))
            if not results[-1].ok:
                return results
        if not name_cards(drawn):
            return results
    return results


def entries_of(record: Record) -> list[dict[str, Any]]:
    """A record's game as the entries a table would make (see enter_record)."""
    session = TableSession(record.game, record.players, names=record.names,
                           options=record.options or None, seed=record.seed or 0,
                           setup=record.setup, components=record.components)
    enter_record(session, record)
    return list(session.entries)
