"""The engine contract (DESIGN.md), tested the same way for every game.

Everything here is game-neutral and parametrized over `foodplay.games.built_games()` and every
player count, so a game is covered the moment it registers. Positions come from random playouts:
hypothesis draws the seed, a seeded `random.Random` picks among the legal moves, and the slow
checks run on a window of consecutive steps placed somewhere in the game (start, middle or end).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pytest
from bot_games import bot_game
from hypothesis import given, settings
from hypothesis import strategies as st

from foodplay.bots import HeuristicBot, RandomBot, suggest
from foodplay.engine import Decision, Event, IllegalMove, Move, State, Suggestion
from foodplay.explain import explain, move_text, step_text
from foodplay.games import LISTINGS, built_games, get_game
from foodplay.i18n.messages import LANGUAGES
from foodplay.record import Record, replay
from foodplay.rulebook import PROVENANCES
from foodplay.timeline import Timeline

GAMES = built_games()
CASES = [pytest.param(g, n, id=f"{g}-{n}p") for g in GAMES
         for n in range(get_game(g).min_players, get_game(g).max_players + 1)]
PROFILE = settings.get_profile("foodplay-engine")
# Sized for a 2-core CI box: 4 examples per game and player count (each checks a window of 30
# consecutive positions, so 120 positions per property and case), 2 for whole-game replays.
# FOODPLAY_EXAMPLES=200 widens every property for a long local soak.
PER_CASE = max(3, PROFILE.max_examples // 6)
EXAMPLES = settings(PROFILE, max_examples=PER_CASE)
WHOLE_GAMES = settings(PROFILE, max_examples=max(2, PER_CASE // 2))  # replays: costlier
MAX_MOVES = 20_000  # a random game longer than this counts as not terminating
CHECKPOINT = 50
WINDOW = 30  # consecutive steps that get the slow checks in one example
# A modest seed range lets the tests share cached playouts; FOODPLAY_EXAMPLES widens it.
SEEDS = st.integers(0, PROFILE.max_examples)
WHERE = st.integers(0, 100)  # where the window starts, in percent of the game
JUNK_VALUES = (None, -1, 0, 10**9, "", "?", True, 2.5, [], {"x": 1})
HERE = Path(__file__).parent
MISSING = object()


# --- playouts ----------------------------------------------------------------------------------
@dataclass
class Game:
    """One random game: its record, every step's events, and the final position."""

    record: Record
    events: list[list[Event]]
    final: State
    checkpoints: dict[int, State]  # clones every CHECKPOINT steps, to start windows quickly
    snapshots: list[Any] | None = None  # only when asked for: they are large


def random_game(game_id: str, players: int, seed: int, snapshots: bool = False) -> Game:
    """Play to the end with random legal moves (a random deciding seat when several decide).

    Without snapshots the game is cached and shared by the tests, which only read it."""
    return _play(game_id, players, seed, True) if snapshots else _cached(game_id, players, seed)


@lru_cache(maxsize=1024)
def _cached(game_id: str, players: int, seed: int) -> Game:
    return _play(game_id, players, seed, False)


def _play(game_id: str, players: int, seed: int, snapshots: bool) -> Game:
    record = Record(game_id, players, seed=seed)
    state = record.new_state()
    rng = random.Random(seed)
    game = Game(record, [list(getattr(state, "setup_events", []))], state, {},
                [state.snapshot()] if snapshots else None)
    while (decision := state.decision()) is not None:
        assert len(record.moves) < MAX_MOVES, f"{game_id} did not end within {MAX_MOVES} moves"
        if len(record.moves) % CHECKPOINT == 0:
            game.checkpoints[len(record.moves)] = state.clone()
        seat = rng.choice(decision.seats)
        move = rng.choice(state.legal_moves(seat))
        game.events.append(state.apply(move))
        record.moves.append(move)
        if snapshots:
            game.snapshots.append(state.snapshot())
    return game


def window(game: Game, where: int):
    """Yield (step, state) for WINDOW consecutive positions, the last one included if reached."""
    moves = game.record.moves
    start = min(len(moves), where * len(moves) // 100)
    base = max(k for k in game.checkpoints if k <= start) if game.checkpoints else 0
    state = game.checkpoints[base].clone() if game.checkpoints else game.record.new_state()
    for move in moves[base:start]:
        state.apply(move)
    for k in range(start, min(len(moves), start + WINDOW) + 1):
        yield k, state
        if k < len(moves):
            state.apply(moves[k])


def key(move: Move) -> str:
    """A type-strict identity for a move (True and 1 differ), which also works for list values."""
    return json.dumps(move.to_json(), sort_keys=True, default=repr)


def at(data: Any, path: tuple) -> Any:
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return MISSING
    return data


def junk_moves(state: State, decision: Decision, legal: list[Move]) -> list[Move]:
    """Malformed or misdirected variants of some legal moves: none of them may be allowed."""
    seats = range(state.players)
    others = [s for s in seats if s not in decision.seats] + [-1, state.players]
    junk: list[Move] = []
    for move in legal[:3]:
        junk += [Move(s, move.kind, move.params) for s in others]
        junk.append(Move(move.seat, "no-such-kind", move.params))
        junk.append(Move(move.seat, move.kind, move.params + (("zz_unknown", 1),)))
        for i, (name, _) in enumerate(move.params):
            rest = move.params[:i] + move.params[i + 1:]
            junk.append(Move(move.seat, move.kind, rest))
            junk += [Move(move.seat, move.kind, rest[:i] + ((name, v),) + rest[i:])
                     for v in JUNK_VALUES]
    legal_keys = {key(m) for s in seats for m in state.legal_moves(s)}
    return [m for m in junk if key(m) not in legal_keys]


@cache
def clause_ids(game_id: str) -> frozenset[str]:
    return frozenset(c.id for c in get_game(game_id).rulebook())


_FORMATTED: dict[tuple[str, str, str, tuple[str, ...]], str] = {}


def assert_formats(state: State, key_: str, params) -> str:
    """The English text of a message, which must exist and say something. Formatting depends
    only on the game's catalogue, the key, the parameters and the seat names, so each distinct
    message is formatted (and checked) once; repr() keeps True and 1 apart."""
    memo = (state.game.id, key_, repr(params), tuple(state.names))
    text = _FORMATTED.get(memo)
    if text is None:
        cat = state.game.catalogue("en")  # cached by foodplay.i18n.messages
        assert cat.has(key_), f"message key {key_!r} is missing from the English catalogue"
        text = cat.format(key_, params, state.names)
        assert text.strip(), f"{key_!r} formats to nothing"
        _FORMATTED[memo] = text
    return text


def assert_event_ok(state: State, ev: Event) -> None:
    assert ev.clauses, f"event {ev.key} cites no clause"
    for clause in ev.clauses:
        assert clause in clause_ids(state.game.id), f"{ev.key} cites unknown clause {clause!r}"
    assert ev.visible_to is None or (ev.visible_to and ev.visible_to <= set(range(state.players)))
    assert_formats(state, ev.key, ev.params)
    json.dumps(ev.to_json())


# --- 3. legal moves and verdicts ---------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
@settings(EXAMPLES)
@given(seed=SEEDS, where=WHERE)
def test_legal_moves_are_exactly_the_candidates_whose_verdict_is_ok(game_id, players, seed,
                                                                    where):
    game = random_game(game_id, players, seed)
    for _, state in window(game, where):
        before = state.snapshot()
        decision = state.decision()
        if decision is None:
            assert state.legal_moves() == []
            for seat in range(players):
                for move in state.candidates(seat):
                    assert not state.check(move).ok
            continue
        assert decision.seats and len(set(decision.seats)) == len(decision.seats)
        assert set(decision.seats) <= set(range(players))
        assert_formats(state, decision.kind, {"seat": decision.seats[0]})
        everyone = state.legal_moves()
        assert Counter(everyone) == Counter(m for s in decision.seats
                                            for m in state.legal_moves(s))
        for seat in range(players):
            legal = state.legal_moves(seat)
            assert len(set(legal)) == len(legal), "a legal move is listed twice"
            verdicts = {m: state.check(m) for m in state.candidates(seat)}
            assert set(legal) == {m for m, v in verdicts.items() if v.ok}
            if seat in decision.seats:
                assert legal, f"seat {seat} must decide but has no legal move"
            else:
                assert not legal
            for move in legal:
                assert move.seat == seat
                assert move_text(state, move).strip() and step_text(state, move).strip()
            for verdict in verdicts.values():
                assert verdict.clause in clause_ids(game_id)
                assert_formats(state, verdict.reason, verdict.params)
        assert state.snapshot() == before, "check() or legal_moves() changed the state"


@pytest.mark.parametrize("game_id, players", CASES)
@settings(EXAMPLES)
@given(seed=SEEDS, where=WHERE)
def test_an_illegal_move_raises_with_its_verdict_and_changes_nothing(game_id, players, seed,
                                                                     where):
    game = random_game(game_id, players, seed)
    for _, state in window(game, where):
        before = state.snapshot()
        decision = state.decision()
        if decision is None:
            refused = [m for s in range(players) for m in state.candidates(s)]
            refused.append(game.record.moves[-1])
            judged = [(m, state.check(m)) for m in refused]
        else:
            judged = [(m, v) for s in range(players) for m in state.candidates(s)
                      if not (v := state.check(m)).ok]  # each candidate judged once
            judged += [(m, state.check(m))
                       for m in junk_moves(state, decision, state.legal_moves())]
        for move, verdict in judged:
            assert not verdict.ok, f"{move} should be refused"
            assert verdict.clause in clause_ids(game_id)
            assert_formats(state, verdict.reason, verdict.params)
            try:
                state.apply(move)
            except IllegalMove as exc:
                assert exc.verdict == verdict and exc.move is move
            else:
                raise AssertionError(f"apply({move}) did not raise IllegalMove")
        # one comparison per position keeps this affordable; any refused move that changed
        # anything shows up here
        assert state.snapshot() == before, "a refused move changed the state"


# --- components, events, termination ---------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
@settings(EXAMPLES)
@given(seed=SEEDS)
def test_every_step_keeps_the_inventory_and_cites_real_clauses(game_id, players, seed):
    game = random_game(game_id, players, seed)  # reaching the end proves termination
    state = game.record.new_state()
    inventory = state.inventory()
    assert inventory and all(n >= 0 for n in inventory.values())
    for k, move in enumerate([None, *game.record.moves]):
        events = state.apply(move) if move else game.events[0]
        for ev in events:
            assert_event_ok(state, ev)
        assert state.inventory() == inventory, f"step {k}: a component appeared or vanished"
    final = game.final
    assert final.is_over and final.legal_moves() == []
    scores, winners = final.scores(), final.winners()
    assert len(scores) == players and all(isinstance(s, int) for s in scores)
    assert winners and set(winners) <= set(range(players))
    assert all(scores[w] == max(scores) for w in winners)


# --- 6. views and secrets ----------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
@settings(EXAMPLES)
@given(seed=SEEDS, where=WHERE)
def test_no_seat_sees_another_seats_secrets(game_id, players, seed, where):
    game = random_game(game_id, players, seed)
    describe = get_game(game_id).describe
    for k, state in window(game, where):
        teacher = state.view(None)
        views = {t: state.view(t) for t in range(players)}
        for view in (teacher, *views.values()):
            json.dumps(view)  # JSON-safe
            assert describe(view).strip()
        for s in range(players):
            for path in state.secret_paths(s):
                secret = at(teacher, path)
                assert secret is not MISSING, f"secret path {path} is not in the teacher's view"
                assert at(views[s], path) == secret, f"seat {s} cannot see its own {path}"
                for t in range(players):
                    if t != s:
                        assert at(views[t], path) != secret, \
                            f"step {k}: seat {t} sees seat {s}'s secret at {path}"
        events = game.events[k]
        for t in range(players):
            shown = explain(state, events, t)
            assert len(shown) == sum(ev.visible(t) for ev in events)
        assert len(explain(state, events, None)) == len(events)


def test_explain_leaves_out_events_a_seat_may_not_see():
    """`explain` filters by visible_to (a private event reaches only its seats)."""
    for game_id in GAMES:
        state = get_game(game_id).new_state(get_game(game_id).min_players, seed=0)
        key_ = next(iter(state.game.catalogue("en").templates))
        private = Event(key_, (), (state.game.rulebook().clauses[0].id,), frozenset({0}))
        assert len(explain(state, [private], 0)) == 1
        assert explain(state, [private], 1) == []
        assert len(explain(state, [private], None)) == 1


# --- 7. records --------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
@settings(WHOLE_GAMES)
@given(seed=SEEDS)
def test_replay_is_deterministic_and_survives_save_and_load(game_id, players, seed):
    game = random_game(game_id, players, seed, snapshots=True)
    record, snaps = game.record, game.snapshots
    saved = Record.loads(record.dumps())
    assert saved.to_json() == record.to_json()
    for copy in (record, saved):  # with the playout itself, that is three runs of one record
        state = copy.new_state()
        assert state.snapshot() == snaps[0]
        for k, move in enumerate(copy.moves, start=1):
            assert state.apply(move) == game.events[k], f"step {k} has other events on replay"
            assert state.snapshot() == snaps[k], f"replay differs at step {k}"
    order = list(range(len(snaps)))
    random.Random(seed).shuffle(order)
    timeline = Timeline(Record.loads(record.dumps()))
    assert [s.events for s in timeline.steps] == game.events
    for k in order[:15] + [0, len(snaps) - 1]:
        assert timeline.state_at(k).snapshot() == snaps[k], f"Timeline.state_at({k}) differs"
    for k in order[:2]:
        assert replay(record, k)[0].snapshot() == snaps[k]


# --- 9. bots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
@settings(EXAMPLES)
@given(seed=SEEDS, where=WHERE)
def test_bots_only_choose_legal_moves(game_id, players, seed, where):
    game = random_game(game_id, players, seed)
    random_bot = RandomBot(seed)
    heuristic = HeuristicBot()
    for _, state in window(game, where):
        decision = state.decision()
        if decision is None:
            continue
        before = state.snapshot()
        for seat in decision.seats:
            legal = state.legal_moves(seat)
            hint = suggest(state, seat)
            assert isinstance(hint, Suggestion)
            assert hint.move in legal, f"the hint {hint.move} is not legal"
            assert_formats(state, hint.reason, hint.params)
            assert random_bot.choose(state, seat) in legal
            assert heuristic.choose(state, seat) in legal
        assert state.snapshot() == before, "a bot changed the state it was reading"


@pytest.mark.parametrize("game_id, players", CASES)
def test_heuristic_and_mixed_games_terminate(game_id, players):
    """One all-heuristic game (seed 1, shared with the golden files) and one with heuristic
    and random seats alternating (seed 0) end, and their records replay to the same end."""
    for seed, bots in ((1, ["heuristic"]), (0, ["heuristic", "random"] * 3)):
        record, final = bot_game(game_id, players, seed, bots[:players] if len(bots) > 1
                                 else bots, max_moves=MAX_MOVES)
        assert final.is_over and final.winners()
        assert replay(record)[0].snapshot() == final.snapshot()


# --- 4. chance ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players", CASES)
def test_chance_comes_only_from_the_games_own_rng(game_id, players, monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("the engine used the global random module")

    def trace(game: Game) -> tuple:
        """What a game shows step by step (its events) and where it ends."""
        return game.events, game.final.snapshot()

    baseline = trace(_play(game_id, players, 11, False))
    for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                 "uniform", "getrandbits", "seed"):
        monkeypatch.setattr(random, name, forbidden)
    assert trace(_play(game_id, players, 11, False)) == baseline
    other = trace(_play(game_id, players, 12, False))
    assert other != baseline, "the seed changes nothing"


# --- 1 and 8. identity and rulebook ------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_identity_matches_the_gallery_listing(game_id):
    game = get_game(game_id)
    entry = next(e for e in LISTINGS if e.id == game_id)
    assert (game.id, game.title, game.credits) == (entry.id, entry.title, entry.credits)
    assert (game.min_players, game.max_players) == (entry.min_players, entry.max_players)
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.rules_version, str) and game.rules_version
    json.dumps(dict(game.options))


@pytest.mark.parametrize("game_id", GAMES)
def test_rulebook_is_well_formed(game_id):
    rulebook = get_game(game_id).rulebook()
    assert rulebook.game_id == game_id and len(rulebook) > 0
    ids = [c.id for c in rulebook]
    numbers = [c.number for c in rulebook]
    assert len(set(ids)) == len(ids), "clause ids repeat"
    assert len(set(numbers)) == len(numbers), "clause numbers repeat"
    for clause in rulebook:
        assert clause.provenance in PROVENANCES
        assert clause.title("en").strip() and clause.text("en").strip()
        assert set(clause.languages) <= set(LANGUAGES) | {"ko", "fr", "pt", "zh"}
        assert rulebook[clause.id] is clause


@pytest.mark.parametrize("game_id", GAMES)
def test_scenarios_replay_and_their_narration_exists(game_id):
    game = get_game(game_id)
    cat = game.catalogue("en")
    for path in sorted((game.package_dir / "data" / "scenarios").glob("*.json")):
        record = Record.load(path)
        assert record.game == game_id
        state, steps = replay(record)
        for k, narration in record.narration.items():
            assert 0 <= k < len(steps)
            assert cat.has(narration), f"{path.name}: narration {narration!r} is missing"
            assert cat.format(narration, {}, state.names).strip()
        if record.title:
            assert cat.has(record.title)
        for step in steps:
            for ev in step.events:
                assert_event_ok(state, ev)


def _cited_by_playouts(game_id: str) -> set[str]:
    """Clauses cited by events and verdicts over some playouts and the game's scenarios."""
    game = get_game(game_id)
    seen: set[str] = set()
    records = [Record.load(p) for p in (game.package_dir / "data" / "scenarios").glob("*.json")]
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(3):
            records.append(random_game(game_id, players, seed).record)
            records.append(bot_game(game_id, players, seed, ["heuristic"])[0])
    for record in records:
        state = record.new_state()
        seen.update(c for ev in getattr(state, "setup_events", []) for c in ev.clauses)
        for move in record.moves:
            for seat in range(state.players):
                seen.update(state.check(m).clause for m in state.candidates(seat))
            seen.update(c for ev in state.apply(move) for c in ev.clauses)
    return seen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clause_is_exercised(game_id):
    """A game with its own rules test file (test_<game>_rules.py) proves clause coverage there;
    any other game must cite every clause in playouts and scenarios."""
    own = HERE / f"test_{game_id.replace('-', '_')}_rules.py"
    if own.exists():
        assert "def test_every_clause_is_covered" in own.read_text(encoding="utf-8")
        return
    rulebook = get_game(game_id).rulebook()
    seen = _cited_by_playouts(game_id)
    assert seen <= {c.id for c in rulebook}
    missing = [c.id for c in rulebook if c.id not in seen]
    assert not missing, (f"{game_id}: clauses {missing} are never cited by playouts or scenarios;"
                         f" add a scenario, or a {own.name} that covers them")
