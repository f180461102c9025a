// src/app/drawing_scale.h: on a device too slow to draw every pixel of a
// playing run, the canvas is drawn at fewer device px per CSS px, the perf
// line says so, and the paused picture is drawn at the screen's full
// density again. The device is slowed by CPU throttling so much (20×) that
// its frames come far slower than the limit (70 ms) on any machine this
// suite runs on; the verdict waits on the page's state, not on a time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** The canvas's drawing buffer per CSS px, and the perf line. */
const canvasState = (page) => page.evaluate(() => {
  const canvas = document.getElementById('canvas');
  return { ratio: canvas.width / canvas.clientWidth, width: canvas.width, cssWidth: canvas.clientWidth,
    line: document.getElementById('frame-timing')?.textContent || '' };
});

test('a slow device draws the playing run coarser, and the paused picture in full', { timeout: h.TIMEOUT.test * 2 }, async () => {
  const app = await env.open('#scene=cradle&perf=1', PHONE);
  const { page, errors } = app;
  const cdp = await page.context().newCDPSession(page);
  try {
    await h.frames(page, 3);
    const full = await canvasState(page);
    console.log(`  paused: ${full.width} device px for ${full.cssWidth} CSS px (ratio ${full.ratio.toFixed(2)})`);
    assert.ok(Math.abs(full.ratio - 2) < 0.02, `drawn at the screen's density when it starts (${full.ratio})`);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.evaluate(() => window.contactlab.command('play'));
    let coarse;
    await h.until(page, async () => (coarse = await canvasState(page)).ratio < 1.5,
      { timeout: h.TIMEOUT.test, interval: 250, what: 'the playing run drawn coarser' });
    await h.until(page, async () => /device px per CSS px/.test((coarse = await canvasState(page)).line),
      { timeout: h.TIMEOUT.test, interval: 250, what: 'the perf line saying so' });
    const playing = await h.status(page);
    console.log(`  playing at 20×: ${coarse.width} device px for ${coarse.cssWidth} CSS px (ratio ${coarse.ratio.toFixed(2)}), ` +
      `share ${playing.frame.drawing_share}; "${coarse.line.split(';').pop().trim()}"`);
    assert.equal(playing.running, true, `still playing: "${playing.message}"`);
    // The first frame of play also compiles the engine's code at 20×: it is not an integrator step too slow to run.
    assert.doesNotMatch(playing.message || '', /integrator step took/);
    assert.equal(playing.frame.drawing_share, 0.5);
    assert.ok(Math.abs(coarse.ratio - 1) < 0.02, `one device px per CSS px (${coarse.ratio})`);
    assert.match(coarse.line, /drawn at 1\.0 device px per CSS px while playing \(the screen has 2\.0\)/);
    const { canvas: img } = await h.pageAndCanvas(page, 'drawing-scale-coarse.png');
    const stats = h.pixelStats(img);
    assert.ok(stats.distinct >= 50 && stats.nonBgFraction > 0.02, `the coarse canvas is drawn: ${JSON.stringify(stats)}`);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.evaluate(() => window.contactlab.command('pause'));
    let paused;
    await h.until(page, async () => Math.abs((paused = await canvasState(page)).ratio - 2) < 0.02,
      { what: 'the paused picture drawn at the screen\'s density' });
    const still = await h.status(page);
    console.log(`  paused again: ratio ${paused.ratio.toFixed(2)}, share ${still.frame.drawing_share}`);
    assert.equal(still.frame.drawing_share, 1);
    await h.until(page, async () => !/device px per CSS px/.test((paused = await canvasState(page)).line),
      { what: 'the perf line no longer saying it' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
    await app.close();
  }
});
