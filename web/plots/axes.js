/* ContactLab's plot axes (uPlot options): one style for every chart of the
 * page (the dock's panels, loops, inspector, sweep), colours read from the
 * theme at each draw, tick values written like every other number, axis
 * sizes measured from their widest value, and labels that shorten to fit
 * the plot's height while keeping their unit.
 */
import * as theme from '../theme.js';
import { formatNumber } from './format.js';
import { t as T } from '../text.js';

var FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
var LABEL_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
// CSS px between a y axis's widest tick value and its label (uPlot's labelGap), and the label's band:
// a line of the label font (ascenders and descenders beyond the em box too) plus that gap.
export var AXIS_LABEL_GAP = 5;
export var Y_LABEL_SIZE = Math.ceil(fontPx(LABEL_FONT) * 1.25) + AXIS_LABEL_GAP;
// Fewest tick values a y axis shows, however short the plot (uPlot's least space between ticks is 30 px).
var MIN_Y_TICKS = 3;
// The quantity an axis of a unit shows when its series' names do not fit (keys plots.quantity.*).
var QUANTITY_OF_UNIT = { 'J': 'energy', 'm': 'length', 'm/s': 'velocity', 'rad': 'angle', 'rad/s': 'spin',
  'N': 'force', 'kg m/s': 'momentum', 's': 'time' };
var measureCtx = null;  // a 2D context of our own for measuring text: uPlot caches the font it set on its own

/**
 * Axis label candidates for the series of one unit, longest first; the
 * unit is in every one of them, so it is never the part cut off:
 * "kinetic energy, total energy [J]", "energy [J]", "[J]".
 */
export function axisLabelCandidates(entries, unit) {
  var names = entries.map(function (e) { return e.label; }).join(', ');
  if (!unit) return [names, T('plots.no_unit')];
  var out = [names + ' [' + unit + ']'];
  var quantity = QUANTITY_OF_UNIT[unit];
  if (quantity) out.push(T('plots.quantity.' + quantity) + ' [' + unit + ']');
  out.push('[' + unit + ']');
  return out;
}

/** Width in CSS px of `text` in the axis label font. */
function textWidth(text) {
  if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
  measureCtx.font = LABEL_FONT;
  return measureCtx.measureText(text).width;
}

/** The longest candidate that fits `room` CSS px (the last one otherwise). */
export function fittedLabel(candidates, room) {
  for (var i = 0; i < candidates.length; i++) if (textWidth(candidates[i]) <= room) return candidates[i];
  return candidates[candidates.length - 1];
}

/** The size in CSS px of a CSS font ('12px system-ui' -> 12). */
function fontPx(font) {
  var m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 12;
}

/**
 * uPlot's axis `size` (ticks, gap and values, the label excluded): room for
 * the widest tick value as uPlot draws it (its font at the device pixel
 * ratio), instead of uPlot's fixed 50px. The gap to the axis label is the
 * axis's labelGap, inside its labelSize.
 */
export function axisSize(u, values, axisIdx, cycleNum) {
  var axis = u.axes[axisIdx];
  if (cycleNum > 1) return axis._size;
  var size = (axis.ticks.show === false ? 0 : axis.ticks.size) + axis.gap;
  if (values && values.length) {
    if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
    measureCtx.font = axis.font[0];
    var widest = values.reduce(function (acc, s) {
      return s == null ? acc : Math.max(acc, measureCtx.measureText(String(s)).width);
    }, 0);
    size += widest / (uPlot.pxRatio || window.devicePixelRatio || 1);
  }
  return Math.ceil(size);
}

/** A colour of the theme shown (web/theme.js), read at every draw: a chart follows a theme change on redraw. */
export function themeColor(name, k) {
  return function () {
    var value = theme.colors()[name];
    return k == null ? value : value[k % value.length];
  };
}

/**
 * Colours, fonts, grid and tick numbers of every plot's axes (shared with
 * loops.js, inspector.js, sweep.js). Ticks are written like every other
 * number on the page (decimal point, no thousands separator): uPlot's own
 * follow the browser's locale, and "1,000" reads as 1 in German.
 */
export function axisStyle() {
  return { stroke: themeColor('axis'), font: FONT, labelFont: LABEL_FONT,
    values: function (u, splits) { return splits.map(formatNumber); },
    grid: { stroke: themeColor('grid'), width: 1 }, ticks: { stroke: themeColor('grid'), width: 1 } };
}

/**
 * uPlot's least space between y ticks (its `space`, CSS px): its 30 px, or
 * less on a short plot, so that it still shows MIN_Y_TICKS values. The step
 * it picks (1, 2, 2.5, 5 times a power of ten) can space them up to twice
 * that: a sixth of the plot's height leaves room for 3 of them.
 */
export function yTickSpace(u, axisIdx, min, max, plotDim) {
  return Math.max(12, Math.min(30, plotDim / (2 * MIN_Y_TICKS)));
}
