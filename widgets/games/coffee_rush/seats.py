"""Coffee Rush's seats on the table: each player's order tabs, cups, upgrades and face-down
cards, as HTML text.

A seat and each of its rows are cached by value (the seat's fields as JSON, the language and
the seat names): on a step mostly one seat changes, and in it one or two rows; the rest is
drawn again from the cache."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from foodplay_widgets.app.diff import ViewDiff, changed_mark, seat_row
from foodplay_widgets.games.coffee_rush.pieces import (
    UI,
    chip,
    cup_matches,
    order_card,
    seat_class,
)
from foodplay_widgets.text import HashableText, Text, esc

# a seat's fields that the table marks when the last step changed them
FIELDS = ("tabs", "cups", "upgrades", "completed", "penalties", "rush", "spent")


def seat_html(view: dict[str, Any], s: int, d: ViewDiff, text: Text) -> str:
    """Seat `s` of `view`: its tags, order tabs, cups, upgrades and cards, with what the last
    step changed (`d`) marked."""
    tags = []
    if view.get("winners") and s in view["winners"]:
        tags.append(("winner", "fp-tag-first"))
    if s == view["start_player"] and view["phase"] != "over":
        tags.append(("start", "fp-tag-first fp-cr-tag-start"))
    if s in view["to_act"]:
        tags.append(("to_act", "fp-tag-act"))
    if s == view["seat"]:
        tags.append(("view", "fp-tag-you"))
    changed = frozenset(f for f in FIELDS if d.changed("seats", s, f))
    seat = view["seats"][s]  # its meeples are drawn on the board, not here: not in the key
    drawn = _json({field: seat[field] for field in ("name", *FIELDS)})
    return _seat(HashableText.of(text), s, drawn, tuple(tags), s in view["to_act"], changed)


def _json(value: Any) -> str:
    """A part of a view as a cache key (a view is JSON data)."""
    return json.dumps(value)


@lru_cache(maxsize=256)
def _seat(text: HashableText, s: int, seat_json: str, tags: tuple[tuple[str, str], ...],
          acting: bool, changed: frozenset[str]) -> str:
    """The seat drawn from its inputs only (the fields it draws, as JSON), so that it caches;
    its rows cache too, each on its own fields."""
    seat = json.loads(seat_json)
    tabs, cups, upgrades, completed, penalties, spent = (
        _json(seat[f]) for f in ("tabs", "cups", "upgrades", "completed", "penalties", "spent"))

    def cls(field: str) -> str:
        return " fp-changed" if field in changed else ""

    def mark(field: str) -> str:
        return changed_mark(text) if field in changed else ""

    def row(key: str, body: str, field: str) -> str:
        return seat_row(text(key), body, field in changed, text)

    counts = [(UI + "row.completed", _hidden(text, s, completed, "completed"), "completed"),
              (UI + "row.penalties", _hidden(text, s, penalties, "penalties"), "penalties"),
              (UI + "row.rush", _rush(text, seat["rush"]), "rush")]
    if (seat["spent"] if isinstance(seat["spent"], list) else seat["spent"]["count"]):
        counts.append((UI + "row.spent", _hidden(text, s, spent, "spent"), "spent"))
    boxes = "".join(f'<div class="fp-cr-count{cls(field)}"><h5>{text.html(key)}'
                    f"{mark(field)}</h5>{body}</div>" for key, body, field in counts)
    rows = [
        row(UI + "row.orders", _tabs(text, s, tabs), "tabs"),
        row(UI + "row.cups", _cups(text, s, cups, tabs), "cups"),
        row(UI + "row.upgrades", _upgrades(text, upgrades), "upgrades"),
        f'<div class="fp-seat-row"><dt>{text.html(UI + "row.cards")}</dt>'
        f'<dd><div class="fp-cr-counts">{boxes}</div></dd></div>',
    ]
    classes = ["fp-player", "fp-cr-seat", seat_class(s)]
    if acting:
        classes.append("fp-cr-seat-acting")
    tag_html = "".join(f'<span class="fp-tag {css}">{text.html(UI + "tag." + key)}</span>'
                       for key, css in tags)
    name = esc(seat["name"])
    return (f'<section class="{" ".join(classes)}" aria-label="{name}">'
            f'<h4 class="fp-player-name"><span class="fp-cr-pawn-dot" aria-hidden="true">'
            f'</span>{name} {tag_html}</h4>'
            f'<dl class="fp-seat-rows">{"".join(rows)}</dl></section>')


@lru_cache(maxsize=256)
def _cups(text: HashableText, s: int, cups_json: str, tabs_json: str) -> str:
    """The seat's cups, each with what it holds and the order it is ready for, if any."""
    tabs = json.loads(tabs_json)
    items = []
    for k, cup in enumerate(json.loads(cups_json), start=1):
        contents = "".join(chip(text, i) for i in cup) or \
            f'<li class="fp-none">{text.html(UI + "cup_empty")}</li>'
        ready = cup_matches(cup, tabs)
        note = ""
        if ready:
            tab, order = ready[0]
            note = (f'<p class="fp-cr-ready">'
                    f'{text.html(UI + "cup_ready", order=order["id"], tab=tab)}</p>')
        label = text(UI + "cup_aria", seat=s, cup=k)
        items.append(f'<li class="fp-cr-cup{" fp-cr-cup-ready" if ready else ""}">'
                     f'<span class="fp-cr-cup-name">{text.html(UI + "cup_n", cup=k)}</span>'
                     f'<ul class="fp-cr-chips" aria-label="{esc(label)}">{contents}</ul>'
                     f"{note}</li>")
    return f'<ul class="fp-cr-cups">{"".join(items)}</ul>'


@lru_cache(maxsize=256)
def _tabs(text: HashableText, s: int, tabs_json: str) -> str:
    """The seat's order tabs, the last one marked (an order there at the end is a penalty)."""
    tabs = json.loads(tabs_json)
    items = []
    for t, orders in enumerate(tabs, start=1):
        last = t == len(tabs)
        title = text.html(UI + ("tab_last" if last else "tab_n"), tab=t)
        cards = "".join(order_card(text, o) for o in orders) or \
            f'<li class="fp-none">{text.html(UI + "tab_empty")}</li>'
        cls = "fp-cr-tab fp-cr-tab-last" if last else "fp-cr-tab"
        if last and orders:
            cls += " fp-cr-tab-warn"
        items.append(f'<li class="{cls}"><span class="fp-cr-tab-name">{title}</span>'
                     f'<ul class="fp-cr-orders">{cards}</ul></li>')
    label = text.html(UI + "tabs_aria", seat=s)
    return f'<ol class="fp-cr-tabs" aria-label="{label}">{"".join(items)}</ol>'


@lru_cache(maxsize=64)
def _rush(text: HashableText, count: int) -> str:
    """The seat's rush tokens, drawn (up to 8) and counted."""
    dots = "".join('<span class="fp-cr-rush-token"></span>' for _ in range(min(count, 8)))
    return (f'<p class="fp-cr-rush"><span class="fp-cr-rush-tokens" aria-hidden="true">'
            f'{dots}</span>{text.html(UI + "rush", count=count)}</p>')


@lru_cache(maxsize=64)
def _upgrades(text: HashableText, upgrades_json: str) -> str:
    """The seat's upgrade tiles, active or not, each with its help as a tooltip."""
    items = []
    for upgrade, on in json.loads(upgrades_json).items():
        key = "upgrade_on" if on else "upgrade_off"
        items.append(f'<li class="fp-cr-upgrade{" fp-cr-upgrade-on" if on else ""}" '
                     f'title="{text.html(UI + "upgrade_help." + upgrade)}">'
                     f'{text.html(UI + key, upgrade=upgrade)}</li>')
    return f'<ul class="fp-cr-upgrades">{"".join(items)}</ul>'


@lru_cache(maxsize=256)
def _hidden(text: HashableText, s: int, value_json: str, field: str) -> str:
    """Face-down cards: the owner (and the teacher) see which; others see a count."""
    value = json.loads(value_json)
    if isinstance(value, dict):
        count = value["count"]
        backs = "".join('<span class="fp-cr-back"></span>' for _ in range(min(count, 8)))
        return (f'<p class="fp-cr-hidden-count"><span class="fp-cr-backs" aria-hidden="true">'
                f'{backs}</span>{text.html(UI + "face_down", count=count)}</p>')
    if not value:
        return f'<p class="fp-none">{text.html(UI + "none")}</p>'
    names = "".join(f'<li class="fp-cr-done-card">{esc(text.card(o))}</li>' for o in value)
    label = text(UI + f"{field}_aria", seat=s, count=len(value))
    note = text.html(UI + "own_face_down", count=len(value), seat=s)
    return (f'<p class="fp-cr-own-note">{note}</p>'
            f'<ul class="fp-cr-done fp-cr-{field}" aria-label="{esc(label)}">{names}</ul>')
