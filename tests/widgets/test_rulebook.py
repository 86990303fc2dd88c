"""The rulebook reader: the whole rulebook in order, opened at a cited clause."""

from __future__ import annotations

import re

from foodplay.games import get_game


def test_clause_links_point_into_the_reader(app):
    app.go(1)
    links = re.findall(r'class="fp-clause-link" href="#([^"]+)"', app.explanation.html.value)
    assert links
    reader = app.reader.html.value
    for anchor in links:
        assert f'id="{anchor}"' in reader


def test_reader_lists_every_clause_in_order(app):
    numbers = re.findall(r'<li id="[^"]+" class="fp-rule[^"]*" tabindex="-1"><h4>'
                         r'<span class="fp-clause-number">Rule ([^<]+)</span>',
                         app.reader.html.value)
    assert numbers == [c.number for c in get_game("burg").rulebook()]


def test_open_at_a_clause_from_python(app):
    assert "<details class=\"fp-rulebook\">" in app.reader.html.value  # closed at first
    app.reader.goto.value = "R5-2"
    app.reader.open_button.click()
    html = app.reader.html.value
    assert '<details class="fp-rulebook" open>' in html
    target = re.search(r'<li id="[^"]+-R5-2" class="([^"]+)"', html).group(1)
    assert "fp-rule-target" in target
    assert html.count("fp-rule-target") == 1
