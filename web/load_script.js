/* Scripts the first frame does not need (KaTeX for the theory panel, the
 * QR encoder for Customize mode), fetched the first time they are wanted:
 * every visitor would otherwise download them before the first frame.
 * They are third-party classic scripts (each defines one global: katex,
 * qrcode), so they come as <script> elements, not as modules.
 *
 * Usage: loadScript('katex.min.js', () => window.katex) -> Promise of what
 * `ready()` returns once the script ran; asked again, the same promise (a
 * failed load is tried afresh on the next ask).
 */
var loads = {};  // src -> Promise

export function loadScript(src, ready, failedMessage) {
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
}
