"""Cuisine a la Card's stylesheet: card faces in their cuisine's colours, the table's zones
and the dish builder; shipped once per app with the renderer (`CuisineRenderer.css`)."""

from foodplay_widgets.app.colours import cell_css

# background, border, accent text (the accent where it reads at 4.5:1, else colours.ink_on's)
CUISINE_COLOURS = {
    "french": ("#e7efff", "#3b5bdb", "#1e3a8a"),
    "italian": ("#e6f6ea", "#2f9e44", "#14532d"),
    "pan_asian": ("#ffe9e6", "#c92a2a", "#7f1d1d"),
    "western": ("#fff1d6", "#d9480f", "#7c2d12"),
    "none": ("#f4f4f0", "#868e96", "#343a40"),
}

CSS = """
.fp-cuisine .fp-cu-card { flex-direction: column; align-items: stretch; justify-content:
  flex-start; height: auto; min-height: 2.6em; width: 8.6em; min-width: 8.6em; padding: 3px 6px;
  text-align: left; gap: 1px; border-width: 2px; position: relative; font-weight: 500; }
.fp-cu-builder .fp-cu-card { flex-direction: column; height: auto; }
.fp-cuisine .fp-cu-small, .fp-cu-legend .fp-cu-card { width: auto; min-width: 6.2em;
  min-height: 2.2em; font-size: max(12px, 0.78em); }
.fp-cu-face { display: flex; flex-direction: column; gap: 1px; }
.fp-cu-top { display: flex; justify-content: space-between; align-items: baseline; gap: 4px; }
.fp-cu-name { font-weight: 700; line-height: 1.15; }
.fp-cu-pts { font-weight: 800; min-width: 1.5em; text-align: center; border-radius: 999px;
  background: rgba(255,255,255,0.85); border: 1px solid rgba(0,0,0,0.35); line-height: 1.4em;
  font-size: max(12px, 0.95em); }
.fp-cu-tags { font-size: max(12px, 0.78em); opacity: 0.9; line-height: 1.2; }
.fp-cu-text { font-size: max(12px, 0.74em); line-height: 1.2;
  border-top: 1px dashed rgba(0,0,0,0.25);
  padding-top: 1px; font-style: italic; }
.fp-cu-cost { position: absolute; top: -9px; left: -7px; background: #1f2328; color: #fff;
  border-radius: 999px; font-size: max(12px, 0.78em); padding: 0 6px; line-height: 1.5em;
  font-weight: 700; font-style: normal; }
.fp-cu-cost-fridge { background: #0b7285; }
.fp-cu-times, .fp-cu-counts { position: absolute; top: -8px; right: -8px; background: #1f2328;
  color: #fff; border-radius: 999px; font-size: max(12px, 0.85em); padding: 0 5px;
  line-height: 1.5em; }
.fp-cu-counts { background: #1a7f37; }
/* a corner badge (12 px at least) sits over the card's top edge, clear of its name */
.fp-cuisine .fp-cu-card:has(.fp-cu-cost, .fp-cu-times, .fp-cu-counts) {
  padding-top: 10px; }
.fp-cu-tool { background: linear-gradient(160deg, #f8f9fa, #dee2e6) !important;
  border-color: #868e96 !important; color: #343a40; }
.fp-cu-unknown { background: #fff; }
.fp-cuisine h5 { font-size: max(12px, 0.85em); color: #57606a; }

/* this turn */
.fp-cu-budget { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 14px;
  background: #fffdf5; border-color: #e3b341; }
.fp-cu-budget h4 { margin-right: 4px !important; }
.fp-cu-stats { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0;
  padding: 0; }
.fp-cu-stat { border: 1px solid #d0d7de; border-radius: 999px; padding: 1px 10px 1px 4px;
  background: #fff; display: flex; align-items: center; gap: 4px; }
.fp-cu-stat-n { display: inline-block; min-width: 1.6em; text-align: center; font-weight: 800;
  border-radius: 999px; background: #1f2328; color: #fff; }
.fp-cu-stat-currency .fp-cu-stat-n { background: #bf8700; }
.fp-cu-budget-note { flex-basis: 100%; font-size: 0.85em; color: #953800; }

/* Market, Fridge and stock */
.fp-cu-market { background: #fbfaf7; }
.fp-cu-slots { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 0;
  padding: 0; align-items: flex-start; }
.fp-cu-slot { display: flex; flex-direction: column; gap: 4px; padding: 2px 4px 4px;
  border-radius: 8px; width: 8.4em; }
.fp-cu-slot .fp-cards { padding-top: 7px; }
.fp-cuisine .fp-cu-slot .fp-cu-card { width: 8em; min-width: 8em; }
.fp-cu-gap { font-size: 0.8em; border: 2px dashed #d0d7de; border-radius: 6px; padding: 4px;
  margin-top: 7px !important; }
.fp-cu-fridge { background: #e3fafc; border: 2px solid #0b7285; width: 9.4em;
  padding: 2px 6px 6px; }
.fp-cu-fridge h5 { color: #0b4f5c; }
.fp-cu-fridge-rule, .fp-cu-fridge-below { font-size: 0.76em; color: #0b4f5c; line-height: 1.25; }
.fp-cu-stock { display: flex; flex-wrap: wrap; gap: 4px 18px; font-size: 0.9em;
  margin-top: 6px !important; color: #424a53; }
.fp-cu-pantry, .fp-cu-forks { border-radius: 6px; padding: 1px 4px; display: inline-flex;
  align-items: center; gap: 6px; }
.fp-cu-mini-back { display: inline-block; width: 1em; height: 1.35em; border-radius: 3px;
  border: 1px solid #0a3069; box-shadow: 2px 2px 0 #1b6ca8;
  background: repeating-linear-gradient(45deg, #1b6ca8 0 3px, #5fa8d3 3px 6px); }
.fp-cu-mini-fork { display: inline-block; width: 1em; height: 1.35em; border-radius: 3px;
  border: 1px solid #868e96; background: linear-gradient(160deg, #f8f9fa, #ced4da); }

/* judges */
.fp-cu-judges { display: grid; grid-template-columns: repeat(auto-fill, minmax(11.5em, 1fr));
  gap: 8px; list-style: none; margin: 4px 0; padding: 0; }
.fp-cu-judge { border: 2px solid #b08968; border-radius: 10px; padding: 6px 10px;
  background: #fdf6ec; }
.fp-cu-tier-18 { border-color: #868e96; background: #f4f6f8; }
.fp-cu-tier-21 { border-color: #e0a800; background: #fff9db; }
.fp-cu-judge h5 { display: flex; justify-content: space-between; gap: 6px; color: #1f2328; }
.fp-cu-tier { font-weight: 800; background: #1f2328; color: #fff; border-radius: 999px;
  padding: 0 8px; font-size: max(12px, 0.95em); }
.fp-cu-judge-name { font-weight: 700; font-size: 1.05em; }
.fp-cu-judge-medals { font-size: max(12px, 0.9em); }
.fp-cu-medals { display: inline-flex; gap: 2px; vertical-align: -2px; }
.fp-cu-medal { width: 0.95em; height: 0.95em; border-radius: 50%; display: inline-block;
  background: radial-gradient(circle at 35% 35%, #fff3bf 0 20%, #fcc419 21% 70%, #e67700 71%); }
.fp-cu-judge-rows { margin: 2px 0 0; padding-left: 1.1em; font-size: max(12px, 0.8em);
  line-height: 1.3; }
.fp-cu-stacks { font-size: 0.85em; color: #57606a; }

/* players */
.fp-cuisine .fp-cu-seats { grid-template-columns: repeat(auto-fit, minmax(34em, 1fr)); }
.fp-cuisine .fp-seat-row { grid-template-columns: minmax(6em, 7.5em) minmax(0, 1fr); }
.fp-cu-seat-acting { border: 2px solid #fb8f44; box-shadow: 0 0 0 3px #fff1e5; }
.fp-cu-medal-line { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: center;
  font-weight: 600; }
.fp-cu-pips { display: inline-flex; flex-wrap: wrap; gap: 2px; }
.fp-cu-pip { width: 0.8em; height: 0.8em; border-radius: 50%; border: 2px solid #bf8700;
  background: #fff; }
.fp-cu-pip-on { background: #ffd33d; }
.fp-cu-eaten { font-weight: 400; color: #57606a; border-radius: 4px; padding: 0 3px; }
.fp-cu-plates { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0;
  flex-wrap: wrap; }
.fp-cu-plate { border: 2px dashed #adb5bd; border-radius: 50%; min-width: 3.6em;
  min-height: 3.6em; display: flex; align-items: center; justify-content: center;
  padding: 6px; position: relative; background: radial-gradient(circle, #fff 55%, #f1f3f5 56%); }
.fp-cu-plate:has(.fp-cu-card) { border-radius: 12px; background: #f8f9fa; }
.fp-cu-plate-n { position: absolute; top: -8px; left: -4px; background: #fff;
  border: 1px solid #868e96; border-radius: 999px; font-size: 0.72em; padding: 0 5px; }
.fp-cu-plate-empty { font-size: 0.75em; color: #6e7781; font-style: italic; }
.fp-cu-plate-back { width: 2.2em !important; min-width: 2.2em !important; height: 3em !important; }
.fp-cu-backs { gap: 0 !important; }
.fp-cu-backs .fp-card-back + .fp-card-back { margin-left: -1.1em; }
.fp-cu-count { font-size: 0.85em; color: #57606a; flex-basis: 100%; }
.fp-cu-counter { padding-top: 6px !important; }
.fp-cu-counter-total { font-weight: 700; color: #0d4a1f; }
.fp-cu-teacher { font-size: 0.85em; color: #6e40c9; }
.fp-cu-served { list-style: none; margin: 0; padding: 0; font-size: 0.9em; }
.fp-cu-served-dish { border-left: 4px solid #e0a800; padding-left: 6px; margin: 2px 0; }
.fp-cu-served-ability { color: #57606a; font-size: 0.9em; }
.fp-cu-owned summary, .fp-cu-legend summary { cursor: pointer; font-weight: 600;
  font-size: 0.9em; }
.fp-cu-legend p { font-size: 0.88em; }
.fp-cu-banner { border-radius: 8px; padding: 6px 12px; }
.fp-cu-win { border: 2px solid #1a7f37; background: #dafbe1; font-weight: 700; font-size: 1.1em; }
.fp-cu-last { border: 2px solid #bf8700; background: #fff8c5; font-weight: 600; }
.fp-cu-pending { border: 2px solid #0969da; background: #ddf4ff; }

.fp-game-cuisine-a-la-card .fp-explain .fp-cited-list { max-height: 24em; overflow-y: auto; }

/* the dish builder */
.fp-cu-builder { border: 2px solid #1a7f37; border-radius: 10px; padding: 8px 12px;
  background: #f6fff8; gap: 6px; }
.fp-cu-builder-title { font-size: 1.15em; }
.fp-cu-builder-help { font-size: 0.9em; color: #3d4a3f; }
.fp-cu-builder-body { gap: 14px; align-items: flex-start; flex-wrap: wrap; }
.fp-cu-builder-left { flex: 1 1 20em; min-width: 0; gap: 6px; }
.fp-cu-builder-right { flex: 1 1 22em; min-width: 0; gap: 6px; }
.fp-cu-builder-sources, .fp-cu-builder-serve, .fp-cu-builder-actions { gap: 4px; }
.fp-cu-builder-label p { font-weight: 600; margin: 0; }
.fp-cu-builder-note { display: block; font-weight: 400; font-size: 0.85em; color: #57606a; }
.fp-app .fp-cu-add { border: 1px solid #8c959f; font-weight: 600; }
.fp-app .fp-cu-add::before { content: "+ "; }
.fp-cu-dish-row { gap: 6px; align-items: center; flex-wrap: wrap; padding: 2px 6px;
  border-radius: 6px; background: #fff; border: 1px solid #d0d7de; }
.fp-cu-item { font-weight: 600; }
.fp-cu-builder-sub { font-size: 0.95em; color: #1f2328; margin-top: 2px !important; }
.fp-cu-running { margin: 2px 0; padding: 0; list-style: none; }
.fp-cu-run-row { border-left: 6px solid #868e96; background: #fff; border-radius: 0 6px 6px 0;
  padding: 2px 8px; margin: 3px 0; }
.fp-cu-run-head { font-weight: 600; }
.fp-cu-run-pts { display: inline-block; min-width: 2.2em; font-weight: 800; color: #0d4a1f; }
.fp-cu-why { margin: 0; padding-left: 1.2em; font-size: 0.85em; color: #3b434b; }
.fp-cu-cause { font-style: italic; color: #57606a; list-style: "✎ "; }
.fp-cu-judge-row { border-left-color: #e0a800; }
.fp-cu-builder-total { font-weight: 800; font-size: 1.1em; color: #0d4a1f; background: #dafbe1;
  border-radius: 6px; padding: 3px 10px; }
.fp-cu-verdicts { list-style: none; margin: 0; padding: 0; }
.fp-cu-verdict { border-radius: 6px; padding: 3px 8px; margin: 3px 0; }
.fp-cu-yes { background: #dafbe1; border-left: 5px solid #1a7f37; }
.fp-cu-no { background: #fff1f0; border-left: 5px solid #cf222e; }
.fp-cu-verdict-head { font-weight: 600; }
.fp-cu-verdict-reason { font-size: 0.88em; }
.fp-cu-mark { font-weight: 800; }
.fp-cu-yes .fp-cu-mark { color: #1a7f37; }
.fp-cu-no .fp-cu-mark { color: #cf222e; }
.fp-app .fp-cu-serve-no { border: 1px dashed #cf222e; background: #fff; color: #82071e; }
.fp-cu-builder-said { font-weight: 600; color: #0d4a1f; min-height: 1.2em; }
.fp-cu-cannot { margin-top: 4px; }
.fp-cu-builder.fp-cu-builder-compact { border-style: dashed; border-color: #8c959f;
  background: #f6f8fa; padding: 4px 12px; }
.fp-cu-builder-compact .fp-cu-builder-title { font-size: 1em; }
.fp-cu-builder-closed { font-size: 0.9em; color: #424a53; }
"""
CSS += "".join(
    cell_css(f".fp-cu-{c}", bg, ink, f" border-color: {border};")
    + f".fp-cu-{c}-row {{ border-left-color: {border}; }}\n"
    + cell_css(f".fp-app .fp-cu-add-{c}", bg, ink, f" border-color: {border};")
    for c, (bg, border, ink) in CUISINE_COLOURS.items())
