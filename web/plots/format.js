/* ContactLab's numbers and events in words, as every panel of the page
 * writes them: about four significant digits with a decimal point, a value
 * with its unit, an impact's kind and who met in it.
 */
import { t as T } from '../text.js';

// The engine's event kinds, shown in words by loops.js, inspector.js and the live region of
// controls.js (keys plots.impact_kind.*).
var EVENT_KINDS = ['bounce', 'pair', 'wall', 'street', 'hit', 'collision', 'taut', 'slack', 'nail', 'correction'];

/** About 4 significant digits; exponent form only for very large/small. */
export function formatNumber(v) {
  if (v == null || !isFinite(v)) return '—';
  if (v === 0) return '0';
  var a = Math.abs(v);
  if (a >= 1e6 || a < 1e-4) return v.toExponential(3).replace(/\.?0+e/, 'e');
  return String(Number(v.toPrecision(4)));
}

/** An event's kind in words ("wall", "thread taut"); a kind the table lacks stays as the engine names it. */
export function eventKind(kind) {
  return EVENT_KINDS.indexOf(kind) >= 0 ? T('plots.impact_kind.' + kind) : kind;
}

/**
 * Who met in an impact: "ellipse 2 – wall", "ellipses 1–4", "hit, body 3";
 * `i`, `j` as the engine counts (from 0, null for none), shown from 1 as
 * the plots' series and legends name bodies. Without bodies, the kind alone.
 */
export function impactParties(kind, i, j) {
  if (i == null) return eventKind(kind);
  var args = { kind: eventKind(kind), i: i + 1, j: j == null ? null : j + 1 };
  if (kind === 'wall' && j == null) return T('plots.impact_who.wall', args);
  if (kind === 'street' && j == null) return T('plots.impact_who.street', args);
  if (kind === 'pair' && j != null) return T('plots.impact_who.pair', args);
  return T(j == null ? 'plots.impact_who.one' : 'plots.impact_who.two', args);
}

/** Legend value: number and unit, or a dash when the cursor is off the plot. */
export function valueWithUnit(v, unit) {
  if (v == null || !isFinite(v)) return '—';
  return unit ? formatNumber(v) + ' ' + unit : formatNumber(v);
}

/** Distinct units of `entries`, in order of first appearance. */
export function unitsOf(entries) {
  var units = [];
  entries.forEach(function (e) { if (units.indexOf(e.unit) < 0) units.push(e.unit); });
  return units;
}

/** "kinetic energy [J]" for legends and choosers. */
export function labelWithUnit(e) {
  return e.unit ? e.label + ' [' + e.unit + ']' : e.label;
}

