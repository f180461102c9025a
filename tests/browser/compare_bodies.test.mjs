// Compared runs with different body counts (issue 34): a series the variant
// does not have (the third ellipse of a run of two) is a gap in its plotted
// line, never a value, and an empty cell in the compared series CSV, as in
// `contactlab run --compare` (the host page's get_series answers with the
// reference's series only).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('a variant without a body plots a gap and exports empty cells for it', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&n=3&compare=n:3|2&play=1');
  try {
    const { page, errors } = app;
    const runs = (await page.evaluate(() => window.contactlab.compare())).runs;
    assert.deepEqual(runs.map((r) => r.label), ['n=3', 'n=2']);
    await page.evaluate(() => window.contactlab.plots.setSeries(0, ['x2', 'x0']));
    // Read once the plot shows more than 10 points of the variant's own first body (the plots refresh on their own clock).
    const readLines = () => page.evaluate(() => {
      const u = window.contactlab.plots.uplot(0);
      return u.series.slice(1).map((s, k) => ({ label: s.label, values: Array.from(u.data[k + 1] || []) }));
    });
    const ownLine = (lines) => lines.find((l) => /^x of ellipse 1 .*n=2$/.test(l.label));
    const lines = await h.until(page, async () => {
      const read = await readLines();
      const own = ownLine(read);
      return own && own.values.filter((v) => Number.isFinite(v)).length > 10 && read;
    }, { what: 'the variant\'s own bodies plotted (more than 10 points)' });
    const third = lines.find((l) => /^x of ellipse 3 .*n=2$/.test(l.label));
    assert.ok(third, `the variant's line of the third body is listed: ${lines.map((l) => l.label)}`);
    const drawn = third.values.filter((v) => v !== null && v !== undefined);
    console.log(`  ${third.label}: ${third.values.length} points, ${drawn.length} drawn; its first body ${ownLine(lines).values.length} points`);
    assert.equal(drawn.length, 0, 'no value plotted for a body the variant does not have');

    await h.clickWidget(page, 'Pause');
    await h.openExport(page);
    const file = await h.downloadByClick(page, 'Series CSV');
    const rows = file.body.toString('utf8').trim().split('\n').map((r) => r.split(','));
    const column = rows[0].indexOf('x2');
    const variantRows = rows.slice(1).filter((r) => r[0] === 'n=2');
    assert.ok(variantRows.length > 10);
    assert.ok(variantRows.every((r) => r[column] === ''), 'the variant\'s x2 cells are empty');
    assert.ok(rows.slice(1).every((r) => !r.includes('nan') && !r.includes('NaN')), 'no NaN written');

    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
