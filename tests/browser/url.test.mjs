// The URL hash: parameters in and out, scenes, malformed links, embed mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const CLI = path.join(h.repoRoot, 'build', 'bin', 'contactlab');

/** Scene ids from `contactlab list` (native build), or just the pendulum. */
function knownScenes() {
  if (!fs.existsSync(CLI)) return { ids: ['pendulum'], fromCli: false };
  const out = execFileSync(CLI, ['list'], { encoding: 'utf8', timeout: 10_000 });
  const ids = out.split('\n').map((l) => l.split('\t')[0].trim()).filter(Boolean);
  return { ids, fromCli: true };
}

/** Parameter names of a scene from `contactlab params SCENE`, or null without the CLI. */
function cliParamNames(id) {
  if (!fs.existsSync(CLI)) return null;
  const out = execFileSync(CLI, ['params', id], { encoding: 'utf8', timeout: 10_000 });
  return JSON.parse(out).map((p) => p.name);
}

/**
 * Sets location.hash like a user editing the URL, and waits until the
 * hashchange was handled (the page's listener runs before this one) and the
 * page settled: the URL as rewritten and the plots as rebuilt the same over
 * several frames.
 */
async function setHash(page, hs) {
  await page.evaluate((hs) => new Promise((resolve) => {
    const before = location.hash;
    location.hash = hs;
    if (location.hash === before) resolve();  // the same hash: no hashchange event
    else addEventListener('hashchange', () => resolve(), { once: true });
  }), hs);
  await h.steady(page, () => page.evaluate(() => [location.hash,
    Array.from({ length: window.contactlab.plots.count() }, (_, k) => window.contactlab.plots.series(k))]),
  { what: `the page settled after ${hs}` });
}

test('a link with parameters restores them exactly', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum&L=2&v0=3&e_thread=0.5');
  try {
    const { page, errors } = app;
    const st = await h.status(page);
    assert.equal(st.scene, 'pendulum');
    assert.equal(st.params.L, '2');
    assert.equal(st.params.v0, '3');
    assert.equal(st.params.e_thread, '0.5');
    assert.equal(st.params.g, '10', 'unspecified parameters keep their defaults');
    assert.equal(st.t, 0);
    const hp = h.hashParams(await h.hash(page));
    assert.equal(hp.get('scene'), 'pendulum');
    assert.equal(hp.get('L'), '2');
    assert.equal(hp.get('v0'), '3');
    assert.equal(hp.get('e_thread'), '0.5');
    assert.equal(await h.messagesText(page), '', 'no messages for a valid link');
    assert.equal(await page.locator('#messages .msg').count(), 0);

    // The canonical hash written back is itself a link that restores the same state.
    const canonical = await h.hash(page);
    const again = await env.open(canonical);
    try {
      assert.deepEqual((await h.status(again.page)).params, st.params);
      assert.equal(await h.hash(again.page), canonical);
    } finally {
      await again.close();
    }
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('switching scenes through the hash; unknown scene gives a message and keeps a valid scene', { timeout: h.TIMEOUT.test }, async () => {
  const { ids, fromCli } = knownScenes();
  assert.ok(ids.length >= 1 && ids.includes('pendulum'), `scene list: ${ids}`);
  const app = await env.open();
  try {
    const { page, errors } = app;

    // The scene picker (an ImGui combo) opens with a click; screenshot it for a human.
    const combo = await h.widgetCenter(page, 'scene');
    const area = { x: combo.rect.x, y: combo.rect.y + combo.rect.h, w: combo.rect.w, h: 24 * ids.length };
    const closed = await h.canvasImage(page);
    await h.clickAt(page, combo.x, combo.y);
    const open = await h.canvasImage(page, 'scene-picker.png');
    const changed = countChanged(closed, open, area);
    assert.ok(changed > 200, `the picker's list appears below the combo (${changed} pixels changed)`);
    await page.keyboard.press('Escape');
    await h.frames(page, 3);

    for (const id of ids) {
      await setHash(page, `#scene=${id}`);
      const st = await h.until(page, async () => {
        const s = await h.status(page);
        return s.scene === id && s;
      }, { what: `status().scene === '${id}'` });
      assert.equal(h.hashParams(await h.hash(page)).get('scene'), id);
      const names = cliParamNames(id);
      if (names) assert.deepEqual(Object.keys(st.params).sort(), [...names].sort(), `params of ${id} match the CLI`);
    }
    if (!fromCli) console.log('# note: build/bin/contactlab not found; only the pendulum was checked');

    // An edited hash (hashchange) applies at once.
    await setHash(page, '#scene=pendulum&L=0.8');
    await h.until(page, async () => (await h.status(page)).params.L === '0.8', { what: 'L = 0.8 from hashchange' });

    // Unknown scene: a visible message, a valid scene kept, the rest of the link applied.
    await setHash(page, '#scene=no_such_scene&L=1.5');
    const text = await h.until(page, async () => {
      const t = await h.messagesText(page);
      return t.includes('no_such_scene') && t;
    }, { what: 'a message about the unknown scene' });
    assert.match(text, /unknown scene 'no_such_scene'/);
    assert.equal(await page.locator('#messages').isVisible(), true);
    const st = await h.status(page);
    assert.ok(ids.includes(st.scene), `a valid scene is kept (${st.scene})`);
    assert.equal(st.params.L, '1.5', 'the other keys of the link still apply');
    assert.equal(h.hashParams(await h.hash(page)).get('scene'), st.scene, 'the URL names the running scene again');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a fresh load with an unknown scene falls back to a known one', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=warp_drive');
  try {
    const { page, errors } = app;
    const st = await h.status(page);
    assert.ok(knownScenes().ids.includes(st.scene), `scene ${st.scene}`);
    assert.match(await h.messagesText(page), /unknown scene 'warp_drive'/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

function countChanged(a, b, r) {
  let n = 0;
  for (let y = Math.floor(r.y); y < Math.min(a.height, r.y + r.h); y++) {
    for (let x = Math.floor(r.x); x < Math.min(a.width, r.x + r.w); x++) {
      const i = (y * a.width + x) * 4;
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 30) n++;
    }
  }
  return n;
}

test('a malformed link shows messages as text, and the app keeps working', { timeout: h.TIMEOUT.test }, async () => {
  const XSS = '<img src=x onerror=window.__xss=1>';
  const app = await env.open('#L=abc&%zz&bogus=1&v0=-5&embed=maybe&' + encodeURIComponent(XSS) + '=1');
  try {
    const { page, errors } = app;
    const messages = page.locator('#messages');
    assert.equal(await messages.isVisible(), true, '#messages visible');
    const text = await h.messagesText(page);
    assert.ok(text.trim().length > 0, 'messages have text');
    assert.match(text, /Warning:/);
    assert.ok(text.includes(XSS), `the markup is shown literally: ${JSON.stringify(text)}`);
    assert.equal(await page.locator('#messages img').count(), 0, 'no <img> element injected');
    assert.equal(await page.evaluate(() => window.__xss), undefined, 'no script ran');
    await h.saveScreenshot(page, 'malformed-url.png');

    // Every bad value was ignored: defaults kept, not embedded, still running fine.
    const st = await h.status(page);
    assert.equal(st.scene, 'pendulum');
    assert.equal(st.failed, false);
    assert.equal(st.embed, false, "embed=maybe is not 'on'");
    assert.equal(st.params.L, '1.1');
    assert.ok(Number(st.params.v0) > 0, `v0 = -5 rejected (v0 = ${st.params.v0})`);
    const hp = h.hashParams(await h.hash(page));
    assert.equal(hp.get('scene'), 'pendulum', 'the URL is rewritten to a clean link');
    assert.equal(hp.has('bogus'), false);
    assert.equal(hp.has(XSS), false);
    assert.equal(await page.evaluate(() => document.body.classList.contains('embed')), false);

    // Still works: the canvas draws and a click on Step advances time.
    const img = await h.canvasImage(page);
    const stats = h.pixelStats(img);
    assert.ok(stats.distinct >= 100 && stats.nonBgFraction > 0.05, `canvas still draws: ${JSON.stringify(stats)}`);
    await h.clickWidget(page, 'Step');
    assert.ok(Math.abs((await h.status(page)).t - 0.01) < 1e-9, 'Step works after a malformed link');
    assert.deepEqual(h.errorReport(errors), [], 'warnings only, no console errors');
  } finally {
    await app.close();
  }
});

test('embed=1 shows only the small control bar and one plot', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum&embed=1');
  try {
    const { page, errors } = app;
    const st = await h.status(page);
    assert.equal(st.embed, true);
    assert.equal(await h.widgetRect(page, 'panel'), null, 'no full panel');
    assert.equal(await h.widgetRect(page, 'Step'), null, 'no Step button in the embed bar');
    assert.equal(await h.widgetRect(page, 'L'), null, 'no parameter sliders');
    const play = await h.widgetRect(page, 'Play');
    assert.ok(play && play.w > 0 && play.h > 0, `Play present: ${JSON.stringify(play)}`);
    assert.equal(await page.evaluate(() => document.body.classList.contains('embed')), true);
    assert.equal(h.hashParams(await h.hash(page)).get('embed'), '1', 'embed kept in the URL');

    await h.clickWidget(page, 'Play');
    await h.until(page, async () => (await h.status(page)).t > 0.3, { what: 'embedded run advancing' });
    await h.frames(page, 5);

    const dock = await page.evaluate(() => {
      const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
      const panels = [...document.querySelectorAll('#panels .panel')];
      return {
        panels: panels.length,
        visiblePanels: panels.filter(visible).length,
        firstHeight: panels[0] ? panels[0].getBoundingClientRect().height : 0,
        addVisible: visible(document.getElementById('add-plot')),
        barVisible: visible(document.querySelector('.dock-bar')),
        chooserListsVisible: [...document.querySelectorAll('.chooser-list')].filter(visible).length,
        removeVisible: [...document.querySelectorAll('.panel-remove')].filter(visible).length,
      };
    });
    assert.equal(dock.visiblePanels, 1, `exactly one plot panel visible: ${JSON.stringify(dock)}`);
    assert.ok(dock.firstHeight > 100, `the plot has room (${dock.firstHeight}px)`);
    assert.equal(dock.addVisible, false, 'no "Add plot" button');
    assert.equal(dock.barVisible, false, 'no dock bar');
    assert.equal(dock.chooserListsVisible, 0, 'no series chooser');
    assert.equal(dock.removeVisible, 0, 'no remove buttons');
    // Clicking the panel title must not open the chooser in embed mode.
    await page.locator('#panels .panel').first().locator('summary').click({ force: true });
    assert.equal(await page.locator('.chooser-list').first().isVisible(), false, 'chooser stays closed');
    assert.ok(await page.evaluate(() => window.contactlab.plots.points(0)) > 10, 'the visible plot has data');
    await h.saveScreenshot(page, 'embed.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

// Regression: page.js used to rebuild the URL from its cached appHash on every
// plot change, so a page-side URL write (Add plot, the plots' rebuild after a
// hashchange) between a hash edit and its hashchange event put the old hash
// back and the edit was lost. Deterministic here: edit, then "Add plot" at once.
test('a hash edit survives a plot change made before its hashchange event', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page } = app;
    // Read once the hashchange event was handled (the page's listener runs before this one).
    const r = await h.withTimeout(page.evaluate(() => new Promise((resolve) => {
      addEventListener('hashchange', () => resolve({ hash: location.hash, L: window.contactlab.status().params.L }), { once: true });
      location.hash = '#scene=pendulum&L=0.7';
      window.contactlab.plots.add();
    })), h.TIMEOUT.wait, 'the hashchange event');
    assert.equal(r.L, '0.7', `the edited L is applied (hash now ${r.hash})`);
    // And it stays so once the page has settled (the plots rebuilt, the URL rewritten).
    const settled = await h.steady(page, () => page.evaluate(() => ({ hash: location.hash, L: window.contactlab.status().params.L })),
      { what: 'the page settled' });
    assert.equal(settled.L, '0.7', `L once settled (hash ${settled.hash})`);
    assert.equal(h.hashParams(settled.hash).get('L'), '0.7', 'the URL keeps the edit');
  } finally {
    await app.close();
  }
});

test('play=1 arriving by a hash change (a host page, a link on the same page) starts the run', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum');
  try {
    const { page, errors } = app;
    assert.equal((await h.status(page)).running, false);
    // The same start, now asked to play.
    await page.evaluate(() => { location.hash = location.hash.replace(/^#/, '#play=1&'); });
    const st = await h.until(page, async () => {
      const s = await h.status(page);
      return s.running && s.t > 0.05 ? s : null;
    }, { what: 'the run playing after the hash change' });
    console.log(`  playing after the hash change: t = ${st.t.toFixed(3)} s`);
    // The link still says play=1 after a pause: an unrelated hash edit does not start it again.
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.until(page, async () => !(await h.status(page)).running, { what: 'paused' });
    await page.evaluate(() => { location.hash = location.hash + '&theme=light'; });
    await h.until(page, async () => (await h.status(page)).theme === 'light', { what: 'the theme from the edited hash' });
    await h.frames(page, 5);
    assert.equal((await h.status(page)).running, false, 'a hash edit that keeps play=1 does not restart a paused run');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
