"""Coffee Rush's own stylesheet: the board, the seats' boards, the tokens and the move
builder; the app ships it once, after the shared one."""

from foodplay_widgets.app.colours import palette_css

# each ingredient's colour; the text on it is computed (colours.ink_on), on the table's board,
# the move board's cells and the ingredient chips alike
INGREDIENT_COLOURS = {
    "coffee": "#6f4e37", "milk": "#fffaf0", "steam": "#e5e7eb", "ice": "#d0f0fd",
    "chocolate": "#4b2e1e", "caramel": "#e0a84a", "tea": "#b7e4b0", "water": "#8fd3f0",
}
SEAT_COLOURS = ("#1b6ca8", "#c2410c", "#15803d", "#7e22ce", "#a16207")

CSS = """
.fp-coffee-rush .fp-cr-status > .fp-zone { flex: 1 1 14em; min-width: 0; }
.fp-cr-token-line, .fp-cr-deck-line { display: flex; gap: 8px; align-items: center; }
.fp-cr-token { display: inline-block; width: 1.6em; height: 1.6em; border-radius: 50%;
  border: 3px solid; flex: none; }
.fp-cr-token-open { background: radial-gradient(circle, #fff 0 30%, #2da44e 31% 100%);
  border-color: #116329; }
.fp-cr-token-closed { background: repeating-linear-gradient(45deg, #cf222e 0 4px, #a40e26 4px 8px);
  border-color: #82071e; }
.fp-cr-token-why { font-size: 0.88em; color: #57606a; }
.fp-cr-deck-stack { display: inline-block; width: 1.6em; height: 2.1em; border-radius: 4px;
  border: 2px solid #5a3a22; box-shadow: 2px 2px 0 #5a3a22, 4px 4px 0 #8a5a3a;
  background: repeating-linear-gradient(45deg, #8a5a3a 0 5px, #b07a52 5px 10px); }
.fp-cr-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-cr-middle { display: flex; gap: 8px; flex-wrap: wrap; align-items: flex-start; }
.fp-cr-middle > .fp-cr-board-zone { flex: 0 1 auto; }
.fp-cr-middle > .fp-cr-side { flex: 1 1 14em; min-width: 12em; }
.fp-cr-side { display: flex; flex-direction: column; gap: 8px; }
.fp-cr-board { border-collapse: separate; border-spacing: 4px; }
.fp-cr-board caption { text-align: left; font-weight: 600; font-size: 0.95em; }
.fp-cr-board th { font-size: 0.8em; color: #57606a; font-weight: 600; padding: 0 2px; }
.fp-cr-cell { width: 6.4em; height: 4.6em; vertical-align: top; border-radius: 8px;
  border: 2px solid rgba(0,0,0,0.25); padding: 3px 5px; position: relative; }
.fp-cr-cell-name { display: block; font-weight: 700; font-size: 0.95em; }
.fp-cr-marks { display: flex; gap: 3px; flex-wrap: wrap; }
.fp-cr-mark { font-size: 0.68em; font-weight: 600; border-radius: 4px; padding: 0 4px;
  background: rgba(255,255,255,0.8); color: #24292f; border: 1px solid rgba(0,0,0,0.25); }
.fp-cr-mark-ribbon { background: #fff1b8; color: #7a4a00; border-color: #bf8700; }
.fp-cr-corner { border-style: double; border-width: 4px; }
.fp-cr-pawns { display: flex; flex-wrap: wrap; gap: 2px; margin-top: 2px; }
.fp-cr-pawn { display: inline-flex; align-items: center; gap: 3px; font-size: 0.72em;
  font-weight: 700; background: #fff; color: var(--fp-cr-seat); border-radius: 999px;
  padding: 0 6px 0 2px; border: 2px solid var(--fp-cr-seat); }
.fp-cr-pawn-dot { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
  background: var(--fp-cr-seat); flex: none; }
.fp-cr-pawn.fp-cr-moving, .fp-cr-pawn.fp-cr-mine { box-shadow: 0 0 0 3px #ffd33d; }
.fp-cr-on-path { outline: 3px solid #0969da; outline-offset: 1px; }
.fp-cr-steps { position: absolute; top: -9px; right: -6px; display: flex; gap: 2px; }
.fp-cr-step-badge { background: #0969da; color: #fff; border-radius: 999px; font-size: 0.72em;
  min-width: 1.5em; line-height: 1.5em; text-align: center; font-weight: 700;
  border: 1px solid #fff; }
.fp-cr-step-badge.fp-cr-start { background: #57606a; }
.fp-cr-turn h4, .fp-cr-supply h4 { margin-bottom: 4px !important; }
.fp-cr-path-list { margin: 2px 0; padding-left: 1.8em; font-size: 0.9em; }
.fp-cr-sub { font-size: 0.88em; color: #57606a; font-weight: 600; }
.fp-cr-chips { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0;
  padding: 0; }
.fp-cr-ing { display: inline-block; border-radius: 999px; padding: 1px 9px;
  font-size: max(12px, 0.82em);
  font-weight: 600; border: 1px solid rgba(0,0,0,0.35); }
.fp-cr-small .fp-cr-ing { font-size: max(12px, 0.7em); padding: 0 6px; }
.fp-cr-ing.fp-cr-out { opacity: 0.55; text-decoration: line-through; }
.fp-cr-ing.fp-changed { outline: 3px solid #e3b341; outline-offset: 1px; }
.fp-cr-turn-part { border-radius: 6px; padding: 0 4px; }
.fp-cr-seats { grid-template-columns: repeat(auto-fit, minmax(38em, 1fr)); }
.fp-coffee-rush .fp-seat-row { grid-template-columns: minmax(6em, 7.5em) minmax(0, 1fr); }
.fp-cr-seat { border-top: 5px solid var(--fp-cr-seat); }
.fp-cr-seat .fp-player-name { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.fp-cr-seat-acting { box-shadow: 0 0 0 3px #fff1e5; border-color: #fb8f44; }
.fp-cr-cups { display: flex; gap: 6px; flex-wrap: wrap; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-cup { border: 2px solid #8c959f; border-radius: 4px 4px 14px 14px; padding: 2px 6px 4px;
  min-width: 6em; background: #fff; }
.fp-cr-cup-ready { border-color: #1a7f37; background: #f0fff4; }
.fp-cr-cup-name { font-size: 0.75em; font-weight: 700; color: #57606a; }
.fp-cr-ready { font-size: 0.78em; font-weight: 700; color: #116329; }
.fp-cr-tabs { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 4px;
  width: 100%; list-style: none; margin: 0; padding: 0; }
.fp-cr-tab { border: 1px dashed #8c959f; border-radius: 6px; padding: 2px 4px; min-height: 3em;
  background: #f6f8fa; }
.fp-cr-tab-name { font-size: 0.72em; font-weight: 700; color: #57606a; display: block; }
.fp-cr-tab-warn { border: 2px solid #cf222e; background: #fff5f5; }
.fp-cr-tab-warn .fp-cr-tab-name { color: #82071e; }
.fp-cr-orders { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column;
  gap: 3px; }
.fp-cr-order { background: #fffdf5; border: 1px solid #bf8700; border-radius: 6px;
  padding: 2px 4px; }
.fp-cr-order-name { display: block; font-size: max(12px, 0.8em); font-weight: 700; }
.fp-cr-specialty { background: #fff8c5; border: 2px solid #9a6700; }
.fp-cr-special-mark { font-size: max(12px, 0.68em); font-weight: 700; color: #7a4a00; }
.fp-cr-rush { display: flex; gap: 6px; align-items: center; }
.fp-cr-rush-tokens { display: inline-flex; gap: 2px; }
.fp-cr-rush-token { width: 0.9em; height: 0.9em; border-radius: 50%; background: #cf222e;
  border: 2px solid #82071e; }
.fp-cr-upgrades { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-upgrade { font-size: max(12px, 0.78em); border: 1px dashed #8c959f; border-radius: 6px;
  padding: 1px 6px; color: #57606a; background: #f6f8fa; }
.fp-cr-upgrade-on { border: 2px solid #6e40c9; background: #fbefff; color: #3e1f79;
  font-weight: 700; }
.fp-cr-backs { display: inline-flex; margin-right: 6px; }
.fp-cr-counts { display: flex; flex-wrap: wrap; gap: 6px; }
.fp-cr-count { border: 1px solid #d0d7de; border-radius: 6px; padding: 1px 8px;
  min-width: 7em; }
.fp-cr-count h5 { font-size: 0.75em; color: #57606a; }
.fp-cr-count p { font-size: 0.9em; }
.fp-cr-back { width: 0.9em; height: 1.3em; border-radius: 2px; border: 1px solid #5a3a22;
  background: repeating-linear-gradient(45deg, #8a5a3a 0 3px, #b07a52 3px 6px); }
.fp-cr-back + .fp-cr-back { margin-left: -0.4em; }
.fp-cr-hidden-count { display: flex; align-items: center; }
.fp-cr-own-note { font-size: 0.8em; color: #57606a; }
.fp-cr-done { display: flex; flex-wrap: wrap; gap: 3px; list-style: none; margin: 0;
  padding: 0; }
.fp-cr-done-card { font-size: max(12px, 0.75em); border: 1px solid #8c959f; border-radius: 4px;
  padding: 0 4px; background: #f6f8fa; }
.fp-cr-penalties .fp-cr-done-card { border-color: #cf222e; background: #fff5f5; }
.fp-cr-banner { border-radius: 8px; padding: 6px 12px; }
.fp-cr-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 700;
  font-size: 1.1em; }
.fp-cr-legend summary { font-weight: 600; cursor: pointer; }
.fp-cr-legend ul { margin: 4px 0; padding-left: 1.2em; font-size: 0.9em; }
.fp-game-coffee-rush .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }

/* the move builder */
.fp-cr-editor { border: 2px solid #1a7f37; border-radius: 8px; padding: 8px 12px;
  background: #f0fff4; gap: 8px; }
.fp-cr-editor-title { font-size: 1.1em; }
.fp-cr-editor-help { font-size: 0.92em; }
.fp-cr-editor-body { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cr-editor-side { flex: 1 1 20em; min-width: 16em; gap: 6px; }
.fp-cr-editor-lower { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cr-grid { gap: 6px; }
.fp-cr-grid-cell { border: 2px solid rgba(0,0,0,0.25); border-radius: 10px; padding: 4px;
  min-height: 6.6em; position: relative; gap: 4px; justify-content: space-between; }
.fp-cr-grid-cell.fp-cr-step-cell { border: 3px dashed #1a7f37; opacity: 1; }
.fp-cr-grid-cell.fp-cr-place-cell { border: 3px dashed #1a7f37; }
.fp-cr-grid-cell.fp-cr-refused-cell { border: 3px dotted #cf222e; }
.fp-cr-grid-cell.fp-cr-here { border: 3px solid #bf8700; box-shadow: 0 0 0 3px #ffd33d; }
.fp-cr-grid-cell.fp-cr-on-path { outline: 3px solid #0969da; outline-offset: 1px; }
.fp-cr-face-inner { display: flex; flex-direction: column; gap: 1px; }
/* a phone's move board has 73 px columns: a long name (chocolate) wraps inside its cell */
.fp-cr-grid-cell .fp-cr-cell-name { overflow-wrap: anywhere; }
.fp-cr-where { font-size: 0.68em; font-weight: 600; opacity: 0.85; }
.fp-app .fp-cr-cell-button { white-space: normal; height: auto; min-height: 2.2em;
  line-height: 1.2; padding: 3px 6px; font-size: 0.82em; font-weight: 700; width: 100%; }
.fp-app .fp-cr-step, .fp-app .fp-cr-place { background: #1a7f37; color: #fff;
  border: 1px solid #0d4a1f; }
.fp-app .fp-cr-step:hover, .fp-app .fp-cr-place:hover { background: #116329; }
.fp-app .fp-cr-refused { background: #fff; color: #82071e; border: 1px solid #cf222e; }
.fp-app .fp-cr-cell-button:focus { outline: 3px solid #0969da; outline-offset: 2px; }
.fp-app .fp-cr-editor .fp-cr-hinted { outline: 4px solid #0969da; outline-offset: 2px;
  box-shadow: 0 0 0 6px #ddf4ff; }
.fp-cr-preview-box { background: #fff; border: 1px solid #d0d7de; border-radius: 8px;
  padding: 6px 10px; }
.fp-cr-preview-box h5 { font-size: 1em; }
.fp-cr-path-steps { list-style: none; margin: 2px 0; padding: 0; font-size: 0.92em; }
.fp-cr-path-new { font-weight: 600; color: #0550ae; }
.fp-cr-collect { margin-top: 6px !important; }
.fp-cr-budget, .fp-cr-rush-cost { font-size: 0.9em; }
.fp-cr-rush-cost { color: #82071e; font-weight: 600; }
.fp-cr-rules summary { cursor: pointer; font-size: 0.9em; font-weight: 600; }
.fp-cr-rules .fp-sentences { font-size: 0.88em; }
.fp-cr-stop-ok { font-weight: 600; color: #116329; }
.fp-cr-actions { gap: 8px; flex-wrap: wrap; }
.fp-app .fp-cr-stop { font-weight: 700; }
.fp-cr-upgrade-row { gap: 6px; align-items: center; }
.fp-cr-upgrade-label { font-size: 0.92em; font-weight: 600; }
.fp-app .fp-cr-upgrade-button { background: #fbefff; border: 1px solid #6e40c9;
  color: #3e1f79; font-weight: 600; }
.fp-app .fp-cr-upgrade-pending { background: #6e40c9; color: #fff; opacity: 1; }
.fp-cr-choices { gap: 6px; flex: 2 1 24em; }
.fp-cr-choice-row { gap: 6px; flex-wrap: wrap; align-items: center; }
.fp-cr-choice-label { min-width: 6em; }
.fp-app .fp-cr-choice { font-weight: 600; }
.fp-app .fp-cr-pour, .fp-app .fp-cr-serve { background: #dafbe1; border: 1px solid #1a7f37;
  color: #0d4a1f; }
.fp-app .fp-cr-serve { font-size: 1.02em; }
.fp-app .fp-cr-return, .fp-app .fp-cr-empty { background: #fff; border: 1px solid #8c959f; }
.fp-app .fp-cr-finish { background: #0969da; color: #fff; border: 1px solid #0550ae; }
.fp-cr-cups-panel { flex: 1 1 18em; }
.fp-cr-cups-box { background: #fff; border: 1px solid #d0d7de; border-radius: 8px;
  padding: 6px 10px; }
.fp-cr-cup-notes { list-style: none; margin: 2px 0 0; padding: 0; font-size: 0.78em; }
.fp-cr-dead { color: #82071e; }
"""
CSS += palette_css("fp-cr-i-", INGREDIENT_COLOURS)
CSS += "".join(f".fp-app .fp-cr-i-{i}.fp-changed {{ background: {bg} !important; }}\n"
               for i, bg in INGREDIENT_COLOURS.items())
CSS += "".join(f".fp-cr-s{s} {{ --fp-cr-seat: {c}; }}\n" for s, c in enumerate(SEAT_COLOURS))
