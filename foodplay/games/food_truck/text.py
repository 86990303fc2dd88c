"""Food Truck's table as plain text, for the command line and the golden playthrough files."""

from __future__ import annotations

from typing import Any

from foodplay.i18n.messages import Catalogue


def _cards(cat: Catalogue, cards: list[str]) -> str:
    return cat.series(cat.name(c) for c in cards) or "-"


def _stack(cat: Catalogue, stack: dict[str, Any]) -> str:
    if stack["face_down"]:
        return cat.format("food-truck.text.stack_down", stack)
    key = "food-truck.text.stack_pile" if stack["count"] > 1 else "food-truck.text.stack"
    return cat.format(key, stack)


def _status(view: dict[str, Any], seat: int, info: dict[str, Any]) -> str:
    if view["phase"] == "prepare":
        return "ready" if info["pile_ready"] else "in"
    if info["out"]:
        return "out"
    return "turn" if view["turn"] == seat else "in"


def describe(view: dict[str, Any], cat: Catalogue) -> str:
    """Every line of the table that `view` allows, in reading order."""
    names = [s["name"] for s in view["seats"]]
    lines = [cat.format("food-truck.text.header", {
        "round": view["round"], "seat": view["first_player"], "target": view["target"],
        "deck": view["central_deck"]["count"]}, names),
        cat.format("food-truck.text.supply", {"cards": _cards(cat, view["supply"])})]
    for seat, info in enumerate(view["seats"]):
        truck = info["truck"]
        truck_text = "-" if truck is None else cat.format(
            "food-truck.text.truck_used" if truck["used"] else "food-truck.text.truck", truck)
        lines.append(cat.format("food-truck.text.seat", {
            "seat": seat, "vp": info["vp"],
            "status": cat.format("food-truck.text.status." + _status(view, seat, info)),
            "truck": truck_text, "deck": info["truck_deck"]["count"],
            "discard": _cards(cat, info["truck_discard"])}, names))
        pile = info["pile"]
        if isinstance(pile, dict):
            lines.append(cat.format("food-truck.text.pile_hidden", pile))
        else:
            lines.append(cat.format("food-truck.text.pile", {"cards": _cards(cat, pile)}))
        hand = info["hand"]
        if isinstance(hand, dict):
            lines.append(cat.format("food-truck.text.hand_hidden", hand))
        elif hand:
            lines.append(cat.format("food-truck.text.hand", {"cards": _cards(cat, hand)}))
        if info["served"]:
            lines.append(cat.format("food-truck.text.served", {
                "cards": cat.series(_stack(cat, s) for s in info["served"])}))
    if view["clash"]:
        lines.append(cat.format("food-truck.text.clash", view["clash"], names))
    if view["scores"] is not None:
        lines.append(cat.format("food-truck.text.scores", {
            "scores": cat.series(f"{n} {p}" for n, p in zip(names, view["scores"], strict=True)),
            "winners": view["winners"]}, names))
    return "\n".join(lines)
