// Benchmark (not a test): a fit's runs (evaluations) per second in the page's
// worker against the native CLI. The case of the README's fit example and
// tests/browser/fit_panel.test.mjs: the pile's "Bouncing ball (phyphox)"
// preset with impulses, e over [0.5, 1] and the drop height over [0.1, 1]
// fitted to the 13 bounce times of assets/measured/bouncing_ball_phyphox.csv.
// The page loads the file (contactlab.fit.load), maps its columns and the
// parameters in the fit panel's form and presses Fit, with the simulation
// paused and then playing; `contactlab fit` runs the scene file the page
// saves with --jobs 1 and 2. They alternate, ROUNDS times (the machine's
// speed drifts); medians and the ratios page / native are printed with the
// machine's load. It prints; it does not judge the speed.
// The page's time is from the form's submit to the result on the page (its
// performance.now()): the worker reading the table and checking the plan
// again, the fit, the messages. The worker started and its engine loaded when
// the file was loaded (that time is printed apart), but the fit is the new
// worker's first: the browser optimises the engine's hot code while it runs.
// The worker's own time for the fit alone is printed beside it. For
// reference, outside the page, each its time for the fit alone: the same
// worker script in a blank page of the site's origin (no app drawing beside
// it), and the worker's engine (sweep_engine.wasm) under node.
// The native figure is the CLI's own (the fit alone), the process's beside it.
// `build/bin/bench fit` times the same preset and parameters on 13 bounce
// times of its own (made with e = 0.8 in the engine): it runs too, outside
// the ratios.
//   node tests/bench/fit_in_browser.mjs [ROUNDS]   (after .ci/build-wasm and the native build; 3 rounds)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as h from '../browser/harness.mjs';
import { machineState, median } from './bench_kit.mjs';

const require = createRequire(import.meta.url);
const ROUNDS = Number(process.argv[2]) || 3;
const BENCH = path.join(h.repoRoot, 'build', 'bin', 'bench');
const DATA = path.join(h.repoRoot, 'assets', 'measured', 'bouncing_ball_phyphox.csv');
const TEXT = fs.readFileSync(DATA, 'utf8');
const LINK = '#scene=pile&preset=bouncing_ball&law=impulse';
const VARIED = [{ name: 'e', lo: 0.5, hi: 1 }, { name: 'emit_height', lo: 0.1, hi: 1 }];
const MAX_RUNS = 500;  // web/fit.js's
const BLANK_PAGE = '/fit-bench-blank.html';  // served beside the site: a page of its origin without the app

/** One fit from the page's panel; with `sceneFilePath`, the page's scene is saved there first. */
async function pageFit(env, playing, sceneFilePath = null) {
  const app = await env.open(LINK + (playing ? '&play=1' : ''));
  try {
    const { page } = app;
    const state = () => page.evaluate(() => window.contactlab.fit.state());
    if (sceneFilePath) {
      await h.openExport(page);
      fs.writeFileSync(sceneFilePath, (await h.downloadByClick(page, 'Save scene')).body);
    }
    // The panel's module, its worker and the worker's engine start here, then the table is read.
    const loadMs = await page.evaluate(async ([name, text]) => {
      const begin = performance.now();
      await window.contactlab.fit.load(name, text);
      return performance.now() - begin;
    }, [path.basename(DATA), TEXT]);
    await page.locator('#fit-column-0').selectOption('bounce');  // Time: bounce times
    await page.locator('#fit-column-1').selectOption('');        // Height: phyphox's own estimate, not used
    for (const [k, { name, lo, hi }] of VARIED.entries()) {
      await page.getByLabel(`parameter ${k + 1}`, { exact: true }).selectOption(name);
      await page.getByLabel(`parameter ${k + 1} from`, { exact: true }).fill(String(lo));
      await page.getByLabel(`parameter ${k + 1} to`, { exact: true }).fill(String(hi));
    }
    await h.until(page, async () => (await state()).planned && !(await page.isDisabled('.fit-run')), { what: 'the fit ready' });
    await h.sleep(1000);  // the form's last check (250 ms after the last key) answered: it would queue before the fit
    // Timestamps on the page: the form's submit, and the result once it is on the page.
    await page.evaluate(() => {
      const times = window.fitBenchTimes = {};
      document.addEventListener('submit', () => { times.submitted = performance.now(); }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (!window.contactlab.fit.state().result) return;
        times.shown = performance.now();
        observer.disconnect();
      });
      observer.observe(document.getElementById('fit'), { subtree: true, childList: true, characterData: true });
    });
    const t0 = (await h.status(page)).t;
    await page.focus('.fit-run');
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await state()).result?.outcome === 'converged', { timeout: 300_000, what: 'the fit converged' });
    const times = await page.evaluate(() => window.fitBenchTimes);
    const st = await h.status(page);
    const s = await state();
    // The worker's time for the fit alone, as the panel announces it ("…, 82 runs, 2.85 s").
    const workerMs = 1000 * Number(/runs, ([0-9.]+) s$/.exec(s.announced.at(-1))?.[1]);
    return { runs: s.result.runs, values: s.result.parameters.map((p) => p.value), wallMs: times.shown - times.submitted,
      workerMs, loadMs, simulated: st.t - t0, running: st.running };
  } finally {
    await app.close();
  }
}

/** The same fit by the page's worker script in a blank page of the site's origin: no app beside it. */
async function workerAlone(env, sceneFilePath) {
  const page = await env.browser.newPage();
  try {
    await page.goto(env.server.url + BLANK_PAGE.slice(1));
    return await page.evaluate((message) => new Promise((resolve, reject) => {
      const worker = new Worker('sweep_worker.js');
      const fail = (why) => { worker.terminate(); reject(new Error(why)); };
      worker.onerror = (e) => fail(`worker error: ${e.message}`);
      worker.onmessage = ({ data: m }) => {
        if (m.type === 'failed') fail(m.message);
        else if (m.type === 'fitPlanned' && m.plan.error) fail(m.plan.error);
        else if (m.type === 'fitDone') {
          worker.terminate();
          resolve({ runs: m.result.runs, values: m.result.parameters.map((p) => p.value), wallMs: m.runMs });
        }
      };
      worker.postMessage(message);
    }), { type: 'fit', id: 1, run: true, language: 'en', maxRuns: MAX_RUNS, text: TEXT, sceneFile: fs.readFileSync(sceneFilePath, 'utf8'),
      map: 'Time=bounce', varied: VARIED.map((v) => ({ ...v, log: false })) });
  } finally {
    await page.close();
  }
}

/**
 * The worker's engine (sweep_engine.wasm, freshly compiled) under node, called as web/sweep_worker.js
 * calls it: the WebAssembly without the browser, its time for the fit alone.
 */
async function engineUnderNode(env, sceneFilePath) {
  const added = (event) => process.listeners(event);
  const before = { uncaughtException: added('uncaughtException'), unhandledRejection: added('unhandledRejection') };
  const M = await require(path.join(h.siteDir, 'sweep_engine.js'))({ wasmBinary: fs.readFileSync(path.join(h.siteDir, 'sweep_engine.wasm')) });
  for (const [event, listeners] of Object.entries(before))  // emscripten's, for a program of its own
    for (const listener of added(event)) if (!listeners.includes(listener)) process.off(event, listener);
  const ask = (fn, texts, ...more) => {
    const pointers = texts.map((text) => {
      const size = M.lengthBytesUTF8(text) + 1, pointer = M._malloc(size);
      M.stringToUTF8(text, pointer, size);
      return pointer;
    });
    try {
      return JSON.parse(M.UTF8ToString(fn(...pointers, ...more)));
    } finally {
      pointers.forEach((pointer) => M._free(pointer));
    }
  };
  const sceneFile = fs.readFileSync(sceneFilePath, 'utf8');
  ask(M._cl_fit_read_table, [TEXT]);
  ask(M._cl_fit_choices, [sceneFile]);
  const plan = ask(M._cl_fit_plan, [sceneFile, 'Time=bounce', JSON.stringify(VARIED.map((v) => ({ ...v, log: false })))]);
  if (plan.error) throw new Error(plan.error);
  const begin = performance.now();
  const result = ask(M._cl_fit_run, [], MAX_RUNS);
  return { runs: result.runs, values: result.parameters.map((p) => p.value), wallMs: performance.now() - begin };
}

function nativeFit(sceneFilePath, jobs, out) {
  const begin = process.hrtime.bigint();
  const run = spawnSync(h.CLI, ['fit', 'pile', '--scene-file', sceneFilePath, '--data', DATA, '--map', 'Time=bounce',
    ...VARIED.flatMap(({ name, lo, hi }) => ['--vary', `${name}=${lo}:${hi}`]), '--jobs', String(jobs), '--out', out],
  { encoding: 'utf8' });
  const processMs = Number(process.hrtime.bigint() - begin) / 1e6;
  if (run.status !== 0) throw new Error(`contactlab fit failed: ${run.stderr}`);
  // "… converged after 14 iterations, 82 runs, 2.14 s (threads: 1; 38.4 runs/s)"
  const m = /(\d+) runs, ([0-9.]+) s\b/.exec(run.stdout);
  if (!m) throw new Error(`contactlab fit: no runs and time in ${JSON.stringify(run.stdout.split('\n')[0])}`);
  const values = fs.readFileSync(out, 'utf8').trim().split('\n').slice(1).map((r) => Number(r.split(',')[2]));
  return { runs: Number(m[1]), wallMs: 1000 * Number(m[2]), processMs, values };
}

/** `bench 1 fit`'s runs per second by threads ("1 thread: 81 runs in 2.831 s: 28.6 runs/s, …"). */
function benchSection() {
  const run = spawnSync(BENCH, ['1', 'fit'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench fit failed: ${run.stderr}`);
  return Object.fromEntries([...run.stdout.matchAll(/^(\d) threads?: (\d+) runs in ([0-9.]+) s/gm)]
    .map((m) => [Number(m[1]), Number(m[2]) / Number(m[3])]));
}

const rate = (x) => x.runs / (x.wallMs / 1000);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
// In this order each round: the page's and the native figures alternate.
const KINDS = [
  { key: 'paused', label: 'page worker, simulation paused', run: (env, file, round) => pageFit(env, false, round === 1 ? file : null) },
  { key: 'native1', label: 'native CLI --jobs 1', run: (env, file) => nativeFit(file, 1, `${file}.1.csv`) },
  { key: 'playing', label: 'page worker, simulation playing', run: (env) => pageFit(env, true) },
  { key: 'native2', label: 'native CLI --jobs 2', run: (env, file) => nativeFit(file, 2, `${file}.2.csv`) },
  { key: 'alone', label: 'worker alone, blank page', run: workerAlone },
  { key: 'node', label: 'worker\'s engine under node', run: engineUnderNode },
];
function details(x) {
  if (x.processMs !== undefined) return `the process ${seconds(x.processMs)}`;
  if (x.loadMs === undefined) return 'the fit alone';
  return `the worker's fit alone ${seconds(x.workerMs)}; file loaded, worker and engine started in ${x.loadMs.toFixed(0)} ms; ` +
    `${x.simulated.toFixed(2)} simulated s meanwhile${x.running ? ', playing' : ''}`;
}

const env = await h.setup();  // the page composited in software, as in tests/browser/ (see harness.mjs)
env.server.page(BLANK_PAGE, '<!doctype html><title>fit bench</title>');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-fit-bench-'));
const sceneFilePath = path.join(dir, 'ball.json');
try {
  console.log(`fit of ${VARIED.map((v) => `${v.name}=${v.lo}:${v.hi}`).join(' and ')} to the 13 bounce times of ` +
    `${path.relative(h.repoRoot, DATA)} (${LINK}), ${ROUNDS} rounds; Chromium ${env.browser.version()}, node ${process.version}`);
  console.log(`machine at the start: ${machineState()}`);
  const seen = Object.fromEntries(KINDS.map(({ key }) => [key, []]));
  const bench = [];
  for (let round = 1; round <= ROUNDS; ++round) {
    console.log(`round ${round}: ${machineState()}`);
    for (const { key, label, run } of KINDS) {
      const x = await run(env, sceneFilePath, round);
      seen[key].push(x);
      console.log(`  ${label.padEnd(32)} ${x.runs} runs in ${seconds(x.wallMs)}: ${rate(x).toFixed(1)} runs/s (${details(x)})`);
    }
    bench.push(benchSection());
    console.log(`  ${'bench fit (its own 13 times)'.padEnd(32)} ${bench.at(-1)[1].toFixed(1)} runs/s on 1 thread, ` +
      `${bench.at(-1)[2]?.toFixed(1)} on 2`);
  }
  console.log(`machine at the end: ${machineState()}`);

  // The same case everywhere: the same runs and values (the panel's fit equals the CLI's: fit_panel.test.mjs).
  const all = Object.values(seen).flat();
  const worst = Math.max(...all.flatMap((x) => x.values.map((v, k) => Math.abs(v - all[0].values[k]) / Math.abs(all[0].values[k]))));
  console.log(`runs per fit: ${[...new Set(all.map((x) => x.runs))].join(', ')}; e = ${all[0].values[0]}, ` +
    `emit_height = ${all[0].values[1]}; largest relative difference between the fits ${worst.toExponential(1)}`);
  console.log(`medians of ${ROUNDS}:`);
  const medians = {};
  for (const { key, label } of KINDS) {
    medians[key] = median(seen[key].map(rate));
    console.log(`  ${label.padEnd(32)} ${medians[key].toFixed(1)} runs/s (${seen[key].map((x) => rate(x).toFixed(1)).join(', ')})`);
  }
  console.log(`  ${'bench fit (its own 13 times)'.padEnd(32)} ${median(bench.map((b) => b[1])).toFixed(1)} runs/s on 1 thread, ` +
    `${median(bench.map((b) => b[2] ?? NaN)).toFixed(1)} on 2`);
  for (const key of ['paused', 'playing', 'alone', 'node'])
    console.log(`ratio ${KINDS.find((k) => k.key === key).label} / native: ${(medians[key] / medians.native1).toFixed(2)} ` +
      `of one thread, ${(medians[key] / medians.native2).toFixed(2)} of two`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await env.close();
}
