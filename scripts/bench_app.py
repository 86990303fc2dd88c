"""Benchmark the tutor's apps: prints numbers, checks nothing (not a test).

    .venv/bin/python scripts/bench_app.py [--steps 200] [--clicks 20] [--loads 5]

(a) kernel side, in this process without a browser: the CPU time of one Next click (the step,
    the redraw of what changed, its widget messages serialized and signed as a kernel does) in
    each game's app, against a bare click (a Button whose handler rewrites an HTML widget),
    taking turns;
(b) in Chromium through Voilà: from clicking Next to the explanation's step title updating,
    and to the page settling (title and step counter updated, then the last change to the page
    before 150 ms without one), for each game's app, against a bare notebook's click (a Button
    whose handler rewrites an HTML widget) measured the same way; the pages are open together
    and clicked in turn, one click each per round;
(c) time to interactive after navigation, for the four game apps and the four examples pages
    (their first example), against a bare one-Button notebook served by the same server; the
    pages are loaded in turn, round after round, and each ratio is of medians; with the time
    to the page's last byte (Voilà sends it once every cell has run) and the CPU the server
    with its kernels, and the browser, used until the page was interactive;
(d) resident memory (VmRSS) of one app kernel, a child process of the Voilà server.

The server is started as `make serve` starts it (python -m foodplay_widgets.serving.serve, with no
limit on the pages rendered at once) over a temporary copy of notebooks/ with the bare
notebook added; Jupyter's and matplotlib's caches go to a temporary folder. The browser is
Debian's /usr/bin/chromium (never `playwright install`).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from bench_browser import (
    APP_READY_JS,
    BARE_READY_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    CLICK_JS,
    Server,
    browser_cpu,
    cache_home,
    close_page,
    kernel_id_of,
    kernel_process,
    load_average,
    percentile,
    settle_js,
    status_kib,
    tree_cpu,
)

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = REPO / "notebooks"
VIEWPORT = {"width": 1280, "height": 2000}
TIMEOUT_MS = 300_000
BARE = "bare.ipynb"
APP = "burg.ipynb"
GAMES = ("burg", "coffee-rush", "cuisine-a-la-card", "food-truck")
APPS = tuple(f"{game}.ipynb" for game in GAMES)
EXAMPLES = tuple(f"{game}-examples.ipynb" for game in GAMES)
TEACHER = "teacher.ipynb"  # a game app with the teacher's tools: clicked like the apps (--only)


def bare_many(widgets: int) -> str:
    """The reference notebook whose click rewrites `widgets` widgets (--bare-widgets)."""
    return f"bare-{widgets}-widgets.ipynb"


# Goals (issue 10): TTI within 1.2x and a Next click within 2x of the bare notebook's.
GOAL_CLICK_RATIO = 2.0
GOAL_TTI_RATIO = 1.2
GOAL_KERNEL_MIB = 150.0


# --- (a) kernel side, in process --------------------------------------------------------------
def signing_comms() -> Counter:
    """Give every widget made from now on a comm that serializes and signs each message as a
    kernel's session does (JSON, HMAC-SHA256), then drops it; returns the message counter."""
    import comm
    from comm.base_comm import BaseComm
    from jupyter_client.session import Session

    session = Session(key=b"bench-" * 6)
    sent: Counter = Counter()

    class SigningComm(BaseComm):
        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            content = {"data": data, "comm_id": self.comm_id, **keys}
            session.serialize(session.msg(msg_type, content, metadata=metadata or {}))
            sent["messages"] += 1

    comm.create_comm = SigningComm
    return sent


def bare_click():
    """The bare notebook's widgets in process: a Button whose click rewrites an HTML widget."""
    import ipywidgets as widgets

    label = widgets.HTML("<span class='bare-count'>0</span>")
    button = widgets.Button(description="Click me")
    clicks = [0]

    def clicked(_) -> None:
        clicks[0] += 1
        label.value = f"<span class='bare-count'>{clicks[0]}</span>"

    button.on_click(clicked)

    def click() -> bool:
        button.click()
        return True

    return click


def app_click(game: str, steps: int):
    """A game's app (3 players, seed 1) with its bot game played out, and a click on Next that
    starts again from step 0 after `steps` steps (the wrap-around click is not timed)."""
    from foodplay_widgets.app.tutor import App

    app = App(game=game, players=3, seed=1, step=0, env={})
    app.finish_game()
    app.errors.errors.clear()
    last = min(steps, app.timeline.last)

    def click() -> bool:
        if app.timeline.cursor >= last:
            app.go(0)
            return False
        app.controls.next.click()
        return True

    return click, app


def bench_kernel_steps(steps: int, rounds: int = 5) -> dict[str, tuple[list[float], float]]:
    """CPU ms per Next click (go + render of what changed + its widget messages, serialized
    and signed), per game, and per bare click; games and the bare click take turns, `rounds`
    times `steps` clicks each. Returns {name: (CPU ms per click, messages per click)}."""
    sent = signing_comms()
    clickers = {"bare": (bare_click(), None)}
    clickers.update({game: app_click(game, steps) for game in GAMES})
    times: dict[str, list[float]] = {name: [] for name in clickers}
    messages: dict[str, list[int]] = {name: [] for name in clickers}
    for _ in range(rounds):
        for name, (click, app) in clickers.items():
            for _ in range(steps):
                sent.clear()
                t0 = time.process_time()
                if click():
                    times[name].append((time.process_time() - t0) * 1000)
                    messages[name].append(sent["messages"])
            assert app is None or not app.errors.errors, app.errors.errors
    return {name: (times[name], statistics.mean(messages[name])) for name in clickers}


# --- the server -------------------------------------------------------------------------------
def bare_notebook(path: Path, widgets: int = 1) -> None:
    """A Button whose click rewrites `widgets` HTML widgets (the last one holds the count,
    each about 1 kB beyond the first): one for the bare notebook, more for a reference that
    sends as many messages per click as an app does."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(
        "import ipywidgets as widgets\n\n"
        'button = widgets.Button(description="Click me")\n'
        'button.add_class("bare-button")\n'
        'label = widgets.HTML("<span class=\'bare-count\'>0</span>")\n'
        f"others = [widgets.HTML() for _ in range({widgets - 1})]\n"
        "clicks = [0]\n\n\n"
        "def clicked(_):\n"
        "    clicks[0] += 1\n"
        "    for other in others:\n"
        "        other.value = f\"<p>{clicks[0]}</p>\" + \"<b>x</b>\" * 120\n"
        "    label.value = f\"<span class='bare-count'>{clicks[0]}</span>\"\n\n\n"
        "button.on_click(clicked)\n"
        "widgets.VBox([button, *others, label])")]
    nbformat.write(nb, path)


# --- (b) click to update in the browser -------------------------------------------------------


SETTLE_JS = settle_js("""const want = `Step ${k}`;
  const title = () => document.querySelector('.fp-explanation .fp-step-title');
  const counter = () => document.querySelector('.fp-step-counter .fp-counter');
  const arrived = () => title() && title().textContent === want;
  const ready = () => counter() && counter().textContent.startsWith(`step ${k} /`);""",
                      "button.fp-next")

BARE_SETTLE_JS = settle_js("""const label = () => document.querySelector('.bare-count');
  const want = String(Number(label().textContent) + 1);
  const arrived = () => label() && label().textContent === want;
  const ready = () => true;""", "button.bare-button")


def bench_clicks(page, clicks: int) -> list[float]:
    """ms from Next's click to the step title changing, measured inside the page."""
    counter = page.locator(".fp-step-counter .fp-counter")
    times = []
    for k in range(1, clicks + 1):
        times.append(page.evaluate(CLICK_JS, k))
        # let the rest of the step's updates land before the next click
        counter.filter(has_text=f"step {k} /").wait_for()
    return times


def last_step(page) -> int:
    return int(page.locator(".fp-step-counter .fp-counter").inner_text().split("/")[1])


# --- (c) time to interactive --------------------------------------------------------------------
SERVED_JS = "() => performance.getEntriesByType('navigation')[0].responseEnd"


class Load(NamedTuple):
    """One page load: ms to interactive and to the page's last byte (Voilà sends it once the
    kernel has run every cell), and the CPU ms spent meanwhile by the server with its
    kernels, and by the browser."""

    ready: float
    served: float
    server_cpu: float
    browser_cpu: float


def time_to_interactive(server: Server, context, notebook: str, ready_js: str) -> Load:
    """Load `notebook` in a new page: ms from navigation start (performance.timeOrigin) to
    `ready_js` being true, with the CPU the server and the browser spent until then."""
    page = context.new_page()
    server0, browser0 = tree_cpu(server.proc.pid), browser_cpu(server)
    page.goto(f"{server.base}/voila/render/{notebook}", wait_until="commit")
    ms = page.wait_for_function(ready_js, polling="raf", timeout=TIMEOUT_MS).json_value()
    used = Load(float(ms), float(page.evaluate(SERVED_JS)),
                tree_cpu(server.proc.pid) - server0, browser_cpu(server) - browser0)
    close_page(server, page)
    return used


# --- (d) kernel memory ------------------------------------------------------------------------


# --- report -------------------------------------------------------------------------------------
def ready_js(notebook: str) -> str:
    return BARE_READY_JS if notebook.startswith("bare") else APP_READY_JS


def spread(values: list[float], digits: int = 0) -> str:
    return (f"median {statistics.median(values):.{digits}f} ms "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")


def bench_tti(server: Server, context, notebooks: list[str], loads: int) -> dict[str, list[Load]]:
    """Each notebook's loads (`time_to_interactive`), in turn, `loads` rounds after a
    warm-up."""
    for notebook in notebooks:
        time_to_interactive(server, context, notebook, ready_js(notebook))
    times: dict[str, list[Load]] = {nb: [] for nb in notebooks}
    for _ in range(loads):
        for notebook in notebooks:
            times[notebook].append(time_to_interactive(server, context, notebook,
                                                       ready_js(notebook)))
    return times


def bench_page_clicks(server: Server, context, notebooks: list[str],
                      clicks: int) -> dict[str, tuple[list[float], list[float]]]:
    """ms per click, (to the title, to the page settling), for each notebook: its page open
    with the others, clicked in turn, one click per page per round (Next on an app, the bare
    notebook's button)."""
    pages = {}
    for notebook in notebooks:
        page = context.new_page()
        page.goto(f"{server.base}/voila/render/{notebook}")
        page.wait_for_function(ready_js(notebook), polling="raf")
        pages[notebook] = page
    times: dict[str, tuple[list[float], list[float]]] = {nb: ([], []) for nb in notebooks}
    for k in range(1, clicks + 1):
        for notebook, page in pages.items():
            if notebook.startswith("bare"):
                title, settled = page.evaluate(BARE_SETTLE_JS)
            else:
                title, settled = page.evaluate(SETTLE_JS, k)
            times[notebook][0].append(title)
            times[notebook][1].append(settled)
    for page in pages.values():
        close_page(server, page)
    return times


def report_tti(server: Server, context, pages: list[str], loads: int) -> list[tuple]:
    """Print (c) and return its rows for the summary."""
    print(f"(c) time to interactive: {loads} rounds of {len(pages) + 1} pages in "
          f"turn, after one warm-up load each (load average {load_average()})")
    print("    (served: to the page's last byte, once Voilà has run every cell; CPU: used by "
          "the server and its kernels, and by the browser, until interactive)")
    times = bench_tti(server, context, [BARE, *pages], loads)
    bare = {field: statistics.median(getattr(load, field) for load in times[BARE])
            for field in Load._fields}
    rows = []
    for notebook in [BARE, *pages]:
        loads_of = times[notebook]
        medians = {field: statistics.median(getattr(load, field) for load in loads_of)
                   for field in Load._fields}
        ratio = medians["ready"] / bare["ready"]
        print(f"    {notebook}: {spread([x.ready for x in loads_of])}, ratio {ratio:.2f}; "
              f"served {spread([x.served for x in loads_of])}, "
              f"ratio {medians['served'] / bare['served']:.2f}")
        print(f"        CPU: server + kernel {spread([x.server_cpu for x in loads_of])}, "
              f"ratio {medians['server_cpu'] / bare['server_cpu']:.2f}; "
              f"browser {spread([x.browser_cpu for x in loads_of])}, "
              f"ratio {medians['browser_cpu'] / bare['browser_cpu']:.2f}")
        if notebook == BARE:
            continue
        rows.append((f"TTI {notebook} / bare", f"{ratio:.2f}", f"<= {GOAL_TTI_RATIO}",
                     ratio <= GOAL_TTI_RATIO))
    return rows


def report_clicks(server: Server, context, apps: list[str], clicks: int) -> list[tuple]:
    """Print (b) and return its rows for the summary."""
    print(f"(b) browser: click to update, {clicks} rounds of one click per page, "
          f"pages open together (load average {load_average()})")
    times = bench_page_clicks(server, context, [BARE, *apps], clicks)
    bare_title, bare_settled = (statistics.median(v) for v in times[BARE])
    print(f"    {BARE}: title {spread(times[BARE][0])}; settled {spread(times[BARE][1])}")
    rows = []
    for notebook in apps:
        title, settled = times[notebook]
        ratio = statistics.median(title) / bare_title
        settled_ratio = statistics.median(settled) / bare_settled
        print(f"    {notebook}: title {spread(title)}, p90 {percentile(title, 90):.0f} ms, "
              f"ratio {ratio:.2f}; settled {spread(settled)}, ratio {settled_ratio:.2f}")
        if notebook.startswith("bare"):  # a reference, not a page with a goal
            rows.append((f"click settled {notebook} / bare", f"{settled_ratio:.2f}", "-", None))
            continue
        rows.append((f"Next click {notebook} / bare", f"{ratio:.2f}",
                     f"<= {GOAL_CLICK_RATIO}", ratio <= GOAL_CLICK_RATIO))
        rows.append((f"Next click settled {notebook} / bare", f"{settled_ratio:.2f}",
                     f"<= {GOAL_CLICK_RATIO}", settled_ratio <= GOAL_CLICK_RATIO))
    return rows


def report_memory(server: Server, context, clicks: int) -> list[tuple]:
    """Print (d) and return its rows for the summary."""
    print("(d) memory of one BURG page's kernel")
    page = context.new_page()
    page.goto(f"{server.base}/voila/render/{APP}")
    page.wait_for_function(APP_READY_JS, polling="raf")
    bench_clicks(page, clicks)
    kernel_id = kernel_id_of(page)
    pid = kernel_process(server, kernel_id)
    rss_mib = status_kib(pid, "VmRSS") / 1024
    print(f"    kernel {kernel_id} pid {pid}, after {clicks} steps: "
          f"VmRSS {rss_mib:.1f} MiB (peak VmHWM {status_kib(pid, 'VmHWM') / 1024:.1f} MiB)")
    # the heaviest ordinary use: the last step, with the scores chart (matplotlib)
    page.locator("button.fp-last").click()
    page.locator(".fp-explanation .fp-step-title").filter(
        has_text=f"Step {last_step(page)}").wait_for()
    page.locator(".fp-chart-toggle").click()
    page.locator("img.fp-chart").wait_for()
    page.locator(".fp-chart-summary .fp-chart-alt").wait_for()
    chart_mib = status_kib(pid, "VmRSS") / 1024
    print(f"    at the last step with the scores chart drawn: VmRSS {chart_mib:.1f} MiB "
          f"(peak VmHWM {status_kib(pid, 'VmHWM') / 1024:.1f} MiB)")
    close_page(server, page)
    return [(f"app kernel VmRSS, after {clicks} steps", f"{rss_mib:.0f} MiB",
             f"< {GOAL_KERNEL_MIB:.0f} MiB", rss_mib < GOAL_KERNEL_MIB),
            ("app kernel VmRSS, last step + chart", f"{chart_mib:.0f} MiB",
             f"< {GOAL_KERNEL_MIB:.0f} MiB", chart_mib < GOAL_KERNEL_MIB)]


def browser_parts(home: Path, args: argparse.Namespace, pages: list[str],
                  apps: list[str]) -> list[tuple]:
    """(b), (c) and (d), less those skipped, through a server of their own."""
    served = home / "notebooks"
    shutil.copytree(NOTEBOOKS, served, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    bare_notebook(served / BARE)
    if args.bare_widgets > 1:
        bare_notebook(served / bare_many(args.bare_widgets), args.bare_widgets)
    # with no limit on the pages rendered at once
    server = Server(home, "--notebooks", str(served), "--renders", "0", start_s=60, stop_s=15)
    print(f"    Voilà {server.base} (pid {server.proc.pid}) serving {served}")
    from playwright.sync_api import sync_playwright

    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=VIEWPORT)
            context.set_default_timeout(TIMEOUT_MS)
            if "tti" not in args.skip:
                rows += report_tti(server, context, pages, args.loads)
            if "clicks" not in args.skip:
                rows += report_clicks(server, context, apps, args.clicks)
            if "memory" not in args.skip:
                rows += report_memory(server, context, args.clicks)
            context.close()
            browser.close()
    finally:
        server.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=200,
                        help="kernel-side clicks per game and round (200)")
    parser.add_argument("--clicks", type=int, default=20, help="browser clicks on Next (20)")
    parser.add_argument("--loads", type=int, default=5, help="page loads per notebook (5)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["tti", "clicks", "memory"],
                        help="parts to leave out (time to interactive, clicks, kernel memory)")
    parser.add_argument("--bare-widgets", type=int, default=0,
                        help="also click a bare notebook that rewrites this many widgets per "
                             "click, for reference (an app's click sends 2-3 messages)")
    parser.add_argument("--only", nargs="*", default=None,
                        help="notebooks to compare with the bare one (default: the eight "
                             "apps and examples pages; teacher.ipynb may be added)")
    args = parser.parse_args()
    home = cache_home()
    pages = args.only or [*APPS, *EXAMPLES]
    apps = [nb for nb in pages if nb in (*APPS, TEACHER)] or [APP]
    if args.bare_widgets > 1:
        apps.append(bare_many(args.bare_widgets))

    rows = []
    try:
        print(f"(a) kernel side, in this process: CPU per Next click ({args.steps} steps of "
              f"each game, 3 players, seed 1, in turns with a bare click), widget messages "
              f"serialized and signed as a kernel does")
        kernel = bench_kernel_steps(args.steps)
        bare_cpu = statistics.median(kernel["bare"][0])
        for name, (cpu, messages) in kernel.items():
            print(f"    {name}: {spread(cpu, 2)}, {messages:.1f} messages per click, "
                  f"ratio {statistics.median(cpu) / bare_cpu:.1f}")
        if {"tti", "clicks", "memory"} - set(args.skip):
            rows += browser_parts(home, args, pages, apps)
    finally:
        shutil.rmtree(home, ignore_errors=True)

    rows += [
        *((f"kernel CPU per click, {name}", f"{statistics.median(cpu):.2f} ms", "-", None)
          for name, (cpu, _) in kernel.items()),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"\nload average at the end: {load_average()}")
    print(f"{'metric':<{width}}  {'value':>9}  {'goal':<10}  met")
    print(f"{'-' * width}  {'-' * 9}  {'-' * 10}  ---")
    for name, value, goal, met in rows:
        verdict = "" if met is None else ("yes" if met else "NO")
        print(f"{name:<{width}}  {value:>9}  {goal:<10}  {verdict}")


if __name__ == "__main__":
    main()
