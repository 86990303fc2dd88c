"""A share link that cannot open keeps its language (issue 29 item 5): the page that opens
instead stays in the link's `lang=` and says why the link did not open."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from foodplay.i18n.messages import catalogue
from foodplay.links import encode_record, parse_query, query_lang
from foodplay.record import Record
from foodplay_widgets.app.tutor import App

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
from position_mutations import document  # noqa: E402


def _bad_position_link(lang: str) -> str:
    doc = document("cuisine-a-la-card")
    doc["position"]["judges"][0] = ["nonna"]  # a list where a judge id belongs
    record = Record("cuisine-a-la-card", 2, setup={k: v for k, v in doc.items()
                                                   if k not in ("game", "players")})
    return f"game=cuisine-a-la-card&record={encode_record(record)}&lang={lang}"


def test_a_link_whose_position_is_bad_says_so_in_its_own_language():
    link = parse_query(_bad_position_link("fr"))
    assert link.lang == "fr" and link.record is None
    assert [key for key, _ in link.problems] == ["link.bad_record"]
    assert "setup.position.judges[0]" in link.problems[0][1]["detail"]
    app = App.from_query(_bad_position_link("ko"), env={}, lazy=False)
    assert app.lang == "ko"
    said = catalogue(None, "ko").template("link.bad_record").split("(")[0]
    assert any(t.startswith(said) for t in app.message_texts)


def test_a_fault_while_replaying_a_link_record_keeps_the_language(monkeypatch):
    import foodplay.links as links

    def broken(record, upto=None):
        raise TypeError("a fault of the tutor's")

    monkeypatch.setattr(links, "replay", broken)
    record = Record("burg", 2, seed=3)
    link = parse_query(f"record={encode_record(record)}&lang=pt")
    assert link.lang == "pt" and link.problems == [("link.record_fault", {"error": "TypeError"})]


def test_the_fallback_page_of_a_link_that_cannot_open_stays_in_its_language(monkeypatch):
    import foodplay_widgets.app.tutor as app_module

    def broken(query, default_game="burg"):
        raise RuntimeError("boom")

    monkeypatch.setattr(app_module, "parse_query", broken)
    app = App.from_query("game=burg&seed=1&lang=zh", env={}, lazy=False)
    assert app.lang == "zh"
    assert catalogue(None, "zh").format("link.not_opened", {}) in app.message_texts
    assert "Traceback" not in json.dumps(app.message_texts)


def test_query_lang_never_raises():
    for query in ("lang=ko", "?lang=fr&x=1", "lang=xx", "", "%%%", "lang=" + "k" * 10**6,
                  "&".join(["a=1"] * 500) + "&lang=pt", None, 12):
        assert query_lang(query) in ("en", "ko", "fr", "pt")
    assert query_lang("lang=ko") == "ko" and query_lang("lang=xx") == "en"
