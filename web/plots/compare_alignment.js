/* ContactLab's compared runs in the plot dock: each run's samples taken at
 * the reference run's sample times (runs of one scene record at the same
 * times until one stops), so a variant and its difference from the
 * reference ("Δ name") are drawn on one time axis; and the lines of a
 * panel, one per series and run, told apart by colour (the run) and dash
 * (the series).
 */
import { labelWithUnit } from './format.js';
import { t as T } from '../text.js';

export var DIFF = '\u0394';      // "Δx0": variant minus reference, on the same sample times
export var DASHES = [undefined, [6, 4], [2, 3], [8, 3, 2, 3]];  // series of one panel when runs share the colours
var REPEAT_DASHES = [[2, 3], [8, 3, 2, 3], [12, 3, 3, 3]];  // a series sharing a colour with an earlier one; never DASHED

/** For each reference sample (times tRef[0..n)), the index of the run's sample at the same time (to 1 ns), or -1. */
export function alignTo(tRef, n, tRun, m) {
  var at = new Int32Array(n);
  var j = 0;
  for (var i = 0; i < n; i++) {
    while (j < m && tRun[j] < tRef[i] - 1e-9) j++;
    at[i] = j < m && Math.abs(tRun[j] - tRef[i]) <= 1e-9 ? j : -1;
  }
  return at;
}

/** The values of one line on the reference's sample times (NaN where its run has none). */
export function lineValues(line, recorded, alignments, n) {
  var ref = recorded[0].byName[line.name];
  if (line.run === 0) return ref || new Float64Array(n);
  var own = recorded[line.run] && recorded[line.run].byName[line.name];
  var out = new Float64Array(n);
  var at = alignments[line.run];
  for (var i = 0; i < n; i++) {
    var j = at[i];
    out[i] = own && j >= 0 ? (line.diff ? own[j] - (ref ? ref[i] : NaN) : own[j]) : NaN;
  }
  return out;
}

/**
 * The lines of a panel: one per series, or, when comparing `runs` (the
 * reference first), one per series and run (a difference: one per
 * variant), each with where its values come from ({run, name, diff}).
 */
export function panelLines(entries, runs) {
  if (runs.length < 2) {
    // Series keep one colour in every panel; two of one panel that share it (more series than
    // colours) are told apart by the dash of the later one.
    var uses = {};
    return entries.map(function (e) {
      var n = uses[e.color] = (uses[e.color] || 0) + 1;
      return { label: labelWithUnit(e), unit: e.unit, color: e.color, dashed: e.dashed, run: 0, name: e.name,
        dash: n > 1 ? REPEAT_DASHES[(n - 2) % REPEAT_DASHES.length] : undefined };
    });
  }
  // The variants first, wide, the reference last and thin: where a variant agrees with the
  // reference it shows as a coloured edge along it instead of hiding it.
  var lines = [];
  entries.forEach(function (e, k) {
    var dash = DASHES[k % DASHES.length];
    runs.forEach(function (r, run) {
      if (e.diff && run === 0) return;
      var shown = r.shown || r.label;  // 'law=Flores' (its label 'law=flores' names the CSV's rows)
      lines.push({ label: e.diff ? T('plots.difference_line', { series: labelWithUnit(e), run: shown }) : labelWithUnit(e) + ' \u00b7 ' + shown,
        unit: e.unit, color: r.color, dash: dash, run: run, name: e.diff ? e.base : e.name, diff: !!e.diff,
        width: run === 0 || e.diff ? 1.5 : 3.5 });
    });
  });
  return lines.filter(function (l) { return l.run > 0; }).concat(lines.filter(function (l) { return l.run === 0; }));
}

