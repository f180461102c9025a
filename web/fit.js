/* ContactLab fit: measurements a student or an engineer brings (a CSV from
 * phyphox, Tracker or a spreadsheet), their columns mapped to what the scene
 * records (a series at the data's times, or event times such as bounces),
 * and 1-4 parameters fitted so that the run matches: values with standard
 * errors, their correlations, warnings in words, the data against the
 * fitted run, the residuals, and Apply. The fit runs in the sweep's Web
 * Worker (web/sweep_worker.js, src/app/fit_engine.cpp): the same engine and
 * numbers as `contactlab fit`, while the simulation on the page runs on.
 *
 * Loaded, with its worker, when the panel first opens (web/page/on_demand.js).
 *
 * The mapped data are also drawn over the page's plots: opts.onMeasured(m)
 * gets them ({file, kind, name, label, unit, times, values}) whenever the
 * form maps them anew, null when it maps nothing.
 *
 * Usage: createFit({api, details, download, onMeasured}).start(); .readFile(file) takes
 * a file (the page's drop, web/page/files.js), .load(name, text) a file's
 * text (the host's loadData).
 */
import { checkbox, el, showFormError, statusLine, textInput } from './dom.js';
import { axisStyle, themeColor } from './plots/axes.js';
import { eventKind, formatNumber as fmt } from './plots/format.js';
import { fitToHolder } from './plots/panel_kit.js';
import { language, t as T } from './text.js';

var MAX_PARAMETERS = 4;     // the engine's kMaxFitParameters
var MAX_RUNS = 500;         // runs a fit may take before it stops unconverged
var CHECK_DELAY_MS = 250;   // the engine checks the form once typing pauses
var CHART_HEIGHT = 170;     // px
var MAX_BYTES = 8 << 20;    // the engine's MeasuredTableLimits: a larger file is refused here, unread
// What a lesson fits first, of the parameters in effect: restitution, then the start.
var PREFERRED_PARAMETERS = ['c_tau', 'e', 'emit_height', 'k_h', 'k_s', 'k_d', 'friction'];
// Ranges a lesson fits over where the parameter's own is wider than sense.
var TEACHING_RANGES = { c_tau: [0.3, 1], e: [0.3, 1], emit_height: [0.05, 2], k_h: [1e4, 1e9], k_s: [100, 1e6] };
var LOG_PARAMETERS = { k_h: true, k_s: true, E_e: true, E_w: true, E: true };

function withUnit(label, unit) { return unit ? label + ' [' + unit + ']' : label; }
function numberOr(text, fallback) {
  var v = Number(String(text).trim().replace(',', '.'));
  return String(text).trim() !== '' && isFinite(v) ? v : fallback;
}

export function createFit(opts) {
  var api = opts.api;
  var details = opts.details;
  var download = opts.download;
  var worker = null;
  var requestId = 0;          // replies of older requests are ignored
  var pending = {};           // request id -> onFailed(reason) of requests a failed worker would leave unanswered
  var data = null;            // {name, text, table: {title, rows, columns}}
  var choices = null;         // the engine's {targets, parameters} for the scene on the page
  var plan = null;            // the engine's reply to the current form
  var running = null;         // {id, started, progress}
  var result = null;          // the last fit's reply
  var checkTimer = 0;
  var charts = [];
  var announced = [];         // for tests: what the live region said

  // ---- The panel ---------------------------------------------------------

  var body = el('div', 'fit-body');
  details.appendChild(body);
  body.appendChild(el('p', 'fit-intro', T('fit.panel.intro')));

  var fileInput = document.createElement('input');
  fileInput.type = 'file';
  fileInput.accept = '.csv,.txt,.tsv,text/csv,text/plain';
  fileInput.hidden = true;
  var loadButton = el('button', 'btn', T('fit.panel.load'));
  loadButton.type = 'button';
  loadButton.addEventListener('click', function () { fileInput.click(); });
  fileInput.addEventListener('change', function () {
    var file = fileInput.files && fileInput.files[0];
    if (file) readFile(file);
    fileInput.value = '';
  });
  var loadRow = el('div', 'fit-load');
  loadRow.appendChild(loadButton);
  loadRow.appendChild(fileInput);
  var fileEl = el('span', 'fit-file', T('fit.panel.no_file'));
  loadRow.appendChild(fileEl);
  body.appendChild(loadRow);

  var form = el('form', 'fit-form');
  form.noValidate = true;  // the engine checks, with its messages
  form.hidden = true;
  body.appendChild(form);
  var columnsSet = el('fieldset', 'fit-columns');
  columnsSet.appendChild(el('legend', null, T('fit.panel.columns')));
  form.appendChild(columnsSet);
  var paramsSet = el('fieldset', 'fit-params');
  paramsSet.appendChild(el('legend', null, T('fit.panel.parameters', { max: MAX_PARAMETERS })));
  form.appendChild(paramsSet);

  var errorEl = el('p', 'fit-error');
  errorEl.id = 'fit-error';
  errorEl.setAttribute('role', 'alert');
  errorEl.hidden = true;
  var notesEl = el('p', 'fit-notes');
  notesEl.hidden = true;

  var buttons = el('div', 'fit-buttons');
  var fitButton = el('button', 'btn fit-run', T('fit.panel.run'));
  fitButton.type = 'submit';
  var cancelButton = el('button', 'btn', T('fit.panel.cancel'));
  cancelButton.type = 'button';
  cancelButton.disabled = true;
  var applyButton = el('button', 'btn', T('fit.panel.apply'));
  applyButton.type = 'button';
  applyButton.disabled = true;
  var exportButton = el('button', 'btn', T('fit.panel.export_csv'));
  exportButton.type = 'button';
  exportButton.disabled = true;
  [fitButton, cancelButton, applyButton, exportButton].forEach(function (b) { buttons.appendChild(b); });
  form.appendChild(buttons);
  form.after(errorEl, notesEl);  // outside the form: a first file's refusal shows before the form does

  var statusEl = statusLine('fit-status');
  body.appendChild(statusEl);
  var warningsEl = el('ul', 'fit-warnings');
  warningsEl.hidden = true;
  body.appendChild(warningsEl);
  var resultBox = el('div', 'fit-result');
  resultBox.hidden = true;
  body.appendChild(resultBox);
  var chartsEl = el('div', 'fit-charts');
  body.appendChild(chartsEl);

  function announce(text) {
    statusEl.textContent = text;
    announced.push(text);
  }

  function setError(message, input) {
    showFormError(errorEl, form, message, input === 'map' ? columnsSet.querySelectorAll('select')
      : input === 'vary' ? paramsSet.querySelectorAll('select, input') : []);
  }

  // ---- Reading a file ----------------------------------------------------

  function readFile(file) {
    if (file.size > MAX_BYTES) {
      setError(T('fit.panel.too_large', { name: file.name, bytes: file.size, max: MAX_BYTES }));
      return;
    }
    file.text().then(function (text) {
      load(file.name, text).catch(function () {});  // the panel shows why
    }, function () {
      setError(T('fit.panel.unreadable', { name: file.name }));
    });
  }

  /**
   * Takes a measured table's text: the worker reads it; nothing changes if it
   * is refused. Resolves with the table read ({title, rows, columns}) once the
   * form shows it; rejects with the reason a file is refused.
   */
  function load(name, text) {
    if (running) cancelRun();  // a new table ends the fit on the old one
    clearTimeout(checkTimer);  // and its plan's check, which would take the worker's replies
    return new Promise(function (resolve, reject) {
      var id = ask({ text: String(text), sceneFile: api.sweepBaseJson() }, function (m) {
        if (m.type === 'fitTable') {
          if (m.table.error) {
            var reason = T('fit.panel.rejected', { name: name, reason: m.table.error });
            setError(reason);
            reject(new Error(reason));
            return false;
          }
          data = { name: name, text: String(text), table: m.table };
          result = null;
          fileEl.textContent = T('fit.panel.file', {
            name: name, rows: m.table.rows,
            columns: m.table.columns.map(function (c) { return withUnit(c.name, c.unit); }).join(', ')
          }) + (m.table.title ? ' \u2014 ' + m.table.title : '');
          setError('');
        } else if (m.type === 'fitChoices') {
          choices = m.choices;
          fillForm();
          form.hidden = false;
          announce(T('fit.panel.loaded', { name: name, rows: data.table.rows }));
          check();
          resolve(data.table);
          return false;
        }
        return true;
      }, function (reason) { reject(new Error(reason)); });
      if (!id) reject(new Error(errorEl.textContent));
    });
  }

  // ---- The form ----------------------------------------------------------

  var columnRows = [];   // [{column, use: <select>, unit: <select>}]
  var paramRows = [];    // [{name: <select>, lo, hi, log}]

  function targetOf(name) {
    return choices ? choices.targets.filter(function (t) { return t.name === name; })[0] : null;
  }
  function parameterOf(name) {
    return choices ? choices.parameters.filter(function (p) { return p.name === name; })[0] : null;
  }

  /** A first guess a user corrects: a column named like time is t, one named like a height the ball's. */
  function guessUse(column, usedTime, usedTarget) {
    var name = column.name.toLowerCase();
    if (!usedTime && /^(t|time|zeit)$/.test(name)) return 't';
    if (!usedTarget && /^(y|z|h|height|h\u00f6he)$/.test(name)) {
      var height = targetOf('com_height') || choices.targets.filter(function (t) { return t.unit === 'm'; })[0];
      if (height) return height.name;
    }
    return '';
  }

  function fillUnits(row) {
    var target = row.use.value === 't' ? { unit: 's', units: ['s', 'ms', 'min'] } : targetOf(row.use.value);
    row.unit.textContent = '';
    row.unit.appendChild(new Option(row.column.unit ? T('fit.panel.file_unit', { unit: row.column.unit })
      : T('fit.panel.no_unit'), ''));
    (target && target.units ? target.units : []).forEach(function (u) { row.unit.appendChild(new Option(u, u)); });
    row.unit.disabled = !row.use.value;
  }

  function fillForm() {
    columnsSet.querySelectorAll('.fit-column').forEach(function (n) { n.remove(); });
    columnRows = [];
    var usedTime = false, usedTarget = false;
    data.table.columns.forEach(function (column, k) {
      var row = { column: column, use: el('select', 'btn fit-use'), unit: el('select', 'btn fit-unit') };
      var wrap = el('div', 'fit-column');
      var id = 'fit-column-' + k;
      var label = el('label', 'fit-label', withUnit(column.name, column.unit));
      label.htmlFor = id;
      row.use.id = id;
      row.unit.setAttribute('aria-label', T('fit.panel.unit_of', { column: column.name }));
      row.use.appendChild(new Option(T('fit.panel.unused'), ''));
      row.use.appendChild(new Option(T('fit.panel.time'), 't'));
      choices.targets.forEach(function (t) {
        row.use.appendChild(new Option(t.kind === 'events' ? T('fit.panel.event_times', { kind: eventKind(t.label) })
          : withUnit(t.label || t.name, t.unit), t.name));
      });
      var guess = guessUse(column, usedTime, usedTarget);
      row.use.value = guess;
      if (guess === 't') usedTime = true; else if (guess) usedTarget = true;
      fillUnits(row);
      row.use.addEventListener('change', function () { fillUnits(row); check(); });
      row.unit.addEventListener('change', check);
      wrap.appendChild(label);
      wrap.appendChild(row.use);
      wrap.appendChild(row.unit);
      columnsSet.appendChild(wrap);
      columnRows.push(row);
    });
    fillParameters();
  }

  function fillParameters() {
    paramsSet.querySelectorAll('.fit-param').forEach(function (n) { n.remove(); });
    paramRows = [];
    var names = choices.parameters.map(function (p) { return p.name; });
    var preferred = PREFERRED_PARAMETERS.filter(function (n) { return names.indexOf(n) >= 0; });
    for (var k = 0; k < MAX_PARAMETERS; ++k) {
      var row = { name: el('select', 'btn fit-param-name'), lo: textInput('fit-input', true), hi: textInput('fit-input', true) };
      var logBox = checkbox('fit-check', T('fit.panel.log'), false);
      row.log = logBox.input;
      row.name.setAttribute('aria-label', T('fit.panel.parameter_n', { n: k + 1 }));
      row.lo.setAttribute('aria-label', T('fit.panel.from_n', { n: k + 1 }));
      row.hi.setAttribute('aria-label', T('fit.panel.to_n', { n: k + 1 }));
      row.name.appendChild(new Option(T('fit.panel.none'), ''));
      choices.parameters.forEach(function (p) { row.name.appendChild(new Option(withUnit(p.label || p.name, p.unit), p.name)); });
      // Two to start with: restitution and what sets the first flight.
      row.name.value = k < 2 && preferred[k] ? preferred[k] : '';
      fillRange(row);
      (function (row) {
        row.name.addEventListener('change', function () { fillRange(row); check(); });
        [row.lo, row.hi].forEach(function (input) { input.addEventListener('input', check); });
        row.log.addEventListener('change', check);
      })(row);
      var wrap = el('div', 'fit-param');
      [row.name, row.lo, row.hi, logBox.wrap].forEach(function (n) { wrap.appendChild(n); });
      paramsSet.appendChild(wrap);
      paramRows.push(row);
    }
  }

  function fillRange(row) {
    var p = parameterOf(row.name.value);
    row.lo.disabled = row.hi.disabled = row.log.disabled = !p;
    if (!p) { row.lo.value = row.hi.value = ''; row.log.checked = false; return; }
    var range = TEACHING_RANGES[p.name] || [p.min, p.max];
    row.lo.value = String(Math.max(range[0], p.min));
    row.hi.value = String(Math.min(range[1], p.max));
    row.log.checked = !!(LOG_PARAMETERS[p.name] || p.log) && range[0] > 0;
  }

  function formValues() {
    var map = columnRows.filter(function (r) { return r.use.value; }).map(function (r) {
      return r.column.name + (r.unit.value ? '[' + r.unit.value + ']' : '') + '=' + r.use.value;
    }).join(',');
    var varied = paramRows.filter(function (r) { return r.name.value; }).map(function (r) {
      return { name: r.name.value, lo: numberOr(r.lo.value, NaN), hi: numberOr(r.hi.value, NaN), log: r.log.checked };
    });
    return { text: data.text, sceneFile: api.sweepBaseJson(), map: map, varied: varied };
  }

  // ---- The worker --------------------------------------------------------

  function ensureWorker() {
    if (worker) return worker;
    if (typeof Worker !== 'function') { setError(T('fit.panel.no_worker')); return null; }
    worker = new Worker('sweep_worker.js');
    worker.onerror = function (ev) {
      ev.preventDefault();
      onWorkerFailed(ev.message || T('fit.panel.worker_error'));
    };
    return worker;
  }

  /**
   * Sends `message` with a new id; `onReply(m)` gets its replies until it
   * returns false; `onFailed(reason)`, if given, is called instead should the
   * worker fail first.
   */
  function ask(message, onReply, onFailed) {
    var w = ensureWorker();
    if (!w) return 0;
    failPending(T('fit.panel.superseded'));  // its replies go unheard from here on
    var id = ++requestId;
    if (onFailed) pending[id] = onFailed;
    w.onmessage = function (ev) {
      var m = ev.data || {};
      if (m.id !== id) return;
      if (m.type === 'failed') { onWorkerFailed(m.message); return; }
      if (onReply(m) !== false) return;
      w.onmessage = null;
      delete pending[id];
    };
    w.postMessage(Object.assign({ type: 'fit', id: id, language: language() }, message));
    return id;
  }

  /** Ends the worker, says why, and fails every request still waiting for it with that reason. */
  function onWorkerFailed(message) {
    var reason = T('fit.panel.engine_failed', { message: message });
    endWorker(reason);
    running = null;
    setButtons();
    setError(reason);
  }

  /** Fails every request still waiting for an answer with `reason`: none will come. */
  function failPending(reason) {
    var failed = pending;
    pending = {};
    Object.keys(failed).forEach(function (id) { failed[id](reason); });
  }

  /** Ends the worker; the requests it leaves unanswered fail with `reason`. */
  function endWorker(reason) {
    if (worker) worker.terminate();
    worker = null;
    failPending(reason || T('fit.panel.stopped'));
  }

  function check() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(function () {
      if (!data || running) return;
      ask(formValues(), function (m) {
        if (m.type !== 'fitPlanned') return true;
        showPlan(m.plan);
        return false;
      });
    }, CHECK_DELAY_MS);
  }

  function showPlan(p) {
    plan = p.error ? null : p;
    var target = plan && targetOf(plan.name);
    if (opts.onMeasured) opts.onMeasured(plan ? { file: data.name, kind: plan.kind, name: plan.name,
      label: plan.kind === 'events' ? eventKind(plan.name) : target && target.label || plan.name,
      unit: plan.unit, times: plan.times, values: plan.values } : null);
    setError(p.error || '', p.input);
    notesEl.hidden = !(p.notes && p.notes.length);
    notesEl.textContent = p.notes ? p.notes.join(' ') : '';
    if (plan) announce(T(plan.kind === 'events' ? 'fit.panel.ready_events' : 'fit.panel.ready_series',
      { n: plan.times.length, name: plan.name }));
    setButtons();
  }

  function setButtons() {
    fitButton.disabled = !plan || !!running;
    cancelButton.disabled = !running;
    applyButton.disabled = !result || !!running || result.outcome === 'failed';
    exportButton.disabled = !result || !!running || result.outcome === 'failed';
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    if (!plan || running) return;
    var values = formValues();
    values.run = true;
    values.maxRuns = MAX_RUNS;
    running = { started: performance.now() };
    result = null;
    setButtons();
    announce(T('fit.panel.started', { n: values.varied.length }));
    running.id = ask(values, function (m) {
      if (m.type === 'fitProgress') {
        running.progress = m.progress;
        statusEl.textContent = T('fit.panel.progress', {
          runs: m.progress.runs, iterations: m.progress.iterations, rss: fmt(m.progress.rss)
        });
        return true;
      }
      if (m.type === 'fitPlanned' && m.plan.error) {
        running = null;
        showPlan(m.plan);
        return false;
      }
      if (m.type !== 'fitDone') return true;
      running = null;
      showResult(m.result, m.runMs);
      return false;
    });
  });

  /** Stops the fit in progress at once (Cancel, or a new table) and says how far it got. */
  function cancelRun() {
    endWorker();
    var progress = running.progress;
    running = null;
    setButtons();
    announce(T('fit.panel.cancelled', { runs: progress ? progress.runs : 0 }));
  }

  cancelButton.addEventListener('click', function () {
    if (running) cancelRun();
  });

  applyButton.addEventListener('click', function () {
    if (!result || !result.parameters) return;
    var refused = [];
    result.parameters.forEach(function (p) {
      var error = api.setParam(p.name, String(p.value));
      if (error) refused.push(error);
    });
    api.command('reset');
    announce(refused.length ? T('fit.panel.apply_refused', { reasons: refused.join('; ') })
      : T('fit.panel.applied', { values: result.parameters.map(function (p) { return p.name + ' = ' + fmt(p.value); }).join(', ') }));
  });

  exportButton.addEventListener('click', function () {
    if (result && result.table) download('contactlab-fit.csv', 'text/csv', result.table);
  });

  // ---- The result --------------------------------------------------------

  function cell(row, tag, text, className) {
    var c = el(tag, className || null, text);
    row.appendChild(c);
    return c;
  }

  /** `value` to the digit its standard error reaches, and one more (0.79985 ± 0.00030); as usual without one. */
  function withPrecisionOf(value, error) {
    if (!(error > 0) || !isFinite(value)) return fmt(value);
    var decimals = Math.max(0, 1 - Math.floor(Math.log10(error)));
    return decimals <= 12 ? value.toFixed(decimals) : fmt(value);
  }

  function showResult(r, runMs) {
    result = r;
    setButtons();
    if (r.outcome === 'failed') {
      announce(T('fit.panel.failed', { reason: r.failure }));
      return;
    }
    announce(T('fit.panel.done', {
      outcome: r.outcome_text, iterations: r.iterations, runs: r.runs, seconds: fmt(runMs / 1e3)
    }));
    resultBox.textContent = '';
    var table = el('table', 'inspector-table fit-table');
    table.appendChild(el('caption', null, T('fit.panel.result_caption')));
    var head = el('tr');
    [T('fit.panel.col_parameter'), T('fit.panel.col_value'), T('fit.panel.col_error'), T('fit.panel.col_unit')]
      .forEach(function (h) { cell(head, 'th', h).scope = 'col'; });
    table.appendChild(head);
    r.parameters.forEach(function (p) {
      var row = el('tr');
      var spec = parameterOf(p.name);
      cell(row, 'th', spec && spec.label ? spec.label + ' (' + p.name + ')' : p.name).scope = 'row';
      cell(row, 'td', withPrecisionOf(p.value, p.standard_error));
      cell(row, 'td', p.standard_error == null ? '\u2014' : '\u00b1 ' + p.standard_error.toPrecision(2));
      cell(row, 'td', p.unit || '\u2013');
      table.appendChild(row);
    });
    resultBox.appendChild(table);
    if (r.parameters.length > 1) {
      var corr = el('table', 'inspector-table fit-correlation');
      corr.appendChild(el('caption', null, T('fit.panel.correlation_caption')));
      var top = el('tr');
      cell(top, 'td', '');
      r.parameters.forEach(function (p) { cell(top, 'th', p.name).scope = 'col'; });
      corr.appendChild(top);
      r.correlation.forEach(function (values, i) {
        var row = el('tr');
        cell(row, 'th', r.parameters[i].name).scope = 'row';
        values.forEach(function (v) { cell(row, 'td', v == null ? '\u2014' : v.toFixed(3)); });
        corr.appendChild(row);
      });
      resultBox.appendChild(corr);
    }
    resultBox.appendChild(el('p', 'fit-sigma', T('fit.panel.sigma', {
      sigma: r.sigma == null ? '\u2014' : fmt(r.sigma), unit: plan ? plan.unit : '', dof: r.dof
    })));
    resultBox.hidden = false;
    warningsEl.textContent = '';
    (r.warnings || []).forEach(function (w) { warningsEl.appendChild(el('li', null, w)); });
    warningsEl.hidden = !(r.warnings && r.warnings.length);
    warningsEl.setAttribute('role', r.warnings && r.warnings.length ? 'alert' : 'none');
    drawCharts(r);
  }

  function chart(title, seriesOpts, dataArrays, yLabel) {
    var titleEl = chartsEl.appendChild(el('p', 'fit-chart-title', title));
    titleEl.id = 'fit-chart-' + charts.length;
    var holder = el('div', 'fit-chart');
    holder.setAttribute('role', 'img');  // named by its title; the numbers are in the tables above
    holder.setAttribute('aria-labelledby', titleEl.id);
    chartsEl.appendChild(holder);
    var axes = axisStyle();
    var u = new window.uPlot({
      width: Math.max(200, chartsEl.clientWidth || 320), height: CHART_HEIGHT,
      scales: { x: { time: false } },
      axes: [Object.assign({}, axes, { label: plan && plan.kind === 'events' ? T('fit.panel.bounce_number') : 't [s]' }),
        Object.assign({}, axes, { label: yLabel })],
      series: [{}].concat(seriesOpts)
    }, dataArrays, holder);
    u.root.querySelector('.u-legend').setAttribute('aria-hidden', 'true');  // a key for the eye: "Value : --" to the ear
    charts.push({ uplot: u, holder: holder });
    fitToHolder(holder, function () { return u; });
    return u;
  }

  function drawCharts(r) {
    charts.forEach(function (c) { c.uplot.destroy(); });
    charts = [];
    chartsEl.textContent = '';
    if (!plan || !r.model) return;
    var events = plan.kind === 'events';
    var x = events ? plan.times.map(function (_, k) { return k + 1; }) : plan.times;
    var measured = events ? plan.times : plan.values;
    var unit = plan.unit;
    var dataColor = themeColor('series', 1), modelColor = themeColor('series', 0);
    chart(T('fit.panel.chart_data', { name: plan.name }), [
      { label: T('fit.panel.measured'), stroke: dataColor, width: 0, points: { show: true, size: 6, fill: dataColor } },
      { label: T('fit.panel.fitted_run'), stroke: modelColor, width: 2, points: { show: events } }
    ], [x, measured, r.model], withUnit(plan.name, unit));
    var scale = events ? 1e3 : 1;  // bounce times' residuals in ms
    chart(T('fit.panel.chart_residuals'), [
      { label: T('fit.panel.residual'), stroke: dataColor, width: 0, points: { show: true, size: 6, fill: dataColor } }
    ], [x, r.residuals.map(function (v) { return v == null ? null : v * scale; })],
    withUnit(T('fit.panel.residual'), events ? 'ms' : unit));
  }

  return {
    start: function () {},
    stop: function () {
      clearTimeout(checkTimer);
      endWorker();
      charts.forEach(function (c) { c.uplot.destroy(); });
      charts = [];
    },
    load: load,
    readFile: readFile,
    state: function () {
      return {
        open: details.open, loaded: !!data, running: !!running, planned: !!plan,
        result: result, announced: announced.slice()
      };
    },
    uplots: function () { return charts.map(function (c) { return c.uplot; }); }
  };
}
