"""BURG's and Food Truck's renderers keep the parts of a table they drew (a seat, the legend,
card faces) by what those are drawn from: a kept part must be exactly what a renderer drawing
from nothing would draw, whatever the language, the seat shown and the names."""

from __future__ import annotations

from importlib import import_module

import pytest

from foodplay.i18n.messages import LANGUAGES
from foodplay_widgets.app.renderers import renderer_for
from foodplay_widgets.app.tutor import App
from foodplay_widgets.text import Text, esc

GAMES = ("burg", "food-truck")


def forget_cards(game: str) -> None:
    """Empty the game's caches of card faces and messages (its module `cards`)."""
    cards = import_module(f"foodplay_widgets.games.{game.replace('-', '_')}.cards")
    for function in vars(cards).values():
        if hasattr(function, "cache_clear"):
            function.cache_clear()


@pytest.mark.parametrize("game", GAMES)
def test_a_kept_part_is_what_a_fresh_renderer_draws(game):
    """Steps walked in one language, seat shown and set of names, which change every few steps:
    each is part of a kept part's key, as is what the step before held (its highlights)."""
    app = App(game=game, players=3, seed=4, step=0, env={})
    app.finish_game()
    timeline, kept = app.timeline, renderer_for(game)
    names = (("Ann", "Bo", "Cy"), ("Dee", "Eve", "Fay"))
    for k in range(1, min(timeline.last, 80) + 1):
        lang, seat = LANGUAGES[k // 10 % len(LANGUAGES)], (None, 0, 1)[k // 7 % 3]
        text = Text(timeline.state_at(0).game, lang, names[k // 13 % 2])
        view, before = timeline.state_at(k).view(seat), timeline.state_at(k - 1).view(seat)
        drawn = kept.table(view, before, text)
        forget_cards(game)  # a fresh renderer with empty caches draws everything anew
        assert drawn == type(kept)().table(view, before, text), k


@pytest.mark.parametrize("game", GAMES)
def test_switching_language_after_a_step_shows_that_languages_card_faces(game):
    app = App(game=game, players=3, seed=2, step=6, env={})
    app.controls.next.click()  # the table's parts are kept in English now
    english = app.table.value
    app.lang_select.value = "fr"
    ctx = app.context()
    forget_cards(game)
    fresh = type(ctx.renderer)()  # keeps nothing yet
    assert app.table.value == fresh.table(ctx.view(), ctx.view(6), ctx.text)
    en_text, fr_text = Text(app.game, "en"), Text(app.game, "fr")

    def en(card: str) -> str:
        return esc(en_text.card(card))

    def fr(card: str) -> str:
        return esc(fr_text.card(card))

    view = ctx.view()
    shown = view["meals"] if game == "food-truck" else \
        [c for recipe in view["recipes"] for c in recipe["fillings"]]
    faces = {c for c in shown if en(c) != fr(c)}
    assert faces  # cards whose faces differ in French are on the table
    for c in faces:
        assert f">{en(c)}<" in english and f">{en(c)}<" not in app.table.value
        assert f">{fr(c)}<" in app.table.value
    assert not app.errors.errors
