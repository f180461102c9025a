// Benchmark (not a test): the page's sweep worker against the native CLI.
// The seed-000 case (ellipses, defaults), c_tau over [0.1, 1] in 100 values,
// 2 simulated s each, run from the page's Sweep panel in Chromium with the
// simulation paused and then playing, and by `contactlab sweep` with 1 and 2
// threads. Prints runs per second and the ratios, and how often the page
// drew while the sweep ran beside the playing simulation (frame intervals
// before and during it: tests/browser/sweep.test.mjs only counts the frames).
//   node tests/bench/sweep_in_browser.mjs   (after .ci/build-wasm and the native build)
import { spawnSync } from 'node:child_process';
import * as h from '../browser/harness.mjs';
import { median } from './bench_kit.mjs';

const RUNS = 100, UNTIL = 2;
// The page keeps drawing while its worker sweeps: the bound sweep.test.mjs held until issue 33
// (a test now only counts the frames; their intervals move with the machine's load).
const FRAME_GOAL_MS = 1000;
const VARY = `c_tau=0.1:1:${RUNS}`;

async function pageSweep(env, playing) {
  const app = await env.open(`#scene=ellipses${playing ? '&play=1' : ''}`);
  try {
    const { page } = app;
    const state = () => page.evaluate(() => window.contactlab.sweep.state());
    await page.locator('#sweep summary').focus();  // by the keyboard, as sweep.test.mjs: the inspector
    await page.keyboard.press('Enter');             // above can take a pointer's click under load
    await page.locator('#sweep [name="parameter"]').selectOption('c_tau');
    await page.locator('#sweep [name="from"]').fill('0.1');
    await page.locator('#sweep [name="to"]').fill('1');
    await page.locator('#sweep [name="runs"]').fill(String(RUNS));
    await page.locator('#sweep [name="until"]').fill(String(UNTIL));
    await h.until(page, async () => (await state()).ready, { timeout: 30_000, what: 'the form checked' });
    // The app's frames over a second before the sweep, then from its start until it has ended.
    const idle = await h.recordFrames(page, { done: (samples) => samples.at(-1).now - samples[0].now >= 1000, what: 'a second of frames' });
    const recording = h.recordFrames(page, {
      sample: () => ({ sweep: window.contactlab.sweep.state().state }),
      done: (samples) => ['done', 'failed', 'cancelled'].includes(samples.at(-1).sweep), timeout: 300_000, what: 'the sweep ended',
    });
    await page.locator('#sweep button', { hasText: 'Run sweep' }).focus();
    await page.keyboard.press('Enter');
    const frames = await recording;
    await h.until(page, async () => (await state()).state === 'done', { timeout: 300_000, what: 'the sweep done' });
    const intervals = (list) => list.slice(1).map((x, k) => x.now - list[k].now);
    return { ...(await state()), before: intervals(idle), during: intervals(frames.filter((x) => x.sweep === 'running')) };
  } finally {
    await app.close();
  }
}

function nativeSweep(jobs) {
  const run = spawnSync(h.CLI, ['sweep', 'ellipses', '--vary', VARY, '--until', String(UNTIL), '--jobs', String(jobs),
    '--timing', '--out', '/dev/null'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`contactlab sweep failed: ${run.stderr}`);
  return run.stderr;  // --timing prints its figures there
}

const env = await h.setup({ compositing: 'gpu' });  // as the README's figures were measured: the page composited on SwiftShader
try {
  console.log(`sweep of the seed-000 case, ${VARY}, ${UNTIL} simulated s per run`);
  const rates = {};
  for (const playing of [false, true]) {
    const s = await pageSweep(env, playing);
    const key = playing ? 'page worker, simulation playing' : 'page worker, simulation paused';
    rates[key] = RUNS / (s.wallMs / 1000);
    console.log(`${key.padEnd(34)} ${(s.wallMs / 1000).toFixed(2)} s on the page's clock ` +
      `(${(s.runMs / 1000).toFixed(2)} s in the worker's runs): ${rates[key].toFixed(1)} runs/s, ${s.failed} failed; ` +
      `the worker's engine started in ${s.engineLoadMs.toFixed(0)} ms`);
    if (s.during.length) {
      const longest = Math.max(...s.during);
      console.log(`${''.padEnd(34)} frames before the sweep: median ${median(s.before).toFixed(0)} ms; ` +
        `during it: ${s.during.length + 1}, median ${median(s.during).toFixed(0)} ms, ` +
        `longest ${longest.toFixed(0)} ms: goal no frame over ${FRAME_GOAL_MS} ms: ${longest <= FRAME_GOAL_MS ? 'yes' : 'NO'}`);
    }
  }
  for (const jobs of [1, 2]) {
    const line = nativeSweep(jobs).trim();
    const perSecond = Number(/\(([0-9.]+) runs\/s\)/.exec(line)?.[1]);
    rates[`native, ${jobs} thread${jobs > 1 ? 's' : ''}`] = perSecond;
    console.log(`${`native CLI --jobs ${jobs}`.padEnd(34)} ${perSecond.toFixed(1)} runs/s`);
  }
  const worker = rates['page worker, simulation paused'];
  console.log(`ratios: native --jobs 2 / page worker ${(rates['native, 2 threads'] / worker).toFixed(2)}, ` +
    `native one thread / page worker ${(rates['native, 1 thread'] / worker).toFixed(2)}`);
} finally {
  await env.close();
}
