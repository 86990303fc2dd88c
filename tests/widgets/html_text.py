"""Reading widget HTML as a learner would: the words, and one seat's part of the table."""

from __future__ import annotations

import re
from html import unescape


def plain(html: str) -> str:
    """HTML as the words a reader sees (tags dropped, entities decoded, spaces squeezed)."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def section(html: str, label: str) -> str:
    """The HTML of the <section aria-label="label"> element (one seat's part of the table)."""
    match = re.search(rf'<section class="fp-player" aria-label="{re.escape(label)}">(.*?)'
                      r"</section>", html, re.S)
    assert match, f"no section for {label}"
    return match.group(1)
