"""Food Truck's own stylesheet: card and truck colours, the table's seats, the pile editor."""

from foodplay_widgets.app.colours import palette_css

# meals in warm street-food colours; the text on each is computed (colours.ink_on)
CARD_COLOURS = {
    "burger": "#9a5216", "doner": "#e9c46a", "pizza": "#c8102e", "tacos": "#f4a261",
    "noodles": "#f1e3b6", "hot_dog": "#c2410c", "fish_chips": "#8ecae6", "curry": "#8a6414",
}
TRUCK_COLOURS = {"swap": "#0f766e", "detour": "#1d4ed8", "recall": "#7e22ce",
                 "cover": "#334155", "rush": "#b91c1c"}

CSS = """
.fp-food-truck .fp-ft-middle > .fp-zone { flex: 1 1 10em; min-width: 0; }
.fp-food-truck .fp-card { min-width: 5.4em; }
.fp-food-truck .fp-small .fp-card { min-width: 3.8em; }
.fp-food-truck .fp-card.fp-card-back { min-width: 1.9em; width: 1.9em; }
.fp-food-truck .fp-card.fp-card-back.fp-deck-stack { width: 2.6em; }
.fp-ft-backs { gap: 0 !important; }
.fp-ft-backs .fp-card-back + .fp-card-back { margin-left: -1.1em; }
.fp-ft-backs .fp-ft-count { flex-basis: 100%; }
.fp-ft-dessert { background: repeating-linear-gradient(135deg, #fde2f3 0 6px, #fbcfe8 6px 12px);
  border-style: dotted; color: #831843; }
.fp-ft-other { background: #f6f8fa; }
.fp-ft-truck { color: #fff; border-radius: 10px 10px 4px 4px; min-width: 7em !important;
  border-color: rgba(0,0,0,0.5); }
.fp-ft-truck.fp-ft-used { opacity: 0.55; text-decoration: line-through; }
.fp-ft-truck-status { font-size: 0.85em; font-weight: 600; color: #1a7f37; }
.fp-ft-truck-status.fp-ft-used-text { color: #57606a; }
.fp-ft-truck-more { font-size: 0.85em; color: #57606a; }
.fp-game-food-truck .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }
.fp-ft-served .fp-card, .fp-ft-pile-order .fp-card { position: relative; }
.fp-ft-pile { box-shadow: 3px -3px 0 rgba(0,0,0,0.25), 6px -6px 0 rgba(0,0,0,0.15);
  margin: 6px 8px 0 0; }
.fp-ft-badge { position: absolute; top: -9px; right: -9px; background: #1f2328; color: #fff;
  border-radius: 999px; font-size: max(12px, 0.8em); padding: 0 5px; line-height: 1.5em; }
.fp-ft-down { background: repeating-linear-gradient(45deg, #1b6ca8 0 5px, #5fa8d3 5px 10px)
  !important; color: #fff !important; text-decoration: line-through; border-style: dashed; }
.fp-ft-down .fp-card-name { background: rgba(0,0,0,0.45); border-radius: 4px; padding: 0 3px; }
.fp-ft-blocking { outline: 4px solid #cf222e; outline-offset: 2px;
  animation: fp-ft-pulse 1.2s ease-in-out 2; }
@keyframes fp-ft-pulse { 50% { outline-color: #ff8182; } }
.fp-ft-new { outline: 3px solid #e3b341; outline-offset: 2px; }
.fp-ft-revealed { outline: 4px dashed #cf222e; outline-offset: 2px; }
.fp-ft-place { position: absolute; top: -8px; left: -8px; background: #fff; color: #1f2328;
  border: 1px solid #57606a; border-radius: 999px; font-size: max(12px, 0.75em); min-width: 1.4em;
  line-height: 1.4em; text-align: center; }
.fp-ft-pile-order { padding-top: 6px !important; padding-left: 6px !important; }
.fp-ft-banner { border-radius: 8px; padding: 6px 12px; display: flex; gap: 12px;
  align-items: center; }
.fp-ft-clash { border: 2px solid #cf222e; background: #ffebe9; }
.fp-ft-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 600;
  font-size: 1.1em; display: block; }
.fp-ft-token { display: inline-block; width: 1.1em; height: 1.1em; border-radius: 50%;
  background: radial-gradient(circle, #ffd33d 0 45%, #bf8700 46% 100%); margin-right: 6px;
  vertical-align: middle; }
.fp-ft-tag-token::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em;
  border-radius: 50%; background: #ffd33d; border: 1px solid #bf8700; margin-right: 4px;
  vertical-align: -1px; }
.fp-ft-tag-out { background: #ffebe9; color: #82071e; }
.fp-ft-seat-out { background: #f6f8fa; border-style: dashed; }
.fp-ft-seat-out .fp-player-name { color: #57606a; }
.fp-ft-seat-acting { border: 2px solid #fb8f44; box-shadow: 0 0 0 3px #fff1e5; }
.fp-ft-vp { display: flex; gap: 6px; align-items: center; font-weight: 600; }
.fp-ft-pips { display: inline-flex; gap: 3px; }
.fp-ft-pip { width: 0.9em; height: 0.9em; border-radius: 50%; border: 2px solid #bf8700;
  background: #fff; }
.fp-ft-pip-on { background: #ffd33d; }
.fp-ft-count { font-size: 0.85em; color: #57606a; margin-right: 4px; }
.fp-ft-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-ft-legend summary { font-weight: 600; cursor: pointer; }
.fp-ft-legend h5 { margin-top: 6px !important; font-size: 0.9em; }
.fp-ft-legend-trucks { margin: 2px 0; padding-left: 1.2em; font-size: 0.9em; }
.fp-food-truck .fp-seat-row { grid-template-columns: minmax(6em, 8em) minmax(0, 1fr); }

/* the pile editor */
.fp-ft-editor { border: 2px solid #1a7f37; border-radius: 8px; padding: 8px 12px;
  background: #f0fff4; gap: 6px; }
.fp-ft-editor-title { font-size: 1.1em; }
.fp-ft-editor-body { gap: 12px; align-items: flex-start; flex-wrap: wrap; }
.fp-ft-editor-body select { font-size: 1em; min-height: 10em; }
.fp-ft-editor-buttons { gap: 4px; }
.fp-ft-editor-actions { gap: 8px; flex-wrap: wrap; }
.fp-ft-editor-pile { min-width: 16em; }
.fp-ft-editor-note { font-size: 0.9em; color: #0d4a1f; font-weight: 600; min-height: 1.3em; }
.fp-ft-advice { font-size: 0.9em; background: #ddf4ff; border-radius: 6px; padding: 4px 10px;
  margin-top: 6px; }
.fp-ft-advice ul { margin: 2px 0; padding-left: 1.2em; }
.fp-app .fp-ft-editor-confirm { font-weight: 700; }
"""
CSS += palette_css("fp-ft-c-", CARD_COLOURS)
CSS += palette_css("fp-ft-t-", TRUCK_COLOURS)
