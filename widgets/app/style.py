"""The tutor's stylesheet, shipped once per app as a <style> element in an HTML widget.

Cards are drawn with CSS only (no images, no publisher art). Provenance badges differ in
colour and in their words; changed parts have an outline and screen-reader text.
"""

from __future__ import annotations

from html import escape
from typing import TypeVar

import ipywidgets as widgets

from foodplay_widgets.app.colours import palette_css
from foodplay_widgets.app.portal import FILL_FN, PLACE_FN

W = TypeVar("W", bound=widgets.DOMWidget)


def classed(widget: W, *names: str) -> W:
    """`widget` with the stylesheet's classes `names` added (the tutor styles by class)."""
    for name in names:
        widget.add_class(name)
    return widget

# BURG's cards (its ingredients and tools) in their colours; the text on each is computed
# (colours.ink_on)
BURG_CARD_COLOURS = {
    "bottom_bun": "#e9b872", "top_bun": "#e9b872", "patty": "#7b4a2e", "cheese": "#ffd43b",
    "lettuce": "#8ce99a", "tomato": "#ff8787", "onion": "#e5dbff", "mushroom": "#c9b79c",
    "rat": "#495057", "tongs": "#d0ebff", "tea": "#d3f9d8",
}

CSS = """
.fp-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2328; max-width: 1400px; gap: 8px; }
.fp-app .widget-html-content { line-height: 1.4; }
/* A word too long for its line is hyphenated by the dictionary of the language the page marks
   (its lang, page_lang.js), else wrapped whole: never cut at any letter ("Manjericã / o"), and
   a box is never narrower than its longest word. */
.fp-app .widget-html-content, .fp-app .widget-label, .fp-app button {
  hyphens: auto; -webkit-hyphens: auto; overflow-wrap: break-word; }
/* Korean breaks lines between words, as Korean print does; a word too long for its box may
   still break anywhere rather than stick out. Chinese and Korean get a taller line. */
.fp-app.fp-lang-ko .widget-html-content { word-break: keep-all; overflow-wrap: anywhere; }
.fp-app.fp-lang-ko .widget-html-content, .fp-app.fp-lang-zh .widget-html-content {
  line-height: 1.6; }
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
.fp-main { gap: 14px; align-items: stretch; }
.fp-left { flex: 3 1 0; min-width: 0; }
.fp-right { flex: 2 1 0; min-width: 0; }
.fp-bottom { border-top: 2px solid #d0d7de; padding-top: 6px; gap: 6px; }

/* the control bar heads the right column and stays on screen while the page scrolls: every
   box between it and Voila's scrolling panel must let it out (ipywidgets boxes scroll) */
.widget-box:has(.fp-timeline), .jp-OutputArea:has(.fp-timeline),
.jp-OutputArea-child:has(.fp-timeline), .jp-OutputArea-output:has(.fp-timeline) {
  overflow: visible; }
/* Voila's scrolling panel has a 10 px top padding, and a sticky bar stops under it: the page
   showed through above the bar. Without it the bar sticks flush to the top. */
.lm-BoxPanel-child:has(.fp-timeline) { padding-top: 0 !important; }
.fp-right { gap: 8px; }
.fp-app .fp-timeline { position: sticky; top: 0; z-index: 20; flex: none; gap: 2px;
  background: #fff; border: 1px solid #d0d7de; border-radius: 8px; padding: 4px 8px;
  box-shadow: 0 2px 6px rgba(31,35,40,0.12); }
.fp-app .fp-timeline .widget-box { overflow: visible; }
.fp-nav-row, .fp-play-row { gap: 6px; align-items: center; flex-wrap: wrap; }
.fp-step-counter { flex: none; padding: 0 4px; }
.fp-app button.fp-next:enabled { background: #0550ae; color: #fff; font-weight: 600; }
.fp-app button.fp-next:enabled:hover { background: #033d8b; }
.fp-keys-legend { display: flex; flex-wrap: wrap; gap: 2px 8px; align-items: baseline;
  font-size: 0.82em; color: #57606a; line-height: 1.6; }
.fp-keys-title { font-weight: 600; }
.fp-keys-legend ul { display: flex; flex-wrap: wrap; gap: 2px 10px; list-style: none;
  margin: 0; padding: 0; }
.fp-app kbd { display: inline-block; min-width: 1.4em; text-align: center; font: inherit;
  font-weight: 600; color: #1f2328; background: #f6f8fa; border: 1px solid #8c959f;
  border-radius: 4px; box-shadow: inset 0 -1px 0 #8c959f; padding: 0 4px; line-height: 1.4; }
.fp-app:not(:has(.fp-rule-search)) .fp-key-search { display: none; }
/* the rules behind a step: shown whole, never in a small scrolling box */
.fp-app .fp-explanation .fp-explain .fp-cited-list { max-height: none; overflow: visible; }

/* nothing clipped: labels and selectors take the width of their text */
.fp-app .widget-inline-hbox .widget-label { width: auto; max-width: none; min-width: 0;
  overflow: visible; padding-right: 0.3em; }
.fp-app .widget-dropdown { width: auto; max-width: 100%; }
.fp-app .widget-dropdown > select { flex: 0 1 auto; max-width: 100%; }
/* a long label and a long choice: the choice goes under its label rather than being cut */
.fp-app .fp-lesson-whynot { flex-wrap: wrap; height: auto; row-gap: 4px; }
.fp-app button.jupyter-button { max-width: 100%; }
.fp-app .widget-html { min-width: 0; max-width: calc(100% - 4px); }
.fp-app .widget-html-content { min-width: 0; max-width: 100%; }
.fp-teacher .widget-html, .fp-teacher .widget-textarea { max-width: calc(100% - 4px); }
.fp-table-panel { max-width: 100%; overflow-x: auto; }
.fp-app .fp-table-panel > .fp-table { margin-left: 0; margin-right: 0; }
.fp-app .fp-table .fp-seats.fp-cr-seats, .fp-app .fp-table .fp-seats.fp-cu-seats {
  grid-template-columns: repeat(auto-fit, minmax(min(38em, 100%), 1fr)); }
.fp-app .fp-table .fp-seats {
  grid-template-columns: repeat(auto-fit, minmax(min(19em, 100%), 1fr)); }
.fp-header { flex-wrap: wrap; }
.fp-app .fp-rulebook-goto { flex: 1 1 auto !important; }
.fp-app .fp-search-row > .widget-text { flex: 1 1 100% !important; min-width: 0;
  max-width: calc(100% - 4px); flex-wrap: wrap; }
.fp-app .fp-cr-order-name, .fp-app .fp-cr-ing, .fp-app .fp-card { overflow-wrap: break-word;
  hyphens: auto; -webkit-hyphens: auto; max-width: 100%; }

/* colours that meet WCAG AA (4.5:1) with their text: ipywidgets' button styles (the cards'
   colours and their text: colours.py) */
.fp-app .jupyter-button.mod-info:not(.fp-hinted), .fp-teacher .jupyter-button.mod-info {
  background: #0a6e84; color: #fff; }
.fp-app .jupyter-button.mod-success, .fp-teacher .jupyter-button.mod-success {
  background: #1a7f37; color: #fff; }
.fp-app .jupyter-button.mod-warning { background: #9a6700; color: #fff; }
.fp-app .jupyter-button.mod-danger { background: #cf222e; color: #fff; }

/* focus always visible, on every control of the tutor's pages, however the focus came (a key,
   a click, or the page's script after a redraw: focus.py): 3 px #0969da, 5.2:1 on white and
   4.9:1 on the move panel's #f6f8fa. !important, as ipywidgets' own focus rules are more
   specific (a 1 px #64b5f6 outline on buttons, 2.2:1 on white; none on fields) */
:is(.fp-app, .fp-teacher, .fp-page-text) :is(button, select, input, textarea, a[href], summary,
  [tabindex]):focus { outline: 3px solid #0969da !important; outline-offset: 2px !important; }

/* links and buttons look like what they are, on every page (Voila's page styles leave a link
   black and plain); the teacher's action links are buttons */
.fp-app a, .fp-teacher a { color: #0550ae; text-decoration: underline; }
.fp-app a:hover, .fp-teacher a:hover { color: #033d8b; }
.fp-teacher-tools a { display: inline-flex; align-items: center; min-height: 2em;
  padding: 2px 12px; margin: 2px 0; border: 2px solid #0550ae; border-radius: 6px;
  background: #ddf4ff; color: #0a3069; font-weight: 600; }
.fp-teacher-tools a:hover { background: #b6e3ff; color: #0a3069; }
.fp-app button.jupyter-button, .fp-teacher button.jupyter-button {
  border: 1px solid #8c959f; border-radius: 6px; }

/* the teacher's projector view (.fp-presenter): large type (teacher.py), black on white,
   heavy borders, and controls whose height follows their text */
.fp-presenter, .fp-presenter .fp-app { color: #000; }
.fp-presenter .widget-label, .fp-presenter .fp-credits, .fp-presenter .fp-components,
.fp-presenter .fp-viewer, .fp-presenter .fp-legend, .fp-presenter .fp-keys-legend,
.fp-presenter .fp-seat-row dt, .fp-presenter .fp-now, .fp-presenter .fp-points,
.fp-presenter .fp-taken, .fp-presenter .fp-none, .fp-presenter .fp-hidden,
.fp-presenter .fp-lesson-link-note { color: #000; }
.fp-presenter .fp-zone, .fp-presenter .fp-player, .fp-presenter .fp-explain,
.fp-presenter .fp-rulebook, .fp-presenter .fp-moves, .fp-presenter .fp-app .fp-timeline,
.fp-presenter .fp-teacher-tools { border: 2px solid #000; }
.fp-presenter button.jupyter-button { border: 2px solid #000; font-weight: 600; }
.fp-presenter button.jupyter-button:disabled { border-style: dashed; }
.fp-presenter .widget-dropdown, .fp-presenter .widget-text,
.fp-presenter .widget-inline-hbox { height: auto; }
.fp-presenter select, .fp-presenter input[type="text"], .fp-presenter input[type="number"] {
  height: auto; min-height: 2em; font-size: inherit; border: 2px solid #000; color: #000; }
.fp-presenter .fp-cited { border-left-color: #000; }

/* below about 800 px: one column. The boxes of the columns and of the control bar step aside
   (display: contents), so the bar's first row sticks to the top for the whole app. */
@media (max-width: 800px) {
  .fp-app { gap: 6px; }
  .fp-app .fp-main, .fp-app .fp-left, .fp-app .fp-right { display: contents; }
  .fp-app .fp-timeline { display: contents; }
  .fp-app .fp-timeline > .fp-nav-row { position: sticky; top: 0; z-index: 20;
    background: #fff; border-bottom: 2px solid #d0d7de; padding: 2px 0; }
  /* the step's explanation right under the step controls, then the table (on a phone the
     table is 1,400-2,600 px tall: the explanation was 2,000-3,300 px down); in play mode the
     move panel comes before the table too */
  .fp-app:has(.fp-timeline) .fp-nav-row { order: 1; }
  .fp-app:has(.fp-timeline) .fp-note { order: 2; }
  .fp-app:has(.fp-timeline) .fp-explanation-panel { order: 3; }
  .fp-app:has(.fp-timeline) .fp-table-panel { order: 4; }
  .fp-app:has(.fp-timeline) .fp-bottom { order: 5; }
  .fp-app:has(.fp-moves-play) .fp-bottom { order: 3; }
  /* teacher mode's folded note box, under the explanation as on a laptop (not above the bar) */
  .fp-app:has(.fp-timeline) .fp-teacher-notes-fold { order: 3; }
  .fp-app:has(.fp-timeline) .fp-play-row, .fp-app:has(.fp-timeline) .fp-slider-row { order: 6; }
  .fp-app:has(.fp-timeline) .fp-scores-panel { order: 7; }
  .fp-app:has(.fp-timeline) .fp-rulebook-panel { order: 8; }
  .fp-app .fp-keys { display: none; }
  .fp-app .fp-explain .fp-step-title { scroll-margin-top: 4em; }  /* under the bar's first row */
  .fp-app .fp-table .fp-seat-row { grid-template-columns: minmax(0, 1fr); gap: 2px; }
  .fp-app .fp-table .fp-cr-tabs { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .fp-app .fp-nav-row { gap: 2px; flex-wrap: nowrap; }
  .fp-app .fp-nav-row button { padding: 0 6px; margin: 0; font-size: 0.92em; }
  .fp-app .fp-nav-row .fp-step-counter { flex: 1 1 auto; text-align: center;
    font-size: 0.92em; }
  /* touch targets at least 44 px */
  .fp-app button, .fp-app select, .fp-app input, .fp-app summary, .fp-app .fp-open,
  .fp-teacher button, .fp-teacher select, .fp-teacher input { min-height: 44px !important; }
  .fp-app button, .fp-teacher button { height: auto; min-width: 44px !important;
    white-space: normal;
    line-height: 1.25; }
  /* a label too long for a phone's bar (French, Portuguese) wraps inside its button, each
     word whole, rather than being cut */
  .fp-app .fp-nav-row button { white-space: normal; overflow-wrap: normal;
    min-width: min-content !important; }
  /* the projector's large type is for a room, not a phone */
  .fp-presenter.fp-presenter .fp-app, .fp-presenter.fp-presenter .fp-app .widget-html-content,
  .fp-presenter.fp-presenter .fp-app .widget-label, .fp-presenter.fp-presenter button,
  .fp-presenter.fp-presenter select, .fp-presenter.fp-presenter .widget-html-content,
  .fp-presenter.fp-presenter .widget-label { font-size: 1rem; }
  .fp-presenter.fp-presenter .fp-nav-row button,
  .fp-presenter.fp-presenter .fp-nav-row .widget-html-content { font-size: 0.8rem; }
  .fp-app .fp-nav-row .fp-counter { white-space: normal; }
  .fp-app .widget-dropdown, .fp-app .widget-text, .fp-app .widget-toggle-buttons,
  .fp-app .widget-inline-hbox, .fp-teacher .widget-inline-hbox { height: auto; }
  .fp-app .widget-dropdown > select { height: 44px; min-width: 0; }
  .fp-app .widget-inline-hbox, .fp-teacher .widget-inline-hbox {
    max-width: calc(100% - 4px); min-width: 0; flex-wrap: wrap; }
  .fp-app .widget-hbox { max-width: 100%; }
  .fp-app .widget-hbox:not(.fp-nav-row) { flex-wrap: wrap; }
  .fp-app .widget-hbox:not(.fp-nav-row) > button { flex-shrink: 0; }
  .fp-app summary, .fp-app .widget-radio-box label { display: flex; align-items: center; }
  .fp-app .widget-radio-box label { min-height: 44px; }
  .fp-app .fp-open { display: inline-flex; align-items: center; }
  .fp-settings, .fp-view-select { padding: 4px; }
}

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
  border: 2px solid rgba(0,0,0,0.35); font-size: max(12px, 0.85em); font-weight: 600;
  text-align: center;
  box-shadow: 0 1px 2px rgba(0,0,0,0.2); background: #fff; color: #1f2328; }
.fp-small .fp-card { min-width: 3.6em; height: 2em; font-size: max(12px, 0.75em); }
.fp-card-back { min-width: 1.9em; width: 1.9em; padding: 0; border-color: #0a3069;
  background: repeating-linear-gradient(45deg, #1b6ca8 0 5px, #5fa8d3 5px 10px); }
.fp-card-back.fp-deck-stack { width: 2.6em; height: 3.4em;
  box-shadow: 3px 3px 0 #0a3069, 6px 6px 0 #1b6ca8; }
.fp-more { font-size: 0.85em; color: #57606a; }
.fp-layer { width: 10em; text-align: center; font-size: max(12px, 0.75em); font-weight: 600;
  border: 1px solid rgba(0,0,0,0.3); padding: 1px 0; background: #fff; }
.fp-c-rat { border-style: dashed; }
""" + palette_css("fp-c-", BURG_CARD_COLOURS) + """

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
.fp-recipe h5 { font-size: max(12px, 0.9em); }
.fp-points { font-size: max(12px, 0.85em); color: #57606a; }

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
/* play mode's two links: "Your move" from the control bar to the move panel's first line, "To
   the step" back up to the step's title; targets of at least 24 px, and lines the sticky bar
   must not cover once scrolled there */
.fp-to-move, .fp-to-step { display: inline-block; min-height: 24px; line-height: 24px;
  font-weight: 600; }
.fp-to-move { display: block; white-space: nowrap; }
.fp-turn-text { scroll-margin-top: 12em; }
.fp-explain .fp-step-title { scroll-margin-top: 16em; }  /* under the whole sticky bar */
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
.fp-game-card .fp-examples, .fp-game-card .fp-lessons, .fp-game-card .fp-setup-guide,
.fp-game-card .fp-table-link {
  display: block; margin-top: 8px; }
.fp-not-built { color: #57606a; }
.fp-lesson-note { border-left: 4px solid #6e40c9; background: #fbefff; padding: 6px 12px;
  border-radius: 0 8px 8px 0; }
.fp-teacher-note { border-left: 4px solid #0969da; background: #ddf4ff; padding: 6px 12px;
  border-radius: 0 8px 8px 0; margin-top: 4px; }
"""


# The page's observer, installed once per page by every app, lesson and quiz (they all carry
# this stylesheet), for widgets drawn now and later; it runs after each change to the page, in
# the same task, before the page is drawn again.
#
# - Live regions. A screen reader announces a change inside a live region that was already on
#   the page; a region inserted together with its new text is not announced reliably. An HTML
#   widget replaces its whole HTML at each change, but keeps its box (.widget-html-content):
#   so the box of every widget with the class fp-live is made the live region.
# - Portals: the parts a portal brought are moved into their slots (portal.py).
PAGE_JS = """(function () {
  if (window.fpPage) { return; }
  var fill = FILL_FN;
  var place = PLACE_FN;
  var waiting = [];  // portals' boxes whose parts wait for a slot not drawn yet
  // an HTML widget keeps its box for as long as it is drawn: found once per widget drawn
  var content = function (widget) {
    if (!widget.fpBox) { widget.fpBox = widget.querySelector(':scope > .widget-html-content'); }
    return widget.fpBox;
  };
  var see = function (widget) {
    var box = content(widget);
    if (!box) { return; }
    var classes = widget.classList;
    if (classes.contains('fp-live') && !widget.fpLive) {
      box.setAttribute('aria-live', 'polite');
      box.setAttribute('aria-atomic', 'true');
      widget.fpLive = true;
    }
    // a problem with what is being typed (a note too long, say) is brought into view beside
    // the box being typed in: below the fold, the teacher saw only a red counter
    var problem = classes.contains('fp-live') && box.querySelector('.fp-problem');
    var typing = problem && widget.closest('.fp-teacher-note-box');
    if (typing && typing.contains(document.activeElement)) {
      problem.scrollIntoView({block: 'nearest'});
    }
    if (classes.contains('fp-portal') && box.firstElementChild &&
        box.firstElementChild.tagName === 'SCRIPT' && !place(box) && waiting.indexOf(box) < 0) {
      waiting.push(box);
    }
  };
  var seeAll = function (root) {
    ['fp-live', 'fp-portal'].forEach(function (name) {
      var found = root.getElementsByClassName(name);
      for (var i = 0; i < found.length; i++) { see(found[i]); }
    });
  };
  var isWidget = function (node) {
    return node && node.nodeType === 1 &&
      (node.classList.contains('fp-live') || node.classList.contains('fp-portal'));
  };
  // only what changed: the widgets a record names (a widget's box refilled, a widget drawn)
  // and those inside what was added; no search of the whole page at each change
  var pass = function (records) {
    var added = false;
    records.forEach(function (record) {
      var target = record.target;
      if (isWidget(target)) { see(target); }
      if (isWidget(target.parentNode)) { see(target.parentNode); }
      record.addedNodes.forEach(function (node) {
        if (node.nodeType !== 1) { return; }
        added = true;
        if (isWidget(node)) { see(node); }
        if (node.firstElementChild) { seeAll(node); }
      });
    });
    if (added && waiting.length) {
      var again = waiting;
      waiting = [];
      again.forEach(function (box) { if (box.isConnected && !place(box)) { waiting.push(box); } });
    }
    // the records of the parts placed just now: nothing more to see in them
    window.fpPage.takeRecords();
  };
  window.fpPage = new MutationObserver(pass);
  window.fpPage.observe(document.body, {childList: true, subtree: true});
  seeAll(document);
})();""".replace("PLACE_FN", PLACE_FN).replace("FILL_FN", FILL_FN)


def page_installer_html() -> str:
    """A hidden image whose error handler installs PAGE_JS (HTML widgets run no <script>)."""
    return (f'<img class="fp-page-installer" hidden alt="" src="data:," '
            f'onerror="{escape(PAGE_JS, quote=True)}">')


def style_widget(extra: str = "", after: str = "") -> widgets.HTML:
    """The stylesheet as a widget; every app carries it, so each stands alone. `extra` is a
    game's own stylesheet (its renderer's `css`), added after the shared one; `after` is
    hidden HTML drawn with it (an app's ping, see ping.py). It also installs the page's
    observer (PAGE_JS)."""
    sheet = widgets.HTML(f"<style>{CSS}{extra}</style>{page_installer_html()}{after}")
    sheet.add_class("fp-style")
    sheet.layout.display = "none"
    return sheet
