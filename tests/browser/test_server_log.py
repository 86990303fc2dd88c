"""The server's own pages and its log (issue #33, item 8).

- Voilà's folder listing (the server's root, /voila/tree) declares its language: axe's
  `html-has-lang` finds nothing (the tutor's page.html in widgets/serving/jupyter/).
- A page load, its page closed without its beacon, and the culler shutting its kernel down
  leave no WARNING, ERROR or traceback in the server's log (widgets/serving/server_log.py),
  and the page's console no webpack version warning (templates/foodplay/harmless_versions.js).
"""

from __future__ import annotations

import re
import time

from conftest import SERVER_KIND, TEST_CULL_IDLE_S, TEST_CULL_INTERVAL_S
from playwright.sync_api import expect
from tabs import VoilaKernels, new_context

RENDER_MS = 30_000
LOUD = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|Traceback|^\w*Error\b")
AXE_LANG = """async () => (await axe.run(document, {runOnly: ['html-has-lang', 'html-lang-valid']}))
  .violations.map(v => v.id)"""


def test_the_folder_listing_declares_its_language(page, voila_server, axe_path):
    listings = [f"{voila_server}/voila/tree"]
    if SERVER_KIND == "voila":
        listings.insert(0, f"{voila_server}/")  # standalone Voilà shows the listing at its root
    for address in listings:
        page.goto(address)
        expect(page.locator("body")).to_contain_text("summary.ipynb")
        assert page.evaluate("document.documentElement.lang") == "en", address
        page.add_script_tag(path=str(axe_path))
        assert page.evaluate(AXE_LANG) == [], address


def loud_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if LOUD.search(line)]


def test_a_page_load_and_a_cull_log_no_warning(browser, notebook_url, server_log):
    start = server_log.stat().st_size
    context = new_context(browser)
    try:
        shown = context.new_page()
        warnings: list[str] = []
        shown.on("console", lambda message: message.type == "warning"
                 and warnings.append(message.text))
        shown.goto(notebook_url("summary.ipynb"))
        expect(shown.locator(".fp-summary").first).to_be_visible(timeout=RENDER_MS)
        kernel = VoilaKernels.of(shown)
    finally:
        context.close()  # no beacon: the kernel is left for the culler
    assert kernel
    # webpack's version warnings (templates/foodplay/harmless_versions.js)
    versions = [w for w in warnings if re.search(r"(Unsatisfied|No satisfying) version", w)]
    assert versions == [], versions

    def written() -> str:
        with open(server_log, "rb") as log:
            log.seek(start)
            return log.read().decode(errors="replace")

    if SERVER_KIND == "voila":  # Binder's culler waits a minute (binder/jupyter_server_config)
        # read from the log, not asked of the server: asking for a gone kernel logs a 404
        deadline = time.monotonic() + TEST_CULL_IDLE_S + TEST_CULL_INTERVAL_S + 20
        while f"Kernel shutdown: {kernel}" not in written() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert f"Kernel shutdown: {kernel}" in written(), "the culler did not shut it down"
        time.sleep(1)  # the culler's last lines
    assert f"Kernel started: {kernel}" in written()
    assert loud_lines(written()) == [], written()
