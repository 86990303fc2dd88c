"""BURG's heuristic bot. It reads only `state.view(seat)`, so its hints never leak secrets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Move, Seat, Suggestion

TONGS_THRESHOLD = 2.0


def _hint(move: Move, reason: str, **params: Any) -> Suggestion:
    return Suggestion(move, reason, tuple(params.items()))


def _fits(fillings: Counter[str], recipes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in recipes
            if all(n <= Counter(r["fillings"])[k] for k, n in fillings.items())]


def card_value(card: str, me: dict[str, Any], recipes: list[dict[str, Any]]) -> float:
    """How much one card helps `me`, judged from my burgers in progress."""
    progress = me["in_progress"]
    if card == "rat":
        return -1.5
    if card == "bottom_bun":
        return 1.0 if not progress else 0.4
    if card == "top_bun":
        exact = any(Counter(b["fillings"]) == Counter(r["fillings"])
                    for b in progress for r in recipes)
        return 2.5 if exact else (1.2 if progress else 0.6)
    for burger in progress:
        if _fits(Counter(burger["fillings"]) + Counter([card]), recipes):
            return 1.5
    return 0.6 if any(card in r["fillings"] for r in recipes) else 0.1


def pile_value(cards: list[str], me: dict[str, Any], recipes: list[dict[str, Any]]) -> float:
    return sum(card_value(c, me, recipes) for c in cards)


def suggest(state, seat: Seat) -> Suggestion:
    """A sensible move for `seat` with a one-line reason."""
    view = state.view(seat)
    legal = state.legal_moves(seat)
    me = view["seats"][seat]
    recipes = view["recipes"]
    phase = view["phase"]
    if len(legal) == 1:
        key = "burg.reason.reveal" if phase == "reveal" else "burg.reason.only"
        if phase == "tools":
            key = "burg.reason.tea_forced" if legal[0].get("tool") == "tea" \
                else "burg.reason.tongs_forced"
        return _hint(legal[0], key)
    if phase == "place":
        card = view["reveal"]["pending"]
        piles = view["piles"]
        if card == "rat":
            # spoil the pile the others will want most; the first player takes last (D2)
            target = max(piles, key=lambda p: (len(p["cards"]), -p["number"]))
            return _hint(Move.make(seat, "place", pile=target["number"]),
                         "burg.reason.place_rat_weak", pile=target["number"])
        target = min(piles, key=lambda p: (len(p["cards"]), p["number"]))
        return _hint(Move.make(seat, "place", pile=target["number"]), "burg.reason.place_spread",
                     card=card, pile=target["number"])
    if phase == "tools":
        best = max((pile_value(p["cards"], me, recipes) for p in view["piles"]), default=0.0)
        if best >= TONGS_THRESHOLD and me["hand"]["tongs"]:
            return _hint(Move.make(seat, "tool", tool="tongs"), "burg.reason.tongs_value",
                         value=round(best, 1))
        return _hint(Move.make(seat, "tool", tool="tea"), "burg.reason.tea_saves",
                     value=round(best, 1))
    if phase == "take":
        open_piles = [p for p in view["piles"] if not p["taken"]]
        best = max(open_piles, key=lambda p: pile_value(p["cards"], me, recipes))
        return _hint(Move.make(seat, "take", pile=best["number"]), "burg.reason.take_best",
                     pile=best["number"], cards=best["cards"])
    if phase == "final":
        finals = [m for m in legal if m.kind == "final"]
        best = max(finals, key=lambda m: _points(me, m.get("burger"), recipes))
        return _hint(best, "burg.reason.final", burger=best.get("burger"),
                     points=_points(me, best.get("burger"), recipes))
    return _build(seat, legal, me, recipes)


def _points(me: dict[str, Any], burger: int, recipes: list[dict[str, Any]]) -> int:
    fillings = Counter(me["in_progress"][burger - 1]["fillings"])
    return next(r["points"] for r in recipes if Counter(r["fillings"]) == fillings)


def _recipe_for(fillings: Counter[str], recipes: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((r for r in recipes if Counter(r["fillings"]) == fillings), None)


def _build(seat: Seat, legal: list[Move], me: dict[str, Any],
           recipes: list[dict[str, Any]]) -> Suggestion:
    by_kind: dict[str, list[Move]] = {}
    for move in legal:
        by_kind.setdefault(move.kind, []).append(move)
    progress = me["in_progress"]
    if "close" in by_kind:
        best = max(by_kind["close"], key=lambda m: _points(me, m.get("burger"), recipes))
        recipe = _recipe_for(Counter(progress[best.get("burger") - 1]["fillings"]), recipes)
        return _hint(best, "burg.reason.close", burger=best.get("burger"), recipe=recipe["id"],
                     points=recipe["points"])
    if "add" in by_kind:
        def closeness(m: Move) -> tuple[int, int]:
            fill = Counter(progress[m.get("burger") - 1]["fillings"]) + Counter([m.get("card")])
            missing = min(sum((Counter(r["fillings"]) - fill).values())
                          for r in _fits(fill, recipes))
            return (-missing, len(fill))

        best = max(by_kind["add"], key=closeness)
        fill = Counter(progress[best.get("burger") - 1]["fillings"]) + Counter([best.get("card")])
        goal = min(_fits(fill, recipes),
                   key=lambda r: (sum((Counter(r["fillings"]) - fill).values()), -r["points"]))
        return _hint(best, "burg.reason.add", card=best.get("card"), burger=best.get("burger"),
                     recipe=goal["id"])
    fillings = [c for c in me["taken"] if c not in ("bottom_bun", "top_bun")]
    if "start" in by_kind and (fillings or not progress):
        return _hint(by_kind["start"][0], "burg.reason.start")
    if "flip" in by_kind and len(me["taken"]) >= 2 and fillings:
        # flip the card that fits the fewest recipes, keeping the useful ones for the top
        def usefulness(m: Move) -> tuple[int, int]:
            card = m.get("card")
            return (card == "top_bun", sum(card in r["fillings"] for r in recipes))

        best = min(by_kind["flip"], key=usefulness)
        return _hint(best, "burg.reason.flip", card=best.get("card"))
    return _hint(by_kind["done"][0], "burg.reason.done")
