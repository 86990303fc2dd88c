"""Serve the tutor's notebooks with Voilà: ``python -m foodplay_widgets.serving.serve --port 8866``.

Voilà serves the whole ``notebooks/`` directory, so that the gallery ``index.ipynb``
can link to the game apps and lessons beside it. Source cells are stripped.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import urllib.request
from pathlib import Path

import jinja2

from foodplay_widgets.serving import server_log
from foodplay_widgets.serving.admission import (
    RENDERS_AT_ONCE,
    add_options,
    admit_renders,
    install,
    limits_from,
)
from foodplay_widgets.serving.hardening import OVERRIDES_OFF, harden_standalone

__all__ = ["RENDERS_AT_ONCE", "admit_renders"]  # now in admission.py, kept here by name

HOST = "127.0.0.1"
GALLERY = "index.ipynb"
# Measured with scripts/bench_load.py (docs/serving.md): 30 pages opened together on
# a busy 2-core machine need far more than Voilà's 4 s for their widgets to come out.
IOPUB_TIMEOUT_S = 120
KERNEL_START_S = 180
# A kernel with no page connected is culled after this long idle. With 30 learners opening
# BURG at once on this machine, the first pages' kernels had run their notebook 20 s in, but
# their browsers connected only 260-300 s later (each page loads 4.9 MB of Voilà's scripts):
# culling at 300 s shut 6 of those kernels down before their page came, so 6 pages never loaded.
CULL_IDLE_S = 900
CULL_INTERVAL_S = 30  # how often the culler looks for idle kernels

# In the repository, this file is widgets/serving/serve.py and the notebooks are in notebooks/.
# An installed copy (site-packages/foodplay_widgets/serving/serve.py) has no notebooks beside it:
# pass --notebooks DIR then.
DEFAULT_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# The tutor's page template (jupyter/voila/templates/foodplay: no CDN, a notice beside Voilà's
# spinner), found by Voilà on the Jupyter data path.
TEMPLATE = "foodplay"
JUPYTER_DATA = Path(__file__).resolve().parent / "jupyter"


def voila_argv(port: int, notebooks_dir: str | Path, open_browser: bool = False,
               cull_idle_s: int = CULL_IDLE_S,
               cull_interval_s: int = CULL_INTERVAL_S) -> list[str]:
    """Voilà's command-line arguments (without the program name) to serve ``notebooks_dir``.

    - bind to 127.0.0.1 only, on exactly ``port`` (no silent move to another port);
    - strip source cells (Voilà's default, stated here so that it stays so);
    - the tutor's page template, TEMPLATE (`on_jupyter_path` lets Voilà find it), and neither
      template nor theme from the page's address (hardening.OVERRIDES_OFF; docs/security.md);
    - XSRF checked on every POST but the closing page's kernel-shutdown beacon, which cannot
      carry the token (voila#1458; hardening.exempt_beacon, applied by `main`), and kernels
      idle without a page culled after `cull_idle_s` (CULL_IDLE_S; tests shorten it) in case a
      beacon is lost anyway: otherwise
      every closed page leaves a kernel running (not sooner: on a busy machine a page may take
      minutes to connect);
    - kernels reached through Unix sockets, not TCP ports (server_log.py: a quiet log);
    - a class opening pages at once: Voilà's executor waits only 4 s for a cell's output and
      silently drops widgets that come later, so wait up to IOPUB_TIMEOUT_S; kernels that
      start slowly on a busy machine get KERNEL_START_S to start and to answer.
    """
    return [
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--Voila.ip={HOST}",
        f"--Voila.open_browser={open_browser}",
        "--strip_sources=True",
        f"--template={TEMPLATE}",
        *OVERRIDES_OFF,
        "--KernelManager.transport=ipc",  # Unix sockets, not TCP (server_log.py)
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_s}",
        f"--MappingKernelManager.cull_interval={cull_interval_s}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_S}",
        f"--VoilaExecutor.startup_timeout={KERNEL_START_S}",
        f"--MappingKernelManager.kernel_info_timeout={KERNEL_START_S}",
        str(Path(notebooks_dir).resolve()),
    ]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(url: str) -> bool:
    """Whether `url` answers 200 within two seconds (a server that is up and serving)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:  # URLError is an OSError
        return False


def gallery_url(port: int) -> str:
    return f"http://{HOST}:{port}/voila/render/{GALLERY}"


def precompile() -> None:
    """Write the bytecode of foodplay and foodplay_widgets once, before any kernel starts.

    Every kernel imports about forty of their modules; without cached bytecode each one
    compiles them again, about a second of CPU before its first paint. Kernels do not write
    the cache themselves where PYTHONDONTWRITEBYTECODE is set (as in many containers); this
    writes it anyway, beside the sources. A read-only install is left as it is."""
    import compileall

    for package in ("foodplay", "foodplay_widgets"):
        folder = Path(__import__(package).__file__).parent
        try:
            compileall.compile_dir(folder, quiet=2, workers=1)
        except OSError:  # not ours to write: the kernels compile as before
            pass


def on_jupyter_path(environ: dict[str, str] = os.environ) -> None:
    """Put the tutor's Jupyter data folder (its Voilà template) first on the Jupyter path."""
    paths = [p for p in environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(JUPYTER_DATA) not in paths:
        environ["JUPYTER_PATH"] = os.pathsep.join([str(JUPYTER_DATA), *paths])


class SharedTemplateCode(jinja2.BytecodeCache):
    """Compiled page templates, kept in memory for every page (a Jinja bytecode cache).

    Voilà makes a new Jinja environment for each page request, so each page parsed and
    compiled its whole template again (0.15-0.2 s of the server's CPU per page). Jinja checks
    an entry against its template's source, so an edited template is compiled afresh."""

    def __init__(self) -> None:
        self.code: dict[tuple, bytes] = {}

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple:
        environment = bucket.environment  # async and sync templates compile differently
        return environment.is_async, tuple(sorted(environment.extensions)), bucket.key

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[self._key(bucket)] = bucket.bytecode_to_string()


def share_template_code(exporter: type, cache: SharedTemplateCode | None = None) -> None:
    """Give every Jinja environment that `exporter` (nbconvert's TemplateExporter) makes one
    shared cache of compiled templates."""
    original = exporter._create_environment
    if getattr(original, "shared", False):
        return
    cache = cache or SharedTemplateCode()

    def _create_environment(self):
        environment = original(self)
        environment.bytecode_cache = cache
        return environment

    _create_environment.shared = True
    exporter._create_environment = _create_environment


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m foodplay_widgets.serving.serve",
        description="Serve the foodplay tutor's notebooks with Voilà (other --Options go to "
                    "Voilà as they are).",
    )
    parser.add_argument("--port", type=int, default=8866, help="port on 127.0.0.1 (8866)")
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=DEFAULT_NOTEBOOKS,
        help=f"directory of notebooks to serve (default: {DEFAULT_NOTEBOOKS})",
    )
    parser.add_argument(
        "--open-browser", action="store_true", help="open a web browser once Voilà is up"
    )
    parser.add_argument(
        "--renders", type=int, default=RENDERS_AT_ONCE, metavar="N",
        help=f"pages that run their notebook at once, the others wait their turn "
             f"(default {RENDERS_AT_ONCE}, from the CPU count; 0: no limit)",
    )
    parser.add_argument(
        "--cull-idle", type=int, default=CULL_IDLE_S, metavar="SECONDS",
        help=f"shut down a kernel left without its page this long (default {CULL_IDLE_S})")
    parser.add_argument(
        "--cull-interval", type=int, default=CULL_INTERVAL_S, metavar="SECONDS",
        help=f"look for such kernels this often (default {CULL_INTERVAL_S})")
    add_options(parser)  # --max-kernels, --per-client (admission.py)
    args, voila_extra = parser.parse_known_args(argv)  # the rest go to Voilà as they are

    if not (args.notebooks / GALLERY).is_file():
        parser.error(f"no {GALLERY} in {args.notebooks}; pass --notebooks DIR")
    if args.cull_idle < 1 or args.cull_interval < 1:
        parser.error("--cull-idle and --cull-interval: use a number of seconds, 1 or more")
    if args.renders < 0:
        parser.error(f"--renders {args.renders}: use 0 (no limit) or a positive number")
    limits = limits_from(args, parser)

    from voila.app import main as voila_main
    from voila.handler import VoilaHandler

    precompile()
    from nbconvert.exporters.templateexporter import TemplateExporter

    share_template_code(TemplateExporter)
    on_jupyter_path()
    harden_standalone()
    install(VoilaHandler, limits)  # a render queue of --renders, caps, abandoned pages
    server_log.install(args.notebooks)  # notebooks signed, a culler that skips gone kernels

    print(f"foodplay: serving {args.notebooks} with Voilà", flush=True)
    print(f"foodplay: the gallery is at {gallery_url(args.port)}", flush=True)
    voila_main(argv=[*voila_argv(args.port, args.notebooks, args.open_browser,
                                 args.cull_idle, args.cull_interval), *voila_extra])


if __name__ == "__main__":
    sys.exit(main())
