"""Learner-facing text for the widgets: catalogue lookups and HTML escaping.

Every string a learner reads comes from the game's message catalogue (core ``ui.*`` keys plus
the game's own keys), filled with parameters; nothing is glued from fragments.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from foodplay.engine import Game
from foodplay.i18n.messages import LANGUAGES, catalogue
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


class HashableText(Text):
    """A Text equal to any other of the same catalogue (game and language) and seat names;
    its messages come from a cache when their parameters are hashable (numbers, names)."""

    _key: tuple
    _hash: int

    @classmethod
    def of(cls, text: Text) -> HashableText:
        """`text` itself if it is one, else a copy of it that is one."""
        if isinstance(text, cls):
            return text
        same = cls.__new__(cls)
        same.__dict__.update(text.__dict__)
        same._key = (text.catalogue, tuple(text.names))
        same._hash = hash(same._key)
        return same

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HashableText) and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __call__(self, key: str, **params: Any) -> str:
        return self._said(key, params, False)

    def html(self, key: str, **params: Any) -> str:
        return self._said(key, params, True)

    def _said(self, key: str, params: dict[str, Any], escaped: bool) -> str:
        """The message `key` (HTML-escaped if `escaped`), cached unless a parameter is a list."""
        if not params:
            return _message(self, key, (), escaped)
        # the type too: True and 1 are equal keys, but "True" and "1" are different words
        frozen = tuple([(name, type(value), value) for name, value in params.items()])
        try:
            hash(frozen)
        except TypeError:  # a list parameter, such as the cards of a deck: not cached
            said = Text.__call__(self, key, **params)
            return esc(said) if escaped else said
        return _message(self, key, frozen, escaped)


@lru_cache(maxsize=2048)
def _message(text: HashableText, key: str, params: tuple[tuple[str, type, Any], ...],
             escaped: bool) -> str:
    said = Text.__call__(text, key, **{name: value for name, _, value in params})
    return esc(said) if escaped else said


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


# The class of the widget a deep link opened (a step, a lesson): the page's script
# (serving/jupyter/.../link_landing.js) scrolls it into view and puts focus on its heading.
LINK_TARGET = "fp-link-target"


def mark_link_target(widget) -> None:
    """Mark `widget` as what the page's address links to (LINK_TARGET)."""
    widget.add_class(LINK_TARGET)
