// web/page/deferred_code.js and src/app/split_wasm.mjs (issue 38: bytes
// before the first frame): the app's WebAssembly comes in two parts.
// index.wasm draws the first frame of every scene without index.deferred.wasm,
// which arrives after it; a function of the second part called before it
// arrived is fetched at once, and answers as it would have.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const SCENES = ['pendulum', 'implicit', 'ellipses', 'street', 'pile', 'cradle'];

/** The page's start figures once the deferred code is in. */
async function deferredIn(page) {
  await h.until(page, () => page.evaluate(() => window.contactlab.timings().deferredCode != null),
    { what: 'index.deferred.wasm instantiated' });
  return page.evaluate(() => window.contactlab.timings());
}

test('every scene draws its first frame with index.wasm alone; index.deferred.wasm comes after', { timeout: h.TIMEOUT.test * 2 }, async () => {
  for (const scene of SCENES) {
    const app = await env.open(`scene=${scene}`);
    try {
      const t = await deferredIn(app.page);
      console.log(`  ${scene}: first frame at ${t.firstFrame.toFixed(0)} ms, deferred code in at ${t.deferredCode.toFixed(0)} ms` +
        (t.deferredNeededEarlyBy ? `, needed early by placeholder ${t.deferredNeededEarlyBy}` : ''));
      assert.equal(t.deferredNeededEarlyBy, undefined, `${scene}: no function of index.deferred.wasm was needed before it came`);
      assert.ok(t.deferredCode > t.firstFrame, 'the deferred code came after the first frame');
      // Now the whole app answers: play, and a part the first frame never calls (the sweep's base).
      await app.page.evaluate(() => window.contactlab.command('play'));
      await h.until(app.page, async () => (await h.status(app.page)).t > 0.05, { what: `${scene} playing` });
      const base = await app.page.evaluate(() => JSON.parse(window.Module.ccall('cl_sweep_base_json', 'string', [], [])));
      assert.ok(Object.keys(base).length > 0, 'the sweep base (deferred code) answers');
      assert.deepEqual(h.errorReport(app.errors), []);
    } finally {
      await app.close();
    }
  }
});

test('a deferred function called before its code arrived loads it at once and answers', { timeout: h.TIMEOUT.test }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    // The background fetch is held until the test lets it go; the page's own synchronous fetch is served.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    let deferredRequests = 0;
    await context.route('**/index.deferred.wasm', async (route) => {
      if (++deferredRequests === 1) await held;
      await route.continue();
    });
    const { page, errors } = await h.openApp(context, env.server.url, 'scene=pendulum');
    assert.equal(await page.evaluate(() => window.contactlab.timings().deferredCode), undefined, 'the background fetch is held');
    const base = await page.evaluate(() => JSON.parse(window.Module.ccall('cl_sweep_base_json', 'string', [], [])));
    const t = await page.evaluate(() => window.contactlab.timings());
    console.log(`  called early: the sweep base with ${Object.keys(base).length} keys; placeholder ${t.deferredNeededEarlyBy}; ` +
      `in at ${t.deferredCode?.toFixed(0)} ms; ${deferredRequests} requests`);
    assert.ok(Object.keys(base).length > 0, 'the early call answered');
    assert.ok(t.deferredNeededEarlyBy, 'the page notes which placeholder could not wait');
    assert.equal(deferredRequests, 2, 'fetched at once, beside the held background fetch');
    release();
    // The background load finishing later changes nothing; the app goes on.
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.05, { what: 'the pendulum playing' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});

test('offline, a deferred function called while the code compiles is compiled from the bytes fetched ahead', { timeout: h.TIMEOUT.test }, async () => {
  // A repeat visit fetches the code before main() and compiles it in the
  // background; a placeholder called meanwhile cannot fetch it again offline
  // (a synchronous request bypasses the service worker). The page's own
  // loader, made again in the page with its compilation held, shows which
  // way the code came.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    let deferredRequests = 0;
    await context.route('**/index.deferred.wasm', (route) => { deferredRequests++; return route.continue(); });
    const { page, errors } = await h.openApp(context, env.server.url, 'scene=pendulum');
    await deferredIn(page);
    const before = deferredRequests;
    await page.evaluate(async (sources) => {
      const { createDeferredCode } = await import(sources + 'page/deferred_code.js');
      WebAssembly.compileStreaming = () => new Promise(() => {});  // the compilation never ends
      window.testTimings = {};
      window.testCode = createDeferredCode(window.testTimings);
      window.testCode.fetchAhead();
    }, h.SOURCES_PATH);
    await h.until(page, () => page.evaluate(() => performance.getEntriesByType('resource')
      .filter((e) => e.name.endsWith('index.deferred.wasm') && e.responseEnd > 0).length === 2), { what: 'the bytes fetched ahead' });
    await context.setOffline(true);
    const answer = await page.evaluate(() => {
      try {
        window.testCode.loadSplitModule('index.deferred.wasm', { primary: window.Module.asm }, 'test placeholder');
        return { instantiated: window.testTimings.deferredCode != null, early: window.testTimings.deferredNeededEarlyBy };
      } catch (e) {
        return { error: String(e) };
      }
    });
    console.log(`  offline, called while compiling: ${JSON.stringify(answer)}; ${deferredRequests - before} request(s) by the loader`);
    assert.deepEqual(answer, { instantiated: true, early: 'test placeholder' }, 'compiled from the bytes, no request');
    assert.equal(deferredRequests - before, 1, 'the code was fetched once, ahead');
    await context.setOffline(false);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});
