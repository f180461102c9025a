// A contact too stiff for its fixed step (issue 34): the run stops with the
// same verdict everywhere: the page's run and `contactlab run` (sampled alike,
// every 5 ms) at the same time with the same message; the page's sweep worker
// and `contactlab sweep` with the same failure per row. (A run sampled on
// another grid steps differently after an impact, and may stop a step apart.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as h from './harness.mjs';

const CLI = h.CLI;
const APP_SAMPLE_INTERVAL = 0.005;  // s, App::kSampleInterval
const STIFF = { integrator: 'euler', E_e: '1e12' };  // explodes within 0.2 s at dt = 1e-4 s

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const NUMBER = /-?\d+(\.\d+)?(e[-+]?\d+)?/g;
/** A message with its numbers blanked: its words. */
const words = (m) => m.replace(NUMBER, '#');
/** Largest relative difference between the numbers of two messages of the same words. */
function numbersApart(a, b) {
  const x = a.match(NUMBER).map(Number), y = b.match(NUMBER).slice(0, x.length).map(Number);
  return Math.max(...x.map((v, k) => Math.abs(v - y[k]) / Math.max(1, Math.abs(y[k]))));
}

/** What the CLI says on stderr when the run stops (after "contactlab: "). */
function cliVerdict(args) {
  try {
    execFileSync(CLI, args, { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return String(e.stderr).trim().replace(/^contactlab: /, '');
  }
  return '';
}

test('a run too stiff for euler stops in the page as in contactlab run, and its sweep rows as in contactlab sweep', { timeout: 90_000 }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  const link = Object.entries(STIFF).map(([k, v]) => `${k}=${v}`).join('&');
  const app = await env.open(`#scene=ellipses&${link}&play=1`);
  try {
    const { page, errors } = app;
    const st = await h.until(page, async () => {
      const s = await h.status(page);
      return s.failed ? s : null;
    }, { timeout: 30_000, what: 'the run stopped' });
    const sets = Object.entries(STIFF).flatMap(([k, v]) => ['--set', `${k}=${v}`]);
    const cli = cliVerdict(['run', 'ellipses', ...sets, '--until', '1', '--sample', String(APP_SAMPLE_INTERVAL), '--out', '/dev/null']);
    console.log(`  page: ${st.message.slice(0, 160)}\n  CLI:  ${cli.slice(0, 160)}`);
    assert.match(st.message, /the run blew up/);
    // Word for word, and the same numbers to round-off (the page's engine is WebAssembly, the CLI's native
    // code: their libm and contractions differ in the last bits, 1e-16 relative in the agreement test).
    assert.ok(words(cli).startsWith(words(st.message)), 'the same message');
    const worst = numbersApart(st.message, cli);
    console.log(`  largest relative difference of the message's numbers: ${worst.toExponential(2)}`);
    assert.ok(worst <= 1e-12, 'the same time and energies');

    // The page's sweep worker: two stiffnesses, both too stiff for euler.
    await page.locator('#sweep summary').focus();
    await page.keyboard.press('Enter');
    const state = () => page.evaluate(() => window.contactlab.sweep.state());
    await h.until(page, async () => (await state()).ready, { timeout: 30_000, what: 'the sweep form checked' });
    const field = (name) => page.locator(`#sweep [name="${name}"]`);
    await field('parameter').selectOption('E_e');
    await field('from').fill('1e11');
    await field('to').fill('1e12');
    await field('until').fill('0.3');
    await field('runs').fill('2');
    await h.until(page, async () => (await state()).ready, { what: 'the new form checked' });
    await field('runs').press('Enter');
    await h.until(page, async () => ['done', 'failed'].includes((await state()).state), { timeout: 60_000, what: 'the sweep ended' });
    const pageCsv = await page.evaluate(() => window.contactlab.sweep.csv());
    const cliCsv = execFileSync(CLI, ['sweep', 'ellipses', '--set', `integrator=${STIFF.integrator}`,
      '--vary', 'E_e=1e11:1e12:2', '--until', '0.3'], { encoding: 'utf8', timeout: 60_000 });
    const failures = (csv) => csv.trim().split('\n').slice(1).map((row) => row.slice(row.indexOf('"')));
    console.log(`  sweep rows' failures: ${failures(pageCsv).map((f) => f.slice(0, 90)).join(' | ')}`);
    const rowWords = (csv) => failures(csv).map(words);
    assert.deepEqual(rowWords(pageCsv), rowWords(cliCsv), 'each row stops with the CLI\'s message');
    failures(pageCsv).forEach((f, k) => assert.ok(numbersApart(f, failures(cliCsv)[k]) <= 1e-12, `row ${k}: the same numbers`));
    assert.ok(failures(pageCsv).every((f) => /the run blew up/.test(f)));
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a fixed step far shorter than the contact stops at the same time in the page as in contactlab run (counted, not timed)', { timeout: 120_000 }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  // rk4 at dt = 1e-7 s through the street's long contact: 3e5 steps per simulated second.
  const sets = { integrator: 'rk4', dt: '1e-7' };
  const app = await env.open(`#scene=street&${Object.entries(sets).map(([k, v]) => `${k}=${v}`).join('&')}&play=1`);
  try {
    const { page, errors } = app;
    const st = await h.until(page, async () => {
      const s = await h.status(page);
      return s.failed ? s : null;
    }, { timeout: 90_000, what: 'the run stopped' });
    const cli = cliVerdict(['run', 'street', ...Object.entries(sets).flatMap(([k, v]) => ['--set', `${k}=${v}`]),
      '--until', '2', '--sample', String(APP_SAMPLE_INTERVAL), '--out', '/dev/null']);
    console.log(`  page: ${st.message.slice(0, 170)}\n  CLI:  ${cli.slice(0, 170)}`);
    assert.match(st.message, /integrator steps of \S+ s on average/);
    assert.ok(words(cli).startsWith(words(st.message)), 'the same message');
    const worst = numbersApart(st.message, cli);
    console.log(`  largest relative difference of the message's numbers: ${worst.toExponential(2)}`);
    assert.ok(worst <= 1e-12, 'the same time and rate');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
