// The kernel is lost: say so at once. When the kernel behind a page dies (killed for want of
// memory, say), the server starts a fresh one and tells the page "restarting"; the fresh kernel
// has none of the page's widgets, so nothing on the page answers any more. Or the kernel's
// websocket closes and no new one opens. Either way this shows a notice, in the page's language,
// with a button that reloads the page (on the teacher's page, the notes come back: the page keeps
// them in the browser's storage, see foodplay_widgets.pages.notes_keeper).
// The page's language is the one the kernel last drew: its notes marker (.fp-notes-keeper) or its
// prose (.fp-page-prose), both with a lang attribute; else the address's lang=; else English.
// The words: window.fpLostWords (kernel_lost_words.js, from the message catalogues).
(function () {
  var CLOSED_FOR_GOOD_MS = 5000;  // a socket that closed and has no successor by then
  var LOST_STATES = {restarting: 1, autorestarting: 1, dead: 1};
  var Previous = window.WebSocket;
  if (!Previous || !window.TextDecoder) { return; }
  var decoder = new TextDecoder();
  var STATUS = /"msg_type":\s*"status"/;
  var STATE = /"execution_state":\s*"(\w+)"/;
  var open = 0, lost = false, closedTimer = null;
  var CSS = '.fp-lost { position: fixed; left: 1rem; right: 1rem; top: 1rem; z-index: 2000;' +
    ' max-width: 40rem; margin: 0 auto; padding: 0.75rem 1rem; border: 2px solid #a40e26;' +
    ' border-radius: 6px; background: #fff5f5; color: #1f2937; font: 1rem/1.4 sans-serif;' +
    ' box-shadow: 0 2px 8px rgba(0, 0, 0, 0.25); }' +
    ' .fp-lost p { margin: 0 0 0.5rem; }' +
    ' .fp-lost button { min-height: 44px; padding: 0 1rem; font: bold 1rem sans-serif;' +
    ' color: #fff; background: #a40e26; border: 0; border-radius: 4px; cursor: pointer; }' +
    ' .fp-lost button:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }' +
    // a projector (teacher mode's large type): as large as the page's text, not 16 px on 1080p
    ' @media (min-width: 1600px) { .fp-lost { max-width: 52rem; font-size: 1.35rem; }' +
    ' .fp-lost button { font-size: 1.35rem; } }';

  function state(data) {
    var size = typeof data === 'string' ? data.length : data && data.byteLength;
    if (!size || size > 4096) { return null; }  // status messages are short
    var text = typeof data === 'string' ? data : decoder.decode(data);
    var match = STATUS.test(text) && STATE.exec(text);
    return match ? match[1] : null;
  }

  function language() {
    var words = window.fpLostWords || {};
    var drawn = document.querySelector('.fp-notes-keeper[lang], .fp-page-prose[lang]');
    var asked = (/[?&]lang=([A-Za-z_-]+)/.exec(location.search) || [])[1];
    // a page says pt-BR where the catalogue is pt: the words are kept under the short code
    var lang = ((drawn ? drawn.getAttribute('lang') : asked) || '').split(/[-_]/)[0];
    lang = lang.toLowerCase();
    return words[lang] ? lang : 'en';
  }

  function show() {
    if (lost || !document.body) { return; }
    lost = true;
    var lang = language();
    var words = (window.fpLostWords || {})[lang];
    if (!words) { return; }
    var style = document.createElement('style');
    style.textContent = CSS;
    document.head.appendChild(style);
    var notes = document.querySelector('.fp-notes-keeper') !== null;
    var box = document.createElement('div');
    box.className = 'fp-lost';
    box.id = 'fp-lost';
    box.setAttribute('role', 'alert');
    box.setAttribute('lang', lang);
    var said = document.createElement('p');
    said.textContent = words.gone + ' ' + (notes ? words.notes : words.again);
    var button = document.createElement('button');
    button.type = 'button';
    button.className = 'fp-lost-reload';
    button.textContent = words.reload;
    button.addEventListener('click', function () { location.reload(); });
    box.appendChild(said);
    box.appendChild(button);
    // first in the page, as it is first on screen: the first Tab from the page's start
    // reaches the reload button (last in the page, it took 46 Tabs on the teacher's page).
    // Announced (role alert); focus stays where it is, in a note being typed say.
    document.body.insertBefore(box, document.body.firstChild);
  }

  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Previous(url) : new Previous(url, protocols);
    if (String(url).indexOf('/channels') < 0) { return socket; }  // only kernel channels
    socket.addEventListener('open', function () {
      open += 1;
      clearTimeout(closedTimer);
    });
    socket.addEventListener('message', function (event) {
      if (LOST_STATES[state(event.data)]) { show(); }
    });
    socket.addEventListener('close', function () {
      open = Math.max(open - 1, 0);
      clearTimeout(closedTimer);
      closedTimer = setTimeout(function () { if (open === 0) { show(); } }, CLOSED_FOR_GOOD_MS);
    });
    return socket;
  }
  Watched.prototype = Previous.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) {
    Watched[name] = Previous[name];
  });
  window.WebSocket = Watched;
})();
