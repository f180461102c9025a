/* Measurements over the dock's plots (issue 39): what the fit panel made of
 * a loaded table (web/fit.js: a series' values at the data's times, or
 * event times such as bounces) drawn as markers of their own in every plot
 * that shows them, with a legend entry there, and listed as a table under
 * the plots for screen readers and for anyone who wants the numbers.
 *
 * Event times come on the data's own clock (phyphox's starts at the first
 * sound): they are drawn with the first at the run's first onset of that
 * kind, so that the later ones show how run and data drift apart. (The fit
 * aligns them by their mean difference, src/engine/fit/run_residuals.h,
 * which spreads a misfit over all of them; at a fit's values the two agree
 * to the timing noise.)
 *
 * Usage (web/plots/dock.js): createMeasuredOverlay({api, afterEl}); .set(m)
 * with m = {file, kind: 'series'|'events', name, label, unit, times, values}
 * or null; .follow() each time the plots read the run, before they draw;
 * .shows(names), .draw(u, scaleOf), .key() for a plot.
 */
import { el, svg } from '../dom.js';
import * as theme from '../theme.js';
import { t as T } from '../text.js';
import { formatNumber } from './format.js';

var MARKER_RADIUS = 3.5;   // CSS px: a series' measured point
var TRIANGLE = 5;          // CSS px: half the width of an event's mark at the plot's top
var MAX_LISTED = 200;      // rows listed; the rest counted

/** The mark drawn for `kind`, as a small picture for a key. */
function markSample(kind) {
  var sample = svg('svg', { class: 'line-sample', width: 14, height: 12, 'aria-hidden': 'true' });
  var colors = theme.colors();
  sample.appendChild(kind === 'events'
    ? svg('path', { d: 'M2 1 L12 1 L7 10 Z', fill: colors.axis })
    : svg('circle', { cx: 7, cy: 6, r: 4, fill: colors.page, stroke: colors.axis, 'stroke-width': 1.5 }));
  return sample;
}

export function createMeasuredOverlay(opts) {
  var api = opts.api;
  var measured = null;
  var firstOnset = null;  // the run's first onset of the measured kind (s)

  var listEl = el('details', 'plot-measured');
  listEl.hidden = true;
  opts.afterEl.after(listEl);

  /** The shift from the data's clock to the run's (s), or null while the run has no onset to align to. */
  function offset() {
    if (!measured) return null;
    if (measured.kind !== 'events') return 0;
    return firstOnset == null ? null : firstOnset - measured.times[0];
  }

  /**
   * Follows the run (each time the plots read it): the first onset of the
   * measured kind, from the engine's event log, which forgets it whenever
   * the run starts again (reset, a new run, a body moved by hand). Asked
   * every time, so a restart between two looks is never missed, however
   * far the new run got meanwhile.
   */
  function follow() {
    if (!measured || measured.kind !== 'events') return;
    var before = firstOnset;
    var got = JSON.parse(api.eventsJson(Number.MAX_SAFE_INTEGER) || 'null');  // no events listed, only the totals
    var first = got && got.first ? got.first[measured.name] : undefined;
    firstOnset = typeof first === 'number' ? first : null;
    if (firstOnset !== before) list();
  }

  function list() {
    listEl.textContent = '';
    listEl.hidden = !measured;
    if (!measured) return;
    listEl.setAttribute('aria-label', T('plots.measured.caption', { file: measured.file }));
    var n = measured.times.length;
    var events = measured.kind === 'events';
    var summary = el('summary', null, T(events ? 'plots.measured.summary_events' : 'plots.measured.summary_series',
      { file: measured.file, n: n, name: measured.label }));
    listEl.appendChild(summary);
    var table = el('table', 'inspector-table');
    table.appendChild(el('caption', null, T('plots.measured.caption', { file: measured.file })));
    var head = el('tr');
    var shift = offset();
    var columns = events
      ? [T('plots.measured.number'), T('plots.measured.file_time'), T('plots.measured.run_time')]
      : ['t [s]', measured.unit ? measured.label + ' [' + measured.unit + ']' : measured.label];
    columns.forEach(function (c) { head.appendChild(el('th', null, c)).scope = 'col'; });
    table.appendChild(head);
    for (var i = 0; i < Math.min(n, MAX_LISTED); i++) {
      var row = el('tr');
      var cells = events
        ? [String(i + 1), formatNumber(measured.times[i]), shift == null ? '\u2014' : formatNumber(measured.times[i] + shift)]
        : [formatNumber(measured.times[i]), formatNumber(measured.values[i])];
      cells.forEach(function (c) { row.appendChild(el('td', null, c)); });
      table.appendChild(row);
    }
    listEl.appendChild(table);
    if (n > MAX_LISTED) listEl.appendChild(el('p', null, T('plots.measured.more', { n: n - MAX_LISTED })));
  }

  /** Whether a plot of the series `names` shows the measurements: a series' plot, or any plot for event times. */
  function shows(names) {
    return !!measured && (measured.kind === 'events' || names.indexOf(measured.name) >= 0);
  }

  /** Draws the marks on uPlot `u` (its draw hook); scaleOf(unit) names the y scale a unit is drawn on. */
  function draw(u, scaleOf) {
    var shift = offset();
    if (!measured || shift == null) return;
    var ctx = u.ctx;
    var dpr = window.devicePixelRatio || 1;
    var box = u.bbox;
    var colors = theme.colors();
    ctx.save();
    ctx.beginPath();
    ctx.rect(box.left, box.top, box.width, box.height);
    ctx.clip();
    ctx.strokeStyle = colors.axis;
    ctx.lineWidth = 1.5 * dpr;
    var i, x;
    if (measured.kind === 'events') {
      ctx.fillStyle = colors.axis;
      for (i = 0; i < measured.times.length; i++) {
        x = u.valToPos(measured.times[i] + shift, 'x', true);
        ctx.beginPath();
        ctx.moveTo(x - TRIANGLE * dpr, box.top);
        ctx.lineTo(x + TRIANGLE * dpr, box.top);
        ctx.lineTo(x, box.top + 1.8 * TRIANGLE * dpr);
        ctx.closePath();
        ctx.fill();
      }
    } else {
      var scale = scaleOf(measured.unit);
      ctx.fillStyle = colors.page;
      for (i = 0; i < measured.times.length; i++) {
        x = u.valToPos(measured.times[i], 'x', true);
        var y = u.valToPos(measured.values[i], scale, true);
        if (!isFinite(x) || !isFinite(y)) continue;
        ctx.beginPath();
        ctx.arc(x, y, MARKER_RADIUS * dpr, 0, 2 * Math.PI);
        ctx.fill();
        ctx.stroke();
      }
    }
    ctx.restore();
  }

  /** A legend entry for a plot that shows the measurements. */
  function key() {
    var item = el('div', 'plot-measured-key');
    item.appendChild(markSample(measured.kind));
    item.appendChild(document.createTextNode(T(measured.kind === 'events' ? 'plots.measured.key_events' : 'plots.measured.key_series',
      { file: measured.file, name: measured.label })));
    return item;
  }

  return {
    set: function (m) {
      measured = m;
      firstOnset = null;
      list();
    },
    follow: follow,
    shows: shows,
    draw: draw,
    key: key,
    /** For tests: what is drawn, and where the data's clock sits on the run's. */
    state: function () {
      return measured ? { file: measured.file, kind: measured.kind, name: measured.name, points: measured.times.length,
        offset: offset(), listed: listEl.querySelectorAll('tr').length - 1 } : null;
    }
  };
}
