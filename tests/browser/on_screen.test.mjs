// web/page/on_screen.js: an embed scrolled out of view stops its frames (no
// drawing, no stepping, no battery) and, scrolled back, goes on from where
// it was: the run does not make up the time it was away.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** Waits for n animation frames of the course page itself (which keeps drawing). */
const hostFrames = (page, n) => page.evaluate((count) => new Promise((resolve) => {
  let k = 0;
  const next = () => (++k >= count ? resolve() : requestAnimationFrame(next));
  requestAnimationFrame(next);
}), n);

test('an embed scrolled out of view stops, and resumes where it was', { timeout: h.TIMEOUT.test }, async () => {
  env.server.page('/long-course.html', `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <iframe id="lab" src="/#scene=pendulum&embed=1" width="800" height="500"></iframe>
    <div style="height: 5000px">The rest of the lesson.</div>`);
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 700 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(env.server.url + 'long-course.html', { waitUntil: 'load' });
    const frame = page.frames().find((f) => f.url().includes('#scene=pendulum'));
    await frame.waitForFunction(() => window.contactlab && (() => { try { return !!window.contactlab.status(); } catch { return false; } })(),
      null, { timeout: h.TIMEOUT.load });
    assert.equal(await frame.evaluate(() => window.contactlab.framesRunning()), true);
    await frame.evaluate(() => window.contactlab.command('play'));
    await h.until(frame, async () => (await h.status(frame)).t > 0.3, { what: 'the pendulum running' });

    await page.evaluate(() => window.scrollTo(0, 3000));
    await h.until(frame, () => frame.evaluate(() => !window.contactlab.framesRunning()), { what: 'frames stopped out of view' });
    const away = await h.status(frame);
    const leftAt = Date.now();
    await hostFrames(page, 150);  // the course page draws on; the embed does not
    const still = await h.status(frame);
    console.log(`  out of view for ${Date.now() - leftAt} ms: t stayed ${away.t} -> ${still.t} s, still running: ${still.running}`);
    assert.equal(still.t, away.t, 'no step while out of view');
    assert.equal(still.running, true, 'the run is still playing, only its frames stopped');

    const awaySeconds = (Date.now() - leftAt) / 1000;
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.until(frame, () => frame.evaluate(() => window.contactlab.framesRunning()), { what: 'frames again in view' });
    let back;
    await h.until(frame, async () => (back = await h.status(frame)).t > away.t, { interval: 10, what: 'the run going on' });
    console.log(`  back after ${awaySeconds.toFixed(2)} s away: t ${away.t} -> ${back.t} s at the first frames`);
    assert.ok(back.t - away.t < 0.5 * awaySeconds, `went on from where it was (jumped ${back.t - away.t} s after ${awaySeconds} s away)`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
