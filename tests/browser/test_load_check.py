"""A page that cannot get its kernel or its scripts says so in plain words and offers a retry;
a page that loads never shows that notice (foodplay_widgets.serving.loadcheck and the page
template)."""

from __future__ import annotations

import re

from foodplay.i18n.messages import catalogue

APP = "/voila/render/burg.ipynb?seed=4"
# The notice's delays are CSS variables: shorten them so that the test need not wait a minute.
QUICK = ":root { --fp-load-slow: 0.2s; --fp-load-failed: 1s; }"
KERNEL_API = re.compile(r"/api/kernels/")
VOILA_SCRIPT = re.compile(r"/voila/static/voila\.js")


def test_a_refused_kernel_shows_the_notice_with_a_retry(private_page, voila_server, kernels):
    """The server runs the notebook, but the page may not reach its kernel (REST and
    websocket refused), so no widget ever renders: the notice appears and offers a reload.
    A page of its own: the shared tab cannot take its websocket route off again."""
    page = private_page
    page.route(KERNEL_API, lambda route: route.abort())
    page.route_web_socket(KERNEL_API, lambda ws: ws.close())
    page.goto(voila_server + APP, wait_until="commit")
    notice = page.locator(".fp-load-check")
    notice.wait_for(state="attached")  # once the server has run the notebook
    page.add_style_tag(content=QUICK)
    notice.wait_for(state="visible")  # Voilà shows the cells once the page has loaded
    failed = notice.locator('.fp-load-failed[lang="en"]')  # then the other languages
    failed.wait_for(state="visible", timeout=10_000)
    cat = catalogue(None, "en")
    assert cat.format("ui.load.failed", {}) in failed.inner_text()
    assert not notice.locator('.fp-load-slow[lang="en"]').is_visible()
    retry = failed.locator("a.fp-load-retry")
    assert retry.inner_text() == cat.format("ui.load.retry", {})
    assert retry.evaluate("a => a.href") == voila_server + APP  # the same address, reloaded
    assert page.locator(".fp-app").count() == 0
    # the page never reached its kernel, so its closing beacon cannot shut it down: do it here
    kernel_id = kernels.of(page)
    kernels.shut_down(kernel_id)
    assert kernels.wait_gone(kernel_id)


def test_a_page_that_loads_never_shows_the_notice(loaded_page):
    page = loaded_page("burg.ipynb", ".fp-app .fp-step-counter")  # shared: the style goes after
    quick = page.add_style_tag(content=QUICK)
    page.wait_for_timeout(1500)  # past both (shortened) delays
    notice = page.locator(".fp-load-check")
    assert notice.count() == 1 and not notice.is_visible()
    assert page.locator("#fp-wait").is_hidden()  # the spinner's notice went with the spinner
    assert "cdn.jsdelivr.net" not in page.content()  # no stylesheet from a third party
    quick.evaluate("style => style.remove()")


def test_a_page_stuck_under_voilas_spinner_says_so_with_a_retry(private_page, voila_server,
                                                                 kernels):
    """The page's scripts never come, so Voilà's spinner stays and hides the cells (and the
    cell's notice): the template's own notice beside the spinner says the page is slow, then,
    once nothing has arrived for a while, that it could not be loaded."""
    page = private_page
    page.add_init_script("window.fpWaitMs = {slow: 300, stalled: 4000};")
    page.route(VOILA_SCRIPT, lambda route: route.abort())
    page.goto(voila_server + APP, wait_until="commit")
    cat = catalogue(None, "en")
    notice = page.locator("#fp-wait")
    slow = notice.locator('.fp-wait-slow[lang="en"]')
    slow.wait_for(state="visible", timeout=60_000)
    assert cat.format("ui.load.slow", {}) in slow.inner_text()
    assert page.locator("#loading").is_visible()  # Voilà's spinner is still up
    assert page.locator("#rendered_cells").is_hidden()
    failed = notice.locator('.fp-wait-failed[lang="en"]')
    failed.wait_for(state="visible", timeout=60_000)
    assert not slow.is_visible()
    assert notice.get_attribute("role") == "alert"
    assert notice.locator('.fp-wait-failed[lang="ko"]').is_visible()  # every language
    retry = failed.locator("a.fp-wait-retry")
    assert retry.inner_text() == cat.format("ui.load.retry", {})
    assert retry.evaluate("a => a.href") == voila_server + APP
    # never connected, so no beacon will shut the kernel down: do it here
    kernel_id = kernels.of(page)
    kernels.shut_down(kernel_id)
    assert kernels.wait_gone(kernel_id)
