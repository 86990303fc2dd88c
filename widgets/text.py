"""Learner-facing text for the widgets: catalogue lookups and HTML escaping.

Every string a learner reads comes from the game's message catalogue (core ``ui.*`` keys plus
the game's own keys), filled with parameters; nothing is glued from fragments.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from foodplay.engine import Game
from foodplay.messages import LANGUAGES, catalogue
from foodplay.rulebook import Clause


def esc(value: Any) -> str:
    """Escape any value for HTML text and attribute values."""
    return escape(str(value), quote=True)


class Text:
    """Message lookup for one game, one language and one table of seat names."""

    def __init__(self, game: Game, lang: str = "en", names: Sequence[str] = ()):
        self.game = game
        self.lang = lang
        self.names = list(names)
        self.catalogue = game.catalogue(lang)

    def __call__(self, key: str, **params: Any) -> str:
        """The message `key` filled with `params` (seat numbers become names)."""
        return self.catalogue.format(key, params, self.names)

    def html(self, key: str, **params: Any) -> str:
        """The same message, escaped for HTML."""
        return esc(self(key, **params))

    def has(self, key: str) -> bool:
        return self.catalogue.has(key)

    def card(self, component: str) -> str:
        """A component's display name (``name.<id>``)."""
        return self.catalogue.name(component)

    def name(self, seat: int | None) -> str:
        if seat is None:
            return self("ui.seat.teacher")
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def clause_number(self, clause: Clause) -> str:
        """"Rule 5-2"."""
        return self("clause.ref", number=clause.number)

    def provenance(self, clause: Clause) -> str:
        return self("provenance." + clause.provenance)


def language_options() -> list[tuple[str, str]]:
    """(label, code) for each language the tutor has, each named in its own language."""
    return [(catalogue(None, lang).format("ui.lang.name"), lang) for lang in LANGUAGES]


def provenance_class(clause: Clause) -> str:
    """A CSS class per provenance: fp-prov-rulebook, fp-prov-reading, fp-prov-default."""
    return {"rulebook": "fp-prov-rulebook", "tutor reading": "fp-prov-reading",
            "tutor default": "fp-prov-default"}.get(clause.provenance, "fp-prov-other")


def badge(text: Text, clause: Clause) -> str:
    """The provenance badge: a coloured label that also says its provenance in words."""
    return (f'<span class="fp-badge {provenance_class(clause)}">'
            f"{esc(text.provenance(clause))}</span>")


def mark_language(widget, lang: str) -> None:
    """Give `widget` the class `fp-lang-<lang>` (and no other language's), for line breaking."""
    for cls in [c for c in widget._dom_classes if c.startswith("fp-lang-")]:
        widget.remove_class(cls)
    widget.add_class(f"fp-lang-{lang}")
