"""Cuisine a la Card's heuristic bot: serve the best dish it can, else buy toward the open judges.

It reads only `state.view(seat)`, `state.legal_moves(seat)` and the printed card texts (the
component set, which is public), so its hints never leak another seat's secrets.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from foodplay.engine import Move, Seat, Suggestion
from foodplay.games.cuisine_a_la_card import scoring
from foodplay.games.cuisine_a_la_card.components import Components

K = "cuisine-a-la-card."
WARM_AT_LEAST = 3.0  # a plate holds its card until served: keep plates for good ingredients
PLAY_VALUE = {"spoons": 0.8, "draw": 0.6, "buys": 0.3, "gain_fork": 0.5, "trash": 0.1,
              "retrieve": 0.1, "warm": 0.2, "others_discard": 0.3}


def _hint(move: Move, reason: str, **params: Any) -> Suggestion:
    return Suggestion(move, K + reason, tuple(params.items()))


def _find(legal: list[Move], kind: str, **params: Any) -> Move | None:
    for move in legal:
        if move.kind == kind and all(move.get(k) == v for k, v in params.items()):
            return move
    return None


# --- dishes ----------------------------------------------------------------------------------
def _pool(me: dict[str, Any], comp: Components) -> list[dict[str, Any]]:
    """Every ingredient I could cook now: hand, plates, and the dish on the counter, put back."""
    entries = [{"card": c, "from": "hand", "plate": None, "as": None} for c in me["hand"]]
    entries += [{"card": c, "from": "plate", "plate": p + 1, "as": None}
                for p, c in enumerate(me["plates"]) if c]
    for entry in me["dish"]:
        entries.append({**entry, "as": None})
    pool = [e for e in entries if comp.ingredient(e["card"])]
    return sorted(pool, key=lambda e: (e["card"], e["from"], e["plate"] or 0))


def _typed(dish: list[dict[str, Any]], comp: Components) -> list[list[dict[str, Any]]]:
    """Every way to choose the dual food types of a dish (at most 8)."""
    duals = [i for i, e in enumerate(dish) if comp.cards[e["card"]].dual][:3]
    ways = []
    for choice in product(*(comp.cards[dish[i]["card"]].types for i in duals)):
        typed = [dict(e) for e in dish]
        for i, chosen in zip(duals, choice, strict=True):
            typed[i]["as"] = chosen
        ways.append(typed)
    return ways


def _best_typing(dish, comp, judge, abilities, more_medals):
    """(typed dish, meal points, medals) of the typing the judge gives most medals, or None."""
    best = None
    for typed in _typed(dish, comp):
        scored = scoring.points(typed, comp, abilities)
        medals = scoring.accepted_medals(typed, comp, judge, scored, more_medals)
        if medals and (best is None or medals > best[2]):
            best = (typed, scored[0], medals)
    return best


def plan_dish(view: dict[str, Any], seat: Seat, comp: Components) -> dict[str, Any] | None:
    """The dish to serve now, if any: most medals, then fewest ingredients eaten."""
    me = view["seats"][seat]
    pool = _pool(me, comp)
    if not pool:
        return None
    abilities = [comp.judges[w["judge"]] for w in me["judges"]
                 if w["active"] and comp.judges[w["judge"]].ability.trigger == "submit"]
    ceiling = max(scoring.points(t, comp, abilities)[0] for t in _typed(pool, comp))
    more = view["options"]["more_medals"]
    best = None
    for slot in view["judges"]:
        if slot["judge"] is None or slot["tier"] > ceiling:
            continue
        judge = comp.judges[slot["judge"]]
        found = _best_typing(pool, comp, judge, abilities, more)
        dish = pool
        if found is None:  # a disliked ingredient may spoil the full dish: try leaving one out
            for i in range(len(pool)):
                found = _best_typing(pool[:i] + pool[i + 1:], comp, judge, abilities, more)
                if found:
                    dish = pool[:i] + pool[i + 1:]
                    break
        if found is None:
            continue
        medals = found[2]
        trimmed = True
        while trimmed:  # eat as few ingredients as the same medals allow
            trimmed = False
            for i in sorted(range(len(dish)), key=lambda i: comp.cards[dish[i]["card"]].points):
                trial = dish[:i] + dish[i + 1:]
                again = _best_typing(trial, comp, judge, abilities, more) if trial else None
                if again and again[2] >= medals:
                    dish, found, trimmed = trial, again, True
                    break
        key = (found[2], -len(dish), judge.tier)
        if best is None or key > best["key"]:
            best = {"key": key, "slot": slot["slot"], "judge": judge, "dish": found[0],
                    "points": found[1], "medals": found[2]}
    return best


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["card"] == b["card"] and a["from"] == b["from"] and a["plate"] == b["plate"]


def _cook(plan: dict[str, Any], me: dict[str, Any], legal: list[Move], comp: Components,
          mode: str) -> Suggestion | None:
    """The next step toward the planned dish, or None if the counter holds something else."""
    staged = me["dish"]
    left = list(plan["dish"])
    for entry in staged:
        match = next((e for e in left if _same(e, entry)), None)
        if match is None:
            return None
        left.remove(match)
    if mode == "food_type":
        entry = staged[-1]  # a dual card's type is chosen right after it is added
        want = next(e["as"] for e in plan["dish"] if _same(e, entry))
        move = _find(legal, "food_type", type=want) or legal[0]
        return _hint(move, "reason.food_type", card=entry["card"], type=move.get("type"),
                     judge=plan["judge"].id)
    if not left:
        move = _find(legal, "serve", judge=plan["slot"])
        if move is None:
            return None
        cuisine = _pair(plan["dish"], comp)
        if cuisine:
            return _hint(move, "reason.serve_pair", judge=plan["judge"].id,
                         tier=plan["judge"].tier, points=plan["points"], cuisine=cuisine,
                         count=plan["medals"])
        return _hint(move, "reason.serve", judge=plan["judge"].id, tier=plan["judge"].tier,
                     points=plan["points"], count=plan["medals"])
    entry = left[0]
    if entry["from"] == "plate":
        move = _find(legal, "dish_plate", plate=entry["plate"])
    else:
        move = _find(legal, "dish", card=entry["card"])
    if move is None:
        return None
    return _hint(move, "reason.cook", card=entry["card"], judge=plan["judge"].id,
                 tier=plan["judge"].tier, points=plan["points"])


def _pair(dish: list[dict[str, Any]], comp: Components) -> str | None:
    counts = Counter(comp.cards[e["card"]].cuisine for e in dish
                     if comp.cards[e["card"]].cuisine_ability)
    pairs = [c for c, n in counts.items() if c and n >= 2]
    return pairs[0] if pairs else None


# --- buying ----------------------------------------------------------------------------------
def card_value(card_id: str, view: dict[str, Any], me: dict[str, Any],
               comp: Components) -> float:
    """How much a card would help me: its points, the open judges' tastes I still lack, and
    partners of its cuisine among the cards I own (my whole deck is public knowledge)."""
    if card_id == "fork":
        return 1.0
    if card_id == "spoon":
        return 0.8
    card = comp.cards[card_id]
    owned = [c for c, n in me["owned"].items() for _ in range(n) if comp.ingredient(c)]
    value = float(card.points)
    for slot in view["judges"]:
        if slot["judge"] is None:
            continue
        for cond in slot["requires"]:
            if "has" in cond and _provides(card, cond["has"]):
                have = sum(_provides(comp.cards[c], cond["has"]) for c in owned)
                value += 2.0 if have <= cond["at_least"] else 0.3
        for item in slot["bonus"]:
            if "has" in item["if"] and _provides(card, item["if"]["has"]):
                value += 0.3
        for item in slot["penalty"]:
            if "has" in item["if"] and _provides(card, item["if"]["has"]):
                value -= 0.8
    if card.cuisine and card.cuisine_ability:
        partners = sum(comp.cards[c].cuisine == card.cuisine for c in owned)
        value += 0.4 * min(partners, 3) + 0.3
    for ability in card.abilities:
        for effect in ability.effects:
            if ability.trigger == "play":
                value += PLAY_VALUE.get(effect["effect"], 0) * effect["amount"]
            elif effect["effect"] in ("points", "points_per"):
                value += 1.0
            elif effect["effect"] == "medals":
                value += 1.5
    return value


def _provides(card, flt: dict[str, Any]) -> bool:
    """Whether a card can meet a taste: a dual-type card may count as either type."""
    if card.dual and "type" in flt:
        return flt["type"] in card.types
    return scoring.matches(card, None, flt)


def _money_in_hand(me: dict[str, Any], comp: Components) -> int:
    money = 0
    for card in me["hand"]:
        info = comp.cards[card]
        money += info.currency
        money += sum(e["amount"] for a in info.abilities if a.trigger == "play"
                     for e in a.effects if e["effect"] == "spoons")
    return money


def _shopping(view: dict[str, Any], me: dict[str, Any], comp: Components,
              budget: int) -> tuple[str, Any, float, int] | None:
    """The best card within `budget`: (where, slot or card, value, price)."""
    options = []
    for item in view["market"]:
        if item["card"] and item["cost"] <= budget:
            options.append(("market", item["slot"], card_value(item["card"], view, me, comp),
                            item["cost"], item["card"]))
    top = view["fridge"]["top"]
    if top and view["fridge"]["price"] <= budget:
        options.append(("fridge", None, card_value(top, view, me, comp) + 0.3,
                        view["fridge"]["price"], top))
    if view["forks"]["count"] and view["forks"]["cost"] <= budget:
        options.append(("fork", None, card_value("fork", view, me, comp),
                        view["forks"]["cost"], "fork"))
    if not options:
        return None
    best = max(options, key=lambda o: (o[2], -o[3]))
    return best if best[2] >= 1.0 else None


# --- choices ---------------------------------------------------------------------------------
def suggest(state, seat: Seat) -> Suggestion:
    """A sensible move for `seat` with a one-line reason."""
    view = state.view(seat)
    legal = state.legal_moves(seat)
    comp: Components = state.comp
    me = view["seats"][seat]
    mode = view["mode"]
    if len(legal) == 1:
        return _hint(legal[0], "reason.only")
    if mode == "others_discard":
        worst = min(legal, key=lambda m: card_value(m.get("card"), view, me, comp))
        return _hint(worst, "reason.discard", card=worst.get("card"))
    if mode == "trash":
        spoons = sum(c == "spoon" for c in me["hand"] + me["discard"])
        if "spoon" in me["hand"] and spoons >= 6:
            return _hint(_find(legal, "trash", card="spoon"), "reason.trash_spoon")
        return _hint(_find(legal, "no_trash"), "reason.keep_all")
    if mode == "retrieve":
        for move in legal:
            if move.kind == "retrieve" and comp.cards[me["plates"][move.get("plate") - 1]].tool:
                return _hint(move, "reason.retrieve_tool", card=me["plates"][move.get("plate") - 1])
        return _hint(_find(legal, "no_retrieve"), "reason.leave_plates")
    if mode in ("warming", "warm"):
        return _warm(view, me, legal, comp)
    if mode in ("play", "dish", "food_type"):
        plan = plan_dish(view, seat, comp) if not view["spend"]["purchases"] else None
        if plan:
            hint = _cook(plan, me, legal, comp, mode)
            if hint:
                return hint
        if mode == "dish":
            return _hint(_find(legal, "cancel"), "reason.cancel")
        if mode == "food_type":
            return _hint(legal[0], "reason.food_type_any", type=legal[0].get("type"))
        return _play(view, me, legal, comp)
    return _hint(legal[0], "reason.only")


def _warm(view: dict[str, Any], me: dict[str, Any], legal: list[Move],
          comp: Components) -> Suggestion:
    ingredients = [m for m in legal if m.kind == "warm" and comp.ingredient(m.get("card"))
                   and card_value(m.get("card"), view, me, comp) >= WARM_AT_LEAST]
    if not ingredients:
        return _hint(_find(legal, "no_warm"), "reason.no_warm")
    best = max(ingredients, key=lambda m: card_value(m.get("card"), view, me, comp))
    return _hint(best, "reason.warm", card=best.get("card"),
                 points=comp.cards[best.get("card")].points)


def _play(view: dict[str, Any], me: dict[str, Any], legal: list[Move],
          comp: Components) -> Suggestion:
    spend = view["spend"]
    # 1. ingredients whose On Play ability helps: they would be discarded unplayed anyway
    for move in legal:
        if move.kind == "play" and comp.ingredient(move.get("card")):
            card = comp.cards[move.get("card")]
            if any(a.trigger == "play" for a in card.abilities) or (
                    card.cuisine_ability and card.cuisine_ability.trigger == "play"
                    and any(comp.cards[c].cuisine == card.cuisine for c in me["played"])):
                return _hint(move, "reason.play_ability", card=card.id)
    # 2. money toward the best card we can reach this turn
    if not spend["served"] and spend["buys"] > 0:
        reach = spend["currency"] + _money_in_hand(me, comp) + me["hand"].count("fork")
        target = _shopping(view, me, comp, reach)
        if target:
            where, slot, _, price, card = target
            if spend["currency"] >= price:
                move = {"market": lambda: _find(legal, "buy", slot=slot),
                        "fridge": lambda: _find(legal, "buy_fridge"),
                        "fork": lambda: _find(legal, "buy_fork")}[where]()
                if move:
                    key = "reason.buy_fridge" if where == "fridge" else "reason.buy"
                    return _hint(move, key, card=card, price=price)
            money = _find(legal, "play", card="spoon") or _find(legal, "fork", use="currency")
            if money:
                return _hint(money, "reason.money", card=card, price=price,
                             have=spend["currency"])
    return _hint(_find(legal, "end"), "reason.end")
