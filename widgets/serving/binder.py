"""A Jupyter Server extension for serving the tutor as Binder does, with Voilà as an extension.

A Voilà page that closes sends a beacon, ``POST <base>/voila/api/shutdown/<kernel id>``, so that
its kernel is shut down. voila 0.5.13 refuses it with 403, "'_xsrf' argument missing from POST"
(voila#1458): a beacon cannot carry the XSRF token, and Jupyter Server checks it on every POST.
``ServerApp.disable_check_xsrf=True`` would drop the check for the server's whole API. This
extension lets the beacon alone through, only from the server's own origin and only for a kernel
that a Voilà page started, so a closed page frees its kernel at once; and it hardens Voilà's
pages as the standalone server is (hardening.harden_server_extension; docs/security.md).
Enabled by ``ServerApp.jpserver_extensions`` in binder/jupyter_server_config.json.
"""

from __future__ import annotations

import os
from typing import Any

EXTENSION = "foodplay_widgets.serving.binder"
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


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Accept Voilà's kernel-shutdown beacon from the page's own origin (voila#1458), harden
    Voilà's pages (docs/security.md), and keep the server's log quiet (server_log.py)."""
    from pathlib import Path

    from foodplay_widgets.serving import server_log
    from foodplay_widgets.serving.hardening import harden_server_extension

    harden_server_extension(server_app)
    admit_pages(server_app)
    # Binder serves the repository: the tutor's notebooks are in notebooks/ (server_log.py)
    server_log.install(Path(getattr(server_app, "root_dir", ".")) / "notebooks")


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
