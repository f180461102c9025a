/* ContactLab's page: the entry module. It starts the app (the Emscripten
 * runtime, web/page/module_loading.js), answers the hooks the app calls
 * (Module.cl*, src/app/page_bridge.h), starts the panels around the canvas
 * once the app runs, keeps the link (web/page/link_hash.js) in step with
 * both, and offers window.contactlab: the one global the page makes for
 * tests and host pages (besides Emscripten's Module).
 *
 * The panels the first frame needs are imported here; the sweep, the
 * inspector, the theory panel, Customize mode, an activity's questions and
 * the clip recorder arrive with import() when first wanted
 * (web/page/on_demand.js). uPlot, which every chart draws with, comes after
 * the app's first frame, which draws none.
 */
import { createControls } from './controls.js';
import { createFrameTiming } from './frame_timing.js';
import { createHostLink } from './host_link.js';
import { loadScript, loadStyle } from './load_script.js';
import { createLoops } from './loops.js';
import { makeApi, parseJson } from './page/app_api.js';
import { applyThemeValue, chosenLanguage, otherLanguage, sayRefusedLanguage, setupChoices, themeInLink } from './page/choices.js';
import { dataUrlToBlob, downloadBlob, onMeasuredFile, onSceneText, openSceneFile } from './page/files.js';
import { KEYS, keyLinked, linked, splitHash, updateEmbedClass, writeHash } from './page/link_hash.js';
import { onMessage, showMessage } from './page/messages.js';
import { markReady, onFatal, showFatal, startRuntime, timings } from './page/module_loading.js';
import { offlineState, startOffline } from './page/offline.js';
import { disclosure, onDemand, reopened } from './page/on_demand.js';
import { framesRunning, watchOnScreen } from './page/on_screen.js';
import { layOutForSheet, watchSheet } from './page/sheet.js';
import { setupSkipLinks, startShortcuts } from './page/shortcuts.js';
import { createPlots } from './plots/dock.js';
import { pollEvery } from './plots/panel_kit.js';
import { createSound } from './sound.js';
import { createStatements } from './statements.js';
import * as text from './text.js';
import * as theme from './theme.js';

var T = text.t;
var INSPECT_LOOK_MS = 300;  // how often a run is looked at for impacts to inspect, until the inspector loads

var canvas = document.getElementById('canvas');
var api = null;           // cwrap'ed exports, once the runtime is up
var plots = null;         // the plot dock (web/plots/dock.js)
var loops = null;         // hysteresis panel
var frameTiming = null;   // perf=1
var controls = null;      // accessible HTML controls
var hostLink = null;      // postMessage from a course page
var statements = null;    // what a student did, for the host page
var sound = null;         // impacts heard, opt-in
var updateSheet = function () {};  // the controls into or out of a small screen's sheet (web/page/sheet.js)
// The studio's keys in the link: the link's own until the studio says otherwise.
var hashActivity = { studio: keyLinked(KEYS.studio), activity: linked(KEYS.activity) };
var appHash = null;       // last hash set by the app (no '#', no page keys)
var resolveReady;
var readyPromise = new Promise(function (resolve) { resolveReady = resolve; });

// ---- On demand (web/page/on_demand.js) ----------------------------------------

function downloadText(filename, mime, content) {
  downloadBlob(filename, new Blob([content], { type: mime }));
}

var theoryDetails = null, sweepDetails = null, fitDetails = null;  // their disclosures, built at start

var theory = onDemand(T('theory.title'), function () { return import('./theory.js'); }, function (m) {
  var panel = m.createTheory({ api: api, hostEl: document.getElementById('theory'), details: theoryDetails,
    open: keyLinked(KEYS.theory), onToggle: updateHash });
  panel.start();
  reopened(theoryDetails);
  return panel;
});

// uPlot: its script (the global uPlot; ~170 ms of a phone's main thread) and style sheet, fetched once the
// app has drawn its first frame. The panels that chart start polling when it is here and read all the app
// recorded meanwhile (its series, loops and impacts): no sample is lost. The sheet lands after style.css,
// whose rules for uPlot's elements are the more specific: they still win.
var charting = onDemand(T('page.plots'), function () {
  return Promise.all([loadScript('uPlot.iife.min.js', function () { return window.uPlot; }), loadStyle('uPlot.min.css')]);
}, function () {
  plots.start();
  loops.start();
  watchForInspection();  // the inspector's module comes only once it can chart
  return true;
});

/** A part on demand that charts: importer()'s module once uPlot is here too; without uPlot the part fails. */
function withUPlot(importer) {
  return function () {
    return Promise.all([importer(), charting.load()]).then(function (loaded) {
      if (!loaded[1]) throw new Error('uPlot.iife.min.js');
      return loaded[0];
    });
  };
}

var sweep = onDemand(T('sweep.title'), withUPlot(function () { return import('./sweep.js'); }), function (m) {
  var panel = m.createSweep({ api: api, details: sweepDetails, download: downloadText });
  panel.start();
  reopened(sweepDetails);
  return panel;
});

var fit = onDemand(T('fit.title'), withUPlot(function () { return import('./fit.js'); }), function (m) {
  var panel = m.createFit({ api: api, details: fitDetails, download: downloadText,
    onMeasured: function (measured) { if (plots) plots.setMeasured(measured); } });
  panel.start();
  reopened(fitDetails);
  return panel;
});

/** A table of measurements dropped on the page: the fit panel opens and reads it. */
function loadMeasuredFile(file) {
  if (!fitDetails) return;
  fitDetails.open = true;  // loads the panel
  fit.load().then(function (panel) { if (panel) panel.readFile(file); });
}

/**
 * A table of measurements a host page sends (load_data, web/host_link.js):
 * the fit panel opens, shown even when embedded, and scrolled into the
 * dock's view once it has read the table or said why not, so the student
 * sees the data arrive. Resolves or rejects as window.contactlab.fit.load.
 */
function loadHostData(name, content) {
  document.body.classList.add('fit-from-host');  // style.css: an embedded page shows the panel
  var reading = window.contactlab.fit.load(name, content);
  reading.then(showFitPanel, showFitPanel);
  return reading;
}

/** The fit panel's top in the dock's view (the dock scrolls; the host page does not move). */
function showFitPanel() {
  var dock = document.getElementById('dock'), panel = document.getElementById('fit');
  var below = panel.getBoundingClientRect().top - dock.getBoundingClientRect().top;
  if (below < 0 || below > dock.clientHeight / 2) dock.scrollTop += below;
}

var inspector = onDemand(T('inspector.title'), function () { return import('./inspector.js'); }, function (m) {
  var panel = m.createInspector({ api: api, hostEl: document.getElementById('inspector') });
  panel.start();
  return panel;
});

var clip = onDemand(T('clip.record'), function () { return import('./clip.js'); }, function (m) {
  return m.createClip({
    button: document.getElementById('clip-record'),
    badgeEl: document.getElementById('clip-badge'),
    canvas: canvas,
    time: function () { return parseJson(api.status()).t; },
    sceneId: function () { return parseJson(api.status()).scene; },
    holdFrames: function (held) { api.holdFrames(held ? 1 : 0); },
    showMessage: showMessage,
    download: downloadBlob
  });
});

var questions = onDemand(T('questions.heading'), function () { return import('./questions.js'); }, function (m) {
  return m.panel({
    hostEl: document.getElementById('activity-questions'),
    questionsJson: api.questionsJson,
    status: function () { return parseJson(api.status()); },
    statements: statements
  });
});
var questionsWanted = false;  // an activity with questions holds (the panel may still be on its way)

var studio = onDemand(T('studio.open'), function () { return import('./studio.js'); }, function (m) {
  return m.createStudio({
    api: api,
    hostEl: document.getElementById('studio'),
    openButton: document.getElementById('studio-open'),
    briefEl: document.getElementById('activity-brief'),
    barEl: document.getElementById('activity-bar'),
    theoryEl: document.getElementById('theory'),
    openTheory: function () { theoryDetails.open = true; },
    plots: plots,
    showMessage: showMessage,
    openFile: openSceneFile,
    download: downloadText,
    downloadBlob: downloadBlob,
    onHashState: function (state) { hashActivity = state; updateHash(); },
    onActivity: function (activity) {
      var asked = activity ? (activity.questions || []).length : 0;
      questionsWanted = asked > 0;
      if (questionsWanted) questions.load().then(function (panel) { if (panel && questionsWanted) panel.start(); });
      else if (questions.get()) questions.get().stop();
      if (activity) statements.begin(activity, asked);
      else statements.end();
    }
  });
});

/** Customize's button opens it from the first press; the studio listens to it itself once loaded. */
document.getElementById('studio-open').addEventListener('click', function () {
  if (api && !studio.get()) studio.load().then(function (s) { if (s) s.open(); });
});

/** A link's activity= and studio=1 go to the studio (loaded for them; a plain link loads nothing). */
function studioFromHash(value, studioFlag) {
  if (value == null && !studioFlag && !studio.get()) return;
  studio.load().then(function (s) { if (s) s.fromHash(value, studioFlag); });
}

/** Loads the inspector once a run has impacts to inspect (a law asked for a restitution). */
function watchForInspection() {
  var watch = pollEvery(INSPECT_LOOK_MS, function () {
    var compared = parseJson(api.compareJson());
    var runs = compared && compared.runs.length ? compared.runs.length : 1;
    for (var k = 0; k < runs; k++) {
      var inspection = parseJson(api.inspectJson(k));
      if (inspection && inspection.asked_name) {
        watch.stop();
        inspector.load();
        return;
      }
    }
  }, function (e) { console.warn('ContactLab inspector stopped:', e); });
  watch.start();
}

// ---- The link ------------------------------------------------------------------

/** The app's part and the page's keys, written into the URL (web/page/link_hash.js). */
function updateHash() {
  writeHash(appHash != null ? appHash : splitHash(location.hash).app, {
    plots: plots ? plots.urlValue() : linked(KEYS.plots),
    theme: themeInLink(),
    lang: chosenLanguage(),
    theory: theoryDetails ? theoryDetails.open : keyLinked(KEYS.theory),
    studio: hashActivity.studio,
    sound: sound ? sound.state().on : keyLinked(KEYS.sound),
    activity: hashActivity.activity
  });
}

function onHashChange() {
  var split = splitHash(location.hash);
  appHash = split.app;
  updateEmbedClass(split.app);
  updateSheet();
  applyThemeValue(split[KEYS.theme]);
  if (otherLanguage(split[KEYS.lang])) {
    location.reload();  // the language is fixed for a page load (web/text.js)
    return;
  }
  plots.setUrlValue(split[KEYS.plots]);
  api.applyHash(split.app ? '#' + split.app : '');
  if (split[KEYS.activity] !== hashActivity.activity) studioFromHash(split[KEYS.activity], keyLinked(KEYS.studio));
}

/** The app's canvas and panel, and every chart, in the theme now shown. */
function restyle(shown) {
  if (api) api.setTheme(shown);
  if (plots) plots.invalidateLayout();
  var charts = [loops && loops.uplot(), inspector.get() && inspector.get().uplot()];
  charts.concat(sweep.get() ? sweep.get().uplots() : [], fit.get() ? fit.get().uplots() : [])
    .forEach(function (u) { if (u) u.redraw(true, true); });
}

// ---- Size hint for a host page ----------------------------------------------------

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

// ---- Start -------------------------------------------------------------------------

/** Scene and activity files from the picker or a drop. */
function loadSceneText(content) {
  // An activity file (its format near the start) goes to Customize mode.
  if (/"format"\s*:\s*"contactlab-activity\//.test(content.slice(0, 300))) {
    studio.load().then(function (s) { if (s) s.loadFile(content); });
    return;
  }
  if (api.loadSceneJson(content) === null) showMessage('error', T('page.scene_file_no_memory'));
}

function startPanels() {
  plots = createPlots({
    api: api,
    panelsEl: document.getElementById('panels'),
    addButton: document.getElementById('add-plot'),
    emptyNote: document.getElementById('panels-empty'),
    urlValue: linked(KEYS.plots),
    // Skip while a hash edit waits for its hashchange event: writing appHash would undo the edit.
    onChange: function () { if (appHash == null || splitHash(location.hash).app === appHash) updateHash(); },
    onError: function (e) {
      console.warn('ContactLab plots stopped:', e);
    }
  });
  loops = createLoops({ api: api, hostEl: document.getElementById('loops') });
  theoryDetails = disclosure(document.getElementById('theory'), 'theory', T('theory.title'), theory);
  if (keyLinked(KEYS.theory)) theoryDetails.open = true;
  sweepDetails = disclosure(document.getElementById('sweep'), 'sweep', T('sweep.title'), sweep);
  fitDetails = disclosure(document.getElementById('fit'), 'fit', T('fit.title'), fit);
  frameTiming = createFrameTiming({
    hostEl: document.getElementById('frame-timing'),
    shown: keyLinked(KEYS.perf),
    status: function () { return parseJson(api.status()); },
    plotMs: function () { return plots.refreshMs(); },
    plotEveryMs: function () { return plots.refreshEveryMs(); }
  });
  frameTiming.start();
  controls = createControls({
    api: api,
    rootEl: document.getElementById('controls'),
    helpEl: document.getElementById('help'),
    toggleEl: document.getElementById('controls-toggle'),
    openSceneFile: openSceneFile,
    showMessage: showMessage
  });
  controls.start();
  hostLink = createHostLink({
    hostMessage: api.hostMessage,
    allowValue: function () { return linked(KEYS.allow); },
    showMessage: showMessage,
    status: function () { return parseJson(api.status()); },
    eventsSince: function (n) { return parseJson(api.eventsJson(n)); },
    describe: function () { return parseJson(api.sceneJson()); },
    sizeHint: sizeHint,
    activityRecord: function () { return statements.record(); },
    loadData: loadHostData
  });
  hostLink.start();
  onMessage(hostLink.pageMessage);
  sound = createSound({
    button: document.getElementById('sound-toggle'),
    status: function () { return parseJson(api.status()); },
    eventsSince: function (n) { return parseJson(api.eventsJson(n)); },
    onChange: function () { updateHash(); }
  });
  if (keyLinked(KEYS.sound)) sound.set(true);
  statements = createStatements({
    status: function () { return parseJson(api.status()); },
    onStatement: hostLink.statement
  });
}

var uPlotAsked = false;

/**
 * Fetches uPlot once the app has drawn its first frame and the page has
 * started, whichever comes later; then (uPlot here or failed) the page is
 * ready, and registers its offline copy, whose downloads would slow uPlot's.
 */
function loadUPlotAfterFirstFrame() {
  if (uPlotAsked || !api || timings.firstFrame == null) return;
  uPlotAsked = true;
  charting.load().then(function () {
    startOffline();
    resolveReady(window.contactlab);
  });
}

/** Runs after main(): onRuntimeInitialized fires before main, when the app does not exist yet. */
function start(Module) {
  try {
    api = makeApi(Module);
  } catch (e) {
    showFatal(T('page.could_not_start', { message: e.message }));
    return;
  }
  startPanels();
  var split = splitHash(location.hash);
  applyThemeValue(split[KEYS.theme]);
  sayRefusedLanguage();
  if (split.app) api.applyHash('#' + split.app);  // the app read it too; applying twice is harmless
  studioFromHash(split[KEYS.activity], keyLinked(KEYS.studio));
  window.addEventListener('hashchange', onHashChange);
  startShortcuts(api, controls, canvas);
  updateSheet = watchSheet(api, controls);
  onSceneText(loadSceneText);
  onMeasuredFile(loadMeasuredFile);
  watchOnScreen(api, canvas);
  markReady();
  loadUPlotAfterFirstFrame();  // the first frame may have come already: start() runs a task after main()
}

onFatal(function () {
  [plots, loops, inspector.get(), theory.get(), sweep.get(), fit.get()].forEach(function (panel) { if (panel) panel.stop(); });
});
updateEmbedClass(splitHash(location.hash).app);
layOutForSheet();
setupSkipLinks();
setupChoices(updateHash);
theme.onChange(restyle);

// ---- window.contactlab: tests and embedding pages -----------------------

function requireApi() {
  if (!api) throw new Error('ContactLab is not ready yet (await contactlab.ready)');
  return api;
}

/** What a part on demand answers before it has loaded: `idle`, or null. */
function loaded(part, read, idle) {
  var made = part.get();
  return made ? read(made) : idle;
}

window.contactlab = {
  /** Resolves once the app runs and the panels around it have started (the charts with uPlot, or without it if it failed). */
  ready: readyPromise,
  /** ms from navigation start: runtime (wasm ready), main (returned), firstFrame (drawn). */
  timings: function () { return Object.assign({}, timings); },
  status: function () { return parseJson(requireApi().status()); },
  /** Whether the app's frames run: false while the tab is hidden or the canvas is out of view. */
  framesRunning: framesRunning,
  command: function (name) { return requireApi().command(String(name)); },
  widgetRect: function (label) { return parseJson(requireApi().widgetRect(String(label))); },
  applyHash: function (hash) { requireApi().applyHash(String(hash)); },
  loadSceneJson: function (json) { requireApi().loadSceneJson(String(json)); },
  /** The service worker: {registered, controlled (this page came from its cache), error}. */
  offline: offlineState,
  /** The page's words: {language: 'en' | 'de', missing: keys asked for and not in the table} (web/text.js). */
  text: function () { return { language: text.language(), missing: text.missingKeys() }; },
  /** The studio: {open, previewing, enforced, link, json, size} (web/studio.js); closed until it has loaded. */
  studio: function () {
    return loaded(studio, function (s) { return s.state(); },
      api ? { open: false, previewing: false, enforced: null, link: null, json: null, size: '' } : null);
  },
  /** The impacts' sound: {on, played, dropped} (web/sound.js). */
  sound: function () { return sound ? sound.state() : null; },
  /** Record: {supported, type, phase, seconds, maxSeconds, last: the last clip saved} (web/clip.js); null until it has loaded. */
  clip: function () { return loaded(clip, function (c) { return c.state(); }, null); },
  /** What the student did in the activity held: {activity, statements, answers} (web/statements.js), or null. */
  activityRecord: function () { return statements ? statements.record() : null; },
  /** Origins whose messages the page accepts now (see web/host_link.js). */
  hostOrigins: function () { return hostLink ? hostLink.origins() : []; },
  /** Host windows that said hello and hear the page's events. */
  hostSubscribers: function () { return hostLink ? hostLink.subscribers() : 0; },
  /** The theory panel: {open, shown (typeset once), error (a formula KaTeX refused, or null)}. */
  theory: function () {
    return loaded(theory, function (p) { return p.state(); },
      theoryDetails ? { open: theoryDetails.open, shown: false, error: null } : null);
  },
  /** What a frame costs: {simMs, drawMs, glMs, worstMs, plotMs, plotEveryMs, engineRtf} (web/frame_timing.js), or null before the first reading. */
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
    urlValue: function () { return plots ? plots.urlValue() : null; },
    /** The measurements drawn over the plots: {file, kind, name, points, offset, listed}, or null. */
    measured: function () { return plots ? plots.measured() : null; }
  },
  inspector: {
    shown: function () { return loaded(inspector, function (p) { return p.shown(); }, false); },
    runs: function () { return loaded(inspector, function (p) { return p.runs(); }, []); },
    uplot: function () { return loaded(inspector, function (p) { return p.uplot(); }, null); }
  },
  sweep: {
    /** Opens the panel (which loads it). */
    open: function () { if (sweepDetails) sweepDetails.open = true; },
    state: function () {
      return loaded(sweep, function (p) { return p.state(); }, sweepDetails ? { open: sweepDetails.open, state: 'idle', runs: 0,
        done: 0, failed: 0, wallMs: 0, runMs: 0, error: '', ready: false, charts: 0, engineLoadMs: 0 } : null);
    },
    csv: function () { return loaded(sweep, function (p) { return p.csv(); }, ''); },
    announced: function () { return loaded(sweep, function (p) { return p.announced(); }, []); },
    uplot: function (k) { return loaded(sweep, function (p) { return p.uplot(k); }, null); }
  },
  fit: {
    /** Opens the panel (which loads it). */
    open: function () { if (fitDetails) fitDetails.open = true; },
    state: function () {
      return loaded(fit, function (p) { return p.state(); }, fitDetails ? { open: fitDetails.open, loaded: false,
        running: false, planned: false, result: null, announced: [] } : null);
    },
    /**
     * Takes a measured table's text, as a dropped file (opens the panel).
     * Resolves with the table read ({title, rows, columns}); rejects with the
     * reason it is refused, or when the panel cannot load.
     */
    load: function (name, text) {
      if (!fitDetails) return Promise.reject(new Error(T('fit.panel.unavailable')));
      fitDetails.open = true;
      return fit.load().then(function (panel) {
        if (!panel) throw new Error(T('fit.panel.unavailable'));
        return panel.load(String(name), String(text));
      });
    },
    uplot: function (k) { return loaded(fit, function (p) { return p.uplots()[k] || null; }, null); }
  },
  loops: {
    shown: function () { return loops ? loops.shown() : false; },
    impacts: function () { return loops ? loops.impacts() : 0; },
    choose: function (value) { if (loops) loops.choose(value); },
    plotted: function () { return loops ? loops.plotted() : []; },
    uplot: function () { return loops ? loops.uplot() : null; }
  }
};

// ---- The app's calls into the page (src/app/page_bridge.h) ----------------------

startRuntime({
  /** The page's language ('en' or 'de'), asked by the app as it starts. */
  clLanguage: function () { return text.language(); },
  /** A text of the message table for the app's engine, or null (src/app/page_texts_web.cpp). */
  clText: text.entry,
  /** The theme shown ('dark' or 'light'), asked by the app as it starts. */
  clTheme: function () { return theme.resolved(); },
  clSetHash: function (hash) {
    appHash = splitHash(hash).app;  // the app never owns the page keys
    updateEmbedClass(appHash);
    updateHash();
  },
  clMessage: function (level, message) { showMessage(level, message); },
  clDownloadText: function (filename, mime, content) {
    downloadBlob(filename, new Blob([content], { type: mime || 'text/plain' }));
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
}, function afterFrame() {
  loadUPlotAfterFirstFrame();
  // The Record button's module comes after the first frame: loaded, it names and enables the button.
  if (!clip.get()) { if (api) clip.load(); return; }
  clip.get().afterFrame();
}, start);
