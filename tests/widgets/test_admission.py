"""Admission of page requests (foodplay_widgets.serving.admission), with a fake clock, a fake kernel
manager and a fake page handler: caps, per-address limits, refusals, abandoned pages."""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
from pathlib import Path

import pytest
from threads import run_alone

from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay_widgets.serving import admission, binder
from foodplay_widgets.serving.admission import (
    Admission,
    Limits,
    Refusal,
    default_max_kernels,
    install,
    is_page_load,
    memory_mib,
    refusal_page,
    request_lang,
    retry_href,
)

BINDER_CONFIG = Path(__file__).resolve().parents[2] / "binder" / "jupyter_server_config.json"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class FakeKernels:
    """What admission uses of Jupyter Server's MappingKernelManager."""

    def __init__(self, start_s: float = 0.0, listed_while_starting: bool = False) -> None:
        self.start_s = start_s
        self.listed_while_starting = listed_while_starting  # as Jupyter Server's is
        self.alive: list[str] = []
        self.started = 0
        self.stopped: list[str] = []
        self._kernel_connections: dict[str, int] = {}

    async def start_kernel(self, kernel_id: str | None = None, **kwargs) -> str:
        self.started += 1
        kernel_id = kernel_id or f"other{self.started}"
        if self.listed_while_starting:  # (waiting for the kernel's first reply)
            self.alive.append(kernel_id)
        await asyncio.sleep(self.start_s)
        if not self.listed_while_starting:
            self.alive.append(kernel_id)
        self._kernel_connections[kernel_id] = 0
        return kernel_id

    def list_kernel_ids(self) -> list[str]:
        return list(self.alive)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        self.alive.remove(kernel_id)
        self._kernel_connections.pop(kernel_id)
        self.stopped.append(kernel_id)

    def notify_connect(self, kernel_id: str) -> None:
        self._kernel_connections[kernel_id] += 1

    def notify_disconnect(self, kernel_id: str) -> None:
        self._kernel_connections[kernel_id] -= 1


class FakeStream:
    """Tornado's IOStream, as far as admission reads it."""

    def __init__(self) -> None:
        self.error: BaseException | None = None
        self.is_closed = False

    def closed(self) -> bool:
        return self.is_closed


class FakeConnection:
    def __init__(self) -> None:
        self.stream = FakeStream()


class FakeRequest:
    def __init__(self, client: str, headers: dict[str, str], query: str, path: str):
        self.remote_ip, self.headers, self.query, self.path = client, headers, query, path
        self.connection = FakeConnection()


class Log:
    def info(self, *args) -> None:
        pass


def page_handler(kernels: FakeKernels, render_s: float = 0.05, chunks: int = 3) -> type:
    """A fresh stand-in for Voilà's VoilaHandler: starts a kernel, then streams `chunks`."""

    class Pages:
        kernel_manager = kernels
        log = Log()

        def __init__(self, client: str = "10.0.0.1", headers: dict | None = None,
                     query: str = "", path: str = "/voila/render/burg.ipynb"):
            self.request = FakeRequest(client, headers or {}, query, path)
            self.status = 200
            self.headers: dict[str, str] = {}
            self.body: list[str] = []

        def set_status(self, status: int) -> None:
            self.status = status

        def set_header(self, name: str, value: str) -> None:
            self.headers[name] = value

        def on_connection_close(self) -> None:
            pass

        async def get_generator(self, path=None):
            yield "<html>head"
            await self.kernel_manager.start_kernel(kernel_name="python3")
            for part in range(chunks):
                await asyncio.sleep(render_s)
                yield f"cell {part}"

        async def get(self) -> None:
            async for chunk in self.get_generator():
                self.body.append(chunk)

    return Pages


def served(kernels: FakeKernels, **limits) -> tuple[type, Clock]:
    """A page handler admitted by `limits`, and the clock its server's admission reads."""
    pages = page_handler(kernels)
    install(pages, Limits(**{"max_kernels": 10, "per_client": 10, "renders": 0, **limits}))
    clock = Clock()
    servers = pages.get_generator.admissions
    numbers = iter(range(1, 1000))
    servers[id(kernels)] = Admission(Limits(**{"max_kernels": 10, "per_client": 10,
                                               "renders": 0, **limits}), kernels, clock,
                                     new_id=lambda: f"k{next(numbers)}")
    return pages, clock


def admission_of(pages: type) -> Admission:
    return next(iter(pages.get_generator.admissions.values()))


def run(coroutine):
    return run_alone(asyncio.wait_for(coroutine, 10))


# -- the machine's memory and the default cap ------------------------------------------------

def test_memory_is_the_smallest_of_the_machine_and_the_container(tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24731408 kB\nMemFree:  1 kB\n")
    cgroup = tmp_path / "memory.max"
    cgroup.write_text("max\n")
    assert memory_mib(meminfo, (cgroup,), {}) == 24731408 // 1024
    cgroup.write_text(f"{2 * 2**30}\n")  # a 2 GiB container on a large machine
    assert memory_mib(meminfo, (cgroup,), {}) == 2048
    assert memory_mib(meminfo, (cgroup,), {"MEM_LIMIT": str(2**30)}) == 1024  # Binder's
    assert memory_mib(tmp_path / "none", (tmp_path / "none2",), {"MEM_LIMIT": "?"}) is None


def test_default_cap_is_what_three_quarters_of_memory_holds_at_100_mib_a_kernel():
    assert default_max_kernels(2048) == 12  # (1536 - 256) // 100: a Binder of 2 GB
    assert default_max_kernels(24151) == 178  # this machine, 24 GB
    assert default_max_kernels(300) == 2  # never fewer than two
    assert Limits().max_kernels == default_max_kernels()


# -- which requests are page loads, in which language ------------------------------------------

@pytest.mark.parametrize("headers, page", [
    ({}, True),  # curl, a test client: says nothing
    ({"Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Site": "cross-site"}, True),  # a link on another site, followed
    ({"Sec-Fetch-Dest": "iframe", "Sec-Fetch-Site": "same-origin"}, True),
    ({"Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Site": "cross-site"}, False),  # <img src> on another site
    ({"Sec-Fetch-Dest": "script"}, False),
    ({"Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "no-cors",
      "Sec-Fetch-Site": "cross-site"}, False),  # fetch() from another site
    ({"Sec-Fetch-Dest": "document", "Sec-Purpose": "prefetch"}, False),
])
def test_only_page_loads_start_a_kernel(headers, page):
    assert is_page_load(headers) is page


@pytest.mark.parametrize("query, accept, lang", [
    ("lang=ko", "fr", "ko"),
    ("step=3&lang=xx", "pt-BR,pt;q=0.9", "pt"),  # an unknown ?lang= is not a language
    ("", "de-DE,zh-Hans-CN;q=0.8,fr;q=0.5", "zh"),
    ("", "fr;q=0.4, ko;q=0.7", "ko"),
    ("", "de, *;q=0.5", "en"),
    ("", "ko;q=0, fr;q=bad", "en"),
    ("", "", "en"),
])
def test_request_language_is_lang_then_accept_language_then_english(query, accept, lang):
    assert request_lang(query, accept) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_full_page_says_so_in_its_language_and_retries_by_itself(lang):
    cat = catalogue(None, lang)
    page = refusal_page(Refusal(503, "serve.full", 12), lang, "./burg.ipynb?lang=ko&a=<b>")
    assert f'<html lang="{lang}">' in page
    assert cat.format("serve.full.body", {"count": 12}) in page
    assert "12" in cat.format("serve.full.body", {"count": 12})
    assert '<meta http-equiv="refresh" content="12">' in page
    assert 'href="./burg.ipynb?lang=ko&amp;a=&lt;b&gt;"' in page
    assert cat.format("serve.retry_now") in page and "<script" not in page


def test_retry_link_stays_on_this_page():
    assert retry_href("/voila/render/burg.ipynb", "lang=ko") == "./burg.ipynb?lang=ko"
    assert retry_href("//evil.example/x.ipynb", "") == "./x.ipynb"
    assert retry_href("/voila/render/javascript:alert(1)", "") == "./javascript:alert(1)"


# -- abandoned pages ----------------------------------------------------------------------------

def test_a_page_left_while_rendering_has_its_kernel_shut_down_at_once():
    kernels = FakeKernels()
    pages, _ = served(kernels)

    async def scenario():
        page = pages()
        task = asyncio.ensure_future(page.get())
        await asyncio.sleep(0.07)  # kernel started, a cell out
        assert kernels.alive == ["k1"]
        page.on_connection_close()  # Tornado: the client closed the connection
        await task
        await admission_of(pages).settle()
        return page

    page = run(scenario())
    assert kernels.alive == [] and kernels.stopped == ["k1"]
    assert len(page.body) < 4  # no cell after the client left
    assert admission_of(pages).abandoned == 1


def test_a_page_left_while_its_kernel_starts_has_it_shut_down_once_started():
    kernels = FakeKernels(start_s=0.2)
    pages, _ = served(kernels)

    async def scenario():
        page = pages()
        task = asyncio.ensure_future(page.get())
        await asyncio.sleep(0.05)
        page.on_connection_close()
        await task
        return page

    page = run(scenario())
    assert kernels.started == 1 and kernels.alive == [] and page.body == ["<html>head"]


def test_a_page_left_while_waiting_its_turn_never_starts_a_kernel():
    kernels = FakeKernels()
    pages, _ = served(kernels, renders=1)

    async def scenario():
        first, second = pages(), pages()
        tasks = [asyncio.ensure_future(p.get()) for p in (first, second)]
        await asyncio.sleep(0.02)
        second.on_connection_close()  # still queued behind the first
        await asyncio.gather(*tasks)

    run(scenario())
    assert kernels.started == 1 and kernels.alive == ["k1"]


def test_a_page_sent_whole_keeps_its_kernel_however_late_its_browser_connects():
    kernels = FakeKernels()
    pages, clock = served(kernels)

    async def scenario():
        page = pages()
        await page.get()
        page.on_connection_close()  # the browser closed its connection after the page
        clock.now += 3600
        return page

    page = run(scenario())
    assert page.body[-1] == "cell 2" and kernels.alive == ["k1"]
    assert admission_of(pages).abandoned == 0


def test_a_page_sent_whole_but_never_read_has_its_kernel_stopped_by_the_sweep():
    kernels = FakeKernels()
    pages, _ = served(kernels)

    async def scenario():
        unread, read, connected = pages("10.0.0.1"), pages("10.0.0.2"), pages("10.0.0.3")
        for page in (unread, read, connected):
            await page.get()
        kernels.notify_connect("k3")
        # Linux resets a connection closed with data unread; a reader's close is clean
        for page, error in ((unread, OSError(errno.ECONNRESET, "reset")), (read, None),
                            (connected, OSError(errno.ECONNRESET, "reset"))):
            page.request.connection.stream.is_closed = True
            page.request.connection.stream.error = error
        await admission_of(pages).sweep()

    run(scenario())
    assert kernels.stopped == ["k1"] and kernels.alive == ["k2", "k3"]
    assert admission_of(pages).abandoned == 1


# -- the cap, reclaiming, and the limit per address --------------------------------------------

def test_over_the_cap_a_page_is_refused_with_retry_after_in_its_language():
    kernels = FakeKernels()
    pages, _ = served(kernels, max_kernels=2, retry_s=7)

    async def scenario():
        for client in ("10.0.0.1", "10.0.0.2"):
            await pages(client).get()
        refused = pages("10.0.0.3", {"Accept-Language": "fr-FR,fr;q=0.9"}, "lang=ko")
        await refused.get()
        return refused

    refused = run(scenario())
    assert kernels.started == 2
    assert refused.status == 503 and refused.headers["Retry-After"] == "7"
    assert refused.headers["Content-Language"] == "ko"
    assert catalogue(None, "ko").format("serve.full.body", {"count": 7}) in refused.body[0]


def test_a_kernel_that_is_starting_counts_once_against_the_cap():
    kernels = FakeKernels(start_s=0.3, listed_while_starting=True)
    pages, _ = served(kernels, max_kernels=2)

    async def scenario():
        first, second, third = pages("10.0.0.1"), pages("10.0.0.2"), pages("10.0.0.3")
        started = asyncio.ensure_future(first.get())
        await asyncio.sleep(0.1)  # the first page's kernel is listed and still starting
        await asyncio.gather(started, second.get(), third.get())
        return first, second, third

    assert [p.status for p in run(scenario())] == [200, 200, 503]
    assert kernels.alive == ["k1", "k2"]


def test_at_the_cap_kernels_no_page_is_connected_to_are_reclaimed_before_refusing():
    kernels = FakeKernels()
    limits = {"max_kernels": 3, "unconnected_s": 300, "closed_s": 30}
    pages, clock = served(kernels, **limits)
    adm = admission_of(pages)

    async def page(client: str) -> int:
        handler = pages(client)
        await handler.get()
        return handler.status

    async def scenario():
        statuses = [await page(f"10.0.0.{n}") for n in range(3)]  # k1, k2, k3
        kernels.notify_connect("k1")  # k1's browser connected and stays
        kernels.notify_connect("k2")
        clock.now += 20
        kernels.notify_disconnect("k2")  # k2's page closed without its beacon
        statuses.append(await page("10.0.0.9"))  # k2 closed 0 s ago, k3 sent 20 s ago
        clock.now += 30
        statuses.append(await page("10.0.0.9"))  # k2 closed 30 s ago: reclaimed
        clock.now += 300
        statuses.append(await page("10.0.0.9"))  # k3 never connected in 350 s: reclaimed
        clock.now += 300
        statuses.append(await page("10.0.0.9"))  # k4 never connected in 300 s: reclaimed
        return statuses

    assert run(scenario()) == [200, 200, 200, 503, 200, 200, 200]
    assert kernels.stopped == ["k2", "k3", "k4"] and "k1" in kernels.alive  # k1 is in use
    assert adm.reclaimed == 3 and adm.refused["full"] == 1


def test_one_address_has_at_most_per_client_pages_rendering_or_unconnected():
    kernels = FakeKernels()
    pages, clock = served(kernels, per_client=2, unconnected_s=300)

    async def scenario():
        first, second = pages(), pages()
        tasks = [asyncio.ensure_future(p.get()) for p in (first, second)]
        await asyncio.sleep(0.01)
        third, other = pages(), pages("10.0.0.2")
        await third.get()
        await other.get()
        await asyncio.gather(*tasks)
        kernels.notify_connect("k1")  # a connected page no longer counts
        fourth, fifth = pages(), pages()
        await fourth.get()
        await fifth.get()  # k2 and k4 not connected yet
        clock.now += 300  # nor 300 s on: idle kernels, for the cap to reclaim
        sixth = pages()
        await sixth.get()
        return third, other, fourth, fifth, sixth

    third, other, fourth, fifth, sixth = run(scenario())
    assert third.status == 429 and third.headers["Retry-After"] == "10"
    assert catalogue(None, "en").format("serve.busy.body", {"count": 10}) in third.body[0]
    assert other.status == 200 and fourth.status == 200
    assert fifth.status == 429 and sixth.status == 200
    assert kernels.started == 5


def test_a_request_that_is_not_a_page_load_is_refused_before_any_kernel():
    kernels = FakeKernels()
    pages, _ = served(kernels)
    image = pages(headers={"Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site"})
    run(image.get())
    assert image.status == 403 and kernels.started == 0
    assert admission_of(pages).refused["not_a_page"] == 1


# -- settings --------------------------------------------------------------------------------

def test_config_settings_are_checked_by_name():
    assert Limits.from_config({"max_kernels": 5, "per_client": 0}).max_kernels == 5
    with pytest.raises(ValueError, match="unknown setting max_kernel;"):
        Limits.from_config({"max_kernel": 5})
    with pytest.raises(ValueError, match="FoodplayAdmission.retry_s: -1"):
        Limits.from_config({"retry_s": -1})
    with pytest.raises(ValueError, match="per_client: '40'"):
        Limits.from_config({"per_client": "40"})


def test_binder_config_admits_pages_and_a_bad_setting_keeps_the_defaults(monkeypatch):
    from voila.handler import VoilaHandler

    monkeypatch.setattr(VoilaHandler, "get_generator", VoilaHandler.get_generator)
    monkeypatch.setattr(VoilaHandler, "on_connection_close", VoilaHandler.on_connection_close)
    installed = []
    monkeypatch.setattr(admission, "install", lambda handler, limits: installed.append(limits))
    errors = []

    class App:
        config = json.loads(BINDER_CONFIG.read_text())

        class log:  # noqa: N801 - stands in for a logger
            info = staticmethod(lambda *args: None)
            error = staticmethod(lambda message, *args: errors.append(message % args))

    binder.admit_pages(App())
    assert installed[-1].per_client == App.config["FoodplayAdmission"]["per_client"]
    assert installed[-1].max_kernels == default_max_kernels()  # from memory
    App.config = {"FoodplayAdmission": {"max_kernels": -3}}
    binder.admit_pages(App())
    assert installed[-1] == Limits() and "max_kernels: -3" in str(errors)


def test_serve_options_set_the_limits():
    parser = argparse.ArgumentParser()
    parser.add_argument("--renders", type=int, default=4)
    admission.add_options(parser)
    args = parser.parse_args(["--max-kernels", "7", "--per-client", "3", "--closed-reclaim",
                              "2.5", "--renders", "1"])
    limits = admission.limits_from(args, parser)
    assert (limits.max_kernels, limits.per_client, limits.closed_s, limits.renders) == (
        7, 3, 2.5, 1)
    with pytest.raises(SystemExit):
        admission.limits_from(parser.parse_args(["--per-client", "-1"]), parser)
