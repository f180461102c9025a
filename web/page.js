/* ContactLab page glue: the emscripten Module, the hooks the app calls
 * (Module.cl*, see src/app/page_bridge.h), URL hash handling, messages,
 * downloads, scene files (picker and drag & drop), and window.contactlab.
 *
 * Must run before the emscripten script ({{{ SCRIPT }}} in shell/index.html),
 * which picks up the `Module` object defined here.
 * Globals: Module, contactlab (and ContactLabPlots, ContactLabLoops,
 * ContactLabInspector, ContactLabSweep, ContactLabControls, ContactLabHostLink,
 * ContactLabClip from plots.js, loops.js, inspector.js, sweep.js, controls.js,
 * host_link.js, clip.js).
 */
var Module = (function () {
  'use strict';

  // Without text.js (a file that failed to load) the keys show: still better than nothing.
  var T = typeof ContactLabText === 'object' ? ContactLabText.t : function (key) { return key; };

  var MESSAGE_LIMIT = 3;                                   // visible at once
  var MESSAGE_MS = { info: 5000, warning: 9000 };          // errors stay until dismissed
  var MAX_SCENE_BYTES = 32 * 1024 * 1024;                  // the engine's limit (io/json_text.h)
  var PLOTS_KEY = 'plots';                                 // hash keys owned by the page, not the app:
  var ALLOW_KEY = 'allow';                                 //   plot layout; origins a host page may message from;
  var THEME_KEY = 'theme';                                 //   dark, light or auto (web/theme.js);
  var LANG_KEY = 'lang';                                   //   en or de (web/text.js);
  var THEORY_KEY = 'theory';                               //   1: the theory panel open (also in embed=1);
  var PERF_KEY = 'perf';                                   //   1: what each frame costs, printed (web/frame_timing.js);
  var ACTIVITY_KEY = 'activity';                           //   a teacher's activity, encoded (web/studio.js);
  var STUDIO_KEY = 'studio';                               //   1: Customize mode open
  var SOUND_KEY = 'sound';                                 //   1: impacts heard (web/sound.js)
  var PAGE_KEYS = [PLOTS_KEY, ALLOW_KEY, THEME_KEY, LANG_KEY, THEORY_KEY, PERF_KEY, ACTIVITY_KEY, STUDIO_KEY, SOUND_KEY];

  var canvas = document.getElementById('canvas');
  var loadingEl = document.getElementById('loading');
  var loadingText = document.getElementById('loading-text');
  var messagesEl = document.getElementById('messages');

  var api = null;           // cwrap'ed exports, once the runtime is up
  var plots = null;         // ContactLabPlots instance
  var loops = null;         // ContactLabLoops instance (hysteresis panel)
  var inspector = null;     // ContactLabInspector instance (asked vs measured restitution)
  var theory = null;        // ContactLabTheory instance (the model's equations)
  var frameTiming = null;   // ContactLabFrameTiming instance (perf=1)
  var sweep = null;         // ContactLabSweep instance (parameter sweeps in a Web Worker)
  var controls = null;      // ContactLabControls instance (accessible HTML controls)
  var hostLink = null;      // ContactLabHostLink instance (postMessage from a course page)
  var studio = null;        // ContactLabStudio instance (Customize mode, a student's activity)
  var statements = null;    // ContactLabStatements instance (what a student did, for the host page)
  var questions = null;     // ContactLabQuestions panel (predict, then observe)
  var sound = null;         // ContactLabSound instance (impacts heard, opt-in)
  var clip = null;          // ContactLabClip instance (Record: the canvas as a WebM)
  // The studio's keys in the link: the link's own until the studio says otherwise.
  var hashActivity = { studio: keyLinked(STUDIO_KEY), activity: splitHash(location.hash)[ACTIVITY_KEY] };
  var ready = false;
  var failed = false;
  var appHash = null;       // last hash set by the app (no '#', no plots key)
  var timings = {};         // ms since navigation start: firstFrame
  var resolveReady;
  var readyPromise = new Promise(function (resolve) { resolveReady = resolve; });

  // ---- Loading and fatal errors -----------------------------------------

  function setLoadingText(text) {
    if (!ready && !failed && text) loadingText.textContent = text;
  }

  /** Replaces the loading indicator with an error text (WebAssembly failed, abort...). */
  function showFatal(text) {
    if (failed) return;
    failed = true;
    loadingEl.hidden = false;
    loadingEl.classList.add('failed');
    loadingText.setAttribute('role', 'alert');
    loadingText.textContent = text;
    if (plots) plots.stop();
    if (loops) loops.stop();
    if (inspector) inspector.stop();
    if (theory) theory.stop();
    if (sweep) sweep.stop();
  }

  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showFatal(T('page.no_wasm'));
  }

  // A missing contactlab.js / uPlot file shows up only as a resource error event.
  window.addEventListener('error', function (ev) {
    var target = ev.target;
    if (target && target.tagName === 'SCRIPT' && !ready) {
      showFatal(T('page.script_failed', { script: target.getAttribute('src') || T('page.a_script') }));
    }
  }, true);

  // Creating a WebGL2 context takes hundreds of ms under software rendering.
  // Start it once every script has run, so index.js has begun compiling the
  // WebAssembly (off the main thread) by then: SDL's getContext later
  // receives this same context. The attributes are the ones SDL asks for (a
  // 16-bit depth buffer, no alpha, stencil or multisampling).
  document.addEventListener('DOMContentLoaded', function () {
    try {
      canvas.getContext('webgl2', { alpha: false, depth: true, stencil: false, antialias: false });
    } catch (e) {
      // No WebGL2: the app's own context creation reports it.
    }
  });

  // SDL takes the canvas's mouse and touch events without giving it the
  // focus, which its keys (an ImGui text field) need: give it here.
  canvas.addEventListener('pointerdown', function () {
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
  });

  canvas.addEventListener('webglcontextlost', function (ev) {
    ev.preventDefault();
    showMessage('error', T('page.webgl_lost'));
  });

  // ---- URL hash ----------------------------------------------------------

  function hashParts(hash) {
    return String(hash || '').replace(/^#/, '').split('&').filter(Boolean);
  }

  /** The page key a hash part sets ('plots', 'allow'), or null for the app's parts. */
  function pageKeyOf(part) {
    var key = part.split('=')[0];
    return PAGE_KEYS.indexOf(key) >= 0 ? key : null;
  }

  /** Splits a hash into the app's part (string, no '#') and the page keys' raw values. */
  function splitHash(hash) {
    var parts = hashParts(hash);
    var split = { app: parts.filter(function (p) { return !pageKeyOf(p); }).join('&') };
    PAGE_KEYS.forEach(function (key) {
      var part = parts.filter(function (p) { return pageKeyOf(p) === key; })[0];
      split[key] = part ? part.slice(key.length + 1) : null;
    });
    return split;
  }

  /** Whether the link sets page key `key` to 1 (theory=1, perf=1). */
  function keyLinked(key) {
    var value = splitHash(location.hash)[key];
    return value === '1' || value === 'true';
  }

  /** Whether the link opens the theory panel (theory=1). */
  function theoryLinked() { return keyLinked(THEORY_KEY); }

  function updateEmbedClass(appPart) {
    var embed = hashParts(appPart).some(function (p) { return p === 'embed=1' || p === 'embed=true'; });
    document.body.classList.toggle('embed', embed);
  }

  function currentPlotsValue() {
    return plots ? plots.urlValue() : splitHash(location.hash).plots;
  }

  /** Writes app hash + page keys into the URL without a history entry (no hashchange). */
  function writeHash() {
    var app = appHash != null ? appHash : splitHash(location.hash).app;
    var parts = app ? [app] : [];
    var plotsValue = currentPlotsValue();
    if (plotsValue) parts.push(PLOTS_KEY + '=' + plotsValue);
    var allowValue = splitHash(location.hash)[ALLOW_KEY];  // set by the link only
    if (allowValue) parts.push(ALLOW_KEY + '=' + allowValue);
    if (ContactLabTheme.choice() !== ContactLabTheme.DEFAULT_CHOICE) parts.push(THEME_KEY + '=' + ContactLabTheme.choice());
    var lang = chosenLanguage();
    if (lang) parts.push(LANG_KEY + '=' + lang);
    if (theory ? theory.state().open : theoryLinked()) parts.push(THEORY_KEY + '=1');
    if (keyLinked(PERF_KEY)) parts.push(PERF_KEY + '=1');  // set by the link only
    if (hashActivity.studio) parts.push(STUDIO_KEY + '=1');
    if (sound ? sound.state().on : keyLinked(SOUND_KEY)) parts.push(SOUND_KEY + '=1');
    if (hashActivity.activity) parts.push(ACTIVITY_KEY + '=' + hashActivity.activity);
    var hash = parts.length ? '#' + parts.join('&') : '';
    if (hash === location.hash) return;
    try {
      history.replaceState(history.state, '', hash || location.pathname + location.search);
    } catch (e) {
      // Sandboxed iframes (about:srcdoc, data:) may refuse; the run is unaffected.
    }
  }

  function onHashChange() {
    var split = splitHash(location.hash);
    appHash = split.app;
    updateEmbedClass(split.app);
    applyThemeValue(split[THEME_KEY]);
    if (split[LANG_KEY] && split[LANG_KEY] !== ContactLabText.language() &&
        ContactLabText.CHOICES.indexOf(split[LANG_KEY]) >= 0) {
      location.reload();  // the language is fixed for a page load (web/text.js)
      return;
    }
    if (plots) plots.setUrlValue(split.plots);
    if (api) api.applyHash(split.app ? '#' + split.app : '');
    if (studio && split[ACTIVITY_KEY] !== hashActivity.activity) studio.fromHash(split[ACTIVITY_KEY], keyLinked(STUDIO_KEY));
  }

  // ---- Theme ------------------------------------------------------------------

  var themeSelect = document.getElementById('theme-choice');

  /** A link's theme= value (null: the default); one that is not a theme is said and changes nothing. */
  function applyThemeValue(value) {
    var wanted = value == null || value === '' ? ContactLabTheme.DEFAULT_CHOICE : value;
    if (!ContactLabTheme.set(wanted)) {
      showMessage('warning', T('page.theme_refused', { value: ContactLabText.clip(value), choices: ContactLabTheme.CHOICES.join(', '),
        theme: ContactLabTheme.choice() }));
    }
    themeSelect.value = ContactLabTheme.choice();
  }

  /** The app's canvas and panel, and every chart, in the theme now shown. */
  function restyle(theme) {
    if (api) api.setTheme(theme);
    if (plots) plots.invalidateLayout();
    [loops && loops.uplot(), inspector && inspector.uplot()].concat(sweep ? sweep.uplots() : [])
      .forEach(function (u) { if (u) u.redraw(true, true); });
  }

  themeSelect.value = ContactLabTheme.choice();
  themeSelect.addEventListener('change', function () {
    ContactLabTheme.set(themeSelect.value);
    writeHash();
  });
  ContactLabTheme.onChange(restyle);

  // ---- Language ---------------------------------------------------------------

  var languageSelect = document.getElementById('language-choice');
  var languagePicked = null;  // chosen in the list, about to reload

  /** The language the link names (kept in the link), or null when it follows the browser. */
  function chosenLanguage() {
    if (languagePicked) return languagePicked;
    var linked = splitHash(location.hash)[LANG_KEY];
    return ContactLabText.CHOICES.indexOf(linked) >= 0 ? linked : null;
  }

  ContactLabText.CHOICES.forEach(function (code) {
    var option = new Option(ContactLabText.textIn(code, 'language.name'), code);
    option.lang = code;
    languageSelect.appendChild(option);
  });
  languageSelect.value = ContactLabText.language();
  languageSelect.addEventListener('change', function () {
    languagePicked = languageSelect.value;
    writeHash();
    location.reload();  // every text, the app's included, drawn anew in the language
  });

  function sayRefusedLanguage() {
    var value = ContactLabText.refused();
    if (value == null) return;
    var names = ContactLabText.CHOICES.map(function (code) { return ContactLabText.textIn(code, 'language.name'); });
    showMessage('warning', T('language.refused', { code: ContactLabText.clip(value), languages: names.join(', '),
      name: T('language.name') }));
  }

  // ---- Messages ------------------------------------------------------------

  function normalizeLevel(level) {
    return level === 'warning' || level === 'error' ? level : 'info';
  }

  function removeMessage(node) {
    if (node.parentNode) node.parentNode.removeChild(node);
    if (node._timer) clearTimeout(node._timer);
  }

  /** Oldest info/warning, so errors stay until dismissed; oldest error if all are errors. */
  function oldestEvictable() {
    return messagesEl.querySelector('.msg:not(.msg-error)') || messagesEl.firstChild;
  }

  /** A visible message with this level and text, if any. */
  function findMessage(level, text) {
    var nodes = messagesEl.querySelectorAll('.msg');
    for (var i = 0; i < nodes.length; i++) if (nodes[i]._level === level && nodes[i]._text === text) return nodes[i];
    return null;
  }

  function startFade(node) {
    if (node._timer) clearTimeout(node._timer);
    node._timer = MESSAGE_MS[node._level] && !node._sticky ? setTimeout(function () { removeMessage(node); }, MESSAGE_MS[node._level]) : 0;
  }

  /**
   * Adds a message. Text goes through textContent only: it may come from the
   * URL. The same message again is counted on the one shown ("×3"), not
   * stacked; info and warnings fade, errors stay until dismissed; at most
   * MESSAGE_LIMIT are shown. `action` ({label, run}) adds a button, and the
   * message then stays until it is used or dismissed.
   */
  function showMessage(level, text, action) {
    level = normalizeLevel(level);
    text = String(text);
    var same = findMessage(level, text);
    if (same) {
      same._count++;
      same._countEl.textContent = '×' + same._count;
      same._countEl.hidden = false;
      messagesEl.appendChild(same);  // newest last
      startFade(same);
      return;
    }
    var node = document.createElement('div');
    node._level = level;
    node._text = text;
    node._count = 1;
    node.className = 'msg msg-' + level;
    if (level === 'error') node.setAttribute('role', 'alert');
    var body = document.createElement('div');
    body.className = 'msg-text';
    if (level !== 'info') {
      var tag = document.createElement('span');
      tag.className = 'msg-level';
      tag.textContent = level === 'error' ? 'Error:' : 'Warning:';
      body.appendChild(tag);
      body.appendChild(document.createTextNode(' '));
    }
    body.appendChild(document.createTextNode(text));
    node._countEl = document.createElement('span');
    node._countEl.className = 'msg-count';
    node._countEl.hidden = true;
    body.appendChild(node._countEl);
    if (action) {
      node._sticky = true;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'btn msg-action';
      button.textContent = action.label;
      button.addEventListener('click', function () { removeMessage(node); action.run(); });
      body.appendChild(document.createTextNode(' '));
      body.appendChild(button);
    }
    var close = document.createElement('button');
    close.type = 'button';
    close.className = 'msg-close';
    close.setAttribute('aria-label', T('page.dismiss'));
    close.textContent = '×';
    close.addEventListener('click', function () { removeMessage(node); });
    node.appendChild(body);
    node.appendChild(close);
    messagesEl.appendChild(node);
    startFade(node);
    while (messagesEl.children.length > MESSAGE_LIMIT) removeMessage(oldestEvictable());
    if (level !== 'info') console.warn('ContactLab ' + level + ': ' + text);
    if (hostLink) hostLink.pageMessage(level, text);
  }

  // ---- Downloads and files ------------------------------------------------

  function downloadBlob(filename, blob) {
    var url = URL.createObjectURL(blob);
    var a = document.createElement('a');
    a.href = url;
    a.download = filename || 'contactlab';
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    // Revoke later: some browsers start reading the URL after click() returns.
    setTimeout(function () { URL.revokeObjectURL(url); }, 30000);
  }

  function dataUrlToBlob(dataUrl) {
    var comma = dataUrl.indexOf(',');
    var mime = dataUrl.slice(5, comma).split(';')[0] || 'application/octet-stream';
    var bytes = atob(dataUrl.slice(comma + 1));
    var arr = new Uint8Array(bytes.length);
    for (var i = 0; i < bytes.length; i++) arr[i] = bytes.charCodeAt(i);
    return new Blob([arr], { type: mime });
  }

  function loadSceneText(text) {
    if (!api) { showMessage('warning', T('page.still_loading')); return; }
    // An activity file (its format near the start) goes to Customize mode.
    if (/"format"\s*:\s*"contactlab-activity\//.test(text.slice(0, 300))) { studio.loadFile(text); return; }
    if (api.loadSceneJson(text) === null) showMessage('error', T('page.scene_file_no_memory'));
  }

  function isJsonFile(file) {
    return /\.json$/i.test(file.name) || /json/.test(file.type || '');
  }

  function readSceneFile(file) {
    if (!file) return;
    if (!isJsonFile(file)) { showMessage('warning', T('page.not_scene_file', { name: file.name })); return; }
    if (file.size > MAX_SCENE_BYTES) { showMessage('error', T('page.scene_file_too_large', { name: file.name })); return; }
    var reader = new FileReader();
    reader.onload = function () { loadSceneText(String(reader.result)); };
    reader.onerror = function () { showMessage('error', T('page.could_not_read', { name: file.name })); };
    reader.readAsText(file);
  }

  var fileInput = null;
  function openSceneFile() {
    if (!fileInput) {
      fileInput = document.createElement('input');
      fileInput.type = 'file';
      fileInput.accept = '.json,application/json';
      fileInput.hidden = true;
      fileInput.setAttribute('aria-label', T('page.open_scene_file'));
      fileInput.addEventListener('change', function () {
        readSceneFile(fileInput.files && fileInput.files[0]);
        fileInput.value = '';  // choosing the same file again must fire 'change'
      });
      document.body.appendChild(fileInput);
    }
    fileInput.click();
  }

  function hasFiles(ev) {
    var types = ev.dataTransfer && ev.dataTransfer.types;
    return !!types && Array.prototype.indexOf.call(types, 'Files') >= 0;
  }

  function setupDragAndDrop() {
    var depth = 0;  // dragenter/dragleave fire for every child element
    window.addEventListener('dragenter', function (ev) {
      if (!hasFiles(ev)) return;
      depth++;
      document.body.classList.add('dragging');
    });
    window.addEventListener('dragleave', function (ev) {
      if (!hasFiles(ev)) return;
      depth = Math.max(0, depth - 1);
      if (!depth) document.body.classList.remove('dragging');
    });
    window.addEventListener('dragover', function (ev) {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      ev.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('drop', function (ev) {
      if (!hasFiles(ev)) return;
      ev.preventDefault();
      depth = 0;
      document.body.classList.remove('dragging');
      readSceneFile(ev.dataTransfer.files[0]);
    });
  }

  // ---- Size hint for a host page -------------------------------------------

  var WIDE_LAYOUT_PX = 900;       // style.css: from this width the dock sits beside the canvas
  var STAGE_ASPECT = 0.75;        // a picture 4:3 shows every scene whole
  var MIN_STAGE_PX = 240;
  var PANEL_PX = 250;             // a plot panel with its chooser and legend (style.css)

  /**
   * The size (CSS px) this page reads best at, at its current width: the
   * picture at 4:3 and, when the dock sits below it, the plot panels shown.
   * It depends on the width alone, so a host that sets the iframe's height
   * to it does not start a loop of growing heights.
   */
  function sizeHint() {
    var width = document.documentElement.clientWidth;
    var panels = document.body.classList.contains('embed') ? 1 : Math.max(1, plots ? plots.count() : 1);
    var height = width >= WIDE_LAYOUT_PX
      ? Math.max(MIN_STAGE_PX, Math.round(0.62 * width * STAGE_ASPECT))
      : Math.max(MIN_STAGE_PX, Math.round(width * STAGE_ASPECT)) + panels * PANEL_PX;
    return { width: width, height: height };
  }

  // ---- Offline: the service worker (web/sw.js) -------------------------------

  var offline = { registered: false, error: null };
  var UPDATE_CHECK_DELAY_MS = 3000;

  /**
   * Registers the service worker that keeps the site for offline use. A new
   * version found later waits (never a mix of old and new files in one page)
   * until the user reloads into it from the message offered.
   */
  function startOffline() {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    var sw = navigator.serviceWorker;
    var reloading = false;
    function offerUpdate(worker) {
      showMessage('info', T('page.update_ready'), {
        label: T('page.update_reload'),
        run: function () { reloading = true; worker.postMessage('activate-now'); }
      });
    }
    sw.addEventListener('controllerchange', function () { if (reloading) location.reload(); });
    function watchInstall(worker) {
      if (!worker) return;
      worker.addEventListener('statechange', function () {
        if (worker.state === 'installed' && sw.controller) offerUpdate(worker);
      });
    }
    function follow(registration) {
      offline.registered = true;
      if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
      watchInstall(registration.installing);  // a new version may have been found before this page asked
      registration.addEventListener('updatefound', function () { watchInstall(registration.installing); });
    }
    // A page the worker already serves asks it for a new version, a little after its start: asked
    // during it, Chromium (156) left the check, and every later one, waiting without end. A first
    // visit registers the worker (register() for a worker it has also waited long).
    sw.getRegistration().then(function (registration) {
      if (!registration) return sw.register('sw.js').then(follow);
      follow(registration);
      setTimeout(function () {
        if (navigator.onLine !== false) registration.update().catch(function () {});  // offline: nothing to find
      }, UPDATE_CHECK_DELAY_MS);
    }).catch(function (e) {
      // Storage blocked (a private window, an embedding page's policy) or the server unreachable:
      // the page works as it did without the worker.
      offline.error = String(e && e.message || e);
    });
  }

  // ---- Runtime start ------------------------------------------------------

  /** Wraps the cl_* exports; see src/app/page_bridge.h. */
  function makeApi(M) {
    if (typeof M.cwrap !== 'function') throw new Error('Module.cwrap is not exported (link with -sEXPORTED_RUNTIME_METHODS=ccall,cwrap)');
    var w = M.cwrap;
    return {
      count: w('cl_series_count', 'number', []),
      name: w('cl_series_name', 'string', ['number']),
      unit: w('cl_series_unit', 'string', ['number']),
      label: w('cl_series_label', 'string', ['number']),
      dashed: w('cl_series_dashed', 'number', ['number']),
      residualOf: w('cl_series_residual_of', 'string', ['number']),
      seriesBody: w('cl_series_body', 'number', ['number']),
      oldName: w('cl_series_old_name', 'string', ['number']),
      size: w('cl_series_size', 'number', []),
      dataPtr: w('cl_series_data', 'number', ['number']),
      revision: w('cl_series_revision', 'number', []),
      layout: w('cl_series_layout', 'number', []),
      defaultsJson: w('cl_default_plots_json', 'string', []),
      heapF64: function () { return M.HEAPF64; },  // re-read: memory growth replaces it
      status: w('cl_status_json', 'string', []),
      command: w('cl_command', 'number', ['string']),
      setTheme: w('cl_set_theme', null, ['string']),
      applyHash: w('cl_apply_hash', null, ['string']),
      loadSceneJson: function (text) { return contactlabWithHeapText(M, text, function (ptr) { M._cl_load_scene_json(ptr); return true; }); },
      widgetRect: w('cl_widget_rect', 'string', ['string']),
      loopsRevision: w('cl_loops_revision', 'number', []),
      loopsJson: w('cl_loops_json', 'string', []),
      sceneJson: w('cl_scene_json', 'string', []),
      setParam: function (name, value) { return M.ccall('cl_set_param', 'string', ['string', 'string'], [name, value]); },
      applyPreset: w('cl_apply_preset', 'string', ['string']),
      setScene: w('cl_set_scene', 'number', ['string']),
      exportFile: w('cl_export', null, ['string']),
      eventsJson: w('cl_events_json', 'string', ['number']),
      wantsKeyboard: w('cl_wants_keyboard', 'number', []),
      activityCheck: function (text) {
        return contactlabWithHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_activity_check(ptr)); });
      },
      activitySet: function (text, enforce) {
        return contactlabWithHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_activity_set(ptr, enforce)); });
      },
      questionsJson: w('cl_questions_json', 'string', []),
      compareJson: w('cl_compare_json', 'string', []),
      compareSet: w('cl_compare_set', 'string', ['string']),
      compareAdd: w('cl_compare_add', 'string', []),
      compareEdit: w('cl_compare_edit', 'string', ['number', 'string']),
      compareRemove: w('cl_compare_remove', null, ['number']),
      compareSplit: w('cl_compare_split', null, ['number']),
      runSeriesSize: w('cl_run_series_size', 'number', ['number']),
      runSeriesIndex: w('cl_run_series_index', 'number', ['number', 'string']),
      runSeriesData: w('cl_run_series_data', 'number', ['number', 'number']),
      runEventsJson: w('cl_run_events_json', 'string', ['number', 'number']),
      inspectJson: w('cl_inspect_json', 'string', ['number']),
      restitutionCurvesJson: w('cl_restitution_curves_json', 'string', []),
      theoryJson: w('cl_theory_json', 'string', []),
      sweepBaseJson: w('cl_sweep_base_json', 'string', []),
      activityJson: w('cl_activity_json', 'string', []),
      // Through the heap, not ccall: a message may be larger than the stack ccall copies strings onto.
      hostMessage: function (text) {
        return contactlabWithHeapText(M, text, function (ptr) { return M.UTF8ToString(M._cl_host_message(ptr)); });
      }
    };
  }

  // ---- Keyboard shortcuts ----------------------------------------------------

  var SHORTCUTS = { ' ': 'toggle', 's': 'step', 'S': 'step', 'r': 'reset', 'R': 'reset', '?': 'help' };
  // With Alt they work from a field too (by the key's place: Alt changes ev.key on some layouts).
  var ALT_SHORTCUTS = { KeyP: 'toggle', KeyS: 'step', KeyR: 'reset' };

  /** Fields where keys are text: shortcuts stand back there. */
  function isTyping(target) {
    if (!target || !target.tagName) return false;
    var tag = target.tagName;
    if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
    if (tag !== 'INPUT') return false;
    return ['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'color', 'range'].indexOf(target.type) < 0;
  }

  /** Controls that Space or Enter activates themselves. */
  function isActivatable(target) {
    return !!target && !!target.closest && !!target.closest('button, a[href], summary, input, select, [role=button]');
  }

  /**
   * Space play/pause, S step, R reset, ? help: wherever the focus is, except
   * in a text field (the page's or ImGui's) and, for Space, on a control
   * that Space activates. Tab on the canvas leaves it (SDL would swallow it).
   */
  /** Skip links focus their part of the page; the link's hash is the app's state, so it never changes. */
  function setupSkipLinks() {
    document.querySelectorAll('.skip-links a').forEach(function (link) {
      link.addEventListener('click', function (ev) {
        ev.preventDefault();
        var target = document.getElementById(link.getAttribute('data-skip'));
        if (!target) return;
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus();
      });
    });
  }

  function onKeyDown(ev) {
    if (api && ev.altKey && !ev.ctrlKey && !ev.metaKey && ALT_SHORTCUTS[ev.code]) {
      ev.preventDefault();
      ev.stopPropagation();
      controls.command(ALT_SHORTCUTS[ev.code]);
      return;
    }
    if (!api || ev.ctrlKey || ev.metaKey || ev.altKey || isTyping(ev.target)) return;
    var onCanvas = ev.target === canvas;
    if (onCanvas && api.wantsKeyboard()) return;  // typing into an ImGui field
    if (ev.key === 'Tab') {
      if (onCanvas) ev.stopPropagation();  // SDL never sees it: the browser moves the focus on
      return;
    }
    var action = SHORTCUTS[ev.key];
    if (!action || (ev.key === ' ' && !onCanvas && isActivatable(ev.target))) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (action === 'help') controls.toggleHelp();
    else controls.command(action);
  }

  function startPlots() {
    plots = ContactLabPlots.create({
      api: api,
      panelsEl: document.getElementById('panels'),
      addButton: document.getElementById('add-plot'),
      emptyNote: document.getElementById('panels-empty'),
      urlValue: splitHash(location.hash).plots,
      // Skip while a hash edit waits for its hashchange event: writing appHash would undo the edit.
      onChange: function () { if (appHash == null || splitHash(location.hash).app === appHash) writeHash(); },
      onError: function (e) {
        console.warn('ContactLab plots stopped:', e);
      }
    });
    plots.start();
    loops = ContactLabLoops.create({ api: api, hostEl: document.getElementById('loops') });
    loops.start();
    inspector = ContactLabInspector.create({ api: api, hostEl: document.getElementById('inspector') });
    inspector.start();
    theory = ContactLabTheory.create({ api: api, hostEl: document.getElementById('theory'), open: theoryLinked(),
      onToggle: writeHash });
    theory.start();
    frameTiming = ContactLabFrameTiming.create({
      hostEl: document.getElementById('frame-timing'),
      shown: keyLinked(PERF_KEY),
      status: function () { return parseJson(api.status()); },
      plotMs: function () { return plots.refreshMs(); }
    });
    frameTiming.start();
    sweep = ContactLabSweep.create({
      api: api,
      hostEl: document.getElementById('sweep'),
      download: function (filename, mime, text) { downloadBlob(filename, new Blob([text], { type: mime })); }
    });
    sweep.start();
    controls = ContactLabControls.create({
      api: api,
      rootEl: document.getElementById('controls'),
      helpEl: document.getElementById('help'),
      toggleEl: document.getElementById('controls-toggle'),
      openSceneFile: openSceneFile,
      showMessage: showMessage
    });
    controls.start();
    hostLink = ContactLabHostLink.create({
      hostMessage: api.hostMessage,
      allowValue: function () { return splitHash(location.hash)[ALLOW_KEY]; },
      showMessage: showMessage,
      status: function () { return parseJson(api.status()); },
      eventsSince: function (n) { return parseJson(api.eventsJson(n)); },
      describe: function () { return parseJson(api.sceneJson()); },
      sizeHint: sizeHint,
      activityRecord: function () { return statements.record(); }
    });
    hostLink.start();
    sound = ContactLabSound.create({
      button: document.getElementById('sound-toggle'),
      status: function () { return parseJson(api.status()); },
      eventsSince: function (n) { return parseJson(api.eventsJson(n)); },
      onChange: function () { writeHash(); }
    });
    if (keyLinked(SOUND_KEY)) sound.set(true);
    clip = ContactLabClip.create({
      button: document.getElementById('clip-record'),
      badgeEl: document.getElementById('clip-badge'),
      canvas: canvas,
      time: function () { return parseJson(api.status()).t; },
      sceneId: function () { return parseJson(api.status()).scene; },
      showMessage: showMessage,
      download: downloadBlob
    });
    statements = ContactLabStatements.create({
      status: function () { return parseJson(api.status()); },
      onStatement: hostLink.statement
    });
    questions = ContactLabQuestions.panel({
      hostEl: document.getElementById('activity-questions'),
      questionsJson: api.questionsJson,
      status: function () { return parseJson(api.status()); },
      statements: statements
    });
    studio = ContactLabStudio.create({
      api: api,
      hostEl: document.getElementById('studio'),
      openButton: document.getElementById('studio-open'),
      briefEl: document.getElementById('activity-brief'),
      barEl: document.getElementById('activity-bar'),
      theoryEl: document.getElementById('theory'),
      openTheory: function () { theory.open(); },
      plots: plots,
      showMessage: showMessage,
      openFile: openSceneFile,
      download: function (filename, mime, text) { downloadBlob(filename, new Blob([text], { type: mime })); },
      downloadBlob: downloadBlob,
      onHashState: function (state) { hashActivity = state; writeHash(); },
      onActivity: function (activity) {
        if (activity) {
          questions.start();
          statements.begin(activity, (activity.questions || []).length);
        } else {
          questions.stop();
          statements.end();
        }
      }
    });
  }

  /** Runs after main(): onRuntimeInitialized fires before main, when the app does not exist yet. */
  function start() {
    timings.main = performance.now();  // main() has returned
    if (failed) return;
    try {
      api = makeApi(Module);
    } catch (e) {
      showFatal(T('page.could_not_start', { message: e.message }));
      return;
    }
    startPlots();
    var split = splitHash(location.hash);
    applyThemeValue(split[THEME_KEY]);
    sayRefusedLanguage();
    if (split.app) api.applyHash('#' + split.app);  // the app read it too; applying twice is harmless
    studio.fromHash(split[ACTIVITY_KEY], keyLinked(STUDIO_KEY));
    window.addEventListener('hashchange', onHashChange);
    window.addEventListener('keydown', onKeyDown, true);  // capture: before SDL's listener on the canvas
    ready = true;
    loadingEl.hidden = true;
    startOffline();  // after the first load, so its own downloads do not slow it
    resolveReady(window.contactlab);
  }

  updateEmbedClass(splitHash(location.hash).app);
  setupDragAndDrop();
  setupSkipLinks();

  // ---- window.contactlab: tests and embedding pages -----------------------

  function requireApi() {
    if (!api) throw new Error('ContactLab is not ready yet (await contactlab.ready)');
    return api;
  }

  function parseJson(text) {
    return text ? JSON.parse(text) : null;
  }

  window.contactlab = {
    ready: readyPromise,
    /** ms from navigation start: runtime (wasm ready), main (returned), firstFrame (drawn). */
    timings: function () { return Object.assign({}, timings); },
    status: function () { return parseJson(requireApi().status()); },
    command: function (name) { return requireApi().command(String(name)); },
    widgetRect: function (label) { return parseJson(requireApi().widgetRect(String(label))); },
    applyHash: function (hash) { requireApi().applyHash(String(hash)); },
    loadSceneJson: function (text) { requireApi().loadSceneJson(String(text)); },
    /** The service worker: {registered, controlled (this page came from its cache), error}. */
    offline: function () {
      return { registered: offline.registered, error: offline.error,
        controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller) };
    },
    /** The studio: {open, previewing, enforced, link, json, size} (web/studio.js). */
    studio: function () { return studio ? studio.state() : null; },
    /** The impacts' sound: {on, played, dropped} (web/sound.js). */
    sound: function () { return sound ? sound.state() : null; },
    /** Record: {supported, type, phase, seconds, maxSeconds, last: the last clip saved} (web/clip.js). */
    clip: function () { return clip ? clip.state() : null; },
    /** What the student did in the activity held: {activity, statements, answers} (web/statements.js), or null. */
    activityRecord: function () { return statements ? statements.record() : null; },
    /** Origins whose messages the page accepts now (see web/host_link.js). */
    hostOrigins: function () { return hostLink ? hostLink.origins() : []; },
    /** Host windows that said hello and hear the page's events. */
    hostSubscribers: function () { return hostLink ? hostLink.subscribers() : 0; },
    /** The theory panel: {open, shown (typeset once), error (a formula KaTeX refused, or null)}. */
    theory: function () { return theory ? theory.state() : null; },
    /** What a frame costs: {simMs, drawMs, glMs, worstMs, plotMs, engineRtf} (web/frame_timing.js), or null before the first reading. */
    frameTiming: function () { return frameTiming ? frameTiming.figures() : null; },
    /** Compared runs: {max, runs: [{label, changes, color, failed, message, t, events}]}. */
    compare: function () { return parseJson(requireApi().compareJson()); },
    controls: {
      announced: function () { return controls ? controls.announced() : []; }
    },
    plots: {
      count: function () { return plots ? plots.count() : 0; },
      axisLabels: function (k) { return plots ? plots.axisLabels(k) : null; },
      series: function (k) { return plots ? plots.series(k) : null; },
      points: function (k) { return plots ? plots.points(k) : 0; },
      uplot: function (k) { return plots ? plots.uplot(k) : null; },
      add: function () { if (plots) plots.add(); },
      remove: function (k) { if (plots) plots.remove(k); },
      setSeries: function (k, names) { if (plots) plots.setSeries(k, names); },
      urlValue: function () { return plots ? plots.urlValue() : null; }
    },
    inspector: {
      shown: function () { return inspector ? inspector.shown() : false; },
      runs: function () { return inspector ? inspector.runs() : []; },
      uplot: function () { return inspector ? inspector.uplot() : null; }
    },
    sweep: {
      open: function () { if (sweep) sweep.open(); },
      state: function () { return sweep ? sweep.state() : null; },
      csv: function () { return sweep ? sweep.csv() : ''; },
      announced: function () { return sweep ? sweep.announced() : []; },
      uplot: function (k) { return sweep ? sweep.uplot(k) : null; }
    },
    loops: {
      shown: function () { return loops ? loops.shown() : false; },
      impacts: function () { return loops ? loops.impacts() : 0; },
      choose: function (value) { if (loops) loops.choose(value); },
      plotted: function () { return loops ? loops.plotted() : []; },
      uplot: function () { return loops ? loops.uplot() : null; }
    }
  };

  // ---- The emscripten Module ------------------------------------------------

  return {
    canvas: canvas,
    print: function (text) { console.log(text); },
    // stderr of the app is diagnostics, not a page failure: keep it out of console.error.
    printErr: function (text) { console.warn(text); },
    setStatus: setLoadingText,
    // Called by emscripten's main loop after each frame of the app.
    postMainLoop: function () {
      if (timings.firstFrame == null) timings.firstFrame = performance.now();
      if (clip) clip.afterFrame();  // the frame is still in the canvas here
    },
    onRuntimeInitialized: function () {
      timings.runtime = performance.now();  // wasm compiled and instantiated, files preloaded
      // main() runs right after this returns, in the same task; start after it.
      setTimeout(start, 0);
    },
    onAbort: function (what) {
      showFatal(T('page.aborted', { what: what || T('page.unknown_error') }));
    },

    // Hooks called by the app (src/app/page_bridge.h).
    /** The page's language ('en' or 'de'), asked by the app as it starts. */
    clLanguage: function () { return ContactLabText.language(); },
    /** The theme shown ('dark' or 'light'), asked by the app as it starts. */
    clTheme: function () { return ContactLabTheme.resolved(); },
    clSetHash: function (hash) {
      appHash = splitHash(hash).app;  // the app never owns the page keys
      updateEmbedClass(appHash);
      writeHash();
    },
    clMessage: function (level, text) { showMessage(level, text); },
    clDownloadText: function (filename, mime, text) {
      downloadBlob(filename, new Blob([text], { type: mime || 'text/plain' }));
    },
    clDownloadCanvasPng: function (filename) {
      // Synchronous: the app calls this right after drawing, before the
      // browser clears the drawing buffer (no preserveDrawingBuffer needed).
      try {
        downloadBlob(filename || 'contactlab.png', dataUrlToBlob(canvas.toDataURL('image/png')));
      } catch (e) {
        showMessage('error', T('page.image_failed', { message: e.message }));
      }
    },
    clOpenSceneFile: openSceneFile,
    clSeriesChanged: function () { if (plots) plots.invalidateLayout(); }
  };
})();
