"""A Text that can key a cache: HTML drawn from it is cached by value (`functools.lru_cache`),
and so are the messages it fills, which depend only on the game, the language, the seat names,
the key and the parameters."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from foodplay_widgets.text import Text, esc


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
