"""What a page's kernel does before its first paint: no widget message before the page connects,
one app per examples page, nothing heavy imported (issue 10, item 4).

One real kernel, started as Voilà starts a page's (VOILA_REQUEST_URL set), runs an app and the
examples pages, then connects as the page's widget manager does (the widget control comm).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from foodplay.engine import Move
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages import worked_examples as lesson
from foodplay_widgets.pages.worked_examples import example, examples, worked_example
from foodplay_widgets.serving import lean, quiet

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
EXAMPLES = [f"{game}-examples.ipynb" for game in ("burg", "coffee-rush", "cuisine-a-la-card",
                                                   "food-truck")]
COMM_MESSAGES = ("comm_open", "comm_msg", "comm_close")
# Widget models an examples page makes before its first paint, measured: 171-172 (its first
# example's app, and one placeholder for the others); 249 for Food Truck's page with one
# placeholder per example (sharing one ping button and their styles), 298 with a button and
# styles of their own, and 443-594 with every refusal and narrated example built at once.
MAX_EXAMPLES_MODELS = 200


def test_a_voila_page_kernel_is_recognised_by_its_environment():
    page = {"VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/burg.ipynb",
            "VOILA_PREHEAT": "False"}
    assert quiet.in_voila_page_kernel(page) == ("ipykernel" in sys.modules)
    assert not quiet.in_voila_page_kernel({**page, "VOILA_PREHEAT": "True"})
    assert not quiet.in_voila_page_kernel({})
    assert not quiet.is_quiet()  # not a Voilà kernel: widgets speak as usual


def test_an_example_opens_at_its_step_with_its_refusal_and_a_link_wins():
    refused = Move.make(0, "serve", judge=2)
    section = example("cuisine-a-la-card", "judge-refusals", step=7, ask=refused, query="")
    text, app = section.children
    assert "fp-page-prose" in text.value and "fp-section" in section._dom_classes
    assert app.timeline.cursor == 7 and "fp-refusal" in app.moves.whynot_result.value
    more = example("cuisine-a-la-card", "judge-refusals", step=7, ask=refused, query="",
                   text="cuisine-a-la-card.page.example.judge-refusals.more")
    assert more.children[0].value != text.value
    # a link to a step of this example opens there, and asks nothing
    linked = worked_example("cuisine-a-la-card", "judge-refusals", query="")
    linked.go(3)
    query = linked.share.url.split("?", 1)[1]
    again = example("cuisine-a-la-card", "judge-refusals", step=7, ask=refused, query=query)
    reopened = again.children[1]
    assert reopened.timeline.cursor == 3 and reopened.moves.whynot_result.value == ""
    assert "opened at step 3" in reopened.messages.value


def test_the_other_examples_wait_behind_one_placeholder(monkeypatch):
    """In a kernel, one placeholder stands for the other examples until the page is drawn;
    then come their sections, each with a placeholder of its own for its app."""
    monkeypatch.setattr(lesson, "in_kernel_loop", lambda: True)
    monkeypatch.setattr(lean, "_waiting", [])
    made = []

    def build() -> list:
        made.append("sections")
        return [example("burg", "three-player-lone-tongs", query="")]

    group = examples(build, query="lang=fr")
    assert made == [] and isinstance(group, lean.Later) and lean._waiting == [group]
    assert "autres exemples" in group.children[0].value  # in the page's language
    group.fill()  # the page drew it
    (box,) = group.children
    assert made == ["sections"] and "fp-examples" in box._dom_classes
    (section,) = box.children
    text, later = section.children
    assert "fp-page-prose" in text.value and later.built is None and later in lean._waiting
    later.fill()
    assert isinstance(later.built, App) and later.built.timeline.record.title


def test_building_an_app_leaves_matplotlib_and_the_rule_search_unimported():
    code = ("import sys\nfrom foodplay_widgets.pages.page import page_text\n"
            "from foodplay_widgets import App, example\n"
            "page_text('burg.page.app', 'burg')\nApp.from_query('', game='coffee-rush')\n"
            "example('food-truck', 'stacking', later=False)\n"
            "print(sorted(m for m in ('matplotlib', 'foodplay.teaching.search', 'PIL', 'numpy')"
            " if m in sys.modules))")
    env = {**os.environ, "MPLCONFIGDIR": tempfile.mkdtemp(prefix="fp-mpl-")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout
    assert out.strip() == "[]", out


# --- one Voilà-like kernel -------------------------------------------------------------------
def run(client, code: str) -> tuple[str, list[str]]:
    """Run `code`; its stdout and the widget messages the kernel sent meanwhile."""
    msg_id = client.execute(code, store_history=False)
    out, sent = [], []
    while True:
        try:
            msg = client.get_iopub_msg(timeout=120)
        except queue.Empty:
            raise TimeoutError(code[:80]) from None
        kind, content = msg["msg_type"], msg["content"]
        if kind in COMM_MESSAGES:
            sent.append(kind)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if kind == "stream":
            out.append(content["text"])
        elif kind == "error":
            raise AssertionError("\n".join(content["traceback"]))
        elif kind == "status" and content["execution_state"] == "idle":
            return "".join(out), sent


def connect(client) -> dict:
    """What the page's widget manager does once loaded: ask for every widget's state."""
    comm_id = uuid.uuid4().hex
    client.shell_channel.send(client.session.msg(
        "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
        metadata={"version": "1.0.0"}))
    client.shell_channel.send(client.session.msg(
        "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}))
    while True:
        msg = client.get_iopub_msg(timeout=120)
        data = msg["content"].get("data", {})
        if msg["msg_type"] == "comm_msg" and data.get("method") == "update_states":
            return data["states"]


def cells(notebook: str) -> list[str]:
    nb = json.loads((NOTEBOOKS / notebook).read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


COUNT = ("import ipywidgets.widgets.widget as _w\n"
         "print(len(_w._instances), sum(type(x).__name__ == 'App' "
         "for x in list(_w._instances.values())))")


@pytest.fixture(scope="module")
def page_kernel():
    from jupyter_client.manager import start_new_kernel

    env = {**os.environ, "QUERY_STRING": "", "VOILA_PREHEAT": "False",
           "VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/burg.ipynb",
           "MPLCONFIGDIR": tempfile.mkdtemp(prefix="fp-mpl-")}
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(NOTEBOOKS), env=env,
                                       stderr=subprocess.DEVNULL)
    yield client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


def test_a_page_kernel_is_quiet_until_the_page_connects_then_speaks(page_kernel):
    client = page_kernel
    sent: list[str] = []
    for source in cells("burg.ipynb"):
        sent += run(client, source)[1]
    # no page yet: nothing is sent, and the bots wait for the page to draw the app
    out, later = run(client, "import asyncio\nawait asyncio.sleep(1)\n"
                             "print(app.pending is None, app.timeline.last)\n" + COUNT)
    assert sent + later == []
    done, played, models, apps = out.split()
    assert done == "False" and played == "10" and apps == "1" and 100 < int(models) <= 200
    states = connect(client)
    assert len(states) == int(models)  # every widget reaches the page, in one message
    counters = [s["state"].get("value", "") for s in states.values()
                if "fp-counter" in str(s["state"].get("value", ""))]
    assert counters and "so far" in counters[0]
    # the page drew the app, and its image pinged: the bots play the rest, and the page hears
    drawn = next(model for model, s in states.items()
                 if "fp-app-drawn" in s["state"].get("_dom_classes", []))
    client.shell_channel.send(client.session.msg(
        "comm_msg", {"comm_id": drawn, "data": {"method": "custom",
                                                "content": {"event": "click"}}}))
    out, later = run(client, "for _ in range(200):\n    if app.pending is None:\n        break\n"
                             "    await asyncio.sleep(0.05)\n"
                             "print(app.pending is None, app.timeline.last,"
                             " app.controls.slider.max)")
    done, last, bound = out.split()
    assert done == "True" and int(last) > 10 and bound == last and "comm_msg" in later
    # connected: a new widget is announced at once, and a change is sent
    out, after = run(client, "import ipywidgets\nnew = ipywidgets.HTML('new')\n"
                             "new.value = 'changed'")
    assert after == ["comm_open"] * 3 + ["comm_msg"]  # the HTML, its layout and its style


@pytest.mark.parametrize("notebook", EXAMPLES)
def test_an_examples_page_builds_one_app_before_its_first_paint(page_kernel, notebook):
    client = page_kernel
    before, _ = run(client, COUNT)
    for source in cells(notebook):
        run(client, source)
    after, _ = run(client, COUNT)
    (models0, apps0), (models1, apps1) = before.split(), after.split()
    assert int(apps1) - int(apps0) == 1, notebook
    assert int(models1) - int(models0) <= MAX_EXAMPLES_MODELS, (notebook, models1, models0)


@pytest.mark.parametrize("game", ["coffee-rush", "cuisine-a-la-card", "food-truck"])
def test_a_watching_app_makes_its_move_editor_only_when_play_mode_needs_it(game):
    from foodplay_widgets import App

    app = App(game=game, env={}, lazy=True)
    slot = app.editor_slot
    assert not slot.built and slot.children == () and slot.layout.display == "none"
    app.mode_select.value = "play"  # a seat: the learner's own decisions need the editor
    assert slot.built and slot.children == (app.editor,)
    assert app.errors.errors == []
