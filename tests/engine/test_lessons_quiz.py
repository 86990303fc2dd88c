"""Quizzes: generated from real positions of seeded bot games, and every answer agrees with
the engine when checked independently here; every explanation cites real clauses."""

from __future__ import annotations

import pytest
from quiz_games import final_position, position, quiz_of, quizzes_of

from foodplay.explain import event_text, reason_text
from foodplay.games import built_games, get_game
from foodplay.teaching import quiz

SEEDS = (1, 2, 3, 4)
CASES = [(g, s) for g in built_games() for s in SEEDS]


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{s}" for g, s in CASES])
def made(request):
    game, seed = request.param
    return game, seed, {q.kind: q for q in quizzes_of(game, seed)}  # shared with the coverage


def test_every_kind_of_quiz_is_made(made):
    game, seed, quizzes = made
    assert set(quizzes) == set(quiz.KINDS), (game, seed, sorted(quizzes))


def test_allowed_answers_are_the_engines_verdicts(made):
    game, seed, quizzes = made
    q = quizzes["allowed"]
    state, _ = position("allowed", game, seed)
    assert q.seat in state.decision().seats
    assert q.multiple and 2 <= len(q.choices) <= quiz.ALLOWED_SIZE
    assert any(c.correct for c in q.choices) and not all(c.correct for c in q.choices)
    rulebook = get_game(game).rulebook()
    for choice in q.choices:
        verdict = state.check(choice.move)
        assert choice.correct == verdict.ok
        assert choice.clauses == (verdict.clause,) and verdict.clause in rulebook
        assert reason_text(state, verdict) in choice.explanation
        assert f"Rule {rulebook[verdict.clause].number}" in choice.explanation
    assert len({c.move for c in q.choices}) == len(q.choices)


def test_reveal_answer_is_what_the_move_does_on_a_copy(made):
    game, seed, quizzes = made
    q = quizzes["reveal"]
    state, _ = position("reveal", game, seed)
    before = state.snapshot()
    right = [c for c in q.choices if c.correct]
    assert len(right) == 1 and not q.multiple
    twin = state.clone()
    events = twin.apply(right[0].move)
    assert state.snapshot() == before
    shown = [e for e in events if e.visible(q.seat)]
    # the sentences after the first (which restates the move), as the mover sees them
    assert right[0].text == " ".join(event_text(twin, e) for e in shown[1:4])
    cited = [c for e in shown for c in e.clauses]  # the explanation tells it all
    assert set(right[0].clauses) == set(cited)
    for e in shown:
        assert event_text(twin, e) in right[0].explanation
    texts = [c.text for c in q.choices]
    assert len(set(texts)) == len(texts) >= 2
    assert state.decision() is not None and right[0].move.seat in state.decision().seats


def test_scores_answers_are_the_final_scores_and_winners(made):
    game, seed, quizzes = made
    q = quizzes["scores"]
    state, _ = position("scores", game, seed)
    assert not state.is_over
    full = quiz.playout(game, seed)
    final = final_position(game, seed)
    assert final.is_over and q.step == len(full.moves) - 1
    scores, winners = final.scores(), final.winners()
    for choice in q.choices:
        if choice.claim[0] == "points":
            _, seat, points = choice.claim
            assert choice.correct == (scores[seat] == points)
            assert points >= min(0, *scores)
        else:
            _, seat = choice.claim
            assert choice.correct == (seat in winners)
        assert choice.clauses and all(c in get_game(game).rulebook() for c in choice.clauses)
    assert {c.claim[1] for c in q.choices if c.claim[0] == "points"} == set(range(final.players))


def test_marking(made):
    _, _, quizzes = made
    q = quizzes["allowed"]
    right = q.answer
    assert q.mark(right).correct
    everything = set(range(len(q.choices)))
    marked = q.mark(everything)
    assert not marked.correct and marked.wrong == everything - right and not marked.missed
    assert q.mark(()).missed == right


def test_quizzes_are_reproducible():
    a = [(q.kind, q.step, q.question, [c.text for c in q.choices]) for q in quiz.quizzes("burg", 5)]
    b = [(q.kind, q.step, q.question, [c.text for c in q.choices]) for q in quizzes_of("burg", 5)]
    assert a == b  # made twice: here, and once for the session (the coverage test's too)


def test_quiz_clauses_lists_where_each_clause_is_explained():
    """`quiz.quiz_clauses` (the coverage test reads the shared quizzes' clauses instead)."""
    found = quiz.quiz_clauses("burg", [1, 5])
    want: dict[str, list[str]] = {}
    for seed in (1, 5):
        for q in quizzes_of("burg", seed):
            for clause in q.clauses:
                want.setdefault(clause, []).append(f"{q.kind}/{seed}")
    assert found == want and found


def test_settings_cover_every_player_count_and_option():
    for game_id in built_games():
        game = get_game(game_id)
        seen = {quiz.settings_for(game_id, s)[0] for s in range(20)}
        assert seen == set(range(game.min_players, game.max_players + 1))
        for name, value in game.options.items():
            if isinstance(value, bool):
                assert any(quiz.settings_for(game_id, s)[1].get(name) == (not value)
                           for s in range(40)), (game_id, name)


MANY = [(g, s) for g in built_games() for s in range(1, 13)]


@pytest.mark.parametrize("game,seed", MANY, ids=[f"{g}-{s}" for g, s in MANY])
def test_every_choice_concerns_the_same_mover_and_decision(game, seed):
    """Over many seeded questions: every choice of a "what happens?" question is what one of
    the mover's own moves at that decision does, told without a name that gives it away; an
    "allowed" question's choices are all the deciding seat's candidates there."""
    for kind in ("allowed", "reveal"):
        q = quiz_of(kind, game, seed)  # quiz.quiz_at(kind, game, seed), shared
        if q is None:
            continue
        state, _ = position(kind, game, seed)
        decision = state.decision()
        assert decision is not None and q.seat in decision.seats
        assert q.tests == f"ui.quiz.tests.{kind}"
        for choice in q.choices:
            assert choice.move is not None and choice.move.seat == q.seat
            assert choice.move in state.candidates(q.seat)
        if kind == "reveal":
            played = [c for c in q.choices if c.correct][0]
            known = quiz.names_in(state, q.question + " " + played.text)
            for choice in q.choices:
                assert choice.move in state.legal_moves(q.seat)
                if choice.correct:
                    continue
                asked = quiz.names_in(state, q.question)
                own = quiz.names_in(state, quiz.move_text(state, choice.move)) - asked
                named = quiz.names_in(state, choice.text)
                assert not named & own, (choice.text, own)  # not ruled out by a name
                assert named <= known | quiz._view_names(state, q.seat, "en")
