"""A Jupyter Server extension for serving the tutor as Binder does, with Voilà as an extension.

A Voilà page that closes sends a beacon, ``POST <base>/voila/api/shutdown/<kernel id>``, so that
its kernel is shut down. voila 0.5.13 refuses it with 403, "'_xsrf' argument missing from POST"
(voila#1458): a beacon cannot carry the XSRF token, and Jupyter Server checks it on every POST.
Standalone Voilà is told ``--Voila.tornado_settings=disable_check_xsrf=True`` (serve.py); a
Jupyter Server would need ``ServerApp.disable_check_xsrf=True``, which drops the check for its
whole API. This extension drops it for the shutdown endpoint alone, and only for requests from
the server's own origin (Jupyter Server's Origin/Host check), so a closed page frees its kernel
at once. Enabled by ``ServerApp.jpserver_extensions`` in binder/jupyter_server_config.json.
"""

from __future__ import annotations

import os
from typing import Any

EXTENSION = "foodplay_widgets.binder"
BASE_URL = "/user/learner/"  # Binder's is /user/<name>/
LAUNCH_PATH = "voila/render/notebooks/index.ipynb"  # what Binder opens (the badge's urlpath)


def jupyter_server_argv(port: int, base_url: str = BASE_URL) -> list[str]:
    """Arguments for ``python -m jupyter_server`` to serve as Binder does (run it from the
    repository root): 127.0.0.1:`port` only, no token, under `base_url`."""
    argv = ["--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
            f"--ServerApp.base_url={base_url}"]
    if os.geteuid() == 0:
        argv.append("--allow-root")
    return argv


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds this extension's loader."""
    return [{"module": EXTENSION}]


def check_same_origin_only(handler: Any) -> None:
    """The shutdown beacon's XSRF check: the request must come from the server's own origin."""
    from tornado import web

    if not hasattr(handler, "_jupyter_current_user"):
        return  # called before authentication, as Jupyter Server does: checked again later
    if not handler.check_origin():
        raise web.HTTPError(404)


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Accept Voilà's kernel-shutdown beacon from the page's own origin (voila#1458)."""
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    VoilaShutdownKernelHandler.check_xsrf_cookie = check_same_origin_only
    server_app.log.info("%s: Voilà's kernel-shutdown beacon is accepted from this origin",
                        EXTENSION)
    admit_pages(server_app)


def admit_pages(server_app: Any) -> None:
    """Bound the page kernels (admission.py) by the config's `FoodplayAdmission` section."""
    from voila.handler import VoilaHandler

    from .admission import Limits, install

    config = server_app.config
    section = dict(config["FoodplayAdmission"]) if "FoodplayAdmission" in config else {}
    try:
        limits = Limits.from_config(section)
    except (TypeError, ValueError) as error:
        server_app.log.error("%s: %s; the defaults apply", EXTENSION, error)
        limits = Limits()
    install(VoilaHandler, limits)
    server_app.log.info("%s: page kernels admitted by %s", EXTENSION, limits)
