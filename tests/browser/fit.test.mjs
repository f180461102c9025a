// The fit in the page's worker (web/sweep_worker.js, src/app/fit_engine.cpp):
// the shipped phyphox-format file of bounce times, fitted in the browser
// while the simulation on the page keeps running, gives the values and
// standard errors `contactlab fit` gives for the same scene file, to 1e-6
// relative; progress arrives after each iteration; a fit cancelled (its
// worker ended) and run again gives the same; stiffness and c_τ from bounce
// times alone come with the warning that they trade off.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './harness.mjs';

const CLI = h.CLI;
const DATA = path.join(h.repoRoot, 'assets', 'measured', 'bouncing_ball_phyphox.csv');
const VARIED = [{ name: 'e', lo: 0.5, hi: 1, log: false }, { name: 'emit_height', lo: 0.1, hi: 1, log: false }];

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/**
 * Runs a fit in a fresh worker from the page: resolves with its messages
 * once `fitDone` (or a refusal) arrives; `cancelAfterProgress` ends the
 * worker at its first progress report instead.
 */
function fitInWorker(page, message, { cancelAfterProgress = false } = {}) {
  return page.evaluate(({ message, cancelAfterProgress }) => new Promise((resolve, reject) => {
    const worker = new Worker('sweep_worker.js');
    const seen = { progress: [], t: [window.contactlab.status().t] };
    worker.onerror = (e) => reject(new Error('worker error: ' + e.message));
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.type === 'fitProgress') {
        seen.progress.push(m.progress);
        if (cancelAfterProgress) {
          worker.terminate();
          seen.cancelled = true;
          resolve(seen);
        }
      } else if (m.type === 'fitPlanned') {
        seen.plan = m.plan;
        if (m.plan.error) { worker.terminate(); resolve(seen); }
      } else if (m.type === 'fitDone') {
        seen.result = m.result;
        seen.runMs = m.runMs;
        seen.t.push(window.contactlab.status().t);
        worker.terminate();
        resolve(seen);
      } else if (m.type === 'failed') {
        worker.terminate();
        reject(new Error(m.message));
      }
    };
    worker.postMessage(Object.assign({ type: 'fit', id: 1, run: true, language: 'en', maxRuns: 500 }, message));
  }), { message, cancelAfterProgress });
}

test('a fit in the worker equals the CLI\'s, with progress, while the page keeps running; cancel and refit', { timeout: h.TIMEOUT.test * 2 }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  const app = await env.open('#scene=pile&preset=bouncing_ball&law=impulse&play=1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-fit-'));
  try {
    const { page, errors } = app;
    await h.until(page, async () => (await h.status(page)).t > 0.1, { what: 'the ball falling' });
    await h.openExport(page);
    const sceneFile = (await h.downloadByClick(page, 'Save scene')).body.toString('utf8');
    const sceneFilePath = path.join(dir, 'ball.json');
    fs.writeFileSync(sceneFilePath, sceneFile);
    const text = fs.readFileSync(DATA, 'utf8');

    // The CLI on the same scene file (its state is not used: every run starts from the parameters).
    const out = path.join(dir, 'fit.csv');
    execFileSync(CLI, ['fit', 'pile', '--scene-file', sceneFilePath, '--data', DATA, '--map', 'Time=bounce',
      ...VARIED.flatMap((v) => ['--vary', `${v.name}=${v.lo}:${v.hi}`]), '--out', out],
    { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
    const [, ...rows] = fs.readFileSync(out, 'utf8').trim().split('\n').map((r) => r.split(','));
    const cli = rows.map((r) => ({ name: r[0], value: Number(r[2]), se: Number(r[3]) }));

    const fit = await fitInWorker(page, { text, sceneFile, map: 'Time=bounce', varied: VARIED });
    assert.equal(fit.plan.kind, 'events');
    assert.equal(fit.plan.times.length, 13, 'the file\'s 13 bounce times');
    assert.equal(fit.result.outcome, 'converged', fit.result.failure);
    let worst = 0;
    fit.result.parameters.forEach((p, k) => {
      assert.equal(p.name, cli[k].name);
      worst = Math.max(worst, Math.abs(p.value - cli[k].value) / Math.abs(cli[k].value),
        Math.abs(p.standard_error - cli[k].se) / Math.abs(cli[k].se));
    });
    console.log(`worker: e = ${fit.result.parameters[0].value} ± ${fit.result.parameters[0].standard_error} in ` +
      `${fit.result.runs} runs, ${(fit.runMs / 1e3).toFixed(2)} s (${(fit.result.runs / fit.runMs * 1e3).toFixed(1)} runs/s); ` +
      `CLI e = ${cli[0].value}; largest relative difference ${worst.toExponential(2)}; ` +
      `${fit.progress.length} progress reports; the page's clock ${fit.t[0].toFixed(2)} -> ${fit.t[1].toFixed(2)} s`);
    assert.ok(worst <= 1e-6, `worker and CLI differ by ${worst} relative`);
    assert.ok(Math.abs(fit.result.parameters[0].value - 0.8) < 0.005, 'e = 0.8 within 0.005');
    assert.ok(fit.progress.length >= 2, 'a progress report per iteration');
    assert.ok(fit.progress.every((p, k) => k === 0 || p.runs > fit.progress[k - 1].runs), 'runs counted up');
    assert.ok(fit.t[1] > fit.t[0], 'the simulation on the page ran on during the fit');
    assert.equal(fit.result.residuals.length, 13);
    assert.equal(fit.result.correlation.length, 2);

    // Cancelled at its first report (the worker ended), then run again: the same numbers.
    const cancelled = await fitInWorker(page, { text, sceneFile, map: 'Time=bounce', varied: VARIED },
      { cancelAfterProgress: true });
    assert.ok(cancelled.cancelled && !cancelled.result);
    const again = await fitInWorker(page, { text, sceneFile, map: 'Time=bounce', varied: VARIED });
    assert.deepEqual(again.result.parameters, fit.result.parameters, 'a refit gives the same values');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await app.close();
  }
});

test('stiffness and c_τ from bounce times alone: the worker warns that they trade off', { timeout: h.TIMEOUT.test * 2 }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  // Ten bounces of the preset (k_h = 1e6, c_τ = 0.9), each time off by up to 1 ms.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-fit-'));
  const events = path.join(dir, 'events.csv');
  execFileSync(CLI, ['run', 'pile', '--preset', 'bouncing_ball', '--until', '3', '--events', events, '--out', '/dev/null'],
    { timeout: 60_000 });
  const times = fs.readFileSync(events, 'utf8').trim().split('\n').slice(1, 11).map((r) => Number(r.split(',')[0]));
  const text = '"Time (s)"\n' + times.map((t, k) => (t + 1e-3 * Math.sin(2 * k + 1)).toFixed(6)).join('\n') + '\n';
  const app = await env.open('#scene=pile&preset=bouncing_ball');
  try {
    const { page, errors } = app;
    await h.openExport(page);
    const sceneFile = (await h.downloadByClick(page, 'Save scene')).body.toString('utf8');
    const fit = await fitInWorker(page, {
      text, sceneFile, map: 'Time=bounce',
      varied: [{ name: 'k_h', lo: 1e4, hi: 1e8, log: true }, { name: 'c_tau', lo: 0.5, hi: 1, log: false }]
    });
    console.log(`k_h = ${fit.result.parameters[0].value}, c_tau = ${fit.result.parameters[1].value}: ${fit.result.outcome}, ` +
      `correlation ${fit.result.correlation[0][1]}; warnings: ${fit.result.warnings.join(' | ')}`);
    assert.ok(fit.result.warnings.some((w) => /(k_h and c_tau|c_tau and k_h) trade off/.test(w)), fit.result.warnings.join(' | '));
    // A refused plan says which input is wrong.
    const refused = await fitInWorker(page, { text, sceneFile, map: 'Tim=bounce', varied: [{ name: 'c_tau', lo: 0.5, hi: 1 }] });
    assert.equal(refused.plan.input, 'map');
    assert.match(refused.plan.error, /no column 'Tim'/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await app.close();
  }
});
