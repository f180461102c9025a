/* ContactLab questions: up to three per activity, each answered by the run
 * itself ("predict, then observe"). The teacher writes them in Customize mode
 * (editor); the student types a prediction before Play, runs, and sees the
 * prediction beside the value the run measured, then explains (panel).
 *
 * A question names a quantity of the engine's run summary or a series
 * (src/engine/run/question_meter.h), a time and a tolerance. The measured
 * value comes from the engine (cl_questions_json), never from the page:
 * this file only compares it with the prediction.
 *
 * Usage: editor({hostEl, quantities, onChange}) in web/studio.js;
 * panel({hostEl, questionsJson, status, statements}) for a held activity
 * (the page loads this module when an activity with questions is held).
 */
import { el, labelled, textInput } from './dom.js';
import { formatNumber } from './plots/format.js';
import { t as T } from './text.js';

var MAX = 3;          // questions per activity (io/activity.h: kActivityQuestions)
var TEXT_BYTES = 500; // longest question (io/activity.h: kActivityQuestionBytes)
var LOOK_MS = 200;    // how often the panel reads the run's answers

/** A labelled field of the editor: its label (input.labelEl) is renumbered with it. */
function editorField(id, labelText, input) {
  var wrap = labelled(id, labelText, input);
  input.labelEl = wrap.querySelector('label');
  return wrap;
}

function numberInput(placeholder) {
  var input = textInput('controls-input', true);
  if (placeholder) input.placeholder = placeholder;
  return input;
}

/** "0.05 m" or "0.05" for a dimensionless quantity. */
function withUnit(value, unit) {
  return unit ? formatNumber(value) + ' ' + unit : formatNumber(value);
}

/** A typed number as the document carries it: a number, or the text for the engine to refuse by name. */
function typedNumber(text) {
  var t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  var n = Number(t);
  return isFinite(n) ? n : text.trim();
}

// ---- Customize mode: the teacher's questions --------------------------------------

/**
 * The question fields of Customize mode in `hostEl`; `quantities`: the
 * scene's [{name, label, unit}] (cl_scene_json). Returns {value() -> the
 * document's "questions", fill(list)}.
 */
export function editor(opts) {
  var host = opts.hostEl, quantities = opts.quantities || [];
  var rows = [];
  var list = el('div', 'questions-editor');
  var add = el('button', 'btn', T('questions.add'));
  add.type = 'button';
  add.id = 'studio-question-add';
  host.appendChild(el('p', 'controls-hint', T('questions.editor_intro', { max: MAX })));
  host.appendChild(list);
  host.appendChild(add);

  function unitOf(name) {
    var q = quantities.filter(function (x) { return x.name === name; })[0];
    return q ? q.unit : '';
  }

  function renumber() {
    rows.forEach(function (r, k) {
      var n = k + 1;
      r.legend.textContent = T('questions.number', { number: n });
      ['text', 'quantity', 'at', 'tolerance'].forEach(function (key) {
        r[key].id = 'studio-q' + n + '-' + key;
        r[key].labelEl.htmlFor = r[key].id;
      });
      r.remove.setAttribute('aria-label', T('questions.remove_label', { number: n }));
    });
    add.disabled = rows.length >= MAX;
  }

  function showUnit(r) {
    var unit = unitOf(r.quantity.value);
    r.tolerance.labelEl.textContent = unit ? T('questions.tolerance_unit', { unit: unit }) : T('questions.tolerance');
  }

  function addRow(q) {
    var wrap = el('fieldset', 'questions-row');
    var r = { wrap: wrap, legend: el('legend', 'controls-heading') };
    wrap.appendChild(r.legend);
    r.text = el('textarea', 'controls-input');
    r.text.rows = 2;
    r.text.maxLength = TEXT_BYTES;
    r.text.placeholder = T('questions.text_placeholder');
    wrap.appendChild(editorField('q-text', T('questions.text'), r.text));
    r.quantity = el('select', 'controls-input');
    quantities.forEach(function (x) {
      var option = el('option', null, x.label + (x.unit ? ' (' + x.unit + ')' : '') + ' · ' + x.name);
      option.value = x.name;
      r.quantity.appendChild(option);
    });
    wrap.appendChild(editorField('q-quantity', T('questions.quantity'), r.quantity));
    var numbers = el('div', 'studio-sub');
    r.at = numberInput();
    numbers.appendChild(editorField('q-at', T('questions.at'), r.at));
    r.tolerance = numberInput(T('questions.tolerance_placeholder'));
    numbers.appendChild(editorField('q-tolerance', T('questions.tolerance'), r.tolerance));
    wrap.appendChild(numbers);
    r.remove = el('button', 'btn', T('questions.remove'));
    r.remove.type = 'button';
    r.remove.addEventListener('click', function () {
      rows.splice(rows.indexOf(r), 1);
      list.removeChild(wrap);
      renumber();
      (rows[0] ? rows[0].text : add).focus();
      opts.onChange();
    });
    wrap.appendChild(r.remove);
    r.text.value = q.text || '';
    if (q.quantity) r.quantity.value = q.quantity;
    r.at.value = q.at != null ? formatNumber(q.at) : '';
    r.tolerance.value = q.tolerance != null ? formatNumber(q.tolerance) : '';
    r.quantity.addEventListener('change', function () { showUnit(r); });
    rows.push(r);
    list.appendChild(wrap);
    renumber();
    showUnit(r);
    return r;
  }

  add.addEventListener('click', function () {
    if (rows.length >= MAX) return;
    var first = quantities.filter(function (x) { return x.name === 'e_first'; })[0] || quantities[0];
    addRow({ quantity: first && first.name, at: 2 }).text.focus();
    opts.onChange();
  });

  return {
    value: function () {
      return rows.map(function (r) {
        var q = { text: r.text.value.trim(), quantity: r.quantity.value };
        var at = typedNumber(r.at.value), tolerance = typedNumber(r.tolerance.value);
        if (at !== undefined) q.at = at;
        if (tolerance !== undefined) q.tolerance = tolerance;
        return q;
      });
    },
    fill: function (questions) {
      rows.forEach(function (r) { list.removeChild(r.wrap); });
      rows = [];
      (questions || []).forEach(addRow);
      renumber();
    }
  };
}

// ---- The student view: predict, run, compare, explain -------------------------------

/**
 * The held activity's questions in `hostEl`: questionsJson() -> the engine's
 * answers ({start, questions}), status() -> the app's status, statements:
 * the record (web/statements.js). Returns {start(), stop(), answers()}.
 */
export function panel(opts) {
  var host = opts.hostEl;
  var timer = 0;
  var items = [];      // per question: {q, prediction input, kept, result, explain, answered}
  var start = null;    // the engine's count of run starts the answers belong to
  var live = null;

  function build(questions) {
    host.textContent = '';
    items = [];
    if (!questions.length) { host.hidden = true; return; }
    var heading = el('h3', 'activity-title', T('questions.heading'));
    heading.id = 'questions-heading';
    host.setAttribute('aria-labelledby', heading.id);
    host.appendChild(heading);
    host.appendChild(el('p', 'controls-hint', T('questions.how')));
    questions.forEach(function (q, k) {
      var n = k + 1;
      var box = el('fieldset', 'questions-item');
      var legend = el('legend', 'questions-text', T('questions.asked', { number: n, text: q.text }));
      box.appendChild(legend);
      var what = el('p', 'controls-hint', T('questions.what', {
        label: q.label, name: q.quantity, at: formatNumber(q.at), tolerance: withUnit(q.tolerance, q.unit) }));
      what.id = 'question-' + n + '-what';
      box.appendChild(what);
      var input = numberInput();
      input.setAttribute('aria-describedby', what.id);
      box.appendChild(labelled('question-' + n + '-prediction',
        q.unit ? T('questions.prediction_unit', { unit: q.unit }) : T('questions.prediction'), input));
      var result = el('p', 'questions-result');
      result.id = 'question-' + n + '-result';
      box.appendChild(result);
      var explain = el('textarea', 'controls-input');
      explain.rows = 3;
      explain.maxLength = 2000;
      var explainWrap = labelled('question-' + n + '-explain', T('questions.explain'), explain);
      explainWrap.hidden = true;
      box.appendChild(explainWrap);
      var item = { q: q, input: input, kept: null, result: result, explain: explain, explainWrap: explainWrap,
        answered: false };
      explain.addEventListener('change', function () {
        if (explain.value.trim()) opts.statements.commented(k, item.q, explain.value.trim());
      });
      items.push(item);
      host.appendChild(box);
    });
    live = el('p', 'sr-only');
    live.setAttribute('role', 'status');
    live.id = 'questions-live';
    host.appendChild(live);
    host.hidden = false;
  }

  /** The prediction typed, as a number (null: none or not a number). */
  function typed(item) {
    var v = typedNumber(item.input.value);
    return typeof v === 'number' ? v : null;
  }

  /** A new start of the run: predictions may be typed again (each run is an attempt of its own). */
  function newStart() {
    items.forEach(function (item) {
      item.kept = null;
      item.answered = false;
      item.input.readOnly = false;
      item.input.removeAttribute('aria-readonly');
      item.result.textContent = '';
    });
  }

  function judge(item, measured) {
    var p = item.kept;
    if (measured == null) return { text: T('questions.none', { label: item.q.label, at: formatNumber(item.q.at) }), success: false };
    if (p == null) return { text: T('questions.measured_only', { measured: withUnit(measured, item.q.unit) }), success: false };
    var difference = measured - p;
    var success = Math.abs(difference) <= item.q.tolerance;
    return { difference: difference, success: success, text: T(success ? 'questions.within' : 'questions.outside', {
      predicted: withUnit(p, item.q.unit), measured: withUnit(measured, item.q.unit),
      difference: (difference > 0 ? '+' : '') + withUnit(difference, item.q.unit),
      tolerance: withUnit(item.q.tolerance, item.q.unit) }) };
  }

  function look() {
    var answers = JSON.parse(opts.questionsJson() || 'null');
    if (!answers || !answers.questions.length) return;
    var st = opts.status();
    if (answers.start !== start) { start = answers.start; newStart(); }
    // Kept once the run leaves its start: the prediction made before Play.
    if (st.running || st.t > 0) {
      items.forEach(function (item) {
        if (item.input.readOnly) return;
        item.kept = typed(item);
        item.input.readOnly = true;
        item.input.setAttribute('aria-readonly', 'true');
      });
    }
    answers.questions.forEach(function (a, k) {
      var item = items[k];
      if (!item || item.answered || !a.taken) return;
      item.answered = true;
      var verdict = judge(item, a.measured);
      item.result.textContent = verdict.text;
      item.result.classList.toggle('questions-right', verdict.success);
      item.explainWrap.hidden = false;
      live.textContent = T('questions.asked', { number: k + 1, text: '' }) + ' ' + verdict.text;
      opts.statements.answered(k, item.q, { prediction: item.kept, measured: a.measured,
        difference: verdict.difference, success: verdict.success });
    });
  }

  return {
    /** Shows the held activity's questions and follows the run's answers. */
    start: function () {
      var answers = JSON.parse(opts.questionsJson() || 'null');
      build(answers ? answers.questions : []);
      start = answers ? answers.start : null;
      clearInterval(timer);
      if (items.length) timer = setInterval(look, LOOK_MS);
    },
    stop: function () {
      clearInterval(timer);
      timer = 0;
      items = [];
      host.textContent = '';
      host.hidden = true;
    }
  };
}
