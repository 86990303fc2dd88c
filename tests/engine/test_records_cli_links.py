"""Records (errors name the step and the clause), the Timeline, the `foodplay` command, and
deep links."""

from __future__ import annotations

import json
import random

import pytest
from bot_games import bot_game

from foodplay.cli.commands import main
from foodplay.engine import IllegalMove, Move
from foodplay.games import LISTINGS, get_game
from foodplay.links import Link, encode_record, parse_query
from foodplay.record import FORMAT, Record, RecordError, replay
from foodplay.timeline import Timeline

BURG = get_game("burg")


@pytest.fixture(scope="module")
def game3() -> Record:
    """A finished 3-player BURG game between heuristic bots."""
    return bot_game("burg", 3, 1, ["heuristic"])[0]


def raw(record: Record) -> dict:
    return json.loads(record.dumps())


def first_index(record: Record, kind: str) -> int:
    return next(i for i, m in enumerate(record.moves) if m.kind == kind)


# --- records ----------------------------------------------------------------------------------
@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(format="foodplay.record/0"), "format"),
    (lambda d: d.pop("format"), "format"),
    (lambda d: d.update(game="pizza"), "game"),
    (lambda d: d.update(game=None), "game"),
    (lambda d: d.update(players=1), "players"),
    (lambda d: d.update(players=6), "players"),
    (lambda d: d.update(players="3"), "players"),
    (lambda d: d.update(players=True), "players"),
    (lambda d: d.pop("seed"), "seed"),
    (lambda d: d.update(seed="one"), "seed"),
    (lambda d: d.update(rules_version="99"), "rules_version"),
    (lambda d: d.update(names=["Alice"]), "names"),
    (lambda d: d.update(moves={"seat": 0}), "moves"),
    (lambda d: d["moves"].__setitem__(2, {"kind": "reveal"}), "moves[2] (step 3)"),
    (lambda d: d["moves"].__setitem__(0, "reveal"), "moves[0] (step 1)"),
    (lambda d: d.update(narration={"9999": "x"}), "narration.9999"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_a_malformed_record_names_the_field(game3, change, field):
    data = raw(game3)
    change(data)
    with pytest.raises(RecordError) as raised:
        Record.loads(json.dumps(data))
    assert field in str(raised.value)


def test_a_record_that_is_not_json_is_refused(tmp_path):
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads('{"format": "foodplay.record/1", "game": ')
    path = tmp_path / "g.json"
    path.write_text("[1, 2", encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)
    with pytest.raises(RecordError, match="record"):
        Record.loads("[]")
    with pytest.raises(RecordError, match="cannot be read"):
        Record.load(tmp_path / "missing.json")


def test_an_illegal_move_at_step_k_names_the_step_move_and_clause(game3):
    data = raw(game3)
    k = first_index(game3, "take") + 1 if any(m.kind == "take" for m in game3.moves) else None
    k = k or first_index(game3, "place") + 1
    data["moves"][k - 1]["pile"] = 9
    record = Record.loads(json.dumps(data))
    moves_before = list(record.moves)
    with pytest.raises(RecordError) as raised:
        replay(record)
    error = raised.value
    assert error.step == k and error.move == record.moves[k - 1]
    assert error.clause in ("R2", "R4")
    number = BURG.rulebook()[error.clause].number
    assert str(error).startswith(f"step {k}: move ")
    assert '"pile": 9' in str(error) and f"under clause {number}:" in str(error)
    assert "There is no pile 9" in str(error)
    assert record.moves == moves_before  # the record is not touched
    with pytest.raises(RecordError):  # and no half-built timeline comes out of it
        Timeline(record)
    state, steps = replay(record, k - 1)  # everything before step k is fine
    assert len(steps) == k
    assert state.snapshot() == replay(game3, k - 1)[0].snapshot()


def test_a_bad_set_up_or_step_is_a_record_error(game3):
    data = raw(game3)
    data.pop("seed")
    data["setup"] = {"first_player": 7}
    with pytest.raises(RecordError, match="setup.first_player"):
        replay(Record.loads(json.dumps(data)))
    with pytest.raises(RecordError, match="outside this record"):
        replay(game3, len(game3.moves) + 1)


def test_save_and_load_keep_everything(tmp_path, game3):
    path = tmp_path / "g.json"
    game3.save(path)
    again = Record.load(path)
    assert again.to_json() == game3.to_json()
    assert again.to_json()["format"] == FORMAT
    assert replay(again)[0].snapshot() == replay(game3)[0].snapshot()


# --- timeline ---------------------------------------------------------------------------------
def test_timeline_plays_goes_back_branches_and_undoes():
    timeline = Timeline(Record("burg", 2, seed=3))
    assert timeline.last == 0 and timeline.cursor == 0
    rng = random.Random(3)
    for _ in range(12):
        timeline.play(rng.choice(timeline.state.legal_moves()))
    assert timeline.last == timeline.cursor == 12 and len(timeline.record.moves) == 12
    snaps = [timeline.state_at(k).snapshot() for k in range(13)]
    assert timeline.go(5).snapshot() == snaps[5] and timeline.cursor == 5
    assert timeline.go(99) is timeline.state and timeline.cursor == 12  # clamped
    assert timeline.first() is timeline.state_at(0) and timeline.back().snapshot() == snaps[0]
    assert timeline.next().snapshot() == snaps[1] and timeline.end().snapshot() == snaps[12]
    with pytest.raises(IndexError):
        timeline.state_at(13)
    # branch: from step 5, a different move drops steps 6-12
    timeline.go(5)
    other = [m for m in timeline.state.legal_moves() if m != timeline.record.moves[5]]
    if not other:  # a forced move here: branch from the first real choice instead
        k = next(k for k in range(12) if len(timeline.state_at(k).legal_moves()) > 1)
        timeline.go(k)
        other = [m for m in timeline.state.legal_moves() if m != timeline.record.moves[k]]
    k = timeline.cursor
    step = timeline.play(other[0])
    assert step.index == k + 1 and timeline.last == k + 1 and timeline.cursor == k + 1
    assert timeline.record.moves[k] == other[0] and len(timeline.record.moves) == k + 1
    assert timeline.state_at(k).snapshot() == snaps[k]
    assert timeline.state.snapshot() == replay(timeline.record)[0].snapshot()
    # undo
    assert timeline.undo() and timeline.last == k and timeline.cursor == k
    assert timeline.state.snapshot() == snaps[k]
    while timeline.undo():
        pass
    assert timeline.last == 0 and timeline.record.moves == [] and not timeline.undo()


def test_an_illegal_move_leaves_the_timeline_unchanged():
    timeline = Timeline(Record("burg", 3, seed=4))
    for _ in range(3):
        timeline.play(timeline.state.legal_moves()[0])
    timeline.go(2)
    before = (timeline.cursor, timeline.last, list(timeline.record.moves),
              [s.events for s in timeline.steps], timeline.state.snapshot())
    for bad in (Move.make(2, "reveal"), Move.make(0, "juggle"), Move.make(0, "place", pile=9)):
        with pytest.raises(IllegalMove) as raised:
            timeline.play(bad)
        assert not raised.value.verdict.ok
        assert (timeline.cursor, timeline.last, list(timeline.record.moves),
                [s.events for s in timeline.steps], timeline.state.snapshot()) == before


# --- the command line -------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_games_lists_all_four(capsys):
    status, out, _ = run(capsys, "games")
    assert status == 0
    for entry in LISTINGS:
        assert entry.id in out and entry.title in out
    assert "burg" in out and "BURG (publisher unknown)" in out and "2 to 5 players" in out


def test_cli_play_replay_check(capsys, tmp_path):
    path = tmp_path / "g.json"
    status, out, err = run(capsys, "play", "burg", "--players", "3", "--seed", "1", "--out",
                           str(path))
    assert status == 0 and err == ""
    assert out.startswith("Set-up\n") and "[Rule 0 · rulebook]" in out
    assert f"Record written to {path}" in out
    record = Record.load(path)
    final = replay(record)[0]
    assert f"{len(record.moves)} moves. Scores: " in out
    assert ", ".join(f"{n} {s}" for n, s in zip(final.names, final.scores(), strict=True)) in out

    status, out, _ = run(capsys, "replay", str(path), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "burg" and data["players"] == 3 and data["over"]
    assert data["scores"] == final.scores() and data["winners"] == final.winners()
    assert [s["step"] for s in data["steps"]] == list(range(len(record.moves) + 1))
    ids = {c.id for c in BURG.rulebook()}
    for step in data["steps"]:
        for ev in step["events"]:
            assert ev["clauses"] and set(ev["clauses"]) <= ids and ev["text"]
            assert ev["numbers"] == [BURG.rulebook()[c].number for c in ev["clauses"]]
    assert data["steps"][1]["move"] == record.moves[0].to_json()

    status, out, err = run(capsys, "check", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(f"OK: {path} is a valid BURG record, {len(record.moves)} moves")


def test_cli_replay_for_one_seat_hides_the_others_secrets(capsys, tmp_path):
    record = bot_game("burg", 3, 2, ["heuristic"])[0]
    path = tmp_path / "g.json"
    record.save(path)
    # step k: the first tool laid down while others still have to choose
    state = record.new_state()
    for index, move in enumerate(record.moves, start=1):
        deciding = state.decision()
        state.apply(move)
        if move.kind == "tool" and len(deciding.seats) == 3:
            k = index
            break
    owner, viewer = move.seat, (move.seat + 1) % 3
    teacher = state.view(None)
    status, out, _ = run(capsys, "replay", str(path), "--step", str(k), "--seat",
                         str(viewer + 1), "--json")
    assert status == 0
    data = json.loads(out)
    assert len(data["steps"]) == k + 1 and data["seat"] == viewer
    last = data["steps"][-1]
    assert last["move"] == {"seat": owner, "kind": "secret"}
    assert last["view"]["seats"][owner]["chosen"] == "face_down"
    assert teacher["seats"][owner]["chosen"] == move.get("tool")
    for path_ in state.secret_paths(owner):
        node, want = last["view"], teacher
        for part in path_:
            node, want = node[part], want[part]
        assert node != want, path_
    for step in data["steps"]:
        for ev in step["events"]:
            assert not (ev["key"] == "burg.tools.committed_own" and ev["params"]["seat"] != viewer)
    status, text, _ = run(capsys, "replay", str(path), "--step", str(k), "--seat",
                          str(viewer + 1))
    assert status == 0
    owner_name = record.names[owner] if record.names else ["Alice", "Bob", "Carol"][owner]
    assert f"{owner_name} makes a secret choice." in text
    assert f"{owner_name} secretly chose" not in text
    status, text, _ = run(capsys, "replay", str(path), "--step", str(k))  # the teacher
    assert f"{owner_name} secretly chose" in text


def test_cli_check_a_broken_record_is_one_line_with_exit_status_2(capsys, tmp_path, game3):
    data = raw(game3)
    k = first_index(game3, "tool") + 1
    data["moves"][k - 1]["tool"] = "spoon"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith(f"foodplay check: step {k}: move ")
    assert '"tool": "spoon"' in lines[0] and "under clause 3:" in lines[0]
    path.write_text("{", encoding="utf-8")
    status, out, err = run(capsys, "check", str(path))
    assert status == 2 and len(err.strip().splitlines()) == 1 and "not valid JSON" in err


@pytest.mark.parametrize("argv, words", [
    (["play", "pizza"], "unknown game 'pizza'"),
    (["play", "burg", "--players", "7"], "2 to 5 players, not 7"),
    (["play", "burg", "--bots", "genius"], "--bots takes one of"),
    (["bench", "burg", "--games", "0"], "--games must be at least 1"),
])
def test_cli_user_mistakes_are_one_line_with_exit_status_2(capsys, argv, words):
    status, out, err = run(capsys, *argv)
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1


def test_cli_replay_step_outside_the_record(capsys, tmp_path, game3):
    path = tmp_path / "g.json"
    game3.save(path)
    status, _, err = run(capsys, "replay", str(path), "--step", str(len(game3.moves) + 1))
    assert status == 2 and "outside this record" in err
    status, _, err = run(capsys, "replay", str(path), "--seat", "4")
    assert status == 2 and "seats 1 to 3" in err


def test_cli_bench_prints_throughput(capsys):
    status, out, _ = run(capsys, "bench", "burg", "--games", "5")
    assert status == 0
    assert "5 random games" in out and "moves/s" in out and "games/s" in out


# --- links ------------------------------------------------------------------------------------
def test_link_round_trip_of_a_new_game():
    link = Link(game="burg", players=4, seed=77, step=12, seat=2, lang="en", mode="play")
    back = parse_query(link.query())
    assert back.problems == []
    assert (back.game, back.players, back.seed, back.step, back.seat, back.mode) == (
        "burg", 4, 77, 12, 2, "play")
    assert back.record is None
    teacher = parse_query(Link(seat=None).query())
    assert teacher.seat is None and "seat=teacher" in Link(seat=None).query()


def test_link_round_trip_of_an_encoded_record(game3):
    link = Link(game="burg", record=game3, players=3, step=40, seat=1)
    query = link.query()
    assert "record=" in query and "seed=" not in query
    back = parse_query("?" + query)
    assert back.problems == []
    assert back.record.to_json() == game3.to_json()
    assert (back.players, back.step, back.seat) == (3, 40, 1)


@pytest.mark.parametrize("query, problem, check", [
    ("game=burg&players=9", "link.out_of_range", lambda ln: ln.players == 3),
    ("game=burg&players=three", "link.not_number", lambda ln: ln.players == 3),
    ("game=burg&seed=-5", "link.out_of_range", lambda ln: ln.seed == 1),
    ("game=burg&step=x", "link.not_number", lambda ln: ln.step is None),
    ("game=burg&players=2&seat=3", "link.out_of_range", lambda ln: ln.seat is None),
    ("game=burg&lang=xx", "link.bad_lang", lambda ln: ln.lang == "en"),
    ("game=burg&mode=fly", "link.bad_mode", lambda ln: ln.mode == "watch"),
    ("game=pizza&players=3", "link.bad_game", lambda ln: ln.game == "burg"),
    ("game=burg&colour=red", "link.unknown_setting", lambda ln: ln.game == "burg"),
])
def test_link_bad_parameters_give_problems_and_safe_defaults(query, problem, check):
    link = parse_query(query)
    assert problem in [key for key, _ in link.problems]
    assert check(link)
    for text in link.problem_texts():
        assert text.strip() and "{" not in text


def test_a_damaged_record_in_a_link_falls_back(game3):
    encoded = encode_record(game3)
    for damaged in ("not-base64!!", encoded[: len(encoded) // 2], "AAAA"):
        link = parse_query(f"game=burg&players=2&seed=5&record={damaged}")
        assert link.record is None and (link.players, link.seed) == (2, 5)
        assert [key for key, _ in link.problems] == ["link.bad_record"]
        assert "could not be used" in link.problem_texts()[0]
    # a record that decodes but holds an illegal move: the problem names the step
    data = raw(game3)
    data["moves"][0] = {"seat": 0, "kind": "juggle"}
    bad = Record.loads(json.dumps(data))
    link = parse_query(f"game=burg&record={encode_record(bad)}")
    assert link.record is None
    assert "step 1" in link.problem_texts()[0]
