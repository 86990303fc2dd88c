// Where a deep link lands. A link to a step (a worked example's "Link to this step", a class
// link, a shared position, a rule's "see it in play") or to a lesson opens a page whose widgets
// arrive after the page has loaded, so the browser's own scroll to a target has nothing to go
// to: an example 16,000 px down stayed out of sight, the page at its top. The kernel marks the
// widget a link opened with the class fp-link-target (LINK_TARGET in foodplay_widgets.text);
// this waits for it, scrolls it into view and puts focus on its heading (the step title, the
// lesson's heading; tabindex=-1 if it has none), which a screen reader then reads out. An
// address's #anchor (a rule card's id) is waited for the same way. Content drawn above it
// afterwards (the examples built later) may push it down: for a while the target is kept in
// view, and focus follows a heading drawn again. Any key, click, wheel or touch of the learner
// ends all this, so the page never moves under them.
(function () {
  var WAIT_MS = 120000;  // no target by then: the link had none (or the page failed)
  var SETTLE_MS = 20000;  // how long the landing is kept in view while the page still grows
  var HEADINGS = ['.fp-link-focus', '.fp-step-title', '.fp-lesson-heading', 'h2', 'h3', 'h4'];
  var anchor = '';
  try { anchor = decodeURIComponent(location.hash.slice(1)); } catch (e) { anchor = ''; }
  var start = Date.now(), landed = null, landedAt = 0, done = false, timer = null;
  var observer = null;

  function shown(el) {
    if (!el || !el.isConnected) { return false; }
    var box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  // the element to land on: the anchor named, else the heading of the widget a link opened
  function target() {
    if (anchor) {
      var named = document.getElementById(anchor);
      if (named) { return named; }
    }
    var opened = document.querySelector('.fp-link-target');
    if (!opened) { return null; }
    for (var i = 0; i < HEADINGS.length; i++) {
      var heading = opened.querySelector(HEADINGS[i]);
      if (shown(heading)) { return heading; }
    }
    return opened;
  }

  function inView(el) {
    var box = el.getBoundingClientRect();
    return box.top >= 0 && box.top < (window.innerHeight || 0) - 20;
  }

  function land(el, refocus) {
    if (!el.hasAttribute('tabindex')) { el.setAttribute('tabindex', '-1'); }
    if (!inView(el)) { el.scrollIntoView({block: 'start'}); }
    if (refocus) { el.focus({preventScroll: true}); }
    if (landed !== el) { document.documentElement.setAttribute('data-fp-landed', ''); }
    landed = el;
  }

  function stop() {
    done = true;
    if (observer) { observer.disconnect(); }
    clearTimeout(timer);
    ['keydown', 'pointerdown', 'wheel', 'touchstart'].forEach(function (name) {
      window.removeEventListener(name, stop, true);
    });
  }

  function check() {
    timer = null;
    if (done) { return; }
    var now = Date.now();
    if (landed ? now - landedAt > SETTLE_MS : now - start > WAIT_MS) { stop(); return; }
    var el = target();
    if (!shown(el)) { return; }
    if (!landed) {
      landedAt = now;
      land(el, true);
      return;
    }
    // after landing: a heading drawn again takes the focus its old self had; a page that grew
    // above the target scrolls it back into view
    var lost = !landed.isConnected && (document.activeElement === document.body ||
                                       !document.activeElement);
    land(el, el !== landed && (lost || document.activeElement === landed));
  }

  function later() {
    if (timer === null && !done) { timer = setTimeout(check, 50); }
  }

  if (!anchor && !location.search) { return; }  // a page opened plainly: nothing to land on
  ['keydown', 'pointerdown', 'wheel', 'touchstart'].forEach(function (name) {
    window.addEventListener(name, stop, true);
  });
  observer = new MutationObserver(later);
  observer.observe(document.documentElement, {childList: true, subtree: true,
                                             attributes: true, attributeFilter: ['class']});
  setTimeout(stop, WAIT_MS + SETTLE_MS);
})();
