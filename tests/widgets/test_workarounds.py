"""Guards for the tutor's Voilà and ipywidgets workarounds (docs/workarounds.md).

Each workaround reaches into a library's internals. For each one, these tests check
(a) that the installed version of every library it relies on is the one it was checked against:
inside pyproject.toml's range (where it names one) and equal to binder/requirements.txt's pin;
(b) that each internal it relies on still exists and behaves as assumed (the guards, in
workaround_guards.py). An upgrade that breaks one fails here with the workaround's name and what
changed; the last test breaks each internal on purpose (monkeypatch) and checks that its guard
fails.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest
import workaround_guards as guards
from packaging.version import Version
from workaround_guards import DOC, GUARDS, ROOT, VERSIONED, WORKAROUNDS, Broken


@pytest.mark.parametrize("workaround,package", VERSIONED)
def test_the_installed_library_is_the_version_the_workaround_was_checked_against(
        workaround: str, package: str) -> None:
    guards.check_version(workaround, package)


def test_the_version_guard_fails_on_an_upgrade(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guards, "installed", lambda package: Version("0.5.14"))
    with pytest.raises(Broken, match=r"workaround 'template' .*voila 0\.5\.14 is installed; "
                                     r"it was checked against voila 0\.5\.13"):
        guards.check_version("template", "voila")
    monkeypatch.setattr(guards, "installed", lambda package: Version("0.6.0"))
    with pytest.raises(Broken, match=r"outside pyproject\.toml's voila<0\.6,>=0\.5\.8"):
        guards.check_version("template", "voila")


def test_every_workaround_has_a_guard_and_a_section_in_the_docs() -> None:
    assert set(GUARDS) == set(WORKAROUNDS)
    doc = (ROOT / DOC).read_text()
    missing = [name for name in WORKAROUNDS if f"`{name}`" not in doc]
    assert missing == [], f"{DOC} has no section for {missing}"


@pytest.mark.parametrize("guard", [g for gs in GUARDS.values() for g in gs],
                         ids=lambda g: g.__name__.removeprefix("guard_"))
def test_the_internals_a_workaround_relies_on_hold(guard: Callable[[], None]) -> None:
    guard()


# --- each guard fails when its internal is taken away ----------------------------------------
def _breakers() -> list[tuple[Callable[[], None], str, Callable[[pytest.MonkeyPatch], None]]]:
    """(guard, workaround, a change to the library, as an upgrade could make it, that the
    guard must notice)."""
    import comm
    import ipywidgets as widgets
    import traitlets
    import voila
    import voila.app
    import voila.utils
    from ipykernel.ipkernel import BaseComm
    from ipywidgets.widgets.trait_types import InstanceDict
    from ipywidgets.widgets.widget import Widget
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from voila.execute import VoilaExecutor
    from voila.exporter import VoilaExporter
    from voila.handler import VoilaHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler as Shutdown

    def create_comm_bound_at_import(mp):  # ipywidgets keeps its own reference
        create, original_open = comm.create_comm, Widget.open

        def open_(self):
            saved, comm.create_comm = comm.create_comm, create
            try:
                original_open(self)
            finally:
                comm.create_comm = saved
        mp.setattr(Widget, "open", open_)

    def send_whatever_the_kernel(mp):  # neither notify_change nor _send looks at the kernel
        def notify_change(self, change):
            if self.comm is not None and change["name"] in self.keys:
                self.send_state(key=change["name"])
            super(Widget, self).notify_change(change)
        mp.setattr(Widget, "notify_change", notify_change)
        mp.setattr(Widget, "_send", lambda self, msg, buffers=None: self.comm and self.comm.send(
            data=msg, buffers=buffers))

    def always_primary(mp):
        original = BaseComm.__init__

        def init(self, *args, **kwargs):
            original(self, *args, **{**kwargs, "primary": True})
        mp.setattr(BaseComm, "__init__", init)

    def no_preheat_variable(mp):
        mp.setattr(voila.utils, "ENV_VARIABLE",
                   type("ENV_VARIABLE", (), {"VOILA_REQUEST_URL": "VOILA_REQUEST_URL"}))

    def no_dynamic_default(mp):
        mp.delattr(InstanceDict, "make_dynamic_default")
        mp.delattr(traitlets.Instance, "make_dynamic_default")

    def html_as_text(mp):
        text = guards._widget_bundle_text()
        mp.setattr(guards, "_widget_bundle_text", lambda: text.replace(
            "this.content.innerHTML=", "this.content.textContent="))

    def body_header_renamed(mp):
        lab = guards._lab_template()
        mp.setattr(guards, "_lab_template", lambda: lab.replace("body_header", "body_top"))

    def cdn_moved(mp):
        lab = guards._lab_template()
        mp.setattr(guards, "_lab_template", lambda: lab + '\n<link href="https://'
                   'cdn.jsdelivr.net/npm/x.css">')

    def base_page_with_a_new_block(mp):
        base = guards._base_page()
        mp.setattr(guards, "_base_page", lambda: base.replace(
            "{% block meta %}", "{% block head_js %}{% endblock %}{% block meta %}"))

    def webpack_reworded(mp):
        text = guards._widget_extension_text()
        mp.setattr(guards, "_widget_extension_text", lambda: text.replace(
            '"Unsatisfied version "+', '"Unsatisfied version of "+'))

    def culler_reworded(mp):
        source = guards._culler_source()
        mp.setattr(guards, "_culler_source", lambda: source.replace("Culling '%s' kernel",
                                                                    "Culled '%s' kernel"))

    def socket_by_listener(mp):
        text = guards._page_scripts_text()
        mp.setattr(guards, "_page_scripts_text", lambda: text.replace(
            "this._ws.onmessage=this._onWSMessage",
            "this._ws.addEventListener('message',this._onWSMessage)"))

    def post_takes_a_path(mp):
        async def post(self, kernel_id, path):
            return None
        mp.setattr(Shutdown, "post", post)

    def own_xsrf_check(mp):
        mp.setattr(Shutdown, "check_xsrf_cookie", lambda self: None)

    def kernel_handler_renamed(mp):
        mp.delattr(voila.app, "KernelHandler")

    def no_connection_count(mp):
        traits = {k: v for k, v in MappingKernelManager.class_traits().items()
                  if k != "_kernel_connections"}
        mp.setattr(MappingKernelManager, "class_traits", classmethod(lambda cls, **_: traits))

    def kernel_started_elsewhere(mp):
        source = inspect.getsource(VoilaHandler)
        mp.setattr(guards, "_voila_handler_source",
                   lambda: source.replace("self.kernel_manager.start_kernel(",
                                          "self.pool.take_kernel("))

    def own_environment(mp):
        mp.setattr(VoilaExporter, "_create_environment", lambda self: None, raising=False)

    def option_renamed(mp):
        traits = {k: v for k, v in VoilaExecutor.class_traits(config=True).items()
                  if k != "iopub_timeout"}
        mp.setattr(VoilaExecutor, "class_traits", classmethod(lambda cls, **_: traits))

    def voila_not_an_extension(mp):
        mp.delattr(voila, "_load_jupyter_server_extension")

    def classes_unsynced(mp):
        mp.setitem(widgets.DOMWidget.class_traits()["_dom_classes"].metadata, "sync", False)

    def panel_renamed(mp):
        text = guards._page_scripts_text()
        mp.setattr(guards, "_page_scripts_text",
                   lambda: text.replace("lm-BoxPanel-child", "lm-StackPanel-child"))

    def get_state_renamed(mp):
        mp.setattr(Widget, "get_state", lambda self, keys=None, drop_defaults=False: {})

    return [
        (guards.guard_quiet_widgets_open_through_comm_create_comm, "quiet",
         create_comm_bound_at_import),
        (guards.guard_quiet_no_message_through_a_comm_without_kernel, "quiet",
         send_whatever_the_kernel),
        (guards.guard_quiet_a_secondary_comm_sends_no_open, "quiet", always_primary),
        (guards.guard_quiet_the_control_target_and_the_comm_manager, "quiet", no_preheat_variable),
        (guards.guard_lean_style_defaults_are_made_by_the_trait, "lean", no_dynamic_default),
        (guards.guard_html_scripts_run_from_an_html_widgets_value, "html-scripts", html_as_text),
        (guards.guard_template_hook_points, "template", body_header_renamed),
        (guards.guard_template_hook_points, "template", cdn_moved),
        (guards.guard_template_page_html_blocks, "template", base_page_with_a_new_block),
        (guards.guard_websocket_kernel_socket_is_made_from_the_page_global, "websocket",
         socket_by_listener),
        (guards.guard_hardening_patched_methods, "hardening", post_takes_a_path),
        (guards.guard_hardening_patched_methods, "hardening", own_xsrf_check),
        (guards.guard_hardening_kernel_handler_by_global_name, "hardening", kernel_handler_renamed),
        (guards.guard_admission_voila_handler_and_kernel_manager, "admission", no_connection_count),
        (guards.guard_admission_voila_handler_and_kernel_manager, "admission",
         kernel_started_elsewhere),
        (guards.guard_template_cache_one_environment_maker, "template-cache", own_environment),
        (guards.guard_settings_are_still_options, "settings", option_renamed),
        (guards.guard_binder_extension_points, "binder", voila_not_an_extension),
        (guards.guard_dom_classes_one_synced_trait, "dom-classes", classes_unsynced),
        (guards.guard_portal_state_requests, "portal", get_state_renamed),
        (guards.guard_page_css_names_voilas_elements, "page-css", panel_renamed),
        (guards.guard_server_log_culler, "server-log", culler_reworded),
        (guards.guard_console_versions_messages, "console-versions", webpack_reworded),
    ]


BREAKERS = 23


def test_every_breaker_is_run() -> None:
    assert len(_breakers()) == BREAKERS


@pytest.mark.parametrize("case", range(BREAKERS))
def test_each_guard_fails_when_its_internal_is_broken(case: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    guard, workaround, breaker = _breakers()[case]
    breaker(monkeypatch)
    with pytest.raises(Broken) as failure:
        guard()
    message = str(failure.value)
    assert f"workaround {workaround!r}" in message and DOC in message, message
