/* Third-party files the first frame does not need (uPlot for the charts,
 * KaTeX for the theory panel, the QR encoder for Customize mode), fetched
 * when wanted: every visitor would otherwise download them before the first
 * frame. The scripts are classic scripts (each defines one global: uPlot,
 * katex, qrcode), so they come as <script> elements, not as modules; a
 * style sheet comes as a <link>.
 *
 * Usage: loadScript('katex.min.js', () => window.katex) -> Promise of what
 * `ready()` returns once the script ran; loadStyle('uPlot.min.css') ->
 * Promise that the sheet applies. Asked again, the same promise (a failed
 * load is tried afresh on the next ask).
 */
var loads = {};  // url -> Promise

/** Adds the element make() builds for `url` to the head, once; settles with its load. */
function loadOnce(url, make, ready, failedMessage) {
  if (loads[url]) return loads[url];
  loads[url] = new Promise(function (resolve, reject) {
    var element = make();
    element.onload = function () { resolve(ready()); };
    element.onerror = function () {
      delete loads[url];
      element.remove();
      reject(new Error(failedMessage || url));
    };
    document.head.appendChild(element);
  });
  return loads[url];
}

export function loadScript(src, ready, failedMessage) {
  return loadOnce(src, function () {
    var script = document.createElement('script');
    script.src = src;
    return script;
  }, ready, failedMessage);
}

export function loadStyle(href) {
  return loadOnce(href, function () {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    return link;
  }, function () { return true; });
}
