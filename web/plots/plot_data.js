/* ContactLab plot data: what the dock hands uPlot. Samples are copied out
 * of wasm memory into plain arrays (non-finite values become gaps), and a
 * long run is decimated per pixel column (its min and max kept in order),
 * so hours of data cost about two points per pixel and spikes never vanish.
 * The dock's panels go in the link as plots=x,y;tension.
 */

// A residual that should stay near 0 (the energy audit) spans at least this
// share of the series it is a residual of (E_total): microjoules of
// round-off in 100 J stay a flat line at 0, a 1 % error fills the panel.
var RESIDUAL_SCALE = 1e-3;

function finiteOrNull(v) {
  return isFinite(v) ? v : null;
}

/** First index in [lo, hi) with t[i] >= value (t sorted ascending). */
function lowerBound(t, lo, hi, value) {
  while (lo < hi) {
    var mid = (lo + hi) >>> 1;
    if (t[mid] < value) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** Index range to draw: everything, or the zoomed window plus one sample each side. */
export function visibleRange(t, n, zoom) {
  if (!zoom || n === 0) return [0, n];
  var i0 = Math.max(0, lowerBound(t, 0, n, zoom.min) - 1);
  var i1 = Math.min(n, lowerBound(t, i0, n, zoom.max) + 1);
  return i1 - i0 >= 2 ? [i0, i1] : [0, n];
}

/** Plain copy of samples [i0, i1) (non-finite values become gaps). */
export function copyRange(t, ys, i0, i1) {
  var out = [new Array(i1 - i0)];
  ys.forEach(function () { out.push(new Array(i1 - i0)); });
  for (var i = i0; i < i1; i++) {
    out[0][i - i0] = t[i];
    for (var s = 0; s < ys.length; s++) out[s + 1][i - i0] = finiteOrNull(ys[s][i]);
  }
  return out;
}

function pushSample(out, t, ys, i) {
  out[0].push(t[i]);
  for (var s = 0; s < ys.length; s++) out[s + 1].push(finiteOrNull(ys[s][i]));
}

/** Pushes min and max of ys[s][a..b) in the order they occur, so peaks keep their shape. */
function pushMinMax(outY, y, a, b) {
  var lo = Infinity, hi = -Infinity, iLo = -1, iHi = -1;
  for (var i = a; i < b; i++) {
    var v = y[i];
    if (v < lo) { lo = v; iLo = i; }
    if (v > hi) { hi = v; iHi = i; }
  }
  if (iLo < 0) { outY.push(null, null); return; }  // all NaN: keep the gap
  if (iLo <= iHi) outY.push(lo, hi); else outY.push(hi, lo);
}

/**
 * Per-pixel-column min/max decimation of samples [i0, i1) into `cols`
 * columns: each column with more than two samples becomes two points (at
 * its first and last time); the first and last samples are kept exactly.
 * Hours of data thus cost ~2 points per pixel, and spikes never vanish.
 */
export function decimate(t, ys, i0, i1, cols) {
  var out = [[]];
  ys.forEach(function () { out.push([]); });
  var last = i1 - 1;
  var t0 = t[i0];
  var span = t[last] - t0;
  if (!(span > 0)) return copyRange(t, ys, i0, i1);

  pushSample(out, t, ys, i0);
  var i = i0 + 1;
  while (i < last) {
    var col = Math.floor((t[i] - t0) / span * cols);
    var colEnd = t0 + (col + 1) * span / cols;
    var j = i + 1;                       // always advances, even on NaN times
    while (j < last && t[j] < colEnd) j++;
    if (j - i <= 2) {
      for (var k = i; k < j; k++) pushSample(out, t, ys, k);
    } else {
      out[0].push(t[i], t[j - 1]);
      for (var s = 0; s < ys.length; s++) pushMinMax(out[s + 1], ys[s], i, j);
    }
    i = j;
  }
  pushSample(out, t, ys, last);
  return out;
}

function safeDecode(s) {
  try { return decodeURIComponent(s); } catch (e) { return ''; }
}

export function parseUrlValue(value) {
  if (!value) return [];
  return String(value).split(';').map(function (panel) {
    return panel.split(',').map(safeDecode).filter(Boolean);
  });
}

export function formatUrlValue(panelNames) {
  return panelNames.map(function (names) {
    return names.map(encodeURIComponent).join(',');
  }).join(';');
}

/**
 * The recorded `series` of `count` runs (the app's own first) over wasm
 * memory: [{size, byName: name -> Float64Array}]. Views are made after
 * all wasm calls (a call could grow memory and move them).
 */
export function readRuns(api, count, series) {
  var plan = [];
  for (var k = 0; k < count; k++) {
    var size = k === 0 ? api.size() : api.runSeriesSize(k);
    var ptrs = {};
    series.forEach(function (s) {
      if (s.diff) return;
      var index = k === 0 ? s.index : api.runSeriesIndex(k, s.name);
      if (index >= 0) ptrs[s.name] = k === 0 ? api.dataPtr(index) : api.runSeriesData(k, index);
    });
    plan.push({ size: size, ptrs: ptrs });
  }
  var buffer = api.heapF64().buffer;
  return plan.map(function (run) {
    var views = {};
    Object.keys(run.ptrs).forEach(function (name) {
      if (run.ptrs[name]) views[name] = new Float64Array(buffer, run.ptrs[name], run.size);
    });
    return { size: run.size, byName: views };
  });
}

/** How far from 0 a panel's y axis reaches at least: RESIDUAL_SCALE of the largest size of what its residuals are residuals of. */
export function residualFloor(entries, recorded, n) {
  var floor = 0;
  entries.forEach(function (e) {
    var base = e.residualOf && recorded.length ? recorded[0].byName[e.residualOf] : null;
    for (var i = 0; base && i < n; i++) floor = Math.max(floor, RESIDUAL_SCALE * Math.abs(base[i]));
  });
  return floor;
}
