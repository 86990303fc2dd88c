"""binder/: the configuration postBuild writes, and the extension that accepts the beacon."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tornado import web

from foodplay_widgets import binder, serve

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


class FakeHandler:
    def __init__(self, same_origin: bool):
        self._jupyter_current_user = "anonymous"
        self.same_origin = same_origin

    def check_origin(self) -> bool:
        return self.same_origin


def test_beacon_is_accepted_from_the_same_origin_only():
    assert binder.check_same_origin_only(FakeHandler(same_origin=True)) is None
    with pytest.raises(web.HTTPError) as refused:
        binder.check_same_origin_only(FakeHandler(same_origin=False))
    assert refused.value.status_code == 404


def test_extension_replaces_the_xsrf_check_of_the_shutdown_handler_only(monkeypatch):
    from jupyter_server.base.handlers import APIHandler
    from voila.handler import VoilaHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    monkeypatch.setattr(VoilaShutdownKernelHandler, "check_xsrf_cookie",
                        VoilaShutdownKernelHandler.check_xsrf_cookie)
    for name in ("get_generator", "on_connection_close"):  # admission.install wraps them
        monkeypatch.setattr(VoilaHandler, name, getattr(VoilaHandler, name))

    class App:
        config = CONFIG

        class log:  # noqa: N801 - stands in for a logger
            @staticmethod
            def info(*args):
                pass

    assert binder._jupyter_server_extension_points() == [{"module": binder.EXTENSION}]
    binder._load_jupyter_server_extension(App())
    assert VoilaShutdownKernelHandler.check_xsrf_cookie is binder.check_same_origin_only
    assert APIHandler.check_xsrf_cookie is not binder.check_same_origin_only
    assert VoilaHandler.get_generator.foodplay_admission  # pages admitted (admission.py)
