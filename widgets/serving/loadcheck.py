"""A page's "could not load" notice: a markdown cell of HTML and CSS, no kernel needed.

Voilà draws a page's markdown on the server, so the notice is there even when the kernel or its
widgets never come (the kernel refused, its websocket closed, a cell's output dropped after
Voilà's IOPub timeout, a cell that failed). It stays hidden while every cell that shows
something has a rendered widget (CSS `:has()`); otherwise a CSS animation shows it after
`--fp-load-slow` ("still starting") and `--fp-load-failed` ("did not load", with a link that
reloads the same address). Its words come from the message catalogues, in every language the
tutor speaks (the page's own language is not known without the kernel), English first.

Before the cells are shown, Voilà's spinner covers the page, and the cell's notice with it.
The tutor's page template (`serve.TEMPLATE`) puts a second notice beside the spinner, with the
same words; `wait_notice()` writes it into the template (WAIT_NOTICE).

    # add or refresh the cell, and the template's notice:
    python -m foodplay_widgets.serving.loadcheck notebooks/burg.ipynb ...
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any

from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay_widgets.text import esc

TAG = "fp-load-check"  # the cell's tag, so that it can be found and refreshed
SLOW_S = 15  # seconds after the cells are shown before "still starting"
FAILED_S = 60  # seconds before "did not load"

CSS = """
.fp-load-check { position: fixed; left: 1rem; right: 1rem; bottom: 1rem; z-index: 1000;
  max-width: 40rem; margin: 0 auto; padding: 0.75rem 1rem; border: 2px solid #a16207;
  border-radius: 6px; background: #fffbeb; color: #1f2937; font-size: 1rem;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); visibility: hidden;
  animation: fp-load-show 0s linear var(--fp-load-slow, %(slow)ss) forwards; }
.fp-load-check p { margin: 0; overflow: hidden; }
.fp-load-check { max-height: 60vh; overflow-y: auto; }
.fp-load-check p + p { margin-top: 0.25rem; font-size: 0.875rem; }
.fp-load-check .fp-load-failed { max-height: 0; visibility: hidden;
  animation: fp-load-open 0s linear var(--fp-load-failed, %(failed)ss) forwards; }
.fp-load-check .fp-load-slow {
  animation: fp-load-shut 0s linear var(--fp-load-failed, %(failed)ss) forwards; }
.fp-load-check .fp-load-retry { font-weight: bold; }
@keyframes fp-load-show { to { visibility: visible; } }
@keyframes fp-load-open { to { max-height: 20em; visibility: visible; } }
@keyframes fp-load-shut { to { max-height: 0; visibility: hidden; } }
%(loaded)s .fp-load-check { display: none !important; animation: none; }
"""


def shows_something(source: str) -> bool:
    """Whether a code cell ends in an expression, whose value the page displays."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    return bool(body) and isinstance(body[-1], ast.Expr)


def displaying_cells(nb: dict[str, Any]) -> list[str]:
    """The ids of the code cells whose output is a widget the page must show."""
    return [cell["id"] for cell in nb["cells"]
            if cell["cell_type"] == "code" and shows_something(_source(cell))]


def _source(cell: dict[str, Any]) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def loaded_selector(cell_ids: list[str]) -> str:
    """A selector that matches <body> once each of those cells holds a rendered widget."""
    checks = "".join(f':has([id="cell-id={cell_id}"] .jupyter-widgets)' for cell_id in cell_ids)
    return f"body{checks}"


def cell_source(nb: dict[str, Any]) -> str:
    """The notice cell's markdown (HTML and CSS) for this notebook, in every language."""
    css = CSS % {"slow": SLOW_S, "failed": FAILED_S,
                 "loaded": loaded_selector(displaying_cells(nb))}
    return (f'<div class="{TAG}" role="alert">\n' + paragraphs("fp-load")
            + f"\n</div>\n<style>{CSS_MARK}{css}</style>")


def paragraphs(prefix: str) -> str:
    """The notice's words in every language, English first: each language's "still starting",
    then each one's "could not be loaded" with its retry link (classes named from `prefix`)."""
    slow, failed = [], []
    for lang in LANGUAGES:
        cat = catalogue(None, lang)
        slow.append(f'<p class="{prefix}-slow" lang="{lang}">{esc(cat.format("ui.load.slow"))}</p>')
        failed.append(f'<p class="{prefix}-failed" lang="{lang}">'
                      f'{esc(cat.format("ui.load.failed"))} <a class="{prefix}-retry" href="">'
                      f'{esc(cat.format("ui.load.retry"))}</a></p>')
    return "\n".join(slow + failed)


CSS_MARK = "/* made by python -m foodplay_widgets.serving.loadcheck: do not edit */"
WAIT_NOTICE = (Path(__file__).parent / "jupyter" / "voila" / "templates" / "foodplay"
               / "wait_notice.html")


def wait_notice() -> str:
    """The spinner's notice for the page template, in every language: its script shows "still
    starting" after SLOW_S and "could not be loaded" once nothing arrived for FAILED_S."""
    return (f"<!-- {CSS_MARK[3:-3]} -->\n"
            f'<div id="fp-wait" class="fp-wait" role="status" hidden '
            f'data-slow-ms="{SLOW_S * 1000}" data-stalled-ms="{FAILED_S * 1000}">\n'
            + paragraphs("fp-wait") + "\n</div>\n")


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to a generated file unless it already holds it; whether it changed."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def refresh_wait_notice(path: Path = WAIT_NOTICE) -> bool:
    """Bring the template's notice up to date; whether the file changed."""
    return write_if_changed(path, wait_notice())


def notice_cell(nb: dict[str, Any]) -> dict[str, Any] | None:
    """The notebook's notice cell, or None."""
    for cell in nb["cells"]:
        if TAG in cell.get("metadata", {}).get("tags", []):
            return cell
    return None


def refresh(path: Path) -> bool:
    """Add the notice cell at the end of the notebook, or bring it up to date; whether the
    file changed."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    source = cell_source(nb)
    cell = notice_cell(nb)
    if cell is not None and _source(cell) == source:
        return False
    if cell is None:
        cell = nbformat.v4.new_markdown_cell(source, metadata={"tags": [TAG]})
        cell["id"] = f"{path.stem}-load-check"
        nb.cells.append(cell)
    else:
        cell["source"] = source
    nbformat.write(nb, path)
    return True


def main(argv: list[str] | None = None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)]
    for path in paths:
        print(f"{path}: {'updated' if refresh(path) else 'up to date'}")
    print(f"{WAIT_NOTICE.name}: {'updated' if refresh_wait_notice() else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
