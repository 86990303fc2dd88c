"""binder/: the configuration postBuild writes, and the extension that hardens Voilà's pages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from foodplay_widgets.serving import binder, hardening, serve

BINDER = Path(__file__).resolve().parents[2] / "binder"
CONFIG = json.loads((BINDER / "jupyter_server_config.json").read_text())


def test_config_enables_the_extension_culling_and_a_long_iopub_timeout():
    assert CONFIG["ServerApp"]["jpserver_extensions"][binder.EXTENSION] is True
    cull = CONFIG["MappingKernelManager"]
    assert cull["cull_idle_timeout"] + cull["cull_interval"] <= 120  # culled within 2 minutes
    assert cull["cull_connected"] is False  # a page still open keeps its kernel
    assert CONFIG["VoilaExecutor"]["iopub_timeout"] >= 60
    assert CONFIG["VoilaConfiguration"]["show_tracebacks"] is False
    assert CONFIG["VoilaConfiguration"]["template"] == serve.TEMPLATE  # postBuild installs it


def test_postbuild_merges_the_config_into_home(tmp_path):
    target = tmp_path / ".jupyter" / "jupyter_server_config.json"
    target.parent.mkdir()
    target.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {"other": True},
                                                "open_browser": False}}))
    env = {**os.environ, "HOME": str(tmp_path)}
    subprocess.run([sys.executable, str(BINDER / "write_jupyter_config.py")], env=env,
                   check=True, capture_output=True)
    written = json.loads(target.read_text())
    assert written["ServerApp"]["jpserver_extensions"] == {
        "other": True, "voila": True, binder.EXTENSION: True}
    assert written["ServerApp"]["open_browser"] is False
    assert written["MappingKernelManager"] == CONFIG["MappingKernelManager"]
    assert "write_jupyter_config.py" in (BINDER / "postBuild").read_text()


def test_config_takes_no_theme_or_template_from_a_link():
    for key, value in hardening.OVERRIDES_OFF_CONFIG.items():
        assert CONFIG["VoilaConfiguration"][key] == value == "NO"


def test_postbuild_turns_the_overrides_off_over_a_config_that_allows_them(tmp_path):
    target = tmp_path / ".jupyter" / "jupyter_server_config.json"
    target.parent.mkdir()
    target.write_text(json.dumps({"VoilaConfiguration": {"allow_theme_override": "YES",
                                                         "allow_template_override": "YES"}}))
    subprocess.run([sys.executable, str(BINDER / "write_jupyter_config.py")],
                   env={**os.environ, "HOME": str(tmp_path)}, check=True, capture_output=True)
    written = json.loads(target.read_text())["VoilaConfiguration"]
    assert written["allow_theme_override"] == written["allow_template_override"] == "NO"


def test_extension_hardens_voila_pages_and_leaves_jupyter_servers_api(monkeypatch):
    from jupyter_server.base.handlers import APIHandler
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection as Connection,
    )
    from voila.handler import BaseVoilaHandler
    from voila.notebook_renderer import NotebookRenderer
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler as Shutdown

    patched = [(Shutdown, "check_xsrf_cookie"), (Shutdown, "post"),
               (NotebookRenderer, "initialize"), (NotebookRenderer, "generate_content_generator"),
               (Connection, "handle_incoming_message"), (Connection, "_on_zmq_reply"),
               (BaseVoilaHandler, "get_argument")]
    for owner, name in patched:
        monkeypatch.setattr(owner, name, getattr(owner, name))  # put back after the test
    from voila.handler import VoilaHandler

    for name in ("get_generator", "on_connection_close"):  # admission.install wraps them
        monkeypatch.setattr(VoilaHandler, name, getattr(VoilaHandler, name))

    class App:
        config = CONFIG

        class log:  # noqa: N801 - stands in for a logger
            @staticmethod
            def info(*args):
                pass

    xsrf_check = APIHandler.check_xsrf_cookie
    assert binder._jupyter_server_extension_points() == [{"module": binder.EXTENSION}]
    binder._load_jupyter_server_extension(App())
    for owner, name in patched:
        assert getattr(getattr(owner, name), "foodplay_hardened", False), (owner, name)
    assert APIHandler.check_xsrf_cookie is xsrf_check  # the rest of the API checks XSRF
    assert VoilaHandler.get_generator.foodplay_admission  # pages admitted (admission.py)
