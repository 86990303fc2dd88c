"""Which page requests start a kernel: a cap per server, a limit per client, and no kernel for
a page nobody waits for.

Voilà starts a kernel (about 100 MiB) for every request of a notebook page and keeps it until
the page closes or the culler finds it idle. Unbounded, a few dozen requests closed after
three seconds held 2.7 GB for fifteen minutes. Here, in both ways the tutor is served
(standalone `serve.main` and the Jupyter Server extension in `binder.py`):

- a request that is not a page load (`Sec-Fetch-Dest: image` from an `<img>` on another site,
  a prefetch, a cross-site subresource) is refused before any kernel starts;
- at most `Limits.max_kernels` kernels live at once (by default what the machine's memory
  holds); over it, kernels no page is connected to are reclaimed first (a page closed without
  its beacon, a page sent long ago whose browser never connected), and only then is the
  request answered with a short page in its language (HTTP 503, Retry-After) that retries by
  itself;
- one client address has at most `Limits.per_client` pages being rendered or rendered and not
  yet connected (a school's class shares one address behind its NAT: keep it above a class);
- a request whose connection closes before its page is sent (Tornado reports the closed
  connection) gives up its place in the render queue, or has its kernel shut down at once.
  A page that was sent keeps its kernel however late its browser connects (minutes on a busy
  machine: docs/serving.md), unless its client reset the connection without
  reading it (a client that closes with the page unread in its buffer: no browser showed it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import errno
import html
import os
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from foodplay.i18n.messages import LANGUAGES, catalogue

KERNEL_MIB = 100  # a page kernel's resident memory (TOOLCHAIN.md: about 100 MiB)
SERVER_MIB = 256  # the server itself, kept out of the kernels' share
MEMORY_SHARE = 0.75  # of the machine's (or container's) memory, for kernels
# Pages that run their notebook at once; the others wait their turn, first come first served.
# Measured on 2 cores with 30 page requests at once: with no limit every page finished at the
# same late moment (median 36-39 s); two per core gave the median page in 17-20 s and the last
# in 28-36 s (one per core: the last took 44-57 s, as kernel starts no longer overlapped).
RENDERS_AT_ONCE = min(max(2 * (os.cpu_count() or 1), 2), 16)
# A class of 30 behind one school address must all load: pages rendering or rendered and not
# yet connected, per client address.
PER_CLIENT = 40
RETRY_S = 10
# At the cap, a kernel whose page was sent this long ago and never connected is reclaimed
# (a page connected 260-300 s late under load on this machine: docs/serving.md).
UNCONNECTED_S = 300.0
# At the cap, a kernel whose page connected and then went away (a lost beacon) is reclaimed
# after this long without a connection (a reloading page reconnects within seconds).
CLOSED_S = 30.0
SWEEP_S = 5.0  # how often sent pages' connections are checked for a reset
PAGE_DESTINATIONS = {"document", "iframe", "frame", "embed", "object"}


def memory_mib(meminfo: Path = Path("/proc/meminfo"),
               cgroup_files: tuple[Path, ...] = (Path("/sys/fs/cgroup/memory.max"),
                                                 Path("/sys/fs/cgroup/memory/memory.limit_in_bytes")),
               environ: Mapping[str, str] = os.environ) -> int | None:
    """The memory this server may use, in MiB: the machine's (/proc/meminfo MemTotal), or a
    container's limit where smaller (cgroup, or Binder's MEM_LIMIT in bytes); None if unknown."""
    limits = []
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                limits.append(int(line.split()[1]) // 1024)
    except (OSError, ValueError, IndexError):
        pass
    for path in cgroup_files:
        try:
            limits.append(int(path.read_text().strip()) // 2**20)
        except (OSError, ValueError):  # absent, or "max"
            pass
    try:
        limits.append(int(environ.get("MEM_LIMIT", "")) // 2**20)
    except ValueError:
        pass
    limits = [mib for mib in limits if mib > 0]
    return min(limits) if limits else None


def default_max_kernels(memory: int | None = None) -> int:
    """Kernels of KERNEL_MIB that fit in MEMORY_SHARE of `memory` MiB (this machine's if None),
    after the server's own SERVER_MIB; at least 2 (16 if the memory cannot be read)."""
    memory = memory_mib() if memory is None else memory
    if memory is None:
        return 16
    return max(2, int((memory * MEMORY_SHARE - SERVER_MIB) // KERNEL_MIB))


@dataclass
class Limits:
    """The settings (CLI options of `serve`, `FoodplayAdmission` in Jupyter Server's config)."""

    max_kernels: int = field(default_factory=default_max_kernels)  # 0: no cap
    per_client: int = PER_CLIENT  # 0: no limit
    renders: int = RENDERS_AT_ONCE  # 0: no limit
    retry_s: int = RETRY_S
    unconnected_s: float = UNCONNECTED_S
    closed_s: float = CLOSED_S

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Limits:
        """Limits from a config section; an unknown or negative setting is refused by name."""
        known = {name for name in cls.__dataclass_fields__}
        unknown = sorted(set(config) - known)
        if unknown:
            raise ValueError(f"FoodplayAdmission: unknown setting {', '.join(unknown)}; "
                             f"use {', '.join(sorted(known))}")
        limits = cls(**{k: v for k, v in config.items() if v is not None})
        for name in known:
            value = getattr(limits, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise ValueError(f"FoodplayAdmission.{name}: {value!r} is not a number >= 0")
        return limits


@dataclass(eq=False)  # one page is one request: compared and hashed by identity
class Page:
    """One page request, from admission until its kernel stops."""

    client: str
    entered: float
    kernel_id: str | None = None
    sent: float | None = None  # when the whole page had been written
    gone: bool = False  # the connection closed before the page was sent
    starting: bool = False  # its kernel is being started
    stream: Any = None  # the request's connection (Tornado's IOStream), watched once sent
    closed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def rendering(self) -> bool:
        return self.sent is None and not self.gone


@dataclass
class Refusal:
    status: int
    key: str  # message key of the page's text
    retry_s: int | None = None


NOT_A_PAGE = Refusal(403, "serve.not_a_page")


def is_page_load(headers: Mapping[str, str]) -> bool:
    """Whether a request asks for a page to show (a navigation, or a client that says nothing,
    such as curl), not an image, script, prefetch or cross-site subresource."""
    dest = headers.get("Sec-Fetch-Dest", "").lower()
    if dest and dest not in PAGE_DESTINATIONS:
        return False
    purpose = (headers.get("Sec-Purpose", "") + headers.get("Purpose", "")).lower()
    if "prefetch" in purpose or "prerender" in purpose:
        return False
    site = headers.get("Sec-Fetch-Site", "").lower()
    mode = headers.get("Sec-Fetch-Mode", "").lower()
    return not (site == "cross-site" and mode and mode != "navigate")


def request_lang(query: str, accept_language: str = "") -> str:
    """The language of a request: `?lang=` if it is one of the tutor's, else the best of
    Accept-Language that is (by primary subtag: pt-BR is pt, zh-Hans-CN is zh), else English."""
    asked = dict(parse_qsl(query.lstrip("?"))).get("lang")
    if asked in LANGUAGES:
        return asked
    ranked = []
    for order, item in enumerate(accept_language.split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and weight > 0:
            ranked.append((-weight, order, primary))
    return min(ranked)[2] if ranked else "en"


def refusal_page(refusal: Refusal, lang: str, retry_href: str) -> str:
    """The short page a refused request gets, in `lang`; one that can retry reloads itself
    after its Retry-After (a meta refresh, no script) and offers a link to retry now."""
    cat = catalogue(None, lang)
    title = cat.format(f"{refusal.key}.title")
    if refusal.retry_s is None:
        body, refresh, link = cat.format(f"{refusal.key}.body"), "", ""
    else:
        body = cat.format(f"{refusal.key}.body", {"count": refusal.retry_s})
        refresh = f'<meta http-equiv="refresh" content="{refusal.retry_s}">'
        link = (f'<p><a href="{html.escape(retry_href)}">'
                f'{html.escape(cat.format("serve.retry_now"))}</a></p>')
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"{refresh}<title>{html.escape(title)}</title></head>"
            '<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; '
            f'padding: 0 1rem; line-height: 1.5"><main><h1>{html.escape(title)}</h1>'
            f"<p>{html.escape(body)}</p>{link}</main></body></html>\n")


def retry_href(path: str, query: str) -> str:
    """A link to the same page, relative to it (`./burg.ipynb?lang=ko`): never to another site
    (a path of `//host/...`) and never a script (a last segment such as `javascript:...`)."""
    return "./" + path.rsplit("/", 1)[-1] + (f"?{query}" if query else "")


class Admission:
    """The kernels of one server (one kernel manager): its pages, their clients, the cap."""

    def __init__(self, limits: Limits, kernel_manager: Any,
                 clock: Callable[[], float] = time.monotonic, log: Any = None,
                 new_id: Callable[[], str] = lambda: str(uuid.uuid4())):
        self.limits = limits
        self.km = kernel_manager
        self.clock = clock
        self.new_id = new_id  # a page's kernel id, chosen before its kernel starts
        self.log = log
        self.pages: set[Page] = set()  # admitted, kernel not yet stopped
        self.by_kernel: dict[str, Page] = {}
        self.connected: dict[str, float | None] = {}  # kernel -> since when none (None: now)
        self.stopping: set[asyncio.Task] = set()
        self.refused = {"not_a_page": 0, "full": 0, "client": 0}
        self.reclaimed = 0
        self.abandoned = 0
        self._sweeper: asyncio.Task | None = None
        self._watch(kernel_manager)

    # -- what the kernel manager tells ---------------------------------------------------
    def _watch(self, km: Any) -> None:
        """Learn which page starts which kernel, and when pages connect to their kernels."""
        start, connect, disconnect = km.start_kernel, km.notify_connect, km.notify_disconnect

        async def start_kernel(*args, **kwargs):
            page = CURRENT_PAGE.get(None)
            if page is None or kwargs.get("kernel_id") is not None:
                return await _awaited(start(*args, **kwargs))
            # the id is known while the kernel starts, so that it is counted once
            page.kernel_id = kwargs["kernel_id"] = self.new_id()
            self.by_kernel[page.kernel_id] = page
            page.starting = True
            try:
                kernel_id = await _awaited(start(*args, **kwargs))
            except BaseException:
                self.by_kernel.pop(page.kernel_id, None)
                page.kernel_id = None
                raise
            finally:
                page.starting = False
            if kernel_id != page.kernel_id:  # a kernel manager that chose its own
                self.by_kernel[kernel_id] = self.by_kernel.pop(page.kernel_id)
                page.kernel_id = kernel_id
            if page.gone:  # its client left while it started
                self._log("kernel %s: its page's client left while it started", kernel_id)
                await self.stop(kernel_id)
                raise Abandoned(kernel_id)
            return kernel_id

        def notify_connect(kernel_id):
            connect(kernel_id)
            self.connected[kernel_id] = None

        def notify_disconnect(kernel_id):
            disconnect(kernel_id)
            if self._connections(kernel_id) == 0:
                self.connected[kernel_id] = self.clock()

        km.start_kernel, km.notify_connect = start_kernel, notify_connect
        km.notify_disconnect = notify_disconnect

    def _connections(self, kernel_id: str) -> int:
        return int(getattr(self.km, "_kernel_connections", {}).get(kernel_id, 0))

    def _live(self) -> list[str]:
        """The kernels alive now; forget the pages of those stopped (beacon, culler)."""
        live = list(self.km.list_kernel_ids())
        alive = set(live)
        for kernel_id in [k for k, p in self.by_kernel.items()
                          if k not in alive and not p.starting]:
            self.pages.discard(self.by_kernel.pop(kernel_id))
        for kernel_id in [k for k in self.connected if k not in alive]:
            del self.connected[kernel_id]
        return live

    # -- admission -----------------------------------------------------------------------
    def committed(self) -> int:
        """Kernels alive or starting, and those that pages admitted will start."""
        starting = {p.kernel_id for p in self.pages if p.starting}
        waiting = sum(1 for p in self.pages if p.kernel_id is None and not p.gone)
        return len(set(self._live()) | starting) + waiting

    def client_load(self, client: str) -> int:
        """Pages of `client` rendering, or sent less than UNCONNECTED_S ago and not yet
        connected (later, they are idle kernels that the cap may reclaim)."""
        self._live()
        recent = self.clock() - self.limits.unconnected_s
        return sum(1 for p in self.pages if p.client == client and not p.gone
                   and (p.rendering or (p.kernel_id is not None and p.sent is not None
                                        and p.sent > recent
                                        and p.kernel_id not in self.connected)))

    def reclaimable(self) -> list[str]:
        """Kernels no page is connected to, those best given up first: pages that connected
        and went away CLOSED_S ago, then pages sent UNCONNECTED_S ago that never connected."""
        now = self.clock()
        closed, unconnected = [], []
        for kernel_id in self._live():
            page = self.by_kernel.get(kernel_id)
            if page is None or self._connections(kernel_id) > 0:
                continue  # not a page's kernel (a notebook in JupyterLab), or in use
            since = self.connected.get(kernel_id, "never")
            if since == "never":
                if page.sent is not None and now - page.sent >= self.limits.unconnected_s:
                    unconnected.append((page.sent, kernel_id))
            elif since is not None and now - since >= self.limits.closed_s:
                closed.append((since, kernel_id))
        return [k for _, k in sorted(closed)] + [k for _, k in sorted(unconnected)]

    def unread(self) -> list[str]:
        """Kernels of pages sent whole, never connected, whose client then reset the
        connection: it closed with the page still unread in its buffer (Linux answers such a
        close with a reset), so no browser ever showed that page. A browser that read its page
        and closed the connection, or a proxy, closes it cleanly, and keeps its kernel."""
        return [p.kernel_id for p in list(self.pages)
                if p.sent is not None and p.kernel_id is not None and p.stream is not None
                and p.kernel_id not in self.connected and p.stream.closed()
                and getattr(p.stream.error, "errno", None) == errno.ECONNRESET]

    async def sweep(self) -> None:
        """Stop the kernels of pages nobody read (`unread`)."""
        for kernel_id in self.unread():
            self.abandoned += 1
            self._log("kernel %s: its page was never read (connection reset)", kernel_id)
            await self.stop(kernel_id)

    def watch(self) -> None:
        """Sweep every SWEEP_S seconds on the running loop, from the first request on."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.ensure_future(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_S)
            try:
                await self.sweep()
            except Exception as error:  # never let the sweeper die  # noqa: BLE001
                self._log("sweep failed: %r", error)

    async def enter(self, client: str) -> Page | Refusal:
        """Admit a page request from `client` (its address), or say why not."""
        limits = self.limits
        if limits.per_client and self.client_load(client) >= limits.per_client:
            self.refused["client"] += 1
            return Refusal(429, "serve.busy", limits.retry_s)
        if limits.max_kernels and self.committed() >= limits.max_kernels:
            await self.sweep()
            await self.settle()
            for kernel_id in self.reclaimable()[:self.committed() - limits.max_kernels + 1]:
                self.reclaimed += 1
                self._log("reclaimed kernel %s: no page connected to it", kernel_id)
                await self.stop(kernel_id)
            if self.committed() >= limits.max_kernels:
                self.refused["full"] += 1
                return Refusal(503, "serve.full", limits.retry_s)
        page = Page(client, self.clock())
        self.pages.add(page)
        return page

    def sent(self, page: Page) -> None:
        page.sent = self.clock()
        if page.kernel_id is None:  # no kernel (a redirect, a failed render)
            self.pages.discard(page)

    def leave(self, page: Page) -> None:
        """The request's connection closed: if its page was not sent, it is abandoned."""
        if page.sent is not None or page.gone:
            return
        page.gone = True
        page.closed.set()
        self.abandoned += 1
        if page.starting:
            return  # start_kernel stops it as soon as it has started
        if page.kernel_id is None:
            self.pages.discard(page)
        else:
            self._log("kernel %s: its page's client left before the page was sent",
                      page.kernel_id)
            self.stopping_task(page.kernel_id)

    def stopping_task(self, kernel_id: str) -> None:
        task = asyncio.ensure_future(self.stop(kernel_id))
        self.stopping.add(task)
        task.add_done_callback(self.stopping.discard)

    async def stop(self, kernel_id: str) -> None:
        """Shut `kernel_id` down now (a page that never connected: no work to save)."""
        try:
            await _awaited(self.km.shutdown_kernel(kernel_id, now=True))
        except (KeyError, RuntimeError) as error:  # already stopped
            self._log("kernel %s was already stopped (%s)", kernel_id, error)
        except Exception as error:  # a kernel manager's own failure: logged, never raised
            self._log("kernel %s could not be shut down: %r", kernel_id, error)
        page = self.by_kernel.pop(kernel_id, None)
        if page is not None:
            self.pages.discard(page)
        self.connected.pop(kernel_id, None)

    async def settle(self, timeout: float = 10.0) -> None:
        """Wait (a while at most) for the shutdowns under way, so that they count as done."""
        if self.stopping:
            await asyncio.wait(list(self.stopping), timeout=timeout)

    def _log(self, message: str, *args: Any) -> None:
        if self.log is not None:
            self.log.info("foodplay admission: " + message, *args)


class Abandoned(Exception):
    """A page's client left while its kernel started: the kernel is stopped, no page follows."""


CURRENT_PAGE: contextvars.ContextVar[Page] = contextvars.ContextVar("foodplay_page")


async def _awaited(value: Any) -> Any:
    return await value if asyncio.iscoroutine(value) or asyncio.isfuture(value) else value


def admit_renders(handler: type, limit: int = RENDERS_AT_ONCE) -> None:
    """Let at most `limit` requests of `handler` (Voilà's page handler) run at once: a page
    starts its kernel and runs its notebook only when one of those places is free."""
    original = handler.get_generator
    if getattr(original, "admitted", False):
        return
    gates: dict[asyncio.AbstractEventLoop, asyncio.Semaphore] = {}

    async def get_generator(self, path=None):
        gate = gates.setdefault(asyncio.get_running_loop(), asyncio.Semaphore(limit))
        async with gate:
            async for chunk in original(self, path):
                yield chunk

    get_generator.admitted = True
    handler.get_generator = get_generator


OPTIONS = (  # (option, Limits field, type, help)
    ("--max-kernels", "max_kernels", int,
     "kernels alive at once; a page over it is asked to retry (default: what "
     f"{MEMORY_SHARE * 100:.0f}%% of memory holds at {KERNEL_MIB} MiB a kernel; 0: no cap)"),
    ("--per-client", "per_client", int,
     "pages one address may have rendering or not yet connected (default "
     f"{PER_CLIENT}: a class behind one school address; 0: no limit)"),
    ("--retry-after", "retry_s", int, f"seconds a refused page waits to retry ({RETRY_S})"),
    ("--unconnected-reclaim", "unconnected_s", float,
     "at the cap, stop a kernel whose page was sent this many seconds ago and never "
     f"connected ({UNCONNECTED_S:g})"),
    ("--closed-reclaim", "closed_s", float,
     "at the cap, stop a kernel whose page went away this many seconds ago "
     f"({CLOSED_S:g})"),
)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The admission settings as options of `python -m foodplay_widgets.serving.serve`."""
    for option, name, kind, text in OPTIONS:
        parser.add_argument(option, dest=name, type=kind, default=None,
                            metavar="S" if kind is float or name == "retry_s" else "N",
                            help=text)


def limits_from(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Limits:
    """Limits from parsed options (and `--renders`); a negative number is an error."""
    given = {name: getattr(args, name) for _, name, _, _ in OPTIONS
             if getattr(args, name) is not None}
    for option, name, _, _ in OPTIONS:
        if given.get(name, 0) < 0:
            parser.error(f"{option} {given[name]}: use 0 or a positive number")
    return Limits(renders=getattr(args, "renders", RENDERS_AT_ONCE), **given)


def respond(handler: Any, refusal: Refusal) -> str:
    """Set `handler`'s status and headers for `refusal`; the page to write, in its language."""
    request = handler.request
    lang = request_lang(request.query, request.headers.get("Accept-Language", ""))
    handler.set_status(refusal.status)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Content-Language", lang)
    handler.set_header("Cache-Control", "no-store")
    if refusal.retry_s is not None:
        handler.set_header("Retry-After", str(refusal.retry_s))
    return refusal_page(refusal, lang, retry_href(request.path, request.query))


def install(handler: type, limits: Limits) -> None:
    """Admit the page requests of `handler` (Voilà's VoilaHandler) by `limits`, in whichever
    server it runs: refuse what is not a page load or over a limit, queue the rest for a
    render place (`admit_renders`), and stop the kernel of a page whose client left."""
    if getattr(handler.get_generator, "foodplay_admission", False):
        return
    if limits.renders:
        admit_renders(handler, limits.renders)
    original = handler.get_generator
    servers: dict[int, Admission] = {}

    async def get_generator(self, path=None):
        km = self.kernel_manager
        admission = servers.get(id(km))
        if admission is None:
            admission = servers[id(km)] = Admission(limits, km, log=self.log)
        if not is_page_load(self.request.headers):
            admission.refused["not_a_page"] += 1
            yield respond(self, NOT_A_PAGE)
            return
        verdict = await admission.enter(self.request.remote_ip or "")
        if isinstance(verdict, Refusal):
            yield respond(self, verdict)
            return
        page = verdict
        self._foodplay_page = (admission, page)
        admission.watch()
        page.stream = stream = getattr(self.request.connection, "stream", None)
        if stream is not None and stream.closed():  # closed while it was being admitted
            admission.leave(page)
            return
        CURRENT_PAGE.set(page)  # for start_kernel, in this request's task and its steps
        chunks = original(self, path)
        step = None
        try:
            while True:
                step = asyncio.ensure_future(chunks.__anext__())
                closed = asyncio.ensure_future(page.closed.wait())
                try:
                    await asyncio.wait({step, closed}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    closed.cancel()
                if not step.done() and not page.starting:
                    step.cancel()  # waiting for a render place, or for the kernel's output
                try:
                    chunk = await step
                except (StopAsyncIteration, Abandoned):
                    break
                except asyncio.CancelledError:
                    if page.gone and step.cancelled():
                        break
                    raise  # the server stops this request
                if page.gone:
                    break
                yield chunk
        finally:
            if step is not None and not step.done():
                step.cancel()
            elif page.gone:
                await chunks.aclose()  # left at a chunk: end Voilà's generator too
            if not page.gone:
                admission.sent(page)

    get_generator.foodplay_admission = True
    get_generator.admissions = servers
    handler.get_generator = get_generator
    closing = handler.on_connection_close

    def on_connection_close(self) -> None:
        entry = getattr(self, "_foodplay_page", None)
        if entry is not None:
            entry[0].leave(entry[1])
        closing(self)

    handler.on_connection_close = on_connection_close
