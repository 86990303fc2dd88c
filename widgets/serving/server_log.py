"""A quiet server log: what each page load and each culled kernel used to log, fixed at its cause.

Measured on `make serve` (voila 0.5.13, jupyter_server 2.21.1, ipykernel 7.4.0): every page load
logged two WARNING lines, and the kernel culler logged `KeyError` tracebacks.

- "Notebook burg.ipynb is not trusted": the contents manager checks each notebook's signature
  as it loads it. The tutor's notebooks are the server's own apps, so the server signs them when
  it starts (`trust_notebooks`, into the signature store of the Jupyter data folder, as
  `jupyter trust` does; the files are not changed).
- "Kernel is running over TCP without encryption": the kernels and the server now talk through
  Unix sockets (`--KernelManager.transport=ipc`, in serve.voila_argv), files only the server's
  user can open, beside the kernels' connection files; nothing listens on a TCP port.
- `KeyError` from the culler: it takes a list of the kernels, then looks at each in turn,
  awaiting each shutdown; a kernel that its page's beacon shut down meanwhile is no longer in the
  manager's table, and `cull_kernel_if_idle` failed on it (logged with its traceback).
  `cull_only_live_kernels` makes it pass over a kernel that is gone.
- "Culling 'idle' kernel ... due to N seconds of inactivity" is jupyter_server's notice that it
  did what it was configured to do, at WARNING. It is logged at INFO instead (`CullNotice`, a
  filter on exactly that message); a dead kernel's culling stays a warning.
  docs/workarounds.md, section `server-log`, says what this relies on.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

CULL_NOTICE = "Culling '%s' kernel '%s' (%s) with %d connections due to %s seconds of inactivity."


def trust_notebooks(folder: Path) -> int:
    """Sign every notebook under `folder` that is not signed yet (the server's own apps), so that
    loading it logs no "not trusted" warning; how many were signed. A store that cannot be
    written leaves them as they were."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    signed = 0
    for path in sorted(Path(folder).rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        try:
            notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
            if not notary.check_signature(notebook):
                notary.sign(notebook)
                signed += 1
        except (OSError, ValueError):  # unreadable, or no store to write: warned as before
            continue
    return signed


class CullNotice(logging.Filter):
    """jupyter_server's notice that it culled an idle kernel, at INFO rather than WARNING."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == CULL_NOTICE and record.levelno == logging.WARNING:
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def cull_only_live_kernels(manager: type) -> None:
    """Make `manager.cull_kernel_if_idle` (jupyter_server's MappingKernelManager) pass over a
    kernel shut down since the culler listed the kernels, and log its culling notice at INFO."""
    original = manager.cull_kernel_if_idle
    if getattr(original, "foodplay", False):
        return

    async def cull_kernel_if_idle(self: Any, kernel_id: str) -> None:
        if not any(isinstance(f, CullNotice) for f in self.log.filters):
            self.log.addFilter(CullNotice())
        if kernel_id not in self._kernels:  # its page's beacon shut it down meanwhile
            self.log.debug("kernel %s was shut down before the culler came to it", kernel_id)
            return
        await original(self, kernel_id)

    cull_kernel_if_idle.foodplay = True
    cull_kernel_if_idle.__wrapped__ = original  # jupyter_server's own, for the guard tests
    manager.cull_kernel_if_idle = cull_kernel_if_idle


class ClosedPageWrite(logging.Filter):
    """Drops asyncio's "Task exception was never retrieved" for a message written to a page's
    websocket after the page closed (tornado's WebSocketClosedError): the page is gone, so
    there is nobody to tell; every other unretrieved exception is still logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is None and isinstance(getattr(record, "args", None), dict):
            error = record.args.get("exception")  # asyncio passes the context's exception here
        closed = type(error).__name__ == "WebSocketClosedError"
        return not (closed and str(record.msg).startswith("Task exception was never retrieved"))


def install(notebooks: Path | None = None) -> None:
    """Everything above, for a server about to start: the culler patched, a write to a closed
    page kept out of the log and, when given, the notebooks under `notebooks` signed."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    cull_only_live_kernels(MappingKernelManager)
    asyncio_log = logging.getLogger("asyncio")
    if not any(isinstance(f, ClosedPageWrite) for f in asyncio_log.filters):
        asyncio_log.addFilter(ClosedPageWrite())
    if notebooks is not None:
        trust_notebooks(notebooks)
