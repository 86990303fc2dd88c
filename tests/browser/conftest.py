"""Real-browser tests: one Voilà server for the session, driven by Debian's Chromium.

Plain Playwright (sync API), no pytest-playwright. Never `playwright install`: the
browser is /usr/bin/chromium from `apt-get install chromium` (`make chromium`).

The server is `make serve`'s standalone Voilà, or with FOODPLAY_TEST_SERVER=binder the way
Binder serves: Jupyter Server with the Voilà extension under the base URL /user/learner/,
configured by what `binder/postBuild` wrote under $HOME/.jupyter, through `binder/start` if it
exists (.ci/run stage 2). Build page addresses with the `notebook_url` fixture.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path

import pytest

from foodplay_widgets.binder import BASE_URL, EXTENSION, jupyter_server_argv
from foodplay_widgets.serve import answers, free_port, voila_argv

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"

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
VIEWPORT = {"width": 1280, "height": 2000}  # tall: Voilà's lab template scrolls inside
TIMEOUT_MS = 30_000  # first render takes about 2-3 s; be generous on a busy CI machine
SERVER_START_S = 60
KERNEL_SHUTDOWN_S = 5

SERVER_KIND = os.environ.get("FOODPLAY_TEST_SERVER", "voila")  # "voila" or "binder"
BINDER_BASE_URL = BASE_URL
BINDER_CONFIG = Path.home() / ".jupyter" / "jupyter_server_config.json"
BINDER_START = REPO / "binder" / "start"


def pytest_collection_modifyitems(items):
    """Mark every test in this directory `browser` (this hook sees the whole session)."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so that `page` can screenshot a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


class VoilaKernels:
    """The kernels of one Voilà server, seen through its REST API."""

    def __init__(self, base: str):
        self.base = base

    def alive(self, kernel_id: str) -> bool:
        """Whether the server still runs this kernel (GET /api/kernels/<id>)."""
        try:
            with urllib.request.urlopen(f"{self.base}/api/kernels/{kernel_id}", timeout=2):
                return True
        except urllib.error.HTTPError as error:
            return error.code != 404

    def running(self) -> set[str] | None:
        """The ids of every kernel the server runs (GET /api/kernels); None where the server
        does not list them (standalone Voilà answers 404)."""
        try:
            with urllib.request.urlopen(f"{self.base}/api/kernels", timeout=5) as response:
                return {kernel["id"] for kernel in json.load(response)}
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise

    def wait_gone(self, kernel_id: str, timeout: float = KERNEL_SHUTDOWN_S) -> bool:
        """Wait until the kernel is shut down; whether it is."""
        deadline = time.monotonic() + timeout
        while self.alive(kernel_id):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    @staticmethod
    def of(page) -> str | None:
        """The kernel id of a Voilà page, from its page config; None on any other page."""
        if page.is_closed():
            return None
        try:
            config = page.evaluate(
                "() => document.getElementById('jupyter-config-data')?.textContent ?? null"
            )
        except Exception:  # the page is gone or is not a Voilà page: no kernel to shut down
            return None
        return json.loads(config).get("kernelId") if config else None


def _server_command(port: int) -> tuple[list[str], str]:
    """The command that serves the notebooks on `port`, and its base URL (no trailing /)."""
    if SERVER_KIND == "voila":
        # --show_tracebacks: a failing cell shows its traceback in the page and the screenshot.
        return ([sys.executable, "-m", "voila", *voila_argv(port, NOTEBOOKS),
                 "--show_tracebacks=True"], f"http://127.0.0.1:{port}")
    if SERVER_KIND != "binder":
        pytest.fail(f"FOODPLAY_TEST_SERVER={SERVER_KIND!r}: use 'voila' or 'binder'",
                    pytrace=False)
    if EXTENSION not in (BINDER_CONFIG.read_text() if BINDER_CONFIG.exists() else ""):
        pytest.fail(f"no Binder configuration in {BINDER_CONFIG}: run `bash binder/postBuild` "
                    "with this HOME first (as .ci/run stage 2 does)", pytrace=False)
    # Binder's command, from the repository root; its `start` script wraps it (`exec "$@"`).
    cmd = [sys.executable, "-m", "jupyter_server", *jupyter_server_argv(port, BINDER_BASE_URL)]
    if BINDER_START.exists():
        cmd = [str(BINDER_START), *cmd]
    return cmd, f"http://127.0.0.1:{port}{BINDER_BASE_URL.rstrip('/')}"


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """One server on a free port for the whole session; yields its base URL (no trailing /)."""
    home = tmp_path_factory.mktemp("jupyter-home")
    env = dict(os.environ)
    caches = [("JUPYTER_DATA_DIR", "data"), ("JUPYTER_RUNTIME_DIR", "runtime"),
              ("MPLCONFIGDIR", "matplotlib"), ("IPYTHONDIR", "ipython")]
    if SERVER_KIND == "binder":  # Binder's configuration is the one in $HOME/.jupyter
        env.pop("JUPYTER_CONFIG_DIR", None)
    else:
        caches.append(("JUPYTER_CONFIG_DIR", "config"))
    for var, sub in caches:
        (home / sub).mkdir()
        env[var] = str(home / sub)
    port = free_port()
    # sys.executable: the server and its kernels run in whichever venv runs pytest.
    cmd, base = _server_command(port)
    ready = base + ("/api/status" if SERVER_KIND == "binder" else "/")
    log_path = home / "voila.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + SERVER_START_S
        while not answers(ready):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    f"The server did not answer on {base} (exit code {proc.poll()}).\n"
                    f"Command: {' '.join(cmd)}\n--- {log_path} ---\n"
                    + log_path.read_text(errors="replace"),
                    pytrace=False,
                )
            time.sleep(0.2)
        yield base
    finally:
        # SIGTERM lets Voilà shut its kernels down (they run in sessions of their own).
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium. A missing browser is a failure, never a skip: CI runs these."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} not found: the browser tests need Debian's Chromium. "
            "Install it with `make chromium` (apt-get install -y chromium). "
            "Do not run `playwright install`.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def notebook_url(voila_server):
    """`notebook_url("burg.ipynb", "seed=3")`: the address Voilà renders that notebook at."""
    folder = "notebooks/" if SERVER_KIND == "binder" else ""  # Binder serves the repository

    def url(notebook: str, query: str = "") -> str:
        return f"{voila_server}/voila/render/{folder}{notebook}" + (f"?{query}" if query else "")

    return url


@pytest.fixture(scope="session")
def kernels(voila_server) -> VoilaKernels:
    return VoilaKernels(voila_server)


@pytest.fixture
def page(browser, kernels, request):
    """A fresh page in a fresh context, with a tall viewport.

    On teardown the page is closed with its `beforeunload` handler, whose beacon asks Voilà
    to shut the page's kernel down. The context is closed only once that kernel is gone:
    closing the context at once cancels the beacon in flight and leaves the kernel running.
    Other pages a test opened in the same context (`page.context.new_page()`, a link with
    target=_blank) are closed the same way.
    """
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    new_page = context.new_page()
    yield new_page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and not new_page.is_closed():
        _save_screenshot(new_page, f"FAILED-{request.node.name}")
    opened = [new_page] + [p for p in context.pages if p is not new_page]
    kernel_ids = [VoilaKernels.of(p) for p in opened]
    for each in opened:
        if not each.is_closed():
            each.close(run_before_unload=True)
    for kernel_id in kernel_ids:
        if kernel_id and not kernels.wait_gone(kernel_id):
            warnings.warn(
                f"kernel {kernel_id} still running {KERNEL_SHUTDOWN_S} s after its page closed",
                stacklevel=1,
            )
    context.close()


def _save_screenshot(page, name: str) -> Path:
    """Save a PNG of the viewport as test-artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.fixture
def save_screenshot():
    """`save_screenshot(page, name)`, as a fixture so that tests need not import conftest."""
    return _save_screenshot
