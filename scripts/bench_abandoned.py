"""Abandoned requests and a class at once: prints numbers, checks nothing.

    .venv/bin/python scripts/bench_abandoned.py [--abandoned 40] [--learners 30] [--runs 2]
                                                [--notebook burg.ipynb] [-- SERVER OPTIONS]

The README's server (`python -m foodplay_widgets.serving.serve`, started afresh for each run)
gets, at
once, `--abandoned` raw requests for the app that close their connection after `--close-after`
seconds, without reading (with `--read`, reading what comes, as curl does), from `--attacker`
(127.0.0.2 by default: another address than the class's), and a class of `--learners`
Chromium pages opened within `--spread` seconds (from 127.0.0.1, a school behind one address),
each waiting until the app can be stepped through
(a refused page reloads itself; the load time runs from the first navigation). The pages stay
open until the last sample, as in a lesson. Printed per run: the server's kernels (its
ipykernel children) and the resident memory of the server with its kernels at 0, 30, 60 and
90 s, how many of the class loaded, how many were first refused, and their load times; then
the medians of all runs with their ranges. Jupyter's caches go to a temporary folder; the
browser is Debian's /usr/bin/chromium (never `playwright install`).

Run with another checkout's interpreter (e.g. /work/main/.venv/bin/python) to measure the
server installed there, before this change.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from bench_browser import APP_READY_JS, CHROMIUM, CHROMIUM_ARGS, Server, cache_home  # noqa: E402
from bench_load import family, tree_rss_kib  # noqa: E402

SAMPLES_S = (0, 30, 60, 90)
LOAD_TIMEOUT_S = 300


def kernels_of(root: int) -> int:
    """The server's kernels: its descendants whose command line names ipykernel."""
    count = 0
    for pid in family(root) - {root}:
        try:
            count += b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            pass
    return count


async def abandon(port: int, path: str, source: str, close_after: float, read: bool) -> None:
    """A GET on a raw socket, closed after `close_after` seconds; its answer is left unread
    (the close then resets the connection), or with `read` read as it comes (as curl would)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setblocking(False)
    try:
        sock.bind((source, 0))
        await loop.sock_connect(sock, ("127.0.0.1", port))
        await loop.sock_sendall(
            sock, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        end = time.monotonic() + close_after
        while read and time.monotonic() < end:
            try:
                if not await asyncio.wait_for(loop.sock_recv(sock, 1 << 16),
                                              end - time.monotonic()):
                    break
            except TimeoutError:
                break
        await asyncio.sleep(max(0.0, end - time.monotonic()))
    except OSError as error:
        print(f"    an abandoned request failed: {error}", flush=True)
    finally:
        sock.close()


async def learner(browser, url: str, delay: float, stay_until: float) -> dict:
    """One learner: open `url` after `delay` s and wait for the app (across the reloads of a
    refusal page); keep the page open until `stay_until` (monotonic)."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 1600})
    page = await context.new_page()
    result = {"loaded_s": None, "first_status": None}
    start = time.monotonic()
    try:
        response = await page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_S * 1000)
        result["first_status"] = response.status if response else None
        while time.monotonic() - start < LOAD_TIMEOUT_S:
            try:
                if await page.evaluate(APP_READY_JS) is not None:
                    result["loaded_s"] = time.monotonic() - start
                    break
            except Exception:  # noqa: BLE001  (the page is reloading itself)
                pass
            await asyncio.sleep(0.25)
        await asyncio.sleep(max(0.0, stay_until - time.monotonic()))
    except Exception as exc:  # a page that never loads is a figure, not a crash
        print(f"    a learner gave up: {type(exc).__name__}: {str(exc).splitlines()[0]}",
              flush=True)
    finally:
        await context.close()
    return result


async def sample(root: int, start: float, samples: list) -> None:
    for at in SAMPLES_S:
        await asyncio.sleep(max(0.0, start + at - time.monotonic()))
        samples.append((at, kernels_of(root), tree_rss_kib(root) / 1024))
        print(f"    {at:>3} s: {samples[-1][1]} kernels, {samples[-1][2]:.0f} MiB", flush=True)


async def one_run(server: Server, args: argparse.Namespace) -> tuple[list, list]:
    from playwright.async_api import async_playwright

    path = f"/voila/render/{args.notebook}"
    rng = random.Random(args.learners)
    delays = sorted(rng.uniform(0, args.spread) for _ in range(args.learners))
    samples: list = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
        start = time.monotonic()
        stay_until = start + SAMPLES_S[-1] + 1
        flood = [abandon(server.port, path, args.attacker, args.close_after, args.read)
                 for _ in range(args.abandoned)]
        learners = [learner(browser, server.base + path, d, stay_until) for d in delays]
        results = await asyncio.gather(sample(server.proc.pid, start, samples), *flood,
                                       *learners)
        await browser.close()
    return samples, [r for r in results if isinstance(r, dict)]


def spread(values: list[float], unit: str, digits: int = 0) -> str:
    if not values:
        return "none"
    unit = f" {unit}" if unit else ""
    return (f"{statistics.median(values):.{digits}f}{unit} "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--abandoned", type=int, default=40)
    parser.add_argument("--close-after", type=float, default=3.0,
                        help="an abandoned request closes after this many seconds (3)")
    parser.add_argument("--read", action="store_true",
                        help="the abandoned requests read what comes before they close (as "
                             "curl does); by default they read nothing")
    parser.add_argument("--attacker", default="127.0.0.2",
                        help="the abandoned requests' address (127.0.0.2; 127.0.0.1 is the "
                             "class's)")
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--spread", type=float, default=3.0,
                        help="the class opens the page within this many seconds (3)")
    parser.add_argument("--notebook", default="burg.ipynb")
    parser.add_argument("--runs", type=int, default=1)
    args, server_options = parser.parse_known_args()
    server_options = [o for o in server_options if o != "--"]
    home = cache_home()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {sys.executable}; "
          f"server options {server_options or 'none'}", flush=True)
    runs = []
    for run in range(1, args.runs + 1):
        server = Server(home, *server_options)
        manner = "reading" if args.read else "unread"
        print(f"run {run}: {args.abandoned} abandoned requests ({args.attacker}, {manner}, "
              f"closed after {args.close_after:g} s) and {args.learners} learners (127.0.0.1) "
              f"open {args.notebook}", flush=True)
        try:
            samples, learners = asyncio.run(one_run(server, args))
        finally:
            server.stop()
        loads = [r["loaded_s"] for r in learners if r["loaded_s"] is not None]
        refused = sum(1 for r in learners if r["first_status"] not in (200, None))
        print(f"    loaded {len(loads)}/{args.learners} (first refused: {refused}); load "
              f"{spread(loads, 's', 1)} median (range)", flush=True)
        # every learner's page has a kernel once it is admitted: what is over their number
        # belongs to abandoned requests
        extra = [max(0, kernels - args.learners) for _, kernels, _ in samples]
        print(f"    kernels beyond the class's {args.learners} at "
              f"{', '.join(map(str, SAMPLES_S))} s: {', '.join(map(str, extra))}", flush=True)
        runs.append((samples, loads, refused, extra))
    print()
    print("medians of the runs (range):")
    for i, at in enumerate(SAMPLES_S):
        kernels = [run[0][i][1] for run in runs]
        mib = [run[0][i][2] for run in runs]
        extra = [run[3][i] for run in runs]
        print(f"  at {at:>3} s: kernels {spread(kernels, '')}, beyond the class's "
              f"{spread(extra, '')}, server+kernels {spread(mib, 'MiB')}")
    loaded = [len(run[1]) for run in runs]
    print(f"  class loaded: {spread(loaded, f'of {args.learners}')}; first refused: "
          f"{spread([run[2] for run in runs], 'pages')}")
    medians = [statistics.median(run[1]) for run in runs if run[1]]
    slowest = [max(run[1]) for run in runs if run[1]]
    print(f"  load time, median page: {spread(medians, 's', 1)}; slowest page: "
          f"{spread(slowest, 's', 1)}")

if __name__ == "__main__":
    main()
