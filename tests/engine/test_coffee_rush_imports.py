"""Coffee Rush's package stays layered: no import circle among its modules (imports deferred
into functions count too), no module reaches back up through the game registry, none over 600
lines."""

from __future__ import annotations

import ast
from pathlib import Path

import foodplay.games.coffee_rush as coffee_rush

PACKAGE = "foodplay.games.coffee_rush"
FOLDER = Path(coffee_rush.__file__).parent
MAX_LINES = 600


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, wherever the import statement sits (top level or in a
    function); `from package import name` counts as importing `package.name` alone when that
    is a module of the package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = {alias.name for alias in node.names
                       if node.module == PACKAGE and (FOLDER / f"{alias.name}.py").exists()}
            found.update(f"{PACKAGE}.{name}" for name in modules)
            if len(modules) < len(node.names):
                found.add(node.module)
    return found


def package_graph() -> dict[str, set[str]]:
    """Module name -> the package's modules it imports (the package itself as `__init__`)."""
    names = {p.stem for p in FOLDER.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for name in names:
        edges = set()
        for target in imports_of(FOLDER / f"{name}.py"):
            if target == PACKAGE:
                edges.add("__init__")
            elif target.startswith(PACKAGE + "."):
                edges.add(target.removeprefix(PACKAGE + ".").split(".")[0])
        graph[name] = edges - {name}
    return graph


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a path of module names, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (circle := visit(target)):
                return circle
        path.pop()
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (circle := visit(name)):
            return circle
    return None


def test_no_import_circle_among_the_modules_deferred_imports_included():
    graph = package_graph()
    assert {"rules", "state", "move_table", "setup"} <= set(graph)
    assert find_circle(graph) is None, " -> ".join(find_circle(graph))


def test_the_circle_finder_sees_a_circle():
    assert find_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_the_registry_or_the_package_itself():
    """The registry (`foodplay.games`) and the package's __init__ both load rules.py, which
    loads every phase: a module below rules.py importing either closes a circle."""
    for path in sorted(FOLDER.glob("*.py")):
        if path.name == "__init__.py":
            continue
        reached = imports_of(path) & {"foodplay.games", PACKAGE}
        assert not reached, f"{path.name} imports {sorted(reached)}"


def test_every_module_is_under_600_lines():
    for path in sorted(FOLDER.glob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.name} has {lines} lines"
