/* ContactLab hysteresis panel: normal force against penetration through
 * single impacts (the area inside a loop is the work the contact's damping
 * took). Reads the latest impacts' loops as JSON from the app
 * (cl_loops_json, see src/app/page_bridge.h) and draws them with uPlot in
 * its XY (faceted) mode. Hidden for scenes without compliant contacts.
 *
 * Usage (see page.js): ContactLabLoops.create({api, hostEl}).start().
 * Needs plots.js (ContactLabPlots: number format, axis style, colours) and
 * text.js (its words).
 * Global: ContactLabLoops only.
 */
var ContactLabLoops = (function () {
  'use strict';

  var REFRESH_MS = 200;  // loops change once per impact: a slow poll is plenty
  var LATEST = 4;        // "latest impacts" shows this many
  var el = ContactLabPlots.el;
  var T = ContactLabText.t;
  var TEXT = {
    title: T('loops.title'),
    choice: T('loops.choice_label'),
    empty: T('loops.empty'),
    latest: T('loops.latest', { count: LATEST }),
    xAxis: T('loops.penetration_axis'),
    yAxis: T('loops.force_axis')
  };

  /** "t = 0.1361 s · wall 1" / "t = 0.52 s · pair 0–3": the seed labels loops by their time. */
  function impactLabel(loop) {
    var args = { t: ContactLabPlots.formatNumber(loop.onset), kind: ContactLabPlots.impactKind(loop.kind), i: loop.i, j: loop.j };
    return T(loop.j == null ? 'loops.impact_one' : 'loops.impact_pair', args);
  }

  function create(opts) {
    var api = opts.api;
    var host = opts.hostEl;
    var loops = [];          // latest parsed loops, oldest first
    var choice = 'latest';   // 'latest' or an impact id (string)
    var revisionSeen = null;
    var u = null, shownKey = '';

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

    function fillChooser() {
      var keep = choice;
      select.textContent = '';
      select.appendChild(new Option(TEXT.latest, 'latest'));
      loops.slice().reverse().forEach(function (l) { select.appendChild(new Option(impactLabel(l), String(l.id))); });
      // A chosen impact that was forgotten (the app keeps the latest 64) falls back to the latest ones.
      choice = Array.prototype.some.call(select.options, function (o) { return o.value === keep; }) ? keep : 'latest';
      select.value = choice;
    }

    function plotOptions(shown, width, height) {
      var axisCommon = ContactLabPlots.axisStyle();
      return {
        mode: 2,
        width: width,
        height: height,
        scales: { x: { time: false } },
        legend: { live: false, mount: function (plot, table) { legend.appendChild(table); } },
        cursor: { drag: { x: false, y: false } },
        series: [{}].concat(shown.map(function (l, k) {
          return { label: impactLabel(l), stroke: ContactLabPlots.themeColor('series', k), width: 1.5, points: { show: false } };
        })),
        axes: [
          Object.assign({ label: TEXT.xAxis, size: 30, labelSize: 15, labelGap: 0 }, axisCommon),
          Object.assign({ label: TEXT.yAxis, labelSize: 18, labelGap: 0, size: 52 }, axisCommon)
        ]
      };
    }

    /** Rebuilds the uPlot when the set of loops shown changes; otherwise only its data. */
    function draw() {
      var shown = chosenLoops().filter(function (l) { return l.penetration.length > 1; });
      note.hidden = shown.length > 0;
      var data = [null].concat(shown.map(function (l) {
        return [l.penetration.map(function (p) { return 1e3 * p; }), l.force.slice()];
      }));
      var key = shown.map(function (l) { return l.id; }).join(',');
      var width = Math.max(50, holder.clientWidth), height = Math.max(50, holder.clientHeight);
      if (!u || key !== shownKey) {
        if (u) u.destroy();
        legend.textContent = '';
        u = shown.length ? new uPlot(plotOptions(shown, width, height), data, holder) : null;
        shownKey = key;
      } else {
        u.setData(data);
      }
    }

    function poll() {
      var revision = api.loopsRevision();
      host.hidden = revision < 0;
      if (revision < 0 || revision === revisionSeen) return;
      revisionSeen = revision;
      var parsed = JSON.parse(api.loopsJson() || 'null');
      loops = parsed && Array.isArray(parsed.loops) ? parsed.loops : [];
      fillChooser();
      draw();
    }

    var poller = ContactLabPlots.pollEvery(REFRESH_MS, poll, function (e) {
      console.warn('ContactLab loops stopped:', e);
    });

    ContactLabPlots.fitToHolder(holder, function () { return u; });

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

  return { create: create };
})();
