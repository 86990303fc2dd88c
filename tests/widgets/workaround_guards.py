"""The guards of the tutor's Voilà and ipywidgets workarounds (docs/workarounds.md), run by
tests/widgets/test_workarounds.py.

`check_version(workaround, package)`: the installed version of a library a workaround relies on
is the one it was checked against (inside pyproject.toml's range, equal to binder/requirements.txt's
pin). `GUARDS[workaround]`: functions that each check one internal the workaround relies on.
Each raises `Broken`, naming the workaround, where it lives, what changed and the doc's section.
"""

from __future__ import annotations

import importlib.metadata
import inspect
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
DOC = "docs/workarounds.md"

# workaround -> (where it lives, the libraries whose internals it relies on)
WORKAROUNDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "quiet": ("widgets/serving/quiet.py", ("ipywidgets", "comm", "ipykernel", "voila")),
    "lean": ("widgets/serving/lean.py", ("ipywidgets", "traitlets")),
    "html-scripts": ("widgets/serving/ping.py (and timeline, lookup, stars, notes_keeper, "
                     "lesson_player, portal)", ("ipywidgets", "voila")),
    "template": ("widgets/serving/jupyter/voila/templates/foodplay/", ("voila",)),
    "websocket": ("templates/foodplay/one_frame_per_reply.js, kernel_lost.js", ("voila",)),
    "hardening": ("widgets/serving/hardening.py", ("voila", "jupyter_server")),
    "admission": ("widgets/serving/admission.py", ("voila", "jupyter_server", "tornado")),
    "template-cache": ("widgets/serving/serve.py (share_template_code)", ("nbconvert", "voila")),
    "settings": ("widgets/serving/serve.py (voila_argv), binder/jupyter_server_config.json",
                 ("voila", "jupyter_server")),
    "binder": ("widgets/serving/binder.py", ("voila", "jupyter_server")),
    "dom-classes": ("widgets/app/pool.py (set_classes)", ("ipywidgets",)),
    "page-css": ("widgets/app/style.py (the sticky bar), widgets/pages/summary.py (print)",
                 ("voila", "ipywidgets")),
    "portal": ("widgets/app/portal.py (Portal.get_state)", ("ipywidgets",)),
    "server-log": ("widgets/serving/server_log.py", ("jupyter_server",)),
    "console-versions": ("templates/foodplay/harmless_versions.js", ("voila", "ipywidgets")),
}


class Broken(AssertionError):
    """A workaround's assumption no longer holds."""


def check(ok: object, workaround: str, what: str) -> None:
    """Fail with the workaround's name, where it lives, what changed and where to read on."""
    if not ok:
        where = WORKAROUNDS[workaround][0]
        raise Broken(f"workaround {workaround!r} ({where}): {what}. See {DOC}, "
                     f"section {workaround!r}, for what to do.")


# --- (a) versions ------------------------------------------------------------------------
def pyproject_ranges() -> dict[str, Requirement]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    reqs = [Requirement(r) for group in data["project"]["optional-dependencies"].values()
            for r in group]
    return {r.name.lower().replace("-", "_"): r for r in reqs}


def binder_pins() -> dict[str, Version]:
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pins[name.strip().lower().replace("-", "_")] = Version(version.strip())
    return pins


def installed(package: str) -> Version:
    return Version(importlib.metadata.version(package))


VERSIONED = sorted({(name, package) for name, (_, packages) in WORKAROUNDS.items()
                    for package in packages})

def check_version(workaround: str, package: str) -> None:
    """`package` is installed at the version `workaround` was checked against."""
    version = installed(package)
    pin = binder_pins().get(package)
    check(pin is not None, workaround,
          f"binder/requirements.txt pins no version of {package}, whose internals it uses")
    wanted = pyproject_ranges().get(package)
    if wanted is not None:
        check(version in wanted.specifier, workaround,
              f"{package} {version} is installed, outside pyproject.toml's {wanted}")
    check(version == pin, workaround,
          f"{package} {version} is installed; it was checked against {package} {pin} "
          f"(binder/requirements.txt). Re-check it against {version}, then move the pin")


# --- (b) the internals, one guard per assumption ----------------------------------------
def guard_quiet_widgets_open_through_comm_create_comm() -> None:
    """ipywidgets opens a widget's comm with `comm.create_comm(target_name='jupyter.widget')`,
    looked up on the `comm` module at each call (so replacing it there takes effect)."""
    import comm
    import ipywidgets as widgets

    seen: list[dict] = []
    original = comm.create_comm

    def recording(*args, **kwargs):
        seen.append(kwargs)
        return original(*args, **kwargs)

    comm.create_comm = recording
    try:
        widgets.HTML("x")
    finally:
        comm.create_comm = original
    targets = {kwargs.get("target_name") for kwargs in seen}
    check(targets == {"jupyter.widget"}, "quiet",
          f"a new widget no longer opens its comm through comm.create_comm with target "
          f"'jupyter.widget' (seen: {sorted(map(str, targets))})")


def guard_quiet_no_message_through_a_comm_without_kernel() -> None:
    """ipywidgets sends nothing through a comm whose `kernel` is None (Widget.notify_change
    and Widget._send look at it)."""
    import ipywidgets as widgets

    html = widgets.HTML("x")
    sent: list[dict] = []
    html.comm.send = lambda data=None, buffers=None, **_: sent.append(data)
    html.comm.kernel = None
    html.value = "quiet"
    check(sent == [], "quiet", "a widget whose comm has kernel None sent an update "
          "(Widget._send no longer checks comm.kernel)")
    html.comm.kernel = object()
    html.value = "speaks"
    check(len(sent) == 1, "quiet", "a widget whose comm has a kernel sent no update")


def guard_quiet_a_secondary_comm_sends_no_open() -> None:
    """A comm made with primary=False registers without sending comm_open (the comm class
    ipykernel's create_comm makes)."""
    from ipykernel.ipkernel import BaseComm

    published: list[str] = []

    class Recorded(BaseComm):
        def publish_msg(self, msg_type, *args, **kwargs):
            published.append(msg_type)

    kept = [Recorded(target_name="jupyter.widget", primary=False)]  # (a comm collected closes)
    check(published == [], "quiet", f"a comm made with primary=False sent {published}")
    kept.append(Recorded(target_name="jupyter.widget", primary=True))
    check(published == ["comm_open"], "quiet",
          f"a primary comm no longer sends comm_open when made (sent {published})")


def guard_quiet_the_control_target_and_the_comm_manager() -> None:
    """ipywidgets registers 'jupyter.widget.control' with the kernel's comm manager, whose
    `targets`, `register_target` and `register_comm` quiet.install uses; ipykernel puts its
    own create_comm on the comm module; Voilà tells a page's kernel VOILA_REQUEST_URL and
    VOILA_PREHEAT."""
    import ipykernel.ipkernel
    import ipywidgets
    from ipykernel.comm import CommManager
    from voila.utils import ENV_VARIABLE

    from foodplay_widgets.serving import quiet

    check(quiet.CONTROL_TARGET in inspect.getsource(ipywidgets), "quiet",
          f"ipywidgets no longer registers the {quiet.CONTROL_TARGET!r} comm target")
    for name in ("register_target", "register_comm", "targets"):
        check(hasattr(CommManager(), name), "quiet", f"ipykernel's CommManager has no {name}")
    check(callable(getattr(ipykernel.ipkernel, "_create_comm", None)), "quiet",
          "ipykernel no longer defines the create_comm that it installs on the comm module")
    for name in ("VOILA_REQUEST_URL", "VOILA_PREHEAT"):
        check(getattr(ENV_VARIABLE, name, None) == name, "quiet",
              f"Voilà no longer sets {name} in a page's kernel")


def guard_lean_style_defaults_are_made_by_the_trait() -> None:
    """Each widget's style model is the `style` trait's dynamic default, made by calling the
    trait's `make_dynamic_default` (replaced on the trait inside shared_styles)."""
    import ipywidgets as widgets

    from foodplay_widgets.serving.lean import _style_traits, shared_styles

    check(_style_traits(), "lean", "no widget class has a 'style' trait with "
          "make_dynamic_default any more")
    with shared_styles():
        a, b = widgets.Button(), widgets.Button()
        c, d = widgets.HTML(), widgets.HTML()
    check(a.style is b.style and c.style is d.style, "lean",
          "widgets made inside shared_styles no longer share one style model per kind")
    e, f = widgets.Button(), widgets.Button()
    check(e.style is not f.style and e.style is not a.style, "lean",
          "widgets made after shared_styles share a style model: the trait was not restored")


def _bundles(*parts: str) -> list[Path]:
    import sys

    root = Path(sys.prefix) / "share" / "jupyter" / "voila"
    return sorted(root.joinpath(*parts).glob("*.js"))


def _widget_bundle_text() -> str:
    return "\n".join(p.read_text(errors="replace")
                     for p in _bundles("labextensions", "@voila-dashboards",
                                       "widgets-manager8", "static"))


def guard_html_scripts_run_from_an_html_widgets_value() -> None:
    """The page's HTML widget view writes the value as `innerHTML` into a
    `.widget-html-content` element, so an `<img onerror>` in it runs (a `<script>` would not);
    the slider is noUiSlider (the timeline names its `.noUi-handle`); a text box's view sends
    its value on `input` and `change` events."""
    import ipywidgets as widgets

    text = _widget_bundle_text()
    check(text, "html-scripts", "Voilà ships no widgets-manager8 bundle where it used to")
    view = widgets.HTML()
    check((view._view_name, view._view_module) == ("HTMLView", "@jupyter-widgets/controls"),
          "html-scripts", f"the HTML widget's view is now {view._view_name} from "
          f"{view._view_module}")
    check(re.search(r'classList\.add\("widget-html-content"\)', text)
          and 'this.content.innerHTML=this.model.get("value")' in text, "html-scripts",
          "the HTML widget's view no longer sets its value as innerHTML of "
          ".widget-html-content")
    check("noUi-handle" in text, "html-scripts", "the slider no longer draws a .noUi-handle")
    # stars.py and notes_keeper.py hand the browser's storage to the kernel through a hidden
    # text box: its view sends the value on the input and change events a script dispatches
    check(widgets.Text()._view_name == "TextView" and '"input input":"handleChanging",'
          '"change input":"handleChanged"' in text, "html-scripts",
          "the text box's view no longer sends its value on input and change events")


def _lab_template() -> str:
    import sys

    return (Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "lab"
            / "index.html.j2").read_text()


def _block(template: str, name: str) -> str:
    match = re.search(r"\{%-?\s*block " + name + r"\s*-?%\}(.*?)\{%-?\s*endblock " + name,
                      template, re.S)
    return match.group(1) if match else ""


def guard_template_hook_points() -> None:
    """The tutor's template extends Voilà's lab template, whose blocks html_head_js,
    notebook_css (with every CDN stylesheet) and body_header (with `<div id="rendered_cells"`
    and the theme) it overrides; the base template defines voila_heartbeat, voila_process and
    the #loading spinner that its notice watches."""
    import sys

    ours = (ROOT / "widgets/serving/jupyter/voila/templates/foodplay/index.html.j2").read_text()
    check("extends 'voila/templates/lab/index.html.j2'" in ours, "template",
          "the tutor's template no longer extends Voilà's lab template")
    lab = _lab_template()
    for name in ("html_head_js", "notebook_css", "body_header"):
        check(_block(lab, name), "template", f"Voilà's lab template has no block {name}")
    outside = lab.replace(_block(lab, "notebook_css"), "")
    check("cdn.jsdelivr.net" in _block(lab, "notebook_css") and "cdn.jsdelivr.net"
          not in outside, "template", "Voilà's lab template links a CDN outside notebook_css "
          "(or none there): the template's filter no longer removes every CDN link")
    header = _block(lab, "body_header")
    check('<div id="rendered_cells"' in header, "template",
          "body_header no longer holds <div id=\"rendered_cells\" (where the notice goes)")
    check("resources.theme" in header, "template",
          "body_header no longer writes resources.theme (the template escapes it)")
    base = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base"
    setup = (base / "voila_setup.macro.html.j2").read_text()
    for name in ("window.voila_heartbeat", "window.voila_process"):
        check(name in setup, "template", f"Voilà's page no longer defines {name}")
    check('id="loading"' in (base / "spinner.macro.html.j2").read_text(), "template",
          "Voilà's spinner is no longer #loading")


def _base_page() -> str:
    import sys

    return (Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base"
            / "page.html").read_text()


def guard_template_page_html_blocks() -> None:
    """The tutor's page.html stands in for Voilà's base page.html (its tree, error and 404 pages
    extend "page.html"): it defines every block the base page does, and the base page still
    writes <html> without a language (else ours is no longer needed)."""
    ours = (ROOT / "widgets/serving/jupyter/voila/templates/foodplay/page.html").read_text()
    base = _base_page()
    for name in re.findall(r"\{%-?\s*block (\w+)", base):
        check(_block(ours, name) or f"block {name} " in ours, "template",
              f"Voilà's base page.html has a block {name} that the tutor's page.html lacks")
    check(re.search(r"<html>", base), "template", "Voilà's base page.html now writes <html> "
          "with attributes: compare it with the tutor's page.html, which may be dropped")


def _widget_extension_text() -> str:
    """The page's widget extension's webpack runtime (jupyterlab_widgets, from ipywidgets)."""
    import sys

    folder = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyter-widgets"
              / "jupyterlab-manager" / "static")
    return "\n".join(p.read_text(errors="replace") for p in sorted(folder.glob("remoteEntry*.js")))


def guard_console_versions_messages() -> None:
    """webpack's runtime in the widget extension still words its version warnings as
    harmless_versions.js expects, and still asks for a newer JupyterLab than Voilà shares
    (else the warnings are gone at their cause, and the filter can go)."""
    text = _widget_extension_text()
    check('"Unsatisfied version "+' in text and '" of shared singleton module "+' in text
          and '"No satisfying version ("+' in text and '") of shared module "+' in text,
          "console-versions", "the widget extension's webpack runtime words its version "
          "warnings differently: harmless_versions.js no longer matches them")
    check('requiredVersion:"^4.6' in text, "console-versions",
          "the widget extension no longer asks for a JupyterLab newer than Voilà's 4.2: "
          "check the page's console, the filter may go")


def _culler_source() -> str:
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    return inspect.getsource(MappingKernelManager.cull_kernel_if_idle)


def guard_server_log_culler() -> None:
    """jupyter_server's culler looks each listed kernel up in `self._kernels` (a kernel gone
    meanwhile fails there), logs its notice with `self.log.warning` and exactly the message
    server_log.CULL_NOTICE filters."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    from foodplay_widgets.serving.server_log import CULL_NOTICE

    check(_params(MappingKernelManager.cull_kernel_if_idle) == ["self", "kernel_id"],
          "server-log", "cull_kernel_if_idle no longer takes (self, kernel_id)")
    source = _culler_source()
    check("self._kernels[kernel_id]" in source, "server-log",
          "the culler no longer looks kernels up in self._kernels")
    check(f'"{CULL_NOTICE}"' in source and "self.log.warning(" in source, "server-log",
          "the culler's notice is no longer the warning server_log.CULL_NOTICE names")


def _page_scripts_text() -> str:
    return "\n".join(p.read_text(errors="replace")
                     for p in _bundles("templates", "base", "static"))


def guard_websocket_kernel_socket_is_made_from_the_page_global() -> None:
    """Voilà's kernel connection makes its socket with the WebSocket class of its settings
    (window.WebSocket when the page's scripts run, after the template's wrappers) and hands
    messages on through `onmessage`, which one_frame_per_reply.js holds."""
    text = _page_scripts_text()
    check(text, "websocket", "Voilà ships no page scripts where it used to")
    check("this._ws=new t.WebSocket(" in text, "websocket",
          "the kernel connection no longer makes its socket from its settings' WebSocket")
    check("this._ws.onmessage=this._onWSMessage" in text, "websocket",
          "the kernel connection no longer receives through the socket's onmessage")


# Voilà's page elements that the tutor's stylesheets name: the sticky control bar lets itself
# out of the boxes that scroll (style.py), and a printed summary hides the page around it
# (summary.py PAGE_PRINT_CSS).
PAGE_CLASSES = ("widget-box", "jp-OutputArea", "jp-OutputArea-child", "jp-OutputArea-output",
                "lm-BoxPanel-child", "voila-top-panel", "jp-LabShell", "jp-RenderedHTMLCommon",
                "jp-main-content-panel", "rendered_cells")


def guard_page_css_names_voilas_elements() -> None:
    """Each class or id of Voilà's page that the stylesheets name is still made by its page
    scripts or its widget manager."""
    from foodplay_widgets.app.style import CSS
    from foodplay_widgets.pages.summary import PAGE_PRINT_CSS

    text = _page_scripts_text() + _widget_bundle_text()
    for name in PAGE_CLASSES:
        check(name in CSS + PAGE_PRINT_CSS, "page-css", f"the stylesheets no longer name {name}"
              " (drop it from PAGE_CLASSES)")
        check(re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text), "page-css",
              f"Voilà's page no longer has an element of class or id {name!r}")


def _params(function: Callable) -> list[str]:
    return list(inspect.signature(function).parameters)


def guard_hardening_patched_methods() -> None:
    """The methods hardening.py wraps exist with the signatures its wrappers call."""
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.services.kernels.connection import base
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection as Connection,
    )
    from voila.handler import BaseVoilaHandler
    from voila.notebook_renderer import NotebookRenderer
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler as Shutdown

    expected = {
        (BaseVoilaHandler, "get_argument"): ["self", "name", "default", "strip"],
        (NotebookRenderer, "initialize"): ["self", "kwargs"],
        (NotebookRenderer, "generate_content_generator"): ["self", "kernel_id",
                                                           "kernel_future"],
        (Shutdown, "post"): ["self", "kernel_id"],
        (Shutdown, "check_xsrf_cookie"): ["self"],
        (Connection, "handle_incoming_message"): ["self", "incoming_msg"],
        (Connection, "_on_zmq_reply"): ["self", "stream", "msg_list"],
        (Connection, "get_part"): ["self", "field", "value", "msg_list"],
    }
    for (owner, name), params in expected.items():
        method = getattr(owner, name, None)
        method = getattr(method, "foodplay_original", method)  # already hardened: the original
        check(method is not None, "hardening", f"{owner.__name__}.{name} no longer exists")
        check(_params(method) == params, "hardening",
              f"{owner.__name__}.{name} now takes {_params(method)}, not {params}")
    check(inspect.iscoroutinefunction(getattr(NotebookRenderer.initialize, "foodplay_original",
                                              NotebookRenderer.initialize)), "hardening",
          "NotebookRenderer.initialize is no longer a coroutine")
    check("request_handler" in inspect.getsource(NotebookRenderer.__init__), "hardening",
          "NotebookRenderer no longer keeps its request_handler")
    check("check_xsrf_cookie" not in vars(Shutdown)
          or getattr(vars(Shutdown)["check_xsrf_cookie"], "foodplay_hardened", False),
          "hardening", "Voilà's shutdown handler now checks XSRF its own way (voila#1458 may "
          "be fixed: the beacon exemption may no longer be needed)")
    check("_jupyter_current_user" in inspect.getsource(JupyterHandler), "hardening",
          "Jupyter Server no longer sets _jupyter_current_user once a request is authenticated")
    check(callable(getattr(base, "deserialize_binary_message", None)), "hardening",
          "jupyter_server.services.kernels.connection.base.deserialize_binary_message is gone")
    check(Connection.subprotocol is not None and "v1.kernel.websocket.jupyter.org"
          in inspect.getsource(Connection), "hardening",
          "the kernel websocket no longer speaks the v1 subprotocol that _v1_header reads")


def guard_hardening_kernel_handler_by_global_name() -> None:
    """Standalone Voilà routes /api/kernels/<id> to `voila.app.KernelHandler`, looked up by
    its global name when the handlers are made (so page_kernel_model_only can replace it)."""
    import voila.app

    check(hasattr(voila.app, "KernelHandler"), "hardening",
          "voila.app no longer imports KernelHandler")
    check("KernelHandler," in inspect.getsource(voila.app.Voila.init_handlers), "hardening",
          "Voila.init_handlers no longer routes the kernel model to KernelHandler")


def _voila_handler_source() -> str:
    from voila.handler import VoilaHandler

    return inspect.getsource(VoilaHandler)


def guard_admission_voila_handler_and_kernel_manager() -> None:
    """admission.install wraps VoilaHandler.get_generator (an async generator of (self,
    path=None) that starts the page's kernel with kernel_manager.start_kernel in its own task)
    and on_connection_close; it watches the kernel manager's start_kernel (kernel_id given),
    notify_connect, notify_disconnect and _kernel_connections; it reads the request's
    connection stream (Tornado's HTTP1Connection.stream)."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager
    from tornado.http1connection import HTTP1Connection
    from voila.handler import VoilaHandler

    source = _voila_handler_source()
    check("async def get_generator(self, path=None)" in source, "admission",
          "VoilaHandler.get_generator is no longer an async generator of (self, path=None)")
    check("self.kernel_manager.start_kernel(" in source, "admission",
          "VoilaHandler no longer starts the page's kernel with kernel_manager.start_kernel")
    check(hasattr(VoilaHandler, "on_connection_close"), "admission",
          "VoilaHandler has no on_connection_close")
    for name in ("start_kernel", "notify_connect", "notify_disconnect", "list_kernel_ids",
                 "shutdown_kernel"):
        check(callable(getattr(MappingKernelManager, name, None)), "admission",
              f"Jupyter Server's MappingKernelManager has no {name}")
    check("_kernel_connections" in MappingKernelManager.class_traits(), "admission",
          "MappingKernelManager no longer counts connections in _kernel_connections")
    check("kernel_id" in _params(MappingKernelManager.start_kernel), "admission",
          "MappingKernelManager.start_kernel no longer takes a kernel_id")
    check("now" in _params(MappingKernelManager.shutdown_kernel), "admission",
          "MappingKernelManager.shutdown_kernel no longer takes now=")
    check("self.stream = stream" in inspect.getsource(HTTP1Connection.__init__), "admission",
          "Tornado's HTTP1Connection no longer keeps its stream")


def guard_template_cache_one_environment_maker() -> None:
    """Voilà's exporter makes its Jinja environment with nbconvert's
    TemplateExporter._create_environment (share_template_code wraps it), and a Jinja
    environment takes a bytecode_cache."""
    import jinja2
    from nbconvert.exporters.templateexporter import TemplateExporter
    from voila.exporter import VoilaExporter

    check(callable(getattr(TemplateExporter, "_create_environment", None)), "template-cache",
          "nbconvert's TemplateExporter has no _create_environment")
    check(VoilaExporter._create_environment is TemplateExporter._create_environment,
          "template-cache", "Voilà's exporter makes its Jinja environment its own way")
    check("bytecode_cache" in _params(jinja2.Environment.__init__), "template-cache",
          "Jinja's Environment takes no bytecode_cache")


SETTINGS = [  # (class path, trait) that serve.voila_argv or the Binder config sets
    ("voila.app.Voila", "port_retries"), ("voila.app.Voila", "ip"),
    ("voila.app.Voila", "open_browser"),
    ("voila.configuration.VoilaConfiguration", "strip_sources"),
    ("voila.configuration.VoilaConfiguration", "template"),
    ("voila.configuration.VoilaConfiguration", "show_tracebacks"),
    ("voila.configuration.VoilaConfiguration", "allow_theme_override"),
    ("voila.configuration.VoilaConfiguration", "allow_template_override"),
    ("voila.execute.VoilaExecutor", "iopub_timeout"),
    ("voila.execute.VoilaExecutor", "startup_timeout"),
    ("jupyter_server.services.kernels.kernelmanager.MappingKernelManager", "cull_idle_timeout"),
    ("jupyter_server.services.kernels.kernelmanager.MappingKernelManager", "cull_interval"),
    ("jupyter_server.services.kernels.kernelmanager.MappingKernelManager", "cull_connected"),
    ("jupyter_server.services.kernels.kernelmanager.MappingKernelManager",
     "kernel_info_timeout"),
]


def guard_settings_are_still_options() -> None:
    """Every option the servers set is still a configurable trait of its class (a renamed
    option is only warned about, and the setting silently lost)."""
    import importlib

    for path, trait in SETTINGS:
        module, _, name = path.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        check(cls.class_traits(config=True).get(trait) is not None, "settings",
              f"{name}.{trait} is no longer a configurable option")
    choices = importlib.import_module("voila.configuration").VoilaConfiguration.class_traits(
        )["allow_theme_override"].values
    check("NO" in choices, "settings", f"allow_theme_override no longer takes 'NO' ({choices})")


def guard_binder_extension_points() -> None:
    """Jupyter Server finds the extension through _jupyter_server_extension_points and calls
    _load_jupyter_server_extension(server_app); Voilà is enabled the same way."""
    import voila

    from foodplay_widgets.serving import binder

    points = binder._jupyter_server_extension_points()
    check(points == [{"module": binder.EXTENSION}], "binder", f"extension points {points}")
    check(_params(binder._load_jupyter_server_extension) == ["server_app"], "binder",
          "the loader no longer takes server_app")
    check(callable(getattr(voila, "_jupyter_server_extension_points", None))
          or callable(getattr(voila, "_load_jupyter_server_extension", None)), "binder",
          "Voilà is no longer a Jupyter Server extension (jpserver_extensions: voila)")


def guard_dom_classes_one_synced_trait() -> None:
    """A widget's CSS classes are the synced trait `_dom_classes`: set_classes assigns it
    whole, one update message instead of one per add_class/remove_class."""
    import ipywidgets as widgets

    from foodplay_widgets.app.pool import set_classes

    trait = widgets.DOMWidget.class_traits().get("_dom_classes")
    check(trait is not None and trait.metadata.get("sync"), "dom-classes",
          "DOMWidget has no synced _dom_classes trait")
    html = widgets.HTML()
    sent: list[dict] = []
    html.comm.send = lambda data=None, buffers=None, **_: sent.append(data)
    html.comm.kernel = object()
    set_classes(html, "fp-a", "fp-b")
    check([{k: list(v) for k, v in m["state"].items()} for m in sent]
          == [{"_dom_classes": ["fp-a", "fp-b"]}], "dom-classes",
          f"setting _dom_classes sent {sent}, not one update of the classes")


def guard_portal_state_requests() -> None:
    """ipywidgets asks a widget for its whole state with get_state() (no key: a page's
    request_states, a new comm) and for an update with get_state(key=...): Portal.get_state
    tells them apart by `key`."""
    from ipywidgets.widgets.widget import Widget

    check(_params(Widget.get_state) == ["self", "key", "drop_defaults"], "portal",
          f"Widget.get_state now takes {_params(Widget.get_state)}")
    control = inspect.getsource(Widget._handle_control_comm_msg)
    check("widget.get_state(drop_defaults=" in control and "_instances" in control, "portal",
          "request_states no longer asks each widget for get_state() without a key")
    check("self.get_state(key=key)" in inspect.getsource(Widget.send_state), "portal",
          "send_state no longer asks get_state(key=...)")
    from foodplay_widgets.app.portal import Portal

    portal = Portal()
    part = portal.part("table")
    part.value = "<p>one</p>"
    portal.send_everything()
    part.value = "<p>two</p>"
    whole = portal.get_state()["value"]
    update = portal.get_state("value")["value"]
    check('"follows": null' in whole and '"follows": null' not in update, "portal",
          "a whole state and an update no longer differ")


GUARDS: dict[str, list[Callable[[], None]]] = {
    "quiet": [guard_quiet_widgets_open_through_comm_create_comm,
              guard_quiet_no_message_through_a_comm_without_kernel,
              guard_quiet_a_secondary_comm_sends_no_open,
              guard_quiet_the_control_target_and_the_comm_manager],
    "lean": [guard_lean_style_defaults_are_made_by_the_trait],
    "html-scripts": [guard_html_scripts_run_from_an_html_widgets_value],
    "template": [guard_template_hook_points, guard_template_page_html_blocks],
    "websocket": [guard_websocket_kernel_socket_is_made_from_the_page_global],
    "hardening": [guard_hardening_patched_methods, guard_hardening_kernel_handler_by_global_name],
    "admission": [guard_admission_voila_handler_and_kernel_manager],
    "template-cache": [guard_template_cache_one_environment_maker],
    "settings": [guard_settings_are_still_options],
    "binder": [guard_binder_extension_points],
    "dom-classes": [guard_dom_classes_one_synced_trait],
    "page-css": [guard_page_css_names_voilas_elements],
    "portal": [guard_portal_state_requests],
    "server-log": [guard_server_log_culler],
    "console-versions": [guard_console_versions_messages],
}
