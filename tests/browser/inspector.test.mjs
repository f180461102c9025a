// The contact-law inspector (web/inspector.js): each impact's measured
// restitution against the engine's closed-form curves, per compared run,
// with the notes a teacher needs (Hunt–Crossley's and Lankarani–Nikravesh's
// floors) and a table a screen reader can read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

const HEAD_ON = 'scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('three laws at c_tau = 0.3: measured restitution on the closed-form curves, floors explained', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(`#${HEAD_ON}&c_tau=0.3&compare=law:hunt_crossley|lankarani_nikravesh|flores&play=1`);
  try {
    const { page, errors } = app;
    const runs = () => page.evaluate(() => window.contactlab.inspector.runs());
    await h.until(page, async () => (await runs()).length === 3 && (await runs()).every((r) => r.inspection.impacts.length >= 1),
      { timeout: 20_000, what: 'an impact in every run' });
    await page.evaluate(() => window.contactlab.command('pause'));
    for (const r of await runs()) {
      const first = r.inspection.impacts[0];
      console.log(`${r.label}: c_tau ${r.inspection.asked} -> closed form ${r.inspection.e_closed_form.toFixed(5)}, ` +
        `measured ${first.e.toFixed(5)} (${first.kind}), loop work ${first.loop_area.toFixed(3)} J`);
      assert.equal(first.kind, 'pair', 'the discs meet first');
      assert.deepEqual([first.i, first.j], [0, 1], 'the bodies that met, counted from 0');
      assert.ok(Math.abs(first.e - r.inspection.e_closed_form) < 1e-3, `${r.label}: measured e on its curve`);
      assert.ok(first.loop_area > 0, 'the damping took work');
    }
    const byLaw = Object.fromEntries((await runs()).map((r) => [r.inspection.law, r.inspection]));
    assert.match(byLaw.hunt_crossley.notes[0], /Hunt-Crossley cannot give a restitution below 0\.488/);
    assert.match(byLaw.lankarani_nikravesh.notes[0], /cannot give a restitution below 0\.663/);

    // The chart: the diagonal, five curves from the engine, one point series per run.
    const chart = await page.evaluate(() => {
      const u = window.contactlab.inspector.uplot();
      return { series: u.series.map((s) => s.label), hc08: u.data[2][1][75], x08: u.data[2][0][75] };
    });
    assert.equal(chart.series.length, 1 + 1 + 5 + 3, JSON.stringify(chart.series));
    assert.equal(chart.x08, 0.8);
    assert.ok(Math.abs(chart.hc08 - 0.83287) < 1e-5, `Hunt-Crossley at c_tau 0.8: ${chart.hc08}`);

    // The key: a list naming every line, each law's sample drawn in the chart's dash for it (uPlot's own
    // legend marked them with six alike boxes), each run's impacts a dot in its colour.
    const key = await page.evaluate(() => {
      const u = window.contactlab.inspector.uplot();
      return [...document.querySelectorAll('#inspector .plot-key-item')].map((item, k) => ({
        label: item.textContent, dash: item.querySelector('line')?.getAttribute('stroke-dasharray') || null,
        color: item.querySelector('line')?.getAttribute('stroke') || item.firstChild.style.background,
        chartDash: (u.series[k + 1].dash || []).join(' ') || null, dot: item.querySelector('.key-dot') !== null }));
    });
    console.log('inspector key: ' + key.map((k) => `${k.label} (${k.dot ? 'dot' : k.dash || 'solid'})`).join('; '));
    assert.deepEqual(key.map((k) => k.label), chart.series.slice(1));
    for (const k of key.filter((k) => !k.dot)) assert.equal(k.dash, k.chartDash, `${k.label}: the key's dash is the chart's`);
    assert.equal(new Set(key.slice(1, 6).map((k) => k.dash)).size, 5, 'the five laws told apart by their dash');
    assert.notEqual(key[0].color, key[1].color, 'the diagonal (solid) told from Hunt-Crossley (solid) by its colour');
    assert.equal(key.filter((k) => k.dot).length, 3, 'a dot per run');
    assert.match(await page.locator('#inspector .plot-key').ariaSnapshot(), /^- list:\n(\s+- listitem: .*\n?){9}$/);

    // What a screen reader hears: a table named by its caption, column headers, a row per impact.
    const table = await page.locator('#inspector table.inspector-table').ariaSnapshot();
    assert.match(table, /^- '?table "Latest impacts/);
    assert.match(table, /columnheader "run"/, 'compared runs: a column says which');
    assert.match(table, /columnheader "measured e"/);
    assert.match(table, /rowheader "law=Flores"/);
    assert.match(table, /cell "ellipses 1–2"/, 'the contact column names the bodies as the plots and loops do');
    const notes = await page.locator('#inspector .inspector-notes').innerText();
    console.log('inspector notes:\n' + notes);
    await page.locator('#inspector').scrollIntoViewIfNeeded();
    await h.saveScreenshot(page.locator('#inspector'), 'inspector-three-laws.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('one run, before its first impact: the note under the chart, no empty table; then a row per impact headed by its time', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(`#${HEAD_ON}&c_tau=0.5`);
  try {
    const { page, errors } = app;
    // The inspector shows once the run has a contact law to inspect, before any impact.
    await h.until(page, () => page.evaluate(() => window.contactlab.inspector.shown()), { what: 'the inspector' });
    const before = await page.evaluate(() => {
      const note = document.querySelector('#inspector .inspector-empty');
      const chart = document.querySelector('#inspector .plot-holder').getBoundingClientRect();
      const n = note.getBoundingClientRect();
      return { note: note.hidden ? null : note.textContent, below: n.top >= chart.bottom,
        table: document.querySelector('#inspector .inspector-table-box').hidden };
    });
    assert.match(before.note, /^Impacts appear here/);
    assert.ok(before.below, 'the note lies under the chart, not over its curves');
    assert.equal(before.table, true, 'no table of column heads alone');

    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, () => page.evaluate(() => window.contactlab.inspector.runs()[0]?.inspection.impacts.length >= 1),
      { timeout: 20_000, what: 'the first impact' });
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.until(page, () => page.evaluate(() => document.querySelector('#inspector .inspector-empty').hidden), { what: 'the note gone' });
    const table = await page.locator('#inspector table.inspector-table').ariaSnapshot();
    console.log(`one run's table:\n${table}`);
    assert.doesNotMatch(table, /columnheader "run"/, 'one run: no column saying "this run" on every row');
    assert.match(table, /columnheader "t \[s\]"/);
    assert.match(table, /rowheader "0\.\d+"/, 'each row headed by its impact\'s time');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
