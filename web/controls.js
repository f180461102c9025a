/* ContactLab accessible controls: the ImGui panel's state as real HTML
 * controls, for keyboard and screen-reader users. The page is generated from
 * the scene's own parameter specs (cl_scene_json: name, label, unit, range,
 * help, live or reset), every change goes through the engine's validation
 * (cl_set_param ...), and the app's state flows back by polling its status,
 * so the ImGui panel and these controls always show the same run.
 *
 * A polite live region announces what a listener needs: play, pause, the time
 * after a step or a reset, events at a readable rate, refused values.
 *
 * Usage (see page.js): createControls({api, rootEl, helpEl, toggleEl,
 * openSceneFile, showMessage}).
 */
import { button, checkbox, el, svg, textInput } from './dom.js';
import { eventKind, formatNumber } from './plots/format.js';
import { t as T } from './text.js';

var POLL_MS = 250;           // state sync with the app
var ANNOUNCE_GAP_MS = 2000;  // at most one event announcement this often
var TEXT = {
  notInEffect: function (choice) { return T('panel.param.not_in_effect', { choice: choice }); },
  title: T('controls.title'),
  scene: T('controls.scene'),
  openScene: T('controls.open_scene'),
  resetNow: T('panel.reset_now'),
  openSceneHint: T('controls.open_scene_hint'),
  play: T('controls.play'), pause: T('controls.pause'), step: T('controls.step'), reset: T('controls.reset'),
  defaults: T('controls.defaults'),
  run: T('controls.run'), presets: T('controls.presets'), parameters: T('controls.parameters'),
  exports: T('controls.exports'), legend: T('controls.legend'), legendOnPicture: T('controls.legend_on_picture'),
  compare: T('controls.compare'),
  compareIntro: T('controls.compare_intro'),
  compareReference: function (label) { return T('controls.compare_reference', { label: label }); },
  compareVariant: function (k) { return T('controls.compare_variant', { k: k }); },
  compareHint: T('controls.compare_hint'),
  addVariant: T('controls.add_variant'),
  removeVariant: function (k) { return T('controls.remove_variant', { k: k }); },
  endCompare: T('controls.end_compare'),
  sideBySide: T('controls.side_by_side'),
  splitChanged: function (on) { return T(on ? 'controls.split_on' : 'controls.split_off'); },
  compareChanged: function (n) { return n ? T('controls.comparing', { n: n }) : T('controls.comparison_ended'); },
  variantStopped: function (label, message) { return T('controls.variant_stopped', { label: label, message: message }); },
  locked: function (reason) { return T('controls.locked', { reason: reason }); },
  lockedPlain: T('controls.locked_plain'),
  shortcuts: T('controls.shortcuts'),
  stepHint: T('controls.step_hint'),
  resetHint: T('controls.reset_hint'),
  defaultsHint: T('controls.defaults_hint'),
  appliesAtOnce: T('controls.applies_at_once'),
  appliesOnReset: T('controls.applies_on_reset'),
  changedOnReset: T('controls.changed_on_reset'),
  pending: function (names) {
    return T(names.length === 1 ? 'controls.pending.one' : 'controls.pending.other',
      { n: names.length, names: names.join(', ') });
  },
  range: function (min, max, unit) {
    return unit ? T('controls.range_unit', { min: min, max: max, unit: unit }) : T('controls.range', { min: min, max: max });
  },
  choices: function (list) { return T('controls.choices', { list: list.join(', ') }); },
  status: function (t, running, speed, failed) {
    var state = T(failed ? 'controls.state_stopped' : running ? 'controls.state_running' : 'controls.state_paused');
    return T('controls.status', { t: t.toFixed(3), state: state }) + (speed ? ', ' + speed : '');
  },
  readout: function (items) { return items.length ? T('controls.readout', { items: items.join('; ') }) : ''; },
  playing: T('controls.playing'),
  pausedAt: function (t) { return T('controls.paused_at', { t: t.toFixed(2) }); },
  timeIs: function (t) { return T('controls.time_is', { t: t.toFixed(3) }); },
  resetTo: function (t) { return T('controls.reset_to', { t: t.toFixed(2) }); },
  sceneIs: function (title) { return T('controls.scene_is', { title: title }); },
  event: function (e) { return T('controls.event', { kind: eventKind(e.kind), t: e.t.toFixed(2) }); },
  events: function (n, e) {
    return T('controls.events', { n: n, kind: eventKind(e.kind), t: e.t.toFixed(2) });
  },
  refused: function (label, error) { return T('controls.refused', { label: label, error: error }); },
  applied: function (label, value) { return T('controls.applied', { label: label, value: value }); },
  presetApplied: function (name) { return T('controls.preset_applied', { name: name }); },
  exportNames: { series: T('controls.export.series'), events: T('controls.export.events'),
    loops: T('controls.export.loops'), report: T('controls.export.report'), png: T('controls.export.png'),
    scene: T('controls.export.scene') },
  loadScene: T('controls.load_scene'),
  keys: [[T('controls.key_name.space'), T('controls.key.space')], ['S', T('controls.key.s')], ['R', T('controls.key.r')],
    ['Alt+P, Alt+S, Alt+R', T('controls.key.alt')],
    ['?', T('controls.key.help')], ['Tab', T('controls.key.tab')], ['Esc', T('controls.key.esc')]],
  close: T('controls.close'),
  sheetMore: T('controls.sheet_more'),
  sheetLess: T('controls.sheet_less'),
  holdForHelp: T('controls.hold_for_help')
};

/** A padlock drawn as SVG (no font has to carry the glyph), for the eye only: the hint says it in words. */
function lockIcon() {
  var icon = svg('svg', { class: 'controls-lock-icon', viewBox: '0 0 12 14', 'aria-hidden': 'true' });
  icon.appendChild(svg('path', { d: 'M3 6.5V4.5a3 3 0 0 1 6 0v2', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6 }));
  icon.appendChild(svg('rect', { x: 1, y: 6.5, width: 10, height: 7, rx: 1.2, fill: 'currentColor' }));
  return icon;
}

/**
 * The choice, in words, under which `spec` does not act ("Leapfrog" for the
 * tolerance), or null when it acts: its in_effect_when (the engine's
 * param_in_effect) against `params` ({name: text}) and the scene's `specs`.
 */
export function idleUnder(spec, params, specs) {
  var when = spec.in_effect_when;
  if (!when) return null;
  var choice = params[when.param];
  if (choice == null || when.choices.indexOf(choice) >= 0) return null;
  var chooser = specs.filter(function (p) { return p.name === when.param; })[0];
  var at = chooser ? chooser.choices.indexOf(choice) : -1;
  return at >= 0 && chooser.choice_labels ? chooser.choice_labels[at] : choice;
}

export function createControls(opts) {
  var api = opts.api, root = opts.rootEl, helpEl = opts.helpEl;
  var scene = null;          // parsed cl_scene_json
  var fields = {};           // param name -> {spec, input, hint, error, label}
  var els = {};
  var last = null;           // last status seen
  var eventsSeen = 0, unsaid = 0, latestUnsaid = null, lastAnnounce = 0;
  var announcements = [];    // for tests: what the live region said, newest last
  var pollTimer = 0;
  var compareSeen = null;    // the compare JSON the Compare group was built from
  var activitySeen = null;   // the activity revision the controls were built under
  var inSheet = false;       // a small screen's bottom sheet (web/page/sheet.js)

  // -- announcing --

  function announce(text) {
    announcements.push(text);
    if (announcements.length > 50) announcements.shift();
    // A fresh text node each time, so a repeat of the same words is read again.
    els.live.textContent = '';
    els.live.appendChild(document.createTextNode(text));
  }

  // -- building --

  function build() {
    // A new scene's controls replace the old ones: the focus stays on the picker.
    var pickerHadFocus = !!(document.activeElement && document.activeElement.classList.contains('controls-select'));
    scene = JSON.parse(api.sceneJson() || 'null');
    root.textContent = '';
    fields = {};
    if (!scene) return;
    var title = el('h2', 'controls-title', TEXT.title);
    title.id = 'controls-title';
    if (inSheet) title.classList.add('sr-only');  // the sheet's place says what it is
    root.setAttribute('aria-labelledby', title.id);
    root.appendChild(title);

    var parts = [];  // in the panel's order; the sheet puts the run, presets and parameters first
    var sceneRow = el('div', 'controls-row');
    var sceneLabel = el('label', null, TEXT.scene + ' ');
    var select = el('select', 'controls-select');
    scene.scenes.forEach(function (s) {
      var option = el('option', null, s.title);
      option.value = s.id;
      option.selected = s.id === scene.id;
      select.appendChild(option);
    });
    // The arrow keys only choose (a screen reader reads each scene on the
    // way); Enter or Open opens the one chosen. A pick with the mouse opens it.
    var chosenByKey = false;
    function openChosen() {
      chosenByKey = false;
      if (select.value === scene.id) return;
      api.setScene(select.value);
      rebuildSoon();
    }
    select.addEventListener('keydown', function (ev) {
      if (ev.key === 'Enter') {
        ev.preventDefault();
        openChosen();
      } else if (ev.key.indexOf('Arrow') === 0 || ev.key === 'Home' || ev.key === 'End' || ev.key.length === 1) {
        chosenByKey = true;
      }
    });
    select.addEventListener('change', function () { if (!chosenByKey) openChosen(); });
    select.disabled = !!scene.activity;  // an activity is one scene's
    sceneLabel.appendChild(select);
    sceneRow.appendChild(sceneLabel);
    var openButton = button(TEXT.openScene, openChosen, TEXT.openSceneHint);
    openButton.disabled = select.disabled;
    sceneRow.appendChild(openButton);
    parts.push(sceneRow);
    var caption = el('p', 'controls-caption', scene.caption);
    caption.id = 'controls-caption';
    parts.push(caption);

    var run = group(TEXT.run);
    run.id = 'controls-run';  // a skip link's target
    if (inSheet) run.appendChild(el('p', 'controls-sheet-scene', scene.title));
    els.play = button(TEXT.play, function () {
      var starting = !(last && last.running);
      command('toggle');
      if (inSheet && starting) foldSheet();  // to watch the run, the picture whole
    });
    els.play.setAttribute('aria-keyshortcuts', 'Space Alt+P');
    run.appendChild(els.play);
    var stepButton = button(TEXT.step, function () { command('step'); }, TEXT.stepHint);
    stepButton.setAttribute('aria-keyshortcuts', 'S Alt+S');
    run.appendChild(stepButton);
    var resetButton = button(TEXT.reset, function () { command('reset'); }, TEXT.resetHint);
    resetButton.setAttribute('aria-keyshortcuts', 'R Alt+R');
    run.appendChild(resetButton);
    if (inSheet) run.appendChild(sheetToggle());
    var defaults = button(TEXT.defaults, function () { command('defaults'); }, TEXT.defaultsHint);
    defaults.classList.add('controls-defaults');
    run.appendChild(defaults);
    els.pending = el('p', 'controls-pending');
    els.pending.id = 'controls-pending';
    resetButton.setAttribute('aria-describedby', els.pending.id);
    run.appendChild(els.pending);
    els.status = el('p', 'controls-status');
    run.appendChild(els.status);
    els.readout = el('p', 'controls-readout' + (inSheet ? ' sr-only' : ''));  // long for a phone: said, not shown
    run.appendChild(els.readout);
    parts.push(run);

    var presets = null;
    if (scene.presets.length) {
      presets = group(TEXT.presets);
      presets.id = 'controls-presets';  // a skip link's target
      scene.presets.forEach(function (p, k) {
        var hint = el('span', 'sr-only', p.help);
        hint.id = 'preset-help-' + k;
        var b = button(p.name, function () { applyPreset(p.name); });
        b.setAttribute('aria-describedby', hint.id);
        b.title = p.help;
        presets.appendChild(b);
        presets.appendChild(hint);
      });
      parts.push(presets);
    }

    var params = group(TEXT.parameters, 'fieldset');
    params.id = 'controls-params';
    // An activity's hidden parameters are not there at all; its locked ones are read-only.
    // In the sheet the scene's key parameters come first, and a long press shows a field's help.
    if (inSheet) params.appendChild(el('p', 'controls-sheet-hint', TEXT.holdForHelp));
    sheetOrder(scene.params).forEach(function (spec) { if (spec.access !== 'hidden') params.appendChild(field(spec)); });
    parts.push(params);

    els.compare = group(TEXT.compare);
    parts.push(els.compare);
    compareSeen = null;

    var exports = group(TEXT.exports);
    exports.id = 'controls-export';
    ['series', 'events'].concat(scene.has_loops ? ['loops'] : [], scene.has_report ? ['report'] : [], ['png', 'scene'])
      .forEach(function (what) {
        exports.appendChild(button(TEXT.exportNames[what], function () { api.exportFile(what); }));
      });
    exports.appendChild(button(TEXT.loadScene, function () { opts.openSceneFile(); }));
    parts.push(exports);

    var legend = group(TEXT.legend);
    var list = el('ul', 'controls-legend');
    scene.legend.forEach(function (text) { list.appendChild(el('li', null, text)); });
    legend.appendChild(list);
    // The legend on the picture, with each marker's colour: a narrow screen leaves it off until asked.
    els.legendShown = checkbox('controls-check', TEXT.legendOnPicture, false);
    els.legendShown.input.addEventListener('change', function () {
      api.command(els.legendShown.input.checked ? 'show_legend' : 'hide_legend');
    });
    legend.appendChild(els.legendShown.wrap);
    parts.push(legend);
    // In the sheet the legend follows the parameters: a phone draws none on the picture until asked.
    if (inSheet) parts = [run].concat(presets ? [presets] : [], [params, legend], parts.filter(function (part) {
      return part !== run && part !== presets && part !== params && part !== legend;
    }));
    parts.forEach(function (part) { root.appendChild(part); });
    if (pickerHadFocus) select.focus();

    els.live = el('div', 'sr-only');
    els.live.setAttribute('aria-live', 'polite');
    els.live.setAttribute('aria-atomic', 'true');
    els.live.id = 'controls-live';
    root.appendChild(els.live);
    last = null;
    sync();
  }

  /** A labelled group: a heading and its controls (a fieldset for the parameters). */
  function group(title, tag) {
    var node = el(tag || 'section', 'controls-group');
    var heading = el(tag === 'fieldset' ? 'legend' : 'h3', 'controls-heading', title);
    node.appendChild(heading);
    if (tag !== 'fieldset') {
      heading.id = 'controls-h-' + title.replace(/\W+/g, '-').toLowerCase();
      node.setAttribute('aria-labelledby', heading.id);
      node.setAttribute('role', 'group');
    }
    return node;
  }

  /** The parameters in the panel's order; in the sheet the scene's key ones first, in their order. */
  function sheetOrder(params) {
    if (!inSheet) return params;
    var keys = scene.key_params || [];
    var byName = {};
    params.forEach(function (spec) { byName[spec.name] = spec; });
    var first = keys.map(function (name) { return byName[name]; }).filter(Boolean);
    return first.concat(params.filter(function (spec) { return first.indexOf(spec) < 0; }));
  }

  /** The sheet's More / Less: shows everything below the run's buttons, or just them. */
  function sheetToggle() {
    els.sheetToggle = button('', function () { showSheetOpen(!root.classList.contains('sheet-open')); });
    els.sheetToggle.classList.add('controls-sheet-toggle');
    els.sheetToggle.setAttribute('aria-controls', root.id);
    showSheetOpen(root.classList.contains('sheet-open'));
    return els.sheetToggle;
  }

  function showSheetOpen(open) {
    var folding = root.classList.contains('sheet-open') && !open;
    root.classList.toggle('sheet-open', open);
    els.sheetToggle.textContent = open ? TEXT.sheetLess : TEXT.sheetMore;
    els.sheetToggle.setAttribute('aria-expanded', String(open));
    // Folded, the sheet shows its first buttons again. Only when it folds:
    // writing scrollTop lays the page out (20-30 ms of the start at 4x throttling).
    if (folding) root.scrollTop = 0;
  }

  function foldSheet() {
    if (root.classList.contains('sheet-open')) showSheetOpen(false);
  }

  /** One parameter: label with unit, input, its range and help, and room for an error. */
  function field(spec) {
    var id = 'param-' + spec.name;
    var wrap = el('div', 'controls-field');
    var labelText = spec.unit ? spec.label + ' (' + spec.unit + ')' : spec.label;
    var label = el('label', null, labelText);
    label.htmlFor = id;
    var input;
    if (spec.kind === 'choice') {
      input = el('select', 'controls-input');
      spec.choices.forEach(function (c, k) {
        var option = el('option', null, spec.choice_labels ? spec.choice_labels[k] : c);
        option.value = c;
        input.appendChild(option);
      });
      input.addEventListener('change', function () { commit(spec, input.value); });
      input.disabled = spec.access === 'locked';  // a select cannot be read-only
    } else {
      input = textInput('controls-input', spec.kind !== 'text');
      if (spec.kind === 'text') {
        input.placeholder = spec.placeholder || '';
        input.spellcheck = false;
      } else {
        input.setAttribute('aria-valuemin', spec.min);
        input.setAttribute('aria-valuemax', spec.max);
      }
      input.addEventListener('change', function () { commit(spec, input.value); });
      input.addEventListener('keydown', function (ev) {
        if (ev.key === 'Enter') { ev.preventDefault(); commit(spec, input.value); }
        if (ev.key === 'Escape' && fields[spec.name].error.textContent) { clearError(spec.name); syncValue(spec.name, true); }
      });
    }
    input.id = id;
    input.name = spec.name;
    var locked = spec.access === 'locked';
    if (locked && input.tagName === 'INPUT') {
      input.readOnly = true;
      input.setAttribute('aria-readonly', 'true');
    }
    var hint = el('span', 'controls-hint');
    hint.id = id + '-hint';
    var range = spec.kind === 'choice' ? TEXT.choices(spec.choice_labels || spec.choices)
      : spec.kind === 'text' ? '' : TEXT.range(formatNumber(spec.min), formatNumber(spec.max), spec.unit);
    var when = el('span', 'controls-when', spec.live ? TEXT.appliesAtOnce : TEXT.appliesOnReset + '.');
    var idle = el('span', 'controls-idle');  // filled by sync() while the current choice does not use it
    idle.hidden = true;
    hint.appendChild(idle);
    if (locked) {  // the lock and the teacher's reason first: why it cannot change
      var said = spec.lock_reason ? TEXT.locked(spec.lock_reason) : TEXT.lockedPlain;
      var lock = el('span', 'controls-lock', /[.!?]$/.test(said) ? said : said + '.');
      hint.appendChild(lock);
      hint.appendChild(document.createTextNode(' '));
      label.insertBefore(lockIcon(), label.firstChild);
      wrap.classList.add('locked');
    }
    hint.appendChild(document.createTextNode((range ? range + '; ' : '') + spec.help + ' '));
    hint.appendChild(when);
    var error = el('span', 'controls-error');
    error.id = id + '-error';
    error.hidden = true;
    input.setAttribute('aria-describedby', hint.id + ' ' + error.id);
    if (!spec.live) {  // a star to the eye, words to a screen reader
      label.appendChild(el('span', 'controls-star', ' *'));
      input.setAttribute('aria-label', labelText + ', ' + TEXT.appliesOnReset);
    }
    wrap.appendChild(label);
    wrap.appendChild(input);
    // Next to a changed field that waits for Reset: one Tab away, not a trip back to the run's buttons.
    var resetNow = null;
    if (!spec.live) {
      resetNow = button(TEXT.resetNow, function () {
        input.focus();  // the button hides once the change is applied
        command('reset');
      }, TEXT.resetHint);
      resetNow.classList.add('controls-reset-now');
      resetNow.hidden = true;
      wrap.appendChild(resetNow);
    }
    wrap.appendChild(error);
    wrap.appendChild(hint);
    fields[spec.name] = { spec: spec, input: input, error: error, when: when, idle: idle, wrap: wrap, label: label,
      resetNow: resetNow };
    return wrap;
  }

  function showError(name, text) {
    var f = fields[name];
    f.error.textContent = text;
    f.error.hidden = false;
    f.input.setAttribute('aria-invalid', 'true');
    f.wrap.classList.add('invalid');
  }

  function clearError(name) {
    var f = fields[name];
    f.error.textContent = '';
    f.error.hidden = true;
    f.input.removeAttribute('aria-invalid');
    f.wrap.classList.remove('invalid');
  }

  /** The Compare group: the reference, each variant's changes as a field, add and remove. */
  function buildCompare(state) {
    var box = els.compare;
    while (box.childNodes.length > 1) box.removeChild(box.lastChild);  // keep the heading
    var list = state.runs;
    if (!list.length) box.appendChild(el('p', 'controls-hint', TEXT.compareIntro));
    list.forEach(function (r, k) {
      var row = el('div', 'controls-field compare-run');
      var swatch = el('span', 'swatch');
      swatch.style.background = r.color;
      swatch.setAttribute('aria-hidden', 'true');
      row.appendChild(swatch);
      if (k === 0) {
        row.appendChild(el('span', null, TEXT.compareReference(r.shown || r.label)));
        box.appendChild(row);
        return;
      }
      var id = 'compare-run-' + (k + 1);
      var label = el('label', null, TEXT.compareVariant(k + 1));
      label.htmlFor = id;
      var input = textInput('controls-input');
      input.id = id;
      input.value = r.changes;
      input.spellcheck = false;
      var hint = el('span', 'controls-hint', TEXT.compareHint);
      hint.id = id + '-hint';
      var error = el('span', 'controls-error');
      error.id = id + '-error';
      error.hidden = true;
      input.setAttribute('aria-describedby', hint.id + ' ' + error.id);
      function apply() {
        if (input.value === r.changes) return;
        var refused = api.compareEdit(k, input.value);
        if (refused) {
          error.textContent = refused;
          error.hidden = false;
          input.setAttribute('aria-invalid', 'true');
          row.classList.add('invalid');
          announce(TEXT.refused(TEXT.compareVariant(k + 1), refused));
          return;
        }
        announce(TEXT.compareChanged(list.length));
        syncCompare(true);
      }
      input.addEventListener('change', apply);
      input.addEventListener('keydown', function (ev) { if (ev.key === 'Enter') { ev.preventDefault(); apply(); } });
      row.appendChild(label);
      row.appendChild(input);
      row.appendChild(button(TEXT.removeVariant(k + 1), function () {
        api.compareRemove(k);
        announce(TEXT.compareChanged(list.length > 2 ? list.length - 1 : 0));
        syncCompare(true);
        if (els.addVariant) els.addVariant.focus();
      }));
      row.appendChild(error);
      row.appendChild(hint);
      box.appendChild(row);
    });
    els.addVariant = button(TEXT.addVariant, function () {
      var refused = api.compareAdd();
      if (refused) { opts.showMessage('error', refused); return; }
      var now = JSON.parse(api.compareJson());
      announce(TEXT.compareChanged(now.runs.length));
      syncCompare(true);
      var fields = els.compare.querySelectorAll('input');
      if (fields.length) fields[fields.length - 1].focus();
    });
    els.addVariant.disabled = list.length >= state.max;
    box.appendChild(els.addVariant);
    if (list.length) {
      box.appendChild(button(TEXT.endCompare, function () {
        api.compareSet('');
        announce(TEXT.compareChanged(0));
        syncCompare(true);
      }));
      var split = checkbox('controls-check', TEXT.sideBySide, !!state.split);
      split.input.addEventListener('change', function () {
        api.compareSplit(split.input.checked ? 1 : 0);
        announce(TEXT.splitChanged(split.input.checked));
      });
      box.appendChild(split.wrap);
    }
  }

  /** Rebuilds the Compare group when the runs changed (not while one of its fields is being edited). */
  function syncCompare(force) {
    if (!els.compare) return;
    var text = api.compareJson();
    var state = JSON.parse(text || 'null');
    if (!state) return;
    var structure = JSON.stringify(state.runs.map(function (r) { return [r.label, r.changes, r.color]; })) + state.split;
    var editing = els.compare.contains(document.activeElement) && document.activeElement.tagName === 'INPUT';
    if (!force && (structure === compareSeen || editing)) return;
    compareSeen = structure;
    buildCompare(state);
  }

  // -- actions --

  /** Sets a parameter; on a refusal the typed text stays, marked, and the run keeps its last good value. */
  function commit(spec, value) {
    var error = api.setParam(spec.name, String(value));
    if (error) {
      showError(spec.name, error);
      announce(TEXT.refused(spec.label, error));
      return;
    }
    clearError(spec.name);
    announce(TEXT.applied(spec.label, value + (spec.unit ? ' ' + spec.unit : '')));
    sync();
  }

  function applyPreset(name) {
    var error = api.applyPreset(name);
    if (error) { opts.showMessage('error', error); return; }
    Object.keys(fields).forEach(clearError);
    announce(TEXT.presetApplied(name));
    sync();
  }

  /** Runs a transport command ("toggle", "step", "reset", "defaults") and says what happened. */
  function command(name) {
    api.command(name);
    var st = JSON.parse(api.status());
    if (name === 'toggle') {
      announce(st.running ? TEXT.playing : TEXT.pausedAt(st.t));
      if (last) last.running = st.running;  // said here: sync() must not say it again
      if (!st.running) forgetEvents(st);
    }
    else if (name === 'reset' || name === 'defaults') {
      Object.keys(fields).forEach(clearError);
      announce(TEXT.resetTo(st.t));
    } else if (name === 'step') setTimeout(function () { announce(TEXT.timeIs(JSON.parse(api.status()).t)); }, 120);
    sync();
  }

  // -- keeping in step with the app --

  var rebuildTimer = 0;
  function rebuildSoon() {
    clearTimeout(rebuildTimer);
    rebuildTimer = setTimeout(build, 0);
  }

  function syncValue(name, force) {
    var f = fields[name];
    if (!f || !last) return;
    var value = last.params[name];
    // Never overwrite what the user is typing, or a refused text they are mending.
    if (!force && (document.activeElement === f.input || !f.error.hidden)) return;
    if (f.input.value !== value) f.input.value = value;
  }

  function sync() {
    var st;
    try { st = JSON.parse(api.status()); } catch (e) { return; }
    if (!scene || st.scene !== scene.id || st.activity_revision !== activitySeen) {
      last = st;
      activitySeen = st.activity_revision;
      build();
      return;
    }
    var first = !last;
    if (!first && last.running && !st.running && !st.failed) {
      announce(TEXT.pausedAt(st.t));
      forgetEvents(st);
    }
    last = st;
    Object.keys(fields).forEach(function (name) {
      syncValue(name, first);
      var pending = st.pending.indexOf(name) >= 0;
      fields[name].wrap.classList.toggle('pending', pending);
      if (fields[name].resetNow) fields[name].resetNow.hidden = !pending;
      if (!fields[name].spec.live) fields[name].when.textContent = pending ? TEXT.changedOnReset : TEXT.appliesOnReset + '.';
      syncIdle(fields[name], st.params);
    });
    els.play.textContent = st.running ? TEXT.pause : TEXT.play;
    if (els.legendShown.input.checked !== st.legend) els.legendShown.input.checked = st.legend;
    els.pending.textContent = st.pending.length ? TEXT.pending(st.pending) : '';
    els.pending.hidden = !st.pending.length;
    els.status.textContent = TEXT.status(st.t, st.running, st.speed_text, st.failed);
    els.readout.textContent = TEXT.readout(st.readout.map(function (r) {
      return r.label + ' ' + formatNumber(r.value) + (r.unit ? ' ' + r.unit : '');
    }));
    syncCompare(false);
    announceEvents();
  }

  /** Dims a field the current law or method does not use, and says so first in its hint. */
  function syncIdle(f, params) {
    var choice = idleUnder(f.spec, params, scene.params);
    var said = choice ? TEXT.notInEffect(choice) + ' ' : '';
    if (f.idle.textContent !== said) f.idle.textContent = said;
    f.idle.hidden = !choice;
    f.wrap.classList.toggle('idle', !!choice);
  }

  /** Events before a pause are not said after it ("Paused at t = 3.42 s", then a stale "2 events at t = 2.88 s"). */
  function forgetEvents(st) {
    eventsSeen = st.events;
    unsaid = 0;
    latestUnsaid = null;
  }

  /** New events, said at most every ANNOUNCE_GAP_MS: one by name, several counted. */
  function announceEvents() {
    var got = JSON.parse(api.eventsJson(eventsSeen) || 'null');
    if (!got) return;
    if (got.total < eventsSeen) {  // the recording restarted: read it from its start next time
      eventsSeen = unsaid = 0;
      latestUnsaid = null;
      return;
    }
    unsaid += got.total - eventsSeen;
    eventsSeen = got.total;
    if (got.events.length) latestUnsaid = got.events[got.events.length - 1];
    if (!unsaid || !latestUnsaid || Date.now() - lastAnnounce < ANNOUNCE_GAP_MS) return;
    announce(unsaid === 1 ? TEXT.event(latestUnsaid) : TEXT.events(unsaid, latestUnsaid));
    lastAnnounce = Date.now();
    unsaid = 0;
    latestUnsaid = null;
  }

  // -- help dialog --

  function buildHelp() {
    if (!helpEl || helpEl.childNodes.length) return;
    var title = el('h2', null, TEXT.shortcuts);
    title.id = 'help-title';
    helpEl.setAttribute('aria-labelledby', title.id);
    helpEl.appendChild(title);
    var list = el('dl', 'help-keys');
    TEXT.keys.forEach(function (k) {
      list.appendChild(el('dt', null, k[0]));
      list.appendChild(el('dd', null, k[1]));
    });
    helpEl.appendChild(list);
    var close = button(TEXT.close, function () { helpEl.close(); });
    helpEl.appendChild(close);
  }

  function toggleHelp() {
    if (!helpEl || typeof helpEl.showModal !== 'function') return;
    buildHelp();
    if (helpEl.open) helpEl.close(); else helpEl.showModal();
  }

  // -- the sheet: a long press on a parameter's label shows its help --

  var HOLD_MS = 500;  // a press this long is a long press (as phones count one)
  var HOLD_SLOP_PX = 10;
  var hold = null;    // {timer, x, y} while a press may become a long press
  var holdDone = false;
  function endHold() {
    if (hold) clearTimeout(hold.timer);
    hold = null;
  }
  root.addEventListener('pointerdown', function (ev) {
    var label = inSheet && ev.target.closest && ev.target.closest('.controls-field > label');
    if (!label) return;
    endHold();
    holdDone = false;
    var wrap = label.parentNode;
    hold = { x: ev.clientX, y: ev.clientY, timer: setTimeout(function () {
      var shown = !wrap.classList.contains('show-hint');
      root.querySelectorAll('.controls-field.show-hint').forEach(function (f) { f.classList.remove('show-hint'); });
      wrap.classList.toggle('show-hint', shown);
      holdDone = true;
      hold = null;
    }, HOLD_MS) };
  });
  root.addEventListener('pointermove', function (ev) {
    if (hold && Math.hypot(ev.clientX - hold.x, ev.clientY - hold.y) > HOLD_SLOP_PX) endHold();
  });
  root.addEventListener('pointerup', endHold);
  root.addEventListener('pointercancel', endHold);
  // The press's own click would focus the field (a phone's keyboard opening over the help); a phone's menu neither.
  root.addEventListener('click', function (ev) {
    if (holdDone) { ev.preventDefault(); holdDone = false; }
  }, true);
  root.addEventListener('contextmenu', function (ev) {
    if (inSheet && ev.target.closest && ev.target.closest('.controls-field > label')) ev.preventDefault();
  });

  if (opts.toggleEl) {
    opts.toggleEl.addEventListener('click', function () {
      var open = !root.classList.contains('open');
      root.classList.toggle('open', open);
      opts.toggleEl.setAttribute('aria-expanded', String(open));
      if (open) { var first = root.querySelector('select, button, input'); if (first) first.focus(); }
    });
  }

  return {
    start: function () {
      build();
      pollTimer = setInterval(sync, POLL_MS);
    },
    stop: function () { clearInterval(pollTimer); },
    /** Shown as a small screen's bottom sheet (true), or as the panel's accessible twin. */
    setSheet: function (on) {
      if (on === inSheet) return;
      inSheet = on;
      root.classList.toggle('sheet', on);
      root.classList.remove('sheet-open');
      build();
    },
    command: command,
    toggleHelp: toggleHelp,
    announced: function () { return announcements.slice(); }
  };
}
