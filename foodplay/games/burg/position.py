"""BURG from a position given as data: the start of a round (rule 1), mid-game.

`setup.position` holds `round`, an optional ordered `deck` (top first) and one object per seat
named as in the seat's view: `hand` (tool cards, e.g. {"tongs": 1, "tea": 2}), `used`,
`burgers` ([{"recipe", "bottom"?}]), `in_progress` ([{"bottom", "fillings"}]), `wastebasket`
and `rat_tokens`. Every card comes out of the component set's deck; the rest is shuffled into
the draw deck unless `deck` lists it all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from foodplay import position as pos
from foodplay.data import Say, require
from foodplay.games.burg.lookups import fits_some_recipe
from foodplay.games.burg.state import BurgState

POSITION_KEYS = ("round", "deck", "seats")
SEAT_KEYS = ("hand", "used", "burgers", "in_progress", "wastebasket", "rat_tokens")


def apply(state: BurgState, raw: Any, shuffled: list[str], top: list[str]) -> None:
    """Lay out the position on a fresh state; `shuffled` is the whole deck in shuffled order."""
    game, comp, where = state.game, state.comp, "setup.position"
    pos.known_keys(pos.as_object(raw, where), POSITION_KEYS, where)
    state.round = pos.count(raw.get("round", 1), f"{where}.round", 1) - 1  # _start_round adds 1
    pool = pos.Pool(game, Counter(shuffled), "G1")
    for s, seat in enumerate(pos.seat_objects(raw, state.players, where, SEAT_KEYS)):
        _seat(state, s, seat, f"{where}.seats[{s}]", pool)
    done = state.complete_burgers()
    pos.check(done < state.target, game, where,
              Say("position.burg.over", count=done), "R6")
    if "deck" in raw:
        deck = pos.id_list(raw["deck"], f"{where}.deck", comp.counts, "a card")
        require(not top, "setup.deck_top", Say("position.with_deck", other="position.deck"))
        pool.take_all(deck, f"{where}.deck")
        missing = sorted(pool.left.elements())
        pos.check(not missing, game, f"{where}.deck",
                  Say("position.burg.missing", count=len(missing), example=str(missing[:1])),
                  "G1")
        state.deck = list(reversed(deck))
    else:
        state.deck = pos.stack_top(pool.rest(shuffled), top, "setup.deck_top", "deck")


def _seat(state: BurgState, s: int, raw: Mapping[str, Any], where: str, pool: pos.Pool) -> None:
    game, comp = state.game, state.comp
    hand = raw.get("hand", dict(comp.tools))
    require(isinstance(hand, Mapping) and set(hand) <= set(comp.tools), f"{where}.hand",
            Say("position.tool_hand", tools=", ".join(comp.tools)))
    hand = {t: pos.count(hand.get(t, 0), f"{where}.hand.{t}") for t in comp.tools}
    used = pos.id_list(raw.get("used", []), f"{where}.used", comp.tools, "a tool card")
    for tool, total in comp.tools.items():
        pos.check(hand[tool] + used.count(tool) == total, game, where,
                  Say("position.burg.tools", hand=hand[tool], tool=tool,
                      used=used.count(tool), total=total), "R3")
    pos.check(sum(hand.values()) > 0, game, f"{where}.hand",
              Say("position.burg.empty_hand"), "R3")
    state.hands[s], state.used[s] = hand, used
    recipes = {r.id: r for r in comp.recipes}
    for b, item in enumerate(_list(raw.get("burgers", []), f"{where}.burgers")):
        at = f"{where}.burgers[{b}]"
        pos.known_keys(pos.as_object(item, at), ("recipe", "bottom", "top"), at)
        name = item.get("recipe")
        recipe = recipes.get(name) if isinstance(name, str) else None
        require(recipe is not None, f"{at}.recipe",
                Say("position.one_of", values=", ".join(recipes)))
        bottom = _bottom(state, item.get("bottom", "bottom_bun"), f"{at}.bottom", pool)
        fillings = sorted(recipe.fillings.elements())
        pool.take_all(fillings, f"{at}.fillings")
        top = item.get("top", "top_bun")
        require(top in ("top_bun", "wastebasket"), f"{at}.top",
                Say("position.burg.top_choice", first="'top_bun'", second="'wastebasket'"))
        pos.check(top == "top_bun", game, f"{at}.top",
                  Say("position.burg.wastebasket_top"), "R7")
        pool.take("top_bun", f"{at}.top")
        state.burgers[s].append({"bottom": bottom, "fillings": fillings, "top": top,
                                 "recipe": recipe.id, "points": recipe.points})
    for b, item in enumerate(_list(raw.get("in_progress", []), f"{where}.in_progress")):
        at = f"{where}.in_progress[{b}]"
        pos.known_keys(pos.as_object(item, at), ("bottom", "fillings"), at)
        bottom = _bottom(state, item.get("bottom", "bottom_bun"), f"{at}.bottom", pool)
        fillings = pos.id_list(item.get("fillings", []), f"{at}.fillings", comp.counts, "a card")
        for i, card in enumerate(fillings):
            pos.check(comp.roles[card] == "filling", game, f"{at}.fillings[{i}]",
                      Say("position.burg.not_filling", card=repr(card)), "R5-3")
        pos.check(bool(fits_some_recipe(Counter(fillings), comp)), game, f"{at}.fillings",
                  Say("position.burg.no_recipe"), "R5-4")
        pool.take_all(fillings, f"{at}.fillings")
        state.progress[s].append({"bottom": bottom, "fillings": fillings})
    waste = pos.id_list(raw.get("wastebasket", []), f"{where}.wastebasket", comp.counts, "a card")
    pool.take_all(waste, f"{where}.wastebasket")
    state.waste[s] = waste
    rats = pos.count(raw.get("rat_tokens", 0), f"{where}.rat_tokens")
    pos.check(rats <= waste.count("rat"), game, f"{where}.rat_tokens",
              Say("position.burg.rats", rats=rats, cards=waste.count("rat")), "R5-1")
    state.rat_tokens[s] = rats


def _list(value: Any, where: str) -> list[Any]:
    require(isinstance(value, list), where, Say("data.list"))
    return value


def _bottom(state: BurgState, card: Any, where: str, pool: pos.Pool) -> str:
    require(isinstance(card, str) and card in state.comp.counts, where,
            Say("position.not_card", value=pos.Shown(card)))
    pos.check(state.comp.roles[card] != "rat", state.game, where,
              Say("position.burg.rat_bun"), "R5-2")
    pool.take(card, where)
    return card


def export(state: BurgState) -> dict[str, Any] | None:
    """The position document of `state` if it is the start of a round (nothing revealed yet),
    else None: what `apply` reads back into the same position, the deck in its order."""
    if state.phase != "reveal" or state.revealed or state.piles or state.waiting_rats \
            or state.pending is not None or state.is_over:
        return None
    seats = []
    for s in range(state.players):
        seats.append({
            "hand": dict(state.hands[s]), "used": list(state.used[s]),
            "burgers": [{"recipe": b["recipe"], "bottom": b["bottom"], "top": b["top"]}
                        for b in state.burgers[s]],
            "in_progress": [{"bottom": b["bottom"], "fillings": list(b["fillings"])}
                            for b in state.progress[s]],
            "wastebasket": list(state.waste[s]), "rat_tokens": state.rat_tokens[s]})
    return {"first_player": state.first,
            "position": {"round": state.round, "deck": list(reversed(state.deck)),
                         "seats": seats}}
