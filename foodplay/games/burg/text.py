"""BURG's table as plain text, for the command line and the golden playthrough files."""

from __future__ import annotations

from typing import Any

from foodplay.i18n.messages import Catalogue


def _cards(cat: Catalogue, cards: list[str]) -> str:
    return cat.series(cat.name(c) for c in cards) or "-"


def _hidden(cat: Catalogue, value: Any) -> str:
    if isinstance(value, dict) and "count" in value:
        return cat.format("burg.text.hidden_count", {"count": value["count"]})
    return _cards(cat, value) if isinstance(value, list) else str(value)


def describe(view: dict[str, Any], cat: Catalogue) -> str:
    """Every line of the table that `view` allows, in reading order."""
    lines = [cat.format("burg.text.header", {"round": view["round"], "seat": view["first_player"],
                                             "deck": view["deck"]["count"],
                                             "count": view["complete_burgers"],
                                             "target": view["target"]},
                        [s["name"] for s in view["seats"]])]
    names = [s["name"] for s in view["seats"]]
    reveal = view["reveal"]
    if view["phase"] in ("reveal", "place"):
        lines.append(cat.format("burg.text.reveal", {"revealed": reveal["revealed"],
                                                     "needed": reveal["needed"]}))
    if reveal["pending"]:
        lines.append(cat.format("burg.text.pending", {"card": reveal["pending"]}))
    if reveal["waiting_rats"]:
        lines.append(cat.format("burg.text.waiting_rats", {"count": reveal["waiting_rats"]}))
    for pile in view["piles"]:
        key = "burg.text.pile_taken" if pile["taken"] else "burg.text.pile"
        lines.append(cat.format(key, {"pile": pile["number"], "cards": _cards(cat, pile["cards"])}))
    for seat, info in enumerate(view["seats"]):
        tokens = info["rat_tokens"]
        lines.append(cat.format("burg.text.seat", {
            "seat": seat,
            "hand": _hidden(cat, info["hand"] if "count" in info["hand"] else
                            [t for t, n in info["hand"].items() for _ in range(n)]),
            "used": _hidden(cat, info["used"]),
            "chosen": cat.name(info["chosen"]) if info["chosen"] else "-",
            "rats": "?" if tokens is None else tokens,
            "waste": _hidden(cat, info["wastebasket"]),
        }, names))
        if info["taken"]:
            lines.append(cat.format("burg.text.taken", {"cards": _cards(cat, info["taken"])}))
        for number, burger in enumerate(info["in_progress"], start=1):
            lines.append(cat.format("burg.text.in_progress", {
                "burger": number, "bottom": cat.name(burger["bottom"]),
                "fillings": _cards(cat, burger["fillings"])}))
        for burger in info["burgers"]:
            lines.append(cat.format("burg.text.burger", {"recipe": burger["recipe"],
                                                         "points": burger["points"]}))
    if view["scores"] is not None:
        lines.append(cat.format("burg.text.scores", {
            "scores": cat.series(f"{n} {p}" for n, p in zip(names, view["scores"], strict=True)),
            "winners": view["winners"]}, names))
    return "\n".join(lines)
