/* ContactLab plot dock: live uPlot panels of the series the wasm app records.
 *
 * The app keeps every series in wasm memory (ring buffers, linearised); we
 * read them through Float64Array views, copy (and, for long runs, decimate)
 * them into plain arrays for uPlot, and never write to wasm memory.
 *
 * Measurements a user brought (the fit panel's mapped table) are drawn over
 * the plots that show them (web/plots/measured_overlay.js).
 *
 * When runs are compared (cl_compare_json lists them), every chosen series
 * is drawn once per run in the run's colour (the series told apart by dash
 * patterns), and "Δ name" series show each variant minus the reference.
 *
 * Usage (see page.js): createPlots({api, panelsEl, addButton, emptyNote,
 * urlValue, onChange}). `api` wraps the cl_series_* and cl_run_series_*
 * exports. uPlot is the global of uPlot.iife.min.js (a classic script the
 * page fetches after the app's first frame; it starts the dock once uPlot
 * is here).
 */
import { el } from '../dom.js';
import * as theme from '../theme.js';
import { t as T } from '../text.js';
import { AXIS_LABEL_GAP, Y_LABEL_SIZE, axisLabelCandidates, axisSize, axisStyle, fittedLabel, yTickSpace } from './axes.js';
import { DASHES, DIFF, alignTo, lineValues, panelLines } from './compare_alignment.js';
import { labelWithUnit, unitsOf, valueWithUnit } from './format.js';
import { createMeasuredOverlay } from './measured_overlay.js';
import { keyItem, keyRow, lineSample, pollEvery } from './panel_kit.js';
import { copyRange, decimate, formatUrlValue, parseUrlValue, readRuns, residualFloor, visibleRange } from './plot_data.js';

var REFRESH_MS = 50;      // at most ~20 Hz: plenty for reading, light on phones
var MAX_PANELS = 8;
var DECIMATE_FACTOR = 2;  // decimate once there are > 2 points per device pixel
var MAX_UNITS = 2;        // per panel: one y axis each side
var DASHED = [6, 4];  // a series drawn dashed by its meaning (mechanical energy)
// A y axis whose lines are all at 0 (a run at rest): about 0, not uPlot's 0..100, which read as values up to 100.
var AT_REST = [-1, 1];

/** A y axis's range for values min..max (s, m, J...), reaching ±floor at least (a residual's round-off band). */
function yRange(min, max, floor) {
  if (min === 0 && max === 0 && floor === 0) return AT_REST;
  return uPlot.rangeNum(Math.min(min, -floor), Math.max(max, floor), 0.1, true);
}
var TEXT = {
  noUnit: T('plots.no_unit'),
  rightAxis: function (label) { return T('plots.right_axis', { label: label }); },
  otherUnit: function (units) { return T('plots.other_unit', { first: units[0], second: units[1] }); },
  chooseSeries: T('plots.choose_series'),
  noSeries: T('plots.no_series'),
  seriesToPlot: T('plots.series_to_plot'),
  reference: function (run) { return T('plots.reference_run', { run: run }); },
  panel: function (n) { return T('plots.panel', { n: n }); },
  panelSeries: function (n, series) { return T('plots.panel_series', { n: n, series: series }); },
  none: T('plots.none'),
  removePanel: function (n) { return T('plots.remove_panel', { n: n }); },
  remove: T('plots.remove'),
  noPlots: T('plots.no_plots'),
  waiting: T('page.plots_appear')  // the page's markup shows it first (shell/index.html)
};

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
  var colors = theme.colors();
  return colors.fixed[name] || colors.series[(i + colors.series.length - 1) % colors.series.length];
}

// ---- The dock ------------------------------------------------------------

export function createPlots(opts) {
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
  var measured = createMeasuredOverlay({ api: api, afterEl: panelsEl });

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
    // acts on it too (web/page/shortcuts.js, listening in the capture phase, leave Escape alone).
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
    var key = el('div', 'plot-key compare-key');
    var runRow = keyRow();
    runs.forEach(function (r, k) {
      var swatch = el('span', 'swatch');
      swatch.style.background = r.color;
      runRow.appendChild(keyItem(swatch, k === 0 ? TEXT.reference(r.shown || r.label) : r.shown || r.label));
    });
    key.appendChild(runRow);
    var seriesRow = keyRow();
    entries.forEach(function (e, k) {
      seriesRow.appendChild(keyItem(lineSample('currentColor', DASHES[k % DASHES.length]), labelWithUnit(e)));
    });
    key.appendChild(seriesRow);
    return key;
  }

  function plotOptions(p, entries, lines, width, height) {
    // One y scale and axis per unit: the first unit on the left, the second on the right.
    var units = unitsOf(entries);
    var scaleOf = function (unit) { return units.indexOf(unit) === 0 ? 'y' : 'y2'; };
    p.scaleOf = scaleOf;
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
      return yRange(min, max, p.residualFloor || 0);
    } } };
    // The second unit's axis: nothing while it has no data.
    if (units.length > 1) scales.y2 = { auto: true, range: function (u, min, max) {
      return min == null ? [null, null] : yRange(min, max, 0);
    } };
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
        draw: [function (u) { if (measured.shows(p.names)) measured.draw(u, p.scaleOf); }],
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
    var lines = panelLines(entries, runs);
    var empty = [[]].concat(lines.map(function () { return []; }));
    p.u = new uPlot(plotOptions(p, entries, lines, p.width, p.height), empty, p.holder);
    if (runs.length < 2) drawLegendSamples(p, lines);
    showMeasuredKey(p);
    if (!entries.length) p.holder.appendChild(el('div', 'plot-note', TEXT.chooseSeries));
    // Double-click resets uPlot's zoom; forget ours too so live data follows again.
    p.u.over.addEventListener('dblclick', function () { p.zoom = null; needData = true; });
    p.points = 0;
  }

  /** The measurements' legend entry under a plot that shows them. */
  function showMeasuredKey(p) {
    var old = p.legend.querySelector('.plot-measured-key');
    if (old) old.remove();
    if (measured.shows(p.names)) p.legend.appendChild(measured.key());
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
   * The panels redrawn from the recording, each in a task of its own: one
   * panel's redraw (uPlot's lines, axes and their texts) took 25-35 ms at 4×
   * CPU throttling on a phone, three to five of them in one task 100-140 ms.
   * Each task reads the recording afresh: the runs advance in between, and
   * views into the app's memory do not outlive a growth of it.
   */
  function refreshData() {
    measured.follow();  // before the panels draw: the marks sit at the run's first onset
    poller.inTasks(panels, function (p) {
      if (panels.indexOf(p) >= 0) updatePanel(p, readRecording());  // unless removed since
    });
  }

  /** The runs' samples as recorded now: {recorded, alignments (to the reference's t), n}. */
  function readRecording() {
    var recorded = series.length ? readRuns(api, runs.length > 1 ? runs.length : 1, series) : [];
    var n = recorded.length ? recorded[0].size : 0;
    var t = n > 0 ? recorded[0].byName.t : null;
    var alignments = recorded.map(function (run) {
      return t && run.byName.t ? alignTo(t, n, run.byName.t, run.size) : null;
    });
    return { recorded: recorded, alignments: alignments, n: n };
  }

  function updatePanel(p, now) {
    var recorded = now.recorded, alignments = now.alignments, n = now.n;
    if (!p.u || p.holder.clientWidth === 0) return;  // hidden (e.g. embed mode)
    var entries = p.names.map(function (name) { return byName[name]; }).filter(Boolean);
    var t = (n > 0 && recorded[0].byName.t) || new Float64Array(0);
    if (!t.length) n = 0;
    var ys = panelLines(entries, runs).map(function (line) { return lineValues(line, recorded, alignments, n); });
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

  var poller = pollEvery(REFRESH_MS, poll, opts.onError);

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
    /** Measurements to draw over the plots (see measured_overlay.js), or null. */
    setMeasured: function (m) {
      measured.set(m);
      panels.forEach(showMeasuredKey);
      needData = true;
    },
    measured: function () { return measured.state(); },
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
    /** The plots' refresh time (ms, smoothed; uPlot's redraw included), as the poller measures it. */
    refreshMs: function () { return poller.costMs(); },
    /** How often the plots are refreshed now (ms): longer where the device cannot afford REFRESH_MS. */
    refreshEveryMs: function () { return poller.intervalMs(); },
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
