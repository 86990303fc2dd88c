"""Deep links: a query string restores step, seat and record; bad ones explain and fall back."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from html_text import plain

from foodplay.links import parse_query
from foodplay_widgets.app.share import link_row_html, page_url, sibling_url
from foodplay_widgets.app.tutor import App

VOILA_ENV = {"SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8866",
             "SCRIPT_NAME": "/voila/render/burg.ipynb", "PATH_INFO": "",
             "VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/burg.ipynb"}


def test_query_restores_step_and_seat():
    app = App.from_query("game=burg&players=3&seed=7&step=12&seat=2", env={})
    assert app.timeline.cursor == 12
    assert app.seat == 1 and app.seat_select.value == 1
    assert "Step 12" in plain(app.explanation.html.value)
    assert app.message_texts == []
    assert app.messages.layout.display == "none"


def test_share_link_reopens_the_same_position():
    app = App(players=2, seed=3, env=VOILA_ENV)
    app.go(25)
    app.seat_select.value = 1
    app.share.toggle.value = True
    url = app.share.url
    assert url.startswith("?"), "relative to the page: the browser keeps scheme, host and base URL"
    assert f'href="{url}"' in app.share.link.value.replace("&amp;", "&")
    query = urlsplit(url).query
    assert parse_qs(query)["step"] == ["25"] and parse_qs(query)["seat"] == ["2"]

    again = App.from_query(query, env=VOILA_ENV)
    assert again.timeline.cursor == 25 and again.seat == 1
    assert again.timeline.record.moves == app.timeline.record.moves
    assert again.table.value == app.table.value
    assert again.explanation.html.value.replace(again.reader.prefix, "X") == \
        app.explanation.html.value.replace(app.reader.prefix, "X")


def test_links_are_relative_whatever_the_server_says():
    """Behind Binder's proxy the kernel sees http, another host and no /user/<name>/ prefix:
    nothing it sees may reach the link."""
    behind_proxy = {**VOILA_ENV, "SERVER_NAME": "10.0.0.7", "SERVER_PORT": "8888"}
    app = App(players=2, seed=3, env=behind_proxy)
    app.share.toggle.value = True
    assert page_url("seed=1") == "?seed=1"
    assert sibling_url("lessons.ipynb", "lesson=burg/x") == "lessons.ipynb?lesson=burg/x"
    html = app.share.link.value
    assert "10.0.0.7" not in html and "http" not in html
    assert 'href="?' in html


def test_copy_box_is_filled_in_the_browser_from_the_link():
    html = link_row_html("?step=3&seed=1", "fp-x", "Link", "Copy this")
    assert '<a class="fp-x" href="?step=3&amp;seed=1" target="_blank" rel="noopener">' in html
    # the box starts with the relative address; the browser replaces it with the link's href
    assert 'value="?step=3&amp;seed=1"' in html
    assert "this.previousElementSibling.href" in html
    assert "row.querySelector(&#x27;a&#x27;).href" in html
    assert 'target="_blank"' not in link_row_html("?a=1", "fp-x", "L", "C", new_tab=False)


def test_download_link_carries_the_record():
    import base64
    import re

    app = App(players=2, seed=3, env={})
    app.share.toggle.value = True
    match = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                      app.share.download.value)
    assert match and match.group(1) == "burg-2p-seed3.json"
    from foodplay.record import Record

    record = Record.loads(base64.b64decode(match.group(2)).decode())
    assert record.moves == app.timeline.record.moves


def test_bad_query_shows_problems_and_falls_back():
    query = "game=chess&players=9&seed=abc&step=x&seat=7&lang=xx&mode=fly&colour=red"
    app = App.from_query(query, env={})
    expected = parse_query(query).problem_texts()
    assert expected and app.message_texts == expected
    shown = plain(app.messages.value)
    for problem in expected:
        assert problem in shown
    assert app.messages.layout.display != "none"
    assert 'role="alert"' in app.messages.value
    # a working new game instead
    assert app.timeline.last > 0 and app.mode == "watch" and app.seat is None
    app.controls.next.click()
    assert app.timeline.cursor == 1 and app.errors.errors == []


def test_damaged_record_and_step_out_of_range():
    app = App.from_query("record=not-a-record&step=5", env={})
    assert any("could not be used" in t for t in app.message_texts)
    assert app.timeline.cursor == 5
    app = App.from_query("seed=4&players=2&step=99999", env={})
    assert app.timeline.cursor == app.timeline.last
    assert any("step 99999" in t for t in app.message_texts)


def test_a_failure_while_opening_never_raises(monkeypatch):
    import foodplay_widgets.app.tutor as app_module

    def broken(query):
        raise RuntimeError("boom")

    monkeypatch.setattr(app_module, "parse_query", broken)
    app = App.from_query("seed=1", env={})
    assert app.timeline.last > 0
    assert any("Something went wrong" in t for t in app.message_texts)
    assert "Traceback" not in app.messages.value
