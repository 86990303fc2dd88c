"""The lessons page as its notebook builds it (issue #33, item 8): the star rules are stated
once, beside the lesson's goal and score where a learner reads them, and the quiz has one
heading."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from html_text import plain

from foodplay.i18n.messages import catalogue

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "lessons.ipynb"
# what the star rules say (en): the lesson's worth, the free first hint, what costs a star
STAR_RULES = re.compile(r"worth 3 stars|first (?:hint|one)[^.;]*free|costs? (?:a|1) star",
                        re.I)


def shown(monkeypatch) -> list[widgets.Widget]:
    """What each code cell of the notebook shows (its last expression), run as Voilà runs it."""
    monkeypatch.setenv("QUERY_STRING", "")
    namespace: dict = {}
    out = []
    for cell in json.loads(NOTEBOOK.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "cell", "exec"), namespace)  # noqa: S102 - the tutor's own notebook
        if last is not None:
            out.append(eval(compile(ast.Expression(last.value), "cell", "eval"), namespace))
    return out


def texts(widget: widgets.Widget) -> list[str]:
    """Every text the widget shows or tells a pointer (values, labels, tooltips), its own and
    its children's, the page's stylesheets left out."""
    found = []
    if isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        found.append(re.sub(r"<style.*?</style>", "", widget.value, flags=re.S))
    for name in ("description", "tooltip"):
        if getattr(widget, name, None):
            found.append(getattr(widget, name))
    for child in getattr(widget, "children", ()):
        found += texts(child)
    return found


@pytest.fixture
def page(monkeypatch) -> list[str]:
    return [text for each in shown(monkeypatch) for text in texts(each)]


def test_the_star_rules_are_stated_once_beside_the_score(page):
    scale = catalogue(None, "en").format("ui.lesson.scale")
    assert STAR_RULES.search(scale)  # the one place that states them
    whole = "\n".join(plain(text) for text in page)
    assert whole.count(scale) == 1
    elsewhere = STAR_RULES.findall(whole.replace(scale, ""))
    assert elsewhere == [], elsewhere
    goal = next(text for text in page if 'class="fp-lesson-goal"' in text)
    assert "fp-lesson-scale" in goal  # in the goal box, under the score


def test_the_quiz_has_one_heading(page):
    headings = [plain(h) for text in page
                for h in re.findall(r"<h[1-6]\b.*?</h[1-6]>", text, re.S)]
    quiz = [h for h in headings if "quiz" in h.casefold()]
    assert len(quiz) == 1, quiz
    assert quiz[0].startswith("Quiz: questions from real games")
    assert any("The quiz follows the game chosen above." in plain(text) for text in page)
