"""A page's words as a reader sees them, and the English sentences that must not be among them
once the page has switched to another language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import ipywidgets as widgets
from html_text import plain

from foodplay.games import built_games, get_game
from foodplay.i18n.messages import LANGUAGES, catalogue

# What a widget shows besides its children: its value (HTML, Label), its label and tooltip, a
# text box's placeholder, a menu's options, a tab's titles.
_SHOWN = ("description", "tooltip", "placeholder")


def widget_texts(root: widgets.Widget) -> Iterator[str]:
    """Every text `root` and the widgets under it show (or say to a screen reader), hidden
    ones left out, as plain words: HTML values, labels, tooltips, placeholders, options,
    titles, Output's HTML."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue  # not shown: drawn again when it is
        for name in _SHOWN:
            value = getattr(widget, name, None)
            if isinstance(value, str) and value:
                yield plain(value)
        if isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
            yield plain(widget.value)
        if isinstance(widget, widgets.Text | widgets.Textarea) and widget.value:
            yield widget.value
        for label in getattr(widget, "_options_labels", ()) or ():
            yield plain(str(label))
        for title in getattr(widget, "titles", ()) or ():
            if title:
                yield plain(title)
        for tip in getattr(widget, "tooltips", ()) or ():
            if tip:
                yield plain(tip)
        if isinstance(widget, widgets.Output):
            for output in widget.outputs:
                data = output.get("data", {})
                for kind in ("text/html", "text/plain"):
                    if kind in data:
                        yield plain(str(data[kind]))
        stack.extend(reversed(list(getattr(widget, "children", ()) or ())))


_FIELD = re.compile(r"\{[^{}]*\}")
_MARKUP = re.compile(r"\*\*|(?<!\w)\*|\*(?!\w)|^#+ |^- ", re.M)


def _literals(template: object) -> list[str]:
    """The fixed words of a template (fields and inline plurals dropped), in pieces."""
    forms = list(template.values()) if isinstance(template, dict) else [template]
    pieces: list[str] = []
    for form in forms:
        if not isinstance(form, str):
            continue
        text = form
        while _FIELD.search(text):  # innermost fields first: inline plurals nest
            text = _FIELD.sub("\0", text)
        text = _MARKUP.sub("", text)
        pieces += [" ".join(p.split()) for p in text.split("\0")]
    return [p for p in pieces if p]


def _templates(lang: str) -> Iterator[tuple[str, object]]:
    for game_id in (None, *built_games()):
        cat = catalogue(None, lang) if game_id is None else get_game(game_id).catalogue(lang)
        yield from cat.templates.items()
        if cat.fallback is not None:
            for key in cat.fallback.templates:
                if key not in cat.templates:
                    yield key, None  # not translated: English is what that language shows


@cache
def english_left(lang: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """What would show that a page still speaks English after a switch to `lang`:
    (sentences: the English catalogue's fixed words of 3 words or more, found in no `lang`
    text; labels: whole English texts of one or two words, such as a button's "Next")."""
    theirs: dict[str, object] = {}
    for key, template in _templates(lang):
        theirs.setdefault(key, template)
    foreign = " ".join(" ".join(_literals(t)) for t in theirs.values() if t is not None)
    foreign = (foreign + " ".join(clause.text(lang) + " " + clause.title(lang)
                                  for game_id in built_games()
                                  for clause in get_game(game_id).rulebook())).lower()
    english: dict[str, object] = {}
    for key, template in _templates("en"):
        english.setdefault(key, template)
    sentences: set[str] = set()
    labels: set[str] = set()
    for key, template in english.items():
        if theirs.get(key) is None or theirs[key] == template:
            continue  # the same in both (a name, a number, a symbol), or not translated
        for piece in _literals(template):
            if len(re.findall("[A-Za-z]{2,}", piece)) >= 3 and piece.lower() not in foreign:
                sentences.add(piece)
        if isinstance(template, str) and "{" not in template:
            words = template.split()
            if 1 <= len(words) <= 2 and template.lower() not in foreign \
                    and re.search("[a-z]{3}", template):
                labels.add(template.strip())
    labels -= {catalogue(None, code).format("ui.lang.name") for code in LANGUAGES}  # the menu
    for game_id in built_games():
        for clause in get_game(game_id).rulebook():
            for part in (clause.text, clause.title):
                mine, other = part("en"), part(lang)
                if mine != other and len(mine.split()) >= 3 and mine.lower() not in foreign:
                    sentences.add(" ".join(mine.split()))
    return tuple(sorted(sentences, key=len, reverse=True)), frozenset(labels)


def english_in(root: widgets.Widget, lang: str) -> list[str]:
    """The English sentences and labels `root` still shows after a switch to `lang`."""
    sentences, labels = english_left(lang)
    texts = list(widget_texts(root))
    found = [text for text in texts if text.strip() in labels]
    whole = "\n".join(texts)
    found += [sentence for sentence in sentences if sentence in whole]
    return found
