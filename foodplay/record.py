"""Game records: JSON logs of moves that replay deterministically to any step."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from foodplay import limits
from foodplay.chance import Chance, ChanceRefused, Outcome, outcomes_from_json
from foodplay.data import DataError, Say, require
from foodplay.engine import Event, IllegalMove, Move, State
from foodplay.explain import reason_text, step_text
from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES, TemplateError, template_fields
from foodplay.limits import Shown

FORMAT = "foodplay.record/1"


class RecordError(ValueError):
    """A record that cannot be replayed: names the step, the move and the clause at fault."""

    def __init__(self, message: str | Say, *, step: int | None = None,
                 move: Move | None = None, clause: str | None = None,
                 said: Callable[[str], str] | None = None):
        super().__init__(limits.short_message(str(message)))  # no value repeated whole
        if said is None and isinstance(message, Say):
            said = lambda lang: limits.short_message(message.text(lang))  # noqa: E731
        self.step = step
        self.move = move
        self.clause = clause
        self._said = said

    def text(self, lang: str = "en") -> str:
        """The refusal in `lang`: a refused move is said from the catalogues (its step, the
        move and the rule's reason); other refusals, and English, as raised."""
        return str(self) if self._said is None or lang == "en" else self._said(lang)

    @classmethod
    def wrapping(cls, key: str, exc: DataError) -> RecordError:
        """A RecordError saying `exc` (a DataError) by message `key`, in any language."""
        return cls(Say(key, problem=exc))


@dataclass
class Record:
    """What is needed to replay a game: who played, how it was set up, and every move."""

    game: str
    players: int
    seed: int | None = None
    setup: dict[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] | None = None
    components: dict[str, Any] | None = None
    moves: list[Move] = field(default_factory=list)
    title: str | None = None
    rules_version: str | None = None
    narration: dict[int, str] = field(default_factory=dict)  # step -> message key
    # step -> a teacher's own comment (their words, so data rather than catalogue keys)
    annotations: dict[int, str] = field(default_factory=dict)
    # a game followed at a real table: what it drew, in order (foodplay.chance); None: seeded
    drawn: list[Outcome] | None = None
    _version_known: bool = field(default=False, repr=False, compare=False)

    def new_state(self) -> State:
        """The position before the first move, under the rules the record was played by."""
        return self._state_under(self.played_version())

    def cut(self, step: int) -> Record:
        """A new record of the first `step` moves, played under the same rules version (its
        title kept; narration and notes left out), for a learner who takes a seat there."""
        version = self.played_version()
        drawn = None
        if self.drawn is not None:  # only what those moves drew: a learner's own game draws on
            state = self._state_under(version)
            for move in self.moves[:step]:
                state.apply(move)
            drawn = state.chance.drawn()
        twin = Record(self.game, self.players, self.seed, self.setup, dict(self.options),
                      self.names, self.components, list(self.moves[:step]), self.title, version,
                      drawn=drawn)
        twin._version_known = self._version_known
        return twin

    def _state_under(self, version: str | None) -> State:
        chance = None if self.drawn is None else Chance(self.drawn, ask=False)
        return get_game(self.game).new_state(
            self.players, seed=self.seed, setup=self.setup, options=self.options,
            components=self.components, names=self.names, rules_version=version, chance=chance)

    def played_version(self) -> str | None:
        """The rules version this record's moves follow (None: the current one).

        Some releases kept writing a version their rules had left (`Game.rules_labels`): such
        a record is tried under each version its label may stand for, in order, and the first
        that accepts every move is the one; the record then says so, so it is saved with the
        right version. If none accepts every move, the one that gets furthest is kept, so the
        refusal a learner reads is the one of the rules the record most likely followed."""
        game = get_game(self.game)
        candidates = game.rules_labels.get(self.rules_version or "", ())
        if len(candidates) < 2 or self._version_known:
            return self.rules_version
        furthest, best = -1, candidates[0]
        for version in candidates:
            reached = self._moves_accepted(version)
            if reached == len(self.moves):
                best = version
                break
            if reached > furthest:
                furthest, best = reached, version
        self.rules_version, self._version_known = best, True
        return best

    def _moves_accepted(self, version: str) -> int:
        """How many of the moves, from the first, the rules `version` accept."""
        state = self._state_under(version)
        for index, move in enumerate(self.moves):
            try:
                state.apply(move)
            except IllegalMove:
                return index
        return len(self.moves)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version or get_game(self.game).rules_version,
            "players": self.players,
        }
        for name in ("title", "names", "seed", "setup", "components"):
            if getattr(self, name) is not None:
                data[name] = getattr(self, name)
        data["options"] = self.options
        if self.narration:
            data["narration"] = {str(k): v for k, v in sorted(self.narration.items())}
        if self.annotations:
            data["annotations"] = {str(k): v for k, v in sorted(self.annotations.items())}
        if self.drawn is not None:
            data["drawn"] = [outcome.to_json() for outcome in self.drawn]
        data["moves"] = [m.to_json() for m in self.moves]
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file: refused unread if it is not a regular file or is too big."""
        try:
            data = limits.parse_json(limits.read_file(path), limits.file_name(path),
                                     check=False)  # from_json checks
        except DataError as exc:
            raise RecordError.wrapping("record.wrapped", exc) from exc
        return cls.from_json(data)

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Parse a record from JSON text, or from bytes that must be UTF-8, within the limits."""
        try:
            data = limits.parse_json(text, Say("data.where.record"), check=False)
        except DataError as exc:  # from_json checks the tree
            raise RecordError.wrapping("record.wrapped", exc) from exc
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate the shape of a record; replaying it is a separate step."""
        try:
            limits.check_tree(data, "record")
            return cls._from_json(data)
        except DataError as exc:
            raise RecordError.wrapping("record.malformed", exc) from exc

    @classmethod
    def _from_json(cls, data: Any) -> Record:
        require(isinstance(data, Mapping), "record", Say("data.json_object"))
        require(data.get("format") == FORMAT, "format", Say(
            "record.format", expected=repr(FORMAT), value=Shown(data.get("format"))))
        game_id = data.get("game")
        require(isinstance(game_id, str) and game_id in built_games(), "game",
                Say("record.game", games=", ".join(built_games()), value=Shown(game_id)))
        game = get_game(game_id)
        players = data.get("players")
        require(isinstance(players, int) and not isinstance(players, bool)
                and game.min_players <= players <= game.max_players, "players",
                Say("record.players", low=game.min_players, high=game.max_players,
                    value=Shown(players)))
        seed, setup = data.get("seed"), data.get("setup")
        require(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)), "seed",
                Say("data.integer"))
        require(setup is None or isinstance(setup, dict), "setup", Say("data.object"))
        require(seed is not None or setup is not None, "seed",
                Say("record.seed_or_setup", seed="seed", setup="setup"))
        if setup is not None and "seed" in setup:
            require(isinstance(setup["seed"], int) and not isinstance(setup["seed"], bool),
                    "setup.seed", Say("data.integer"))
        # an older version is replayed under its own rules; an unknown one is refused whole
        rules_version = data.get("rules_version")
        if rules_version is not None:
            try:
                game.check_rules_version(rules_version)
            except DataError as exc:  # one sentence of its own, not "malformed record"
                raise RecordError.wrapping("record.sentence", exc) from exc
        options = data.get("options", {})
        require(isinstance(options, dict), "options", Say("data.object"))
        names = data.get("names")
        require(names is None or (isinstance(names, list) and len(names) == players),
                "names", Say("record.names", players=players))
        for i, name in enumerate(names or ()):
            limits.name(name, f"names[{i}]")
        components = data.get("components")
        require(components is None or isinstance(components, dict), "components",
                Say("data.object"))
        raw_moves = data.get("moves", [])
        require(isinstance(raw_moves, list), "moves", Say("data.list"))
        limits.moves(len(raw_moves), "moves")
        moves = []
        for i, raw in enumerate(raw_moves):
            try:
                moves.append(Move.from_json(raw))
            except TypeError as exc:
                said = exc.args[0] if exc.args and isinstance(exc.args[0], Say) else str(exc)
                raise DataError(Say("record.move_step", path=f"moves[{i}]", step=i + 1),
                                said) from exc
        title = data.get("title")
        require(title is None or isinstance(title, str), "title", Say("record.message_key"))
        narration = data.get("narration", {})
        require(isinstance(narration, dict), "narration", Say("record.narration_map"))
        steps = {}
        for key, value in narration.items():
            at = f"narration.{limits.part(key)}"
            require(_step_number(key, len(moves)), at, Say("record.step_number", last=len(moves)))
            require(isinstance(value, str), at, Say("record.message_key"))
            _narration_key(game, value, at, int(key))
            steps[int(key)] = value
        annotations = _annotations(data.get("annotations", {}), len(moves))
        drawn = None
        if "drawn" in data:
            limits.moves(len(data["drawn"]) if isinstance(data["drawn"], list) else 0, "drawn")
            drawn = outcomes_from_json(data["drawn"])
        return cls(game.id, players, seed, setup, options, names, components, moves, title,
                   rules_version, steps, annotations, drawn)


MAX_ANNOTATION = 4000  # characters in one teacher's comment


def _narration_key(game: Any, key: str, where: str, step: int) -> None:
    """A narration key must name a message of the game that needs no parameters, in every
    language (a plural message needs its count): a record gives none, and the app shows the
    message as it stands."""
    for lang in LANGUAGES:
        cat = game.catalogue(lang)
        require(cat.has(key), where, Say("record.narration_unknown", step=step,
                                         message=Shown(key), title=game.title))
        template = cat.template(key)
        if isinstance(template, dict):
            fields = [template.get("by", "count")]
        else:
            try:
                fields = sorted(name for name, _ in template_fields(template))
            except TemplateError:
                fields = ["?"]
        require(not fields, where, Say(
            "record.narration_fields", step=step, message=Shown(key), lang=lang,
            fields=", ".join("{" + f + "}" for f in fields)))


def _step_number(key: Any, last: int) -> bool:
    """Whether `key` is a step number "0" to `last` in plain ASCII digits (not "²" or "٣")."""
    return isinstance(key, str) and key.isascii() and key.isdecimal() and len(key) <= 9 \
        and int(key) <= last


def _annotations(raw: Any, last: int) -> dict[int, str]:
    """Validate a record's teacher comments: step number -> text, each step in the record."""
    require(isinstance(raw, dict), "annotations", Say("record.notes_map"))
    notes = {}
    for key, value in raw.items():
        at = f"annotations.{limits.part(key)}"
        require(_step_number(key, last), at, Say("record.step_number", last=last))
        require(isinstance(value, str) and len(value) <= MAX_ANNOTATION, at,
                Say("record.note", limit=MAX_ANNOTATION))
        if value.strip():
            notes[int(key)] = value
    return notes


@dataclass(frozen=True)
class Step:
    """One replayed step: the move (None for the set-up) and the events it caused."""

    index: int
    move: Move | None
    events: list[Event]


def replay(record: Record, upto: int | None = None) -> tuple[State, list[Step]]:
    """Replay `record` up to step `upto` (all moves by default); raise RecordError on a bad move."""
    try:
        state = record.new_state()
    except DataError as exc:
        raise RecordError.wrapping("record.no_setup", exc) from exc
    steps = [Step(0, None, list(getattr(state, "setup_events", [])))]
    last = len(record.moves) if upto is None else upto
    if not 0 <= last <= len(record.moves):
        raise RecordError(Say("record.step_outside", step=upto, last=len(record.moves)),
                          step=upto)
    for index, move in enumerate(record.moves[:last], start=1):
        steps.append(Step(index, move, play_checked(state, move, index)))
    return state, steps


def play_checked(state: State, move: Move, index: int) -> list[Event]:
    """Apply one recorded move, turning a refusal into a RecordError naming step and clause."""
    try:
        return state.apply(move)
    except ChanceRefused as exc:  # the table's named card does not fit the game here
        raise RecordError(Say("record.chance_step", step=index, problem=exc), step=index,
                          move=move) from exc
    except IllegalMove as exc:
        verdict = exc.verdict
        raise RecordError(
            f"step {index}: move {_move_text(move)} is not allowed "
            f"under clause {state.game.rulebook()[verdict.clause].number}: "
            f"{limits.printable(reason_text(state, verdict), 8 * limits.SHOWN_CHARS)}",
            step=index, move=move, clause=verdict.clause,
            said=lambda lang: _refusal_text(state, move, verdict, index, lang)) from exc


def _refusal_text(state: State, move: Move, verdict: Any, index: int, lang: str) -> str:
    """A refused move in `lang`, as the transcripts and quizzes say it: the step with its move
    ("Étape 7. Carol : …"), then why it is not allowed, citing the rule."""
    cat = state.game.catalogue(lang)
    try:
        move_said = step_text(state, move, lang)
    except (KeyError, IndexError, ValueError, TypeError):  # a move too odd to phrase
        move_said = _move_text(move)
    head = cat.format("cli.step_head", {"n": index, "move": move_said}, state.names)
    why = cat.format("ui.quiz.allowed.no", {
        "reason": limits.printable(reason_text(state, verdict, lang), 8 * limits.SHOWN_CHARS),
        "rule": state.game.rulebook()[verdict.clause].number}, state.names)
    return limits.short_message(cat.format("list.cited_sep").join((head, why)))


def _move_text(move: Move) -> str:
    """A move as short JSON for a message: long details are cut, control codes escaped."""
    return limits.printable(json.dumps(move.to_json(), ensure_ascii=False), 4 * limits.SHOWN_CHARS)
