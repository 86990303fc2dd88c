"""Cuisine a la Card's package stays readable: no module over 600 lines, a docstring on each, and
no import circle between its modules, counting imports deferred into functions or made only
for type checking (issue #31)."""

from __future__ import annotations

import ast
from pathlib import Path

import foodplay.games.cuisine_a_la_card as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).parent
MODULES = {path.stem: path for path in sorted(FOLDER.glob("*.py"))}


def imports_within(path: Path) -> set[str]:
    """The package's modules `path` imports anywhere in its text."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names if alias.name in MODULES}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add(node.module.split(".")[3])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[3] for a in node.names if a.name.startswith(PACKAGE + ".")}
    return found - {path.stem}


def test_no_module_is_over_600_lines_and_each_says_what_it_holds():
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 600, name
        assert ast.get_docstring(ast.parse(text)), name


def test_the_imports_between_the_modules_form_no_circle():
    edges = {name: imports_within(path) for name, path in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        for target in sorted(edges[name]):
            assert target not in path, " -> ".join([*path[path.index(target):], target])
            if target not in done:
                visit(target, [*path, target])
        done.add(name)

    for name in edges:
        visit(name, [name])
