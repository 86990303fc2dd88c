"""The page template hands a kernel reply's messages to the page together, so a step is drawn
in one frame (one_frame_per_reply.js): the script alone over a stand-in WebSocket, then a
Next click in a served app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SCRIPT = (Path(__file__).resolve().parents[2] / "widgets" / "serving" / "jupyter" / "voila"
          / "templates" / "foodplay" / "one_frame_per_reply.js")

# A stand-in for the browser's WebSocket: `deliver(data)` calls the onmessage handler as the
# browser would, each call a task of its own in a real socket.
STAND_IN = """
class StandIn {
  constructor(url) { this.url = url; StandIn.made.push(this); }
  deliver(data) { const handler = this._handler; handler && handler({data}); }
}
StandIn.made = [];
Object.defineProperty(StandIn.prototype, 'onmessage', {
  configurable: true, get() { return this._handler || null; }, set(fn) { this._handler = fn; } });
window.WebSocket = StandIn;
window.StandIn = StandIn;
"""


def status(state: str) -> str:
    return json.dumps({"header": {"msg_type": "status"}, "parent_header": {},
                       "content": {"execution_state": state}})


def update(n: int) -> str:
    return json.dumps({"header": {"msg_type": "comm_msg"}, "content": {"data": {"n": n}}})


@pytest.fixture
def held(browser):
    """A blank page with the stand-in socket wrapped by the template's script, and a kernel
    channel socket whose handler records what it is handed (`window.got`)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><title>stand-in</title>")
    page.add_script_tag(content=STAND_IN)
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    page.evaluate("""() => {
      window.got = [];
      window.socket = new WebSocket('ws://host/api/kernels/k1/channels?session_id=s');
      window.socket.onmessage = event => window.got.push(
        typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data));
    }""")
    assert page.evaluate("() => [window.WebSocket.name, window.socket.constructor.name]") == [
        "Held", "StandIn"]
    yield page
    context.close()


def deliver(page, *messages: str, binary: bool = False) -> list[str]:
    """Deliver `messages` one by one (as bytes with `binary`), then return what the handler
    has been handed so far: all in one task, so that no timer of the script runs between."""
    return page.evaluate("""([messages, binary]) => {
      messages.forEach(m => StandIn.made[0].deliver(
        binary ? new TextEncoder().encode(m).buffer : m));
      return window.got.slice();
    }""", [list(messages), binary])


@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
def test_a_reply_is_held_from_busy_to_idle_then_handed_on_together(held, binary):
    assert deliver(held, status("busy"), update(1), update(2), binary=binary) == []
    got = deliver(held, status("idle"), binary=binary)
    assert got == [status("busy"), update(1), update(2), status("idle")]  # in order, at once
    assert deliver(held, update(3), binary=binary)[-1] == update(3)  # outside a reply: at once


def test_a_long_reply_is_handed_on_every_little_while(held):
    """A run that keeps the kernel busy (a cell printing as it goes) is not held back."""
    assert deliver(held, status("busy"), update(1)) == []
    held.wait_for_function("() => window.got.length === 2", timeout=2_000)
    assert deliver(held, update(2)) == [status("busy"), update(1)]
    held.wait_for_function("() => window.got.length === 3", timeout=2_000)
    assert deliver(held, status("idle"))[-1] == status("idle")


def test_a_failing_handler_does_not_stop_the_rest_of_the_reply(held):
    held.evaluate("""() => { const record = window.socket.onmessage;
      window.socket.onmessage = event => {
        record(event);
        if (String(event.data).includes('"n": 1')) { throw new Error('bad message'); } }; }""")
    errors = []
    held.on("pageerror", lambda error: errors.append(str(error)))
    got = deliver(held, status("busy"), update(1), update(2), status("idle"))
    assert got == [status("busy"), update(1), update(2), status("idle")]
    held.wait_for_timeout(100)
    assert any("bad message" in error for error in errors)  # reported, not swallowed


def test_only_kernel_channels_are_held(held):
    held.evaluate("""() => { window.other = [];
      const events = new WebSocket('ws://host/api/events/subscribe');
      events.onmessage = event => window.other.push(event.data); }""")
    held.evaluate(f"""() => StandIn.made[1].deliver({json.dumps(status("busy"))})""")
    held.evaluate(f"""() => StandIn.made[1].deliver({json.dumps(update(1))})""")
    assert held.evaluate("() => window.other") == [status("busy"), update(1)]


# Every change a Next click makes to the page, with the number of frames drawn before it.
FRAMES_OF_A_CLICK = """
async () => {
  let frames = 0;
  let running = true;
  const tick = () => { frames += 1; if (running) { requestAnimationFrame(tick); } };
  requestAnimationFrame(tick);
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const seen = [];
  const observer = new MutationObserver(records => {
    for (const record of records) {
      const node = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const part = node && node.closest('.fp-table, .fp-explanation, .fp-step-counter');
      const what = part && part.className.match(/fp-(table|explanation|step-counter)\\b/);
      if (what) { seen.push([frames, what[1]]); }
    }
  });
  observer.observe(document.querySelector('.fp-app'),
                   {subtree: true, childList: true, characterData: true});
  const want = document.querySelector('.fp-step-counter .fp-counter').textContent;
  document.querySelector('button.fp-next').click();
  await new Promise(resolve => {
    const poll = () => document.querySelector('.fp-step-counter .fp-counter').textContent !== want
      ? setTimeout(resolve, 300) : setTimeout(poll, 10);
    poll();
  });
  observer.disconnect();
  running = false;
  return seen;
}
"""


def test_a_next_click_in_an_app_is_drawn_in_one_frame(loaded_page):
    page = loaded_page("burg.ipynb", "button.fp-next", query="?seed=11")  # this test's own
    assert page.evaluate("() => window.WebSocket.name") == "Held"
    # the bots' game played out in the background (its last slice redraws the counter)
    page.wait_for_function("() => !document.querySelector('.fp-step-counter .fp-counter')"
                           ".textContent.includes('so far')", timeout=60_000)
    for _ in range(3):
        seen = page.evaluate(FRAMES_OF_A_CLICK)
        assert {what for _, what in seen} >= {"table", "explanation", "step-counter"}
        assert len({frame for frame, _ in seen}) == 1, seen
