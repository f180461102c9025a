// The impacts' sound (web/sound.js): with the speaker on, every impact of a
// head-on run schedules one sound through Web Audio (counted by wrapping the
// page's AudioContext), the speed and the contact setting loudness and pitch;
// off, none; `sound=1` is kept in the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** Wraps AudioContext before the page runs: every oscillator started is listed in window.__knocks. */
const COUNT_SOUNDS = `(() => {
  const Base = window.AudioContext;
  window.__knocks = [];
  window.AudioContext = class extends Base {
    createOscillator() {
      const o = super.createOscillator();
      const start = o.start.bind(o);
      o.start = (when) => { window.__knocks.push({ when, hz: o.frequency.value }); return start(when); };
      return o;
    }
  };
})();`;

test('one sound per impact of a head-on run while the speaker is on, none when off', { timeout: h.TIMEOUT.test * 2 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(COUNT_SOUNDS);
  try {
    const { page, errors } = await h.openApp(context, env.server.url, '#scene=ellipses&preset=discs_head_on&law=impulse&e=0.8');
    const knocks = () => page.evaluate(() => window.__knocks.length);
    const button = page.locator('#sound-toggle');
    assert.equal(await button.getAttribute('aria-pressed'), 'false', 'off by default');
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    await h.until(page, async () => /(^|&)sound=1(&|$)/.test((await h.hash(page)).slice(1)), { what: 'sound=1 in the link' });
    const liveBefore = await page.locator('#messages').innerText();

    await page.evaluate(() => window.contactlab.command('play'));
    const st = await h.until(page, async () => { const s = await h.status(page); return s.events >= 3 && s; },
      { what: 'three impacts (the discs, then each at the wall)', timeout: 40_000 });
    await page.evaluate(() => window.contactlab.command('pause'));
    const impacts = (await h.status(page)).events;
    await h.until(page, async () => (await knocks()) >= impacts, { what: 'a sound for each impact' });
    const played = await page.evaluate(() => window.__knocks);
    console.log(`  ${impacts} impacts by t = ${st.t.toFixed(2)} s, ${played.length} sounds scheduled at ` +
      `${[...new Set(played.map((k) => Math.round(k.hz)))].join(', ')} Hz (an impulse: no duration, the top pitch)`);
    assert.equal(played.length, impacts, 'one sound per impact');
    assert.equal((await page.evaluate(() => window.contactlab.sound())).dropped, 0);
    assert.ok(played.every((k) => k.hz === 1800));
    assert.equal(await page.locator('#messages').innerText(), liveBefore, 'the live region says nothing more');

    // Off: the run goes on impacting, silently.
    await page.keyboard.press('Enter');  // the button still has the focus
    assert.equal(await button.getAttribute('aria-pressed'), 'false');
    await page.evaluate(() => { window.contactlab.command('reset'); window.contactlab.command('play'); });
    await h.until(page, async () => (await h.status(page)).events >= 2, { what: 'impacts with the sound off', timeout: 40_000 });
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.frames(page, 5);
    assert.equal(await knocks(), impacts, 'no sound while off');
    assert.doesNotMatch((await h.hash(page)).slice(1), /(^|&)sound=1/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});
