"""Rule lookup in the app, without a browser: the search box, clause cards, their links."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from html_text import plain

from foodplay.engine import Move
from foodplay.games import get_game
from foodplay_widgets.app.explanation import refusal_html
from foodplay_widgets.app.lookup import KEY_JS, SEARCH_INPUT_SELECTOR
from foodplay_widgets.app.tutor import App
from foodplay_widgets.pages.summary import summary_page


def card(app: App, clause_id: str) -> str:
    """The HTML of one clause card in the reader."""
    html = app.reader.html.value
    start = html.index(f'<li id="{app.reader.prefix}-{clause_id}"')
    return html[start:html.index("</li><li id=", start) if "</li><li id=" in html[start:]
                else len(html)]


def test_search_lists_ranked_links_to_clause_cards(app):
    box = app.reader.search
    box.query.value = "rat tokns"
    assert box.hits[0] == "R5-1"
    assert "rules match “rat tokns”" in box.results.value
    assert 'class="fp-badge fp-prov-rulebook">rulebook' in box.results.value
    for clause_id in box.hits:  # every result opens a card that exists
        assert f'id="{app.reader.prefix}-{clause_id}"' in app.reader.html.value
    box.query.value = ""
    assert box.results.value == "" and box.hits == []


def test_a_screen_reader_hears_the_count_not_every_hit(app):
    box = app.reader.search
    assert {"fp-live", "fp-sr"} <= set(box.said._dom_classes)  # live, not shown (style.py)
    box.query.value = "rat tokns"
    count = len(box.hits)
    assert plain(box.said.value) == f"{count} rules match “rat tokns”" and count > 1
    assert "role=" not in box.results.value  # the list is not a second live region
    box.query.value = "qqqq"
    assert plain(box.said.value) == "No rule matches “qqqq”."
    box.query.value = ""
    assert box.said.value == ""


def test_search_without_a_match_suggests_words(app):
    app.reader.search.query.value = "qqqq"
    value = app.reader.search.results.value
    assert "No rule matches “qqqq”." in value and "Closest words in the rules:" in value
    assert app.reader.search.hits == []


def test_search_box_is_labelled_and_reachable_by_a_key(app):
    box = app.reader.search
    assert box.query.description == "Look up a rule (Alt+K)"
    assert "fp-rule-search" in box.query._dom_classes
    assert "onerror=" in box.key_handler.value and "KeyK" in KEY_JS
    assert SEARCH_INPUT_SELECTOR in KEY_JS


def test_a_card_shows_related_rules_and_places_in_play(app):
    html = card(app, "R5-1")
    assert 'class="fp-clause-number">Rule 5-1<' in html and "fp-prov-rulebook" in html
    related = re.findall(r'class="fp-related-link" href="#([^"]+)"', html)
    rulebook = get_game("burg").rulebook()
    assert related == [f"{app.reader.prefix}-{r}" for r in rulebook["R5-1"].related]
    places = re.findall(r'class="fp-place fp-place-(\w+)" href="([^"]+)"', html)
    assert {kind for kind, _ in places} == {"game", "example", "lesson"}
    for _, href in places:
        assert not urlsplit(href).scheme and not href.startswith("/")  # relative links


def test_a_game_place_opens_a_step_that_cites_the_clause(app):
    href = re.search(r'class="fp-place fp-place-game" href="([^"]+)"', card(app, "R5-1"))
    query = href.group(1).split("?", 1)[1].replace("&amp;", "&")
    opened = App.from_query(query, env={})
    assert opened.message_texts == []
    assert "Rule 5-1" in opened.explanation.text
    step = int(re.search(r"step=(\d+)", query).group(1))
    assert opened.timeline.cursor == step


def test_an_example_place_opens_the_worked_example():
    app = App.from_query("game=food-truck&scenario=truck-detour&step=15", env={},
                         game="food-truck")
    assert app.message_texts == [] and app.timeline.cursor == 15
    assert app.timeline.record.title == "food-truck.scenario.truck_detour.title" or \
        app.timeline.record.narration


def test_explanation_and_refusal_numbers_open_the_same_card(app):
    app.go(1)
    anchors = re.findall(r'class="fp-clause-link" href="#([^"]+)"', app.explanation.html.value)
    assert anchors
    for anchor in anchors:
        start = app.reader.html.value.index(f'<li id="{anchor}"')
        assert "fp-card-related" in app.reader.html.value[start:start + 4000]
    state = app.timeline.state
    move = Move.make(0, "take", pile=1)
    verdict = state.check(move)
    html = refusal_html(app.context().text, state, move, verdict, "ui.whynot.refused",
                        app.reader.prefix)
    anchor = re.search(r'class="fp-clause-link" href="#([^"]+)"', html).group(1)
    assert f'<li id="{anchor}"' in app.reader.html.value


def test_the_reader_is_drawn_once_until_something_changes(app):
    before = app.reader.html.value
    sent = []
    app.reader.html.observe(lambda change: sent.append(change), "value")
    app.go(2)
    app.go(3)
    assert sent == [] and app.reader.html.value == before
    app.reader.open_at("R5-2")
    assert len(sent) == 1 and "fp-rule fp-rule-target" in card(app, "R5-2")


def test_the_summary_page_has_the_summary_a_download_and_other_games():
    page = summary_page("game=food-truck").data
    assert 'class="fp-summary"' in page and "Index of terms" in page
    assert 'download="food-truck-rules-summary.html"' in page
    assert 'href="summary.ipynb?game=burg"' in page
    assert '<a href="summary.ipynb?game=food-truck" aria-current="page">' in page
    assert "@media print" in page
    fallback = summary_page("game=chess").data  # an unknown game: the first one
    assert 'download="burg-rules-summary.html"' in fallback


def test_a_tutor_readings_card_says_why_in_the_readers_language():
    """Each tutor reading or default carries its reason (the ambiguity, the gap) on its card;
    a rulebook clause's card has none."""
    from foodplay_widgets.app.lookup import card_html
    from foodplay_widgets.text import Text

    game = get_game("food-truck")
    rulebook = game.rulebook()
    for lang, heading in (("en", "Why the tutor decides this"), ("ko", "튜터가 이렇게 정한 이유")):
        card = plain(card_html(Text(game, lang), rulebook["R0-4"], rulebook, "p"))
        assert heading in card and rulebook["R0-4"].reason(lang) in card
    assert "fp-clause-reason" not in card_html(Text(game, "en"), rulebook["R1"], rulebook, "p")
