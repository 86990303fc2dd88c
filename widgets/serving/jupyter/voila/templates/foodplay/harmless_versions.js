// The page's widget extension (jupyterlab_widgets 3.0.17) was built against JupyterLab 4.6,
// and Voilà 0.5.13 shares its own JupyterLab 4.2.5 with it: webpack warns once per shared
// module, 13 lines on every page ("Unsatisfied version 4.2.5 from _JUPYTERLAB.CORE_OUTPUT of
// shared singleton module @jupyterlab/...", "No satisfying version (^4.6.2) of shared module
// @jupyterlab/outputarea ..."). They are harmless (the page uses the one copy Voilà loads, or
// the extension's own outputarea) and cannot be fixed at their cause with these pins, so
// exactly those lines are dropped; every other warning passes (docs/workarounds.md, section
// `console-versions`).
(function () {
  var warn = console.warn;
  var harmless = new RegExp(
    '^(Unsatisfied version \\S+ from _JUPYTERLAB\\.CORE_OUTPUT of shared singleton module ' +
    '@jupyterlab/[\\w-]+ \\(required [^)]*\\)$|No satisfying version \\([^)]*\\) of shared ' +
    'module @jupyterlab/[\\w-]+ found in shared scope default\\.)');
  console.warn = function (first) {
    if (typeof first === 'string' && harmless.test(first)) {
      return undefined;
    }
    return warn.apply(console, arguments);
  };
})();
