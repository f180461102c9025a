/* What a student did in an activity, as xAPI-shaped statements: the page
 * keeps the record and hands each statement to the host page (web/host_link.js,
 * `lab.on('statement', fn)` in web/contactlab.mjs); nothing leaves the page
 * unless the host forwards it to a learning record store.
 *
 * A statement: {id, timestamp, verb: {id, display}, object: the activity,
 * result?, context: {extensions}}. The actor is left to the host (it knows
 * who is logged in). Verbs:
 *   launched    the activity opened (its link, or a teacher's preview)
 *   interacted  a parameter changed (context: parameter, from, to)
 *   played      the run started playing (context: t)
 *   reset       the run went back to its start
 *   answered    the run measured a question's quantity (result: response =
 *               the prediction, success = within the tolerance; extensions:
 *               question, quantity, unit, at, prediction, measured,
 *               difference, tolerance)
 *   commented   the student explained a question's answer (result.response)
 *   completed   every question answered in one run (result: success, score)
 * The activity's id is a URN of its scene and a hash of its document, so the
 * same activity has the same id wherever it is opened.
 *
 * Usage: createStatements({status, onStatement}); begin(activity,
 * questionCount), end(), answered(...), commented(...), record().
 */
var VERBS = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  interacted: 'http://adlnet.gov/expapi/verbs/interacted',
  played: 'https://w3id.org/xapi/video/verbs/played',
  reset: 'urn:contactlab:xapi:verb:reset',  // no registered verb says "back to the start"
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  commented: 'http://adlnet.gov/expapi/verbs/commented',
  completed: 'http://adlnet.gov/expapi/verbs/completed'
};
var EXT = 'urn:contactlab:xapi:';  // extension keys: EXT + 'measured', ...
var SIMULATION = 'http://adlnet.gov/expapi/activities/simulation';
var WATCH_MS = 250;                // how often the run is looked at for changes
var MAX_STATEMENTS = 5000;         // the record keeps the latest (hours of slider drags)

/** A 53-bit hash of a text (cyrb53) in hex: the activity's id, not a secret. */
function hash(text) {
  var h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (var i = 0; i < text.length; i++) {
    var c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

function uuid() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
  var b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  var hex = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
  return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
}

function extensions(values) {
  var out = {};
  Object.keys(values).forEach(function (k) { out[EXT + k] = values[k]; });
  return out;
}

/** The id of an activity document (as the engine writes it back). */
function activityId(activity) {
  return 'urn:contactlab:activity:' + activity.scene + ':' + hash(JSON.stringify(activity));
}

export function createStatements(opts) {
  var record = null;  // {activity, statements, answers}
  var timer = 0;
  var seen = null;    // the last look at the run
  var questionCount = 0;
  var answeredThisRun = {};
  var completed = false;

  function statement(verb, result, context) {
    var s = {
      id: uuid(),
      timestamp: new Date().toISOString(),
      verb: { id: VERBS[verb], display: { 'en-US': verb } },
      object: { objectType: 'Activity', id: record.activity.id,
        definition: { type: SIMULATION, name: { 'en-US': record.activity.title } } },
      context: { extensions: extensions(Object.assign({ scene: record.activity.scene }, context || {})) }
    };
    if (result) s.result = result;
    record.statements.push(s);
    if (record.statements.length > MAX_STATEMENTS) record.statements.shift();
    opts.onStatement(s);
    return s;
  }

  function look() {
    var st = opts.status();
    return { params: st.params, running: st.running, t: st.t };
  }

  function watch() {
    var was = seen, now = look();
    seen = now;
    Object.keys(now.params).sort().forEach(function (name) {
      if (was.params[name] !== now.params[name]) {
        statement('interacted', null, { parameter: name, from: was.params[name], to: now.params[name] });
      }
    });
    if (now.t < was.t) {
      answeredThisRun = {};
      statement('reset', null, { t: now.t });
    }
    if (now.running && !was.running) statement('played', null, { t: now.t });
  }

  return {
    /** An activity is held (a student's link, a teacher's preview): a new record, "launched". */
    begin: function (activity, count) {
      clearInterval(timer);
      record = { activity: { id: activityId(activity), title: activity.title || '', scene: activity.scene },
        statements: [], answers: [] };
      questionCount = count;
      answeredThisRun = {};
      completed = false;
      statement('launched');
      seen = look();
      timer = setInterval(watch, WATCH_MS);
    },
    end: function () {
      clearInterval(timer);
      timer = 0;
    },
    /** The run measured question k: the prediction kept before Play, the measured value, the verdict. */
    answered: function (k, q, a) {
      if (!record) return;
      record.answers[k] = { question: q.text, quantity: q.quantity, unit: q.unit, at: q.at, tolerance: q.tolerance,
        prediction: a.prediction, measured: a.measured, difference: a.difference == null ? null : a.difference,
        success: a.success, explanation: record.answers[k] ? record.answers[k].explanation : '' };
      statement('answered', {
        response: a.prediction == null ? '' : String(a.prediction),
        success: a.success,
        extensions: extensions({ question: k + 1, quantity: q.quantity, unit: q.unit, at: q.at,
          prediction: a.prediction, measured: a.measured, difference: a.difference == null ? null : a.difference,
          tolerance: q.tolerance })
      }, { question: k + 1, text: q.text });
      answeredThisRun[k] = a.success;
      var done = Object.keys(answeredThisRun);
      if (!completed && done.length === questionCount) {
        completed = true;
        var right = done.filter(function (i) { return answeredThisRun[i]; }).length;
        statement('completed', { completion: true, success: right === questionCount,
          score: { raw: right, min: 0, max: questionCount, scaled: right / questionCount } });
      }
    },
    /** The student's explanation of question k. */
    commented: function (k, q, text) {
      if (!record) return;
      if (record.answers[k]) record.answers[k].explanation = text;
      statement('commented', { response: text }, { question: k + 1, text: q.text });
    },
    /** The whole record: {activity: {id, title, scene}, statements, answers}; null without an activity. */
    record: function () { return record ? JSON.parse(JSON.stringify(record)) : null; }
  };
}
