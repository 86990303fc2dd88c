"""The strategy lab's tournaments: the same rows everywhere, learners' bots, failures, Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from foodplay.bots import play_game
from foodplay.data import DataError
from foodplay.engine import Move
from foodplay.lab import Setting, tournament, wilson
from foodplay.lab.parallel import chunks, progress_bar
from foodplay.lab.play import LabError, play_one

TRUCK = Setting.make("food-truck", 3, ["heuristic", "random", "random"])
NO_TRUCKS = Setting.make("food-truck", 3, "random", {"trucks": False})


def first_move(view, legal_moves):
    """A learner's bot: the first legal move."""
    return legal_moves[0]


class Counting:
    """A learner's bot as a class: a fresh one each game, counting its moves."""

    def __init__(self):
        self.moves = 0

    def choose(self, view, legal_moves):
        self.moves += 1
        return legal_moves[-1]


def raises_late(view, legal_moves):
    if view["round"] >= 2:
        raise ZeroDivisionError("oops")
    return legal_moves[0]


def illegal(view, legal_moves):
    return Move.make(0, "nonsense", card=99)


def slow(view, legal_moves):
    time.sleep(0.3)
    return legal_moves[0]


def swallows_everything(view, legal_moves):
    try:
        time.sleep(0.3)
    except Exception:  # the deadline is no Exception: the bot cannot hide from it
        pass
    return legal_moves[0]


def test_the_same_seeds_give_the_same_rows_on_one_core_two_processes_and_dask():
    from dask.distributed import Client, LocalCluster

    one = tournament([TRUCK, NO_TRUCKS], games=12, seed=5, progress=False)
    two = tournament([TRUCK, NO_TRUCKS], games=12, seed=5, workers=2, progress=False)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        on_dask = tournament([TRUCK, NO_TRUCKS], games=12, seed=5, client=client,
                             progress=False)
    assert [(r.setting, r.seed) for r in one.rows] == \
        [(s.label, 5 + n) for s in (TRUCK, NO_TRUCKS) for n in range(12)]
    assert one.rows == two.rows == on_dask.rows
    assert len({r.winners for r in one.rows}) > 1  # not one game copied 24 times
    assert not one.interrupted and one.planned == 24


def test_a_row_is_the_game_foodplay_play_plays_with_that_seed():
    setting = Setting.make("burg", 3, ["random", "heuristic", "random"])
    for seed in (3, 4):
        row = play_one(setting, seed)
        record, final = play_game("burg", 3, seed, ["random", "heuristic", "random"])
        assert row.length == len(record.moves)
        assert row.winners == tuple(final.winners())
        assert row.scores == tuple(final.scores())
        assert dict(row.clauses)["R3"] > 0  # every round, everyone picks a tool


def test_win_rates_count_a_shared_win_in_parts_and_carry_a_95_percent_interval():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    results = tournament(TRUCK, games=20, progress=False)
    rates = results.win_rates()
    assert [r.bot for r in rates] == ["heuristic", "random", "random"]
    assert sum(r.wins for r in rates) == pytest.approx(20)
    assert all(r.interval[0] <= r.rate <= r.interval[1] for r in rates)


def test_a_learners_function_and_class_play_whole_games():
    results = tournament("food-truck", 2, [first_move, Counting], games=6, progress=False)
    assert results.settings[0].bot_names == ("first_move", "Counting")
    assert not results.failures
    assert all(row.winners and row.length > 10 for row in results.rows)


@pytest.mark.parametrize(("bot", "kind", "seconds"), [
    (raises_late, "raised", 1.0), (illegal, "illegal", 1.0), (slow, "timeout", 0.05),
    (swallows_everything, "timeout", 0.05)])
def test_a_broken_learners_bot_is_reported_loses_and_the_tournament_goes_on(bot, kind, seconds):
    results = tournament("food-truck", 2, ["heuristic", bot], games=3, seed=7,
                         progress=False, move_seconds=seconds)
    assert len(results.rows) == 3
    assert [f.kind for f in results.failures] == [kind] * 3
    for row, failure in zip(results.rows, results.failures, strict=True):
        assert (failure.seat, failure.seed, failure.bot) == (1, row.seed, bot.__name__)
        assert failure.step == row.length + 1 and row.winners == (0,)
        text = failure.text("en")
        assert f"seed {row.seed}, step {failure.step}: seat 2 ({bot.__name__})" in text
    if kind == "illegal":
        assert "nonsense" in results.failures[0].move
        assert "nonsense" in results.failures[0].text("en")
    if kind == "raised":
        assert "ZeroDivisionError: oops" in results.failures[0].text("en")
        assert results.rows[0].length > 2  # it played the first round before failing


def test_ctrl_c_stops_the_run_and_keeps_the_finished_rows():
    games_started: list[int] = []

    class StopsTheThirdGame:
        """Ctrl-C arrives while the third game is being played."""

        def __init__(self):
            games_started.append(1)

        def choose(self, view, legal_moves):
            if len(games_started) == 3:
                raise KeyboardInterrupt
            return legal_moves[0]

    results = tournament("food-truck", 2, ["heuristic", StopsTheThirdGame], games=10, seed=1,
                         progress=False)
    assert results.interrupted and results.planned == 10
    assert [row.seed for row in results.rows] == [1, 2]
    assert not results.failures and all(row.winners for row in results.rows)


def test_bad_settings_are_refused_naming_what_is_wrong():
    with pytest.raises(LabError) as bad:
        Setting.make("chess", 2)
    assert "unknown game 'chess'" in bad.value.text("en")
    with pytest.raises(LabError) as bad:
        Setting.make("burg", 3, ["heuristic", "random"])
    assert "this game has 3 seats, and the list names 2 bots" in bad.value.text("en")
    with pytest.raises(LabError) as bad:
        Setting.make("burg", 2, "clever")
    assert "'clever' is not a bot" in bad.value.text("en")
    with pytest.raises(DataError):
        Setting.make("coffee-rush", 2, options={"espresso": True})
    with pytest.raises(DataError):
        Setting.make("burg", 7)
    with pytest.raises(LabError) as bad:
        tournament("burg", games=0)
    assert "at least 1, not 0" in bad.value.text("en")
    with pytest.raises(LabError):
        tournament([TRUCK, TRUCK])  # two settings of one name could not be told apart


def test_chunks_keep_the_order_and_never_mix_settings():
    tasks = [(TRUCK, s) for s in range(5)] + [(NO_TRUCKS, s) for s in range(3)]
    assert chunks(tasks, 2) == [(TRUCK, (0, 1)), (TRUCK, (2, 3)), (TRUCK, (4,)),
                                (NO_TRUCKS, (0, 1)), (NO_TRUCKS, (2,))]


def test_progress_is_a_tqdm_bar_with_the_catalogues_words():
    with progress_bar(7, True, "fr") as bar:
        assert type(bar).__module__.startswith("tqdm") and bar.total == 7
        assert bar.desc == "Parties"
    with progress_bar(7, False, "en") as bar:
        assert not type(bar).__module__.startswith("tqdm")


def test_the_engine_side_needs_neither_dask_nor_tqdm_nor_pandas():
    code = """
import sys
for name in ("dask", "distributed", "tqdm", "pandas"):
    sys.modules[name] = None
from foodplay.lab import tournament
from foodplay.lab.play import LabError
results = tournament("food-truck", 2, "random", games=2, progress=True)
assert len(results.rows) == 2
for call in (results.to_pandas, lambda: tournament("burg", games=1, client="local")):
    try:
        call()
    except LabError as exc:
        print(exc.text("en"))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "pandas is not installed" in done.stdout
    assert "Dask is not installed" in done.stdout


def test_rows_become_a_dataframe_when_pandas_is_installed():
    pandas = pytest.importorskip("pandas")
    frame = tournament(TRUCK, games=4, progress=False).to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["seed"]) == [1, 2, 3, 4] and "winner" in frame and "clause_R0" in frame


def test_ctrl_c_on_two_processes_keeps_the_chunks_that_finished(monkeypatch):
    from contextlib import contextmanager

    import foodplay.lab.parallel as parallel

    class InterruptedBar:
        """Ctrl-C arrives once the second chunk is in."""

        def __init__(self):
            self.chunks = 0

        def update(self, n=1):
            self.chunks += 1
            if self.chunks == 2:
                raise KeyboardInterrupt

    @contextmanager
    def bar(total, shown, lang):
        yield InterruptedBar()

    monkeypatch.setattr(parallel, "progress_bar", bar)
    results = tournament(TRUCK, games=64, workers=2, progress=False)
    assert results.interrupted and results.planned == 64
    assert 0 < len(results.rows) < 64
    assert all(row == play_one(TRUCK, row.seed) for row in results.rows)
