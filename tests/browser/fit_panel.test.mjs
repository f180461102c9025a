// The fit panel (web/fit.js): a CSV dropped on the page, its columns mapped
// by keyboard, a fit run in the worker while the simulation runs on,
// cancelled and run again, the CLI's values for the page's parameters, and
// Apply; a worker that fails while reading a table fails the load at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './harness.mjs';

const CLI = h.CLI;
const DATA = path.join(h.repoRoot, 'assets', 'measured', 'bouncing_ball_phyphox.csv');

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('the fit panel: a dropped CSV, columns mapped by keyboard, fit, cancel, refit, the CLI\'s values, Apply', { timeout: h.TIMEOUT.test * 2 }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  const app = await env.open('#scene=pile&preset=bouncing_ball&law=impulse&play=1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-fit-'));
  try {
    const { page, errors } = app;
    const state = () => page.evaluate(() => window.contactlab.fit.state());
    await page.evaluate(() => window.contactlab.fit.open());
    await h.until(page, async () => (await state())?.open, { what: 'the fit panel open' });

    // Dropped on the page, the table goes to the fit panel.
    const text = fs.readFileSync(DATA, 'utf8');
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'bounces.csv', { type: 'text/csv' }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, text);
    await h.until(page, async () => (await state()).loaded && !(await page.isHidden('.fit-form')), { what: 'the table read' });

    // By keyboard: Time holds bounce times, Height (phyphox's own estimate) is not used.
    await page.focus('#fit-column-0');
    await page.keyboard.type('bounce t');
    await page.focus('#fit-column-1');
    await page.keyboard.type('not');
    assert.deepEqual(await page.$$eval('.fit-use', (s) => s.map((x) => x.value)), ['bounce', '']);
    // The ranges the CLI is given: e 0.5..1, the drop height 0.1..1.
    const names = await page.$$eval('.fit-param-name', (s) => s.map((x) => x.value));
    assert.deepEqual(names.slice(0, 2), ['e', 'emit_height'], 'restitution and the drop height offered first');
    for (const [k, lo, hi] of [[0, '0.5', '1'], [1, '0.1', '1']]) {
      for (const [label, value] of [[`parameter ${k + 1} from`, lo], [`parameter ${k + 1} to`, hi]]) {
        await page.getByLabel(label, { exact: true }).focus();
        await page.keyboard.press('Control+A');
        await page.keyboard.type(value);
      }
    }
    await h.until(page, async () => (await state()).planned && !(await page.isDisabled('.fit-run')), { what: 'the fit ready' });

    // Fit, cancelled at its first report, the simulation running on meanwhile.
    const t0 = (await h.status(page)).t;
    await page.focus('.fit-run');
    await page.keyboard.press('Enter');
    await h.until(page, async () => /runs, iteration/.test(await page.textContent('.fit-status')), { what: 'progress shown' });
    await page.locator('.fit-buttons').getByRole('button', { name: 'Cancel' }).click();
    await h.until(page, async () => /cancelled/.test(await page.textContent('.fit-status')), { what: 'cancelled' });
    assert.equal((await state()).running, false);

    // Again, to the end.
    await h.until(page, async () => !(await page.isDisabled('.fit-run')), { what: 'Fit enabled again' });
    await page.focus('.fit-run');
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await state()).result?.outcome === 'converged', { timeout: 120_000, what: 'the fit done' });
    const t1 = (await h.status(page)).t;
    const result = (await state()).result;

    // The CLI, on the page's parameters.
    await h.openExport(page);
    const sceneFilePath = path.join(dir, 'ball.json');
    fs.writeFileSync(sceneFilePath, (await h.downloadByClick(page, 'Save scene')).body);
    const out = path.join(dir, 'fit.csv');
    execFileSync(CLI, ['fit', 'pile', '--scene-file', sceneFilePath, '--data', DATA, '--map', 'Time=bounce',
      '--vary', 'e=0.5:1', '--vary', 'emit_height=0.1:1', '--out', out],
    { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
    const cli = fs.readFileSync(out, 'utf8').trim().split('\n').slice(1).map((r) => Number(r.split(',')[2]));
    const worst = Math.max(...result.parameters.map((p, k) => Math.abs(p.value - cli[k]) / Math.abs(cli[k])));
    console.log(`panel: e = ${result.parameters[0].value}, h = ${result.parameters[1].value} (CLI ${cli.join(', ')}), ` +
      `largest relative difference ${worst.toExponential(2)}; page clock ${t0.toFixed(2)} -> ${t1.toFixed(2)} s`);
    assert.ok(worst <= 1e-6, `panel and CLI differ by ${worst} relative`);
    assert.ok(t1 > t0, 'the simulation ran on during the fit');
    // What a screen reader finds: the table with its caption, a row per parameter.
    assert.equal(await page.textContent('.fit-table caption'), 'Fitted values');
    assert.equal(await page.locator('.fit-table tr').count(), 3);
    assert.ok(await page.locator('.fit-chart').count() === 2, 'data and residual charts');
    // What a screen reader hears of the result: the values with their errors, the correlations, the charts by their titles.
    const heard = await page.locator('#fit').ariaSnapshot();
    assert.match(heard, /status: converged after \d+ iterations, \d+ runs/);
    assert.match(heard, /row "restitution \(e\) 0\.\d+ ± 0\.\d+ –"/);
    assert.match(heard, /row "emitter height \(emit_height\) 0\.\d+ ± 0\.\d+ m"/);
    assert.match(heard, /row "e 1\.000 -0\.9\d\d"/);
    assert.match(heard, /img "bounce: measured and fitted run"/);
    assert.doesNotMatch(heard, /Value :/, 'the charts\' keys are not read out');

    await page.locator('#fit').scrollIntoViewIfNeeded();
    h.saveArtifact('fit-panel.png', await page.locator('#fit').screenshot());  // for a human to look at

    // Apply: the page's parameters take the fitted values.
    await page.locator('.fit-buttons').getByRole('button', { name: 'Apply' }).click();
    await h.until(page, async () => Math.abs(Number((await h.status(page)).params.e) - result.parameters[0].value) < 1e-12,
      { what: 'e applied' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await app.close();
  }
});

test('a worker that fails while reading the table: the load rejects at once with the reason, and the panel shows it', async () => {
  const app = await env.open('#scene=pile&preset=bouncing_ball');
  try {
    const { page, errors } = app;
    // The worker the panel starts throws on the first message it gets: the table to read.
    await page.route('**/sweep_worker.js', (route) => route.fulfill({ contentType: 'text/javascript',
      body: "onmessage = function () { throw new Error('the engine broke reading the table'); };" }));
    const started = Date.now();
    const outcome = await h.withTimeout(page.evaluate((text) => window.contactlab.fit.load('bounces.csv', text)
      .then((table) => ({ resolved: table }), (e) => ({ rejected: e.message })), fs.readFileSync(DATA, 'utf8')),
    h.TIMEOUT.wait, 'the load to settle');
    console.log(`load settled after ${Date.now() - started} ms: ${JSON.stringify(outcome)}`);
    assert.match(outcome.rejected ?? '', /^the fit stopped: .*the engine broke reading the table/);
    const shown = page.locator('#fit-error');
    assert.ok(await shown.isVisible(), 'the reason shown in the panel');
    assert.equal(await shown.innerText(), outcome.rejected);
    assert.equal((await page.evaluate(() => window.contactlab.fit.state())).loaded, false, 'no table taken');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.page.unroute('**/sweep_worker.js');  // the page is the next test's
    await app.close();
  }
});

test('a table loaded while another loads or a fit runs: the earlier load is refused as replaced, the fit ends, the new table is taken', { timeout: h.TIMEOUT.test * 2 }, async () => {
  const app = await env.open('#scene=pile&preset=bouncing_ball&law=impulse');
  try {
    const { page, errors } = app;
    const text = fs.readFileSync(DATA, 'utf8');
    const state = () => page.evaluate(() => window.contactlab.fit.state());
    // Two loads at once (a host sending two files): the first is answered as replaced, not left waiting.
    const loadBoth = page.evaluate(async (text) => {
      const settled = await Promise.allSettled([
        window.contactlab.fit.load('first.csv', text), window.contactlab.fit.load('second.csv', text)]);
      return settled.map((x) => (x.status === 'fulfilled' ? { rows: x.value.rows } : { rejected: x.reason.message }));
    }, text);
    const both = await h.withTimeout(loadBoth, h.TIMEOUT.wait, 'both loads to settle');
    console.log(`two loads at once: ${JSON.stringify(both)}`);
    assert.deepEqual(both, [{ rejected: 'replaced by a newer request before it was answered' }, { rows: 13 }]);
    assert.match(await page.textContent('.fit-file'), /second\.csv/);

    // A fit running when a new table comes: the fit ends, the table is taken, Fit is offered again.
    await page.selectOption('#fit-column-0', 'bounce');
    await page.selectOption('#fit-column-1', '');
    for (const [label, value] of [['parameter 1 from', '0.5'], ['parameter 1 to', '1'], ['parameter 2 from', '0.1'], ['parameter 2 to', '1']])
      await page.getByLabel(label, { exact: true }).fill(value);
    await h.until(page, async () => (await state()).planned && !(await page.isDisabled('.fit-run')), { what: 'the fit ready' });
    await page.click('.fit-run');
    await h.until(page, async () => (await state()).running, { what: 'the fit running' });
    const third = await h.withTimeout(page.evaluate((text) => window.contactlab.fit.load('third.csv', text)
      .then((table) => ({ rows: table.rows }), (e) => ({ rejected: e.message })), text), h.TIMEOUT.wait, 'the third load');
    const after = await state();
    console.log(`a table loaded while fitting: ${JSON.stringify(third)}; running ${after.running}; file '${await page.textContent('.fit-file')}'`);
    assert.deepEqual(third, { rows: 13 });
    assert.equal(after.running, false, 'the fit on the old table ended');
    assert.match(await page.textContent('.fit-file'), /third\.csv/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
