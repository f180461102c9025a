/* ContactLab's panel kit: what every live chart of the page shares (the
 * dock's panels, loops, inspector, sweep, frame timing): polling the app on
 * animation frames, a chart kept as large as its box, and a line sample for
 * a legend or key.
 */
import { svg } from '../dom.js';

/**
 * Calls poll() at most every `ms` on animation frames (nothing while the
 * tab is hidden). If poll throws (the runtime stopped, or the bridge is
 * missing) polling stops quietly and onError gets the error once, instead
 * of a throw 20 times a second. Returns {start, stop}.
 */
export function pollEvery(ms, poll, onError) {
  var rafId = 0, lastTick = -Infinity, stopped = false;
  function tick(now) {
    if (stopped) return;
    rafId = requestAnimationFrame(tick);
    if (now - lastTick < ms) return;
    lastTick = now;
    try {
      poll();
    } catch (e) {
      stop();
      if (onError) onError(e);
    }
  }
  function stop() {
    stopped = true;
    if (rafId) cancelAnimationFrame(rafId);
    rafId = 0;
  }
  return {
    start: function () { stopped = false; if (!rafId) rafId = requestAnimationFrame(tick); },
    stop: stop
  };
}

/** Keeps the uPlot that plotOf() returns (if any) as large as `holder` when it resizes. */
export function fitToHolder(holder, plotOf) {
  if (!window.ResizeObserver) return;
  new ResizeObserver(function () {
    var u = plotOf();
    if (u && holder.clientWidth > 10 && holder.clientHeight > 10)
      u.setSize({ width: holder.clientWidth, height: holder.clientHeight });
  }).observe(holder);
}

/** A short line drawn as the series is (its colour and dash), for a key. */
export function lineSample(color, dash) {
  var sample = svg('svg', { class: 'line-sample', width: 22, height: 8, 'aria-hidden': 'true' });
  var line = svg('line', { x1: 0, y1: 4, x2: 22, y2: 4, stroke: color, 'stroke-width': 2.5 });
  if (dash && dash.length) line.setAttribute('stroke-dasharray', dash.join(' '));
  sample.appendChild(line);
  return sample;
}

