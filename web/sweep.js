/* ContactLab parameter sweep: the scene run once per value of one
 * parameter, from its start with the panel's other parameters, each run
 * reduced to its summary (first impact's restitution, largest penetration,
 * energy lost, ...), plotted against the parameter. The runs go in a Web
 * Worker (web/sweep_worker.js, the engine without a window), so the
 * simulation on the page keeps running; the engine checks the form (the
 * same checks as `contactlab sweep`) and the CSV is the CLI's table.
 *
 * This module is loaded, and the worker started, when the panel first
 * opens: the page builds its heading (a <details> with its summary,
 * web/page/on_demand.js) and hands it over.
 *
 * Usage: createSweep({api, details, download}).start().
 */
import { idleUnder as idleChoice } from './controls.js';
import { checkbox, el, showFormError, statusLine, textInput } from './dom.js';
import { axisStyle, themeColor } from './plots/axes.js';
import { formatNumber as fmt } from './plots/format.js';
import { fitToHolder, pollEvery } from './plots/panel_kit.js';
import { language, t as T } from './text.js';

var MAX_RUNS = 200;          // the engine's kMaxPageSweepRuns
var DEFAULT_RUNS = 20;
var DEFAULT_UNTIL = 2;       // s, each run's length
var CHECK_DELAY_MS = 250;    // the engine checks the form once typing pauses
var DRAW_MS = 250;           // plots and table redraw at most this often while rows arrive
var LAYOUT_POLL_MS = 500;    // another scene (or body count) refills the form
var MAX_CHARTS = 4;
var CHART_HEIGHT = 170;      // px
// What a lesson sweeps first, of the parameters that act under the current
// law (the engine's in_effect_when): restitution, damping, the thread's snap.
// The cradle's lesson: a gap between the balls against how fast the last one swings out.
var PREFERRED_PARAMETERS = ['gap', 'c_tau', 'e', 'k_d', 'e_thread', 'k_s', 'friction'];
var PREFERRED_QUANTITIES = ['v_last', 'e_first', 'max_penetration', 'E_lost'];
// Where a parameter's whole range is not what a lesson sweeps: the damped
// laws' c_τ from 0.1 (the issue's table) rather than 0; the cradle's gap up to 2 mm, where it is ideal.
var TEACHING_RANGES = { c_tau: [0.1, 1], gap: [0, 0.002] };
/** The text of `key`.one or `key`.other, as `count` asks. */
function plural(key, count, args) { return T(key + (count === 1 ? '.one' : '.other'), args); }
var TEXT = {
  intro: T('sweep.intro'),
  parameter: T('sweep.parameter'),
  from: T('sweep.from'),
  to: T('sweep.to'),
  runs: T('sweep.runs', { max: MAX_RUNS }),
  log: T('sweep.log'),
  until: T('sweep.until'),
  quantities: T('sweep.quantities'),
  run: T('sweep.run'),
  cancel: T('sweep.cancel'),
  exportCsv: T('sweep.export_csv'),
  progress: T('sweep.progress'),
  ready: function (runs, until) { return plural('sweep.ready', runs, { runs: runs, until: fmt(until) }); },
  checking: T('sweep.checking'),
  loading: T('sweep.loading'),
  started: function (runs) { return plural('sweep.started', runs, { runs: runs }); },
  /** "3 of 20 runs · 4.2 runs/s · 1 failed": facts apart, each said only when there is one. */
  counted: function (done, runs, rate, failed) {
    return [plural('sweep.count', runs, { done: done, runs: runs }),
      rate ? T('sweep.rate', { rate: fmt(rate) }) : '',
      failed ? T('sweep.failed_count', { failed: failed }) : ''].filter(Boolean).join(' \u00b7 ');
  },
  done: function (runs, seconds, failed) {
    return plural(failed ? 'sweep.done_failed' : 'sweep.done', runs, { runs: runs, seconds: fmt(seconds), failed: failed });
  },
  cancelled: function (done, runs) { return plural('sweep.cancelled', runs, { done: done, runs: runs }); },
  engineFailed: function (message) { return T('sweep.engine_failed', { message: message }); },
  workerError: T('sweep.worker_error'),
  noWorker: T('sweep.no_worker'),
  allSame: function (runs, parameter, why) {
    return T(why ? 'sweep.all_same_because' : 'sweep.all_same', { runs: runs, parameter: parameter, why: why });
  },
  firstFailure: function (name, value, why) { return T('sweep.first_failure', { name: name, value: fmt(value), why: why }); },
  caption: function (parameter) { return T('sweep.caption', { parameter: parameter }); },
  chartEmpty: function (quantity) { return T('sweep.chart_empty', { quantity: quantity }); },
  chartCaption: function (quantity, parameter) { return T('sweep.chart_caption', { quantity: quantity, parameter: parameter }); },
  failure: T('sweep.stopped_early')
};

function withUnit(label, unit) { return unit ? label + ' [' + unit + ']' : label; }

/** A parameter in words: its label and unit, and its name where the label lacks it ("restitution c_tau"). */
function parameterText(label, name, unit) {
  return withUnit(label.indexOf(name) >= 0 ? label : label + ' (' + name + ')', unit);
}

function numberOr(value, fallback) {
  var n = parseFloat(value);
  return isFinite(n) ? n : fallback;
}

/** A range worth sweeping for a parameter whose current value is `value`. */
function defaultRange(spec, value) {
  var lo = spec.min == null ? -Infinity : spec.min, hi = spec.max == null ? Infinity : spec.max;
  function clamp(v) { return Math.min(hi, Math.max(lo, v)); }
  var taught = TEACHING_RANGES[spec.name];  // within the spec's range, an activity's narrowed one too
  if (taught) return { from: clamp(taught[0]), to: clamp(taught[1]), log: false };
  if (spec.log_scale && value > 0) return { from: clamp(value / 10), to: clamp(value * 10), log: true };
  if (isFinite(lo) && isFinite(hi) && hi - lo <= 100 * Math.max(Math.abs(value), 1e-9)) return { from: lo, to: hi, log: false };
  if (value !== 0) return { from: clamp(value / 2), to: clamp(value * 2), log: false };
  return { from: clamp(0), to: clamp(1), log: false };
}

export function createSweep(opts) {
  var api = opts.api;
  var details = opts.details;
  var download = opts.download;
  var worker = null;
  var requestId = 0;          // replies of older requests are ignored
  var scene = null;           // api.sceneJson(), parsed
  var layoutSeen = null;
  var checkTimer = 0;
  var planned = null;         // the engine's reply to the current form
  var sweep = null;           // {plan, form, rows, started, failed, state: 'running'|'done'|'cancelled'|'failed', runMs}
  var charts = [];            // [{quantity index, uplot, holder}]
  var chartsKey = '';
  var tableKey = '';
  var serial = 0;             // sweeps started: a new one rebuilds the table
  var drawTimer = 0;
  var announced = [];         // for tests: what the live region said
  var engineLoadMs = 0;       // the worker's engine: download, compile and start

  // ---- The form --------------------------------------------------------

  var body = el('div', 'sweep-body');
  details.appendChild(body);
  body.appendChild(el('p', 'sweep-intro', TEXT.intro));
  var form = el('form', 'sweep-form');
  form.noValidate = true;  // the engine checks, with its messages
  body.appendChild(form);

  var errorEl = el('p', 'sweep-error');
  errorEl.id = 'sweep-error';
  errorEl.setAttribute('role', 'alert');
  errorEl.hidden = true;

  function field(labelText, input, className) {
    var label = el('label', 'sweep-field' + (className ? ' ' + className : ''));
    label.appendChild(el('span', 'sweep-label', labelText));
    label.appendChild(input);
    form.appendChild(label);
    return input;
  }
  function numberInput(name) {
    var input = textInput('sweep-input', true);
    input.name = name;
    input.spellcheck = false;
    return input;
  }
  var paramSelect = field(TEXT.parameter, el('select', 'btn sweep-param'), 'sweep-wide');
  paramSelect.name = 'parameter';
  var fromInput = field(TEXT.from, numberInput('from'));
  var toInput = field(TEXT.to, numberInput('to'));
  var runsInput = field(TEXT.runs, numberInput('runs'));
  runsInput.inputMode = 'numeric';
  var untilInput = field(TEXT.until, numberInput('until'));
  var log = checkbox('sweep-check sweep-wide', TEXT.log, false);
  var logInput = log.input;
  logInput.name = 'log';
  form.appendChild(log.wrap);
  var quantitiesSet = el('fieldset', 'sweep-quantities sweep-wide');
  quantitiesSet.appendChild(el('legend', null, TEXT.quantities));
  form.appendChild(quantitiesSet);
  var inputs = [paramSelect, fromInput, toInput, runsInput, untilInput, logInput];
  inputs.forEach(function (input) { input.setAttribute('aria-describedby', 'sweep-error'); });

  var buttons = el('div', 'sweep-buttons sweep-wide');
  var runButton = el('button', 'btn sweep-run', TEXT.run);
  runButton.type = 'submit';
  var cancelButton = el('button', 'btn', TEXT.cancel);
  cancelButton.type = 'button';
  cancelButton.disabled = true;
  var exportButton = el('button', 'btn', TEXT.exportCsv);
  exportButton.type = 'button';
  exportButton.disabled = true;
  buttons.appendChild(runButton);
  buttons.appendChild(cancelButton);
  buttons.appendChild(exportButton);
  form.appendChild(buttons);
  form.appendChild(errorEl);

  var progressRow = el('div', 'sweep-progress-row');
  var progress = el('progress', 'sweep-progress');
  progress.setAttribute('aria-label', TEXT.progress);
  progress.max = 1;
  progress.value = 0;
  var countEl = el('span', 'sweep-count');
  progressRow.appendChild(progress);
  progressRow.appendChild(countEl);
  body.appendChild(progressRow);
  var statusEl = statusLine('sweep-status');  // said once per start, end or cancel, not per run
  body.appendChild(statusEl);
  var failureEl = el('p', 'sweep-failure');
  failureEl.hidden = true;
  body.appendChild(failureEl);
  var chartsEl = el('div', 'sweep-charts');
  body.appendChild(chartsEl);
  var tableBox = el('div', 'sweep-table-box');
  tableBox.tabIndex = 0;  // scrolls: reachable by keyboard
  tableBox.setAttribute('role', 'region');
  var table = el('table', 'inspector-table sweep-table');
  tableBox.appendChild(table);
  body.appendChild(tableBox);
  tableBox.hidden = true;

  function announce(text) {
    statusEl.textContent = text;
    announced.push(text);
  }

  /** Shows the engine's `message` and marks the field its `input` names; every text stays as typed. */
  function setError(message, input) {
    showFormError(errorEl, form, message, input === 'count' ? [runsInput]
      : input === 'until' ? [untilInput]
      : input === 'log' ? [fromInput, toInput, logInput]
      : input === 'parameter' ? [paramSelect]
      : input === 'range' ? [fromInput, toInput]
      : []);
  }

  function specOf(name) {
    return scene ? scene.params.filter(function (p) { return p.name === name; })[0] : null;
  }

  function currentParams() {
    var status = JSON.parse(api.status() || 'null');
    return status && status.params ? status.params : {};
  }

  function currentValue(spec) {
    var value = currentParams()[spec.name];
    return numberOr(value != null ? value : spec.default, spec.default);
  }

  /** Whether `spec` acts under the current values; if not, the choice that makes it idle in words ("Linear"). */
  function idleUnder(spec) {
    return idleChoice(spec, currentParams(), scene ? scene.params : []);
  }

  function fillRange() {
    var spec = specOf(paramSelect.value);
    if (!spec) return;
    var range = defaultRange(spec, currentValue(spec));
    fromInput.value = String(range.from);
    toInput.value = String(range.to);
    logInput.checked = range.log;
  }

  /** Rebuilds the parameter list for the scene now on the page. */
  function fillForm() {
    scene = JSON.parse(api.sceneJson() || 'null');
    if (!scene) return;
    // Not what a teacher's activity locks or hides: a sweep varies its parameter.
    var numeric = scene.params.filter(function (p) { return (p.kind === 'real' || p.kind === 'integer') && !p.access; });
    var keep = paramSelect.value;
    paramSelect.textContent = '';
    numeric.forEach(function (p) {
      paramSelect.appendChild(new Option(parameterText(p.label, p.name, p.unit), p.name));
    });
    var names = numeric.map(function (p) { return p.name; });
    var preferred = PREFERRED_PARAMETERS.filter(function (n) { return names.indexOf(n) >= 0 && !idleUnder(specOf(n)); })[0];
    // The user's parameter stays across scenes where it acts.
    var keepable = names.indexOf(keep) >= 0 && !idleUnder(specOf(keep));
    paramSelect.value = keepable ? keep : preferred || names[0] || '';
    if (paramSelect.value !== keep) fillRange();
    if (!runsInput.value) runsInput.value = String(DEFAULT_RUNS);
    if (!untilInput.value) untilInput.value = String(DEFAULT_UNTIL);
  }

  function untilValue() { return numberOr(untilInput.value.trim(), NaN); }

  function formValues() {
    return {
      sceneFile: api.sweepBaseJson(),
      activity: api.activityJson(),  // a student's sweep keeps to the teacher's locks and ranges
      vary: paramSelect.value + '=' + fromInput.value.trim() + ':' + toInput.value.trim() + ':' + runsInput.value.trim(),
      log: logInput.checked,
      until: untilValue()
    };
  }

  // ---- The worker ------------------------------------------------------

  function ensureWorker() {
    if (worker) return worker;
    if (typeof Worker !== 'function') { setError(TEXT.noWorker); return null; }
    worker = new Worker('sweep_worker.js');
    worker.onmessage = function (ev) { onReply(ev.data || {}); };
    worker.onerror = function (ev) {
      ev.preventDefault();
      onReply({ type: 'failed', id: requestId, message: ev.message || TEXT.workerError });
    };
    return worker;
  }

  /** Stops the worker at once, a run in progress included; the next request starts a new one. */
  function stopWorker() {
    if (worker) worker.terminate();
    worker = null;
  }

  function post(type) {
    var w = ensureWorker();
    if (!w) return 0;
    var message = formValues();
    message.type = type;
    message.id = ++requestId;
    message.language = language();
    w.postMessage(message);
    return message;
  }

  function check() {
    clearTimeout(checkTimer);
    checkTimer = 0;
    if (running()) return;
    if (!worker) countEl.textContent = TEXT.loading;
    post('plan');
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    planned = null;
    checkTimer = setTimeout(check, CHECK_DELAY_MS);
  }

  function running() { return !!sweep && sweep.state === 'running'; }

  function fillQuantities(plan) {
    var names = plan.quantities.map(function (q) { return q.name; }).join(',');
    if (quantitiesSet.dataset.names === names) return;
    var checked = Array.prototype.map.call(quantitiesSet.querySelectorAll('input:checked'), function (i) { return i.value; });
    if (!checked.length) checked = PREFERRED_QUANTITIES;
    quantitiesSet.dataset.names = names;
    Array.prototype.slice.call(quantitiesSet.querySelectorAll('label')).forEach(function (l) { l.remove(); });
    plan.quantities.forEach(function (q) {
      var choice = checkbox('sweep-check', withUnit(q.label, q.unit), checked.indexOf(q.name) >= 0);
      var box = choice.input;
      box.value = q.name;
      box.addEventListener('change', function () {
        var boxes = quantitiesSet.querySelectorAll('input:checked');
        if (boxes.length > MAX_CHARTS) box.checked = false;
        drawSoon();
      });
      quantitiesSet.appendChild(choice.wrap);
    });
  }

  function onReply(m) {
    if (m.id !== requestId) return;
    if (m.type === 'planned') {
      planned = m.plan;
      engineLoadMs = m.loadMs;
      countEl.textContent = '';
      setError(m.plan.error || '', m.plan.input);
      if (m.plan.error) {
        if (sweep && sweep.state === 'running') finish('failed');
        return;
      }
      fillQuantities(m.plan);
      if (sweep && sweep.state === 'running' && !sweep.plan) {
        sweep.plan = m.plan;
        progress.max = m.plan.runs;
        announce(TEXT.started(m.plan.runs));
      } else if (!running()) {
        countEl.textContent = TEXT.ready(m.plan.runs, untilValue());
      }
    } else if (m.type === 'row' && sweep && sweep.plan) {
      sweep.rows.push(m.row);
      if (m.row.failure) sweep.failed++;
      progress.value = sweep.rows.length;
      var seconds = (performance.now() - sweep.started) / 1000;
      countEl.textContent = TEXT.counted(sweep.rows.length, sweep.plan.runs, sweep.rows.length / seconds, sweep.failed);
      drawSoon();
    } else if (m.type === 'done' && sweep) {
      sweep.runMs = m.runMs;
      finish('done');
    } else if (m.type === 'failed') {
      setError(TEXT.engineFailed(m.message));
      stopWorker();
      if (sweep && sweep.state === 'running') finish('failed');
    }
  }

  function setRunning(on) {
    runButton.disabled = on;
    cancelButton.disabled = !on;
    inputs.forEach(function (input) { input.disabled = on; });  // the results to plot stay choosable
  }

  function start() {
    if (running()) return;
    clearTimeout(checkTimer);
    var message = post('run');
    if (!message) return;
    sweep = { serial: ++serial, plan: null, form: message, rows: [], started: performance.now(), failed: 0, state: 'running',
      runMs: 0 };
    progress.value = 0;
    progress.max = 1;
    failureEl.hidden = true;
    exportButton.disabled = true;
    countEl.textContent = worker ? TEXT.checking : TEXT.loading;
    setRunning(true);
    draw();
  }

  /** True when two runs or more gave every result alike: the parameter changed nothing. */
  function allSame(rows) {
    if (rows.length < 2) return false;
    var first = JSON.stringify(rows[0].summary) + rows[0].failure;
    return rows.every(function (r) { return JSON.stringify(r.summary) + r.failure === first; });
  }

  function finish(state) {
    sweep.state = state;
    sweep.wallMs = performance.now() - sweep.started;
    setRunning(false);
    exportButton.disabled = !sweep.rows.length;
    var runs = sweep.plan ? sweep.plan.runs : 0;
    if (state === 'done' && allSame(sweep.rows)) {
      var spec = specOf(sweep.plan.parameter);
      var idle = spec ? idleUnder(spec) : null;
      announce(TEXT.allSame(sweep.rows.length, sweep.plan.parameter, idle));
    } else if (state === 'done') {
      announce(TEXT.done(sweep.rows.length, sweep.wallMs / 1000, sweep.failed));
    }
    else if (state === 'cancelled') announce(TEXT.cancelled(sweep.rows.length, runs));
    var firstFailed = sweep.rows.filter(function (r) { return r.failure; })[0];
    failureEl.hidden = !firstFailed;
    if (firstFailed) failureEl.textContent = TEXT.firstFailure(sweep.plan.parameter, firstFailed.value, firstFailed.failure);
    draw();
  }

  function cancel() {
    if (!running()) return;
    stopWorker();  // a run may take seconds
    requestId++;
    finish('cancelled');
  }

  function csvText() {
    if (!sweep || !sweep.plan) return '';
    return sweep.plan.header + sweep.rows.map(function (r) { return r.row; }).join('');
  }

  function exportCsv() {
    if (!sweep || !sweep.rows.length) return;
    download('contactlab-' + (scene ? scene.id : 'scene') + '-sweep-' + sweep.plan.parameter + '.csv', 'text/csv', csvText());
  }

  // ---- Plots and table -------------------------------------------------

  function chosenQuantities() {
    if (!sweep || !sweep.plan) return [];
    var names = Array.prototype.map.call(quantitiesSet.querySelectorAll('input:checked'), function (i) { return i.value; });
    return sweep.plan.quantities.map(function (q, k) { return { q: q, k: k }; })
      .filter(function (e) { return names.indexOf(e.q.name) >= 0; }).slice(0, MAX_CHARTS);
  }

  function chartOptions(plan, quantity, width) {
    var axis = axisStyle();
    return {
      width: width,
      height: CHART_HEIGHT,
      scales: { x: { time: false, distr: sweep.form.log ? 3 : 1 } },
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [{}, { label: withUnit(quantity.label, quantity.unit), stroke: themeColor('series', 0), width: 1.5,
        points: { show: true, size: 5, fill: themeColor('series', 0) }, spanGaps: false }],
      axes: [
        Object.assign({ label: parameterText(plan.label, plan.parameter, plan.unit), size: 30, labelSize: 15, labelGap: 0 }, axis),
        // The caption above names the quantity in words; the axis, short enough never to be cut, by its unit
        // (or its column name when it has none).
        Object.assign({ label: quantity.unit ? '[' + quantity.unit + ']' : quantity.name, labelSize: 18, labelGap: 0,
          size: 56 }, axis)
      ]
    };
  }

  function chartData(k) {
    var xs = [], ys = [];
    sweep.rows.forEach(function (r) {
      xs.push(r.value);
      ys.push(r.summary[k] == null ? null : r.summary[k]);
    });
    return [xs, ys];
  }

  function drawCharts(chosen) {
    var key = chosen.map(function (e) { return e.q.name; }).join(',') + '|' + sweep.plan.parameter + '|' + sweep.form.log;
    if (key !== chartsKey) {
      charts.forEach(function (c) { c.uplot.destroy(); });
      chartsEl.textContent = '';
      charts = chosen.map(function (e) {
        var box = el('figure', 'sweep-chart');
        var caption = el('figcaption', 'sweep-chart-title', TEXT.chartCaption(withUnit(e.q.label, e.q.unit), sweep.plan.parameter));
        var holder = el('div', 'plot-holder sweep-chart-holder');
        // Said instead of an empty chart once the sweep is over (the pendulum's e_first: no impact).
        var empty = el('p', 'sweep-chart-empty', TEXT.chartEmpty(withUnit(e.q.label, e.q.unit)));
        empty.hidden = true;
        box.appendChild(caption);
        box.appendChild(holder);
        box.appendChild(empty);
        chartsEl.appendChild(box);
        var u = new uPlot(chartOptions(sweep.plan, e.q, Math.max(120, holder.clientWidth)), chartData(e.k), holder);
        fitToHolder(holder, function () { return u; });
        return { k: e.k, uplot: u, holder: holder, empty: empty };
      });
      chartsKey = key;
    } else {
      charts.forEach(function (c) { c.uplot.setData(chartData(c.k)); });
    }
    var over = sweep.state !== 'running';
    charts.forEach(function (c) {
      var none = over && sweep.rows.length > 0 && c.uplot.data[1].every(function (y) { return !Number.isFinite(y); });
      c.empty.hidden = !none;
      c.holder.hidden = none;
    });
  }

  /** The table of runs: rebuilt when the columns change, otherwise only the new runs appended. */
  function drawTable(chosen) {
    tableBox.hidden = !sweep.rows.length;
    var key = sweep.serial + '|' + chosen.map(function (e) { return e.q.name; }).join(',');
    if (key !== tableKey) {
      tableKey = key;
      table.textContent = '';
      table.appendChild(el('caption', null, TEXT.caption(sweep.plan.parameter)));
      tableBox.setAttribute('aria-label', TEXT.caption(sweep.plan.parameter));
      var head = el('thead'), row = el('tr');
      [withUnit(sweep.plan.parameter, sweep.plan.unit)].concat(chosen.map(function (e) { return withUnit(e.q.name, e.q.unit); }))
        .concat(['failure']).forEach(function (text) {
          var th = el('th', null, text);
          th.scope = 'col';
          row.appendChild(th);
        });
      head.appendChild(row);
      table.appendChild(head);
      table.appendChild(el('tbody'));
    }
    var tbody = table.tBodies[0];
    sweep.rows.slice(tbody.rows.length).forEach(function (r) {
      var tr = el('tr');
      var th = el('th', null, fmt(r.value));
      th.scope = 'row';
      tr.appendChild(th);
      chosen.forEach(function (e) { tr.appendChild(el('td', null, fmt(r.summary[e.k]))); });
      tr.appendChild(el('td', 'sweep-failure-cell', r.failure ? TEXT.failure : ''));
      if (r.failure) tr.title = r.failure;
      tbody.appendChild(tr);
    });
  }

  function draw() {
    clearTimeout(drawTimer);
    drawTimer = 0;
    if (!sweep || !sweep.plan) {
      charts.forEach(function (c) { c.uplot.destroy(); });
      charts = [];
      chartsKey = '';
      chartsEl.textContent = '';
      tableBox.hidden = true;
      tableKey = '';
      return;
    }
    var chosen = chosenQuantities();
    drawCharts(chosen);
    drawTable(chosen);
  }

  function drawSoon() {
    if (!drawTimer) drawTimer = setTimeout(draw, DRAW_MS);
  }

  // ---- Wiring ----------------------------------------------------------

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    start();
  });
  cancelButton.addEventListener('click', cancel);
  exportButton.addEventListener('click', exportCsv);
  paramSelect.addEventListener('change', function () { fillRange(); scheduleCheck(); });
  [fromInput, toInput, runsInput, untilInput].forEach(function (input) { input.addEventListener('input', scheduleCheck); });
  logInput.addEventListener('change', scheduleCheck);
  details.addEventListener('toggle', function () {
    if (!details.open) return;
    fillForm();
    check();
  });

  function pollLayout() {
    if (!details.open || running()) return;  // seen again when opened or when the sweep ends
    var layout = api.layout();
    if (layout === layoutSeen) return;
    layoutSeen = layout;
    var id = scene ? scene.id : null;
    fillForm();
    if (scene && scene.id !== id) fillRange();
    scheduleCheck();
  }

  var poller = pollEvery(LAYOUT_POLL_MS, pollLayout, function (e) {
    console.warn('ContactLab sweep stopped:', e);
  });

  return {
    start: poller.start,
    stop: function () { poller.stop(); stopWorker(); },
    // For tests and embedding pages:
    open: function () { if (!details.open) details.open = true; },
    state: function () {
      return {
        open: details.open,
        state: sweep ? sweep.state : 'idle',
        runs: sweep && sweep.plan ? sweep.plan.runs : 0,
        done: sweep ? sweep.rows.length : 0,
        failed: sweep ? sweep.failed : 0,
        wallMs: sweep ? sweep.wallMs : 0,
        runMs: sweep ? sweep.runMs : 0,
        error: errorEl.hidden ? '' : errorEl.textContent,
        ready: !!planned && !planned.error,
        charts: charts.length,
        engineLoadMs: engineLoadMs
      };
    },
    csv: csvText,
    announced: function () { return announced.slice(); },
    uplot: function (k) { return charts[k] ? charts[k].uplot : null; },
    /** Every chart shown (the page redraws them on a theme change). */
    uplots: function () { return charts.map(function (c) { return c.uplot; }); }
  };
}
