"""Every link in the docs resolves, and every command in them runs.

The docs are README.md and docs/*.md. (a) Every relative link names a file of the repository
(never a path outside it), and its #anchor, if any, a heading of that file (GitHub's slugs).
(b) Every fenced `sh`, `bash` or `console` block is run, line by line, in one shell per block,
from a scratch folder that holds the repository's top-level entries as links (so that files a
command writes, such as `g.json`, stay out of the checkout), with the virtual environment's
`bin/` first on PATH. A command may end with a comment that says how it is checked instead:

    # docs-test: server 8866   started on a free port (8866 replaced, PORT set), checked to
                               answer HTTP on it, then stopped
    # docs-test: make -n       `make -n ...`: the recipe is printed, not run (`make test`)
    # docs-test: paths         a pytest command: the paths it names exist, and the markers of
                               its `-m` expression are registered (collecting costs 15-40 s)
    # docs-test: help          the command up to its first option, with `--help`
    # docs-test: exists        `python FILE` compiles FILE; `python -m MODULE` finds MODULE
    # docs-test: skip (why)    not run; the reason is required (installs, root, network)

Keep the skipped ones few: `test_few_commands_are_skipped` counts them.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELLS = ("sh", "bash", "console")
COMMAND_TIMEOUT_S = 90
SERVER_START_S = 120
MAX_SKIPPED = 4

FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)[^\n]*\n(.*?)^\1\s*$", re.M | re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.M)
MARK = re.compile(r"#\s*docs-test:\s*(server|make -n|paths|help|exists|skip)\b\s*(.*)$")


# --- links -----------------------------------------------------------------------------------
def prose(text: str) -> str:
    """`text` without fenced blocks and code spans: a link written in code is not a link."""
    text = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    return CODE_SPAN.sub("", text)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text as shown, lower case, punctuation dropped
    (letters of any script kept), spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading anchor of a markdown file; a repeated heading gets -1, -2, ..."""
    seen: dict[str, int] = {}
    found = set()
    for match in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(doc: Path, root: Path = ROOT) -> list[str]:
    """The relative links of `doc` that lead nowhere, each with the reason."""
    problems = []
    for match in LINK.finditer(prose(doc.read_text(encoding="utf-8"))):
        target = match.group(1)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        path = (doc.parent / file_part).resolve() if file_part else doc
        if not path.is_relative_to(root):
            problems.append(f"{target}: outside the repository")
        elif not path.exists():
            problems.append(f"{target}: no such file")
        elif anchor and (path.suffix != ".md" or anchor not in anchors(path)):
            problems.append(f"{target}: no heading #{anchor} in {path.relative_to(root)}")
    return problems


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves(doc: Path) -> None:
    assert broken_links(doc) == []


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_points_outside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "../shared" not in text and "/work/" not in text and "/home/" not in text


def test_a_broken_link_and_a_missing_anchor_are_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Its heading: a `code` word\n", encoding="utf-8")
    doc = tmp_path / "doc.md"
    doc.write_text("# Top\n[a](other.md#its-heading-a-code-word) [b](#top) [c](https://x.org)\n"
                   "[d](missing.md) [e](other.md#nope) [f](../outside.md) `[g](in-code.md)`\n",
                   encoding="utf-8")
    assert broken_links(doc, tmp_path) == [
        "missing.md: no such file", "other.md#nope: no heading #nope in other.md",
        "../outside.md: outside the repository"]


def test_slugs_are_githubs() -> None:
    assert slug("Workarounds over Voilà and ipywidgets") == "workarounds-over-voilà-and-ipywidgets"
    assert slug("The engine contract in brief") == "the-engine-contract-in-brief"
    assert slug("3. A cap on the server's kernels") == "3-a-cap-on-the-servers-kernels"


# --- names of files and modules ----------------------------------------------------------------
TOP = ("foodplay/", "widgets/", "tests/", "scripts/", "notebooks/", "binder/", "docs/", ".ci/")
PATH_WORD = re.compile(r"(?<![\w/.@-])((?:" + "|".join(map(re.escape, TOP)) + r")[^\s`'\"),;]*)")
# the names of a game and a language the docs add as examples (docs/adding-a-*.md)
EXAMPLES = re.compile(r"pizza|\.de\.json")
DOTTED = re.compile(r"(?<![\w./])(foodplay(?:_widgets)?(?:\.\w+)+)(?![\w/])")


def missing_names(doc: Path, root: Path = ROOT) -> list[str]:
    """Repository paths and dotted module names in `doc`'s code spans and blocks that do not
    exist: a file or folder (placeholders such as `<game>` and globs are left out), or a module
    (`foodplay_widgets` is `widgets/`) with, after it, a name its source defines."""
    text = doc.read_text(encoding="utf-8")
    code = "\n".join([*(m.group(2) for m in CODE_SPAN.finditer(FENCE.sub("", text))),
                       *(m.group(3) for m in FENCE.finditer(text))])
    missing = []
    for word in sorted({w.rstrip(".:") for w in PATH_WORD.findall(code)}):
        if re.search(r"[<>*{}]|\.\.\.", word) or EXAMPLES.search(word):
            continue
        if not (root / re.split(r"::|\?|#", word)[0]).exists():
            missing.append(word)
    for word in sorted(set(DOTTED.findall(code))):
        parts = word.split(".")
        parts[0] = "widgets" if parts[0] == "foodplay_widgets" else parts[0]
        for i in range(len(parts), 0, -1):
            base = root.joinpath(*parts[:i])
            source = base.with_suffix(".py") if base.with_suffix(".py").exists() else \
                base / "__init__.py"
            if source.exists():
                rest = parts[i:]
                if rest and not re.search(rf"\b{re.escape(rest[0])}\b",
                                          source.read_text(encoding="utf-8")):
                    missing.append(word)
                break
        else:
            missing.append(word)
    return missing


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_and_module_named_exists(doc: Path) -> None:
    assert missing_names(doc) == []


def test_a_file_or_module_that_is_gone_is_found(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("`foodplay/engine.py` `foodplay/gone.py` `foodplay/games/<game>/data/`\n"
                   "`foodplay.engine.Game` `foodplay.engine.NoSuchThing` `foodplay.gone`\n"
                   "`foodplay_widgets.serving.serve`\n", encoding="utf-8")
    assert missing_names(doc) == ["foodplay/gone.py", "foodplay.engine.NoSuchThing",
                                  "foodplay.gone"]


# --- commands --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Command:
    line: str  # as written, marker included
    mode: str  # "" (run), or a marker's mode
    arg: str   # the marker's argument: a port, a reason

    @property
    def shell(self) -> str:
        """The command without its trailing comment."""
        return MARK.sub("", self.line).split("  #", 1)[0].strip()


@dataclass(frozen=True)
class Block:
    doc: str
    lineno: int
    commands: tuple[Command, ...]

    @property
    def id(self) -> str:
        return f"{self.doc}:{self.lineno}"


def blocks_of(path: Path, root: Path = ROOT) -> list[Block]:
    """The shell blocks of a markdown file, as their commands."""
    text = path.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        if match.group(2) not in SHELLS:
            continue
        lines = match.group(3).splitlines()
        if match.group(2) == "console":  # only the prompt lines are commands
            lines = [line[2:] for line in lines if line.startswith("$ ")]
        joined: list[str] = []
        for line in lines:
            if joined and joined[-1].endswith("\\"):
                joined[-1] = joined[-1][:-1] + " " + line.strip()
            elif line.strip() and not line.lstrip().startswith("#"):
                joined.append(line.strip())
        commands = []
        for line in joined:
            mark = MARK.search(line)
            commands.append(Command(line, mark.group(1) if mark else "",
                                    mark.group(2).strip() if mark else ""))
        found.append(Block(str(path.relative_to(root)), text[:match.start()].count("\n") + 1,
                           tuple(commands)))
    return found


BLOCKS = [block for doc in DOCS for block in blocks_of(doc)]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
            return reply.status == 200
    except urllib.error.HTTPError as error:
        return error.code < 500
    except OSError:
        return False


def pytest_paths(words: list[str], cwd: Path) -> str:
    """For a pytest command: fail unless every path it names exists and every marker its `-m`
    expression names is registered; then check that its program runs at all."""
    assert "pytest" in words, words
    config = tomllib.loads((cwd / "pyproject.toml").read_text(encoding="utf-8"))
    markers = {"not", "and", "or"} | {
        line.split(":")[0] for line in config["tool"]["pytest"]["ini_options"]["markers"]}
    start = words.index("pytest") + 1
    for before, word in zip(words[start - 1:-1], words[start:], strict=True):
        if before == "-m":
            unknown = set(re.findall(r"\w+", word)) - markers
            assert not unknown, f"unregistered markers {unknown} in {shlex.join(words)}"
        elif not word.startswith("-") and before not in ("-k", "-p", "-c"):
            assert (cwd / word.split("::")[0]).exists(), f"no {word} for {shlex.join(words)}"
    return shlex.join([*words[:start], "--version"])


def checked_as(command: Command, cwd: Path) -> str:
    """The shell command that is run for `command`, by its marker."""
    words = shlex.split(command.shell)
    if command.mode == "make -n":
        assert words[0] == "make", command.line
        return shlex.join(["make", "-n", *words[1:]])
    if command.mode == "paths":
        return pytest_paths(words, cwd)
    if command.mode == "help":
        kept = []
        for i, word in enumerate(words):
            if word.startswith("-") and not (word == "-m" or (i and words[i - 1] == "-m")):
                break
            kept.append(word)
        return shlex.join([*kept, "--help"])
    if command.mode == "exists":
        assert Path(words[0]).name == "python", command.line
        if words[1] == "-m":
            return shlex.join([words[0], "-c", "import importlib.util, sys; "
                               f"sys.exit(importlib.util.find_spec({words[2]!r}) is None)"])
        source = (cwd / words[1]).read_text(encoding="utf-8")
        compile(source, words[1], "exec")  # a SyntaxError fails the block
        return "true"
    return command.shell


def run_server(command: Command, cwd: Path, env: dict[str, str]) -> None:
    """Start `command` on a free port, wait until it answers HTTP there, stop it."""
    port = free_port()
    env = {**env, "PORT": str(port)}
    line = command.shell.replace(command.arg, str(port))
    process = subprocess.Popen(["bash", "-c", line], cwd=cwd, env=env, start_new_session=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + SERVER_START_S
        while time.monotonic() < deadline:
            if answers(port):
                return
            if process.poll() is not None:
                out = process.stdout.read().decode(errors="replace")
                pytest.fail(f"{command.line}: exited with {process.returncode}\n{out[-3000:]}")
            time.sleep(0.5)
        pytest.fail(f"{command.line}: nothing answered on port {port} in {SERVER_START_S} s")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def run_block(block: Block, cwd: Path, env: dict[str, str]) -> None:
    """Run each command of `block` in `cwd`; fail on the first that fails."""
    for command in block.commands:
        if command.mode == "skip":
            assert command.arg.startswith("("), f"{command.line}: say why it is skipped"
            continue
        if command.mode == "server":
            run_server(command, cwd, env)
            continue
        line = checked_as(command, cwd)
        try:
            done = subprocess.run(["bash", "-c", f"set -o pipefail; {line}"], cwd=cwd, env=env,
                                  capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{block.id}: {command.line}: still running after {COMMAND_TIMEOUT_S} s")
        if done.returncode != 0:
            pytest.fail(f"{block.id}: {command.line}\n(ran: {line}) exit status "
                        f"{done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A folder that holds the repository's top-level entries as links, and the environment:
    the venv's bin/ first on PATH, Jupyter's and matplotlib's folders out of $HOME."""
    folder = tmp_path_factory.mktemp("docs-run")
    for entry in ROOT.iterdir():
        if entry.name not in (".git",):
            (folder / entry.name).symlink_to(entry)
    home = tmp_path_factory.mktemp("docs-home")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "MPLCONFIGDIR": str(home / "mpl"),
           "IPYTHONDIR": str(home / "ipython"), "FOODPLAY_LANG": ""}
    env.pop("PYTEST_CURRENT_TEST", None)
    return folder, env


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_every_command_runs(block: Block, scratch: tuple[Path, dict[str, str]]) -> None:
    run_block(block, *scratch)


def test_the_docs_have_commands() -> None:
    modes = [command.mode for block in BLOCKS for command in block.commands]
    assert modes.count("") >= 20 and "server" in modes


def test_few_commands_are_skipped() -> None:
    skipped = [command.line for block in BLOCKS for command in block.commands
               if command.mode == "skip"]
    assert len(skipped) <= MAX_SKIPPED, skipped


def test_ci_runs_the_readmes_test_command() -> None:
    readme = [c.shell for b in BLOCKS if b.doc == "README.md" for c in b.commands]
    assert "make test" in readme and "make serve" in readme
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^make test$", ci, re.M)


def test_a_failing_command_fails_its_block(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("```sh\ntrue\nfalse   # a command that fails\n```\n\n"
                   "```sh\npython -m no_such_module_here   # docs-test: exists\n```\n"
                   "```sh\nmake no-such-target   # docs-test: make -n\n```\n", encoding="utf-8")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for block in blocks_of(doc, tmp_path):
        with pytest.raises(pytest.fail.Exception):
            run_block(block, ROOT, env)
