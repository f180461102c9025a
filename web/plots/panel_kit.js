/* ContactLab's panel kit: what every live chart of the page shares (the
 * dock's panels, loops, inspector, sweep, frame timing): polling the app on
 * animation frames (a poll's work split into tasks), a chart kept as large
 * as its box, and a key's parts: its rows (lists for a screen reader), its
 * entries and their line samples.
 */
import { el, svg } from '../dom.js';

// Every panel's polling shares one loop on animation frames. At most one
// poll runs in a frame (the most overdue), and it runs in a task of its own
// posted from the frame: the browser runs every animation-frame callback
// and then paints in one task, so a poll run there would pile up with the
// app's frame into one long task (measured at 4× CPU throttling on a phone:
// the app's frame 46-53 ms, a poll 12-45 ms). A poll that costs more
// than SHARE of its interval (uPlot's redraw included) stretches its
// interval, up to MAX_STRETCH times, so on a slow device the panels take
// about a sixth of the main thread and the simulation keeps the rest.
var SHARE = 0.15;
var MAX_STRETCH = 8;
var pollers = [];
var loopId = 0;

function intervalOf(p) {
  return Math.min(p.ms * MAX_STRETCH, Math.max(p.ms, p.cost / SHARE));
}

var afterFrame = new MessageChannel();
var pollsDue = [];  // the pollers chosen in the last frame, run after it
afterFrame.port1.onmessage = function () {
  var due = pollsDue;
  pollsDue = [];
  due.forEach(function (p) {
    if (pollers.indexOf(p) >= 0) runPoll(p);  // not stopped since
  });
};

function runAfterFrame(p, now) {
  p.lastTick = now;
  pollsDue.push(p);
  if (pollsDue.length === 1) afterFrame.port2.postMessage(null);
}

function runOne(now) {
  loopId = pollers.length ? requestAnimationFrame(runOne) : 0;
  // A panel just started polls after the first frame, whatever else is due:
  // its first poll lays it out, and a page (or a test) that started it
  // expects to see it in the next frame.
  var fresh = pollers.filter(function (p) { return p.lastTick === -Infinity; });
  if (fresh.length) {
    fresh.forEach(function (p) { runAfterFrame(p, now); });
    return;
  }
  var due = null, lateness = 1;
  pollers.forEach(function (p) {
    var late = (now - p.lastTick) / intervalOf(p);
    if (late >= lateness) { due = p; lateness = late; }
  });
  if (due) runAfterFrame(due, now);
}

// A poll's cost decays by a tenth at each poll, and each piece of its work
// (the poll, and the tasks it split off) adds a tenth of its time: smoothed
// over about ten polls.
function runPoll(p) {
  p.cost *= 0.9;
  runCounted(p, p.poll);
}

/**
 * Runs `work` as p's: a throw stops the polling and reports once; the time,
 * with the redraws work queued as microtasks (uPlot draws in one), counts
 * toward p's cost.
 */
function runCounted(p, work) {
  var start = performance.now();
  try {
    work();
  } catch (e) {
    p.stop();
    if (p.onError) p.onError(e);
    return;
  }
  queueMicrotask(function () { p.cost += 0.1 * (performance.now() - start); });
}

/**
 * Calls poll() about every `ms` on animation frames (nothing while the tab
 * is hidden), later where the device cannot afford it (see SHARE). If poll
 * throws (the runtime stopped, or the bridge is missing) polling stops
 * quietly and onError gets the error once, instead of a throw 20 times a
 * second. Returns {start, stop, intervalMs, costMs, inTasks}: intervalMs()
 * is the interval chosen now (ms).
 */
export function pollEvery(ms, poll, onError) {
  var tasks = taskQueue();
  var p = { ms: ms, poll: poll, onError: onError, lastTick: -Infinity, cost: 0, stop: stop };
  function stop() {
    tasks.clear();
    var k = pollers.indexOf(p);
    if (k >= 0) pollers.splice(k, 1);
    if (!pollers.length && loopId) {
      cancelAnimationFrame(loopId);
      loopId = 0;
    }
  }
  return {
    start: function () {
      if (pollers.indexOf(p) < 0) pollers.push(p);
      if (!loopId) loopId = requestAnimationFrame(runOne);
    },
    stop: stop,
    intervalMs: function () { return intervalOf(p); },
    /** What a poll costs (ms, smoothed), the redraws and tasks it queued included. */
    costMs: function () { return p.cost; },
    /**
     * A poll's work split into tasks: each(item) for every item, a task
     * each, counted as the poll's and stopped with it (see taskQueue).
     */
    inTasks: function (items, each) {
      tasks.run(items, function (item) { runCounted(p, function () { each(item); }); });
    }
  };
}

/**
 * Work split into tasks: run(items, each) calls each(item) for every item,
 * one task after another (a posted message each, so the browser can draw
 * and take input between them). A new run() adds the items not already
 * waiting and keeps the waiting ones in their place: restarting from the
 * first starved the last panels when polls came faster than a round of
 * redraws (a busy machine, three runs compared). Returns {run, clear}.
 */
function taskQueue() {
  var channel = new MessageChannel();
  var queue = [], each = null, posted = false;
  channel.port1.onmessage = function () {
    posted = false;
    if (!queue.length) return;
    var item = queue.shift();
    if (queue.length) post();
    each(item);
  };
  function post() {
    posted = true;
    channel.port2.postMessage(null);
  }
  return {
    run: function (items, fn) {
      items.forEach(function (item) { if (queue.indexOf(item) < 0) queue.push(item); });
      each = fn;
      if (queue.length && !posted) post();
    },
    clear: function () { queue = []; }
  };
}

/** Keeps the uPlot that plotOf() returns (if any) as large as `holder` when it resizes. */
export function fitToHolder(holder, plotOf) {
  if (!window.ResizeObserver) return;
  new ResizeObserver(function () {
    var u = plotOf();
    if (u && holder.clientWidth > 10 && holder.clientHeight > 10)
      u.setSize({ width: holder.clientWidth, height: holder.clientHeight });
  }).observe(holder);
}

/** A short line drawn as the series is (its colour and dash), for a key. */
export function lineSample(color, dash) {
  var sample = svg('svg', { class: 'line-sample', width: 22, height: 8, 'aria-hidden': 'true' });
  var line = svg('line', { x1: 0, y1: 4, x2: 22, y2: 4, stroke: color, 'stroke-width': 2.5 });
  if (dash && dash.length) line.setAttribute('stroke-dasharray', dash.join(' '));
  sample.appendChild(line);
  return sample;
}

/** A row of a chart's key: a list, so a screen reader counts its entries and reads them one by one. */
export function keyRow() {
  var row = el('div', 'plot-key-row');
  row.setAttribute('role', 'list');
  return row;
}

/** One entry of a key: its sample (a line or swatch, silent to a screen reader) and its text. */
export function keyItem(sample, text) {
  var item = el('span', 'plot-key-item');
  item.setAttribute('role', 'listitem');
  sample.setAttribute('aria-hidden', 'true');
  item.appendChild(sample);
  item.appendChild(el('span', 'plot-key-label', text));
  return item;
}
