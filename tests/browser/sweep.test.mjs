// The parameter sweep panel (web/sweep.js, web/sweep_worker.js): runs go in
// a Web Worker while the canvas keeps animating (frames counted during the
// sweep; their intervals are printed here and by the bench,
// tests/bench/sweep_in_browser.mjs), the CSV equals `contactlab sweep`'s, a
// refused form keeps its text and runs nothing, and Cancel stops a long sweep
// at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as h from './harness.mjs';

const CLI = h.CLI;
const HEAD_ON = 'scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const sweepState = (page) => page.evaluate(() => window.contactlab.sweep.state());
const field = (page, name) => page.locator(`#sweep [name="${name}"]`);

/**
 * Opens the panel from its heading by the keyboard (the inspector above it
 * grows as impacts arrive, and a pointer aimed at the heading under load
 * could land on the inspector) and waits until the engine has checked the form.
 */
async function openPanel(page) {
  await page.locator('#sweep summary').focus();
  await page.keyboard.press('Enter');
  await h.until(page, async () => (await sweepState(page)).ready, { timeout: 30_000, what: 'the sweep form checked' });
}

/**
 * Presses Run sweep by the keyboard: a click waits for the navigations a
 * submit button might start, and the page's main thread, sharing two cores
 * with the worker, could outlast that wait.
 */
async function runSweep(page) {
  await page.locator('#sweep button', { hasText: 'Run sweep' }).focus();
  await page.keyboard.press('Enter');
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

test('a c_tau sweep beside a playing run: its chart, its table for a screen reader, and its CSV equals contactlab sweep', { timeout: 90_000 }, async (t) => {
  const app = await env.open(`#${HEAD_ON}&play=1`);
  try {
    const { page, errors } = app;
    await openPanel(page);
    await field(page, 'parameter').selectOption('c_tau');
    await field(page, 'from').fill('0.1');
    await field(page, 'to').fill('1');
    // 120 s per run: long runs, many impacts each, for the comparison with the CLI below.
    await field(page, 'until').fill('120');
    await field(page, 'runs').fill('200');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'the new form checked' });

    // Every frame the app draws from before Enter until the sweep has ended: the frame's time, the
    // run's simulated time and the sweep's state, read in the page (no round trip can miss a frame).
    // Printed only: how often the page draws while its worker sweeps moves with the machine's load
    // (the bench prints it, tests/bench/sweep_in_browser.mjs); the next test counts frames over a
    // sweep long enough on any machine.
    const recording = h.recordFrames(page, {
      sample: (st) => ({ t: st.t, sweep: window.contactlab.sweep.state().state }),
      done: (samples) => ['done', 'failed', 'cancelled'].includes(samples[samples.length - 1].sweep),
      timeout: 90_000, what: 'the frames until the sweep ended',
    });
    await field(page, 'runs').press('Enter');  // the keyboard starts it
    const frames = await recording;
    await h.until(page, async () => (await sweepState(page)).state === 'done', { what: 'the sweep done' });
    const s = await sweepState(page);
    const before = frames.filter((x) => x.sweep !== 'running' && x.sweep !== 'done');
    const during = frames.filter((x) => x.sweep === 'running');
    const intervals = (list) => list.slice(1).map((x, k) => x.now - list[k].now);
    const baseline = intervals(before), whileRunning = intervals(during);
    const figures = (list) => list.length ? `median ${percentile(list, 0.5).toFixed(1)} ms, p95 ${percentile(list, 0.95).toFixed(1)} ms, ` +
      `longest ${Math.max(...list).toFixed(1)} ms` : 'none';
    const advanced = during.length ? during[during.length - 1].t - during[0].t : 0;
    console.log(`frames before the sweep: ${figures(baseline)}; during the sweep: ${during.length} frames, ${figures(whileRunning)}; ` +
      `simulated time advanced ${advanced.toFixed(3)} s over them; sweep ${s.done} runs in ${(s.wallMs / 1000).toFixed(2)} s`);
    assert.equal(s.done, 200);
    assert.equal(s.failed, 0);

    // Plotted: a chart per chosen result, one point per run.
    const chart = await page.evaluate(() => {
      const u = window.contactlab.sweep.uplot(0);
      return { points: u.data[0].length, label: u.axes[0].label, y: u.axes[1].label };
    });
    assert.equal(chart.points, 200);
    assert.match(chart.label, /c_tau/);
    console.log(`chart axes: x "${chart.label}", y "${chart.y}"`);

    // What a screen reader hears: labelled fields, the progress bar, the table's headers.
    const tree = await page.locator('#sweep').ariaSnapshot();
    for (const expected of [/combobox "Parameter"/, /textbox "From"/, /textbox "Runs \(1.200\)"/, /progressbar "Sweep progress"/,
      /checkbox "Logarithmic spacing"/, /button "Export CSV"/, /columnheader "c_tau"/, /Sweep done: 200 runs/])
      assert.match(tree, expected);

    // The exported table is the CLI's for the same parameters.
    const pending = page.waitForEvent('download');
    await page.locator('#sweep button', { hasText: 'Export CSV' }).click();
    const download = await pending;
    const pageCsv = fs.readFileSync(await download.path(), 'utf8');
    assert.equal(pageCsv, await page.evaluate(() => window.contactlab.sweep.csv()));
    assert.match(download.suggestedFilename(), /^contactlab-ellipses-sweep-c_tau\.csv$/);
    await page.locator('#sweep').scrollIntoViewIfNeeded();
    await h.saveScreenshot(page.locator('#sweep'), 'sweep-c_tau.png');
    if (!fs.existsSync(CLI)) {
      t.diagnostic(`native CLI not built (${CLI}): CSV not compared`);
      return;
    }
    const sets = HEAD_ON.split('&').slice(1).flatMap((kv) => ['--set', kv]);
    const cliCsv = execFileSync(CLI, ['sweep', 'ellipses', ...sets, '--vary', 'c_tau=0.1:1:200', '--until', '120'],
      { encoding: 'utf8', timeout: 60_000 });
    const pageRows = pageCsv.trim().split('\n').map((r) => r.split(','));
    const cliRows = cliCsv.trim().split('\n').map((r) => r.split(','));
    assert.deepEqual(pageRows[0], cliRows[0], 'same columns');
    assert.equal(pageRows.length, cliRows.length, 'a row per run');
    let worst = 0;
    cliRows.slice(1).forEach((row, k) => row.forEach((cell, c) => {
      const mine = pageRows[k + 1][c];
      if (c < 3 || cell === '' || Number.isNaN(Number(cell))) { assert.equal(mine, cell, `row ${k}, ${cliRows[0][c]}`); return; }
      worst = Math.max(worst, Math.abs(Number(mine) - Number(cell)) / Math.max(1e-300, Math.abs(Number(cell))));
    }));
    console.log(`page vs CLI sweep CSV: ${cliRows.length - 1} runs x ${cliRows[0].length - 4} quantities, ` +
      `largest relative difference ${worst.toExponential(2)}`);
    // The browser's libm (musl) and the native one (glibc) may differ in the last bit of
    // sin, cos and pow; the adaptive steps carry that on. 1e-9 is far below what is plotted.
    assert.ok(worst <= 1e-9, `largest relative difference ${worst}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a refused form keeps its text and runs nothing; the canvas animates while a long sweep runs, and Cancel stops it at once', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=ellipses&play=1');
  try {
    const { page, errors } = app;
    await openPanel(page);
    await field(page, 'runs').fill('500');
    await h.until(page, async () => (await sweepState(page)).error !== '', { what: 'the refusal' });
    const refused = await sweepState(page);
    console.log(`refused: ${refused.error}`);
    assert.match(refused.error, /whole number in \[1, 200\]/);
    assert.equal(await field(page, 'runs').inputValue(), '500', 'the text stays as typed');
    assert.equal(await field(page, 'runs').getAttribute('aria-invalid'), 'true');
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'failed', { what: 'the run refused' });
    assert.equal((await sweepState(page)).done, 0);

    // 200 s per run of the seed case: the sweep lasts minutes here, far longer than the frames and the
    // Cancel below take on any machine (200 runs of 5 s ended within a few seconds).
    await field(page, 'runs').fill('200');
    await field(page, 'until').fill('200');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'the mended form checked' });
    assert.equal(await field(page, 'runs').getAttribute('aria-invalid'), null);
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).done >= 2, { timeout: 30_000, what: 'two runs done' });

    // The page never blocks: frames keep coming while the worker runs, and the playing simulation
    // advances in them. Counted, not timed: on a 2-core machine without a GPU the worker takes a core
    // from the software renderer and frames come slower (measured: median 100 -> 230-420 ms, 1.3-2 s
    // with builds beside), which says nothing about the page; a main thread blocked by the sweep
    // would draw no frame at all until it ended.
    const frames = await h.recordFrames(page, {
      sample: (st) => ({ t: st.t, sweep: window.contactlab.sweep.state().state, done: window.contactlab.sweep.state().done }),
      done: (samples) => samples.length >= 3 || samples[samples.length - 1].sweep !== 'running',
      timeout: 60_000, what: 'three frames drawn while the sweep runs',
    });
    console.log(`while the sweep ran: ${frames.length} frames over ${((frames.at(-1).now - frames[0].now) / 1000).toFixed(2)} s, ` +
      `runs ${frames[0].done} -> ${frames.at(-1).done}, simulated time ${frames[0].t.toFixed(3)} -> ${frames.at(-1).t.toFixed(3)} s`);
    assert.ok(frames.every((x) => x.sweep === 'running'), `3 frames drawn while the sweep ran: ${JSON.stringify(frames)}`);
    assert.ok(frames.at(-1).t > frames[0].t, 'the simulation advanced in them');
    const cancel = page.locator('#sweep button', { hasText: 'Cancel' });
    await cancel.focus();
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await sweepState(page)).state === 'cancelled', { what: 'the sweep cancelled' });
    const stoppedAfter = Date.now() - pressed;
    const done = (await sweepState(page)).done;
    // Runs the worker finished but had not reported would come in the next frames: none may.
    await h.frames(page, 10);
    const later = await sweepState(page);
    console.log(`cancelled ${stoppedAfter} ms after Enter, after ${done} of 200 runs; 10 frames later: ${later.done}`);
    assert.equal(later.done, done, 'no run reported after Cancel');
    assert.ok(done < 200);
    const said = await page.evaluate(() => window.contactlab.sweep.announced());
    assert.ok(said.some((s) => new RegExp(`Sweep cancelled after ${done} of 200 runs`).test(s)), JSON.stringify(said));

    // A new sweep after a cancel starts a new worker and finishes.
    await field(page, 'runs').fill('3');
    await field(page, 'until').fill('0.2');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'the small form checked' });
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'done', { timeout: 30_000, what: 'the small sweep done' });
    assert.equal((await sweepState(page)).done, 3);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('each scene\'s sweep starts on a parameter that acts under its law; a parameter that changes nothing is named as such', { timeout: 90_000 }, async () => {
  // The parameter each scene's default run offers first: c_tau acts under Hunt–Crossley, k_d under the
  // pile's linear law (which ignores c_tau), e_thread in the pendulum, e under the impulse law, and the
  // cradle's gap (the lesson: a gap of a millimetre makes the cradle ideal).
  const expected = { ellipses: 'c_tau', street: 'c_tau', pile: 'k_d', pendulum: 'e_thread', implicit: 'e', cradle: 'gap' };
  const app = await env.open('#scene=pile');
  try {
    const { page, errors } = app;
    await openPanel(page);
    const chosen = {};
    for (const scene of Object.keys(expected)) {
      await page.evaluate((s) => window.contactlab.applyHash(`#scene=${s}`), scene);
      await h.until(page, async () => (await h.status(page)).scene === scene, { what: `the ${scene} scene` });
      chosen[scene] = await h.until(page, async () => {
        const value = await field(page, 'parameter').inputValue();
        return value === expected[scene] ? value : null;
      }, { what: `${scene}: the sweep on ${expected[scene]}` }).catch(() => field(page, 'parameter').inputValue());
    }
    console.log(`  first parameter offered: ${JSON.stringify(chosen)}`);
    assert.deepEqual(chosen, expected);

    // The pile's linear law ignores c_tau: three runs alike, and the page says why instead of "done".
    await page.evaluate(() => window.contactlab.applyHash('#scene=pile'));
    await h.until(page, async () => (await field(page, 'parameter').inputValue()) === 'k_d', { what: 'the pile form' });
    await field(page, 'parameter').selectOption('c_tau');
    await field(page, 'from').fill('0.2');
    await field(page, 'to').fill('0.9');
    await field(page, 'runs').fill('3');
    await field(page, 'until').fill('0.5');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'the c_tau form checked' });
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'done', { timeout: 30_000, what: 'the sweep done' });
    const said = await page.evaluate(() => window.contactlab.sweep.announced());
    console.log(`  said: ${said.at(-1)}`);
    assert.match(said.at(-1), /All 3 runs gave the same result: c_tau has no effect under the linear spring-dashpot law/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a quantity no run gave a value (the pendulum\'s e_first: no impact) is said, not drawn as an empty chart', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum');
  try {
    const { page, errors } = app;
    await openPanel(page);
    await field(page, 'runs').fill('3');
    await field(page, 'until').fill('0.5');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'the form checked' });
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'done', { timeout: 30_000, what: 'the sweep done' });
    const charts = await page.evaluate(() => Array.from(document.querySelectorAll('#sweep .sweep-chart')).map((f) => ({
      title: f.querySelector('figcaption').textContent,
      drawn: !f.querySelector('.plot-holder').hidden,
      said: f.querySelector('.sweep-chart-empty').hidden ? '' : f.querySelector('.sweep-chart-empty').textContent,
    })));
    for (const c of charts) console.log(`  ${c.title}: ${c.drawn ? 'drawn' : c.said}`);
    assert.ok(charts.length >= 1);
    const empty = charts.filter((c) => !c.drawn);
    assert.ok(empty.length >= 1, 'the quantities without a value are not drawn');
    for (const c of empty) assert.match(c.said, /No run gave .* a value/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('under a student\'s activity the sweep keeps to it: a locked parameter is not offered, a range beyond the narrowed one is refused', { timeout: 90_000 }, async () => {
  const activity = {
    format: 'contactlab-activity/1', scene: 'pendulum', title: 'Slack thread', params: { L: '1.3', v0: 4 },
    controls: { L: { access: 'locked', reason: 'one length today' }, v0: { min: 1, max: 6 } },
  };
  const link = 'j' + Buffer.from(JSON.stringify(activity)).toString('base64url');
  const app = await env.open(`#activity=${link}`);
  try {
    const { page, errors } = app;
    await openPanel(page);
    await field(page, 'runs').fill('3');
    await field(page, 'until').fill('0.2');
    await field(page, 'parameter').selectOption('v0');
    await field(page, 'from').fill('2');
    await field(page, 'to').fill('8');
    await h.until(page, async () => /v0/.test((await sweepState(page)).error), { what: 'v0 beyond 6 refused' });
    const beyond = (await sweepState(page)).error;
    console.log(`  refused: "${beyond}"`);
    assert.match(beyond, /\[1, 6\]/, 'the narrowed range named');
    const offered = await field(page, 'parameter').evaluate((s) => Array.from(s.options).map((o) => o.value));
    assert.ok(!offered.includes('L'), `the locked L is not offered: ${offered}`);
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'failed', { what: 'the run refused' });
    assert.equal((await sweepState(page)).done, 0);

    // Within the range the sweep runs.
    await field(page, 'parameter').selectOption('v0');
    await field(page, 'from').fill('2');
    await field(page, 'to').fill('6');
    await h.until(page, async () => (await sweepState(page)).ready, { what: 'v0 within [1, 6] checked' });
    await runSweep(page);
    await h.until(page, async () => (await sweepState(page)).state === 'done', { timeout: 30_000, what: 'the sweep done' });
    assert.equal((await sweepState(page)).done, 3);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
