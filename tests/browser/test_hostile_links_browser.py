"""No script from a link, and nothing a page never sends (issue #29; docs/security.md).

In Chromium, with a dialog hook and payloads that set `window.__xss`, every parameter a page
reads goes in hostile: Voilà's own (`theme`, `template`, `classic-tree`) and the tutor's, on
the apps, the teacher's page, the gallery, the lessons, an examples page and the summary; a
page changed to write one payload unescaped proves the hook fires (a positive control). Then
over HTTP: XSRF on every POST but a page's own beacon, the kernel model for the page alone;
and over the kernel's websocket: no control or code message from a page, no traceback back.

.ci/run stage 2 runs this file against Binder's way of serving too (Jupyter Server under
/user/learner/; FOODPLAY_TEST_SERVER=binder). tests/widgets/test_hostile_links.py checks every
tutor parameter with more payloads in plain Python.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from urllib.parse import quote, urlencode, urlsplit

import pytest
from playwright.sync_api import expect
from tabs import STEP_COUNTER

from foodplay.bots import play_game
from foodplay.links import encode_record
from foodplay.record import Record

BINDER = os.environ.get("FOODPLAY_TEST_SERVER", "voila") == "binder"
RENDER_MS = 60_000
# Each sets window.__xss if it ever runs (the widget test's, at most 40 characters each, so a
# message repeating a value repeats it whole); the last also opens a dialog.
PAYLOADS = (
    '"><script>window.__xss=1</script>',
    "'><img src=x onerror=window.__xss=1>",
    "</script><svg onload=window.__xss=1>",
    "javascript:window.__xss=1//",
    '"><img src=x onerror=alert(document.domain)>',
)
VOILA_PARAMS = ("theme", "template", "classic-tree")  # what Voilà 0.5.13's handlers read
APP_PARAMS = ("game", "players", "seed", "record", "scenario", "step", "seat", "lang", "mode")
LESSON_PARAMS = ("lesson", "moves", "hints", "misses", "check", "lang", "stars")
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)
# What a payload leaves in HTML when it is not escaped (escaped, `<` is `&lt;` or `\u003c`).
RAW = re.compile(r"<script>window\.__xss|<img src=x onerror|<svg onload=window"
                 r"|(?:href|src)\s*=\s*[\"']?javascript:", re.I)
LEAKS = re.compile(r"Traceback|site-packages|File \\?\"/|/usr/lib/|/home/|/work/|/srv/")


def hostile(params: tuple[str, ...], turn: int = 0, **fixed: str) -> str:
    """Voilà's parameters and `params` each set to a payload, one parameter named by a payload,
    and the `fixed` ones as they are."""
    names = VOILA_PARAMS + params
    values = {name: PAYLOADS[(turn + i) % len(PAYLOADS)] for i, name in enumerate(names)}
    return urlencode({**values, PAYLOADS[turn]: "1", **fixed})


def class_link_record() -> str:
    """A class link's record whose seats' names and teacher's notes are payloads."""
    played, _ = play_game("burg", 3, 5)
    record = Record("burg", 3, seed=5, names=list(PAYLOADS[:3]), moves=played.moves,
                    title=PAYLOADS[4], annotations={0: PAYLOADS[0], 1: PAYLOADS[4]})
    return encode_record(record)


# (notebook, query, what shows once it has rendered)
HOSTILE_PAGES = [
    ("burg.ipynb", hostile(APP_PARAMS), "button.fp-next"),
    ("teacher.ipynb", hostile(APP_PARAMS, 1), ".fp-teacher-notes-fold"),
    ("index.ipynb", hostile(("lang", "game")), ".fp-game-card.fp-built"),
    ("lessons.ipynb", hostile(LESSON_PARAMS), ".fp-lesson-heading"),
    ("lessons.ipynb", hostile(LESSON_PARAMS[1:], 2, lesson="burg/rat-on-a-pile"),
     ".fp-lesson-heading"),
    ("burg-examples.ipynb", hostile(APP_PARAMS, 3), STEP_COUNTER),
    ("summary.ipynb", hostile(("game", "lang")), ".fp-summary .fp-sum-index li"),
    ("table.ipynb", hostile(("game", "players", "lang"), 4), "button.fp-table-start"),
]


class Watch:
    """What a page does that a payload would make it do: dialogs opened, requests to a CDN."""

    def __init__(self, page):
        self.dialogs: list[str] = []
        self.cdn: list[str] = []
        page.on("dialog", self._dialog)
        page.on("request", self._request)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _request(self, request) -> None:
        if "cdn.jsdelivr.net" in request.url:
            self.cdn.append(request.url)

    def ran(self, page) -> list:
        """Dialogs opened and window.__xss, if any script of a payload ran."""
        return [*self.dialogs, *filter(None, [page.evaluate("() => window.__xss")])]


def test_no_script_runs_from_any_parameter_of_any_page(page, notebook_url):
    """One load per page, with every parameter it reads hostile at once (the lessons twice:
    a bad lesson stops the reading of its progress); plus a class link whose names and notes
    are payloads, on the teacher's page."""
    watch = Watch(page)
    loads = [*HOSTILE_PAGES,
             ("teacher.ipynb", urlencode({"record": class_link_record(), "step": "1"}),
              ".fp-teacher-notes-fold")]
    for notebook, query, ready in loads:
        page.goto(notebook_url(notebook, query), wait_until="commit", timeout=RENDER_MS)
        expect(page.locator(ready).first).to_be_visible(timeout=RENDER_MS)
        page.wait_for_timeout(500)  # an image's error handler runs a moment after it is drawn
        where = f"{notebook}?{query[:200]}"
        assert watch.ran(page) == [], where
        assert page.locator("#fp-wait").count() == 1, where  # the tutor's own template
        assert page.locator("body").get_attribute("data-jp-theme-name") == "JupyterLab Light"
        assert "Traceback" not in page.locator("body").inner_text(), where
    assert PAYLOADS[1] in page.locator("body").inner_text()  # the record opened: names as text
    assert watch.cdn == []


def test_the_hook_catches_a_script_that_runs(page, notebook_url, kernels):
    """The positive control: the summary page as Voilà 0.5.13 wrote it with a hostile theme
    (the theme written into the page unescaped) runs the script, and the test sees it."""
    url = notebook_url("summary.ipynb")
    written = f'data-jp-theme-name="{PAYLOADS[0][:-9]};alert(1)</script>"'

    def as_voila_wrote_it(route):
        response = route.fetch()
        body = response.text().replace('data-jp-theme-name="JupyterLab Light"', written, 1)
        route.fulfill(response=response, body=body)

    page.route(url, as_voila_wrote_it)
    watch = Watch(page)
    page.goto(url, wait_until="commit", timeout=RENDER_MS)
    expect(page.locator(".fp-summary").first).to_be_visible(timeout=RENDER_MS)
    assert watch.dialogs == ["1"] and watch.ran(page) == ["1", 1]
    kernel = kernels.of(page)
    page.unroute_all()  # a route left on would hold the closing page's beacon, which is lost
    page.goto("about:blank")
    assert kernels.wait_gone(kernel)


def render(page, notebook_url, notebook: str, query: str = "") -> tuple[str, str]:
    """A page's HTML fetched as a client would (no browser), and its kernel's id."""
    response = page.request.get(notebook_url(notebook, query), timeout=RENDER_MS)
    html = response.text()
    return html, json.loads(CONFIG.search(html)[1])["kernelId"]


def test_theme_and_template_from_an_address_are_ignored(page, notebook_url, kernels):
    for turn, template in enumerate(("lab", PAYLOADS[1], "reveal")):
        html, kernel = render(page, notebook_url, "summary.ipynb",
                              urlencode({"theme": PAYLOADS[turn * 2 % len(PAYLOADS)],
                                         "template": template}))
        kernels.shut_down(kernel)
        assert 'data-jp-theme-name="JupyterLab Light"' in html
        assert 'id="fp-wait"' in html and "cdn.jsdelivr.net" not in html  # the tutor's template
        assert RAW.search(html) is None and PAYLOADS[3] not in html


def test_voilas_other_pages_escape_the_address(page, voila_server):
    """The tree pages and the error pages print the query or the path: escaped."""
    addresses = [f"/voila/tree?{hostile((), 0)}", f"/voila/tree?{hostile((), 1)}&classic-tree=1",
                 f"/?{hostile((), 2)}", f"/voila/render/{quote(PAYLOADS[0])}.ipynb",
                 f"/voila/tree/{quote(PAYLOADS[1])}", f"/voila/files/{quote(PAYLOADS[2])}"]
    for address in addresses:
        response = page.request.get(voila_server + address, max_redirects=0)
        assert RAW.search(response.text()) is None, (address, response.status)


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_xsrf_is_checked_on_every_post_but_a_pages_own_beacon(page, notebook_url, kernels,
                                                             voila_server):
    _, kernel = render(page, notebook_url, "summary.ipynb")
    shutdown = f"{voila_server}/voila/api/shutdown/"
    origin = origin_of(voila_server)
    refused = [(kernel, {}),  # says nothing of where it comes from
               (kernel, {"Origin": "http://evil.example"}),  # another site
               (kernel, {"Origin": origin, "Sec-Fetch-Site": "cross-site"}),
               (str(uuid.uuid4()), {"Origin": origin, "Sec-Fetch-Site": "same-origin"})]
    for kernel_id, headers in refused:
        response = page.request.post(shutdown + kernel_id, headers=headers)
        assert response.status in (403, 404), (headers, response.status, response.text())
        assert response.status == 404 or "_xsrf" in response.text()  # Jupyter's XSRF check
        assert kernels.alive(kernel)
    # the rest of the server (standalone Voilà has no other POST)
    for path in ["/api/contents", "/api/kernels"] if BINDER else []:
        response = page.request.post(voila_server + path, headers={"Origin": origin})
        assert response.status == 403 and "_xsrf" in response.text(), path
    response = page.request.post(shutdown + kernel, headers={"Origin": origin,
                                                             "Sec-Fetch-Site": "same-origin"})
    assert response.status == 204
    assert kernels.wait_gone(kernel)


def test_a_closing_page_still_shuts_its_kernel_down(page, notebook_url, kernels):
    page.goto(notebook_url("summary.ipynb"), timeout=RENDER_MS)
    expect(page.locator(".fp-summary").first).to_be_visible(timeout=RENDER_MS)
    kernel = kernels.of(page)
    page.goto("about:blank")  # its beacon goes
    assert kernels.wait_gone(kernel)


@pytest.mark.skipif(BINDER, reason="on Binder, /api/kernels is Jupyter Server's own API")
def test_the_kernel_model_answers_its_page_only(loaded_page, voila_server):
    shown = loaded_page("summary.ipynb", ".fp-summary .fp-sum-index li")
    kernel = json.loads(shown.evaluate(
        "() => document.getElementById('jupyter-config-data').textContent"))["kernelId"]
    url = f"{voila_server}/api/kernels/{kernel}"
    for headers in ({}, {"Sec-Fetch-Site": "cross-site"}, {"Referer": "http://evil.example/"}):
        assert shown.request.get(url, headers=headers).status == 404, headers
    assert shown.request.delete(url, headers={"Origin": origin_of(voila_server)}).status >= 403
    model = shown.evaluate("async url => (await fetch(url)).json()", url)  # the page's own
    assert model == {"id": kernel, "name": "python3"}


# The page's own kernel websocket, opened a second time from the page (as a script in it
# could), in the legacy JSON protocol: send `messages`, then gather what comes back for a while.
SOCKET_JS = """async ([messages, waitMs]) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}${config.baseUrl}api/kernels/`
                               + `${config.kernelId}/channels?session_id=fp-hostile`);
  const got = [];
  socket.addEventListener('message', async (event) => {
    got.push(typeof event.data === 'string' ? event.data : await event.data.text());
  });
  await new Promise((ok, fail) => { socket.onopen = ok; socket.onerror = fail; });
  for (const message of messages) { socket.send(JSON.stringify(message)); }
  await new Promise(ok => setTimeout(ok, waitMs));
  socket.close();
  return got;
}"""


def kernel_message(msg_type: str, content, channel: str = "shell") -> dict:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": "fp-hostile",
              "username": "", "version": "5.3", "date": "2026-12-05T00:00:00Z"}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content,
            "channel": channel, "buffers": []}


def test_a_page_kernel_refuses_control_and_code_and_sends_no_traceback(loaded_page, kernels):
    shown = loaded_page("burg.ipynb", "button.fp-next")
    counter = shown.locator(STEP_COUNTER)
    before = counter.inner_text()
    malformed = [kernel_message("comm_open", {"target_name": "jupyter.widget", "comm_id": "x1",
                                              "data": {"state": {"_model_name": "Nope"}}}),
                 kernel_message("comm_open", {"target_name": "jupyter.widget", "comm_id": 5}),
                 kernel_message("comm_open", "not an object"),
                 kernel_message("comm_msg", {"comm_id": "nope", "data": {"method": "update"}})]
    hostile_messages = [
        kernel_message("shutdown_request", {"restart": False}, "control"),
        kernel_message("interrupt_request", {}, "control"),
        kernel_message("execute_request", {"code": "1/0", "silent": False,
                                           "store_history": False, "user_expressions": {},
                                           "allow_stdin": False}),
        kernel_message("inspect_request", {"code": "os", "cursor_pos": 2}),
        kernel_message("input_reply", {"value": "x"}, "stdin"),
        *malformed,
        kernel_message("kernel_info_request", {}),  # answered: the socket itself works
    ]
    got = shown.evaluate(SOCKET_JS, [hostile_messages, 4000])
    types = [json.loads(raw)["header"]["msg_type"] for raw in got if raw.startswith("{")]
    assert "kernel_info_reply" in types, types
    answered = {"shutdown_reply", "interrupt_reply", "execute_reply", "execute_input", "error",
                "inspect_reply", "stream"}
    assert answered.isdisjoint(types), types
    leaked = [raw[:300] for raw in got if LEAKS.search(raw)]
    assert leaked == []
    step = re.compile(re.escape(before.split("/")[0]))  # "step 3 " (the total may grow)
    shown.locator("button.fp-next").click()  # the page still works, on the same kernel
    expect(counter).not_to_have_text(step)
    shown.locator("button.fp-back").click()  # left as it was found
    expect(counter).to_have_text(step)
    assert kernels.alive(kernels.of(shown))
