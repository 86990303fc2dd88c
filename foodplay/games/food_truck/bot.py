"""Food Truck's heuristic bot. It reads only `state.view(seat)` and the legal moves, so its hints
never leak another seat's secrets."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.engine import Move, Seat, Suggestion


def _hint(move: Move, reason: str, **params: Any) -> Suggestion:
    return Suggestion(move, reason, tuple(params.items()))


def _shown(view: dict[str, Any], seat: Seat, card: str) -> list[Seat]:
    """The other seats showing `card` face up: revealing it now would put `seat` out."""
    return [s for s, info in enumerate(view["seats"]) if s != seat
            and any(st["card"] == card and not st["face_down"] for st in info["served"])]


def plan(view: dict[str, Any], seat: Seat) -> list[tuple[str, str]]:
    """The whole pile this seat would like, top first, as (card, reason key) pairs.

    Lead with a meal the players revealing before you are unlikely to open with, follow with
    its copies (safe once served), then meals nobody else owns and the dessert (always safe),
    and last the meals others are least likely to have served by then.
    """
    me = view["seats"][seat]
    owned = Counter(me["cards"])
    others: Counter[str] = Counter()
    for s, info in enumerate(view["seats"]):
        if s != seat:
            others.update(info["cards"])
    place = (seat - view["first_player"]) % len(view["seats"])
    mine = [m for m in view["meals"] if owned[m]]
    contested = [m for m in mine if others[m]]
    safe = [m for m in mine if not others[m]]
    order: list[tuple[str, str]] = []
    rest = contested
    if contested:
        most = max(owned[m] for m in contested)
        tied = [m for m in contested if owned[m] == most]
        lead = tied[place % len(tied)]
        order.append((lead, "food-truck.reason.order_lead"))
        order += [(lead, "food-truck.reason.order_stack")] * (owned[lead] - 1)
        start = contested.index(lead)
        rest = [m for m in contested[start + 1:] + contested[:start]]
        rest.sort(key=lambda m: others[m])
    for meal in safe:
        order += [(meal, "food-truck.reason.order_safe")] * owned[meal]
    order.append((me["dessert"], "food-truck.reason.order_dessert"))
    for meal in rest:
        order += [(meal, "food-truck.reason.order_rest")] * owned[meal]
    return order


def suggest(state, seat: Seat) -> Suggestion:
    """A sensible move for `seat` with a one-line reason."""
    view = state.view(seat)
    legal = state.legal_moves(seat)
    phase = view["phase"]
    if phase == "prepare":
        return _order(view, seat, legal)
    if phase == "pick":
        return _pick(view, seat, legal)
    if len(legal) == 1 and phase == "clash":
        return _hint(legal[0], "food-truck.reason.go_out")
    me = view["seats"][seat]
    pile = me["pile"]
    by_kind: dict[str, list[Move]] = {}
    for move in legal:
        by_kind.setdefault(move.kind, []).append(move)
    if phase == "clash":
        if "cover" in by_kind:
            move = by_kind["cover"][0]
            return _hint(move, "food-truck.reason.cover", target=move.get("target"),
                         card=view["clash"]["card"])
        if "detour" in by_kind:
            safe = pile[0] == me["dessert"] or not _shown(view, seat, pile[0])
            return _hint(by_kind["detour"][0], "food-truck.reason.detour" if safe
                         else "food-truck.reason.detour_hope")
        if "rush" in by_kind:
            return _hint(by_kind["rush"][0], "food-truck.reason.rush")
        return _hint(by_kind["go_out"][0], "food-truck.reason.go_out")
    # turn: reveal, perhaps after a truck card
    top = pile[0]
    if top == me["dessert"]:
        return _hint(by_kind["reveal"][0], "food-truck.reason.reveal_dessert")
    blockers = _shown(view, seat, top)
    if not blockers:
        return _hint(by_kind["reveal"][0], "food-truck.reason.reveal", card=top)
    if "swap" in by_kind and (pile[1] == me["dessert"] or not _shown(view, seat, pile[1])):
        return _hint(by_kind["swap"][0], "food-truck.reason.swap", card=top, next=pile[1])
    if len(blockers) == 1:
        for move in by_kind.get("recall", []):
            if move.get("target") == blockers[0] and move.get("card") == top:
                return _hint(move, "food-truck.reason.recall", target=blockers[0], card=top)
    return _hint(by_kind["reveal"][0], "food-truck.reason.reveal_risky", card=top)


def _order(view: dict[str, Any], seat: Seat, legal: list[Move]) -> Suggestion:
    placed = Counter(view["seats"][seat]["pile"])
    for card, reason in plan(view, seat):
        if placed[card]:
            placed[card] -= 1
            continue
        for move in legal:
            if move.get("card") == card:
                return _hint(move, reason, card=card,
                             place=(seat - view["first_player"]) % len(view["seats"]) + 1)
    return _hint(legal[0], "food-truck.reason.only")


def _pick(view: dict[str, Any], seat: Seat, legal: list[Move]) -> Suggestion:
    owned = Counter(view["seats"][seat]["cards"])
    others: Counter[str] = Counter()
    for s, info in enumerate(view["seats"]):
        if s != seat:
            others.update(info["cards"])

    def score(move: Move) -> tuple[int, int, int]:
        card = move.get("card")
        return (others[card] == 0, owned[card], -others[card])

    best = max(legal, key=score)
    card = best.get("card")
    if others[card] == 0:
        return _hint(best, "food-truck.reason.pick_unique", card=card)
    if owned[card]:
        return _hint(best, "food-truck.reason.pick_stack", card=card)
    return _hint(best, "food-truck.reason.pick_any", card=card)
