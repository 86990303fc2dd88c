"""Where the keyboard focus goes after a redraw, and the keys between the table and the moves.

ipywidgets draws a move panel again after every move: the button just pressed is hidden (the
bots reply, the learner is shown their own move) or disabled (Next at the last step), and the
browser then drops the focus to the top of the page, 30 Tabs or more from where the learner
goes on. A small script, installed once per page like the key handler (timeline.py), keeps
the focus where the learner works:

- it remembers the region the focus is in: the move panel (`.fp-moves`) or the control bar
  (`.fp-timeline`); a click or a Tab elsewhere forgets it;
- after each change to the page (once per frame), if the focused control is gone, hidden or
  disabled, it focuses what the learner does next in that region: in the move panel, the first
  move (a move button, or a game's own editor), else the button to their turn, else the
  panel's first control; in the control bar, Next, else Back, else its first control.

It also gives the key handler (timeline.py, `KEY_GO`) its two targets: `moves`, the move
panel's next control as above, and `table`, the table's title (made focusable for it).
"""

from __future__ import annotations

FOCUS_JS = """(function () {
  if (window.fpFocus) { return; }
  var CONTROLS = 'button, select, input, textarea, a[href], [tabindex]:not([tabindex="-1"])';
  // the move panel's parts that are not a move: its turn line, hint, undo, why-not
  var NOT_A_MOVE = '.fp-turn, .fp-move-tools, .fp-whynot, .fp-whynot-result, .fp-hint-text';
  function usable(el) {
    return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
  }
  function first(root, skip) {
    var all = root.querySelectorAll(CONTROLS);
    for (var i = 0; i < all.length; i++) {
      if (usable(all[i]) && !(skip && all[i].closest(skip))) { return all[i]; }
    }
    return null;
  }
  function inMoves(panel) {
    var back = panel.querySelector('button.fp-catch-up');
    return first(panel, NOT_A_MOVE) || (usable(back) ? back : first(panel));
  }
  function inBar(bar) {
    var next = bar.querySelector('button.fp-next'), back = bar.querySelector('button.fp-back');
    return usable(next) ? next : usable(back) ? back : first(bar);
  }
  var REGIONS = [['.fp-moves', inMoves], ['.fp-timeline', inBar]];
  function regionOf(el) {
    for (var i = 0; el && el.closest && i < REGIONS.length; i++) {
      var region = el.closest(REGIONS[i][0]);
      if (region) { return {region: region, find: REGIONS[i][1]}; }
    }
    return null;
  }
  var kept = null;  // the region the focus is in, while it is there
  var waiting = false;
  function check() {
    waiting = false;
    var active = document.activeElement;
    if (!kept || (active && active !== document.body && usable(active))) { return; }
    if (!kept.region.isConnected) { kept = null; return; }
    var target = kept.find(kept.region);
    if (target) { target.focus(); }
  }
  document.addEventListener('focusin', function (e) { kept = regionOf(e.target); });
  document.addEventListener('pointerdown', function (e) {
    if (!regionOf(e.target)) { kept = null; }
  }, true);
  new MutationObserver(function () {
    if (kept && !waiting) { waiting = true; requestAnimationFrame(check); }
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['style', 'class', 'disabled']});
  window.fpFocus = {
    moves: function (app) {
      var panel = app.querySelector('.fp-moves');
      return panel ? inMoves(panel) : null;
    },
    table: function (app) {
      var title = app.querySelector('.fp-table-panel h3, .fp-table-panel h4,'
        + ' .fp-table-panel .widget-html-content');
      if (title && !title.hasAttribute('tabindex')) { title.setAttribute('tabindex', '-1'); }
      return title;
    }
  };
})();"""
