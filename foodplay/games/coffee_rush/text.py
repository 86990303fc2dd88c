"""Coffee Rush's table as plain text, for the command line and golden playthrough files."""

from __future__ import annotations

from typing import Any

from foodplay.i18n.messages import Catalogue


def _names(cat: Catalogue, items: list[str]) -> str:
    return cat.series(cat.name(i) for i in items) or "-"


def _hidden(cat: Catalogue, value: Any) -> str:
    if isinstance(value, dict):
        return cat.format("coffee-rush.text.face_down", {"count": value["count"]})
    return _names(cat, value)


def _cell(cat: Catalogue, cell: dict[str, Any], names: list[str]) -> str:
    marks = [cat.format("coffee-rush.text.corner")] if cell["corner"] else []
    if cell["ribbon"]:
        marks.append(cat.format("coffee-rush.text.ribbon"))
    marks += [cat.format("coffee-rush.text.meeple", {"seat": s, "meeple": m}, names)
              for s, m in cell["meeples"]]
    text = cat.name(cell["ingredient"])
    return f"{text} ({', '.join(marks)})" if marks else text


def describe(view: dict[str, Any], cat: Catalogue) -> str:
    """Every line of the table that `view` allows, in reading order."""
    names = [s["name"] for s in view["seats"]]
    turn = view["turn"]
    setup = view["phase"] in ("place", "setup_pour")
    lines = [cat.format("coffee-rush.text.header_setup" if setup else "coffee-rush.text.header", {
        "number": turn["number"], "seat": turn["seat"], "first": view["start_player"],
        "token": cat.format(f"coffee-rush.text.token_{view['start_token']}"),
        "count": view["deck"]["count"]}, names)]
    if "top_first" in view["deck"]:
        lines.append(cat.format("coffee-rush.text.deck_top", {
            "cards": _names(cat, view["deck"]["top_first"][:5])}))
    board = view["board"]
    for r in range(board["rows"]):
        row = board["cells"][r * board["cols"]:(r + 1) * board["cols"]]
        lines.append(cat.format("coffee-rush.text.row", {
            "row": r + 1, "cells": " | ".join(_cell(cat, c, names) for c in row)}))
    lines.append(cat.format("coffee-rush.text.supply", {"supply": cat.series(
        f"{cat.name(k)} {v}" for k, v in view["supply"].items())}))
    if view["phase"] in ("move", "pour", "serve"):
        path = " > ".join(cat.format("coffee-rush.text.cell_ref", {"row": r, "col": c})
                          for r, c in turn["path"]) or "-"
        lines.append(cat.format("coffee-rush.text.turn", {
            "seat": turn["seat"], "steps": turn["steps"], "free": turn["free_steps"],
            "path": path, "held": _names(cat, turn["held"]), "served": turn["served"]}, names))
    for seat, info in enumerate(view["seats"]):
        active = [u for u, on in info["upgrades"].items() if on]
        lines.append(cat.format("coffee-rush.text.seat", {
            "seat": seat, "rush": info["rush"], "completed": _hidden(cat, info["completed"]),
            "penalties": _hidden(cat, info["penalties"]), "upgrades": _names(cat, active),
            "turns": info["turns"]}, names))
        lines.append(cat.format("coffee-rush.text.cups", {"cups": "  ".join(
            f"{k}) {_names(cat, cup)}" for k, cup in enumerate(info["cups"], start=1))}))
        for tab, orders in enumerate(info["tabs"], start=1):
            listed = cat.template("list.cited_sep").join(cat.format(
                "coffee-rush.text.order_special" if o["specialty"] else "coffee-rush.text.order",
                {"order": o["id"], "ingredients": _names(cat, o["ingredients"])})
                for o in orders) or "-"
            lines.append(cat.format("coffee-rush.text.tab", {"tab": tab, "orders": listed}))
    if view["scores"] is not None:
        lines.append(cat.format("coffee-rush.text.scores", {
            "scores": cat.series(f"{n} {p}" for n, p in zip(names, view["scores"], strict=True)),
            "winners": view["winners"]}, names))
    return "\n".join(lines)
