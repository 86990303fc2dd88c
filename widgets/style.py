"""The tutor's stylesheet, shipped once per app as a <style> element in an HTML widget.

Cards are drawn with CSS only (no images, no publisher art). Provenance badges differ in
colour and in their words; changed parts have an outline and screen-reader text.
"""

from __future__ import annotations

import ipywidgets as widgets

CSS = """
.fp-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2328; max-width: 1400px; gap: 8px; }
.fp-app .widget-html-content { line-height: 1.4; }
.fp-app a { color: #0550ae; text-decoration: underline; }
.fp-app h2, .fp-app h3, .fp-app h4, .fp-app h5 { margin: 0.2em 0; line-height: 1.25; }
.fp-app p { margin: 0.25em 0; }
.fp-sr { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
.fp-header { justify-content: space-between; align-items: flex-start; gap: 12px;
  border-bottom: 2px solid #d0d7de; padding-bottom: 6px; }
.fp-app-title { font-size: 1.5em; }
.fp-credits, .fp-components { color: #57606a; font-size: 0.92em; }
.fp-view-select, .fp-settings { gap: 8px; flex-wrap: wrap; align-items: center; }
.fp-settings { background: #f6f8fa; border-radius: 8px; padding: 4px 8px; }
.fp-message-box { border: 2px solid #bf8700; background: #fff8c5; border-radius: 8px;
  padding: 6px 12px; }
.fp-message-box ul { margin: 0.2em 0 0.2em 1.2em; padding: 0; }
.fp-msg-error { color: #82071e; }
.fp-message-title { font-weight: 600; }
.fp-main { gap: 14px; align-items: flex-start; }
.fp-left { flex: 3 1 0; min-width: 0; }
.fp-right { flex: 2 1 0; min-width: 0; }
.fp-bottom { border-top: 2px solid #d0d7de; padding-top: 6px; gap: 6px; }

/* table */
.fp-table-view { display: flex; flex-direction: column; gap: 8px; }
.fp-table-title { font-size: 1.2em; }
.fp-viewer { color: #57606a; }
.fp-row { display: flex; gap: 8px; flex-wrap: wrap; }
.fp-zone { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 10px; background: #fff; }
.fp-zone h4 { font-size: 1em; }
.fp-deck { min-width: 9em; }
.fp-reveal { flex: 1 1 12em; }
.fp-piles { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; margin: 0; padding: 0; }
.fp-pile { border: 1px dashed #8c959f; border-radius: 8px; padding: 4px 8px; min-width: 8em;
  background: #f6f8fa; }
.fp-pile h5 { font-size: 0.95em; }
.fp-taken, .fp-none, .fp-hidden { color: #57606a; font-style: italic; }
.fp-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(19em, 1fr)); gap: 8px; }
.fp-player { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 10px; background: #fff; }
.fp-player-name { font-size: 1.05em; }
.fp-seat-rows { margin: 0; }
.fp-seat-row { display: grid; grid-template-columns: minmax(7em, 9em) minmax(0, 1fr); gap: 6px;
  align-items: center;  padding: 2px 4px; border-radius: 6px; }
.fp-seat-row dt { color: #57606a; font-size: 0.9em; width: auto; float: none; display: block;
  font-weight: 600; }
.fp-seat-row dd { margin: 0; }
.fp-tag { display: inline-block; font-size: 0.75em; font-weight: 600; border-radius: 999px;
  padding: 1px 8px; margin-left: 4px; vertical-align: middle; }
.fp-tag-first { background: #ddf4ff; color: #0a3069; }
.fp-tag-act { background: #fff1e5; color: #953800; }
.fp-tag-you { background: #eaeef2; color: #24292f; }
.fp-changed { outline: 3px solid #e3b341; background: #fff8c5 !important;
  outline-offset: 1px; }

/* cards */
.fp-cards { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 2px 0;
  padding: 0; align-items: center; }
.fp-card { display: inline-flex; align-items: center; justify-content: center;
  min-width: 4.6em; height: 2.6em; padding: 0 6px; border-radius: 6px;
  border: 2px solid rgba(0,0,0,0.35); font-size: 0.85em; font-weight: 600; text-align: center;
  box-shadow: 0 1px 2px rgba(0,0,0,0.2); background: #fff; color: #1f2328; }
.fp-small .fp-card { min-width: 3.6em; height: 2em; font-size: 0.75em; }
.fp-card-back { min-width: 1.9em; width: 1.9em; padding: 0; border-color: #0a3069;
  background: repeating-linear-gradient(45deg, #1b6ca8 0 5px, #5fa8d3 5px 10px); }
.fp-card-back.fp-deck-stack { width: 2.6em; height: 3.4em;
  box-shadow: 3px 3px 0 #0a3069, 6px 6px 0 #1b6ca8; }
.fp-more { font-size: 0.85em; color: #57606a; }
.fp-layer { width: 10em; text-align: center; font-size: 0.75em; font-weight: 600;
  border: 1px solid rgba(0,0,0,0.3); padding: 1px 0; background: #fff; }
.fp-c-bottom_bun, .fp-c-top_bun { background: #e9b872; }
.fp-c-patty { background: #7b4a2e; color: #fff; }
.fp-c-cheese { background: #ffd43b; }
.fp-c-lettuce { background: #8ce99a; }
.fp-c-tomato { background: #ff8787; }
.fp-c-onion { background: #e5dbff; }
.fp-c-mushroom { background: #c9b79c; }
.fp-c-rat { background: #495057; color: #fff; border-style: dashed; }
.fp-c-tongs { background: #d0ebff; }
.fp-c-tea { background: #d3f9d8; }

/* burgers: layers drawn bottom-up, read bottom first */
.fp-burgers { display: flex; flex-wrap: wrap; gap: 10px; }
.fp-burger { margin: 0; display: flex; flex-direction: column; align-items: center; }
.fp-stack { display: flex; flex-direction: column-reverse; list-style: none; margin: 0;
  padding: 0; align-items: center; }
.fp-stack .fp-c-top_bun { border-radius: 2.5em 2.5em 4px 4px; }
.fp-stack .fp-c-bottom_bun { border-radius: 4px 4px 1.2em 1.2em; }
.fp-flipped { background: repeating-linear-gradient(45deg, #dee2e6 0 5px, #f1f3f5 5px 10px);
  border-style: dashed; }
.fp-burger figcaption { font-size: 0.8em; color: #57606a; }

/* recipes */
.fp-recipes summary { font-weight: 600; cursor: pointer; }
.fp-recipe-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(11em, 1fr));
  gap: 6px; list-style: none; margin: 4px 0 0; padding: 0; }
.fp-recipe { border: 1px solid #d0d7de; border-radius: 8px; padding: 4px 6px; background: #fffdf5; }
.fp-recipe h5 { font-size: 0.9em; }
.fp-points { font-size: 0.85em; color: #57606a; }

/* explanation and rulebook */
.fp-explain { border: 1px solid #d0d7de; border-radius: 8px; padding: 8px 12px; background: #fff; }
.fp-step-title { font-size: 1.25em; }
.fp-step-move { font-weight: 600; font-size: 1.05em; }
.fp-sentences { margin: 6px 0; padding-left: 1.3em; }
.fp-sentence { margin-bottom: 6px; }
.fp-sentence-text { font-size: 1.02em; }
.fp-cites { font-size: 0.85em; }
.fp-rules-title { font-size: 0.95em; margin-top: 8px !important; }
.fp-cited-list { list-style: none; padding: 0; margin: 4px 0; }
.fp-cited { border-left: 4px solid #8c959f; padding: 2px 8px; margin: 4px 0;
  background: #f6f8fa; border-radius: 0 6px 6px 0; }
.fp-clause-number { font-weight: 700; }
.fp-clause-title { font-weight: 600; }
.fp-clause-text { font-size: 0.92em; }
.fp-clause-link { color: #0550ae; text-decoration: underline; }
.fp-clause-link:focus { outline: 3px solid #0969da; outline-offset: 2px; }
.fp-now { margin-top: 8px !important; padding-top: 6px; border-top: 1px dashed #d0d7de;
  color: #57606a; }
.fp-badge { display: inline-block; font-size: 0.78em; font-weight: 600; border-radius: 4px;
  padding: 0 6px; border: 1px solid; white-space: nowrap; }
.fp-prov-rulebook { background: #dafbe1; color: #116329; border-color: #4ac26b; }
.fp-prov-reading { background: #fff1e5; color: #953800; border-color: #fb8f44;
  border-style: dashed; }
.fp-prov-default { background: #fbefff; color: #6e40c9; border-color: #c297ff;
  border-style: dotted; }
.fp-rulebook { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 10px; background: #fff; }
.fp-rulebook summary { font-weight: 600; cursor: pointer; }
.fp-legend { font-size: 0.85em; color: #57606a; }
.fp-rules { max-height: 26em; overflow-y: auto; padding-left: 0; list-style: none;
  margin: 4px 0; scroll-behavior: smooth; }
.fp-rule { padding: 4px 8px; border-radius: 6px; margin: 2px 0; }
.fp-rule h4 { font-size: 0.95em; }
.fp-rule p { font-size: 0.9em; }
.fp-rule:target, .fp-rule-target { background: #fff8c5; outline: 2px solid #e3b341; }
.fp-rule-target { scroll-initial-target: nearest; }

/* moves */
.fp-moves { border: 1px solid #d0d7de; border-radius: 8px; padding: 6px 10px; background: #f6f8fa;
  gap: 4px; }
.fp-turn-text { font-weight: 600; }
.fp-legal { gap: 4px; }
.fp-whynot, .fp-move-tools { gap: 6px; flex-wrap: wrap; align-items: center; }
.fp-refusal { border-left: 4px solid #cf222e; background: #ffebe9; padding: 4px 10px;
  border-radius: 0 6px 6px 0; }
.fp-refusal-title { font-weight: 600; color: #82071e; }
.fp-allowed { border-left: 4px solid #1a7f37; background: #dafbe1; padding: 4px 10px;
  border-radius: 0 6px 6px 0; }
.fp-hint-reason { background: #ddf4ff; border-radius: 6px; padding: 4px 10px; }
.fp-app .fp-move { background: #dafbe1; border: 1px solid #1a7f37; color: #0d4a1f;
  font-weight: 600; }
.fp-app .fp-move:hover { background: #aceebb; }
.fp-app .fp-move.fp-hinted { background: #ddf4ff; border-color: #0969da;
  outline: 3px solid #0969da; }

/* timeline, share, scores */
.fp-nav-row, .fp-slider-row { gap: 6px; align-items: center; flex-wrap: wrap; }
.fp-counter { font-weight: 600; white-space: nowrap; }
.fp-share-row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.fp-share-url { flex: 1 1 20em; min-width: 12em; font-family: monospace; font-size: 0.8em;
  padding: 2px 4px; }
.fp-score-table { border-collapse: collapse; margin: 4px 0; }
.fp-score-table caption { text-align: left; font-weight: 600; }
.fp-score-table th, .fp-score-table td { padding: 2px 10px 2px 0; text-align: left; }
.fp-score-partial td { color: #57606a; font-style: italic; }
.fp-progress progress { vertical-align: middle; }
.fp-generic-view { white-space: pre-wrap; font-size: 0.8em; }

/* gallery */
.fp-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(16em, 1fr));
  gap: 12px; list-style: none; padding: 0; }
.fp-game-card { border: 2px solid #d0d7de; border-radius: 12px; padding: 10px 14px;
  background: #fff; display: flex; flex-direction: column; gap: 4px; }
.fp-game-card.fp-built { border-color: #1a7f37; }
.fp-game-card h3 { font-size: 1.25em; }
.fp-game-status { font-weight: 600; }
.fp-game-card .fp-open { display: inline-block; margin-top: 4px; padding: 4px 12px;
  border-radius: 6px; background: #1a7f37; color: #fff; text-decoration: none; font-weight: 600; }
.fp-game-card .fp-open:focus { outline: 3px solid #0969da; outline-offset: 2px; }
.fp-not-built { color: #57606a; }
.fp-lesson-note { border-left: 4px solid #6e40c9; background: #fbefff; padding: 6px 12px;
  border-radius: 0 8px 8px 0; }
.fp-teacher-note { border-left: 4px solid #0969da; background: #ddf4ff; padding: 6px 12px;
  border-radius: 0 8px 8px 0; margin-top: 4px; }
"""


def style_widget(extra: str = "") -> widgets.HTML:
    """The stylesheet as a widget; every app carries it, so each stands alone. `extra` is a
    game's own stylesheet (its renderer's `css`), added after the shared one."""
    sheet = widgets.HTML(f"<style>{CSS}{extra}</style>")
    sheet.add_class("fp-style")
    sheet.layout.display = "none"
    return sheet
