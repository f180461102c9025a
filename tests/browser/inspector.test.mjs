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

    // What a screen reader hears: a table with a caption, column headers, a row per impact.
    const table = await page.locator('#inspector table.inspector-table').ariaSnapshot();
    assert.match(table, /caption|Latest impacts/);
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
