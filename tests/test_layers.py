"""The layers of foodplay and foodplay_widgets, read from the imports in the source (AST).

Every import counts, at the top of a module or inside a function (a deferred import is still an
edge: it only moves the failure to run time), and so does an import under `if TYPE_CHECKING:`
(a cycle of type hints is still a cycle a reader must hold in mind), counted as deferred.
`import_module` with a computed name (the game registry, `Game.part`, the package's lazy names)
is not seen: those are the plug-in points that let lower layers name higher ones by data.

foodplay, lowest first (a module may import its own group and the groups below it):

1. catalogue: `i18n.messages`, `i18n.plural`, `i18n.korean`, `i18n.langcodes`. Every refusal's
   English text (`str(exc)`, built when it is raised) is a sentence of the core catalogue, so
   the catalogue is the bottom layer, below the refusals, not above them: it reads its own
   files with `json` and says its own errors (CatalogueError).
2. base: `refusal` (Say, DataError, how a refusal shows a value), `limits`, `data`.
3. core: `engine`, `rulebook`, `position`, `position_io`, `record`, `timeline`, `explain`,
   `bots`, `invariants`, `links`, `components` (what every component file shares), `chance`
   (outcomes a real table named), the
   registry `games/__init__.py`, and `i18n.glossary` (it reads a glossary file through `data`,
   as the rulebook does).
4. game: each `games/<game>/` package; a game never imports another game.
5. teaching: `teaching/` (lessons, quiz, summary, rule_index, search), `lab/` (the strategy
   lab's tournaments, beside it) and `companion/` (the table companion: a real game followed
   entry by entry).
6. cli: `cli/`.

foodplay imports nothing outside the standard library and foodplay.

foodplay_widgets, above all of foodplay (it may import any of it): `text` < `serving/` (and
the package's `__init__`, which imports only `serving.quiet`) < `app/` < `games/` (a game's
widgets never import another game's) < `pages/`. The server side of `serving/` never imports
ipywidgets at module level (only the kernel-side `ping` and `lean` build widgets), so that
`python -m foodplay_widgets.serving.serve` starts without it.

No import cycle anywhere, and no module over 600 lines in foodplay/, widgets/ or scripts/.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"foodplay": ROOT / "foodplay", "foodplay_widgets": ROOT / "widgets"}
MAX_LINES = 600

FOODPLAY_GROUPS = ("catalogue", "base", "core", "game", "teaching", "cli")
WIDGETS_GROUPS = ("text", "serving", "app", "games", "pages")
GROUP_OF = {
    "foodplay.i18n.messages": "catalogue", "foodplay.i18n.plural": "catalogue",
    "foodplay.i18n.korean": "catalogue", "foodplay.i18n.langcodes": "catalogue",
    "foodplay.i18n": "catalogue",
    "foodplay.refusal": "base", "foodplay.limits": "base", "foodplay.data": "base",
    "foodplay": "core", "foodplay.games": "core", "foodplay.i18n.glossary": "core",
    **{f"foodplay.{name}": "core" for name in (
        "engine", "rulebook", "position", "position_io", "record", "timeline", "explain",
        "bots", "invariants", "links", "components", "chance")},
    "foodplay_widgets": "serving", "foodplay_widgets.text": "text",
}
KERNEL_SIDE = {"foodplay_widgets.serving.ping", "foodplay_widgets.serving.lean"}
WIDGET_LIBRARIES = {"ipywidgets", "IPython", "matplotlib", "foodplay_widgets"}


@dataclass(frozen=True)
class Edge:
    """One import: `source` imports `target` (a module of ours, or an outside top-level name)
    at `line`, at the top of the module or not."""

    source: str
    target: str
    line: int
    top_level: bool

    def where(self) -> str:
        return f"{path_of(self.source)}:{self.line}"


def modules() -> dict[str, Path]:
    """Every module of ours by dotted name (a package by its own name)."""
    found = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = modules()


def path_of(module: str) -> str:
    return str(MODULES[module].relative_to(ROOT))


def _ours(name: str) -> str | None:
    """The module of ours that importing `name` runs last, if it is ours."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import statement with whether it runs when the module is imported (not inside a
    function or class body); imports under `if TYPE_CHECKING:` count as not run."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def walk(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.body:  # typing only: an edge of the graph, not of a run
                    walk_one(other, False)
                for other in child.orelse:
                    walk_one(other, top)
                continue
            walk_one(child, top)

    def walk_one(node: ast.AST, top: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, top))
        inner = top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                               ast.Lambda, ast.ClassDef))
        walk(node, inner)

    walk(tree, True)
    return found


def edges_of(module: str) -> list[Edge]:
    """Every import of `module`, resolved to our modules or outside top-level names."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node, top in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # `from pkg import sub` imports the module pkg.sub; `from mod import name`, mod
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                     for a in node.names]
        for name in names:
            target = _ours(name) if name.split(".")[0] in PACKAGES else name.split(".")[0]
            if target and target != module:
                out.append(Edge(module, target, node.lineno, top))
    return out


EDGES = [edge for module in MODULES for edge in edges_of(module)]


def group(module: str) -> tuple[int, str]:
    """(rank, group) of one of our modules; a game's rank is shared by all games."""
    if module in GROUP_OF:
        name = GROUP_OF[module]
    else:
        parts = module.split(".")
        name = {"foodplay": {"games": "game", "teaching": "teaching", "lab": "teaching",
                                 "companion": "teaching", "cli": "cli"},
                "foodplay_widgets": {"serving": "serving", "app": "app", "games": "games",
                                     "pages": "pages"}}[parts[0]].get(parts[1], "")
        assert name, f"{path_of(module)} belongs to no layer: add it to GROUP_OF"
    if module.startswith("foodplay_widgets"):
        return len(FOODPLAY_GROUPS) + WIDGETS_GROUPS.index(name), name
    return FOODPLAY_GROUPS.index(name), name


def game_of(module: str) -> str | None:
    """The game package a module belongs to (foodplay's or the widgets'), if any."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


# --- the direction between groups ----------------------------------------------------------
def test_every_module_belongs_to_a_layer() -> None:
    for module in MODULES:
        group(module)


def test_imports_go_down_the_layers() -> None:
    wrong = []
    for edge in EDGES:
        if edge.target not in MODULES:
            continue
        (low, low_name), (high, high_name) = group(edge.target), group(edge.source)
        if low > high:
            wrong.append(f"{edge.where()}: {edge.source} ({high_name}) imports "
                         f"{edge.target} ({low_name}), a layer above it")
        elif game_of(edge.source) and game_of(edge.target) and \
                edge.source.split(".")[0] == edge.target.split(".")[0] and \
                game_of(edge.source) != game_of(edge.target):
            wrong.append(f"{edge.where()}: the game {game_of(edge.source)} imports the game "
                         f"{game_of(edge.target)} ({edge.target})")
    assert not wrong, "\n".join(wrong)


# The strategy lab's optional extra (`pip install 'foodplay[lab]'`): imported only inside the
# function that was asked for Dask, a progress bar or a DataFrame, never when foodplay loads.
LAB_EXTRA = {"dask", "distributed", "tqdm", "pandas"}


def test_foodplay_imports_only_the_standard_library() -> None:
    outside = [f"{edge.where()}: {edge.source} imports {edge.target}" for edge in EDGES
               if edge.source.split(".")[0] == "foodplay" and edge.target not in MODULES
               and (edge.target in WIDGET_LIBRARIES
                    or edge.target not in sys.stdlib_module_names)
               and not (edge.source.startswith("foodplay.lab.") and edge.target in LAB_EXTRA
                        and not edge.top_level)]
    assert not outside, "foodplay is the standard library only:\n" + "\n".join(outside)


def test_the_server_side_never_imports_ipywidgets_at_module_level() -> None:
    server = [m for m in MODULES if m.startswith("foodplay_widgets.serving") or
              m in ("foodplay_widgets", "foodplay_widgets.text")]
    wrong = [f"{edge.where()}: {edge.source} imports ipywidgets when imported"
             for edge in EDGES if edge.source in server and edge.source not in KERNEL_SIDE
             and edge.top_level and edge.target in ("ipywidgets", "IPython")]
    assert not wrong, "\n".join(wrong)
    # and what `serve` imports when it starts, followed through our modules, never reaches
    # a kernel-side module
    seen, todo = set(), ["foodplay_widgets.serving.serve", "foodplay_widgets"]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        todo.extend(e.target for e in EDGES if e.source == module and e.top_level
                    and e.target in MODULES)
    assert not seen & KERNEL_SIDE, f"serve imports {sorted(seen & KERNEL_SIDE)} when it starts"


def test_serve_starts_without_ipywidgets() -> None:
    code = ("import sys, foodplay_widgets.serving.serve; "
            "print(sorted(m for m in ('ipywidgets', 'IPython', 'matplotlib') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


# --- no cycle --------------------------------------------------------------------------------
def cycles() -> list[tuple[list[str], list[Edge]]]:
    """Each set of our modules that import each other round a circle, with one such circle
    (as its imports)."""
    graph: dict[str, dict[str, Edge]] = {m: {} for m in MODULES}
    for edge in EDGES:
        if edge.target in MODULES:
            graph[edge.source].setdefault(edge.target, edge)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:  # Tarjan's algorithm; the graph is a few hundred modules
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            members = set()
            while True:
                other = stack.pop()
                on_stack.discard(other)
                members.add(other)
                if other == node:
                    break
            if len(members) > 1:
                groups.append(members)

    for node in graph:
        if node not in index:
            connect(node)
    found = []
    for members in groups:  # a shortest way from one member back to itself, within the set
        start = min(members)
        paths: dict[str, list[Edge]] = {start: []}
        todo, cycle = [start], None
        while todo and cycle is None:
            following = []
            for node in todo:
                for other, edge in graph[node].items():
                    if other == start:
                        cycle = paths[node] + [edge]
                        break
                    if other in members and other not in paths:
                        paths[other] = paths[node] + [edge]
                        following.append(other)
                if cycle is not None:
                    break
            todo = following
        found.append((sorted(members), cycle))
    return found


def test_no_import_cycle() -> None:
    found = cycles()
    said = [f"  {len(members)} modules: {', '.join(members)}; for one:\n" +
            "\n".join(f"    {e.where()}: {e.source} -> {e.target} "
                      f"({'top' if e.top_level else 'deferred'})" for e in cycle)
            for members, cycle in found]
    assert not found, "import cycles (move the shared piece down a layer):\n" + "\n".join(said)


# --- size ------------------------------------------------------------------------------------
SOURCES = sorted(p for folder in ("foodplay", "widgets", "scripts")
                 for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_no_module_over_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines:,} lines (at most " \
                               f"{MAX_LINES}): split it by concern"


# Where a developer's machine or the project's sibling folders would show through. The
# hostile-links browser test names such paths on purpose, as leaks to look for in a page.
OUTSIDE = re.compile(r"/work/|/home/[a-z]|\.\./shared|shared/(rules|seeds)/")
NAMES_OUTSIDE_ON_PURPOSE = {"tests/browser/test_hostile_links_browser.py", "tests/test_layers.py",
                            "tests/test_docs.py", "tests/engine/test_game_modules.py"}


def test_nothing_points_outside_the_repository() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    found = []
    for name in tracked:
        path = ROOT / name
        if name in NAMES_OUTSIDE_ON_PURPOSE or path.suffix not in {
                ".py", ".md", ".json", ".ipynb", ".toml", ".txt", ".js", ".j2", ".html", ""}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{name}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
                  for m in OUTSIDE.finditer(text)]
    assert not found, "paths outside the repository:\n" + "\n".join(found)


def test_every_package_is_in_the_built_distribution():
    """`pip install .` (Binder's way) ships only the packages pyproject.toml lists: a package
    missing there imports from a checkout but fails on Binder."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {name if rel == Path(".") else f"{name}.{'.'.join(rel.parts)}"
             for name, root in PACKAGES.items()
             for rel in (init.parent.relative_to(root) for init in root.rglob("__init__.py"))}
    assert found - listed == set(), "packages missing from pyproject.toml's list"
