"""widgets/serving/hardening.py piece by piece, without a server: what a page's kernel takes and
sends, which requests skip the XSRF check, and the settings every way of serving uses.
tests/browser/test_hostile_links_browser.py checks the same against real servers."""

from __future__ import annotations

import json
import logging
import sys
import threading
from pathlib import Path

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.httputil import HTTPHeaders

from foodplay_widgets.serving import hardening, serve

V1 = "v1.kernel.websocket.jupyter.org"
SESSION = Session(key=b"")
TRACEBACK = ['File "/srv/venv/lib/python3.11/site-packages/ipywidgets/widget.py", line 1']


class Handler:
    """A request as Voilà's shutdown handler or the kernel-model handler sees it."""

    def __init__(self, kernel_id: str = "k1", **headers: str):
        self.request = type("Request", (), {"headers": HTTPHeaders(
            {k.replace("_", "-"): v for k, v in headers.items()})})()
        self.path_args = [kernel_id]


HOST = {"Host": "tutor.example:8866"}
PAGE_POST = {**HOST, "Origin": "http://tutor.example:8866", "Sec-Fetch-Site": "same-origin"}


@pytest.fixture
def page_kernel():
    hardening.PAGE_KERNELS.add("k1")
    yield "k1"
    hardening.PAGE_KERNELS.discard("k1")


def test_every_way_of_serving_takes_no_theme_or_template_from_a_link():
    argv = serve.voila_argv(8866, serve.DEFAULT_NOTEBOOKS)
    assert set(hardening.OVERRIDES_OFF) <= set(argv)
    assert not any("disable_check_xsrf" in arg for arg in argv)  # XSRF is checked
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
    import hub_check  # JupyterHub's single-user servers, as the README sets them

    args = hub_check.singleuser_args()
    assert set(hardening.OVERRIDES_OFF) <= set(args)
    assert "--ServerApp.jpserver_extensions=foodplay_widgets.serving.binder=True" in args


def test_the_beacon_is_let_through_from_its_page_only(page_kernel):
    assert hardening.beacon_allowed(Handler(**PAGE_POST))
    assert hardening.beacon_allowed(Handler(**{**PAGE_POST, "Sec-Fetch-Site": ""}) ) is False
    refused = [
        Handler("k2", **PAGE_POST),  # a kernel no page of this server started
        Handler(**{**PAGE_POST, "Origin": "http://evil.example"}),  # another site
        Handler(**{**PAGE_POST, "Sec-Fetch-Site": "cross-site"}),
        Handler(**{**PAGE_POST, "Sec-Fetch-Site": "same-site"}),
        Handler(**{**PAGE_POST, "Origin": "null"}),
        Handler(**HOST),  # says nothing about where it comes from
        Handler(**HOST, Referer="http://tutor.example:8866/voila/render/burg.ipynb"),  # no Origin
        Handler(**{"Origin": "http://tutor.example:8866"}),  # no Host
    ]
    assert [hardening.beacon_allowed(h) for h in refused] == [False] * len(refused)
    old_browser = {**HOST, "Origin": "http://tutor.example:8866"}  # no Sec-Fetch-Site
    assert hardening.beacon_allowed(Handler(**old_browser))


def test_the_kernel_model_is_for_a_same_origin_request():
    page = "http://tutor.example:8866/voila/render/burg.ipynb"
    assert hardening.same_origin(Handler(**HOST, Sec_Fetch_Site="same-origin"))
    assert hardening.same_origin(Handler(**HOST, Referer=page))  # a browser without Fetch Metadata
    assert not hardening.same_origin(Handler(**HOST))  # curl
    assert not hardening.same_origin(Handler(**HOST, Referer="http://evil.example/x"))
    assert not hardening.same_origin(Handler(**HOST, Sec_Fetch_Site="cross-site", Referer=page))
    assert not hardening.same_origin(Handler(**HOST, Sec_Fetch_Site="none"))  # typed address


class Connection:
    """Stands in for Jupyter Server's kernel websocket connection: records what it would
    forward to the kernel, and what it would write to the page."""

    get_part = ZMQChannelsWebsocketConnection.get_part

    def __init__(self, subprotocol: str | None = V1, kernel_id: str = "k1"):
        self.subprotocol, self.kernel_id = subprotocol, kernel_id
        self.session = SESSION
        self.log = logging.getLogger("test")
        self.forwarded, self.written = [], []

    def handle_incoming_message(self, msg):
        self.forwarded.append(msg)

    def _on_zmq_reply(self, stream, msg_or_list):
        self.written.append(msg_or_list)


@pytest.fixture
def connection_class(monkeypatch):
    class Hardened(Connection):
        pass

    hardening.page_messages_only(Hardened, every_kernel=False)
    hardening.no_tracebacks(Hardened, every_kernel=False)
    return Hardened


def message(msg_type: str, content: dict, channel: str, subprotocol: str | None = V1):
    msg = SESSION.msg(msg_type, content)
    if subprotocol == V1:
        return serialize_msg_to_ws_v1(msg, channel, SESSION.pack)
    return json.dumps({**msg, "channel": channel}, default=str)


SENT_BY_PAGES = [("kernel_info_request", {}, "shell"), ("comm_info_request", {}, "shell"),
                 ("comm_open", {"comm_id": "c", "target_name": "jupyter.widget.control",
                                "data": {}}, "shell"),
                 ("comm_msg", {"comm_id": "c", "data": {"method": "request_states"}}, "shell"),
                 ("comm_close", {"comm_id": "c", "data": {}}, "shell")]
NEVER_FROM_PAGES = [("execute_request", {"code": "import os"}, "shell"),
                    ("shutdown_request", {"restart": False}, "control"),
                    ("interrupt_request", {}, "control"), ("debug_request", {}, "control"),
                    ("input_reply", {"value": "x"}, "stdin"),
                    ("kernel_info_request", {}, "control"),  # right type, wrong channel
                    ("inspect_request", {"code": "os", "cursor_pos": 2}, "shell"),
                    ("history_request", {}, "shell")]


@pytest.mark.parametrize("subprotocol", [V1, None])
def test_a_pages_kernel_takes_only_what_pages_send(connection_class, page_kernel, subprotocol,
                                                    caplog):
    conn = connection_class(subprotocol)
    for msg_type, content, channel in SENT_BY_PAGES + NEVER_FROM_PAGES:
        conn.handle_incoming_message(message(msg_type, content, channel, subprotocol))
    conn.handle_incoming_message(b"\x00garbage" if subprotocol else "{not json")
    assert len(conn.forwarded) == len(SENT_BY_PAGES)
    refused = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refused) == hardening.REFUSALS_LOGGED  # logged, but not without end
    assert "execute_request" in refused[0] and "k1" in refused[0]


@pytest.mark.parametrize(("subprotocol", "bomb"), [
    (V1, (10 ** 18).to_bytes(8, "little") + b"x" * 16),  # claims 10**18 parts
    (None, (2 ** 31 - 1).to_bytes(4, "big") + b"x" * 16),  # the legacy binary form, likewise
])
def test_a_message_that_lies_about_its_size_is_refused_at_once(connection_class, page_kernel,
                                                               subprotocol, bomb):
    conn = connection_class(subprotocol, kernel_id="any-kernel")  # a page's or not
    reading = threading.Thread(target=conn.handle_incoming_message, args=(bomb,), daemon=True)
    reading.start()
    reading.join(timeout=5)  # Jupyter Server's own reader would loop for hours here
    assert not reading.is_alive() and conn.forwarded == []


def test_other_kernels_of_a_jupyter_server_are_left_alone(connection_class, page_kernel):
    lab = connection_class(kernel_id="a-jupyterlab-kernel")  # not started by a Voilà page
    lab.handle_incoming_message(message("execute_request", {"code": "1"}, "shell"))
    lab._on_zmq_reply(None, {"header": {"msg_type": "error"},
                             "content": {"ename": "E", "evalue": "x", "traceback": TRACEBACK}})
    assert len(lab.forwarded) == 1 and lab.written[0]["content"]["traceback"] == TRACEBACK


def parts(msg_type: str, content: dict) -> list[bytes]:
    msg = SESSION.msg(msg_type, content)
    return [SESSION.pack(msg[k]) for k in ("header", "parent_header", "metadata", "content")]


def test_a_page_gets_no_traceback(connection_class, page_kernel):
    conn = connection_class()
    error = {"ename": "ValueError", "evalue": "bad /srv/venv/x.py", "traceback": TRACEBACK}
    conn._on_zmq_reply(None, parts("error", error))
    conn._on_zmq_reply(None, parts("comm_info_reply", {"status": "error", **error}))
    conn._on_zmq_reply(None, parts("stream", {"name": "stderr", "text": "Traceback ..."}))
    conn._on_zmq_reply(None, parts("stream", {"name": "stdout", "text": "fine"}))
    conn._on_zmq_reply(None, parts("comm_msg", {"comm_id": "c", "data": {}}))
    conn._on_zmq_reply(None, {"header": {"msg_type": "error"}, "content": dict(error)})  # legacy
    contents = [SESSION.unpack(w[3]) if isinstance(w, list) else w["content"]
                for w in conn.written]
    assert len(contents) == 5  # stderr is not sent at all
    for content in (contents[0], contents[1], contents[4]):
        assert content["ename"] == "ValueError" and content["evalue"] == ""
        assert content["traceback"] == []
    assert contents[2] == {"name": "stdout", "text": "fine"}
    assert "site-packages" not in repr(conn.written) and "/srv/" not in repr(conn.written)


def test_voilas_handlers_read_no_theme_or_template_from_the_address():
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    from tornado.web import Application, MissingArgumentError, RequestHandler

    class VoilaHandler(RequestHandler):
        pass

    hardening.no_look_from_the_address(VoilaHandler)
    start = RequestStartLine("GET", "/voila/tree?theme=evil&template=lab&lang=ko", "HTTP/1.1")
    request = HTTPServerRequest(start_line=start, headers=HTTPHeaders({"Host": "tutor"}),
                                connection=type("C", (), {"set_close_callback": print})())
    handler = VoilaHandler(Application(), request)
    assert handler.get_argument("theme", "light") == "light"
    assert handler.get_argument("template", None) is None
    assert handler.get_argument("lang") == "ko" and handler.get_argument("x", "d") == "d"
    with pytest.raises(MissingArgumentError):
        handler.get_argument("theme")


def test_the_page_look_never_comes_from_the_request():
    class Renderer:
        request_handler = None

        async def initialize(self, **kwargs):
            self.asked = kwargs

        def generate_content_generator(self, kernel_id=None, kernel_future=None):
            return kernel_id

    hardening.keep_configured_look(Renderer)
    hardening.keep_configured_look(Renderer)  # once only
    renderer = Renderer()
    # stepped by hand, not by asyncio.run: in a whole run, Playwright's sync API keeps an event
    # loop running in this thread, and the coroutine awaits nothing that needs one
    step = renderer.initialize(template="lab", theme='"><script>', other=1)
    with pytest.raises(StopIteration):
        step.send(None)
    assert renderer.asked == {"other": 1}
    assert renderer.generate_content_generator("k9") == "k9" and "k9" in hardening.PAGE_KERNELS
    hardening.PAGE_KERNELS.discard("k9")
