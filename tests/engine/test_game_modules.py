"""The modules of the games already split by phase (issue #31): each small, with a docstring, and
no import circle inside the game's package, counting imports deferred into functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[2] / "foodplay" / "games"
SPLIT = ("burg", "coffee_rush", "cuisine_a_la_card", "food_truck")
MAX_LINES = 600


def modules(game: str) -> dict[str, Path]:
    """Module name (as in `foodplay.games.<game>.<name>`, "" for the package) -> file."""
    return {("" if path.stem == "__init__" else path.stem): path
            for path in sorted((GAMES_DIR / game).glob("*.py"))}


def imports(game: str, path: Path) -> list[tuple[str, int, bool]]:
    """(module of the game imported, line, whether deferred into a function) for every import
    in `path`, at any depth; `from <package> import <module>` counts as that module."""
    package = f"foodplay.games.{game}"
    own = modules(game)
    found = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda))
            names: list[str] = []
            if isinstance(child, ast.Import):
                names = [alias.name for alias in child.names]
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                names = [f"{child.module}.{alias.name}"
                         if f"{child.module}.{alias.name}".removeprefix(package + ".") in own
                         else child.module for alias in child.names]
            for name in names:
                if name == package or name.startswith(package + "."):
                    found.append((name.removeprefix(package).lstrip("."), child.lineno, deferred))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle in `graph` (module -> modules it imports), or [] if there is none."""
    state: dict[str, str] = {}
    trail: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = "open"
        trail.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        state[node] = "done"
        trail.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := walk(node)):
            return found
    return []


def test_cycle_finds_a_circle_and_only_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


@pytest.mark.parametrize("game", SPLIT)
def test_no_import_circle_in_the_game_package(game):
    """Deferred imports count as edges: a circle broken only by deferring an import is one."""
    graph = {name: {target for target, _, _ in imports(game, path) if target != name}
             for name, path in modules(game).items()}
    graph.pop("", None)  # the package only gathers the public names from the modules below it
    assert not cycle(graph), " -> ".join(cycle(graph))


@pytest.mark.parametrize("game", SPLIT)
def test_no_import_deferred_between_modules_of_the_game(game):
    deferred = [f"{path.name}:{line} imports {target}"
                for path in modules(game).values()
                for target, line, late in imports(game, path) if late]
    assert not deferred


@pytest.mark.parametrize("game", SPLIT)
def test_every_module_is_small_and_says_what_it_holds(game):
    for path in modules(game).values():
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= MAX_LINES, f"{path.name}: over {MAX_LINES} lines"
        assert ast.get_docstring(ast.parse(text)), f"{path.name} has no docstring"


@pytest.mark.parametrize("game", SPLIT)
def test_the_clause_ids_point_at_the_catalogue_in_the_repository(game):
    rules = ast.get_docstring(ast.parse((GAMES_DIR / game / "rules.py").read_text("utf-8")))
    assert "data/rulebook.json" in rules and (GAMES_DIR / game / "data/rulebook.json").is_file()
    for path in modules(game).values():
        assert "shared/rules" not in path.read_text(encoding="utf-8"), path.name
