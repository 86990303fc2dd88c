"""The server's log stays quiet (widgets/serving/server_log.py; issue #33, item 8): the culler
passes over a kernel shut down while it went through its list, its notice is INFO, and the
served notebooks are signed so that loading them warns of nothing."""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path

import pytest
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

from foodplay_widgets.serving import server_log

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class Manager(MappingKernelManager):
    """jupyter_server's kernel manager, patched as the servers patch it, with no kernel."""


class Unpatched(MappingKernelManager):
    """jupyter_server's kernel manager as it comes, even if a test in this process has already
    patched MappingKernelManager itself (`server_log.install`)."""

    cull_kernel_if_idle = getattr(MappingKernelManager.cull_kernel_if_idle, "__wrapped__",
                                  MappingKernelManager.cull_kernel_if_idle)


def test_the_culler_passes_over_a_kernel_shut_down_meanwhile(caplog):
    unpatched = Unpatched()
    unpatched._kernels = {}
    with pytest.raises(KeyError):  # what the culler logged, with its traceback
        asyncio.run(unpatched.cull_kernel_if_idle("gone-meanwhile"))
    server_log.cull_only_live_kernels(Manager)
    server_log.cull_only_live_kernels(Manager)  # a second install changes nothing
    manager = Manager()
    manager._kernels = {}
    asyncio.run(manager.cull_kernel_if_idle("gone-meanwhile"))
    assert any(isinstance(f, server_log.CullNotice) for f in manager.log.filters)


def test_the_cull_notice_is_info_and_other_warnings_stay():
    notice = server_log.CullNotice()
    culled = logging.LogRecord("Voila", logging.WARNING, __file__, 1, server_log.CULL_NOTICE,
                               ("idle", "python3", "k", 0, 15), None)
    dead = logging.LogRecord("Voila", logging.WARNING, __file__, 1,
                             "Culling '%s' dead kernel '%s' (%s).", ("dead", "python3", "k"),
                             None)
    assert notice.filter(culled) and culled.levelname == "INFO"
    assert notice.filter(dead) and dead.levelname == "WARNING"


def test_the_served_notebooks_are_signed(tmp_path, monkeypatch):
    from nbformat import read
    from nbformat.sign import NotebookNotary

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    books = sorted(folder.rglob("*.ipynb"))
    assert len(books) >= 10
    assert not NotebookNotary().check_signature(read(books[0], as_version=4))
    assert server_log.trust_notebooks(folder) == len(books)
    assert all(NotebookNotary().check_signature(read(b, as_version=4)) for b in books)
    assert server_log.trust_notebooks(folder) == 0  # already signed: nothing written


def test_a_write_to_a_closed_page_is_kept_out_of_the_log_and_other_errors_stay(caplog):
    from tornado.websocket import WebSocketClosedError

    async def closed():
        raise WebSocketClosedError()

    async def other():
        raise ValueError("kept")

    async def main():
        tasks = [asyncio.ensure_future(closed()), asyncio.ensure_future(other())]
        await asyncio.sleep(0.05)
        del tasks  # never retrieved: asyncio logs them when they are collected

    asyncio_log = logging.getLogger("asyncio")
    quiet = server_log.ClosedPageWrite()
    asyncio_log.addFilter(quiet)
    try:
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            asyncio.run(main())
            import gc
            gc.collect()
    finally:
        asyncio_log.removeFilter(quiet)
    logged = [r.getMessage() + type(r.exc_info and r.exc_info[1]).__name__ for r in caplog.records]
    assert any("kept" in line for line in logged), logged
    assert not any("WebSocketClosedError" in line for line in logged), logged
