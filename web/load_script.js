/* Scripts the first frame does not need (KaTeX for the theory panel, the
 * QR encoder for Customize mode), fetched the first time they are wanted:
 * every visitor would otherwise download them before the first frame.
 *
 * Usage: ContactLabLoadScript('katex.min.js', () => window.katex) -> Promise
 * of what `ready()` returns once the script ran; asked again, the same
 * promise (a failed load is tried afresh on the next ask). Global:
 * ContactLabLoadScript.
 */
var ContactLabLoadScript = (function () {
  'use strict';

  var loads = {};  // src -> Promise

  return function load(src, ready, failedMessage) {
    if (loads[src]) return loads[src];
    loads[src] = new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = src;
      script.onload = function () { resolve(ready()); };
      script.onerror = function () {
        delete loads[src];
        script.remove();
        reject(new Error(failedMessage || src));
      };
      document.head.appendChild(script);
    });
    return loads[src];
  };
})();
