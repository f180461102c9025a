// Hysteresis panel (web/loops.js): force-vs-penetration loops of recent
// impacts, drawn with uPlot's XY mode, choosable per impact, exportable as
// CSV; hidden for scenes without compliant contacts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const HEAD_ON = '#scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0&play=1';

test('ellipses head-on: the loop of each impact is plotted, can be chosen, and exports as CSV', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(HEAD_ON);
  try {
    const { page, errors } = app;
    const loops = (fn, arg) => page.evaluate(fn, arg);
    await h.until(page, () => loops(() => window.contactlab.loops.shown()), { what: 'the loops panel to show' });
    // The discs meet at t ~ 0.9 s; wall impacts follow.
    await h.until(page, () => loops(() => window.contactlab.loops.impacts() >= 2), { what: 'two impacts' });
    const plotted = await loops(() => window.contactlab.loops.plotted());
    assert.ok(plotted.length >= 2, 'latest impacts plotted');
    for (const p of plotted) assert.ok(p.points >= 10, `impact ${p.id} has a loop of ${p.points} points`);

    // The chart: one series per loop, x in mm up to the maximum penetration.
    const chart = await loops(() => {
      const u = window.contactlab.loops.uplot();
      return { series: u.series.length - 1, xmax: u.scales.x.max, ymax: u.scales.y.max, mode: u.mode };
    });
    assert.equal(chart.mode, 2, 'XY (faceted) mode');
    assert.equal(chart.series, plotted.length);
    assert.ok(chart.xmax > 0 && chart.ymax > 0, `axes span the loops: ${JSON.stringify(chart)}`);

    // One impact chosen from the list.
    await loops((id) => window.contactlab.loops.choose(id), plotted[0].id);
    const one = await loops(() => window.contactlab.loops.plotted());
    assert.deepEqual(one.map((p) => p.id), [plotted[0].id]);
    const panel = await page.$('#loops');
    await h.saveScreenshot(panel, 'loops-head-on.png');

    // Export: the panel's "Loops CSV" button.
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.openExport(page);
    const csv = await h.downloadByClick(page, 'Loops CSV');
    assert.match(csv.name, /loops\.csv$/);
    const lines = csv.body.toString().trim().split('\n');
    assert.equal(lines[0], 'impact,onset,kind,i,j,penetration,force');
    assert.ok(lines.length > 20, `${lines.length - 1} loop points exported`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('scenes without compliant contacts hide the loops panel', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum');
  try {
    const { page, errors } = app;
    await h.frames(page, 10);
    assert.equal(await page.evaluate(() => window.contactlab.loops.shown()), false);
    assert.equal(await page.evaluate(() => document.getElementById('loops').hidden), true);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
