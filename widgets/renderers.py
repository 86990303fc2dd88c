"""Per-game renderers, registered by game id: the table, progress and scores a seat may know.

A renderer reads only `state.view(seat)` for anything hidden; the state itself is passed for
public, fixed facts (such as the component set's scoring), never for secrets.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from foodplay.engine import Game, State
from foodplay_widgets.text import Text, esc


@dataclass(frozen=True)
class KnownScore:
    """One seat's score as the viewer may know it: exact, or only its public part."""

    value: int
    exact: bool
    text: str  # how the score panel words it


class GameRenderer(Protocol):
    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        """The table as HTML, with what changed since `before` highlighted."""
        ...

    def progress(self, view: dict[str, Any], text: Text) -> str:
        """How close the game is to its end, as HTML."""
        ...

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        """Each seat's score, as far as the viewer of `view` may know it."""
        ...

    def credits(self, game: Game, text: Text) -> str:
        ...

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        ...


class GenericRenderer:
    """A plain fallback for a game without its own renderer: the view as formatted data."""

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        data = esc(json.dumps(view, indent=1, ensure_ascii=False))
        return f'<pre class="fp-generic-view">{data}</pre>'

    def progress(self, view: dict[str, Any], text: Text) -> str:
        return ""

    def known_scores(self, view: dict[str, Any], state: State, text: Text) -> list[KnownScore]:
        scores = view.get("scores") or []
        return [KnownScore(v, True, str(v)) for v in scores]

    def credits(self, game: Game, text: Text) -> str:
        return f"{game.title}"

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        return ""


_RENDERERS: dict[str, GameRenderer] = {}
_MODULES = {"burg": "foodplay_widgets.burg"}  # imported on first use


def register(game_id: str, renderer: GameRenderer) -> None:
    """Make `renderer` draw `game_id`'s table (Coffee Rush and others add theirs here)."""
    _RENDERERS[game_id] = renderer


def renderer_for(game_id: str) -> GameRenderer:
    if game_id not in _RENDERERS and game_id in _MODULES:
        import_module(_MODULES[game_id])
    return _RENDERERS.get(game_id, GenericRenderer())
