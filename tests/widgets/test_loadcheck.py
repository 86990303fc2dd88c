"""The "could not load" notice cell of every app page is there and up to date."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay_widgets.serving import loadcheck
from foodplay_widgets.text import esc

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES = [f"{game}{kind}.ipynb" for game in ("burg", "coffee-rush", "cuisine-a-la-card",
                                            "food-truck") for kind in ("", "-examples")]
PAGES += ["teacher.ipynb", "setup.ipynb"]


@pytest.mark.parametrize("name", PAGES)
def test_each_app_page_carries_an_up_to_date_notice(name):
    nb = json.loads((NOTEBOOKS / name).read_text())
    cell = loadcheck.notice_cell(nb)
    assert cell is not None, f"run python -m foodplay_widgets.serving.loadcheck notebooks/{name}"
    assert "".join(cell["source"]) == loadcheck.cell_source(nb), (
        f"{name}: the notice is stale; run python -m foodplay_widgets.serving.loadcheck "
        f"notebooks/{name}")
    shown = loadcheck.displaying_cells(nb)
    assert shown and all(f'[id="cell-id={cell_id}"]' in "".join(cell["source"])
                         for cell_id in shown)


def test_only_cells_ending_in_an_expression_must_show_a_widget():
    assert loadcheck.shows_something("from x import y\nworked_example('burg', 'a')")
    assert loadcheck.shows_something("app = f()\napp.go(2)\napp")
    assert not loadcheck.shows_something("from foodplay_widgets import worked_example")
    assert not loadcheck.shows_something("app = f()")
    assert not loadcheck.shows_something("def broken(:")


def test_the_notice_is_hidden_only_when_every_such_cell_has_a_widget():
    selector = loadcheck.loaded_selector(["a-1", "a-3"])
    assert selector == ('body:has([id="cell-id=a-1"] .jupyter-widgets)'
                        ':has([id="cell-id=a-3"] .jupyter-widgets)')


def test_refresh_adds_the_cell_once(tmp_path):
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1")]
    nb.cells[0]["id"] = "page-0"
    path = tmp_path / "page.ipynb"
    nbformat.write(nb, path)
    assert loadcheck.refresh(path) and not loadcheck.refresh(path)
    cells = nbformat.read(path, as_version=4).cells
    assert len(cells) == 2 and 'cell-id=page-0' in cells[1].source
    assert "ui.load" not in cells[1].source  # the catalogue's words, not its keys


def test_the_page_templates_notice_is_up_to_date_in_every_language():
    written = loadcheck.WAIT_NOTICE.read_text(encoding="utf-8")
    assert written == loadcheck.wait_notice(), (
        "the page template's notice is stale; run python -m foodplay_widgets.serving.loadcheck")
    for lang in LANGUAGES:
        cat = catalogue(None, lang)
        assert f'lang="{lang}">{esc(cat.format("ui.load.slow"))}</p>' in written
        assert esc(cat.format("ui.load.retry")) in written
    assert f'data-stalled-ms="{loadcheck.FAILED_S * 1000}"' in written
