/* Frames only while the canvas can be seen: a hidden tab or an embed
 * scrolled out of view stops the app's frame loop (no drawing, no stepping,
 * no battery spent), and it starts again where it was: the run does not
 * make up the time it was away. The sweep worker, when a sweep is asked
 * for, is the one thing that goes on.
 */

var onScreen = true;

/** Whether the app's frames run now (the canvas can be seen). */
export function framesRunning() {
  return onScreen;
}

/** Stops and restarts the app's frames (api.setOnScreen) as the page and the canvas are hidden and shown. */
export function watchOnScreen(api, canvas) {
  var pageShown = !document.hidden;
  var canvasInView = true;
  function update() {
    var wanted = pageShown && canvasInView;
    if (wanted === onScreen) return;
    onScreen = wanted;
    api.setOnScreen(wanted ? 1 : 0);
  }
  document.addEventListener('visibilitychange', function () {
    pageShown = !document.hidden;
    update();
  });
  // In an iframe the implicit root is the top page's viewport: scrolled out of it, the embed is out of view.
  if (typeof IntersectionObserver === 'function') {
    new IntersectionObserver(function (entries) {
      canvasInView = entries[entries.length - 1].isIntersecting;
      update();
    }).observe(canvas);
  }
  update();
}
