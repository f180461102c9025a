/* What a frame costs, printed above the plots when the link asks for it
 * (perf=1): the engine's advance, the app's drawing (building its draw
 * lists) and handing them to WebGL, per frame (CPU ms, from the app's
 * status), the longest advance or frame's drawing, the plots' refresh (ms, measured here around
 * the dock's poll, uPlot's redraw included) and how often they are
 * refreshed (longer on a device that cannot afford more), and the engine's own
 * real-time factor (simulated seconds per second spent advancing, which the
 * frame rate does not limit), and the canvas's device px per CSS px when a
 * playing run is drawn coarser to keep up (src/app/drawing_scale.h). Tests
 * read the same figures from figures().
 *
 * Usage (see page.js): createFrameTiming({hostEl, shown, status,
 * plotMs, plotEveryMs}).start().
 */
import { pollEvery } from './plots/panel_kit.js';
import { t as T } from './text.js';

var REFRESH_MS = 500;

export function createFrameTiming(opts) {
  var host = opts.hostEl;
  var latest = null;
  host.hidden = !opts.shown;
  var fixed = function (x, digits) { return Number.isFinite(x) ? x.toFixed(digits) : '–'; };

  function poll() {
    var st = opts.status();
    if (!st || !st.frame) return;
    var canvas = document.getElementById('canvas');
    latest = { simMs: st.frame.sim_ms, drawMs: st.frame.draw_ms, glMs: st.frame.gl_ms, worstMs: st.frame.worst_ms,
      plotMs: opts.plotMs(), plotEveryMs: opts.plotEveryMs(), engineRtf: st.frame.engine_rtf,
      pixelRatio: canvas && canvas.clientWidth ? canvas.width / canvas.clientWidth : devicePixelRatio };
    if (host.hidden) return;
    host.textContent = T('page.frame_timing', {
      sim: fixed(latest.simMs, 1), draw: fixed(latest.drawMs, 1), gl: fixed(latest.glMs, 1), worst: fixed(latest.worstMs, 0),
      plots: fixed(latest.plotMs, 1), every: fixed(latest.plotEveryMs, 0),
      engine: latest.engineRtf > 0
        ? T('page.engine_speed', {
          factor: latest.engineRtf >= 10 ? fixed(latest.engineRtf, 0) : fixed(latest.engineRtf, 2) })
        : T('page.engine_not_run')
    }) + (latest.pixelRatio < 0.95 * devicePixelRatio
      ? T('page.drawn_coarser', { ratio: fixed(latest.pixelRatio, 1), screen: fixed(devicePixelRatio, 1) }) : '');
  }

  var poller = pollEvery(REFRESH_MS, poll, function (e) {
    console.warn('ContactLab frame timing stopped:', e);
  });
  return {
    start: poller.start,
    stop: poller.stop,
    /** {simMs, drawMs, glMs, worstMs, plotMs, plotEveryMs, engineRtf, pixelRatio} as last read, or null before the first. */
    figures: function () { return latest; }
  };
}
