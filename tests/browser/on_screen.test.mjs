// web/page/on_screen.js: an embed scrolled out of view stops its frames (no
// drawing, no stepping, no battery) and, scrolled back, goes on from where
// it was: the run does not make up the time it was away. And the app's own
// rule (App::wants_frame): a paused, untouched picture is not drawn again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** Pixels of two equal-sized images whose colours differ by more than 24 in a channel. */
function differing(a, b) {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4)
    if ([0, 1, 2].some((c) => Math.abs(a.data[i + c] - b.data[i + c]) > 24)) count++;
  return count;
}

/** Waits for n animation frames of the course page itself (which keeps drawing). */
const hostFrames = (page, n) => page.evaluate((count) => new Promise((resolve) => {
  let k = 0;
  const next = () => (++k >= count ? resolve() : requestAnimationFrame(next));
  requestAnimationFrame(next);
}), n);

test('an embed scrolled out of view stops, and resumes where it was', { timeout: h.TIMEOUT.test }, async () => {
  const { page, frame, errors, close } = await h.openHostPage(env, '/long-course.html', `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <iframe id="lab" src="/#scene=pendulum&embed=1" width="800" height="500"></iframe>
    <div style="height: 5000px">The rest of the lesson.</div>`,
    { frameUrlIncludes: '#scene=pendulum', contextOptions: { viewport: { width: 1000, height: 700 } } });
  try {
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
    assert.deepEqual([...errors.console, ...errors.page], []);
  } finally {
    await close();
  }
});

test('a paused, untouched app draws no frames; a change, the mouse or Play draws again', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum', { acceptDownloads: true });
  const { page } = app;
  try {
    const drawn = async () => (await h.status(page)).frames_drawn;
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'the paused app to stop drawing' });
    const still = await drawn();
    const before = await h.canvasImage(page);
    await h.frames(page, 30);
    const after = await drawn();
    const kept = h.pixelStats(before).nonBgFraction;
    console.log(`  paused and untouched: ${after - still} frames drawn in 30 animation frames; ` +
      `${(100 * kept).toFixed(1)} % of the canvas still shows the picture`);
    assert.equal(after, still, 'no frame drawn while paused and untouched');
    assert.ok(kept > 0.01, 'the canvas keeps its last picture');

    // A host page reading the state, as one that polls it would, draws nothing.
    const hostMessage = (message) => page.evaluate((m) => JSON.parse(window.Module.ccall('cl_host_message', 'string', ['string'],
      [JSON.stringify({ type: 'contactlab', v: 1, id: 1, ...m })])), message);
    for (let k = 0; k < 5; k++) assert.equal((await hostMessage({ cmd: 'get_state' })).ok, true);
    await h.frames(page, 30);
    const polled = await drawn();
    console.log(`  5 host get_state messages: ${polled - after} frames drawn in 30 animation frames`);
    assert.equal(polled, after, 'a host reading the state does not wake the app');
    assert.equal((await hostMessage({ cmd: 'set_params', params: { L: 0.5 } })).ok, true);
    await h.until(page, async () => (await drawn()) > polled, { what: 'a frame after the host set L' });
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'the app still again' });
    const hostSet = await drawn();

    // A change from the page draws the new picture.
    await page.evaluate(() => window.contactlab.applyHash('scene=pendulum&L=0.6'));
    await h.until(page, async () => (await drawn()) > hostSet, { what: 'a frame after the change' });
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'the app still again' });
    const changed = await h.canvasImage(page);
    console.log(`  L set to 0.6: drew again, then stopped; ${differing(before, changed)} pixels differ from the picture before`);
    assert.ok(differing(before, changed) > 100, 'the shorter thread is drawn');
    assert.ok(h.pixelStats(changed).nonBgFraction > 0.01);

    // The mouse over the canvas (ImGui's hover) draws.
    const box = await page.locator('#canvas').boundingBox();
    const quiet = await drawn();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.52);
    await h.until(page, async () => (await drawn()) > quiet, { what: 'a frame after the mouse moved' });

    // A clip records a picture each frame, still or not: its frames are held while it records.
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'the app still again' });
    await h.until(page, () => page.evaluate(() => !!window.contactlab.clip()), { what: 'the Record button loaded' });
    await page.locator('#clip-record').click();
    await h.until(page, () => page.evaluate(() => window.contactlab.clip().phase === 'recording'), { what: 'recording' });
    const recordingFrom = await page.evaluate(() => performance.now());
    await h.until(page, () => page.evaluate((t0) => performance.now() - t0 > 2000, recordingFrom), { what: '2 s of recording' });
    const heldFrom = await drawn();
    await h.frames(page, 5);
    const held = (await drawn()) - heldFrom;
    console.log(`  recording a paused picture for 2 s: ${held} frames drawn in the next 5 animation frames`);
    assert.ok(held >= 4, 'frames held while a clip records');
    await page.locator('#clip-record').click();
    await h.until(page, () => page.evaluate(() => window.contactlab.clip().phase === 'idle'), { what: 'the clip saved' });
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'still again after the clip' });

    // Play after the stillness: every frame drawn, and the first one owes no time for the pause.
    await h.until(page, async () => (await h.status(page)).drawing === false, { what: 'the app still again' });
    const recording = h.recordFrames(page, {
      sample: (st) => ({ t: st.t, running: st.running, drawn: st.frames_drawn }),
      done: (s) => s.filter((x) => x.running).length >= 10,
      what: 'ten frames playing',
    });
    await page.evaluate(() => window.contactlab.command('play'));
    const playing = (await recording).filter((x) => x.running);
    const drawnWhilePlaying = playing.at(-1).drawn - playing[0].drawn;
    console.log(`  playing: ${drawnWhilePlaying} of ${playing.length - 1} frames drawn; t = ${playing[0].t} s after the first`);
    assert.equal(drawnWhilePlaying, playing.length - 1, 'every frame drawn while playing');
    assert.equal(playing[0].t, 0, 'the first frame after the stillness advances nothing');
    assert.deepEqual(h.errorReport(app.errors), h.errorReport({ console: [], page: [], failedRequests: [] }));
  } finally {
    await app.close();
  }
});
