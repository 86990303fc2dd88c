"""Lessons: the format is validated with errors naming the field, every lesson file plays to
success along its expected line, every deviation gets its comment with nothing changed, hints
cost stars on the stated scale, and progress survives a round trip through a link."""

from __future__ import annotations

import copy
import json

import pytest

from foodplay.engine import Move
from foodplay.games import built_games
from foodplay.record import Record, RecordError
from foodplay.teaching import lessons
from foodplay.teaching.lessons import (
    STARS,
    Course,
    LessonError,
    LessonProgress,
    LessonRun,
    lesson_files,
    lessons_for,
    parse,
    parse_course,
)

FILES = [(game, path) for game in built_games() for path in lesson_files(game)]
ALL = [lesson for game in built_games() for lesson in lessons_for(game)]


def ids(items):
    return [getattr(i, "uid", None) or f"{i[0]}/{i[1].name}" for i in items]


def first_move(run: LessonRun) -> Move:
    expected = run.expected
    if expected.free:
        return run.state.legal_moves(run.lesson.seat)[0]
    return next(m for m in expected.accept if run.state.check(m).ok)


def play_line(run: LessonRun) -> list:
    outcomes = []
    while run.expected is not None:
        outcomes.append(run.attempt(first_move(run)))
        assert outcomes[-1].kind == "accepted", outcomes[-1]
    return outcomes


# --- every lesson file --------------------------------------------------------------------
@pytest.mark.parametrize("game,path", FILES, ids=ids(FILES))
def test_every_lesson_file_is_valid_and_verified(game, path):
    lesson = lessons.load(path)
    assert lesson.game == game
    assert path.stem.split("-", 1)[0].isdigit(), "lesson files start with their order number"
    lessons.verify(lesson)  # every branch of the line is allowed and ends in success
    catalogue = lesson.record.new_state().game.catalogue("en")
    for key in (lesson.title, lesson.goal, lesson.done):
        assert key is None or catalogue.has(key)


def test_five_lessons_or_more_for_every_game_with_lessons():
    games = lessons.games_with_lessons()
    assert "burg" in games
    for game in games:
        assert len(lessons_for(game)) >= 5, game


@pytest.mark.parametrize("lesson", ALL, ids=ids(ALL))
def test_each_lesson_is_played_to_success_by_its_expected_line(lesson):
    run = LessonRun(lesson)
    assert not run.finished
    outcomes = play_line(run)
    assert outcomes[-1].finished
    assert run.finished and run.succeeded
    assert run.stars == STARS  # no hints used
    assert run.met, "a lesson meets at least one rule"
    rulebook = run.state.game.rulebook()
    assert all(m.clause in rulebook for m in run.met)
    assert run.attempt(first_move_or_any(run)).kind == "over"


def first_move_or_any(run):
    moves = run.state.legal_moves(run.lesson.seat) or run.state.candidates(run.lesson.seat)
    return moves[0] if moves else Move.make(run.lesson.seat, "nothing")


@pytest.mark.parametrize("lesson", ALL, ids=ids(ALL))
def test_each_deviation_shows_its_comment_and_changes_nothing(lesson):
    run = LessonRun(lesson)
    seen_comment = False
    while run.expected is not None:
        expected = run.expected
        state = run.state
        before = state.snapshot()
        if not expected.free:
            for move in state.legal_moves(lesson.seat):
                if move in expected.accept:
                    continue
                outcome = run.attempt(move)
                assert outcome.kind == "off_line"
                assert outcome.comment == expected.comment_for(move)
                assert state.game.catalogue("en").has(outcome.comment)
                assert run.state.snapshot() == before and run.timeline.last == len(
                    run.timeline.steps) - 1
                seen_comment = True
            for move in expected.tries:
                outcome = run.attempt(move)
                assert outcome.kind == "refused" and not outcome.verdict.ok
                assert outcome.verdict.clause in state.game.rulebook()
                assert any(m.clause == outcome.verdict.clause for m in run.met)
                assert run.state.snapshot() == before
        assert run.state.snapshot() == before
        run.attempt(first_move(run))
    assert run.succeeded
    assert run.off_line >= (1 if seen_comment else 0)


# --- the runner ---------------------------------------------------------------------------
@pytest.fixture
def burger():
    return lessons.find("burg/first-burger")


def test_a_refused_move_is_answered_with_its_clause_and_changes_nothing(burger):
    run = LessonRun(burger)
    before = run.state.snapshot()
    outcome = run.attempt(Move.make(0, "flip", card="patty"))
    assert outcome.kind == "refused"
    assert (outcome.verdict.clause, outcome.verdict.reason) == ("R5-2", "burg.refuse.flip_has_bun")
    assert run.state.snapshot() == before and run.at == 0 and run.refused == 1
    # another seat's move is refused too, though the rules would allow it to that seat
    assert run.attempt(Move.make(1, "start")).kind == "refused"


def test_an_off_line_move_gets_the_specific_comment_and_what_it_would_do(burger):
    run = LessonRun(burger)
    run.attempt(Move.make(0, "start"))
    outcome = run.attempt(Move.make(0, "add", card="lettuce", burger=1))
    assert outcome.kind == "off_line"
    assert outcome.comment == "burg.lesson.first-burger.2.lettuce"
    assert [e.key for e in outcome.events] == ["burg.build.add"]
    outcome = run.attempt(Move.make(0, "done"))
    assert outcome.comment == "burg.lesson.first-burger.2.off"
    assert run.at == 1  # retry: still the same decision


def test_accepted_alternatives_lead_on(burger):
    run = LessonRun(burger)
    run.attempt(Move.make(0, "start"))
    assert run.attempt(Move.make(0, "add", card="cheese", burger=1)).kind == "accepted"
    assert run.attempt(Move.make(0, "add", card="patty", burger=1)).kind == "accepted"
    assert run.chosen == [0, 1, 1]
    assert run.attempt(Move.make(0, "close", burger=1)).finished
    assert run.succeeded


def test_hint_ladder_order_and_cost(burger):
    run = LessonRun(burger)
    assert run.next_rung()[1] == 0  # the nudge is free
    kinds = []
    costs = []
    while (nxt := run.next_rung()) is not None:
        costs.append(nxt[1])
        kinds.append(run.hint().kind)
    assert kinds == ["nudge", "clause", "piece", "answer"]
    assert costs == [0, 1, 1, 1]
    assert run.hint() is None
    assert run.stars == max(1, STARS - 3) == 1
    assert [m.clause for m in run.met if m.how == "hint"] == [] or any(
        m.clause == "R5-2" for m in run.met)
    assert run.answer() == Move.make(0, "start")
    run.attempt(run.answer())
    assert run.shown_rungs() == []  # a new decision, a new ladder
    run.hint()  # a free nudge on the next decision
    assert run.cost == 3 and run.stars == 1


def test_every_move_off_the_line_costs_a_star_and_a_refused_one_costs_nothing(burger):
    run = LessonRun(burger)
    assert run.attempt(Move.make(0, "flip", card="patty")).kind == "refused"
    assert run.stars == STARS  # asking the rules is free
    assert run.attempt(Move.make(0, "done")).kind == "off_line"
    assert run.stars == STARS - 1 and run.misses[0] == 1
    run.attempt(Move.make(0, "start"))
    assert run.attempt(Move.make(0, "add", card="lettuce", burger=1)).kind == "off_line"
    assert run.stars == STARS - 2
    run.attempt(Move.make(0, "done"))
    assert run.stars == 1  # never below one star


def test_a_hand_edited_address_never_raises_the_score(burger):
    run = LessonRun(burger)
    run.attempt(Move.make(0, "done"))  # a miss
    run.hint()
    run.hint()  # a paid hint
    run.attempt(Move.make(0, "start"))
    honest = Course(lesson=burger.uid, current=run.progress()).query()
    assert "misses=1" in honest and "check=" in honest
    assert LessonRun.resume(burger, parse_course(honest).current).stars == run.stars == 1
    for edited in (honest.replace("misses=1", "misses=0"),
                   honest.replace("&misses=1", ""),
                   honest.replace("hints=2", "hints=0"),
                   honest + "&stars=burg/first-burger:3"):
        course = parse_course(edited)
        twin = LessonRun.resume(burger, course.current)
        assert twin.stars <= run.stars or twin.at == 0, edited
        assert course.stars == {}
        assert course.problems, edited


def test_scoring_is_three_stars_minus_one_per_rung_beyond_the_first(burger):
    run = LessonRun(burger)
    run.hint()
    run.hint()  # clause rung: -1
    assert run.stars == 2
    run.attempt(Move.make(0, "start"))
    run.hint()
    assert run.stars == 2  # a nudge is free on every decision
    run.hint()
    assert run.stars == 1
    run.hint()
    assert run.stars == 1  # never below one star for a finished lesson


def test_the_clause_rung_names_a_clause_and_counts_as_met(burger):
    run = LessonRun(burger)
    run.hint()
    rung = run.hint()
    assert rung.kind == "clause" and rung.clause == "R5-2"
    assert any(m.clause == "R5-2" and m.how in ("hint", "event", "refusal") for m in run.met)


# --- progress ------------------------------------------------------------------------------
def test_progress_resumes_the_same_position_hints_and_score(burger):
    run = LessonRun(burger)
    run.attempt(Move.make(0, "start"))
    run.hint()
    run.hint()
    run.attempt(Move.make(0, "add", card="cheese", burger=1))
    run.hint()
    run.attempt(Move.make(0, "done"))  # off the line: one miss on the third decision
    progress = run.progress()
    assert progress == LessonProgress("burg/first-burger", (0, 1), (0, 2, 1), (0, 0, 1))
    course = Course(lesson=burger.uid, current=progress, stars={"burg/only-tongs": 3})
    assert "stars" not in course.query()  # never in the address: earned, kept in the browser
    again = parse_course(course.query())
    assert again.problems == []
    assert again.lesson == burger.uid and again.current == progress
    assert again.stars == {}
    twin = LessonRun.resume(burger, again.current)
    assert twin.state.snapshot() == run.state.snapshot()
    assert (twin.at, twin.rungs, twin.stars) == (run.at, run.rungs, run.stars)
    assert [m.clause for m in twin.met] and set(m.clause for m in twin.met) <= set(
        m.clause for m in run.met) | {"R5-4"}


@pytest.mark.parametrize("query,problem", [
    ("lesson=burg/nope", "ui.lesson.link.bad_lesson"),
    ("lesson=chess/first", "ui.lesson.link.bad_lesson"),
    ("lesson=burg/first-burger&moves=x.1", "ui.lesson.link.bad_progress"),
    ("stars=burg/first-burger:3", "ui.lesson.link.stars_ignored"),
    ("stars=nonsense", "ui.lesson.link.stars_ignored"),
    ("lesson=burg/first-burger&moves=0.1&hints=0.0.0", "ui.lesson.link.edited"),
])
def test_a_damaged_link_never_raises_and_says_what_was_dropped(query, problem):
    course = parse_course(query)
    assert problem in [key for key, _ in course.problems]


def test_resume_drops_what_does_not_fit(burger):
    run = LessonRun.resume(burger, LessonProgress(burger.uid, (0, 7, 0), (9, 9, 9, 9, 9)))
    assert run.at == 1  # the bad alternative index stops the replay
    assert run.rungs[0] == 4  # capped at the ladder's height


# --- the format: errors name the field ----------------------------------------------------
def raw(name="03-first-burger.json", game="burg"):
    path = next(p for p in lesson_files(game) if p.name == name)
    return json.loads(path.read_text())


def broken(change):
    data = raw()
    change(data)
    return data


BAD = [
    (lambda d: d.update(format="lesson/0"), "format"),
    (lambda d: d.update(game="chess"), "game"),
    (lambda d: d.update(id="First Burger"), "id"),
    (lambda d: d.update(goal="burg.lesson.nowhere"), "lesson.goal"),
    (lambda d: d.update(seat=5), "seat"),
    (lambda d: d.update(start={"scenario": "missing", "step": 1}), "start.scenario"),
    (lambda d: d["start"].update(step=400), "start.step"),
    (lambda d: d.update(decisions=[]), "decisions"),
    (lambda d: d["decisions"][1].update(accept=[]), "decisions[1].accept"),
    (lambda d: d["decisions"][1]["accept"].append({"card": "patty"}), "decisions[1].accept[2]"),
    (lambda d: d["decisions"][0]["hints"].update(clause={"clause": "R99"}),
     "decisions[0].hints.clause.clause"),
    (lambda d: d["decisions"][0]["hints"].pop("piece"), "decisions[0].hints.piece"),
    (lambda d: d["decisions"][0]["hints"].update(hint="x"), "decisions[0].hints.hint"),
    (lambda d: d["decisions"][0].pop("off_line"), "decisions[0].off_line"),
    (lambda d: d["decisions"][0].update(replies=[{"seat": 0, "kind": "done"}]),
     "decisions[0].replies[0].seat"),
    (lambda d: d["decisions"][0].update(surprise=1), "decisions[0].surprise"),
    (lambda d: d.update(success={"kind": "magic"}), "success.kind"),
    (lambda d: d.update(success={"kind": "view", "path": [], "value": 1}), "success.path"),
    (lambda d: d.update(success={"kind": "view", "path": ["x"], "op": "like", "value": 1}),
     "success.op"),
    (lambda d: d.update(success=[{"kind": "line"}, {"kind": "event"}]), "success[1].key"),
]


@pytest.mark.parametrize("change,field", BAD, ids=[f for _, f in BAD])
def test_a_malformed_lesson_names_the_field(change, field):
    with pytest.raises(LessonError) as error:
        parse(broken(change), source="03-first-burger.json")
    assert error.value.where == f"03-first-burger.json: {field}", str(error.value)


VERIFY_BAD = [
    (lambda d: d["decisions"][0].update(accept=[{"kind": "done"}]), "decisions[1]",
     "refused"),  # "done" is allowed, but the line after it no longer fits
    (lambda d: d["decisions"][0].update(accept=[{"kind": "flip", "card": "patty"}]),
     "decisions[0].accept", "refused"),
    (lambda d: d["decisions"][0].update(**{"try": [{"kind": "start"}]}), "decisions[0].try[0]",
     "allowed"),
    (lambda d: d["decisions"][0].update(replies=[{"seat": 1, "kind": "done"}]),
     "decisions[0]", "reply"),
    (lambda d: d.update(success={"kind": "event", "key": "burg.final.close"}), "success",
     "success"),
    (lambda d: d.update(success={"kind": "event", "key": "burg.build.start"}),
     "decisions[1]", "already over"),
]


@pytest.mark.parametrize("change,field,words", VERIFY_BAD, ids=[f for _, f, _ in VERIFY_BAD])
def test_a_lesson_that_cannot_be_played_names_the_decision(change, field, words):
    lesson = parse(broken(change), source="03-first-burger.json")
    with pytest.raises(LessonError) as error:
        lessons.verify(lesson)
    assert error.value.where.startswith(f"03-first-burger.json: {field}"), str(error.value)
    assert words in str(error.value)


def test_an_inline_record_start_is_validated():
    data = raw("07-wastebasket-bun.json")
    bad = copy.deepcopy(data)
    bad["start"]["record"]["players"] = 9
    with pytest.raises(LessonError) as error:
        parse(bad, source="x.json")
    assert error.value.where == "x.json: start.record"
    assert parse(data).record.components["label"].startswith("a six-card lesson deck")


# --- records carry a teacher's annotations -------------------------------------------------
def test_record_annotations_round_trip():
    record = Record("burg", 2, seed=3, moves=[Move.make(0, "reveal")],
                    annotations={0: "Before the first card: who starts?", 1: "Watch the pile."})
    again = Record.loads(record.dumps())
    assert again.annotations == record.annotations
    assert again.to_json()["annotations"] == {"0": "Before the first card: who starts?",
                                              "1": "Watch the pile."}
    assert "annotations" not in Record("burg", 2, seed=3).to_json()


@pytest.mark.parametrize("notes,field", [
    ({"5": "too far"}, "annotations.5"),
    ({"x": "not a step"}, "annotations.x"),
    ({"0": 7}, "annotations.0"),
    ({"0": "y" * 5000}, "annotations.0"),
    (["a list"], "annotations"),
])
def test_bad_annotations_name_the_field(notes, field):
    data = Record("burg", 2, seed=3, moves=[Move.make(0, "reveal")]).to_json()
    data["annotations"] = notes
    with pytest.raises(RecordError, match=rf"malformed record: {field.replace('.', '[.]')}:"):
        Record.from_json(data)
