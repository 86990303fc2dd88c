"""Scores, chart, selectors, gallery and worked examples."""

from __future__ import annotations

from html_text import plain

from foodplay.messages import LANGUAGES
from foodplay_widgets import Gallery, worked_example


def test_progress_and_scores(app):
    app.go(app.timeline.last)
    view = app.timeline.state.view(None)
    text = plain(app.scores.progress.value)
    assert f"Complete burgers on the table: {view['complete_burgers']} of 8" in text
    assert f"Cards left in the deck: {view['deck']['count']}" in text
    scores = plain(app.scores.table.value)
    for name, score in zip(view["seats"], view["scores"], strict=True):
        assert f"{name['name']} {score} points in the end" in scores


def test_chart_is_drawn_only_when_shown_and_cached(app):
    app.go(30)
    assert app.scores.draws == 0 and app.scores.chart.layout.display == "none"
    app.scores.chart_toggle.value = True
    assert app.scores.draws == 1
    assert app.scores.chart.value[:8] == b"\x89PNG\r\n\x1a\n"
    assert "At step 30" in plain(app.scores.chart_summary.value)
    app.render()  # same step, same seat: no new drawing
    assert app.scores.draws == 1
    app.controls.next.click()
    assert app.scores.draws == 2
    app.scores.chart_toggle.value = False
    app.controls.next.click()
    assert app.scores.draws == 2


def test_selectors(app):
    assert [code for _, code in app.lang_select.options] == list(LANGUAGES)
    labels = [label for label, _ in app.seat_select.options]
    assert labels == ["Teacher (sees everything)", "Alice's view", "Bob's view", "Carol's view"]
    app.seat_select.value = 2
    assert "Carol's view" in plain(app.table.html.value)


def test_header_credits_and_components(app):
    header = plain(app.title.value)
    assert "BURG · 3 players · seed 7" in header
    assert "BURG (publisher unknown)" in header
    assert "Tutor default: the rulebook gives no card list, recipes or scoring." in header


def test_new_game_uses_the_settings(app):
    app.players.value = 4
    app.seed.value = 99
    app.bots_select.value = "random"
    app.new_game.click()
    record = app.timeline.record
    assert (record.players, record.seed) == (4, 99)
    assert app.timeline.cursor == 0 and app.timeline.state_at(app.timeline.last).is_over


def test_gallery_lists_four_games_honestly():
    from foodplay.games import LISTINGS
    from foodplay_widgets.gallery import APPS, card_html

    html = Gallery().html.value
    assert html.count('class="fp-game-card') == len(LISTINGS) == 4
    assert 'href="burg.ipynb"' in html and 'href="burg-examples.ipynb"' in html
    for entry in LISTINGS:
        card = card_html(entry)
        assert f"<h3>{entry.title}</h3>" in card
        assert f"{entry.min_players} to {entry.max_players} players" in card
        if entry.id in APPS:
            assert f'href="{APPS[entry.id]}"' in card and "Not built yet" not in card
        else:
            assert "Not built yet" in card and "href" not in card


def test_worked_example_narration_and_piles():
    app = worked_example("burg", "two-player-reveal")
    assert app.timeline.cursor == 0 and app.settings.layout.display == "none"
    assert "rulebook's own two-player example" in plain(app.note.value)
    app.go(2)
    assert app.note.layout.display == "none"
    app.go(8)
    assert "exactly as the rulebook shows" in plain(app.note.value)
    piles = app.timeline.state.view(None)["piles"]
    assert [p["cards"] for p in piles] == [["lettuce", "cheese"], ["onion", "rat", "mushroom"]]
    table = plain(app.table.html.value).replace(" (changed at this step)", "")
    assert "Pile 1 lettuce cheese" in table and "Pile 2 onion rat mushroom" in table


def test_lone_tongs_takes_every_pile():
    app = worked_example("burg", "three-player-lone-tongs")
    app.go(12)
    text = plain(app.explanation.html.value)
    assert "Alice is the only Tongs player and takes every pile" in text
    assert "Only Alice showed Tongs" in plain(app.note.value)
