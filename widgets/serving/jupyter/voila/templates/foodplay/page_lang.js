// The page's language, on every element that holds the learner's text, so that the browser
// breaks and hyphenates words by that language's rules (hyphens: auto; fonts and screen
// readers follow it too). Voilà writes <html lang="en"> whatever the address asks: the page's
// language is its address's ?lang= (en, ko, fr, pt-BR, zh), and after a Language menu switch,
// the menu's. A widget drawn in a language carries the class fp-lang-<code>
// (foodplay_widgets.text.mark_language): it gets that lang, and a switch makes it the page's.
(function () {
  var PUBLIC = {en: 'en', ko: 'ko', fr: 'fr', pt: 'pt-BR', zh: 'zh'};
  var CLASS = /(?:^|\s)fp-lang-(\w+)(?:\s|$)/;
  var root = document.documentElement;

  function code(value) {
    var base = String(value || '').toLowerCase().split(/[-_]/)[0];
    return PUBLIC[base] || null;
  }

  var asked = null;
  try { asked = new URLSearchParams(location.search).get('lang'); } catch (e) { asked = null; }
  root.lang = code(asked) || 'en';

  var timer = null;
  function mark() {
    timer = null;
    var marked = document.querySelectorAll('[class*="fp-lang-"]');
    for (var i = 0; i < marked.length; i++) {
      var match = CLASS.exec(marked[i].className);
      var lang = match && code(match[1]);
      if (lang && marked[i].lang !== lang) {
        var switched = marked[i].hasAttribute('lang');
        marked[i].lang = lang;
        if (switched) { root.lang = lang; }  // a Language menu switched: the page follows
      }
    }
  }
  new MutationObserver(function () {
    if (timer === null) { timer = setTimeout(mark, 30); }
  }).observe(root, {childList: true, subtree: true, attributes: true,
                    attributeFilter: ['class']});
})();
