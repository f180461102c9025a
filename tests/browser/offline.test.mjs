// Offline use (web/sw.js, web/manifest.webmanifest): after the first visit
// the page reloads and runs with the network off; a changed site is a new
// version that waits for the user's reload, never a mix of old and new files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** Waits until this page is served by the service worker (it claims the page once active). */
async function untilControlled(page) {
  await h.until(page, () => page.evaluate(() => window.contactlab.offline().registered), { what: 'service worker registered', timeout: h.TIMEOUT.load });
  await h.withTimeout(page.evaluate(() => navigator.serviceWorker.ready.then(() => true)), h.TIMEOUT.load, 'service worker active');
  await h.until(page, () => page.evaluate(() => window.contactlab.offline().controlled), { what: 'page controlled', timeout: h.TIMEOUT.load });
}

const firstFrame = (page) => page.evaluate(() => Math.round(window.contactlab.timings().firstFrame));

test('after the first visit the page reloads and runs a scene with the network off', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await h.openApp(context, env.server.url, '#scene=ellipses&play=1');
    const online = await firstFrame(page);
    await untilControlled(page);
    const manifest = await page.evaluate(() => fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json()));
    assert.equal(manifest.short_name, 'ContactLab');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('contactlab-')));
      return { names, files: (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)) };
    });
    console.log(`  caches ${cached.names.join(', ')}: ${cached.files.length} files`);
    for (const file of ['index.html', 'index.js', 'index.wasm', 'sweep_engine.wasm', 'sweep_worker.js', 'theme.js', 'uPlot.iife.min.js', 'uPlot.min.css'])
      assert.ok(cached.files.includes(file), `${file} is kept for offline use`);

    await context.setOffline(true);
    const started = Date.now();
    await page.reload({ waitUntil: 'load' });
    await h.waitReady(page);
    const offlineFrame = await firstFrame(page);
    console.log(`  first frame: ${online} ms on the first visit (local server), ${offlineFrame} ms reloaded offline (reload to ready ${Date.now() - started} ms)`);
    assert.equal((await h.status(page)).scene, 'ellipses', 'the link is kept');
    await h.until(page, async () => (await h.status(page)).t > 1, { what: 'the scene runs offline' });
    // uPlot, fetched after the first frame, comes from the cache too: the plots draw.
    await h.until(page, () => page.evaluate(() => window.contactlab.plots.points(0) > 10), { what: 'a plot drawn offline' });
    // The sweep worker's engine comes from the cache too.
    const engine = await page.evaluate(() => fetch('sweep_engine.wasm').then((r) => r.status));
    assert.equal(engine, 200);
    assert.deepEqual(h.errorReport(errors), []);
    // A file the site does not have fails as it would without the worker: it invents no answers.
    const missing = await page.evaluate(() => fetch('no-such-file.js').then((r) => r.status, () => 'network error'));
    assert.equal(missing, 'network error');
  } finally {
    await context.setOffline(false).catch(() => {});
    await context.close();
  }
});

test('a changed site does not mix into a page: every file still comes from the version the page started with', { timeout: 120_000 }, async () => {
  // The site changes on the server (a page script and, as the build does, the worker's version).
  // The page reloaded online is still served the whole version it was cached with: never a new
  // page script beside an old index.wasm. (The new version's own install, offered by a message
  // and taken on reload, is not exercised here: in headless Chromium 156 driven by Playwright,
  // registration.update() never settles, even for a one-line worker and with python's server.)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-site-'));
  fs.cpSync(h.siteDir, dir, { recursive: true });
  const server = await h.startServer(dir);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = await h.openApp(context, server.url, '#scene=pendulum');
    await untilControlled(page);
    const version = await page.evaluate(() => caches.keys());
    const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
    fs.appendFileSync(path.join(dir, 'theme.js'), '\n// version 2\n');
    execFileSync('cmake', [`-DSITE_DIR=${dir}`, `-DTEMPLATE=${path.join(h.repoRoot, 'web', 'sw.js')}`,
      '-P', path.join(h.repoRoot, 'src', 'app', 'service_worker.cmake')]);
    const newSw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
    const versionOf = (text) => text.match(/VERSION = '([0-9a-f]+)'/)[1];
    console.log(`  site version ${versionOf(sw)} -> ${versionOf(newSw)} on the server`);
    assert.notEqual(versionOf(newSw), versionOf(sw), 'a changed file changes the version');

    await page.reload({ waitUntil: 'load' });
    await h.waitReady(page);
    assert.doesNotMatch(await page.evaluate(() => fetch('theme.js').then((r) => r.text())), /version 2/);
    assert.deepEqual(await page.evaluate(() => caches.keys()), version);
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.5, { what: 'the page runs' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
