// The browser and the CLI run the same engine: with the same parameters, the
// series CSV exported from the page matches `contactlab run` sample by sample.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as h from './harness.mjs';

const CLI = h.CLI;
const APP_SAMPLE_INTERVAL = 0.005;  // s, kSampleInterval in src/app/app.h

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

function parseCsv(text) {
  const [header, ...rows] = text.trim().split('\n');
  return { names: header.split(','), rows: rows.map((r) => r.split(',').map(Number)) };
}

test('the page and the CLI agree for the same parameters', { timeout: h.TIMEOUT.test }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  // Slack, flight past the nail and a snap (e = 0.5) all happen within 1.5 s.
  const params = { L: '1.1', v0: '6.2', e_thread: '0.5' };
  const until = 1.5;
  const hashText = '#scene=pendulum&' + Object.entries(params).map(([k, v]) => `${k}=${v}`).join('&') + '&play=1';
  const app = await env.open(hashText);
  try {
    const { page, errors } = app;
    await h.until(page, async () => (await h.status(page)).t >= until + 0.1, { timeout: 20_000, what: `t >= ${until + 0.1} s` });
    await h.clickWidget(page, 'Pause');
    await h.openExport(page);
    const browser = parseCsv((await h.downloadByClick(page, 'Series CSV')).body.toString('utf8'));

    const sets = Object.entries(params).flatMap(([k, v]) => ['--set', `${k}=${v}`]);
    const cli = parseCsv(execFileSync(CLI, ['run', 'pendulum', ...sets, '--until', String(until),
      '--sample', String(APP_SAMPLE_INTERVAL)], { encoding: 'utf8', timeout: 20_000 }));

    assert.deepEqual(browser.names, cli.names, 'same series');
    // The page keeps every sample for this short run (no thinning yet).
    const n = cli.rows.length;
    assert.ok(browser.rows.length >= n, `browser has ${browser.rows.length} rows, CLI ${n}`);
    let worst = 0, where = '';
    for (let k = 0; k < n; ++k) {
      for (let s = 0; s < cli.names.length; ++s) {
        const a = browser.rows[k][s], b = cli.rows[k][s];
        const diff = Math.abs(a - b) / Math.max(1, Math.abs(b));
        if (diff > worst) { worst = diff; where = `${cli.names[s]} at t = ${cli.rows[k][0]}`; }
      }
    }
    console.log(`browser vs CLI: ${n} samples x ${cli.names.length} series, largest relative difference ${worst.toExponential(2)} (${where || 'none'})`);
    // Both take the same steps on the same sample grid; wasm and x86-64 round
    // alike except possibly in library functions, so allow a few ulps grown over 300 samples.
    assert.ok(worst <= 1e-9, `largest relative difference ${worst} at ${where}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
