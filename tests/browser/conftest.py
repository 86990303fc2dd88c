"""Real-browser tests: one Voilà server for the session, driven by Debian's Chromium.

Plain Playwright (sync API), no pytest-playwright. Never `playwright install`: the
browser is /usr/bin/chromium from `apt-get install chromium` (`make chromium`).

The server is `make serve`'s standalone Voilà, or with FOODPLAY_TEST_SERVER=binder the way
Binder serves: Jupyter Server with the Voilà extension under the base URL /user/learner/,
configured by what `binder/postBuild` wrote under $HOME/.jupyter, through `binder/start` if it
exists (.ci/run stage 2). Build page addresses with the `notebook_url` fixture.

Pages (tabs.py says why: a page in a new tab costs almost twice the CPU of one in an open tab):
- `page`: the session's one tab, handed to each test in turn and reset after it (its pages
  left so that their kernels shut down, storage cleared, routes, media and viewport put back).
  Use it for anything that changes a page: clicks, typing, navigation.
- `loaded_page(notebook, ready, query="")`: a page loaded once for the session and shared by
  every test that asks for the same notebook and query, in a tab of its own; waits until the
  selector `ready` is visible. For tests that only read a page, or put back what they change
  (a language menu switched back to English): e.g.
  `loaded_page("burg.ipynb", "button.fp-next")`. Viewport and scroll are reset on each
  hand-out; a failing test throws away the pages it was handed.
- `private_page`: a page in a context of its own, closed after the test, for a test that
  changes what the tab's reset cannot undo (e.g. `route_web_socket`).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tabs import LoadedPages, Tab, VoilaKernels, close_context, new_context, screenshot_to

from foodplay_widgets.serving.binder import BASE_URL, EXTENSION, jupyter_server_argv
from foodplay_widgets.serving.serve import answers, free_port

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"

CHROMIUM = "/usr/bin/chromium"
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"  # `make axe`: npm ci in tests/browser
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SERVER_START_S = 60
# The culler, sooner than serve.py's 15 minutes, so that test_server_log.py sees a kernel culled:
# a page's kernel idle 12 s without its page is shut down (a test page connects within a few
# seconds of its render, and the shared pages stay connected).
TEST_CULL_IDLE_S = 12
TEST_CULL_INTERVAL_S = 1

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


def _server_command(port: int) -> tuple[list[str], str]:
    """The command that serves the notebooks on `port`, and its base URL (no trailing /)."""
    if SERVER_KIND == "voila":
        # --show_tracebacks: a failing cell shows its traceback in the page and the screenshot.
        return ([sys.executable, "-m", "foodplay_widgets.serving.serve", f"--port={port}",
                 f"--notebooks={NOTEBOOKS}", "--show_tracebacks=True",
                 f"--cull-idle={TEST_CULL_IDLE_S}", f"--cull-interval={TEST_CULL_INTERVAL_S}"],
                f"http://127.0.0.1:{port}")
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
def server_home(tmp_path_factory) -> Path:
    """The session server's folder: its Jupyter folders and its log, `voila.log`."""
    return tmp_path_factory.mktemp("jupyter-home")


@pytest.fixture(scope="session")
def server_log(voila_server, server_home) -> Path:
    """The file the session's server writes its log to (stdout and stderr), as it runs."""
    return server_home / "voila.log"


@pytest.fixture(scope="session")
def voila_server(server_home):
    """One server on a free port for the whole session; yields its base URL (no trailing /)."""
    home = server_home
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


def _failed(request) -> bool:
    report = getattr(request.node, "report_call", None)
    return report is not None and report.failed


@pytest.fixture(scope="session")
def _tab(browser, kernels, voila_server):
    tab = Tab(browser, kernels, voila_server)
    yield tab
    tab.discard()


@pytest.fixture
def page(_tab, request):
    """The session's tab, as a new tab would be (conftest's docstring; tabs.Tab)."""
    tab = _tab.take()
    yield tab
    if _failed(request):
        if not tab.is_closed():
            _save_screenshot(tab, f"FAILED-{request.node.name}")
        _tab.discard()
    else:
        _tab.reset()


@pytest.fixture(scope="session")
def _loaded_pages(browser, kernels, notebook_url):
    pages = LoadedPages(browser, kernels, notebook_url)
    yield pages
    pages.close()


@pytest.fixture
def loaded_page(_loaded_pages, request):
    """`loaded_page("burg.ipynb", "button.fp-next", query="")`: a page loaded once for the
    session and shared (conftest's docstring; tabs.LoadedPages)."""
    handed = []

    def get(notebook: str, ready: str, query: str = ""):
        handed.append(_loaded_pages.get(notebook, ready, query))
        return handed[-1]

    yield get
    if _failed(request):
        for number, each in enumerate(handed):
            if not each.is_closed():
                _save_screenshot(each, f"FAILED-{request.node.name}-shared{number}")
            _loaded_pages.discard(each)


@pytest.fixture
def private_page(browser, kernels, request):
    """A page in a context of its own, closed (with its kernel) after the test."""
    context = new_context(browser)
    own = context.new_page()
    yield own
    if _failed(request) and not own.is_closed():
        _save_screenshot(own, f"FAILED-{request.node.name}")
    close_context(context, kernels)


def _save_screenshot(page, name: str) -> Path:
    """Save a PNG of the viewport as test-artifacts/screenshots/<name>.png."""
    return screenshot_to(SCREENSHOTS, page, name)


@pytest.fixture
def save_screenshot():
    """`save_screenshot(page, name)`, as a fixture so that tests need not import conftest."""
    return _save_screenshot


@pytest.fixture(scope="session")
def axe_path() -> Path:
    """axe-core's script, from npm as pinned in tests/browser/package-lock.json; installed with
    `npm ci` on first use when missing (as `make axe` does). No npm is a failure, not a skip."""
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm not found: the accessibility checks need axe-core from npm "
                        "(`make axe`, or `npm ci --prefix tests/browser`).", pytrace=False)
        subprocess.run([npm, "ci", "--prefix", str(HERE), "--no-audit", "--no-fund"],
                       check=True, capture_output=True)
    return AXE
