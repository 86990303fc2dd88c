"""Golden playthroughs: every step's move, explanation, legal moves and teacher's view as text.

The files in tests/engine/golden/ are written by scripts/regen_golden.py; this test regenerates
them in memory and shows the first lines of the difference.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path

import pytest
from bot_games import bot_game

from foodplay.games import built_games

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "regen_golden.py"
_spec = importlib.util.spec_from_file_location("regen_golden", SCRIPT)
regen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regen)

CASES = [pytest.param(g, n, seed, bots, id=regen.filename(g, n, seed).removesuffix(".txt"))
         for g in built_games() for n, seed, bots in regen.configs(g)]
HOW = ("If the change is intended, run `.venv/bin/python scripts/regen_golden.py`, read the "
       "diff of tests/engine/golden/ and commit it with the change.")


@pytest.mark.parametrize("game_id, players, seed, bots", CASES)
def test_playthrough_matches_its_golden_file(game_id, players, seed, bots):
    path = regen.GOLDEN / regen.filename(game_id, players, seed)
    if not path.exists():
        pytest.fail(f"no golden file {path.name} for {game_id}. {HOW}", pytrace=False)
    want = path.read_text(encoding="utf-8")
    got = regen.render(game_id, players, seed, bots,
                       bot_game(game_id, players, seed, [bots])[0])
    if got != want:
        diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(),
                                         f"golden/{path.name}", "this checkout", lineterm="",
                                         n=2))
        shown = "\n".join(diff[:40]) + ("\n..." if len(diff) > 40 else "")
        pytest.fail(f"{path.name} differs from this checkout's playthrough:\n{shown}\n{HOW}",
                    pytrace=False)
    assert len(want.encode()) < 1_000_000, f"{path.name} has grown past 1 MB; pick another seed"


def test_no_stale_golden_files():
    wanted = {regen.filename(g, n, seed) for g in built_games() for n, seed, _ in regen.configs(g)}
    stale = sorted(p.name for p in regen.GOLDEN.glob("*.txt") if p.name not in wanted)
    assert not stale, f"golden files no longer generated: {stale}. {HOW}"


def test_a_difference_is_reported_readably(tmp_path, monkeypatch):
    """The failure names the file, shows a unified diff and says how to regenerate."""
    game_id, players, seed, bots = CASES[0].values
    name = regen.filename(game_id, players, seed)
    text = (regen.GOLDEN / name).read_text(encoding="utf-8").replace("Step 3.", "Step three.")
    (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.setattr(regen, "GOLDEN", tmp_path)
    with pytest.raises(pytest.fail.Exception) as failed:
        test_playthrough_matches_its_golden_file(game_id, players, seed, bots)
    message = str(failed.value)
    assert name in message and "regen_golden.py" in message
    assert "-== Step three." in message and "+== Step 3." in message
