"""What the server refuses from a page, a link or a client (issue #29; docs/security.md).

Voilà 0.5.13 serves pages whose kernels a visitor drives through a websocket, and takes a few
settings from the page's address. This module closes what a hostile link or client could do
with them, in both ways the tutor is served: `make serve`'s standalone Voilà
(``harden_standalone``, from serve.main) and Jupyter Server with Voilà as an extension, as on
Binder and JupyterHub (``harden_server_extension``, from the binder extension's loader).

- **No look from a link.** ``?theme=`` is written unescaped into the page by Voilà's lab
  template, and ``?template=`` swaps the template (whose stylesheets come from a CDN). Both are
  switched off in every configuration (OVERRIDES_OFF), dropped again here before a page is
  rendered, whatever the configuration says, and the tutor's template escapes the theme too.
- **XSRF on.** The standalone server checks the XSRF token on every POST again. The one request
  that cannot carry it, the kernel-shutdown beacon a closing page sends (voila#1458), is let
  through only from the server's own origin and only for a kernel a page of this server started.
- **The kernel model for the page alone** (standalone): ``/api/kernels/<id>`` answers only a
  same-origin request for a page's kernel, with its id and name; anything else gets 404.
- **A page's kernel takes only what a page sends**: kernel info and the widgets' comm messages,
  on the shell channel. ``execute_request`` (code), ``shutdown_request``, ``interrupt_request``,
  debug and stdin messages are dropped, with a line in the server's log.
- **No traceback to a page**: error replies and error outputs lose their ``evalue`` and
  ``traceback``, and the kernel's stderr (where a failing comm handler prints its traceback,
  with install paths) is not forwarded.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

# Voilà settings for every way of serving: the page's look comes from the server only.
OVERRIDES_OFF = ["--VoilaConfiguration.allow_theme_override=NO",
                 "--VoilaConfiguration.allow_template_override=NO"]
# The same, as a section of a Jupyter configuration file (binder/jupyter_server_config.json).
OVERRIDES_OFF_CONFIG = {"allow_theme_override": "NO", "allow_template_override": "NO"}
# What a tutor page sends its kernel. Recorded from real pages (the apps, the teacher's page,
# the gallery, the lessons, an examples page and the summary: clicks, the Language menu, the
# keyboard): kernel_info_request, comm_open (target jupyter.widget.control), comm_msg and
# comm_close, all on the shell channel. comm_info_request is what a widget manager may also ask.
PAGE_MESSAGES = frozenset({"kernel_info_request", "comm_open", "comm_msg", "comm_close",
                           "comm_info_request"})
PAGE_CHANNEL = "shell"
REFUSALS_LOGGED = 5  # per connection: a client that floods refused messages floods no log


class PageKernels:
    """The ids of the kernels that pages of this server started (Voilà's page renderer)."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def add(self, kernel_id: str, running: set[str] | None = None) -> None:
        """Remember `kernel_id`; forget those no longer `running` (when given)."""
        if running is not None:
            self.ids &= running
        self.ids.add(kernel_id)

    def discard(self, kernel_id: str) -> None:
        self.ids.discard(kernel_id)

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.ids


PAGE_KERNELS = PageKernels()


def _patch(owner: type, name: str, make: Any) -> None:
    """Replace `owner.name` by `make(original)`, once (a second call changes nothing)."""
    original = getattr(owner, name)
    if getattr(original, "foodplay_hardened", False):
        return
    replacement = make(original)
    replacement.foodplay_hardened = True
    replacement.foodplay_original = original
    setattr(owner, name, replacement)


# --- the page's look: never from the address ---------------------------------------------
LOOK_ARGUMENTS = ("theme", "template")


def no_look_from_the_address(voila_handler: type) -> None:
    """Voilà's handlers (BaseVoilaHandler: the pages, the tree, the error pages) read no
    `theme` or `template` from the request, whatever `allow_*_override` says: they get the
    configured one. (Voilà writes both into its pages unescaped: the theme into the lab
    template, the template's name into the stylesheet links of the tree and error pages.)"""

    from tornado.web import MissingArgumentError

    absent = object()

    def make_get_argument(original):
        def get_argument(self, name, default=absent, strip=True):
            if name in LOOK_ARGUMENTS:  # as if the address had none
                if default is absent:
                    raise MissingArgumentError(name)
                return default
            if default is absent:
                return original(self, name, strip=strip)
            return original(self, name, default, strip)
        return get_argument

    _patch(voila_handler, "get_argument", make_get_argument)


def keep_configured_look(renderer: type) -> None:
    """Voilà's page renderer (NotebookRenderer) ignores `template` and `theme` from the request,
    whatever `allow_*_override` says; and remembers the kernel each page starts."""

    def make_initialize(original):
        async def initialize(self, **kwargs):
            kwargs.pop("template", None)
            kwargs.pop("theme", None)
            return await original(self, **kwargs)
        return initialize

    def make_generator(original):
        def generate_content_generator(self, kernel_id=None, kernel_future=None):
            if kernel_id:
                PAGE_KERNELS.add(kernel_id, _running(self.request_handler))
            return original(self, kernel_id, kernel_future)
        return generate_content_generator

    _patch(renderer, "initialize", make_initialize)
    _patch(renderer, "generate_content_generator", make_generator)


def _running(handler: Any) -> set[str] | None:
    try:
        return set(handler.kernel_manager.list_kernel_ids())
    except Exception:  # no kernel manager to ask: keep every id
        return None


# --- requests that skip a check: only from the page itself ----------------------------------
def same_origin(handler: Any, origin_needed: bool = False) -> bool:
    """Whether a request comes from a page of this server, as the browser tells it: its
    Sec-Fetch-Site (when sent) is same-origin, and its Origin (else, unless `origin_needed`,
    its Referer) names the host it was sent to. A request that says nothing is not."""
    headers = handler.request.headers
    host = headers.get("Host", "").lower()
    site, origin, referer = (headers.get(name) for name in ("Sec-Fetch-Site", "Origin",
                                                             "Referer"))
    if not host or site not in (None, "same-origin"):
        return False
    if origin:
        return urlsplit(origin.lower()).netloc == host
    if origin_needed:
        return False
    return site == "same-origin" or bool(referer) and urlsplit(referer).netloc.lower() == host


def _kernel_id(handler: Any) -> str | None:
    return handler.path_args[0] if handler.path_args else None


# --- XSRF: only the beacon is exempt --------------------------------------------------------
def beacon_allowed(handler: Any) -> bool:
    """Whether a POST to Voilà's shutdown endpoint is a page's own beacon: sent by the browser
    from this server's origin (`same_origin`, with an Origin header, which a browser sends with
    every POST), for a kernel that a page of this server started."""
    return same_origin(handler, origin_needed=True) and _kernel_id(handler) in PAGE_KERNELS


def exempt_beacon(shutdown_handler: type) -> None:
    """Voilà's shutdown handler checks XSRF as any other POST, except for a page's own beacon
    (`beacon_allowed`); a refused request gets Jupyter Server's usual 403 or 404."""

    def make_check(original):
        def check_xsrf_cookie(self):
            if not hasattr(self, "_jupyter_current_user"):
                return None  # called before authentication; Jupyter Server checks again later
            if beacon_allowed(self):
                return None
            return original(self)
        return check_xsrf_cookie

    def make_post(original):
        async def post(self, kernel_id):
            await original(self, kernel_id)
            PAGE_KERNELS.discard(kernel_id)
        return post

    _patch(shutdown_handler, "check_xsrf_cookie", make_check)
    _patch(shutdown_handler, "post", make_post)


# --- the kernel model (standalone): the page's own request only -------------------------------
def page_kernel_model_only(voila_app_module: Any) -> None:
    """Standalone Voilà's `/api/kernels/<id>` answers only the page itself (`same_origin`),
    only for a kernel a page started, and only with the kernel's id and name (Voilà's widget
    manager asks for the model before it connects). Anything else gets 404, as for a kernel
    that does not exist; methods other than GET get 405. Jupyter Server's own API, on Binder,
    is left as it is."""
    from jupyter_server.base.handlers import APIHandler
    from tornado import web

    if getattr(voila_app_module.KernelHandler, "foodplay_hardened", False):
        return

    class PageKernelModel(APIHandler):
        """A page's kernel model: its id and name, for the page alone."""

        foodplay_hardened = True

        @web.authenticated
        def get(self, kernel_id: str) -> None:
            if not (same_origin(self) and kernel_id in PAGE_KERNELS
                    and kernel_id in self.kernel_manager):
                raise web.HTTPError(404)
            name = self.kernel_manager.get_kernel(kernel_id).kernel_name
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps({"id": kernel_id, "name": name}))

    voila_app_module.KernelHandler = PageKernelModel


# --- the kernel websocket: what a page may send, what it gets back ---------------------------
def _applies(connection: Any, every_kernel: bool) -> bool:
    return every_kernel or connection.kernel_id in PAGE_KERNELS


V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
MAX_PARTS = 64  # parts of one websocket message: header, parent, metadata, content, buffers


def _v1_header(connection: Any, ws_msg: bytes) -> tuple[str, dict]:
    """The channel and header of a v1-protocol message, reading only the offsets it needs.
    Jupyter Server's own reader believes the message's count of offsets, so 8 bytes that
    claim 10**18 of them hold the server's only thread for good: checked here first."""
    count = int.from_bytes(ws_msg[:8], "little")
    if len(ws_msg) < 8 or not 3 <= count <= MAX_PARTS or len(ws_msg) < 8 * (count + 1):
        raise ValueError("not a v1 kernel message")
    offsets = [int.from_bytes(ws_msg[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets != sorted(offsets) or offsets[-1] > len(ws_msg):
        raise ValueError("not a v1 kernel message")
    channel = ws_msg[offsets[0]:offsets[1]].decode("utf-8")
    return channel, connection.session.unpack(ws_msg[offsets[1]:offsets[2]])


def _incoming_type(connection: Any, ws_msg: Any) -> tuple[str | None, str | None]:
    """(channel, msg_type) of a message from the client; (None, None) if unreadable."""
    from jupyter_server.services.kernels.connection.base import deserialize_binary_message

    try:
        if isinstance(ws_msg, bytes) and connection.subprotocol != V1_PROTOCOL \
                and not 1 <= int.from_bytes(ws_msg[:4], "big", signed=True) <= MAX_PARTS:
            raise ValueError("not a binary kernel message")  # the same trap as _v1_header's
        if connection.subprotocol == V1_PROTOCOL:
            channel, header = _v1_header(connection, ws_msg)
        else:
            msg = (deserialize_binary_message(ws_msg) if isinstance(ws_msg, bytes)
                   else json.loads(ws_msg))
            channel, header = msg.get("channel") or PAGE_CHANNEL, msg["header"]
        return str(channel), str(header["msg_type"])
    except Exception:
        return None, None


def page_messages_only(connection_class: type, every_kernel: bool) -> None:
    """A page's kernel (every kernel when `every_kernel`) takes from its websocket only
    PAGE_MESSAGES on the shell channel; anything else is dropped and logged. A message that
    cannot be read is dropped for every kernel (see `_v1_header`)."""

    def make_incoming(original):
        def handle_incoming_message(self, incoming_msg):
            channel, msg_type = _incoming_type(self, incoming_msg)
            if msg_type is not None and not _applies(self, every_kernel):
                return original(self, incoming_msg)  # another kernel (JupyterLab's, on Binder)
            if channel == PAGE_CHANNEL and msg_type in PAGE_MESSAGES:
                return original(self, incoming_msg)
            refused = getattr(self, "foodplay_refused", 0) + 1
            self.foodplay_refused = refused
            if refused <= REFUSALS_LOGGED:
                self.log.warning("foodplay: refused %s on the %s channel for kernel %s (a page "
                                 "sends only widget messages)%s",
                                 msg_type or "an unreadable message", channel or "unknown",
                                 self.kernel_id, "; further refusals on this connection are "
                                 "not logged" if refused == REFUSALS_LOGGED else "")
            return None
        return handle_incoming_message

    _patch(connection_class, "handle_incoming_message", make_incoming)


def _withhold(content: dict) -> dict:
    """An error's content without its details (the exception's name stays)."""
    return {**content, "evalue": "", "traceback": []}


def no_tracebacks(connection_class: type, every_kernel: bool) -> None:
    """A page's kernel (every kernel when `every_kernel`) sends no traceback to the client:
    error outputs and error replies lose `evalue` and `traceback`, and stderr is kept in the
    server's log instead of being forwarded."""

    def make_reply(original):
        def _on_zmq_reply(self, stream, msg_or_list):
            if not _applies(self, every_kernel):
                return original(self, stream, msg_or_list)
            v1 = not isinstance(msg_or_list, dict)
            header = self.get_part("header", None if v1 else msg_or_list["header"], msg_or_list)
            msg_type = header.get("msg_type", "")
            if msg_type not in ("stream", "error") and not msg_type.endswith("_reply"):
                return original(self, stream, msg_or_list)
            content = self.get_part("content", None if v1 else msg_or_list["content"],
                                    msg_or_list)
            if msg_type == "stream":
                if content.get("name") == "stderr":
                    self.log.info("foodplay: kernel %s stderr, not sent to its page: %.2000s",
                             self.kernel_id, content.get("text", ""))
                    return None
            elif msg_type == "error" or content.get("status") == "error":
                self.log.info("foodplay: kernel %s error, sent to its page without details: "
                              "%s: %.2000s", self.kernel_id, content.get("ename"),
                              content.get("evalue"))
                content = _withhold(content)
                if v1:
                    msg_or_list = list(msg_or_list)
                    msg_or_list[3] = self.session.pack(content)
                else:
                    msg_or_list = {**msg_or_list, "content": content}
            return original(self, stream, msg_or_list)
        return _on_zmq_reply

    _patch(connection_class, "_on_zmq_reply", make_reply)


# --- applied where the tutor is served --------------------------------------------------------
def _common(every_kernel: bool) -> None:
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )
    from voila.handler import BaseVoilaHandler
    from voila.notebook_renderer import NotebookRenderer
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    no_look_from_the_address(BaseVoilaHandler)
    keep_configured_look(NotebookRenderer)
    exempt_beacon(VoilaShutdownKernelHandler)
    page_messages_only(ZMQChannelsWebsocketConnection, every_kernel)
    no_tracebacks(ZMQChannelsWebsocketConnection, every_kernel)


def harden_standalone() -> None:
    """Standalone Voilà (serve.main): every kernel is a page's. Call before Voilà starts."""
    import voila.app

    _common(every_kernel=True)
    page_kernel_model_only(voila.app)


def harden_server_extension(server_app: Any) -> None:
    """Jupyter Server with the Voilà extension (the binder extension's loader): the kernels of
    Voilà's pages are hardened; the server's own API and JupyterLab's kernels are left alone."""
    _common(every_kernel=False)
    server_app.log.info("foodplay: Voilà's pages take no theme or template from the address; "
                        "their kernels take only widget messages and send no tracebacks; the "
                        "kernel-shutdown beacon is accepted from this origin for page kernels")
