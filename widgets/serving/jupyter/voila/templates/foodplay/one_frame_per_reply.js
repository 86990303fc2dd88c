// One frame per kernel reply. A click on Next makes the kernel send one update per widget
// that changed (the step's title, the table's parts, the counter...) between its "busy" and
// "idle" status messages. The browser handles each as a task of its own and may draw a frame
// between any two, so a learner's screen used to be redrawn three or four times per step, with
// the title ahead of the table. This holds the messages of a kernel websocket from "busy"
// until "idle" and hands them on together, in one task: one frame, one consistent step. A
// long run (such as a cell printing as it goes) is still handed on at least every HOLD_MS,
// four times a second.
(function () {
  var HOLD_MS = 250;
  var Native = window.WebSocket;
  var nativeOnMessage = Object.getOwnPropertyDescriptor(Native.prototype, 'onmessage');
  if (!nativeOnMessage || !window.TextDecoder) { return; }
  var decoder = new TextDecoder();
  var STATUS = /"msg_type":\s*"status"/;
  var STATE = /"execution_state":\s*"(\w+)"/;

  // "busy", "idle" or another state for a kernel status message, else null
  function executionState(data) {
    var size = typeof data === 'string' ? data.length : data.byteLength;
    if (size === undefined || size > 4096) { return null; }  // status messages are short
    var text = typeof data === 'string' ? data : decoder.decode(data);
    var match = STATUS.test(text) && STATE.exec(text);
    return match ? match[1] : null;
  }

  function Held(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (String(url).indexOf('/channels') < 0) { return socket; }  // only kernel channels
    var handler = null, queue = [], holding = false, timer = null;

    function handOn() {
      var events = queue;
      queue = [];
      clearTimeout(timer);
      timer = null;
      events.forEach(function (event) {
        try { handler && handler.call(socket, event); }
        catch (error) { setTimeout(function () { throw error; }); }  // reported, not lost
      });
    }

    function received(event) {
      var state = executionState(event.data);
      if (state === 'busy') { holding = true; }
      if (!holding) { queue.push(event); handOn(); return; }
      queue.push(event);
      if (state === 'idle') { holding = false; handOn(); return; }
      if (timer === null) { timer = setTimeout(handOn, HOLD_MS); }
    }

    Object.defineProperty(socket, 'onmessage', {
      configurable: true,
      get: function () { return handler; },
      set: function (fn) {
        handler = fn;
        nativeOnMessage.set.call(socket, fn ? received : null);
      }
    });
    return socket;
  }
  Held.prototype = Native.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) { Held[name] = Native[name]; });
  window.WebSocket = Held;
})();
