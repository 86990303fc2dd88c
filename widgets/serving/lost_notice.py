"""The words of the page's "connection lost" notice, in every language the tutor speaks.

The notice itself is drawn by the page template's script (kernel_lost.js, beside
one_frame_per_reply.js) once the kernel is gone, so its words cannot come from the kernel:
they are written from the message catalogues into kernel_lost_words.js, which the template
includes before the script, and the script picks the page's language.

    python -m foodplay_widgets.serving.lost_notice      # bring kernel_lost_words.js up to date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from foodplay.i18n.messages import LANGUAGES, catalogue
from foodplay_widgets.serving.loadcheck import write_if_changed

WORDS_FILE = (Path(__file__).parent / "jupyter" / "voila" / "templates" / "foodplay"
              / "kernel_lost_words.js")
KEYS = {"gone": "ui.lost.gone", "notes": "ui.lost.notes", "again": "ui.lost.again",
        "reload": "ui.lost.reload"}
MARK = "// made by python -m foodplay_widgets.serving.lost_notice: do not edit"


def words_js() -> str:
    """The script that sets window.fpLostWords: language -> the notice's words."""
    words = {lang: {name: catalogue(None, lang).format(key) for name, key in KEYS.items()}
             for lang in LANGUAGES}
    # no "</" in a page's inline script, whatever the words
    text = json.dumps(words, ensure_ascii=False, indent=1).replace("</", "<\\/")
    return f"{MARK}\nwindow.fpLostWords = {text};\n"


def refresh(path: Path = WORDS_FILE) -> bool:
    """Bring the words file up to date; whether it changed."""
    return write_if_changed(path, words_js())


def main() -> int:
    print(f"{WORDS_FILE.name}: {'updated' if refresh() else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
