"""A class at once: N learners open the same app together; prints numbers, checks nothing.

    .venv/bin/python scripts/bench_load.py --learners 8 16 30 [--notebook burg.ipynb]
                                           [--client chromium|protocol]

For each N, the README's server (`make serve`: python -m foodplay_widgets.serving.serve) is started
afresh; N Chromium pages open the app within `--spread` seconds, each waits until the app can
be stepped through, then presses Next `--clicks` times. With `--client protocol` each learner
is instead what a page says on the wire, without a browser: the page's HTML (the server runs
the notebook), its kernel's websocket, the widgets' states, then clicks on Next, each timed to
the end of the kernel's reply (when the page draws it); the page's scripts (static files its
browser would fetch once and cache) are left out. That measures the server alone: on this
machine the learners' 30 Chromium pages use as much CPU as the server. Printed per N:
loaded/N, the slowest load (from each page's own navigation; for the protocol client, to the
widgets' states), click p50 and p95 (click to the explanation's new step title; for the
protocol client, to the reply's end), the peak resident memory of the server plus its kernels
(sampled every second from /proc), and the CPU time of the server with its kernels against
that of the learners' Chromium (in a real class, that runs on their own devices). Jupyter's
caches go to a temporary folder; the browser is Debian's /usr/bin/chromium (never
`playwright install`).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import re
import shutil
import statistics
import sys
import threading
import time
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
from bench_browser import (  # noqa: E402  (the benchmarks share their server and page probes)
    APP_READY_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_JS,
    Server,
    cache_home,
    percentile,
)

LOAD_TIMEOUT_MS = 600_000


def family(root: int) -> set[int]:
    """`root` and all its descendants (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    members, grew = {root}, True
    while grew:
        more = {pid for pid, ppid in parents.items() if ppid in members} - members
        members |= more
        grew = bool(more)
    return members


def tree_cpu_s(root: int) -> float:
    """CPU seconds of `root` and its descendants, with those already ended and waited for."""
    total = 0
    for pid in family(root):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def tree_rss_kib(root: int) -> int:
    """Resident memory of `root` and all its descendants, in KiB (from /proc)."""
    total = 0
    for pid in family(root):
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


class PeakMemory(threading.Thread):
    """Samples a process tree's resident memory until stopped; keeps the peak."""

    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root, self.peak_kib, self._halt = root, 0, threading.Event()

    def run(self) -> None:
        while not self._halt.wait(1.0):
            self.peak_kib = max(self.peak_kib, tree_rss_kib(self.root))

    def stop(self) -> int:
        self._halt.set()
        self.join()
        return self.peak_kib


# What a page that never became interactive shows: the load notice's state, Voilà's own
# error or spinner, how many of the page's widget outputs were drawn.
PAGE_STATE_JS = """() => {
  const shown = (sel) => { const e = document.querySelector(sel);
    return !!e && getComputedStyle(e).visibility === 'visible' && e.offsetParent !== null; };
  return JSON.stringify({
    notice_failed: shown('.fp-load-check .fp-load-failed'),
    notice_slow: shown('.fp-load-check .fp-load-slow'),
    widgets: document.querySelectorAll('.jupyter-widgets').length,
    widget_errors: document.querySelectorAll('.jupyter-widgets-error-widget').length,
    stderr: document.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]').length,
    voila_spinner: !!document.querySelector('#loading, .voila-spinner-container'),
    text: document.body ? document.body.innerText.slice(0, 120) : ''});
}"""


async def learner(browser, url: str, delay: float, clicks: int) -> tuple[float | None, list]:
    """One learner: open `url` after `delay` s, wait for the app, press Next `clicks` times.
    Returns (ms to interactive, or None if it never loaded; click ms)."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1280, "height": 1600})
    page = await context.new_page()
    loaded, times = None, []
    try:
        await page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        handle = await page.wait_for_function(APP_READY_JS, polling=100,
                                              timeout=LOAD_TIMEOUT_MS)
        loaded = float(await handle.json_value())
        for k in range(1, clicks + 1):
            times.append(await page.evaluate(CLICK_JS, k))
            await page.locator(".fp-step-counter .fp-counter").filter(
                has_text=f"step {k} /").first.wait_for(timeout=60_000)
    except Exception as exc:  # a page that never loads is a figure, not a crash
        try:
            shows = await page.evaluate(PAGE_STATE_JS)
        except Exception as again:  # noqa: BLE001  (the page itself may be gone)
            shows = f"unreadable ({type(again).__name__})"
        print(f"    a learner gave up: {type(exc).__name__}: {str(exc).splitlines()[0]}; "
              f"the page shows {shows}", flush=True)
    finally:
        try:
            await page.close(run_before_unload=True)
            await asyncio.sleep(0.5)  # let the beacon that shuts the kernel down go out
        finally:
            await context.close()
    return loaded, times


async def one_class(url: str, learners: int, spread: float, clicks: int) -> list:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                   args=CHROMIUM_ARGS)
        rng = random.Random(learners)
        delays = sorted(rng.uniform(0, spread) for _ in range(learners))
        results = await asyncio.gather(*(learner(browser, url, d, clicks) for d in delays))
        await browser.close()
    return results


# --- a learner on the wire, without a browser --------------------------------------------------
V1 = "v1.kernel.websocket.jupyter.org"  # the websocket protocol Voilà's page speaks
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)


def wire_message(msg_type: str, content: dict, session: str, metadata: dict | None = None):
    """A shell message as the page's browser sends it (protocol v1: binary, unsigned)."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
              "username": "", "version": "5.2",
              "date": datetime.datetime.now(datetime.UTC).isoformat()}
    message = {"header": header, "parent_header": {}, "metadata": metadata or {},
               "content": content}
    return serialize_msg_to_ws_v1(message, "shell", lambda part: json.dumps(part).encode())


def read_wire(raw: bytes) -> tuple[str, dict]:
    """(msg_type, content) of a message from the kernel's websocket."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    _channel, parts = deserialize_msg_from_ws_v1(raw)
    return json.loads(parts[0])["msg_type"], json.loads(parts[3])


async def protocol_learner(url: str, delay: float, clicks: int,
                           class_done: asyncio.Barrier) -> tuple[float | None, list]:
    """One learner on the wire: GET `url` after `delay` s, connect to its kernel, ask for the
    widgets' states, click Next `clicks` times, stay until the whole class is done. Returns
    (ms to the states, or None; click ms, each to the kernel's "idle" after it)."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    await asyncio.sleep(delay)
    start = time.monotonic()
    loaded, times, base, kernel_id, ws = None, [], url.split("/voila/")[0], None, None
    try:
        page = await AsyncHTTPClient().fetch(url, request_timeout=LOAD_TIMEOUT_MS / 1000)
        kernel_id = json.loads(CONFIG.search(page.body.decode()).group(1))["kernelId"]
        session = uuid.uuid4().hex
        ws = await websocket_connect(f"ws{base[4:]}/api/kernels/{kernel_id}/channels"
                                     f"?session_id={session}", subprotocols=[V1])
        ws.protocol.stream.set_nodelay(True)  # as a browser does

        async def until(wanted) -> Any:
            while True:
                raw = await asyncio.wait_for(ws.read_message(), LOAD_TIMEOUT_MS / 1000)
                if raw is None:
                    raise ConnectionError("the kernel's websocket closed")
                found = wanted(*read_wire(raw))
                if found is not None:
                    return found

        await ws.write_message(wire_message("kernel_info_request", {}, session), binary=True)
        await until(lambda kind, _: True if kind == "kernel_info_reply" else None)
        control = uuid.uuid4().hex
        await ws.write_message(wire_message(
            "comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                          "data": {}}, session, {"version": "1.0.0"}), binary=True)
        await ws.write_message(wire_message(
            "comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, session),
            binary=True)
        states = await until(lambda kind, content: content["data"]["states"]
                             if kind == "comm_msg" and content.get("comm_id") == control
                             else None)
        loaded = (time.monotonic() - start) * 1000

        def button(css: str) -> str:
            return next(model for model, each in states.items()
                        if css in each["state"].get("_dom_classes", []))

        async def click(model: str) -> None:
            await ws.write_message(wire_message(
                "comm_msg", {"comm_id": model, "data": {"method": "custom",
                                                        "content": {"event": "click"}}},
                session), binary=True)

        def idle(kind: str, content: dict) -> bool | None:
            return True if kind == "status" and content.get("execution_state") == "idle" \
                else None

        await click(button("fp-app-drawn"))  # what a page's ping says once it drew the app
        await until(idle)
        next_id = button("fp-next")
        for _ in range(clicks):
            clicked = time.monotonic()
            await click(next_id)
            await until(idle)
            times.append((time.monotonic() - clicked) * 1000)
    except Exception as exc:  # a learner who never gets the app is a figure, not a crash
        print(f"    a learner gave up: {type(exc).__name__}: {exc}", flush=True)
    finally:
        await class_done.wait()  # every kernel of the class is there at once, as in a class
        if ws is not None:
            ws.close()
        if kernel_id is not None:  # what the page's closing beacon does, from its origin
            from tornado.httpclient import HTTPClientError

            try:
                await AsyncHTTPClient().fetch(f"{base}/voila/api/shutdown/{kernel_id}",
                                              method="POST", body=b"",
                                              headers={"Origin": origin_of(base)})
            except HTTPClientError:
                pass
    return loaded, times


def origin_of(url: str) -> str:
    """The origin (scheme://host:port) of `url`, as a browser sends it in `Origin`."""
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


async def protocol_class(url: str, learners: int, spread: float, clicks: int) -> list:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=learners)  # every learner at once
    rng = random.Random(learners)
    delays = sorted(rng.uniform(0, spread) for _ in range(learners))
    class_done = asyncio.Barrier(learners)
    return await asyncio.gather(*(protocol_learner(url, d, clicks, class_done) for d in delays))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[8, 16, 30])
    parser.add_argument("--notebook", default="burg.ipynb", help="the app (burg.ipynb)")
    parser.add_argument("--spread", type=float, default=3.0,
                        help="the learners open the page within this many seconds (3)")
    parser.add_argument("--clicks", type=int, default=3, help="Next presses each (3)")
    parser.add_argument("--client", choices=["chromium", "protocol"], default="chromium",
                        help="each learner a Chromium page (default), or its messages only")
    args = parser.parse_args()
    run_class = one_class if args.client == "chromium" else protocol_class
    home = cache_home()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    rows = []
    try:
        for n in args.learners:
            server = Server(home)  # the README's server, as `make serve` starts it
            url = f"{server.base}/voila/render/{args.notebook}"
            print(f"{n} learners ({args.client}) open {url} within {args.spread:.0f} s",
                  flush=True)
            memory = PeakMemory(server.proc.pid)
            memory.start()
            mine, server_cpu = tree_cpu_s(os.getpid()), tree_cpu_s(server.proc.pid)
            try:
                results = asyncio.run(run_class(url, n, args.spread, args.clicks))
            finally:
                peak_mib = memory.stop() / 1024
                # the browser has ended and been waited for: what this process's family used,
                # less the server's, is the learners' Chromium (and Playwright's driver)
                server_cpu = tree_cpu_s(server.proc.pid) - server_cpu
                browser_cpu = tree_cpu_s(os.getpid()) - mine - server_cpu
                server.stop()
            print(f"    CPU: server and kernels {server_cpu:.0f} s, the learners' "
                  f"{'Chromium' if args.client == 'chromium' else 'client (this process)'} "
                  f"{browser_cpu:.0f} s", flush=True)
            if any(ms is None for ms, _ in results):  # keep the server's log to read why
                kept = REPO / "test-artifacts" / f"bench-load-serve-{n}.log"
                kept.parent.mkdir(exist_ok=True)
                shutil.copy(server.log, kept)
                print(f"    the server's log is in {kept.relative_to(REPO)}", flush=True)
            loads = [ms for ms, _ in results if ms is not None]
            clicks = [c for ms, times in results if ms is not None for c in times]
            row = (n, len(loads), max(loads) if loads else float("nan"),
                   statistics.median(clicks) if clicks else float("nan"),
                   percentile(clicks, 95) if clicks else float("nan"), peak_mib,
                   os.getloadavg()[0])
            rows.append(row)
            print(f"    loaded {row[1]}/{n}, slowest load {row[2] / 1000:.1f} s, click p50 "
                  f"{row[3]:.0f} ms, p95 {row[4]:.0f} ms, peak server+kernels {peak_mib:.0f} MiB",
                  flush=True)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    print()
    print("learners  loaded  slowest load  click p50  click p95  peak memory  load avg")
    for n, ok, slowest, p50, p95, peak, load in rows:
        print(f"{n:>8}  {ok:>3}/{n:<3}  {slowest / 1000:>10.1f} s  {p50:>6.0f} ms  {p95:>6.0f} ms"
              f"  {peak:>7.0f} MiB  {load:>8.1f}")


if __name__ == "__main__":
    main()
