// Scale (issue 14): a link to a gas of 1,000 ellipses and one to a pile of
// 10,000 particles run in the page, and perf=1 prints what a frame costs.
// Checked here: the page runs them and its perf line says the figures in
// words, counted in frames, not timed. The figures themselves (the engine's
// own real-time factor, the simulation's and the drawing's CPU milliseconds
// per frame, the slowest simulation or drawing, the plots' refresh) move with the machine:
// tests/bench/scale_in_browser.mjs prints them with their goals. Screenshots:
// artifacts/scale-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const PERF_LINE = /^Per frame: simulation [0-9.]+ ms, drawing [0-9.]+ ms, WebGL [0-9.]+ ms \(slowest simulation or drawing [0-9]+ ms\); plots [0-9.]+ ms per refresh, every [0-9]+ ms; the engine runs at [0-9.]+× real time$/;

/** The perf line once it reports the engine's speed (the engine has advanced), and its figures. */
async function perfLine(page, what) {
  const line = await h.until(page, () => page.evaluate(() => {
    const text = document.getElementById('frame-timing').textContent;
    return /the engine runs at/.test(text) && text;
  }), { timeout: 30_000, what: `${what}: the perf line with the engine's speed` });
  const f = await page.evaluate(() => window.contactlab.frameTiming());
  const st = await h.status(page);
  console.log(`${what}: engine ${f.engineRtf.toFixed(2)}x real time; per frame: sim ${f.simMs.toFixed(1)} ms, ` +
    `draw ${f.drawMs.toFixed(1)} ms, WebGL ${f.glMs.toFixed(1)} ms, slowest ${f.worstMs.toFixed(1)} ms; ` +
    `plots ${f.plotMs.toFixed(1)} ms per refresh; page factor ${st.rtf.toFixed(2)}, t = ${st.t.toFixed(3)} s, ${st.steps} steps`);
  console.log(`  the page says: ${line}`);
  assert.match(line, PERF_LINE);
  assert.ok(f.engineRtf > 0 && Number.isFinite(f.engineRtf), `the engine's factor ${f.engineRtf}`);
  return st;
}

test('gas of 1,000 ellipses: the page runs it and prints what a frame costs', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&n=1000&R_wall=145.344&play=1&perf=1');  // the seed case's area fraction: 6.5 sqrt(n / 2)
  try {
    const st = await perfLine(app.page, 'gas of 1,000 ellipses');
    assert.ok(!st.failed, st.message);
    assert.ok(st.t > 0, 'the run advanced');
    assert.equal(st.params.n, '1000');
    assert.doesNotMatch(await h.messagesText(app.page), /problem|unknown/i, 'perf=1 is a page key the app knows');
    await h.saveScreenshot(app.page, 'scale-gas.png');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('before Play the perf line says the engine has not run, not that it runs at 0x real time', { timeout: 60_000 }, async () => {
  const app = await env.open('#scene=ellipses&perf=1');
  try {
    const line = await h.until(app.page, () => app.page.evaluate(() => document.getElementById('frame-timing').textContent),
      { what: 'the perf line' });
    console.log(`paused: ${line}`);
    assert.match(line, /; the engine has not run yet \(press Play\)$/);
    const tree = await app.page.locator('#frame-timing').ariaSnapshot();
    assert.match(tree, /paragraph: .*the engine has not run yet/, 'a screen reader reads the line as a paragraph');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('without perf=1 the line stays hidden and the link does not gain it', { timeout: 60_000 }, async () => {
  const app = await env.open('#scene=ellipses');
  try {
    await h.frames(app.page, 5);
    const hidden = await app.page.evaluate(() => document.getElementById('frame-timing').hidden);
    assert.equal(hidden, true);
    assert.doesNotMatch(await h.hash(app.page), /perf=/);
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('a pile of 10,000 particles runs with its perf line, and saved as a scene file and dropped back resumes where it was', { timeout: 120_000 }, async () => {
  // Such a file is over 1 MiB: more than ccall's stack takes, so the page
  // hands scene files to the engine through the heap (web/heap_text.js).
  const app = await env.open('#scene=pile&start=block&dim=2&N_max=10000&width=60&play=1&perf=1');
  try {
    const { page } = app;
    await perfLine(page, 'pile of 10,000 particles');
    await h.until(page, async () => (await h.status(page)).t > 0.2, { timeout: 30_000, what: 'the pile running' });
    await h.saveScreenshot(page, 'scale-pile.png');
    await page.evaluate(() => window.contactlab.command('pause'));
    const saved = await h.status(page);
    // By keyboard, on the accessible controls' button (the ImGui one is scrolled out of view in the pile's panel).
    const save = page.getByRole('button', { name: 'Save scene' });
    await save.focus();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: h.TIMEOUT.wait }),
      save.press('Enter', { timeout: h.TIMEOUT.action }),
    ]);
    const name = download.suggestedFilename();
    const text = fs.readFileSync(await download.path(), 'utf8');
    console.log(`saved pile of 10,000 at t = ${saved.t.toFixed(3)} s: ${(text.length / 1048576).toFixed(2)} MiB`);
    assert.ok(text.length > 1 << 20, 'the file is larger than the stack ccall copies strings onto');
    await page.evaluate(() => window.contactlab.command('reset'));
    assert.equal((await h.status(page)).t, 0);
    await h.dropFile(page, name, text);
    const loaded = await h.until(page, async () => {
      const st = await h.status(page);
      return st.t > 0 ? st : null;
    }, { what: 'the dropped file loaded' });
    assert.ok(Math.abs(loaded.t - saved.t) < 1e-12, `resumes at t = ${saved.t} (got ${loaded.t})`);
    assert.doesNotMatch(await h.messagesText(page), /error|too large|memory/i);
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});
