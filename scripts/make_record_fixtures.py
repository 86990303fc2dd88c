"""Write the released-record fixtures: tests/engine/records/<game>/v<N>/<release>-<p>p-seed<s>.json.

Each fixture is a game record saved by the command line of a released commit of main (one per
session, see RELEASES), run in a temporary `git worktree` of that commit:

    foodplay play GAME --players P --seed S --bots heuristic --quiet --out FILE

The scores and winners that release's own engine gives when it replays the record are kept
beside it in tests/engine/records/manifest.json. tests/engine/test_released_records.py checks
every fixture on every run: `foodplay check` accepts it, the replay gives the same scores and
winners, and the app's timeline opens it. See docs/records.md for the policy.

    .venv/bin/python scripts/make_record_fixtures.py            # (re)write every fixture
    .venv/bin/python scripts/make_record_fixtures.py --check    # only list what would change

Only add a release here, never remove one: records saved by every release must keep opening.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "engine" / "records"
MANIFEST = OUT / "manifest.json"

# The last commit of each session on main before this one, oldest first: (commit, label).
RELEASES = [
    ("8cee866", "2026-11-29"),
    ("58da010", "2026-12-01"),
    ("276524a", "2026-12-02"),
]
GAMES = {"burg": (2, 5), "coffee-rush": (2, 4), "cuisine-a-la-card": (2, 4),
         "food-truck": (2, 5)}
PER_RELEASE = 5  # records per game and release: 15 per game and rules version
# Cuisine a la Card's first rules version was played by one release only: 15 records from it
EXTRA = {("cuisine-a-la-card", "8cee866"): 15}
FIRST_SEED = 11

SCORE = ("import json, sys\n"
         "from foodplay.games import get_game\n"
         "from foodplay.record import Record, replay\n"
         "record = Record.load(sys.argv[1])\n"
         "state, _ = replay(record)\n"
         "print(json.dumps({'rules_version': get_game(record.game).rules_version,\n"
         "                  'moves': len(record.moves), 'scores': state.scores(),\n"
         "                  'winners': state.winners()}))\n")


def _run(args: list[str], cwd: Path) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, check=False,
                          env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed in {cwd}: {done.stderr.strip()}")
    return done.stdout


def generate(folder: Path) -> dict[str, dict]:
    """Every fixture, written under `folder`; returns the manifest entries."""
    manifest: dict[str, dict] = {}
    python = sys.executable
    for r, (commit, label) in enumerate(RELEASES):
        with tempfile.TemporaryDirectory(prefix=f"release-{commit}-") as tmp:
            tree = Path(tmp) / "tree"
            subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT,
                           check=True, capture_output=True)
            try:
                for game, (low, high) in GAMES.items():
                    for k in range(EXTRA.get((game, commit), PER_RELEASE)):
                        players = low + k % (high - low + 1)
                        seed = FIRST_SEED + 100 * r + k  # other games than other releases
                        raw = Path(tmp) / "record.json"
                        _run([python, "-m", "foodplay.cli", "play", game, "--players",
                              str(players), "--seed", str(seed), "--bots", "heuristic",
                              "--quiet", "--out", str(raw)], tree)
                        facts = json.loads(_run([python, "-c", SCORE, str(raw)], tree))
                        version = facts.pop("rules_version")
                        text = raw.read_text(encoding="utf-8")
                        recorded = json.loads(text).get("rules_version")
                        # a release that wrote the wrong version is labelled by its rules here
                        name = f"{game}/v{_version(game, commit, recorded or version)}/" \
                               f"{label}-{players}p-seed{seed}.json"
                        (folder / name).parent.mkdir(parents=True, exist_ok=True)
                        (folder / name).write_text(text, encoding="utf-8")
                        manifest[name] = {"release": commit, "date": label, "players": players,
                                          "seed": seed, "bots": "heuristic", **facts}
            finally:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                               check=False, capture_output=True)
    return manifest


def _version(game: str, commit: str, written: str) -> str:
    """The rules version a release really played: Cuisine a la Card's rules changed in ace0ebc
    (2026-12-01) while its records still said "1"; those are version 2."""
    if game == "cuisine-a-la-card":
        older = subprocess.run(["git", "merge-base", "--is-ancestor", "ace0ebc", commit],
                               cwd=ROOT, check=False).returncode != 0
        return "1" if older else "2"
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report what would change")
    args = parser.parse_args()
    target = Path(tempfile.mkdtemp(prefix="record-fixtures-")) if args.check else OUT
    manifest = generate(target)
    if args.check:
        old = json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.exists() else {}
        changed = sorted(set(old) ^ set(manifest)) + sorted(
            n for n in manifest if n in old and old[n] != manifest[n])
        print("\n".join(changed) or "no change")
        return 1 if changed else 0
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(manifest)} records written under {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
