/* ContactLab plot dock: live uPlot panels of the series the wasm app records.
 *
 * The app keeps every series in wasm memory (ring buffers, linearised); we
 * read them through Float64Array views, copy (and, for long runs, decimate)
 * them into plain arrays for uPlot, and never write to wasm memory.
 *
 * When runs are compared (cl_compare_json lists them), every chosen series
 * is drawn once per run in the run's colour (the series told apart by dash
 * patterns), and "Δ name" series show each variant minus the reference.
 *
 * Usage (see page.js): ContactLabPlots.create({api, panelsEl, addButton,
 * emptyNote, urlValue, onChange}). `api` wraps the cl_series_* and
 * cl_run_series_* exports.
 * Needs text.js (ContactLabText: its words, from assets/text/charts.json).
 * Global: ContactLabPlots only.
 */
var ContactLabPlots = (function () {
  'use strict';

  var REFRESH_MS = 50;      // at most ~20 Hz: plenty for reading, light on phones
  var MAX_PANELS = 8;
  var DECIMATE_FACTOR = 2;  // decimate once there are > 2 points per device pixel
  var FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  var LABEL_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  // CSS px between a y axis's widest tick value and its label (uPlot's labelGap), and the label's band:
  // a line of the label font (ascenders and descenders beyond the em box too) plus that gap.
  var AXIS_LABEL_GAP = 5;
  var Y_LABEL_SIZE = Math.ceil(fontPx(LABEL_FONT) * 1.25) + AXIS_LABEL_GAP;
  var MAX_UNITS = 2;        // per panel: one y axis each side
  var DIFF = '\u0394';      // "Δx0": variant minus reference, on the same sample times
  // A residual that should stay near 0 (the energy audit) spans at least this
  // share of the series it is a residual of (E_total): microjoules of
  // round-off in 100 J stay a flat line at 0, a 1 % error fills the panel.
  var RESIDUAL_SCALE = 1e-3;
  var DASHES = [undefined, [6, 4], [2, 3], [8, 3, 2, 3]];  // series of one panel when runs share the colours
  var DASHED = [6, 4];  // a series drawn dashed by its meaning (mechanical energy)
  var REPEAT_DASHES = [[2, 3], [8, 3, 2, 3], [12, 3, 3, 3]];  // a series sharing a colour with an earlier one; never DASHED
  // Fewest tick values a y axis shows, however short the plot (uPlot's least space between ticks is 30 px).
  var MIN_Y_TICKS = 3;
  // The quantity an axis of a unit shows when its series' names do not fit (keys plots.quantity.*).
  var QUANTITY_OF_UNIT = { 'J': 'energy', 'm': 'length', 'm/s': 'velocity', 'rad': 'angle', 'rad/s': 'spin',
    'N': 'force', 'kg m/s': 'momentum', 's': 'time' };
  // The engine's event kinds, shown in words by loops.js, inspector.js and the live region of
  // controls.js (keys plots.impact_kind.*).
  var EVENT_KINDS = ['pair', 'wall', 'street', 'hit', 'collision', 'taut', 'slack', 'nail', 'correction'];
  var T = ContactLabText.t;
  var TEXT = {
    noUnit: T('plots.no_unit'),
    rightAxis: function (label) { return T('plots.right_axis', { label: label }); },
    otherUnit: function (units) { return T('plots.other_unit', { first: units[0], second: units[1] }); },
    chooseSeries: T('plots.choose_series'),
    noSeries: T('plots.no_series'),
    seriesToPlot: T('plots.series_to_plot'),
    differenceLine: function (series, run) { return T('plots.difference_line', { series: series, run: run }); },
    reference: function (run) { return T('plots.reference_run', { run: run }); },
    panel: function (n) { return T('plots.panel', { n: n }); },
    panelSeries: function (n, series) { return T('plots.panel_series', { n: n, series: series }); },
    none: T('plots.none'),
    removePanel: function (n) { return T('plots.remove_panel', { n: n }); },
    remove: T('plots.remove'),
    noPlots: T('plots.no_plots'),
    waiting: T('page.plots_appear')  // the page's markup shows it first (shell/index.html)
  };

  // ---- Formatting ----------------------------------------------------------

  /** About 4 significant digits; exponent form only for very large/small. */
  function formatNumber(v) {
    if (v == null || !isFinite(v)) return '—';
    if (v === 0) return '0';
    var a = Math.abs(v);
    if (a >= 1e6 || a < 1e-4) return v.toExponential(3).replace(/\.?0+e/, 'e');
    return String(Number(v.toPrecision(4)));
  }

  /** An event's kind in words ("wall", "thread taut"); a kind the table lacks stays as the engine names it. */
  function eventKind(kind) {
    return EVENT_KINDS.indexOf(kind) >= 0 ? T('plots.impact_kind.' + kind) : kind;
  }

  /**
   * Who met in an impact: "ellipse 2 – wall", "ellipses 1–4", "hit, body 3";
   * `i`, `j` as the engine counts (from 0, null for none), shown from 1 as
   * the plots' series and legends name bodies. Without bodies, the kind alone.
   */
  function impactParties(kind, i, j) {
    if (i == null) return eventKind(kind);
    var args = { kind: eventKind(kind), i: i + 1, j: j == null ? null : j + 1 };
    if (kind === 'wall' && j == null) return T('plots.impact_who.wall', args);
    if (kind === 'street' && j == null) return T('plots.impact_who.street', args);
    if (kind === 'pair' && j != null) return T('plots.impact_who.pair', args);
    return T(j == null ? 'plots.impact_who.one' : 'plots.impact_who.two', args);
  }

  /** Legend value: number and unit, or a dash when the cursor is off the plot. */
  function valueWithUnit(v, unit) {
    if (v == null || !isFinite(v)) return '—';
    return unit ? formatNumber(v) + ' ' + unit : formatNumber(v);
  }

  /** Distinct units of `entries`, in order of first appearance. */
  function unitsOf(entries) {
    var units = [];
    entries.forEach(function (e) { if (units.indexOf(e.unit) < 0) units.push(e.unit); });
    return units;
  }

  /** "kinetic energy [J]" for legends and choosers. */
  function labelWithUnit(e) {
    return e.unit ? e.label + ' [' + e.unit + ']' : e.label;
  }

  /**
   * Axis label candidates for the series of one unit, longest first; the
   * unit is in every one of them, so it is never the part cut off:
   * "kinetic energy, total energy [J]", "energy [J]", "[J]".
   */
  function axisLabelCandidates(entries, unit) {
    var names = entries.map(function (e) { return e.label; }).join(', ');
    if (!unit) return [names, TEXT.noUnit];
    var out = [names + ' [' + unit + ']'];
    var quantity = QUANTITY_OF_UNIT[unit];
    if (quantity) out.push(T('plots.quantity.' + quantity) + ' [' + unit + ']');
    out.push('[' + unit + ']');
    return out;
  }

  var measureCtx = null;
  /** Width in CSS px of `text` in the axis label font. */
  function textWidth(text) {
    if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
    measureCtx.font = LABEL_FONT;
    return measureCtx.measureText(text).width;
  }

  /** The longest candidate that fits `room` CSS px (the last one otherwise). */
  function fittedLabel(candidates, room) {
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
  function axisSize(u, values, axisIdx, cycleNum) {
    var axis = u.axes[axisIdx];
    if (cycleNum > 1) return axis._size;
    var size = (axis.ticks.show === false ? 0 : axis.ticks.size) + axis.gap;
    if (values && values.length) {
      // Our own context: uPlot caches the font it set on u.ctx.
      if (!measureCtx) measureCtx = document.createElement('canvas').getContext('2d');
      measureCtx.font = axis.font[0];
      var widest = values.reduce(function (acc, s) {
        return s == null ? acc : Math.max(acc, measureCtx.measureText(String(s)).width);
      }, 0);
      size += widest / (uPlot.pxRatio || window.devicePixelRatio || 1);
    }
    return Math.ceil(size);
  }

  // ---- Data: copy and per-pixel decimation ---------------------------------

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
  function visibleRange(t, n, zoom) {
    if (!zoom || n === 0) return [0, n];
    var i0 = Math.max(0, lowerBound(t, 0, n, zoom.min) - 1);
    var i1 = Math.min(n, lowerBound(t, i0, n, zoom.max) + 1);
    return i1 - i0 >= 2 ? [i0, i1] : [0, n];
  }

  /** Plain copy of samples [i0, i1) (non-finite values become gaps). */
  function copyRange(t, ys, i0, i1) {
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
  function decimate(t, ys, i0, i1, cols) {
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

  // ---- URL value: "x,y;tension" ------------------------------------------

  function safeDecode(s) {
    try { return decodeURIComponent(s); } catch (e) { return ''; }
  }

  function parseUrlValue(value) {
    if (!value) return [];
    return String(value).split(';').map(function (panel) {
      return panel.split(',').map(safeDecode).filter(Boolean);
    });
  }

  function formatUrlValue(panelNames) {
    return panelNames.map(function (names) {
      return names.map(encodeURIComponent).join(',');
    }).join(';');
  }

  /** A colour of the theme shown (web/theme.js), read at every draw: a chart follows a theme change on redraw. */
  function themeColor(name, k) {
    return function () {
      var value = ContactLabTheme.colors()[name];
      return k == null ? value : value[k % value.length];
    };
  }

  /**
   * Colours, fonts, grid and tick numbers of every plot's axes (shared with
   * loops.js, inspector.js, sweep.js). Ticks are written like every other
   * number on the page (decimal point, no thousands separator): uPlot's own
   * follow the browser's locale, and "1,000" reads as 1 in German.
   */
  function axisStyle() {
    return { stroke: themeColor('axis'), font: FONT, labelFont: LABEL_FONT,
      values: function (u, splits) { return splits.map(formatNumber); },
      grid: { stroke: themeColor('grid'), width: 1 }, ticks: { stroke: themeColor('grid'), width: 1 } };
  }

  /** The colours the app draws bodies in, in its theme now: a body's series takes its body's. */
  function sketchBodyColors(api) {
    try {
      var palette = JSON.parse(api.status()).palette;
      return palette && Array.isArray(palette.bodies) ? palette.bodies : [];
    } catch (e) {
      return [];
    }
  }

  /** The colour of series i of a scene: the quantities every scene records keep theirs everywhere. */
  function seriesColor(name, i) {
    var colors = ContactLabTheme.colors();
    return colors.fixed[name] || colors.series[(i + colors.series.length - 1) % colors.series.length];
  }

  /**
   * uPlot's least space between y ticks (its `space`, CSS px): its 30 px, or
   * less on a short plot, so that it still shows MIN_Y_TICKS values. The step
   * it picks (1, 2, 2.5, 5 times a power of ten) can space them up to twice
   * that: a sixth of the plot's height leaves room for 3 of them.
   */
  function yTickSpace(u, axisIdx, min, max, plotDim) {
    return Math.max(12, Math.min(30, plotDim / (2 * MIN_Y_TICKS)));
  }

  /**
   * Calls poll() at most every `ms` on animation frames (nothing while the
   * tab is hidden). If poll throws (the runtime stopped, or the bridge is
   * missing) polling stops quietly and onError gets the error once, instead
   * of a throw 20 times a second. Returns {start, stop}.
   */
  function pollEvery(ms, poll, onError) {
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
  function fitToHolder(holder, plotOf) {
    if (!window.ResizeObserver) return;
    new ResizeObserver(function () {
      var u = plotOf();
      if (u && holder.clientWidth > 10 && holder.clientHeight > 10)
        u.setSize({ width: holder.clientWidth, height: holder.clientHeight });
    }).observe(holder);
  }

  // ---- DOM helpers -----------------------------------------------------------

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }

  // ---- The dock ------------------------------------------------------------

  function create(opts) {
    var api = opts.api;
    var panelsEl = opts.panelsEl;
    var addButton = opts.addButton;
    var emptyNote = opts.emptyNote;
    var onChange = opts.onChange || function () {};

    var series = [];          // [{index, name, unit, color}]; when comparing also {diff: true, base} entries
    var byName = {};          // name -> series entry
    var renamedFrom = {};     // a series' old name -> its name ('z0' -> 'y0')
    var runs = [];            // compared runs [{label, shown, color}], the reference first; empty when not comparing
    var panels = [];          // see makePanel()
    var userChose = false;    // panels came from the user or the URL, not the scene defaults
    var pendingUrl = opts.urlValue || null;  // URL value waiting for a series list
    var layoutSeen = null;
    var revisionSeen = null;
    var needLayout = true;
    var needData = true;

    function readSeriesList() {
      series = [];
      byName = {};
      renamedFrom = {};
      var n = api.count();
      var bodyColors = null;  // the sketch's body colours (core/palette.cpp), read once per list
      for (var i = 0; i < n; i++) {
        var body = api.seriesBody ? api.seriesBody(i) : -1;
        if (body >= 0 && !bodyColors) {
          bodyColors = sketchBodyColors(api);
          if (!bodyColors.length) needLayout = true;  // the app has no status yet: read the list again on the next poll
        }
        var color = body >= 0 && bodyColors.length ? bodyColors[body % bodyColors.length] : seriesColor(api.name(i), i);
        var entry = { index: i, name: api.name(i), unit: api.unit(i), label: api.label(i) || api.name(i),
          dashed: !!api.dashed(i), color: color, residualOf: api.residualOf ? api.residualOf(i) : '' };
        series.push(entry);
        byName[entry.name] = entry;
        var oldName = api.oldName ? api.oldName(i) : '';
        if (oldName) {  // a link written before the rename
          renamedFrom[oldName] = entry.name;
          renamedFrom[DIFF + oldName] = DIFF + entry.name;
        }
      }
      runs = [];
      try {
        runs = (JSON.parse(api.compareJson() || 'null') || { runs: [] }).runs;
      } catch (e) {
        runs = [];
      }
      if (runs.length < 2) return;
      series.slice(1).forEach(function (s) {
        var diff = { index: n + s.index, name: DIFF + s.name, unit: s.unit, label: DIFF + ' ' + s.label,
          dashed: false, color: s.color, diff: true, base: s.name };
        series.push(diff);
        byName[diff.name] = diff;
      });
    }

    /**
     * The lines of a panel: one per series, or, when comparing, one per
     * series and run (a difference: one per variant), each with where its
     * values come from ({run, name, diff}).
     */
    function panelLines(entries) {
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
          lines.push({ label: e.diff ? TEXT.differenceLine(labelWithUnit(e), shown) : labelWithUnit(e) + ' \u00b7 ' + shown,
            unit: e.unit, color: r.color, dash: dash, run: run, name: e.diff ? e.base : e.name, diff: !!e.diff,
            width: run === 0 || e.diff ? 1.5 : 3.5 });
        });
      });
      return lines.filter(function (l) { return l.run > 0; }).concat(lines.filter(function (l) { return l.run === 0; }));
    }

    /**
     * Keeps known, non-time, distinct names; drops empty panels; splits a
     * panel whose series have more than MAX_UNITS units (one y axis per unit).
     */
    function sanitize(panelNames) {
      var out = [];
      panelNames.forEach(function (names) {
        var seen = {};
        var rest = names.map(function (name) { return renamedFrom[name] || name; }).filter(function (name) {
          var ok = byName[name] && byName[name].index > 0 && !seen[name];
          seen[name] = true;
          return ok;
        });
        while (rest.length && out.length < MAX_PANELS) {
          var units = unitsOf(rest.map(function (n) { return byName[n]; })).slice(0, MAX_UNITS);
          out.push(rest.filter(function (n) { return units.indexOf(byName[n].unit) >= 0; }));
          rest = rest.filter(function (n) { return units.indexOf(byName[n].unit) < 0; });
        }
      });
      return out;
    }

    function defaultPanels() {
      var parsed = [];
      try {
        parsed = JSON.parse(api.defaultsJson() || '[]');
      } catch (e) {
        parsed = [];
      }
      var panelsOut = Array.isArray(parsed) ? sanitize(parsed.filter(Array.isArray)) : [];
      if (!panelsOut.length && series.length > 1) panelsOut = [[series[1].name]];
      // Comparing: the first plotted series' difference, and the total energy's, below the scene's plots.
      if (runs.length > 1 && panelsOut.length && panelsOut.length < MAX_PANELS) {
        var diffs = [DIFF + panelsOut[0][0]];
        if (byName[DIFF + 'E_total'] && diffs[0] !== DIFF + 'E_total') diffs.push(DIFF + 'E_total');
        panelsOut = panelsOut.concat(sanitize([diffs]));
      }
      return panelsOut;
    }

    function currentNames() {
      return panels.map(function (p) { return p.names.slice(); });
    }

    /** Rebuilds every panel for the current series list (scene or n changed). */
    function rebuild() {
      readSeriesList();
      var wanted = [];
      if (pendingUrl != null && series.length > 1) {
        wanted = sanitize(parseUrlValue(pendingUrl));
        pendingUrl = null;
        userChose = wanted.length > 0;
      } else if (userChose) {
        wanted = sanitize(currentNames());
        userChose = wanted.length > 0;
      }
      if (!wanted.length) wanted = defaultPanels();
      clearPanels();
      wanted.forEach(function (names) { makePanel(names); });
      updateChrome();
      needData = true;
      onChange();
    }

    function clearPanels() {
      panels.forEach(destroyPanel);
      panels = [];
    }

    function updateChrome() {
      panels.forEach(function (p, k) {
        p.el.setAttribute('aria-label', TEXT.panel(k + 1));
        p.summary.setAttribute('aria-label', TEXT.panelSeries(k + 1, panelTitle(p) || TEXT.none));
        p.removeBtn.setAttribute('aria-label', TEXT.removePanel(k + 1));
      });
      if (emptyNote) {
        emptyNote.hidden = panels.length > 0;
        emptyNote.textContent = series.length > 1 ? TEXT.noPlots : TEXT.waiting;
      }
      if (addButton) addButton.disabled = series.length < 2 || panels.length >= MAX_PANELS;
    }

    // -- one panel --

    function makePanel(names) {
      var p = { names: names.slice(), u: null, points: 0, zoom: null, width: 0, height: 0 };
      p.el = el('section', 'panel');
      var head = el('div', 'panel-head');
      p.chooser = buildChooser(p);
      p.summary = p.chooser.querySelector('summary');
      p.removeBtn = el('button', 'panel-remove', '×');
      p.removeBtn.type = 'button';
      p.removeBtn.title = TEXT.remove;
      p.removeBtn.addEventListener('click', function () { removePanel(p); });
      head.appendChild(p.chooser);
      head.appendChild(p.removeBtn);
      p.holder = el('div', 'plot-holder');
      p.legend = el('div', 'plot-legend');
      p.el.appendChild(head);
      p.el.appendChild(p.holder);
      p.el.appendChild(p.legend);
      panelsEl.appendChild(p.el);
      if (window.ResizeObserver) {
        p.resizeObserver = new ResizeObserver(function () { sizePanel(p); });
        p.resizeObserver.observe(p.holder);
      }
      createPlot(p);
      panels.push(p);
      return p;
    }

    function destroyPanel(p) {
      if (p.resizeObserver) p.resizeObserver.disconnect();
      if (p.u) p.u.destroy();
      p.el.remove();
    }

    /** The panel's series by their human labels: its title. */
    function panelTitle(p) {
      return p.names.map(function (n) { return byName[n] ? byName[n].label : n; }).join(', ');
    }

    function buildChooser(p) {
      var details = el('details', 'chooser');
      var summary = el('summary', null, panelTitle(p) || TEXT.noSeries);
      var list = el('fieldset', 'chooser-list');
      list.appendChild(el('legend', null, TEXT.seriesToPlot));
      series.forEach(function (s) {
        if (s.index === 0) return;  // t is the x axis of every panel
        var label = el('label', 'chooser-item');
        var box = el('input');
        box.type = 'checkbox';
        box.value = s.name;
        box.checked = p.names.indexOf(s.name) >= 0;
        box.addEventListener('change', function () { onChooserChange(p, list); });
        var swatch = el('span', 'swatch');
        swatch.style.background = s.color;
        label.appendChild(box);
        label.appendChild(swatch);
        label.appendChild(el('span', 'name', s.label));
        if (s.unit) label.appendChild(el('span', 'unit', '[' + s.unit + ']'));
        label.title = s.name;  // the CSV column
        list.appendChild(label);
      });
      details.appendChild(summary);
      details.appendChild(list);
      // Escape in an open chooser (on its summary or a checkbox) closes it and gives the focus back to
      // its summary, as a disclosure does. Stopped here: no listener above (the window's, the canvas's)
      // acts on it too (page.js's shortcuts, listening in the capture phase, leave Escape alone).
      details.addEventListener('keydown', function (ev) {
        if (ev.key !== 'Escape' || !details.open || ev.defaultPrevented) return;
        ev.preventDefault();
        ev.stopPropagation();
        details.open = false;
        summary.focus();
      });
      updateChooserUnits(p, list);
      return details;
    }

    /** A panel has one y axis per unit, two at most: series of a third unit cannot be ticked. */
    function updateChooserUnits(p, list) {
      var units = unitsOf(p.names.map(function (n) { return byName[n]; }).filter(Boolean));
      Array.prototype.forEach.call(list.querySelectorAll('input[type=checkbox]'), function (box) {
        var s = byName[box.value];
        var blocked = !box.checked && units.length >= MAX_UNITS && units.indexOf(s.unit) < 0;
        box.disabled = blocked;
        box.parentNode.classList.toggle('blocked', blocked);
        box.parentNode.title = blocked ? TEXT.otherUnit(units.map(function (u) { return u ? '[' + u + ']' : TEXT.noUnit; })) : s.name;
      });
    }

    function onChooserChange(p, list) {
      var boxes = list.querySelectorAll('input[type=checkbox]');
      p.names = Array.prototype.filter.call(boxes, function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      updateChooserUnits(p, list);
      p.summary.textContent = panelTitle(p) || TEXT.noSeries;
      userChose = true;
      p.zoom = null;
      createPlot(p);
      updateChrome();
      needData = true;
      onChange();
    }

    function removePanel(p) {
      destroyPanel(p);
      panels.splice(panels.indexOf(p), 1);
      userChose = true;
      updateChrome();
      onChange();
      if (addButton && panels.length === 0) addButton.focus();
    }

    function addPanel() {
      if (series.length < 2 || panels.length >= MAX_PANELS) return;
      var shown = {};
      panels.forEach(function (p) { p.names.forEach(function (n) { shown[n] = true; }); });
      var next = series.filter(function (s) { return s.index > 0 && !shown[s.name]; })[0] || series[1];
      var p = makePanel([next.name]);
      userChose = true;
      updateChrome();
      needData = true;
      onChange();
      p.el.scrollIntoView({ block: 'nearest' });
      p.summary.focus();
    }

    /** The compare key under a panel: each run's colour and label, then each series' dash and label. */
    function compareKey(entries) {
      var key = el('div', 'compare-key');
      var runRow = el('div', 'compare-key-row');
      runs.forEach(function (r, k) {
        var item = el('span', 'compare-key-item');
        var swatch = el('span', 'swatch');
        swatch.style.background = r.color;
        item.appendChild(swatch);
        item.appendChild(document.createTextNode(k === 0 ? TEXT.reference(r.shown || r.label) : r.shown || r.label));
        runRow.appendChild(item);
      });
      key.appendChild(runRow);
      var seriesRow = el('div', 'compare-key-row');
      entries.forEach(function (e, k) {
        var item = el('span', 'compare-key-item');
        item.appendChild(lineSample('currentColor', DASHES[k % DASHES.length]));
        item.appendChild(document.createTextNode(labelWithUnit(e)));
        seriesRow.appendChild(item);
      });
      key.appendChild(seriesRow);
      return key;
    }

    function plotOptions(p, entries, lines, width, height) {
      // One y scale and axis per unit: the first unit on the left, the second on the right.
      var units = unitsOf(entries);
      var scaleOf = function (unit) { return units.indexOf(unit) === 0 ? 'y' : 'y2'; };
      var ySeries = lines.map(function (line) {
        return {
          label: scaleOf(line.unit) === 'y2' ? TEXT.rightAxis(line.label) : line.label,
          scale: scaleOf(line.unit),
          stroke: line.color,
          width: line.width || (line.dashed ? 2 : 1.5),
          dash: line.dashed ? DASHED : line.dash,
          points: { show: false },
          value: function (u, v) { return valueWithUnit(v, line.unit); }
        };
      });
      var axisCommon = axisStyle();
      var yAxes = units.map(function (unit, k) {
        var candidates = axisLabelCandidates(entries.filter(function (e) { return e.unit === unit; }), unit);
        // Fitted at every draw: the label is as long as the plot is tall, and its unit always shows.
        var label = function (u) {
          p.axisLabels[k] = fittedLabel(candidates, Math.max(20, u.bbox.height / (window.devicePixelRatio || 1) - 4));
          return p.axisLabels[k];
        };
        return Object.assign({ scale: k === 0 ? 'y' : 'y2', side: k === 0 ? 3 : 1, label: label, labelSize: Y_LABEL_SIZE,
          labelGap: AXIS_LABEL_GAP, size: axisSize, space: yTickSpace, grid: k === 0 ? axisCommon.grid : { show: false } },
        { stroke: axisCommon.stroke, font: axisCommon.font, labelFont: axisCommon.labelFont, ticks: axisCommon.ticks,
          values: axisCommon.values });
      });
      p.axisLabels = [];
      var scales = { x: { time: false }, y: { auto: true, range: function (u, min, max) {
        var floor = p.residualFloor || 0;
        return uPlot.rangeNum(Math.min(min, -floor), Math.max(max, floor), 0.1, true);
      } } };
      if (units.length > 1) scales.y2 = { auto: true };
      return {
        width: width,
        height: height,
        pxAlign: false,
        scales: scales,
        series: [{ label: 't [s]', value: function (u, v) { return valueWithUnit(v, 's'); } }].concat(ySeries),
        axes: [
          // Tight sizes: uPlot's defaults leave a wide gap between ticks and label.
          Object.assign({ label: 't [s]', size: 30, labelSize: 15, labelGap: 0 }, axisCommon)
        ].concat(yAxes.length ? yAxes : [Object.assign({ labelSize: Y_LABEL_SIZE, labelGap: AXIS_LABEL_GAP, size: axisSize,
          space: yTickSpace }, axisCommon)]),
        // Comparing: a key of runs (colours) and series (dashes) instead of a row per line.
        legend: runs.length > 1 ? { show: false } : { live: true, mount: function (u, table) { p.legend.appendChild(table); } },
        cursor: {
          drag: { x: true, y: false },
          // Hover position is shared between panels; zooms stay per panel.
          sync: { key: 'contactlab-plots', setSeries: false, scales: ['x', null],
            filters: { pub: function (type) { return type === 'mousemove'; }, sub: function () { return true; } } }
        },
        hooks: {
          // Values show only for the time under the pointer: no row of dashes when it is elsewhere.
          setCursor: [function (u) { p.legend.classList.toggle('cursor-off', u.cursor.idx == null); }],
          setSelect: [function (u) {
            if (u.select.width > 0) {
              p.zoom = { min: u.posToVal(u.select.left, 'x'), max: u.posToVal(u.select.left + u.select.width, 'x') };
              needData = true;
            }
          }]
        }
      };
    }

    /** A short line drawn as the series is (its colour and dash), for a key. */
    function lineSample(color, dash) {
      var ns = 'http://www.w3.org/2000/svg';
      var svg = document.createElementNS(ns, 'svg');
      svg.setAttribute('class', 'line-sample');
      svg.setAttribute('width', '22');
      svg.setAttribute('height', '8');
      svg.setAttribute('aria-hidden', 'true');
      var line = document.createElementNS(ns, 'line');
      line.setAttribute('x1', '0'); line.setAttribute('y1', '4'); line.setAttribute('x2', '22'); line.setAttribute('y2', '4');
      line.setAttribute('stroke', color);
      line.setAttribute('stroke-width', '2.5');
      if (dash && dash.length) line.setAttribute('stroke-dasharray', dash.join(' '));
      svg.appendChild(line);
      return svg;
    }

    /** uPlot's legend marks a series by a square; ours draws its line, so dashes tell series of one colour apart. */
    function drawLegendSamples(p, lines) {
      var rows = p.legend.querySelectorAll('.u-series');
      for (var i = 1; i < rows.length && i <= lines.length; i++) {
        var marker = rows[i].querySelector('.u-marker');
        if (!marker) continue;
        var line = lines[i - 1];
        marker.textContent = '';
        marker.style.border = 'none';
        marker.style.background = 'none';
        marker.appendChild(lineSample(line.color, line.dashed ? DASHED : line.dash));
      }
    }

    function createPlot(p) {
      if (p.u) { p.u.destroy(); p.u = null; }
      p.legend.textContent = '';
      p.legend.classList.add('cursor-off');
      if (runs.length > 1) p.legend.appendChild(compareKey(p.names.map(function (n) { return byName[n]; }).filter(Boolean)));
      var note = p.holder.querySelector('.plot-note');
      if (note) note.remove();
      var entries = p.names.map(function (n) { return byName[n]; }).filter(Boolean);
      p.width = Math.max(50, p.holder.clientWidth);
      p.height = Math.max(50, p.holder.clientHeight);
      var lines = panelLines(entries);
      var empty = [[]].concat(lines.map(function () { return []; }));
      p.u = new uPlot(plotOptions(p, entries, lines, p.width, p.height), empty, p.holder);
      if (runs.length < 2) drawLegendSamples(p, lines);
      if (!entries.length) p.holder.appendChild(el('div', 'plot-note', TEXT.chooseSeries));
      // Double-click resets uPlot's zoom; forget ours too so live data follows again.
      p.u.over.addEventListener('dblclick', function () { p.zoom = null; needData = true; });
      p.points = 0;
    }

    function sizePanel(p) {
      var w = p.holder.clientWidth;
      var h = p.holder.clientHeight;
      if (w < 10 || h < 10 || !p.u || (w === p.width && h === p.height)) return;
      p.width = w;
      p.height = h;
      p.u.setSize({ width: w, height: h });
      needData = true;  // decimation depends on the width
    }

    // -- data --

    /**
     * Each run's recorded series over wasm memory: {size, byName: name ->
     * Float64Array}. Views are made after all wasm calls (a call could grow
     * memory and move them).
     */
    function readRuns() {
      var count = runs.length > 1 ? runs.length : 1;
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

    /** For each reference sample, the index of the run's sample at the same time, or -1. */
    function alignTo(tRef, n, tRun, m) {
      var at = new Int32Array(n);
      var j = 0;
      for (var i = 0; i < n; i++) {
        while (j < m && tRun[j] < tRef[i] - 1e-9) j++;
        at[i] = j < m && Math.abs(tRun[j] - tRef[i]) <= 1e-9 ? j : -1;
      }
      return at;
    }

    /** The values of one line on the reference's sample times (NaN where its run has none). */
    function lineValues(line, recorded, alignments, n) {
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

    function refreshData() {
      var recorded = series.length ? readRuns() : [];
      var n = recorded.length ? recorded[0].size : 0;
      var t = n > 0 ? recorded[0].byName.t : null;
      var alignments = recorded.map(function (run) {
        return t && run.byName.t ? alignTo(t, n, run.byName.t, run.size) : null;
      });
      panels.forEach(function (p) { updatePanel(p, recorded, alignments, n); });
    }

    /** How far from 0 a panel's y axis reaches at least: RESIDUAL_SCALE of the largest size of what its residuals are residuals of. */
    function residualFloor(entries, recorded, n) {
      var floor = 0;
      entries.forEach(function (e) {
        var base = e.residualOf && recorded.length ? recorded[0].byName[e.residualOf] : null;
        for (var i = 0; base && i < n; i++) floor = Math.max(floor, RESIDUAL_SCALE * Math.abs(base[i]));
      });
      return floor;
    }

    function updatePanel(p, recorded, alignments, n) {
      if (!p.u || p.holder.clientWidth === 0) return;  // hidden (e.g. embed mode)
      var entries = p.names.map(function (name) { return byName[name]; }).filter(Boolean);
      var t = (n > 0 && recorded[0].byName.t) || new Float64Array(0);
      if (!t.length) n = 0;
      var ys = panelLines(entries).map(function (line) { return lineValues(line, recorded, alignments, n); });
      p.residualFloor = residualFloor(entries, recorded, n);
      var range = visibleRange(t, n, p.zoom);
      var cols = Math.max(1, Math.round(p.u.bbox.width || p.width * (window.devicePixelRatio || 1)));
      var data = range[1] - range[0] > DECIMATE_FACTOR * cols
        ? decimate(t, ys, range[0], range[1], cols)
        : copyRange(t, ys, range[0], range[1]);
      p.points = data[0].length;
      if (p.zoom) {
        p.u.setData(data, false);
        p.u.setScale('x', { min: p.zoom.min, max: p.zoom.max });
      } else if (data[0].length < 2) {
        // uPlot spans a lone sample over 0..100: show the first second instead.
        var t0 = data[0].length ? data[0][0] : 0;
        p.u.setData(data, false);
        p.u.setScale('x', { min: t0, max: t0 + 1 });
      } else {
        p.u.setData(data);
      }
    }

    // -- loop --

    function poll() {
      var layout = api.layout();
      if (needLayout || layout !== layoutSeen) {
        layoutSeen = layout;
        needLayout = false;
        rebuild();
      }
      var revision = api.revision();
      if (needData || revision !== revisionSeen) {
        revisionSeen = revision;
        needData = false;
        refreshData();
      }
    }

    // The plots' refresh time (ms, smoothed over ~10 refreshes), uPlot's
    // redraw included: it runs in a microtask after setData.
    var refreshMs = 0;
    function timedPoll() {
      var start = performance.now();
      poll();
      queueMicrotask(function () { refreshMs = 0.9 * refreshMs + 0.1 * (performance.now() - start); });
    }

    var poller = pollEvery(REFRESH_MS, timedPoll, opts.onError);

    // Close an open series chooser when clicking elsewhere (details has no light-dismiss).
    document.addEventListener('click', function (ev) {
      panels.forEach(function (p) {
        if (p.chooser.open && !p.chooser.contains(ev.target)) p.chooser.open = false;
      });
    });
    if (addButton) addButton.addEventListener('click', addPanel);
    // Fallback for browsers without ResizeObserver (no-op when sizes are unchanged).
    window.addEventListener('resize', function () { panels.forEach(sizePanel); });

    return {
      start: poller.start,
      stop: poller.stop,
      /** Series layout changed (Module.clSeriesChanged): rebuild on the next tick. */
      invalidateLayout: function () { needLayout = true; },
      /** Apply the URL's `plots` value (null: back to the scene defaults). */
      setUrlValue: function (value) {
        if (value == null) { userChose = false; pendingUrl = null; } else { pendingUrl = value; }
        needLayout = true;
      },
      /** The `plots` value for the URL, or null when the scene defaults are shown. */
      urlValue: function () {
        if (pendingUrl != null) return pendingUrl;
        return userChose ? formatUrlValue(currentNames()) : null;
      },
      // For tests and embedding pages:
      count: function () { return panels.length; },
      /** ms the plots' last refreshes took, smoothed. */
      refreshMs: function () { return refreshMs; },
      series: function (k) { return panels[k] ? panels[k].names.slice() : null; },
      points: function (k) { return panels[k] ? panels[k].points : 0; },
      /** The y axis labels of panel k as last drawn (left, then right). */
      axisLabels: function (k) { return panels[k] ? (panels[k].axisLabels || []).slice() : null; },
      uplot: function (k) { return panels[k] ? panels[k].u : null; },
      add: addPanel,
      remove: function (k) { if (panels[k]) removePanel(panels[k]); },
      setSeries: function (k, names) {
        var p = panels[k];
        if (!p) return;
        var boxes = p.chooser.querySelectorAll('input[type=checkbox]');
        Array.prototype.forEach.call(boxes, function (b) { b.checked = names.indexOf(b.value) >= 0; });
        onChooserChange(p, p.chooser.querySelector('.chooser-list'));
      }
    };
  }

  return {
    create: create,
    formatNumber: formatNumber,
    // Shared with loops.js and inspector.js:
    eventKind: eventKind,
    impactParties: impactParties,
    axisStyle: axisStyle,
    themeColor: themeColor,
    pollEvery: pollEvery,
    fitToHolder: fitToHolder,
    el: el,
    // Exposed for unit tests of the decimation.
    _decimate: decimate,
    _parseUrlValue: parseUrlValue
  };
})();
