"""The browser's word that it has drawn a widget: a hidden image pings a hidden button.

An image that cannot load runs its error handler once the browser has drawn it (HTML widgets
run event attributes, not <script>); the handler clicks a hidden button near it. A view is
drawn only when the models of the whole widget tree around it exist in the browser, so from
that click on, every update the kernel sends to that tree arrives.

Before it, updates can be lost: a Voilà page asks the kernel for every widget's state at once
and builds the models afterwards, and an update that reaches a model still being built is
dropped without a word (a slider kept its old bound, a counter its old text). So the kernel
starts work that changes a drawn app on its own, such as a bot game played on in the
background, from the ping, never from a timer.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as widgets

TRIES = 100  # the button is drawn at about the same time; look for it every 100 ms
AFTER_STEP_MS, AFTER_WAIT_MS = 20, 3000


def ping_html(scope: str, button: str, after: str | None = None) -> str:
    """A hidden image that clicks the button of class `button` that is a child of the
    image's nearest ancestor matching the CSS selector `scope`, once both are drawn; with
    `after` (a CSS selector), once nothing on the page matches it either (looked for every
    AFTER_STEP_MS, for at most AFTER_WAIT_MS: then it clicks anyway)."""
    start = "ping(0);"
    if after is not None:
        start = (f"(function wait(t0) {{ if (!document.querySelector('{after}')"
                 f" || Date.now() - t0 > {AFTER_WAIT_MS}) {{ ping(0); }} else {{"
                 f" setTimeout(function () {{ wait(t0); }}, {AFTER_STEP_MS}); }} }})(Date.now());")
    script = (f"var img = this; function ping(n) {{ var box = img.closest('{scope}');"
              f" var go = box && box.querySelector(':scope > button.{button}');"
              f" if (go) {{ go.click(); }} else if (n < {TRIES}) {{ setTimeout(function () {{"
              f" ping(n + 1); }}, 100); }} }} {start}")
    return (f'<img class="fp-ping" hidden alt="" src="data:," '
            f'onerror="{escape(script, quote=True)}">')


def ping_button(css: str, on_drawn: Callable[[], None]) -> widgets.Button:
    """The hidden button a ping clicks; `on_drawn()` runs on every click (once per view)."""
    button = widgets.Button(layout=widgets.Layout(display="none"))
    button.add_class(css)
    button.on_click(lambda _: on_drawn())
    return button
