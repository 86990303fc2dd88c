"""Quizzes generated from real positions by the engine: every answer comes from the engine,
never from hand-typed data, and every answer is explained with the clause behind it.

Three kinds, each asked about a position of a seeded bot game, shown from the deciding seat's
view (never the teacher's, which would show hidden cards):

- "allowed": which of these moves are allowed? The choices are candidate moves of the seat
  deciding; the engine's verdict on each is the answer, its reason and clause the explanation.
- "reveal": what happens when this move is made (an order served, a pile taken, a turn
  ended)? The move is applied to a copy of the position; its events are the answer, explained
  with the clauses they cite. Every other choice is an outcome a learner who has not read the
  rule would expect: the engine's outcome with who acts, or which card or pile, swapped for
  another value the engine uses at this position (a misreading of the clause), or what the
  engine says another move of the same mover there would do, told as that mover sees it. A
  wrong choice has the right answer's form (the same events), repeats exactly the question's
  names and numbers that the right answer repeats, names nothing the learner cannot see, and
  the right answer's place and length rank are drawn by the quiz's seeded generator, so that
  no choice can be ruled out by its surface (tests/engine/test_quiz_surface.py counts this).
- "scores": who scores what at the end? The game is played to its end; statements about the
  final scores and the winner are checked against `scores()` and `winners()`, and explained by
  the final events.

    quizzes("burg", seed=3)            # one quiz of each kind from one game
    quiz_clauses("burg", range(40))    # the clauses that 40 games' quizzes explain
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from foodplay.bots import bot_turns, make_bot
from foodplay.data import DataError
from foodplay.engine import Event, Move, Seat, State
from foodplay.explain import event_text, move_text, reason_text, step_text
from foodplay.games import get_game
from foodplay.record import Record
from foodplay.teaching.misreading import by_length, misread_values, misreadings, sentences_joined
from foodplay.timeline import Timeline

KINDS = ("allowed", "reveal", "scores")
# The moves whose consequences make a good "what happens?" question, per game (others: any
# move with more than one consequence).
REVEAL_KINDS = {
    "burg": ("reveal", "tool", "take", "done", "final", "skip"),
    "food-truck": ("reveal", "pick", "go_out", "detour", "cover", "rush", "recall", "swap"),
    "coffee-rush": ("serve", "done", "step", "stop", "upgrade", "pour", "return", "empty"),
    "cuisine-a-la-card": ("serve", "end", "buy", "buy_fridge", "buy_fork", "play", "fork",
                          "warm", "food_type", "trash", "retrieve", "discard"),
}
ALLOWED_SIZE = 4
REVEAL_SIZE = 3
REVEAL_TRIES = 40  # positions tried for a "what happens?" question before giving up
MAX_MOVES = 5_000


@dataclass(frozen=True)
class Choice:
    """One answer to choose, whether it is right, and why (sentences and clause ids)."""

    text: str
    correct: bool
    explanation: str
    clauses: tuple[str, ...]
    move: Move | None = None  # "allowed" and "reveal": the move the choice is about
    claim: tuple[Any, ...] = ()  # "scores": ("points", seat, points) or ("wins", seat)


@dataclass(frozen=True)
class Marking:
    """How a learner's answer fared: right overall, and which choices were missed or wrong."""

    correct: bool
    chosen: frozenset[int]
    missed: frozenset[int]  # right choices not chosen
    wrong: frozenset[int]  # chosen but not right


@dataclass(frozen=True)
class Quiz:
    """A question about one position. `record` holds the moves up to the position, `seat` is
    the seat whose view goes with the question (None: the teacher's)."""

    kind: str
    game: str
    record: Record
    seat: Seat | None
    question: str
    choices: tuple[Choice, ...]
    multiple: bool  # several choices may be right ("select all that apply")
    lang: str = "en"

    @property
    def step(self) -> int:
        return len(self.record.moves)

    @property
    def tests(self) -> str:
        """The message key that says what this kind of question tests."""
        return f"ui.quiz.tests.{self.kind}"

    @property
    def answer(self) -> frozenset[int]:
        return frozenset(i for i, c in enumerate(self.choices) if c.correct)

    def mark(self, chosen: Iterable[int]) -> Marking:
        picked = frozenset(chosen)
        right = self.answer
        return Marking(picked == right, picked, right - picked, picked - right)

    @property
    def clauses(self) -> list[str]:
        """Every clause the answer's explanations cite, in order (the quiz's rules)."""
        seen: dict[str, None] = {}
        for choice in self.choices:
            if choice.correct or self.kind == "allowed":
                seen.update(dict.fromkeys(choice.clauses))
        return list(seen)


# --- games to ask about -------------------------------------------------------------------
def settings_for(game_id: str, seed: int) -> tuple[int, dict[str, Any]]:
    """Players and options for the seed's game: every player count and every on/off option
    comes up across seeds (an option combination the game refuses falls back to defaults)."""
    game = get_game(game_id)
    span = game.max_players - game.min_players + 1
    players = game.min_players + seed % span
    options: dict[str, Any] = {}
    flags = [name for name, value in game.options.items() if isinstance(value, bool)]
    for bit, name in enumerate(flags):
        if (seed // span >> bit) & 1:
            options[name] = not game.options[name]
    try:
        game.new_state(players, seed=seed, options=options)
    except DataError:
        options = {}
    return players, options


@cache
def playout(game_id: str, seed: int) -> Record:
    """A whole game between bots (heuristic and random seats mixed by the seed), cached."""
    game = get_game(game_id)
    players, options = settings_for(game_id, seed)
    kinds = ["heuristic" if (seed + s) % 3 else "random" for s in range(players)]
    bots = [make_bot(k, seed * 101 + s) for s, k in enumerate(kinds)]
    record = Record(game.id, players, seed=seed, options=options)
    for move in bot_turns(record.new_state(), bots):
        record.moves.append(move)
        if len(record.moves) >= MAX_MOVES:
            break
    return record


_TIMELINES: dict[int, tuple[Record, tuple[Move, ...], Timeline]] = {}


def _timeline(record: Record) -> Timeline:
    """Checkpoints over a record (a few kept), so quiz positions are not replayed from step 0."""
    moves = tuple(record.moves)
    entry = _TIMELINES.get(id(record))
    if entry is None or entry[0] is not record or entry[1] != moves:
        if len(_TIMELINES) >= 16:
            del _TIMELINES[next(iter(_TIMELINES))]
        entry = _TIMELINES[id(record)] = (record, moves, Timeline(_cut(record, len(moves))))
    return entry[2]


def _position(record: Record, step: int) -> State:
    """The position before move `step` of `record` (read only)."""
    return _timeline(record).state_at(step)


def _cut(record: Record, step: int) -> Record:
    return record.cut(step)


def _sentences(state: State, events: Sequence[Event], seat: Seat | None, lang: str,
               limit: int | None = None) -> tuple[str, tuple[str, ...]]:
    shown = [ev for ev in events if ev.visible(seat)][:limit]
    text = sentences_joined((event_text(state, ev, lang) for ev in shown), lang)
    clauses: dict[str, None] = {}
    for ev in shown:
        clauses.update(dict.fromkeys(ev.clauses))
    return text, tuple(clauses)


def _text(state: State, lang: str, key: str, **params: Any) -> str:
    return state.game.catalogue(lang).format(key, params, state.names)


# --- "which of these moves are allowed?" --------------------------------------------------
def allowed_quiz(record: Record, step: int, seat: Seat, rng: random.Random, lang: str = "en",
                 size: int = ALLOWED_SIZE) -> Quiz | None:
    """Candidate moves of `seat` at `step`, some allowed and some not (None if the seat has
    no choice worth asking about). Refusals with different reasons are preferred."""
    position = _cut(record, step)
    state = _position(record, step)
    decision = state.decision()
    if decision is None or seat not in decision.seats:
        return None
    judged = [(m, state.check(m)) for m in state.candidates(seat)]
    legal = [j for j in judged if j[1].ok]
    refused = [j for j in judged if not j[1].ok]
    if not legal or not refused:
        return None
    rng.shuffle(legal)
    rng.shuffle(refused)
    by_reason: dict[tuple[str, str], tuple[Move, Any]] = {}
    for move, verdict in refused:
        by_reason.setdefault((verdict.clause, verdict.reason), (move, verdict))
    distinct = list(by_reason.values())
    rng.shuffle(distinct)
    n_legal = min(len(legal), max(1, rng.randint(1, size // 2)))
    picked = legal[:n_legal] + distinct[: size - n_legal]
    if len(picked) < size:
        picked += [j for j in refused if j not in picked][: size - len(picked)]
    rng.shuffle(picked)
    rulebook = state.game.rulebook()
    choices = []
    for move, verdict in picked:
        why = reason_text(state, verdict, lang)
        number = rulebook[verdict.clause].number
        key = "ui.quiz.allowed.yes" if verdict.ok else "ui.quiz.allowed.no"
        choices.append(Choice(move_text(state, move, lang), verdict.ok,
                              _text(state, lang, key, reason=why, rule=number),
                              (verdict.clause,), move))
    kind = _text(state, lang, decision.kind, seat=seat)
    question = _text(state, lang, "ui.quiz.allowed.question", seat=seat, decision=kind)
    return Quiz("allowed", record.game, position, seat, question, tuple(choices), True, lang)


# --- "what happens when ...?" -------------------------------------------------------------
@dataclass(frozen=True)
class _Outcome:
    kind: str
    card: Any
    text: str
    clauses: tuple[str, ...]


def _outcome(state: State, move: Move, seat: Seat | None, lang: str) -> tuple[_Outcome,
                                                                              list[Event]]:
    """What follows from `move` on a copy of the position, as `seat` sees it: up to three
    sentences after the first, which only restates the move (so the choices do not give the
    move away); empty if the move has no further consequence."""
    outcome, events, _ = _outcome_events(state, move, seat, lang)
    return outcome, events


def _outcome_events(state: State, move: Move, seat: Seat | None, lang: str
                    ) -> tuple[_Outcome, list[Event], tuple[State, list[Event]]]:
    """`_outcome`, with the position after the move and the events its text tells."""
    twin = state.clone()
    events = twin.apply(move)
    shown = [ev for ev in events if ev.visible(seat)][1:4]
    text, clauses = _sentences(twin, shown, seat, lang)
    card = next((dict(ev.params)["card"] for ev in events if "card" in dict(ev.params)), None)
    return _Outcome(move.kind, card, text, clauses), events, (twin, shown)


def _revealing(game_id: str, move: Move, events: Sequence[Event]) -> bool:
    kinds = REVEAL_KINDS.get(game_id)
    if kinds is not None:
        return move.kind in kinds and bool(events)
    return len(events) > 1


@cache
def _outcomes(game_id: str, seed: int, lang: str) -> tuple[tuple[int, _Outcome], ...]:
    """What the revealing moves of the seed's game did, where the mover had another move to
    make instead: (step, outcome) for each."""
    record = playout(game_id, seed)
    state = record.new_state()
    found = []
    for step, move in enumerate(record.moves):
        names = state.names
        choice = len(state.legal_moves(move.seat)) > 1
        events = state.apply_legal(move)  # the playout's moves were checked as they were made
        if choice and _revealing(game_id, move, events):
            shown = [ev for ev in events if ev.visible(move.seat)][:3]
            text = sentences_joined((state.game.catalogue(lang).format(ev.key, ev.params, names)
                                     for ev in shown), lang)
            card = next((dict(ev.params)["card"] for ev in events if "card" in dict(ev.params)),
                        None)
            clauses: dict[str, None] = {}
            for ev in events:  # every rule the move's outcome meets (the explanation's)
                if ev.visible(move.seat):
                    clauses.update(dict.fromkeys(ev.clauses))
            found.append((step, _Outcome(move.kind, card, text, tuple(clauses))))
    return tuple(found)


def _view_names(state: State, seat: Seat, lang: str) -> set[str]:
    """The names of the components the seat can see in the position, and the players'."""
    cat = state.game.catalogue(lang)
    ids: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            ids.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                walk(v)

    walk(state.view(seat))
    return {cat.name(i) for i in ids if cat.has(f"name.{i}")} | set(state.names)


def names_in(state: State, text: str, lang: str = "en") -> set[str]:
    """The component and player names a text mentions (whole words)."""
    names = [*_component_names(state.game.id, lang), *state.names]
    return {n for n in names  # a substring test first: the pattern only for a likely match
            if n and n in text and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


@cache
def _component_names(game_id: str, lang: str) -> tuple[str, ...]:
    """Every component name of the game's catalogue in `lang` (its `name.*` messages)."""
    cat = get_game(game_id).catalogue(lang)
    return tuple(text for key, text in cat.templates.items()
                 if key.startswith("name.") and isinstance(text, str))


def _nearness(move: Move, other: Move) -> tuple[int, int]:
    """How close a mistaken move is to the one played: same kind first, then shared details."""
    shared = sum(1 for k, v in move.params if dict(other.params).get(k) == v)
    return (0 if other.kind == move.kind else 1, -shared)


def _after(state: State, first: Move, then: Move, seat: Seat, lang: str) -> _Outcome | None:
    """What follows from `then` if the mover made the mistake `first` before it (None if
    `then` is not allowed after it)."""
    twin = state.clone()
    twin.apply(first)
    if not twin.check(then).ok:
        return None
    outcome, _ = _outcome(twin, then, seat, lang)
    return outcome


NUMBER_TOKEN = re.compile(r"(?<!\w)\d+(?!\w)")


def _tokens(state: State, text: str, lang: str) -> frozenset[str]:
    """The names and numbers a text holds (what a learner could match against the question)."""
    return frozenset(names_in(state, text, lang)) | frozenset(NUMBER_TOKEN.findall(text))


def reveal_quiz(record: Record, step: int, rng: random.Random, lang: str = "en",
                size: int = REVEAL_SIZE) -> Quiz | None:
    """What the move played at `step` does, beside plausible wrong outcomes (None if it is not
    a revealing move, or there is no wrong outcome that passes the checks below).

    The wrong outcomes are (a) what the engine says would follow from the same mover's other
    moves at that decision, and (b) the right outcome as a learner who misreads the clause
    expects it: the same events with who acts, or which card or pile, changed to another value
    the engine uses here (`misreadings`). A wrong outcome must share the right one's surface:
    it names no component the learner cannot see, no name telling the other move apart, and
    exactly the names and numbers of the question that the right outcome repeats; outcomes of
    the same form (the same events) only, so that no length or form gives the answer away. The
    right answer's place is drawn by `rng`."""
    if step >= len(record.moves):
        return None
    position = _cut(record, step)
    state = _position(record, step).clone()
    move = record.moves[step]
    seat = move.seat
    right, events, (twin_right, shown_right) = _outcome_events(state, move, seat, lang)
    if not _revealing(record.game, move, events) or not right.text:
        return None
    what = step_text(state, move, lang)
    if right.card is not None and right.kind == "reveal":
        question = _text(state, lang, "ui.quiz.reveal.question_card", step=what,
                         card=right.card)
    else:
        question = _text(state, lang, "ui.quiz.reveal.question", step=what)
    # names the learner can read off the question, the right answer or the table they see
    known = names_in(state, question + " " + right.text, lang) | _view_names(state, seat, lang)
    asked = _tokens(state, question, lang)
    repeated = _tokens(state, right.text, lang) & asked
    form = tuple(ev.key for ev in shown_right)
    others = [m for m in state.legal_moves(seat) if m != move]
    rng.shuffle(others)
    others.sort(key=lambda m: _nearness(move, m))
    candidates: list[tuple[int, Choice]] = []  # (0: same form and who acts, 1, 2; choice)
    seen = {right.text}
    pool_events: list[Event] = list(events)

    def fits(text: str) -> bool:
        named = names_in(state, text, lang)
        return (text not in seen and not named - known
                and _tokens(state, text, lang) & asked == repeated)

    for other in others[:12]:
        outcome, other_events, (_, shown) = _outcome_events(state, other, seat, lang)
        pool_events += other_events
        key = "ui.quiz.reveal.instead"
        if not outcome.text:  # no consequence of its own: the mistake, then the move asked
            outcome, key = _after(state, other, move, seat, lang), "ui.quiz.reveal.after"
            shown = []
        if outcome is None or not outcome.text or not fits(outcome.text):
            continue
        # never the name that tells the mistaken move apart from the move asked about
        telling = names_in(state, move_text(state, other, lang), lang) - \
            names_in(state, what, lang)
        if names_in(state, outcome.text, lang) & telling:
            continue
        seen.add(outcome.text)
        instead = _text(state, lang, key, seat=seat, move=move_text(state, other, lang),
                        then=move_text(state, move, lang))
        candidates.append((0 if tuple(ev.key for ev in shown) == form else 2,
                           Choice(outcome.text, False, instead, outcome.clauses, other)))
    twin = state.clone()
    full, full_clauses = _sentences(twin, twin.apply(move), seat, lang)
    pool = misread_values(pool_events, state.players)
    for param, text in misreadings(twin_right, shown_right, pool, lang, rng):
        if fits(text):
            seen.add(text)
            why = _text(state, lang, "ui.quiz.reveal.misread", what=full)
            candidates.append((0 if param == "seat" else 1,
                               Choice(text, False, why, right.clauses, move)))
    rng.shuffle(candidates)
    candidates.sort(key=lambda c: c[0])  # the same form and who acts first
    # a wrong outcome of another form (other events) would differ in length and form: the
    # right answer could be told by its surface alone, so such a position is not asked about
    wrong = by_length([choice for rank, choice in candidates if rank < 2], len(right.text),
                       size - 1, rng)
    if not wrong:
        return None
    choices = [Choice(right.text, True, _text(state, lang, "ui.quiz.reveal.yes", what=full),
                      full_clauses, move)] + wrong
    rng.shuffle(choices)
    return Quiz("reveal", record.game, position, seat, question, tuple(choices), False, lang)


# --- "who scores what at the end?" --------------------------------------------------------
def _about(ev: Event, seat: Seat) -> bool:
    params = dict(ev.params)
    if params.get("seat") == seat:
        return True
    return any(isinstance(v, list) and seat in v and k in ("seats", "tied", "winners")
               for k, v in params.items())


RESULT_WORDS = ("score", "win", "won", "end", "final", "medal", "point")


def _final_events(events: Sequence[Event], seat: Seat) -> list[Event]:
    """The final step's events that explain `seat`'s result: about the seat and about scoring
    or winning if there are such, else any about scoring or winning, else all."""
    scoring = [ev for ev in events if any(w in ev.key for w in RESULT_WORDS)]
    return ([ev for ev in scoring if _about(ev, seat)] or scoring or list(events))


def scores_quiz(record: Record, rng: random.Random, lang: str = "en") -> Quiz | None:
    """Statements about the final scores and the winner, asked just before the last move."""
    timeline = _timeline(record)  # checks every move once; its positions are shared
    final = timeline.state_at(timeline.last)
    if not final.is_over or len(record.moves) < 1:
        return None
    step = len(record.moves) - 1
    position = _cut(record, step)
    state = final
    last_events = timeline.steps[-1].events
    scores, winners = final.scores(), final.winners()
    cat = final.game.catalogue(lang)
    claim_key = f"{final.game.id}.quiz.scores.claim" if cat.has(
        f"{final.game.id}.quiz.scores.claim") else "ui.quiz.scores.claim"
    choices = []
    floor = min(0, *scores)  # a wrong score is never below any score the game can give here
    truths = [rng.random() < 0.5 for _ in range(final.players)]
    if not any(truths):  # at least one true statement: an empty answer is never the answer
        truths[rng.randrange(final.players)] = True
    for seat in range(final.players):
        true = truths[seat]
        points = scores[seat]
        if not true:
            wrong = [points + d for d in (-2, -1, 1, 2) if points + d >= floor]
            points = rng.choice(wrong)
        why, clauses = _sentences(state, _final_events(last_events, seat), None, lang)
        text = _text(state, lang, claim_key, seat=seat, count=points)
        key = "ui.quiz.scores.yes" if true else "ui.quiz.scores.no"
        choices.append(Choice(text, true, _text(state, lang, key, why=why, count=scores[seat],
                                                seat=seat), clauses,
                              claim=("points", seat, points)))
    if winners:
        true = rng.random() < 0.5 or len(winners) == final.players
        losers = [s for s in range(final.players) if s not in winners]
        seat = rng.choice(winners if true or not losers else losers)
        won = [ev for ev in last_events if any(_about(ev, w) for w in winners)
               and "win" in ev.key] or [ev for ev in last_events if "win" in ev.key] \
            or list(last_events)
        why, clauses = _sentences(state, won, None, lang)
        key = "ui.quiz.scores.wins" if len(winners) == 1 else "ui.quiz.scores.shares"
        text = _text(state, lang, key, seat=seat)
        verdict = "ui.quiz.scores.yes_win" if seat in winners else "ui.quiz.scores.no_win"
        choices.append(Choice(text, seat in winners,
                              _text(state, lang, verdict, why=why, seats=winners), clauses,
                              claim=("wins", seat)))
    before = _position(record, step)
    question = _text(before, lang, "ui.quiz.scores.question",
                     step=step_text(before, record.moves[-1], lang))
    return Quiz("scores", record.game, position, record.moves[-1].seat, question,
                tuple(choices), True, lang)


# --- sets of quizzes ----------------------------------------------------------------------
def _rarity(clauses: Iterable[str], counts: dict[str, int]) -> float:
    return sum(1 / counts.get(c, 1) for c in set(clauses))


def quiz_at(kind: str, game_id: str, seed: int, lang: str = "en") -> Quiz | None:
    """One quiz of `kind` from the seed's game. An odd seed picks a position whose answer needs
    the game's rarer rules, an even one any position, so that many seeds together meet both
    the common and the rare rules."""
    record = playout(game_id, seed)
    rng = random.Random(f"{game_id}/{kind}/{seed}")
    if kind == "scores":
        return scores_quiz(record, rng, lang)
    if kind == "reveal":
        outcomes = _outcomes(game_id, seed, lang)
        counts: dict[str, int] = {}
        for _, outcome in outcomes:
            for clause in outcome.clauses:
                counts[clause] = counts.get(clause, 0) + 1
        ranked = sorted(outcomes, key=lambda o: (-_rarity(o[1].clauses, counts) * (seed % 2),
                                                 rng.random()))
        for step, _ in ranked[:REVEAL_TRIES]:
            quiz = reveal_quiz(record, step, rng, lang)
            if quiz is not None:
                return quiz
        return None
    sample = []
    steps = set(rng.sample(range(len(record.moves)), min(30, len(record.moves))))
    for step in sorted(steps):  # positions from the record's checkpoints, read only
        state = _position(record, step)
        decision = state.decision()
        seat = rng.choice(decision.seats)
        reasons = {(v.clause, v.reason) for m in state.candidates(seat)
                   if not (v := state.check(m)).ok}
        sample.append((step, seat, reasons))
    counts = {}
    for _, _, reasons in sample:
        for clause, _ in reasons:
            counts[clause] = counts.get(clause, 0) + 1
    sample.sort(key=lambda x: (-_rarity((c for c, _ in x[2]), counts) * (seed % 2),
                               rng.random()))
    for step, seat, _ in sample[:8]:
        quiz = allowed_quiz(record, step, seat, rng, lang)
        if quiz is not None:
            return quiz
    return None


def quizzes(game_id: str, seed: int, lang: str = "en") -> list[Quiz]:
    """One quiz of each kind from the seed's game (a kind the game cannot ask is left out)."""
    return [q for kind in KINDS if (q := quiz_at(kind, game_id, seed, lang)) is not None]


def quiz_clauses(game_id: str, seeds: Iterable[int], lang: str = "en") -> dict[str, list[str]]:
    """For each clause the quizzes of these seeds' games explain: the quizzes (kind/seed)."""
    found: dict[str, list[str]] = {}
    for seed in seeds:
        for quiz in quizzes(game_id, seed, lang):
            for clause in quiz.clauses:
                found.setdefault(clause, []).append(f"{quiz.kind}/{seed}")
    return found


__all__ = ["KINDS", "Choice", "Marking", "Quiz", "allowed_quiz", "names_in", "playout",
           "quiz_at", "quiz_clauses", "quizzes", "reveal_quiz", "scores_quiz", "settings_for"]

