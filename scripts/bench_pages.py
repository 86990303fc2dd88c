"""What the page benchmarks share (scripts/bench_app.py, bench_load.py, bench_abandoned.py,
hub_check.py): the tutor's server started as `make serve` starts it, Chromium's settings, the
scripts a page is probed with, and the CPU and memory of processes read from /proc."""

from __future__ import annotations

import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent


CHROMIUM = "/usr/bin/chromium"


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


TIMEOUT_MS = 300_000


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (0-100), linear between closest ranks."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def cache_home() -> Path:
    """A temporary folder for Jupyter's, IPython's and matplotlib's files; set in os.environ
    before anything imports them, so this process and the server both use it."""
    home = Path(tempfile.mkdtemp(prefix="fp-bench-"))
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("MPLCONFIGDIR", "matplotlib"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (home / sub).mkdir()
        os.environ[var] = str(home / sub)
    return home


def kernel_alive(base: str, kernel_id: str) -> bool:
    """Whether the server runs this kernel, asked as its page asks (with a same-origin Referer:
    the standalone server answers nobody else, foodplay_widgets.serving.hardening)."""
    request = urllib.request.Request(f"{base}/api/kernels/{kernel_id}",
                                     headers={"Referer": f"{base}/"})
    try:
        with urllib.request.urlopen(request, timeout=2):
            return True
    except urllib.error.HTTPError as error:
        return error.code != 404


class Server:
    """The tutor's server on a free port, as `make serve` starts it (its page template,
    bytecode written first), in a session of its own; `options` go to
    `python -m foodplay_widgets.serving.serve` (such as --notebooks DIR, --renders 0)."""

    def __init__(self, home: Path, *options: str, start_s: float = 120, stop_s: float = 30):
        from foodplay_widgets.serving.serve import answers, free_port

        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = home / f"serve-{self.port}.log"
        self.stop_s = stop_s
        cmd = [sys.executable, "-m", "foodplay_widgets.serving.serve", "--port", str(self.port),
               *options]
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(cmd, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        deadline = time.monotonic() + start_s
        while not answers(self.base + "/"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"the server did not start:\n{self.log.read_text(errors='replace')}")
            time.sleep(0.2)

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=self.stop_s)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()

    def wait_gone(self, kernel_id: str | None, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while kernel_id and kernel_alive(self.base, kernel_id) and time.monotonic() < deadline:
            time.sleep(0.05)


def kernel_id_of(page) -> str | None:
    config = page.evaluate(
        "() => document.getElementById('jupyter-config-data')?.textContent ?? null")
    return json.loads(config).get("kernelId") if config else None


def close_page(server: Server, page) -> None:
    """Close with the beforeunload beacon, and wait until Voilà has shut the kernel down."""
    kernel_id = kernel_id_of(page)
    page.close(run_before_unload=True)
    server.wait_gone(kernel_id)


# --- (b) click to update in the browser -------------------------------------------------------
CLICK_JS = """
async (k) => {
  const want = `Step ${k}`;
  const title = () => document.querySelector('.fp-explanation .fp-step-title');
  return await new Promise((resolve, reject) => {
    let observer;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(want)); }, 10000);
    const t0 = performance.now();
    observer = new MutationObserver(() => {
      if (title() && title().textContent === want) {
        const dt = performance.now() - t0;
        observer.disconnect(); clearTimeout(timer); resolve(dt);
      }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true});
    document.querySelector('button.fp-next').click();
  });
}
"""


# The first app on the page (an examples page's first example) can be stepped through.
APP_READY_JS = """() => {
  const next = document.querySelector('.fp-app button.fp-next');
  const counter = document.querySelector('.fp-app .fp-step-counter .fp-counter');
  return next && !next.disabled && counter && counter.offsetParent !== null
    && /^step \\d+ \\/ \\d+( so far)?$/.test(counter.textContent) ? performance.now() : null;
}"""


BARE_READY_JS = """() => {
  const button = document.querySelector('button.bare-button');
  return button && !button.disabled && button.offsetParent !== null ? performance.now() : null;
}"""


# The same click, also timed to the page settling: the title and the step counter updated,
# then the time of the last change to the page before QUIET_MS without one.
QUIET_MS = 150


_SETTLE_TEMPLATE = """
async (k) => {
  SETUP
  return await new Promise((resolve, reject) => {
    let observer, quiet, first = null, last = null;
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(want)); }, 10000);
    const t0 = performance.now();
    const done = () => {
      observer.disconnect(); clearTimeout(timer); resolve([first - t0, last - t0]);
    };
    observer = new MutationObserver(() => {
      const now = performance.now();
      if (first === null && arrived()) { first = now; }
      if (first === null || (last === null && !ready())) { return; }
      last = now;
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET);
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                     attributes: true});
    document.querySelector('BUTTON').click();
  });
}
"""


def settle_js(setup: str, button: str) -> str:
    """The settle probe for a page: `setup` defines `want` (the first change awaited),
    `arrived()` (it has come) and `ready()` (the rest of the step is there too)."""
    return (_SETTLE_TEMPLATE.replace("SETUP", setup).replace("BUTTON", button)
            .replace("QUIET", str(QUIET_MS)))


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
    """The last step the counter names ("step 2 / 229", or "step 2 / 229 so far" while the
    game is still being played ahead)."""
    counter = page.locator(".fp-step-counter .fp-counter").inner_text()
    return int(re.search(r"/\s*(\d+)", counter).group(1))


# --- (c) time to interactive --------------------------------------------------------------------
SERVED_JS = "() => performance.getEntriesByType('navigation')[0].responseEnd"


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Load(NamedTuple):
    """One page load: ms to interactive and to the page's last byte (Voilà sends it once the
    kernel has run every cell), and the CPU ms spent meanwhile by the server with its
    kernels, and by the browser."""

    ready: float
    served: float
    server_cpu: float
    browser_cpu: float


def tree_cpu(root: int) -> float:
    """CPU ms used so far by `root` and its descendants (ended children included once their
    parent has waited for them)."""
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        todo.extend(children(pid))
    return total * 1000 / CLOCK_TICKS


def browser_cpu(server: Server) -> float:
    """CPU ms used so far by this process's children but the server: the browser and its
    driver."""
    return sum(tree_cpu(kid) for kid in children(os.getpid()) if kid != server.proc.pid)


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
def children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            kids.append(int(entry.name))
    return kids


def status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def kernel_process(server: Server, kernel_id: str) -> int:
    """The pid of the ipykernel_launcher child of Voilà that runs `kernel_id`."""
    for pid in children(server.proc.pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "ipykernel_launcher" in cmdline and kernel_id in cmdline:
            return pid
    raise LookupError(f"no ipykernel_launcher child of {server.proc.pid} runs {kernel_id}")


# --- report -------------------------------------------------------------------------------------
def ready_js(notebook: str) -> str:
    return BARE_READY_JS if notebook.startswith("bare") else APP_READY_JS


def load_average() -> str:
    """The machine's 1, 5 and 15 minute load averages, to print beside the figures."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def spread(values: list[float], digits: int = 0) -> str:
    return (f"median {statistics.median(values):.{digits}f} ms "
            f"({min(values):.{digits}f}-{max(values):.{digits}f})")
