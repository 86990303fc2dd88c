"""Coffee Rush's narrated opening: a bots' game with the teacher's notes on its first turn,
shown as a worked example."""

from __future__ import annotations

from foodplay_widgets.games.coffee_rush.pieces import GAME_ID

OPENING = "coffee-rush.ui.opening."


def opening_record(players: int = 3, seed: int = 7):
    """A whole game the thoughtful bots play from `seed`, with the teacher's notes on its
    opening: the set-up, the first placement, the first turn's move, pour, serve and the end
    of that turn. The notes sit on the steps where those things first happen."""
    from foodplay.bots import play_game
    from foodplay.timeline import Timeline

    record, _ = play_game(GAME_ID, players, seed, ("heuristic",))
    timeline = Timeline(record)
    first: dict[str, int] = {}
    for k in range(1, timeline.last + 1):
        step = timeline.steps[k]
        first.setdefault("move." + step.move.kind, k)
        for ev in step.events:
            first.setdefault(ev.key, k)
        if "coffee-rush.time" in first:
            break
    narration = {0: OPENING + "n_setup"}
    for kind, key in (("move.place", "n_place"), ("move.setup_pour", "n_setup_pour"),
                      ("move.step", "n_move"), ("move.pour", "n_pour")):
        if kind in first:
            narration.setdefault(first[kind], OPENING + key)
    serve, time = first.get("coffee-rush.serve"), first.get("coffee-rush.time")
    if serve is not None and serve == time:
        narration[serve] = OPENING + "n_serve_time"
    else:
        if serve is not None:
            narration[serve] = OPENING + "n_serve"
        if time is not None:
            narration[time] = OPENING + "n_time"
    record.title = OPENING + "title"
    record.narration = narration
    return record


def narrated_opening(players: int = 3, seed: int = 7, lang: str | None = None,
                     later: bool = False):
    """The tutor on `opening_record`, at its set-up, in the teacher's view, without the
    new-game settings (a worked example), in `lang` (else the page address's language).
    `later=True` (in a kernel) gives a placeholder built once the page is drawn."""
    from foodplay_widgets.app.tutor import App
    from foodplay_widgets.pages.page import query_lang
    from foodplay_widgets.pages.worked_examples import later_app

    lang = query_lang() if lang is None else lang
    if later:
        return later_app(lambda: narrated_opening(players, seed, lang), lang)
    return App(opening_record(players, seed), seat=None, lang=lang, step=0, settings=False)
