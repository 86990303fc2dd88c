"""Reading widget HTML as a learner would: the words, and one seat's part of the table."""

from __future__ import annotations

import re
from html import unescape


def plain(html: str) -> str:
    """HTML as the words a reader sees (tags dropped, entities decoded, spaces squeezed)."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def section(html: str, label: str) -> str:
    """One seat's part of the table: <section class="fp-player ..." aria-label="label">."""
    match = re.search(rf'<section class="fp-player[^"]*" aria-label="{re.escape(label)}">'
                      r"(.*?)</section>", html, re.S)
    assert match, f"no section for {label}"
    return match.group(1)


def seat_html(app, name: str) -> str:
    """The table HTML of seat `name`, as the app shows it now."""
    return section(app.table.value, name)


def cited(app) -> list[str]:
    """The clause numbers the explanation cites, in order, without repeats."""
    found = re.findall(r'<span class="fp-clause-number">Rule ([^<]+)</span>',
                       app.explanation.html.value)
    return list(dict.fromkeys(found))
