"""Cuisine a la Card's table as plain text, for the command line and golden playthrough files."""

from __future__ import annotations

from collections import Counter
from typing import Any

from foodplay.i18n.messages import Catalogue

K = "cuisine-a-la-card."


def _cards(cat: Catalogue, cards: list[str]) -> str:
    return cat.series(cat.name(c) for c in cards) or cat.format(K + "text.none")


def _grouped(cat: Catalogue, cards: list[str]) -> str:
    """A pile whose order does not matter here, with repeats counted: "Tasting Spoon ×5"."""
    counts = Counter(cards)
    return cat.series(cat.name(c) if n == 1 else
                     cat.format(K + "text.times", {"card": c, "count": n})
                     for c, n in counts.items()) or cat.format(K + "text.none")


def _pile(cat: Catalogue, value: Any) -> str:
    if isinstance(value, dict):
        return cat.format(K + "text.hidden", {"count": value["count"]})
    return _grouped(cat, value)


def condition(cat: Catalogue, cond: dict[str, Any]) -> str:
    """A judge's or card's condition as a short phrase, such as "2 Produce"."""
    if "has" in cond:
        key, value = next(iter(cond["has"].items()))
        what = "seasoning" if key == "seasoning" else value
        return cat.format(K + "text.cond.has", {"count": cond.get("at_least", 1), "what": what})
    kind = "points" if "points" in cond else "cuisines"
    return cat.format(K + f"text.cond.{kind}", {"count": cond[kind]})


def effect(cat: Catalogue, eff: dict[str, Any], keys: str = K + "text.effect.") -> str:
    """One effect of the closed vocabulary as a phrase, such as "+1 money"; `keys` picks the
    wording (the text view's short phrases, or the app's full sentences)."""
    name = eff["effect"]
    params: dict[str, Any] = {"count": eff["amount"]}
    if name == "points_per":
        key, value = next(iter(eff["per"].items()))
        params["what"] = "seasoning" if key == "seasoning" else value
    if name == "medals" and eff.get("if"):
        name, params["cond"] = "medals_if", condition(cat, eff["if"])
    return cat.format(keys + name, params)


def ability(cat: Catalogue, data: dict[str, Any]) -> str:
    effects = cat.series(effect(cat, e) for e in data["effects"])
    return cat.format(K + f"text.trigger.{data['trigger']}", {"effects": effects})


def judge_line(cat: Catalogue, slot: dict[str, Any]) -> str:
    if slot["judge"] is None:
        return cat.format(K + "text.judge_none", {"slot": slot["slot"]})
    wants = [condition(cat, c) for c in slot["requires"]]
    wants += [cat.format(K + "text.medal_cond", {"medals": b["medals"],
                                                 "cond": condition(cat, b["if"])})
              for b in slot["bonus"]]
    wants += [cat.format(K + "text.penalty_cond", {"medals": b["medals"],
                                                   "cond": condition(cat, b["if"])})
              for b in slot["penalty"]]
    return cat.format(K + "text.judge", {
        "slot": slot["slot"], "judge": slot["judge"], "tier": slot["tier"],
        "count": slot["medals"],
        "wants": cat.series(wants, semicolons=True) or cat.format(K + "text.none"),
        "ability": ability(cat, slot["ability"]),
    })


def describe(view: dict[str, Any], cat: Catalogue) -> str:
    """Every line of the table that `view` allows, in reading order."""
    names = [s["name"] for s in view["seats"]]
    header = "text.header_over" if view["phase"] == "over" else "text.header"
    lines = [cat.format(K + header, {
        "round": view["round"], "seat": view["active"],
        "phase": cat.format(K + f"text.phase.{view['phase']}"), "target": view["target"],
        "pantry": view["pantry"]["count"], "forks": view["forks"]["count"],
        "cost": view["forks"]["cost"]}, names)]
    if view["end"]:
        lines.append(cat.format(K + "text.end"))
    if view["phase"] != "over":
        lines.append(cat.format(K + "text.spend", view["spend"]))
    if view["decision"]:
        lines.append(cat.format(K + "text.pending", {
            "seat": view["to_act"][0],
            "decision": cat.format(view["decision"], {"seat": view["to_act"][0]}, names)},
            names))
    slots = []
    for item in view["market"]:
        key = "text.market_slot" if item["card"] else "text.market_empty"
        slots.append(cat.format(K + key, item))
    lines.append(cat.format(K + "text.market", {"slots": " · ".join(slots)}))
    fridge = view["fridge"]
    lines.append(cat.format(K + "text.fridge", {"count": len(fridge["cards"]),
                                                "top": fridge["top"], "price": fridge["price"]}))
    for slot in view["judges"]:
        lines.append(judge_line(cat, slot))
    for seat, info in enumerate(view["seats"]):
        plates = cat.series(cat.name(c) if c else cat.format(K + "text.plate_empty")
                           for c in info["plates"])
        lines.append(cat.format(K + "text.seat", {
            "seat": seat, "medals": info["medals"], "eaten": info["eaten"],
            "hand": _pile(cat, info["hand"]), "deck": _pile(cat, info["deck"]),
            "discard": _pile(cat, info["discard"]), "plates": plates}, names))
        if info["played"]:
            lines.append(cat.format(K + "text.played", {"cards": _cards(cat, info["played"])}))
        dish = info["dish"]
        if isinstance(dish, dict):
            if dish["count"]:
                lines.append(cat.format(K + "text.dish_count", dish))
        elif dish:
            lines.append(cat.format(K + "text.dish",
                                    {"cards": _cards(cat, [d["card"] for d in dish])}))
        if info["judges"]:
            judges = cat.series(cat.name(w["judge"]) if w["active"] else
                               cat.format(K + "text.inactive", {"judge": w["judge"]})
                               for w in info["judges"])
            lines.append(cat.format(K + "text.won", {"judges": judges}))
    if view["trash"]:
        lines.append(cat.format(K + "text.trash", {"cards": _cards(cat, view["trash"])}))
    if view["scores"] is not None:
        lines.append(cat.format(K + "text.scores", {
            "scores": cat.series(f"{n} {p}" for n, p in zip(names, view["scores"], strict=True)),
            "winners": view["winners"]}, names))
    return "\n".join(lines)
