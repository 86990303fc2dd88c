"""Kernels and memory while a visitor clicks through pages served the way Binder serves.

    .venv/bin/python scripts/bench_binder.py [--pages 30] [--rounds 1]

Each round starts Jupyter Server with the Voilà extension under /user/learner/ twice, in turn:
`binder` with the configuration binder/postBuild writes (in a temporary $HOME), and `bare`
with none (binder/ before it configured anything), the baseline. One Chromium tab opens
--pages pages one after the other (gallery, apps, lessons, teacher, examples, in a cycle), then
closes. After each page it prints the kernels running and the RSS of the server and its kernels.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from foodplay_widgets.serving.binder import BASE_URL, jupyter_server_argv
from foodplay_widgets.serving.serve import answers, free_port

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
PAGES = [  # (notebook, query, what shows once it has rendered)
    ("index.ipynb", "", ".fp-game-card.fp-built"),
    ("burg.ipynb", "seed=3&step=12", "button.fp-next"),
    ("coffee-rush.ipynb", "", "button.fp-next"),
    ("cuisine-a-la-card.ipynb", "", "button.fp-next"),
    ("food-truck.ipynb", "", "button.fp-next"),
    ("lessons.ipynb", "lesson=burg/rat-on-a-pile", ".fp-lesson-heading"),
    ("teacher.ipynb", "game=burg&seed=2&step=4", ".fp-teacher-tools"),
    ("burg-examples.ipynb", "", "button.fp-next"),
]
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
PAGE_TIMEOUT_MS = 120_000


def tree_rss_mib(root: int) -> float:
    """RSS of process `root` and all its descendants, in MiB (from /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            pages = int((entry / "statm").read_text().split()[1])
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
        rss[int(entry.name)] = pages
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += rss.get(pid, 0)
        todo += children.get(pid, [])
    return total * PAGE_SIZE / 2**20


def kernel_count(base: str) -> int:
    with urllib.request.urlopen(f"{base}/api/kernels", timeout=10) as response:
        return len(json.load(response))


def start_server(home: Path, configured: bool) -> tuple[subprocess.Popen, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER_", "IPYTHON"))}
    env["HOME"] = str(home)
    if configured:  # what binder/postBuild does after `pip install .`
        subprocess.run([sys.executable, str(REPO / "binder" / "write_jupyter_config.py")],
                       env=env, check=True, capture_output=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}{BASE_URL.rstrip('/')}"
    proc = subprocess.Popen([sys.executable, "-m", "jupyter_server",
                             *jupyter_server_argv(port)], cwd=REPO, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while not answers(f"{base}/api/status"):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"Jupyter Server did not start on {base}")
        time.sleep(0.2)
    return proc, base


def click_through(browser, variant: str, pages: int) -> dict[str, float]:
    """One visitor's tab through `pages` pages, then closed; the figures of the run."""
    with tempfile.TemporaryDirectory() as home:
        proc, base = start_server(Path(home), configured=variant == "binder")
        try:
            idle = tree_rss_mib(proc.pid)
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            context.set_default_timeout(PAGE_TIMEOUT_MS)
            tab = context.new_page()
            kernels, rss, slow = [], [], 0
            for n in range(pages):
                notebook, query, ready = PAGES[n % len(PAGES)]
                tab.goto(f"{base}/voila/render/notebooks/{notebook}"
                         + (f"?{query}" if query else ""))
                try:
                    tab.locator(ready).first.wait_for()
                except PlaywrightTimeoutError:  # a loaded machine: count it, go on clicking
                    slow += 1
                kernels.append(kernel_count(base))
                rss.append(tree_rss_mib(proc.pid))
                print(f"  {variant} page {n + 1:2d} {notebook:24s} kernels {kernels[-1]:2d}  "
                      f"RSS {rss[-1]:7.0f} MiB", flush=True)
            tab.close(run_before_unload=True)
            time.sleep(5)
            left = kernel_count(base)
            context.close()
            return {"idle_mib": idle, "max_kernels": max(kernels), "max_mib": max(rss),
                    "last_mib": rss[-1], "left_after_5s": left, "not_ready": slow}
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--baseline-pages", type=int, default=10,
                        help="pages for the unconfigured baseline (each leaves ~100 MiB)")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict[str, float]]] = {"binder": [], "bare": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.rounds):  # interleaved: binder, bare, binder, bare ...
            results["binder"].append(click_through(browser, "binder", args.pages))
            results["bare"].append(click_through(browser, "bare", args.baseline_pages))
        browser.close()
    for variant, runs in results.items():
        pages = args.pages if variant == "binder" else args.baseline_pages
        print(f"{variant}: {pages} pages, {len(runs)} round(s)")
        for key in runs[0]:
            values = [run[key] for run in runs]
            print(f"  {key:14s} median {statistics.median(values):8.1f}  "
                  f"range {min(values):.1f}-{max(values):.1f}")
    per_page = {v: (statistics.median(r["last_mib"] for r in runs)
                    - statistics.median(r["idle_mib"] for r in runs))
                / (args.pages if v == "binder" else args.baseline_pages)
                for v, runs in results.items()}
    print(f"memory growth per page: binder {per_page['binder']:.1f} MiB, "
          f"bare {per_page['bare']:.1f} MiB "
          f"(ratio {per_page['binder'] / per_page['bare']:.2f})")


if __name__ == "__main__":
    main()
