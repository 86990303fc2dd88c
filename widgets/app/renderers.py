"""Per-game renderers, registered by game id: the table, progress and scores a seat may know.

A renderer reads only `state.view(seat)` for anything hidden; the state itself is passed for
public, fixed facts (such as the component set's scoring), never for secrets. A renderer may
also carry `css`, its game's own stylesheet, which the app ships once after the shared one.

A renderer draws its table in parts (`table_parts`: the title, the middle of the table, one
part per seat...), so that it can keep the parts a step did not change (`KeptParts`) instead
of drawing them again; `table` is the same parts joined into one string. The table view sends
the parts with their frame (`TableParts.framed`), so that the page too handles again only the
parts a step changed.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Any, Protocol

from foodplay.engine import Game, State
from foodplay_widgets.app.diff import get_path
from foodplay_widgets.text import Text, esc


def progress_html(label: str, value: int, target: int, note: str) -> str:
    """A game-end progress bar: `label` (HTML) with a <progress> toward `target`, then `note`."""
    return (f'<div class="fp-progress"><p><label>{label} '
            f'<progress max="{target}" value="{min(value, target)}"></progress></label></p>'
            f"<p>{note}</p></div>")


PIECE = "<fp-piece></fp-piece>"  # where a part goes in a table's frame (TableParts.framed)


@dataclass(frozen=True)
class PartRow:
    """Parts drawn side by side in one container of CSS classes `classes` (the seats' grid)."""

    classes: str
    parts: tuple[str, ...]


@dataclass(frozen=True)
class TableParts:
    """A table as parts in reading order, each an HTML string or a row of them; `classes` and
    `label` (HTML-escaped) are those of the section that holds the whole table (none when
    both are empty: a table drawn whole, as one part)."""

    classes: str
    label: str
    items: tuple[str | PartRow, ...]

    @cached_property
    def framed(self) -> dict[str, Any]:
        """The table as the page places it part by part: its `frame` (the section and the
        rows, with an empty PIECE element where each part goes) and its `pieces`, the parts
        in the same order. The page parses again only the pieces a step changed. Worked out
        once per table: the portal sends it, and `html` is made from it."""
        frame, pieces = [], []
        for item in self.items:
            if isinstance(item, str):
                frame.append(PIECE)
                pieces.append(item)
            else:
                frame.append(f'<div class="{item.classes}">{PIECE * len(item.parts)}</div>')
                pieces.extend(item.parts)
        body = "".join(frame)
        if self.classes or self.label:
            body = f'<section class="{self.classes}" aria-label="{self.label}">{body}</section>'
        return {"frame": body, "pieces": pieces}

    def html(self) -> str:
        """The whole table as one string: each piece in its place in the frame."""
        framed = self.framed
        gaps = framed["frame"].split(PIECE)
        pieces = [*framed["pieces"], ""]  # nothing after the last gap
        return "".join(gap + piece for gap, piece in zip(gaps, pieces, strict=True))


class KeptParts:
    """HTML parts kept by the inputs they were drawn from (a key of plain values): a step
    changes one or two seats, and the others are not drawn again. The least recently used
    part goes first once `bound` are kept."""

    def __init__(self, bound: int):
        self.bound = bound
        self._parts: OrderedDict[tuple, str] = OrderedDict()

    def __call__(self, key: tuple, draw: Callable[[], str]) -> str:
        """The part drawn from the inputs `key`: kept from an earlier step, or drawn now."""
        html = self._parts.get(key)
        if html is None:
            html = self._parts[key] = draw()
            if len(self._parts) > self.bound:
                self._parts.popitem(last=False)
        else:
            self._parts.move_to_end(key)
        return html


def was(before: dict[str, Any] | None, *path: Any) -> str | None:
    """What the view one step earlier held at `path`, as a part's key (None: no step before).
    Views are plain data, so their `repr` is a faithful key."""
    return None if before is None else repr(get_path(before, *path))


def table_parts(renderer: GameRenderer, view: dict[str, Any], before: dict[str, Any] | None,
                text: Text, state: State | None) -> TableParts:
    """The renderer's table in parts; a renderer without `table_parts` gives one part, its
    whole `table`."""
    parts = getattr(renderer, "table_parts", None)
    if parts is not None:
        return parts(view, before, text, state)
    return TableParts("", "", (renderer.table(view, before, text),))


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

    # optional: def table_parts(view, before, text, state | None) -> TableParts, the same
    # table in parts (the state for public, fixed facts only, such as a record's card set)

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


class CatalogueLabels:
    """`credits` and `components_label` from a game's catalogue: `<prefix>credits`, and
    `<prefix>components.default` for the tutor's own component set (the view's label
    `default_set`), else `<prefix>components.custom` naming the set a user loaded."""

    prefix = ""  # the game's message keys start with it, such as "burg."
    default_set = "tutor default"

    def credits(self, game: Game, text: Text) -> str:
        return text(self.prefix + "credits")

    def components_label(self, view: dict[str, Any], text: Text) -> str:
        label = view.get("components", self.default_set)
        if label == self.default_set:
            return text(self.prefix + "components.default")
        return text(self.prefix + "components.custom", label=label)


class PartsRenderer(CatalogueLabels):
    """A game's renderer that draws its table in parts (`table_parts`), keeping up to
    `parts_kept` parts by the inputs they were drawn from (`self._kept`)."""

    parts_kept = 64

    def __init__(self) -> None:
        self._kept = KeptParts(self.parts_kept)

    def table(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text) -> str:
        """The whole table; without a state, a record's own card set is not known."""
        return self.table_parts(view, before, text).html()

    def table_parts(self, view: dict[str, Any], before: dict[str, Any] | None, text: Text,
                    state: State | None = None) -> TableParts:
        raise NotImplementedError


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


class MoveEditor(Protocol):
    """A game's own editor for a decision that buttons per move make awkward (Food Truck's
    secret pile order). It is an ipywidgets widget that the app shows above the move panel.

    Made by a factory `(play_moves, reader_prefix, guard)`, where `play_moves(moves)` plays
    several of the learner's moves as one decision: it checks them all with the engine first
    and returns None once they are played, or `(index, verdict)` for the first refused one,
    having played nothing.

    Optionally, `show_hint(move)` marks the editor's own control for the move the Hint button
    suggests (the move panel calls it when the editor has it).
    """

    def render(self, ctx: Any) -> bool | frozenset[str]:
        """Redraw for the context; True when the editor takes the decision shown (the move
        panel then leaves out its one-button-per-move row), or the move kinds it takes when
        it makes only part of the decision (the panel leaves out just those buttons, such as
        Cuisine a la Card's dish builder beside its play and buy buttons)."""
        ...


EditorFactory = Callable[..., MoveEditor]

_RENDERERS: dict[str, GameRenderer] = {}
_EDITORS: dict[str, EditorFactory] = {}
_MODULES = {"burg": "foodplay_widgets.games.burg",  # imported on first use
            "coffee-rush": "foodplay_widgets.games.coffee_rush",
            "cuisine-a-la-card": "foodplay_widgets.games.cuisine_a_la_card",
            "food-truck": "foodplay_widgets.games.food_truck"}


def register(game_id: str, renderer: GameRenderer) -> None:
    """Make `renderer` draw `game_id`'s table (Coffee Rush and others add theirs here)."""
    _RENDERERS[game_id] = renderer


def register_editor(game_id: str, factory: EditorFactory) -> None:
    """Give `game_id` a move editor (see MoveEditor); the app composes it into its move area."""
    _EDITORS[game_id] = factory


def _import(game_id: str) -> None:
    if game_id not in _RENDERERS and game_id in _MODULES:
        import_module(_MODULES[game_id])


def renderer_for(game_id: str) -> GameRenderer:
    _import(game_id)
    return _RENDERERS.get(game_id, GenericRenderer())


def editor_for(game_id: str) -> EditorFactory | None:
    """The game's move-editor factory, or None: most games need only the move buttons."""
    _import(game_id)
    return _EDITORS.get(game_id)
