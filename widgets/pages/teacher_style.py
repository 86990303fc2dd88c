"""Teacher's mode's stylesheet: the projector view (`.fp-presenter`, large type for the class)
and the teacher's tools (the folded note box, sharing, the summary).

On a 1920x1080 projector the first screen is the class's: the step, its explanation and the
rule it cites (tests/browser/test_teaching.py measures it); the teacher's note box is folded
under the explanation until the teacher opens it (teacher.py).
"""

from __future__ import annotations

PRESENTER_CSS = """
.fp-presenter .fp-app { font-size: 1.35rem; max-width: none; }
.fp-presenter .fp-app .widget-html-content, .fp-presenter .fp-app .widget-label,
.fp-presenter .fp-app button, .fp-presenter .fp-app select { font-size: 1.35rem; }
.fp-presenter .fp-app button { height: auto; min-height: 2.2em; }
.fp-presenter .fp-teacher-note, .fp-presenter .fp-lesson-note { font-size: 1.5rem; }
.fp-presenter .fp-app .widget-inline-hbox .widget-label { width: auto; max-width: none;
  padding-right: 0.5em; }
.fp-presenter .fp-teacher-tools, .fp-presenter .fp-teacher-head { font-size: 1.2rem; }
.fp-presenter .fp-teacher-tools .widget-html-content, .fp-presenter .fp-teacher-tools button,
.fp-presenter .fp-teacher-tools select, .fp-presenter .fp-teacher-tools .widget-label,
.fp-presenter .fp-teacher-head .widget-html-content, .fp-presenter .fp-teacher-head button,
.fp-presenter .fp-teacher-head select, .fp-presenter .fp-teacher-head .widget-label {
  font-size: 1.2rem; height: auto; }
.fp-teacher-tools { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 12px;
  background: #f6f8fa; gap: 6px; }
.fp-teacher-tools textarea { font-size: 1.05em; min-height: 5em; }
.fp-teacher-row { gap: 8px; flex-wrap: wrap; align-items: center; }
.fp-teacher-note-count { font-size: 0.85em; color: #57606a; margin-left: auto; }
.fp-teacher-note-count .fp-over { color: #a40e26; font-weight: bold; }
.fp-teacher-status .fp-problem { border-left: 4px solid #a40e26; padding-left: 8px;
  font-weight: bold; }
.fp-teacher-notes-fold { gap: 6px; }
.fp-teacher-notes-fold > .fp-teacher-notes-toggle { align-self: flex-start; }
/* the projector's first screen is the class's: the step, its explanation and its rule. The
   page's tips fold under one line, and the teacher's intro and the game's settings (players,
   seed, bots, New game) wait until large type is off */
body:has(.fp-teacher.fp-presenter) .fp-tips-full { display: none; }
body:has(.fp-teacher.fp-presenter) .fp-tips-fold { display: block; }
.fp-presenter .fp-teacher-intro, .fp-presenter .fp-app .fp-settings { display: none; }
/* what the class reads gets the room: the explanation's column as wide as the table's, its
   text larger (24 px: the rule it cites 22 px), the key legend (the teacher's) smaller */
.fp-presenter .fp-app .fp-left, .fp-presenter .fp-app .fp-right { flex: 1 1 0; }
.fp-presenter .fp-app .fp-explanation .widget-html-content { font-size: 1.5rem; }
.fp-presenter .fp-app .fp-keys-legend { font-size: 1rem; }
"""
