/* ContactLab contact-law inspector: does the run give the restitution that
 * was asked for? Each recent impact of each run (the compared variants
 * included) is a point, asked (c_τ, or e of the impulse law) against
 * measured (rebound over approach normal speed), over the curves e_eff(c_τ)
 * that the engine computes for every damped law from the 1-DOF model; a
 * table lists the impacts with their penetration, contact time and the work
 * the normal force took (the area of the loop in the hysteresis panel
 * beside it); the engine's plain-language notes say where a law cannot give
 * what was asked and why impacts measure off the closed form.
 *
 * Loaded when a run first has impacts to inspect (web/page/on_demand.js).
 * Usage: createInspector({api, hostEl}).start().
 */
import { el } from './dom.js';
import { axisStyle, themeColor } from './plots/axes.js';
import { formatNumber as fmt, impactParties } from './plots/format.js';
import { fitToHolder, keyItem, keyRow, lineSample, pollEvery } from './plots/panel_kit.js';
import { t as T } from './text.js';
import * as theme from './theme.js';

var REFRESH_MS = 300;
var TABLE_ROWS = 8;     // the latest impacts listed (all runs together)
var CURVE_DASHES = { hunt_crossley: undefined, lankarani_nikravesh: [8, 4], flores: [2, 3], gonthier: [8, 3, 2, 3],
  linear: [14, 4] };
var SHORT_TITLES = { hunt_crossley: 'HC', lankarani_nikravesh: 'LN', flores: 'Flores', gonthier: 'Gonthier',
  linear: 'linear' };
var TEXT = {
  title: T('inspector.title'),
  empty: T('inspector.empty'),
  xAxis: T('inspector.x_axis'),
  yAxis: T('inspector.y_axis'),
  asked: T('inspector.asked_line'),
  curve: function (title) { return T('inspector.curve', { law: title }); },
  points: function (label) { return T('inspector.points', { run: label }); },
  caption: T('inspector.caption'),
  columns: [T('inspector.column.run'), 't [s]', T('inspector.column.contact'), T('inspector.column.asked'),
    T('inspector.column.e_closed_form'), T('inspector.column.e_measured'), T('inspector.column.max_penetration'),
    T('inspector.column.duration'), T('inspector.column.loop_area')],
  thisRun: T('inspector.this_run'),
  runNote: function (label, note) { return T('inspector.run_note', { run: label, note: note }); }
};

export function createInspector(opts) {
  var api = opts.api;
  var host = opts.hostEl;
  var curves = null;      // cl_restitution_curves_json, read once
  var runs = [];          // [{label, color, inspection}]
  var u = null, shownKey = '', dataKey = '';

  var head = el('div', 'panel-head');
  head.appendChild(el('span', 'loops-title', TEXT.title));
  var holder = el('div', 'plot-holder');
  var legend = el('div', 'plot-legend');
  // Under the chart, not over it: the model's curves are drawn before any impact.
  var note = el('p', 'inspector-empty', TEXT.empty);
  var notes = el('ul', 'inspector-notes');
  var table = el('table', 'inspector-table');
  // The caption outside the table, so it wraps in a narrow dock while the table scrolls sideways under it.
  var caption = el('p', 'inspector-caption', TEXT.caption);
  caption.id = 'inspector-caption';
  table.setAttribute('aria-labelledby', caption.id);
  var tableBox = el('div', 'inspector-table-box');
  tableBox.appendChild(table);
  host.appendChild(head);
  host.appendChild(holder);
  host.appendChild(legend);
  host.appendChild(note);
  host.appendChild(notes);
  host.appendChild(caption);
  host.appendChild(tableBox);

  function readRuns() {
    var compared = JSON.parse(api.compareJson() || 'null');
    var list = compared && compared.runs.length ? compared.runs : [{ label: TEXT.thisRun, color: theme.colors().reference }];
    return list.map(function (r, k) {
      return { label: r.shown || r.label, color: r.color, inspection: JSON.parse(api.inspectJson(k) || 'null') };
    }).filter(function (r) { return r.inspection && r.inspection.asked_name; });
  }

  function plotOptions(width, height) {
    var axisCommon = axisStyle();
    var series = [{}, { label: TEXT.asked, stroke: themeColor('faint'), width: 1, points: { show: false } }];
    curves.curves.forEach(function (c) {
      series.push({ label: TEXT.curve(c.title), stroke: themeColor('curve'), width: 1.25, dash: CURVE_DASHES[c.law],
        points: { show: false } });
    });
    runs.forEach(function (r) {
      // Dots only: uPlot's points path builder draws each impact as a filled circle.
      series.push({ label: TEXT.points(r.label), stroke: r.color, fill: r.color, width: 1,
        paths: uPlot.paths.points(), points: { show: false, size: 9, width: 1 } });
    });
    return {
      mode: 2,
      width: width,
      height: height,
      scales: { x: { time: false, auto: false, range: [0, 1] }, y: { auto: false, range: [0, 1.05] } },
      legend: { show: false },  // the key under the chart draws each line's dash (showKey)
      cursor: { drag: { x: false, y: false } },
      series: series,
      hooks: { draw: [labelCurves, colorKey] },
      axes: [
        Object.assign({ label: TEXT.xAxis, size: 30, labelSize: 15, labelGap: 0 }, axisCommon),
        Object.assign({ label: TEXT.yAxis, labelSize: 18, labelGap: 0, size: 40 }, axisCommon)
      ]
    };
  }

  /**
   * The key: the line of asked = measured, each law's curve in its dash, and
   * each run's impacts as a dot. uPlot's own legend marks a dashed line with
   * a box's dashed border, which at this width reads as six alike boxes.
   */
  function showKey(options) {
    legend.textContent = '';
    var row = keyRow();
    options.series.slice(1).forEach(function (s) {
      var dot = !!s.paths;
      var sample = dot ? el('span', 'swatch key-dot') : lineSample('currentColor', s.dash);
      row.appendChild(keyItem(sample, s.label));
    });
    legend.appendChild(el('div', 'plot-key')).appendChild(row);
  }

  /** The key's samples in the colours the chart draws now (a theme change redraws the chart). */
  function colorKey(plot) {
    legend.querySelectorAll('.plot-key-item').forEach(function (item, k) {
      var s = plot.series[k + 1];
      var color = typeof s.stroke === 'function' ? s.stroke(plot, k + 1) : s.stroke;
      var line = item.querySelector('line');
      if (line) line.setAttribute('stroke', color);
      else item.firstChild.style.background = color;
    });
  }

  /** Each law's name at the left end of its curve, so no legend lookup is needed. */
  function labelCurves(plot) {
    var ctx = plot.ctx, ratio = window.devicePixelRatio || 1;
    ctx.save();
    ctx.font = Math.round(11 * ratio) + 'px system-ui, sans-serif';
    ctx.fillStyle = theme.colors().curve;
    ctx.textBaseline = 'bottom';
    curves.curves.forEach(function (c, k) {
      // Along the curve at c_tau = 0.1 + 0.07 k, so labels of curves that meet do not overlap.
      var i = Math.min(curves.c_tau.length - 1, 5 + 7 * k);
      ctx.fillText(SHORT_TITLES[c.law] || c.title, plot.valToPos(curves.c_tau[i], 'x', true) + 2 * ratio,
        plot.valToPos(c.e[i], 'y', true) - 2 * ratio);
    });
    ctx.restore();
  }

  function chartData() {
    var data = [null, [[0, 1], [0, 1]]];
    curves.curves.forEach(function (c) { data.push([curves.c_tau, c.e]); });
    runs.forEach(function (r) {
      var xs = [], ys = [];
      r.inspection.impacts.forEach(function (i) {
        if (i.e == null) return;
        xs.push(r.inspection.asked);
        ys.push(i.e);
      });
      data.push([xs, ys]);
    });
    return data;
  }

  function drawChart() {
    var width = Math.max(50, holder.clientWidth), height = Math.max(50, holder.clientHeight);
    var key = runs.map(function (r) { return r.label + r.color; }).join('|');
    var data = chartData();
    if (!u || key !== shownKey) {
      if (u) u.destroy();
      var options = plotOptions(width, height);
      showKey(options);
      u = new uPlot(options, data, holder);
      shownKey = key;
    } else {
      u.setData(data);
    }
  }

  function cell(row, text, header) {
    row.appendChild(el(header ? 'th' : 'td', null, text));
  }

  function fillTable() {
    table.textContent = '';
    // One run: no column that says "this run" on every row (a phone's narrow table is a column shorter).
    var compared = runs.length > 1;
    var headRow = el('tr');
    TEXT.columns.slice(compared ? 0 : 1).forEach(function (c) {
      var th = el('th', null, c);
      th.scope = 'col';
      headRow.appendChild(th);
    });
    var thead = el('thead');
    thead.appendChild(headRow);
    table.appendChild(thead);
    var rows = [];
    runs.forEach(function (r) {
      r.inspection.impacts.forEach(function (i) { rows.push({ run: r, impact: i }); });
    });
    rows.sort(function (a, b) { return a.impact.t - b.impact.t; });
    var body = el('tbody');
    rows.slice(-TABLE_ROWS).forEach(function (x) {
      var i = x.impact, ins = x.run.inspection;
      var row = el('tr');
      // The row's header: its run, in the run's colour, when runs are compared; else its time.
      var who = el('th', null, compared ? x.run.label : fmt(i.t));
      who.scope = 'row';
      row.appendChild(who);
      if (compared) {
        who.style.borderLeft = '4px solid ' + x.run.color;
        cell(row, fmt(i.t));
      }
      cell(row, impactParties(i.kind, i.i, i.j));
      cell(row, ins.asked_name + ' = ' + fmt(ins.asked));
      cell(row, fmt(ins.e_closed_form));
      cell(row, fmt(i.e));
      cell(row, i.max_penetration == null ? '—' : fmt(1e3 * i.max_penetration));
      cell(row, i.duration == null ? '—' : fmt(1e3 * i.duration));
      cell(row, i.loop_area == null ? '—' : fmt(i.loop_area));
      body.appendChild(row);
    });
    table.appendChild(body);
  }

  function fillNotes() {
    notes.textContent = '';
    var compared = runs.length > 1;
    runs.forEach(function (r) {
      r.inspection.notes.forEach(function (text) {
        notes.appendChild(el('li', null, compared ? TEXT.runNote(r.label, text) : text));
      });
    });
    notes.hidden = !notes.childNodes.length;
  }

  function poll() {
    runs = readRuns();
    host.hidden = runs.length === 0;
    if (host.hidden) return;
    var key = JSON.stringify(runs);
    if (key === dataKey) return;
    dataKey = key;
    if (!curves) curves = JSON.parse(api.restitutionCurvesJson());
    var impacts = runs.reduce(function (n, r) { return n + r.inspection.impacts.length; }, 0);
    note.hidden = impacts > 0;
    caption.hidden = tableBox.hidden = impacts === 0;  // a table of column heads alone says nothing
    drawChart();
    fillTable();
    fillNotes();
  }

  var poller = pollEvery(REFRESH_MS, poll, function (e) {
    console.warn('ContactLab inspector stopped:', e);
  });

  fitToHolder(holder, function () { return u; });

  return {
    start: poller.start,
    stop: poller.stop,
    // For tests and embedding pages:
    shown: function () { return !host.hidden; },
    runs: function () { return runs.map(function (r) { return { label: r.label, inspection: r.inspection }; }); },
    uplot: function () { return u; }
  };
}
