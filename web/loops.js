/* ContactLab hysteresis panel: normal force against penetration through
 * single impacts (the area inside a loop is the work the contact's damping
 * took). Reads the latest impacts' loops as JSON from the app
 * (cl_loops_json, see src/app/page_bridge.h) and draws them with uPlot in
 * its XY (faceted) mode. Hidden for scenes without compliant contacts.
 *
 * Usage (see page.js): createLoops({api, hostEl}).start().
 */
import { el } from './dom.js';
import { axisStyle, themeColor } from './plots/axes.js';
import { formatNumber, impactParties } from './plots/format.js';
import { fitToHolder, keyItem, keyRow, lineSample, pollEvery } from './plots/panel_kit.js';
import { t as T } from './text.js';

var REFRESH_MS = 200;  // loops change once per impact: a slow poll is plenty
var LATEST = 4;        // the first choice draws this many latest impacts together
var TEXT = {
  title: T('loops.title'),
  choice: T('loops.choice_label'),
  empty: T('loops.empty'),
  xAxis: T('loops.penetration_axis'),
  yAxis: T('loops.force_axis'),
  /** The first choice: what it draws, of how many impacts since the start ("Latest 4 of 30 impacts"). */
  latest: function (kept, total) {
    if (kept === 0) return T('loops.none');
    if (kept > LATEST) return T('loops.latest', { shown: LATEST, total: total });
    return T(kept === 1 ? 'loops.all.one' : 'loops.all.other', { total: total });
  },
  /** The heading of the list of single impacts: all since the start, or the latest the app kept. */
  pickOne: function (kept, total) { return kept < total ? T('loops.pick_one_kept', { kept: kept }) : T('loops.pick_one'); }
};

/** "t = 0.1361 s · ellipse 2 – wall": the seed labels loops by their time. */
function impactLabel(loop) {
  return T('loops.impact', { t: formatNumber(loop.onset),
    who: impactParties(loop.kind, loop.i, loop.j) });
}

export function createLoops(opts) {
  var api = opts.api;
  var host = opts.hostEl;
  var loops = [];          // latest parsed loops, oldest first
  var total = 0;           // impacts since the start (the app forgets all but its latest 64 loops)
  var choice = 'latest';   // 'latest' or an impact id (string)
  var revisionSeen = null;
  var u = null;

  var head = el('div', 'panel-head');
  var title = el('span', 'loops-title', TEXT.title);
  var select = el('select', 'btn loops-choice');
  select.setAttribute('aria-label', TEXT.choice);
  head.appendChild(title);
  head.appendChild(select);
  var holder = el('div', 'plot-holder');
  var legend = el('div', 'plot-legend');
  var note = el('div', 'plot-note', TEXT.empty);
  host.appendChild(head);
  host.appendChild(holder);
  host.appendChild(legend);
  holder.appendChild(note);
  select.addEventListener('change', function () { choice = select.value; draw(); });

  function chosenLoops() {
    if (choice === 'latest') return loops.slice(-LATEST);
    return loops.filter(function (l) { return String(l.id) === choice; });
  }

  /**
   * The chooser kept in step with the loops: the first choice's count, and
   * the single impacts newest first. Options are added and removed, not the
   * list rebuilt: in a dense gas a new impact comes with nearly every poll.
   */
  function fillChooser() {
    if (!select.options.length) select.appendChild(new Option('', 'latest'));
    select.options[0].text = TEXT.latest(loops.length, total);
    var group = select.querySelector('optgroup');
    if (loops.length < 2) {
      if (group) group.remove();
    } else {
      if (!group) group = select.appendChild(document.createElement('optgroup'));
      group.label = TEXT.pickOne(loops.length, total);
      var kept = {};
      loops.forEach(function (l) { kept[l.id] = true; });
      Array.prototype.slice.call(group.children).forEach(function (o) { if (!kept[o.value]) o.remove(); });
      loops.slice().reverse().forEach(function (l, k) {
        var at = group.children[k];
        if (!at || at.value !== String(l.id)) group.insertBefore(new Option(impactLabel(l), String(l.id)), at || null);
      });
    }
    // A chosen impact that was forgotten (the app keeps the latest 64) falls back to the latest ones.
    if (!Array.prototype.some.call(select.options, function (o) { return o.value === choice; })) choice = 'latest';
    select.value = choice;
  }

  function plotOptions(count, width, height) {
    var axisCommon = axisStyle();
    var series = [];
    for (var k = 0; k < count; k++) series.push({ stroke: themeColor('series', k), width: 1.5, points: { show: false } });
    return {
      mode: 2,
      width: width,
      height: height,
      scales: { x: { time: false } },
      legend: { show: false },  // the key below is the page's: its labels change without a new chart
      cursor: { drag: { x: false, y: false } },
      hooks: { draw: [colorKey] },  // a theme change redraws the chart (page.js): the key follows
      series: [{}].concat(series),
      axes: [
        Object.assign({ label: TEXT.xAxis, size: 30, labelSize: 15, labelGap: 0 }, axisCommon),
        Object.assign({ label: TEXT.yAxis, labelSize: 18, labelGap: 0, size: 52 }, axisCommon)
      ]
    };
  }

  /** The key under the chart: each loop's line and impact, its texts replaced in place while their number holds. */
  function showKey(shown) {
    var labels = shown.map(impactLabel);
    var items = legend.querySelectorAll('.plot-key-item');
    if (items.length !== labels.length) {
      legend.textContent = '';
      var row = keyRow();
      labels.forEach(function (label, k) { row.appendChild(keyItem(lineSample(themeColor('series', k)()), '')); });
      legend.appendChild(el('div', 'plot-key')).appendChild(row);
      items = legend.querySelectorAll('.plot-key-item');
    }
    labels.forEach(function (label, k) {
      var text = items[k].querySelector('.plot-key-label');
      if (text.textContent !== label) text.textContent = label;
    });
  }

  /** The key's lines in the colours the chart draws now. */
  function colorKey() {
    legend.querySelectorAll('.line-sample line').forEach(function (line, k) {
      line.setAttribute('stroke', themeColor('series', k)());
    });
  }

  /**
   * Draws the chosen loops. A new impact replaces the oldest of the latest
   * ones: the chart keeps its series and takes new data. Only a change in
   * their number makes a new chart, and only then is the holder's size read
   * (reading it lays the page out).
   */
  function draw() {
    var shown = chosenLoops().filter(function (l) { return l.penetration.length > 1; });
    note.hidden = shown.length > 0;
    var data = [null].concat(shown.map(function (l) {
      return [l.penetration.map(function (p) { return 1e3 * p; }), l.force.slice()];
    }));
    if (!u || u.series.length - 1 !== shown.length) {
      if (u) u.destroy();
      var width = Math.max(50, holder.clientWidth), height = Math.max(50, holder.clientHeight);
      u = shown.length ? new uPlot(plotOptions(shown.length, width, height), data, holder) : null;
    } else {
      u.setData(data);
    }
    showKey(shown);
  }

  function poll() {
    var revision = api.loopsRevision();
    host.hidden = revision < 0;
    if (revision < 0 || revision === revisionSeen) return;
    revisionSeen = revision;
    var parsed = JSON.parse(api.loopsJson() || 'null');
    loops = parsed && Array.isArray(parsed.loops) ? parsed.loops : [];
    total = loops.length + (parsed && parsed.dropped > 0 ? parsed.dropped : 0);
    fillChooser();
    draw();
  }

  var poller = pollEvery(REFRESH_MS, poll, function (e) {
    console.warn('ContactLab loops stopped:', e);
  });

  fitToHolder(holder, function () { return u; });

  return {
    start: poller.start,
    stop: poller.stop,
    // For tests and embedding pages:
    shown: function () { return !host.hidden; },
    impacts: function () { return loops.length; },
    choose: function (value) { select.value = String(value); choice = select.value || 'latest'; draw(); },
    plotted: function () { return chosenLoops().map(function (l) { return { id: l.id, points: l.penetration.length }; }); },
    uplot: function () { return u; }
  };
}
