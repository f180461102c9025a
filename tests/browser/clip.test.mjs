// Record a clip (web/clip.js): by keyboard alone, in German, Record saves a
// WebM of the canvas whose duration (decoded by the page's own <video>) is
// the recorded span within 10 %, with the simulated time written in its
// corner; a second press stops it; the limit stops it by itself and says so;
// a browser without MediaRecorder gets a disabled button that says why.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

// The recorder's module arrives after the first frame (web/page/on_demand.js): its state, once it has.
const clip = (page) => h.until(page, (p) => p.evaluate(() => window.contactlab.clip()), { what: 'the recorder loaded' });

/** Presses Tab until the focus is on `selector` (at most 80 presses); the presses taken. */
async function tabTo(page, selector) {
  for (let n = 1; n <= 80; n++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return n;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * Decodes a WebM in the page's own <video>: its duration (a MediaRecorder
 * WebM says none until the video is sought past its end) and a PNG of its
 * picture at `at` (a fraction of the duration).
 */
function decodeWebm(page, bytes, at) {
  return h.withTimeout(page.evaluate(async ([b64, at]) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    const event = (name) => new Promise((resolve, reject) => {
      video.addEventListener(name, resolve, { once: true });
      video.addEventListener('error', () => reject(new Error(`video error ${video.error && video.error.code}`)), { once: true });
    });
    const loaded = event('loadedmetadata');
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await loaded;
    const found = new Promise((resolve) => {
      const check = () => { if (Number.isFinite(video.duration)) resolve(); };
      video.addEventListener('durationchange', check);
      video.addEventListener('timeupdate', check);
      check();
    });
    video.currentTime = 1e101;
    await found;
    // The seek to the end may still be on its way: its 'seeked' must not be taken for the next one's
    // (the picture drawn then was empty, 0 of its pixels set, in 1 of some 20 runs).
    if (video.seeking) await event('seeked');
    const duration = video.duration;
    const sought = event('seeked');
    video.currentTime = duration * at;
    await sought;
    if (video.readyState < video.HAVE_CURRENT_DATA) await event('canplay');  // the picture at that time decoded
    const c = document.createElement('canvas');
    c.width = video.videoWidth;
    c.height = video.videoHeight;
    c.getContext('2d').drawImage(video, 0, 0);
    URL.revokeObjectURL(video.src);
    return { duration, width: video.videoWidth, height: video.videoHeight, png: c.toDataURL('image/png') };
  }, [bytes.toString('base64'), at]), h.TIMEOUT.wait, 'the WebM decoded by the page');
}

const pngOf = (dataUrl) => h.decodePng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
const WHITE = [255, 255, 255];

test('Record by keyboard: a WebM as long as the recorded span, with the simulated time written in it', { timeout: 120_000 }, async () => {
  const app = await env.open('#scene=ellipses&lang=de');
  try {
    const { page } = app;
    assert.equal((await clip(page)).supported, true, 'Chromium records WebM');
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.2, { what: 'the run to go' });
    const before = await h.canvasImage(page);  // the app's own picture: no time in its corner

    const presses = await tabTo(page, '#clip-record');
    const bar = await page.locator('.dock-bar').ariaSnapshot();
    assert.match(bar, /button "Clip aufnehmen"/, `the accessibility tree names it:\n${bar}`);
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await clip(page)).phase === 'recording', { what: 'recording' });
    await h.until(page, async () => /Clip wird aufgenommen \(höchstens 60 s\)/.test(await h.messagesText(page)),
      { what: 'the start said in the live region' });
    const recordingBar = await page.locator('.dock-bar').ariaSnapshot();
    assert.match(recordingBar, /button "Aufnahme beenden"/, 'the same button now stops');
    const badge = page.locator('#clip-badge');
    assert.equal(await badge.isVisible(), true, 'the badge over the picture');
    assert.match(await badge.ariaSnapshot(), /Aufnahme \d:\d\d \/ 1:00[\s\S]*button "Aufnahme beenden"/);
    await h.until(page, async () => (await clip(page)).seconds >= 1, { what: 'a second recorded', timeout: 30_000 });
    await h.saveScreenshot(page, 'clip-recording.png');

    await h.until(page, async () => (await clip(page)).seconds >= 5, { what: 'five seconds recorded', timeout: 60_000 });
    const download = page.waitForEvent('download', { timeout: h.TIMEOUT.wait });
    download.catch(() => {});
    assert.equal(await page.evaluate(() => document.activeElement.id), 'clip-record', 'the focus stayed on the button');
    await page.keyboard.press('Enter');  // the second press stops
    const file = await download;
    const bytes = fs.readFileSync(await h.withTimeout(file.path(), h.TIMEOUT.wait, 'the clip downloaded'));
    const st = await h.until(page, async () => { const s = await clip(page); return s.phase === 'idle' && s.last && s; },
      { what: 'the clip saved' });
    const last = st.last;
    assert.equal(file.suggestedFilename(), 'contactlab-ellipses.webm');
    assert.equal(bytes.length, last.bytes);
    const said = await h.until(page, async () => { const m = await h.messagesText(page); return /Clip gespeichert/.test(m) && m; },
      { what: 'the save said in the live region' });
    const secondsDe = last.seconds.toFixed(1).replace('.', ',');
    assert.ok(said.includes(`Clip gespeichert: ${secondsDe} s lang`), `the clip's length said: ${said}`);
    assert.match(await page.locator('.dock-bar').ariaSnapshot(), /button "Clip aufnehmen"/, 'ready to record again');
    assert.equal(await badge.isHidden(), true);

    const video = await decodeWebm(page, bytes, 0.5);
    console.log(`  Tab ×${presses} to Record; recorded ${last.seconds.toFixed(3)} s (simulated t ${last.simStart.toFixed(2)}–` +
      `${last.simEnd.toFixed(2)} s); the WebM (${last.type}, ${video.width}×${video.height}, ${(bytes.length / 1e6).toFixed(2)} MB) ` +
      `lasts ${video.duration.toFixed(3)} s: ${(100 * (video.duration / last.seconds - 1)).toFixed(1)} %`);
    // The page counts from its first picture after the recorder starts; when the recorder's own pipeline
    // takes its first picture is hidden from the page: on a quiet machine the two agree to 1 %, on a busy
    // one the WebM came out 0.5 s shorter (pictures before the pipeline ran are dropped). Hence 10 % + 0.6 s.
    const tolerance = 0.1 * last.seconds + 0.6;  // s
    assert.ok(Math.abs(video.duration - last.seconds) <= tolerance,
      `the WebM lasts ${video.duration} s, the recording ${last.seconds} s (tolerance ${tolerance.toFixed(2)} s)`);
    assert.ok(last.simEnd > last.simStart, 'the run went on while recording');
    assert.deepEqual([video.width, video.height], [last.width, last.height]);

    // The time's box: white text on a dark box in the clip, where the app's own picture has no white.
    const o = last.overlay;
    const frame = pngOf(video.png);
    h.saveArtifact('clip-frame.png', h.encodePng(frame));
    let opaque = 0;
    for (let i = 3; i < frame.data.length; i += 4) if (frame.data[i] === 255) opaque++;
    assert.equal(opaque, frame.width * frame.height, 'the clip\'s picture was decoded whole (every pixel opaque)');
    const inClip = h.pixelStats(frame, o, { probe: { white: WHITE }, tol: 60 });
    const scale = before.width / last.width;
    const inApp = h.pixelStats(before, { x: o.x * scale, y: o.y * scale, w: o.w * scale, h: o.h * scale },
      { probe: { white: WHITE }, tol: 60 });
    console.log(`  the time's box (${o.w}×${o.h} px at ${o.x}, ${o.y}): ${inClip.probes.white} white pixels in the clip, ` +
      `${inApp.probes.white} in the app's picture`);
    assert.ok(inClip.probes.white > 50, 'the time is written in the clip');
    assert.equal(inApp.probes.white, 0, 'the app draws nothing white there: the text is the clip\'s');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

/** As env.open's pages are: no service worker copying the site beside the test. */
const NO_SERVICE_WORKERS = 'delete Navigator.prototype.serviceWorker;';

/** A page clock that can be made to run `rate` times faster (performance.now only: the recorder's stamps stay real). */
const FAST_CLOCK = `(() => {
  const real = performance.now.bind(performance);
  let rate = 1, realAt = 0, fakeAt = 0;
  performance.now = () => fakeAt + (real() - realAt) * rate;
  window.__clockRate = (r) => { fakeAt = performance.now(); realAt = real(); rate = r; };
})();`;

test('the limit stops a recording by itself and says so', { timeout: 90_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(NO_SERVICE_WORKERS);
  await context.addInitScript(FAST_CLOCK);
  try {
    const { page, errors } = await h.openApp(context, env.server.url, '#scene=pendulum');
    const max = (await clip(page)).maxSeconds;
    assert.equal(max, 60);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    download.catch(() => {});
    await page.locator('#clip-record').click();
    await h.until(page, async () => (await clip(page)).phase === 'recording', { what: 'recording' });
    await page.evaluate(() => window.__clockRate(10));  // 60 s of the page's clock in 6 s
    const file = await download;
    const st = await h.until(page, async () => { const s = await clip(page); return s.phase === 'idle' && s.last && s; },
      { what: 'the clip saved' });
    console.log(`  stopped by itself at ${st.last.seconds.toFixed(2)} s of the page's clock (${file.suggestedFilename()})`);
    assert.ok(st.last.seconds <= max && st.last.seconds > max - 5, `the clip ends at the limit: ${st.last.seconds} s`);
    await h.until(page, async () => /Recording stopped at the limit of 60 s\. Clip saved: [\d.]+ s long/.test(await h.messagesText(page)),
      { what: 'the limit said' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});

test('a browser without MediaRecorder: the button is disabled and says why; pressing it changes nothing', { timeout: h.TIMEOUT.test }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(NO_SERVICE_WORKERS);
  await context.addInitScript('delete window.MediaRecorder;');
  try {
    const { page, errors } = await h.openApp(context, env.server.url, '#scene=ellipses&lang=de');
    let downloads = 0;
    page.on('download', () => { downloads++; });
    const button = page.locator('#clip-record');
    assert.equal((await clip(page)).supported, false);
    assert.equal(await button.getAttribute('aria-disabled'), 'true');
    assert.match(await button.getAttribute('title'), /kann das Bild nicht als WebM-Video aufnehmen/);
    assert.match(await page.locator('.dock-bar').ariaSnapshot(), /button "Clip aufnehmen" \[disabled\]/);
    await tabTo(page, '#clip-record');  // still reachable, so a keyboard user hears why
    await page.keyboard.press('Enter');
    await h.until(page, async () => /kein MediaRecorder mit WebM/.test(await h.messagesText(page)), { what: 'why, said' });
    await h.frames(page, 5);
    const st = await clip(page);
    assert.equal(st.phase, 'idle');
    assert.equal(st.last, null);
    assert.equal(downloads, 0);
    assert.equal(await page.locator('#clip-badge').isHidden(), true);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});
