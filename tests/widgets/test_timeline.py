"""Timeline controls: every position is timeline.state_at(k), explained with its clauses."""

from __future__ import annotations

from html_text import plain

from foodplay.explain import explain, step_text


def shown_clause_numbers(app) -> list[str]:
    import re

    return re.findall(r'<span class="fp-clause-number">([^<]+)</span>', app.explanation.html.value)


def test_next_back_last_show_the_step_and_its_rules(app):
    tl = app.timeline
    assert tl.cursor == 0
    assert "Set-up" in plain(app.explanation.html.value)

    app.controls.next.click()
    assert tl.cursor == 1 and app.controls.slider.value == 1
    state = tl.state_at(1)
    text = plain(app.explanation.html.value)
    assert "Step 1" in text
    assert step_text(state, tl.steps[1].move) in text
    for sentence in explain(state, tl.steps[1].events, None):
        assert sentence.text in text
    assert "Rule 1" in shown_clause_numbers(app) and "Rule 2" in shown_clause_numbers(app)
    assert "step 1 / " in app.controls.counter.value

    app.controls.next.click()
    app.controls.back.click()
    assert tl.cursor == 1

    app.controls.last.click()
    assert tl.cursor == tl.last
    text = plain(app.explanation.html.value)
    assert "The game is over." in text
    assert "Rule G4" in shown_clause_numbers(app)  # scoring is the tutor's default
    assert app.controls.next.disabled and not app.controls.back.disabled

    app.controls.first.click()
    assert tl.cursor == 0 and app.controls.first.disabled


def test_slider_and_play_widget_move_the_cursor(app):
    app.controls.slider.value = 12
    assert app.timeline.cursor == 12
    assert "Step 12" in plain(app.explanation.html.value)
    app.controls.play.value = 13  # what the Play widget's timer does in the browser
    assert app.timeline.cursor == 13 and app.controls.slider.value == 13
    app.controls.speed.value = 400
    assert app.controls.play.interval == 400
    app.controls.autoplay.value = True  # the labelled button drives the (hidden) Play timer
    assert app.controls.play.playing and app.controls.autoplay.description == "Pause ❚❚"
    app.controls.play.playing = False  # the timer stops by itself at the last step
    assert not app.controls.autoplay.value
    assert app.controls.autoplay.description == "Auto-play ▶"


def test_every_position_is_a_replay(app):
    app.go(40)
    assert app.context().state.snapshot() == app.timeline.state_at(40).snapshot()
    view = app.timeline.state_at(40).view(None)
    assert f"Deck: {view['deck']['count']} cards" in plain(app.table.value)


def test_what_the_step_changed_is_highlighted(app):
    app.go(1)  # the first card opens pile 1
    html = app.table.value
    assert 'class="fp-pile fp-changed"' in html
    assert "(changed at this step)" in plain(html)
    app.go(0)
    assert "fp-changed" not in app.table.value


def test_clause_badges_say_their_provenance(app):
    for k in range(app.timeline.last + 1):
        if "D4" in {c for e in app.timeline.steps[k].events for c in e.clauses}:
            break
    app.go(k)
    html = app.explanation.html.value
    assert '<span class="fp-badge fp-prov-reading">tutor reading</span>' in html
    assert '<span class="fp-badge fp-prov-rulebook">rulebook</span>' in html
    assert "Rule D4" in shown_clause_numbers(app)
