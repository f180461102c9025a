/* ContactLab studio: a teacher shapes the current run into an activity for a
 * class (Customize mode), previews what students see, and shares it as a
 * link, an <iframe> snippet or a file; a student's page runs the activity a
 * link carries.
 *
 * The activity is one versioned JSON document (format contactlab-activity/1,
 * src/engine/io/activity.h). The engine checks every activity (cl_activity_check)
 * and enforces its rules on every path that changes a parameter
 * (cl_activity_set); this file builds the document from the studio's fields,
 * carries it in the link and the file, and shows the page's parts of it
 * (title, instruction, plots, theory panel).
 *
 * In the link: `activity=` then `j` + base64url of the JSON text, or, when
 * shorter, `z` + base64url of its deflate-raw compression (the browser's
 * CompressionStream). `studio=1` opens Customize mode (with the link's
 * activity loaded into it, if any).
 *
 * Loaded when Customize first opens or a link or file brings an activity
 * (web/page/on_demand.js).
 *
 * Usage: createStudio({api, hostEl, openButton, briefEl, barEl, plots,
 * theoryEl, openTheory, showMessage, download, downloadBlob, onHashState,
 * onActivity}); onActivity(activity | null) is told when an activity's
 * rules start or stop holding (its questions, its record).
 */
import { button, checkbox, el, labelled, textInput } from './dom.js';
import { formatNumber } from './plots/format.js';
import * as qrCode from './qr.js';
import { editor as questionsEditor } from './questions.js';
import { t as T } from './text.js';

var FORMAT = 'contactlab-activity/1';
var COMPRESS_FROM = 200;          // bytes of JSON: shorter ones go as they are
var MAX_JSON_BYTES = 256 * 1024;  // the engine's limit for an activity (io/activity.cpp)
var LINK_LIMIT = 8 * 1024;        // characters: longer links are cut by some platforms
var POLL_MS = 500;                // the run's values and the plots, looked at for the link

// ---- The link's encoding ----------------------------------------------------

function toBase64Url(bytes) {
  var binary = '';
  for (var i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error(T('studio.link_encoding'));
  var binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  var bytes = new Uint8Array(binary.length);
  for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** All of a stream's bytes, refused past `limit` (a small link may inflate to gigabytes). */
function readAll(stream, limit) {
  var reader = stream.getReader(), parts = [], size = 0;
  function next() {
    return reader.read().then(function (chunk) {
      if (chunk.done) {
        var out = new Uint8Array(size), at = 0;
        parts.forEach(function (p) { out.set(p, at); at += p.length; });
        return out;
      }
      size += chunk.value.length;
      if (size > limit) { reader.cancel(); throw new Error(T('activity.text_type', { key: 'activity', max: limit })); }
      parts.push(chunk.value);
      return next();
    });
  }
  return next();
}

function through(bytes, transform, limit) {
  return readAll(new Blob([bytes]).stream().pipeThrough(transform), limit);
}

/** The `activity=` value of a JSON text (a promise). */
function encode(json) {
  var bytes = new TextEncoder().encode(json);
  if (bytes.length < COMPRESS_FROM || typeof CompressionStream !== 'function') return Promise.resolve('j' + toBase64Url(bytes));
  return through(bytes, new CompressionStream('deflate-raw'), Infinity).then(function (packed) {
    return packed.length < bytes.length ? 'z' + toBase64Url(packed) : 'j' + toBase64Url(bytes);
  });
}

/** The JSON text of an `activity=` value (a promise; rejected with the reason). */
function decode(value) {
  return Promise.resolve().then(function () {
    var text = decodeURIComponent(String(value));
    var kind = text.charAt(0), bytes = fromBase64Url(text.slice(1));
    if (kind === 'j') return bytes;
    if (kind === 'z') return through(bytes, new DecompressionStream('deflate-raw'), MAX_JSON_BYTES);
    throw new Error(T('studio.link_encoding'));
  }).then(function (bytes) {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  });
}

// ---- Fields -------------------------------------------------------------------

/** A labelled text field (input or textarea) with an id: {wrap, input}. */
function textField(id, labelText, multiline) {
  var input = multiline ? el('textarea', 'controls-input') : textInput('controls-input');
  if (multiline) {
    input.rows = 3;
    input.autocomplete = 'off';
  }
  return { wrap: labelled(id, labelText, input), input: input };
}

/** A checkbox with an id: {wrap, input}. */
function choice(id, labelText, checked) {
  var box = checkbox('controls-check', labelText, checked);
  box.input.id = id;
  return box;
}

function htmlAttribute(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function createStudio(opts) {
  var api = opts.api, host = opts.hostEl;
  var scene = null;            // the scene's description as Customize started from it
  var rows = {};               // param name -> {spec, access, reason, reasonWrap, min, max, rangeWrap, now, error}
  var els = {};
  var open = false;            // Customize mode shown (or previewing from it)
  var previewing = false;
  var enforced = null;         // the activity whose rules hold now (preview or a student's link), else null
  var enforcedValue = null;    // its link's activity= value, for a student's view
  var fromLink = false;        // a student's view: opened from a link, no way back to Customize
  var shareSeen = null;        // the JSON text the share panel shows
  var shared = { json: null, value: null, link: null };
  var pollTimer = 0, busy = false;
  var sharing = Promise.resolve();  // the link being written for the fields as they are
  var loadedTitle = '', loadedInstruction = '';

  function status() { return JSON.parse(api.status()); }

  function check(text) { return JSON.parse(api.activityCheck(text)); }

  // ---- The document the fields describe ---------------------------------------

  function draft() {
    var st = status();
    var controls = {};
    Object.keys(rows).forEach(function (name) {
      var r = rows[name], c = {};
      if (r.access.value !== 'shown') c.access = r.access.value;
      if (r.access.value === 'locked' && r.reason.value.trim()) c.reason = r.reason.value.trim();
      if (r.min && r.access.value === 'shown') {
        [['min', r.min], ['max', r.max]].forEach(function (pair) {
          var text = pair[1].value.trim();
          if (text === '') return;
          var n = Number(text);
          c[pair[0]] = text !== '' && isFinite(n) ? n : text;  // not a number: the engine says so
        });
      }
      if (Object.keys(c).length) controls[name] = c;
    });
    var doc = { format: FORMAT, scene: st.scene, title: els.title.input.value.trim(),
      instruction: els.instruction.input.value.trim(), params: st.params, controls: controls,
      legend: els.legend.input.checked, theory: els.theory.input.checked,
      plots: (opts.plots && opts.plots.urlValue()) || '', questions: els.questions.value() };
    if (els.presets.length) {
      doc.presets = els.presets.filter(function (p) { return p.input.checked; }).map(function (p) { return p.presetId; });
    }
    return JSON.stringify(doc);
  }

  // ---- Customize mode: the form -------------------------------------------------

  function build() {
    scene = JSON.parse(api.sceneJson() || 'null');
    host.textContent = '';
    rows = {};
    if (!scene) return;
    var heading = el('h2', 'studio-heading', T('studio.title'));
    heading.id = 'studio-heading';
    heading.tabIndex = -1;
    host.appendChild(heading);
    host.appendChild(el('p', 'controls-hint', T('studio.intro')));
    els.title = textField('studio-title', T('studio.activity_title'));
    els.title.input.value = loadedTitle;
    els.title.input.maxLength = 200;
    host.appendChild(els.title.wrap);
    els.instruction = textField('studio-instruction', T('studio.instruction'), true);
    els.instruction.input.value = loadedInstruction;
    els.instruction.input.maxLength = 2000;
    host.appendChild(els.instruction.wrap);

    var params = el('fieldset', 'studio-group');
    params.appendChild(el('legend', 'controls-heading', T('studio.params')));
    scene.params.forEach(function (spec) { params.appendChild(row(spec)); });
    host.appendChild(params);

    var offered = el('fieldset', 'studio-group');
    offered.appendChild(el('legend', 'controls-heading', T('studio.offered')));
    els.presets = scene.presets.map(function (p) {
      var box = choice('studio-preset-' + p.id, T('studio.preset', { name: p.name }), true);
      box.presetId = p.id;
      offered.appendChild(box.wrap);
      return box;
    });
    els.legend = choice('studio-legend', T('studio.legend'), true);
    offered.appendChild(els.legend.wrap);
    els.theory = choice('studio-theory', T('studio.theory'), false);
    offered.appendChild(els.theory.wrap);
    els.plots = el('p', 'controls-hint');
    offered.appendChild(els.plots);
    host.appendChild(offered);

    var asked = el('fieldset', 'studio-group');
    asked.appendChild(el('legend', 'controls-heading', T('questions.editor_heading')));
    els.questions = questionsEditor({ hostEl: asked, quantities: scene.quantities, onChange: changed });
    host.appendChild(asked);

    var actions = el('div', 'studio-actions');
    els.preview = button(T('studio.preview'), preview);
    els.preview.id = 'studio-preview';
    actions.appendChild(els.preview);
    var close = button(T('studio.close'), function () { setOpen(false); opts.openButton.focus(); });
    actions.appendChild(close);
    host.appendChild(actions);

    var share = el('section', 'studio-group');
    var shareHeading = el('h3', 'controls-heading', T('studio.share'));
    shareHeading.id = 'studio-share-heading';
    share.setAttribute('aria-labelledby', shareHeading.id);
    share.appendChild(shareHeading);
    els.link = textField('studio-link', T('studio.link'));
    els.link.input.readOnly = true;
    share.appendChild(els.link.wrap);
    els.size = el('p', 'controls-hint');
    els.size.id = 'studio-size';
    els.link.input.setAttribute('aria-describedby', els.size.id);
    share.appendChild(els.size);
    var shareButtons = el('div', 'studio-actions');
    els.copy = button(T('studio.copy_link'), copyLink);
    els.copy.id = 'studio-copy';
    shareButtons.appendChild(els.copy);
    els.download = button(T('studio.download'), downloadFile);
    els.download.id = 'studio-download';
    shareButtons.appendChild(els.download);
    var load = button(T('studio.load'), function () { opts.openFile(); });
    load.id = 'studio-load';
    shareButtons.appendChild(load);
    share.appendChild(shareButtons);
    els.iframe = textField('studio-iframe', T('studio.iframe'), true);
    els.iframe.input.readOnly = true;
    share.appendChild(els.iframe.wrap);
    var qr = el('figure', 'studio-qr');
    els.qr = el('img');
    els.qr.id = 'studio-qr';
    els.qr.alt = T('studio.qr_alt');
    qr.appendChild(els.qr);
    els.qrNote = el('figcaption', 'controls-hint', T('studio.qr_caption'));
    qr.appendChild(els.qrNote);
    share.appendChild(qr);
    var qrButtons = el('div', 'studio-actions');
    els.qrSvg = button(T('studio.qr_svg'), function () { downloadQr('svg'); });
    els.qrSvg.id = 'studio-qr-svg';
    qrButtons.appendChild(els.qrSvg);
    els.qrPng = button(T('studio.qr_png'), function () { downloadQr('png'); });
    els.qrPng.id = 'studio-qr-png';
    qrButtons.appendChild(els.qrPng);
    share.appendChild(qrButtons);
    els.status = el('p', 'controls-error studio-status');
    els.status.id = 'studio-status';
    els.status.setAttribute('role', 'status');
    share.appendChild(els.status);
    host.appendChild(share);

    host.addEventListener('input', changed);
    host.addEventListener('change', changed);
    shareSeen = null;
    refresh();
  }

  /** One parameter: who may change it, why it is locked, and the range students may use. */
  function row(spec) {
    var name = spec.name;
    var wrap = el('div', 'studio-row');
    var labelText = spec.unit ? spec.label + ' (' + spec.unit + ')' : spec.label;
    var id = 'studio-access-' + name;
    var label = el('label', 'studio-param', labelText);
    label.htmlFor = id;
    wrap.appendChild(label);
    var now = el('span', 'controls-hint studio-now');
    now.id = 'studio-now-' + name;
    wrap.appendChild(now);
    var access = el('select', 'controls-input');
    access.id = id;
    access.setAttribute('aria-label', T('studio.access_label', { label: labelText }));
    access.setAttribute('aria-describedby', now.id);
    ['shown', 'locked', 'hidden'].forEach(function (a) {
      var option = el('option', null, T('studio.access.' + a));
      option.value = a;
      access.appendChild(option);
    });
    wrap.appendChild(access);
    var reasonWrap = el('div', 'studio-sub');
    var reason = textInput('controls-input');
    reason.id = 'studio-reason-' + name;
    reason.maxLength = 300;
    reason.placeholder = T('studio.reason_placeholder');
    reason.setAttribute('aria-label', T('studio.reason_label', { label: labelText }));
    var reasonLabel = el('label', null, T('studio.reason'));
    reasonLabel.htmlFor = reason.id;
    reasonWrap.appendChild(reasonLabel);
    reasonWrap.appendChild(reason);
    reasonWrap.hidden = true;
    wrap.appendChild(reasonWrap);
    var r = { spec: spec, access: access, reason: reason, reasonWrap: reasonWrap, now: now };
    if (spec.kind === 'real' || spec.kind === 'integer') {
      var rangeWrap = el('div', 'studio-sub');
      [['min', 'studio.from', 'studio.from_label'], ['max', 'studio.to', 'studio.to_label']].forEach(function (k) {
        var input = textInput('controls-input', true);
        input.id = 'studio-' + k[0] + '-' + name;
        input.placeholder = formatNumber(spec[k[0]]);
        input.setAttribute('aria-label', T(k[2], { label: labelText }) + ' (' + formatNumber(spec[k[0]]) + ')');
        var l = el('label', null, T(k[1]));
        l.htmlFor = input.id;
        rangeWrap.appendChild(l);
        rangeWrap.appendChild(input);
        r[k[0]] = input;
      });
      r.rangeWrap = rangeWrap;
      wrap.appendChild(rangeWrap);
    }
    r.error = el('span', 'controls-error');
    r.error.id = 'studio-error-' + name;
    r.error.hidden = true;
    wrap.appendChild(r.error);
    if (r.min) [r.min, r.max].forEach(function (input) { input.setAttribute('aria-describedby', r.error.id); });
    access.setAttribute('aria-describedby', now.id + ' ' + r.error.id);
    access.addEventListener('change', function () { showAccess(r); });
    rows[name] = r;
    return wrap;
  }

  function showAccess(r) {
    r.reasonWrap.hidden = r.access.value !== 'locked';
    if (r.rangeWrap) r.rangeWrap.hidden = r.access.value !== 'shown';
  }

  /** Fills the fields from a checked activity (a file or link loaded into Customize). */
  function fill(activity) {
    loadedTitle = activity.title || '';
    loadedInstruction = activity.instruction || '';
    build();
    Object.keys(rows).forEach(function (name) {
      var r = rows[name], c = (activity.controls || {})[name] || {};
      r.access.value = c.access || 'shown';
      r.reason.value = c.reason || '';
      if (r.min) { r.min.value = c.min != null ? formatNumber(c.min) : ''; r.max.value = c.max != null ? formatNumber(c.max) : ''; }
      showAccess(r);
    });
    els.presets.forEach(function (p) { p.input.checked = !activity.presets || activity.presets.indexOf(p.presetId) >= 0; });
    els.legend.input.checked = activity.legend !== false;
    els.theory.input.checked = !!activity.theory;
    els.questions.fill(activity.questions);
    if (opts.plots) opts.plots.setUrlValue(activity.plots || null);
    refresh();
  }

  // ---- Keeping the share panel in step ---------------------------------------------

  var changeTimer = 0;
  function changed() {
    clearTimeout(changeTimer);
    changeTimer = setTimeout(refresh, 150);
  }

  function showRowErrors(error) {
    Object.keys(rows).forEach(function (name) {
      var r = rows[name];
      // The engine names the parameter first ("v0: ..." or "min of v0 ..."): marked on its row.
      var mine = !!error && new RegExp('(^|[\\s:"])' + name.replace(/[^\w]/g, '\\$&') + '([\\s:".]|$)').test(error.replace(/^[^:]*:\s*/, ''));
      r.error.textContent = mine ? error : '';
      r.error.hidden = !mine;
      [r.min, r.max].forEach(function (input) {
        if (!input) return;
        if (mine) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
      });
    });
  }

  /** Checks the fields' activity and, when it is sound, writes its link, snippet and size. */
  function refresh() {
    if (!open || previewing || !scene || busy) return;
    var st = status();
    if (st.scene !== scene.id) { loadedTitle = els.title.input.value; loadedInstruction = els.instruction.input.value; build(); return; }
    Object.keys(rows).forEach(function (name) {
      var value = st.params[name], number = Number(value);
      rows[name].now.textContent = T('studio.now', { value: value.trim() !== '' && isFinite(number) ? formatNumber(number) : value });
    });
    els.plots.textContent = T('studio.plots', { plots: (opts.plots && opts.plots.urlValue()) || T('studio.plots_default') });
    var text = draft();
    if (text === shareSeen) return;
    shareSeen = text;
    var checked = check(text);
    showRowErrors(checked.ok ? null : checked.error);
    if (!checked.ok) {
      els.status.textContent = T('studio.problem', { error: checked.error });
      els.link.input.value = '';
      els.iframe.input.value = '';
      els.size.textContent = '';
      shared = { json: null, value: null, link: null };
      showQr(null);
      return;
    }
    els.status.textContent = '';
    var json = JSON.stringify(checked.activity);
    sharing = encode(json).then(function (value) {
      if (shareSeen !== text) return;  // the fields changed meanwhile
      var link = location.href.split('#')[0] + '#activity=' + value;
      shared = { json: json, value: value, link: link, activity: checked.activity };
      els.link.input.value = link;
      var title = checked.activity.title || T('studio.default_title');
      els.iframe.input.value = '<iframe src="' + htmlAttribute(link) + '" width="1000" height="650" style="border:0" loading="lazy" title="' +
        htmlAttribute(title + ' (ContactLab)') + '"></iframe>';
      var tooLong = link.length > LINK_LIMIT;
      els.size.textContent = tooLong ? T('studio.link_too_long', { kb: (link.length / 1024).toFixed(1) })
        : T('studio.link_size', { chars: link.length });
      els.size.classList.toggle('studio-warning', tooLong);
      showQr(link);
      opts.onHashState({ studio: true, activity: value });
    });
  }

  /** The link's QR code shown (and offered as files), or why there is none. */
  function showQr(link) {
    shared.qrLink = link;
    qrCode.load().then(function () {
      if (shared.qrLink !== link) return;  // a newer link is on its way
      shared.qr = link ? qrCode.encode(link) : null;
      els.qrSvg.disabled = els.qrPng.disabled = !shared.qr;
      els.qr.hidden = !shared.qr;
      if (shared.qr) els.qr.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(qrCode.svg(shared.qr));
      else els.qr.removeAttribute('src');
      els.qrNote.textContent = shared.qr || !link ? T('studio.qr_caption') : T('studio.qr_too_long');
    }, function (error) {
      shared.qr = null;
      els.qrSvg.disabled = els.qrPng.disabled = true;
      els.qr.hidden = true;
      els.qrNote.textContent = error.message;
    });
  }

  function downloadQr(kind) {
    if (!shared.qr) return;
    var name = fileName(shared.activity).replace(/\.json$/, '-qr.' + kind);
    if (kind === 'svg') opts.download(name, 'image/svg+xml', qrCode.svg(shared.qr));
    else qrCode.png(shared.qr).then(function (blob) { opts.downloadBlob(name, blob); });
  }

  function copyLink() {
    if (!shared.link) return;
    els.link.input.select();
    var done = function () { opts.showMessage('info', T('studio.copied')); };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(shared.link).then(done, function () {});
    else done();
  }

  function fileName(activity) {
    var base = (activity.title || activity.scene).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'activity';
    return 'contactlab-activity-' + base + '.json';
  }

  function downloadFile() {
    if (!shared.activity) return;
    opts.download(fileName(shared.activity), 'application/json', JSON.stringify(shared.activity, null, 2) + '\n');
  }

  // ---- Student view: the rules held, the page's parts shown --------------------------

  function showStudentParts(activity) {
    var brief = opts.briefEl;
    brief.textContent = '';
    var title = el('h2', 'activity-title', activity.title || T('studio.brief'));
    brief.appendChild(title);
    if (activity.instruction) {
      activity.instruction.split(/\n+/).forEach(function (line) { brief.appendChild(el('p', 'activity-instruction', line)); });
    }
    brief.hidden = false;
    document.title = (activity.title ? activity.title + ' – ' : '') + 'ContactLab';
    if (opts.plots) opts.plots.setUrlValue(activity.plots || null);
    opts.theoryEl.hidden = !activity.theory;
    if (activity.theory) opts.openTheory();
  }

  function hideStudentParts() {
    opts.briefEl.hidden = true;
    opts.briefEl.textContent = '';
    document.title = 'ContactLab';
    opts.theoryEl.hidden = false;
  }

  /** Holds the activity's rules (the engine) and shows its parts; the error, or ''. */
  function enforce(json, activity) {
    var error = api.activitySet(json, 1);
    if (error) return error;
    enforced = activity;
    showStudentParts(activity);
    opts.onActivity(activity);
    return '';
  }

  function preview() {
    refresh();
    sharing.then(showPreview);
  }

  function showPreview() {
    if (!shared.json || previewing) return;  // a refused activity: the status line says why
    var error = enforce(shared.json, shared.activity);
    if (error) { els.status.textContent = T('studio.problem', { error: error }); return; }
    previewing = true;
    host.hidden = true;
    opts.barEl.hidden = false;
    opts.openButton.hidden = true;
    els.back.focus();
  }

  function back() {
    api.activitySet('', 0);
    enforced = null;
    opts.onActivity(null);
    previewing = false;
    hideStudentParts();
    opts.barEl.hidden = true;
    opts.openButton.hidden = false;
    host.hidden = false;
    shareSeen = null;
    refresh();
    els.preview.focus();
  }

  function setOpen(on) {
    open = on;
    host.hidden = !on;
    opts.openButton.setAttribute('aria-expanded', String(on));
    if (on) {
      build();
      host.scrollIntoView({ block: 'start' });
      els.title.input.focus();
      clearInterval(pollTimer);
      pollTimer = setInterval(refresh, POLL_MS);
    } else {
      clearInterval(pollTimer);
      opts.onHashState({ studio: false, activity: null });
    }
  }

  /** An activity file's text, loaded into Customize mode (from the picker or a drop). */
  function loadFile(text) {
    if (fromLink) { opts.showMessage('warning', T('studio.student_file_refused')); return; }
    var checked = check(text);
    if (!checked.ok) { opts.showMessage('error', checked.error); return; }
    var error = api.activitySet(JSON.stringify(checked.activity), 0);
    if (error) { opts.showMessage('error', error); return; }
    if (previewing) back();
    if (!open) setOpen(true);
    fill(checked.activity);
    opts.showMessage('info', T('studio.loaded', { title: checked.activity.title || T('studio.untitled') }));
  }

  /** A link's `activity=` value (null: none) and `studio=1`: a student's view, or Customize with it loaded. */
  function fromHash(value, studioFlag) {
    if (value == null) {
      if (studioFlag && !open) setOpen(true);
      return Promise.resolve();
    }
    if (shared.value === value || (enforced && enforcedValue === value)) return Promise.resolve();
    busy = true;
    return decode(value).then(function (json) {
      var checked = check(json);
      if (!checked.ok) throw new Error(checked.error);
      busy = false;
      if (studioFlag) {
        var error = api.activitySet(JSON.stringify(checked.activity), 0);
        if (error) throw new Error(error);
        if (!open) setOpen(true);
        fill(checked.activity);
        return;
      }
      var refused = enforce(JSON.stringify(checked.activity), checked.activity);
      if (refused) throw new Error(refused);
      enforcedValue = value;
      fromLink = true;
      opts.openButton.hidden = true;
      opts.onHashState({ studio: false, activity: value });
    }).catch(function (e) {
      busy = false;
      opts.showMessage('error', T('studio.link_unreadable', { error: e.message || String(e) }));
    });
  }

  els.back = button(T('studio.back'), back);
  els.back.id = 'studio-back';
  var previewNote = el('p', null, T('studio.previewing'));
  previewNote.id = 'studio-previewing';
  els.back.setAttribute('aria-describedby', previewNote.id);  // said with the button the focus lands on
  opts.barEl.appendChild(previewNote);
  opts.barEl.appendChild(els.back);
  opts.openButton.addEventListener('click', function () {
    if (open) { setOpen(false); return; }
    setOpen(true);
  });

  return {
    fromHash: fromHash,
    loadFile: loadFile,
    /** Opens Customize mode (the page's first press of its button, which loaded this module). */
    open: function () { if (!open) setOpen(true); },
    /** True while a student's view from a link holds an activity's rules (not a teacher's preview). */
    studentView: function () { return fromLink; },
    /** For tests: {open, previewing, enforced (the activity held, or null), link, json (the file's text), size}. */
    state: function () {
      return { open: open, previewing: previewing, enforced: enforced, link: shared.link, json: shared.json,
        size: els.size ? els.size.textContent : '' };
    }
  };
}
