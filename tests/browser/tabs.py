"""The browser tabs the tests share: one tab handed from test to test, and pages loaded once.

Measured on this 2-core machine, a Voilà page costs about 11 CPU seconds when it opens in a new
tab (a new Chromium renderer compiles the page's scripts again) and about 6.5 s when a tab that
is already open navigates to it; a page that is already loaded costs nothing more. The kernel's
share is about 2 s either way. So the tests keep one tab and reset it between tests (`Tab`), and
tests that only read a page share one loaded copy of it (`LoadedPages`).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
import warnings
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError

VIEWPORT = {"width": 1280, "height": 2000}  # tall: Voilà's lab template scrolls inside
TIMEOUT_MS = 30_000  # first render takes about 2-3 s; be generous on a busy CI machine
LOAD_MS = 120_000  # a shared page's first render (an examples page builds several apps)
KERNEL_SHUTDOWN_S = 5
# the step counter's visible words ("step 3 / 40"); its box also holds what a screen reader
# hears of the step, not shown
STEP_COUNTER = ".fp-step-counter .fp-counter"
MAX_LOADED = 8  # pages kept loaded at once (a kernel of about 100 MiB each); least used go
# What a fresh context starts without. Not the HTTP cache: keeping it is most of the saving.
CLEARED_STORAGE = "cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems"
# Voilà's lab template scrolls inside this panel, not the document.
SCROLL_TOP = """() => { const s = document.querySelector('.lm-BoxPanel-child')
  || document.scrollingElement; if (s) { s.scrollTop = 0; } }"""


class VoilaKernels:
    """The kernels of one Voilà server, seen through its REST API."""

    def __init__(self, base: str):
        self.base = base

    def alive(self, kernel_id: str) -> bool:
        """Whether the server still runs this kernel (GET /api/kernels/<id>, asked as its page
        asks: standalone Voilà answers nobody else, widgets/serving/hardening.py)."""
        request = urllib.request.Request(f"{self.base}/api/kernels/{kernel_id}",
                                         headers={"Referer": f"{self.base}/"})
        try:
            with urllib.request.urlopen(request, timeout=2):
                return True
        except urllib.error.HTTPError as error:
            return error.code != 404

    def shut_down(self, kernel_id: str) -> None:
        """Shut a page's kernel down as its closing page does: Voilà's beacon, from the
        server's origin (the one POST that needs no XSRF token, widgets/serving/hardening.py)."""
        parts = urlsplit(self.base)
        request = urllib.request.Request(f"{self.base}/voila/api/shutdown/{kernel_id}",
                                         method="POST", data=b"",
                                         headers={"Origin": f"{parts.scheme}://{parts.netloc}"})
        urllib.request.urlopen(request, timeout=10).close()

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

    def wait_all_gone(self, kernel_ids: list[str | None]) -> None:
        """Wait for each kernel to shut down; warn about any still running."""
        for kernel_id in kernel_ids:
            if kernel_id and not self.wait_gone(kernel_id):
                warnings.warn(f"kernel {kernel_id} still running {KERNEL_SHUTDOWN_S} s after "
                              "its page closed", stacklevel=2)

    @staticmethod
    def of(page: Page) -> str | None:
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


def new_context(browser: Browser) -> BrowserContext:
    """A browser context with the tests' tall viewport and timeout."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT_MS)
    return context


def close_context(context: BrowserContext, kernels: VoilaKernels) -> None:
    """Close every page with its `beforeunload` beacon, which asks Voilà to shut the page's
    kernel down; close the context only once those kernels are gone (closing it at once
    cancels the beacons in flight and leaves the kernels running)."""
    pages = list(context.pages)
    kernel_ids = [VoilaKernels.of(p) for p in pages]
    for each in pages:
        _close(each)
    kernels.wait_all_gone(kernel_ids)
    context.close()


def _close(page: Page) -> None:
    """Close a page with its beacon, unless it is closed or closing already (a page closed with
    `run_before_unload` stays in its context's list until it has gone)."""
    if not page.is_closed():
        try:
            page.close(run_before_unload=True)
        except PlaywrightError as error:
            if "closed" not in str(error):
                raise


class Tab:
    """The session's one tab, handed to each test in turn and reset after it.

    Reset: other pages the test opened are closed and the tab leaves its page, so that their
    beacons shut their kernels down (waited for); then the origin's storage is cleared and
    routes, media emulation and viewport are put back. After a failure, or when the test closed
    the tab, the whole context goes and the next test starts in a new one.
    """

    def __init__(self, browser: Browser, kernels: VoilaKernels, base_url: str):
        self.browser = browser
        self.kernels = kernels
        parts = urlsplit(base_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.context: BrowserContext | None = None
        self.page: Page | None = None

    def take(self) -> Page:
        """The tab, on a blank page; a new one if there is none."""
        if self.page is None or self.page.is_closed():
            self.discard()
            self.context = new_context(self.browser)
            self.page = self.context.new_page()
        return self.page

    def reset(self) -> None:
        """Put the tab back as a new one would be, keeping its renderer and caches."""
        if self.context is None:
            return
        if self.page is None or self.page.is_closed():
            self.discard()
            return
        try:
            others = [p for p in self.context.pages if p is not self.page]
            kernel_ids = [VoilaKernels.of(p) for p in [self.page, *others]]
            for each in others:
                _close(each)
            self.page.goto("about:blank")  # leaving a Voilà page sends its beacon too
            self.kernels.wait_all_gone(kernel_ids)
            self.page.unroute_all(behavior="ignoreErrors")
            self.page.emulate_media(media="null")
            self.page.set_viewport_size(VIEWPORT)
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": self.origin, "storageTypes": CLEARED_STORAGE})
            cdp.detach()
        except Exception as error:  # a tab in a state we cannot undo: start afresh
            warnings.warn(f"the shared tab could not be reset ({error}); using a new one",
                          stacklevel=2)
            self.discard()

    def discard(self) -> None:
        """Close the context and every page in it (their kernels shut down)."""
        if self.context is not None:
            try:
                close_context(self.context, self.kernels)
            except Exception as error:  # the browser is gone: nothing left to close
                warnings.warn(f"closing the shared tab: {error}", stacklevel=2)
        self.context = self.page = None


class LoadedPages:
    """Pages loaded once for the session, each in a tab of its own (one context for all),
    handed to every test that asks for the same notebook and query.

    A test that uses one must leave it as it found it (e.g. switch a language menu back to
    English); the viewport and the scroll position are put back on every hand-out. A test
    that fails throws away the pages it was handed, so that the next one loads them again.
    """

    def __init__(self, browser: Browser, kernels: VoilaKernels,
                 notebook_url: Callable[[str, str], str]):
        self.browser = browser
        self.kernels = kernels
        self.notebook_url = notebook_url
        self.context: BrowserContext | None = None
        self.pages: OrderedDict[tuple[str, str], Page] = OrderedDict()

    def get(self, notebook: str, ready: str, query: str = "") -> Page:
        """The loaded page of `notebook` at `query`, once `ready` (a selector) is visible."""
        key = (notebook, query)
        page = self.pages.get(key)
        if page is None or page.is_closed():
            if self.context is None:
                self.context = new_context(self.browser)
            while len(self.pages) >= MAX_LOADED:
                self.discard(next(iter(self.pages.values())))
            page = self.context.new_page()
            page.goto(self.notebook_url(notebook, query), timeout=LOAD_MS)
            self.pages[key] = page
        self.pages.move_to_end(key)
        # the active tab: a tab left behind another draws no frames, and a screenshot of it
        # waits for one (once, a 30 s time-out in test_screens)
        page.bring_to_front()
        expect(page.locator(ready).first).to_be_visible(timeout=LOAD_MS)
        page.set_viewport_size(VIEWPORT)
        page.evaluate(SCROLL_TOP)
        return page

    def discard(self, page: Page) -> None:
        """Close one page (its kernel shut down); the next `get` loads it again."""
        for key, each in list(self.pages.items()):
            if each is page:
                del self.pages[key]
        kernel_id = VoilaKernels.of(page)
        _close(page)
        self.kernels.wait_all_gone([kernel_id])

    def close(self) -> None:
        if self.context is not None:
            close_context(self.context, self.kernels)
        self.context, self.pages = None, OrderedDict()


def screenshot_to(folder: Path, page: Page, name: str) -> Path:
    """Save a PNG of the viewport as <folder>/<name>.png."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def kill_kernel(kernel_id: str) -> int:
    """SIGKILL the page's kernel, as the out-of-memory killer would; its process id. The
    server runs under this test process, and each kernel's command line names its id."""
    import signal

    import psutil

    for proc in psutil.Process().children(recursive=True):
        try:
            if any(f"kernel-{kernel_id}.json" in part for part in proc.cmdline()):
                proc.send_signal(signal.SIGKILL)
                return proc.pid
        except psutil.NoSuchProcess:
            continue
    raise AssertionError(f"no process for kernel {kernel_id}")
