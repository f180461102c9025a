// Shared harness of the browser tests (node --test tests/browser/).
//
// - a static HTTP server for build-wasm/site (or $CONTACTLAB_SITE), bound to
//   127.0.0.1 on an ephemeral port; the page's modules as written (web/) under
//   SOURCES_PATH, for a test of one of them (the site has them bundled);
// - Debian's Chromium driven by playwright-core from web/node_modules (never
//   `npx playwright install`), WebGL2 through SwiftShader;
// - per-page console/page error collection, helpers to wait for the app,
//   click ImGui widgets by their widgetRect, read status, decode PNGs.
//
// Every wait is bounded: a broken page fails a test instead of hanging the suite.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '../../web/node_modules/playwright-core/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const siteDir = path.resolve(process.env.CONTACTLAB_SITE || path.join(repoRoot, 'build-wasm', 'site'));
export const artifactsDir = path.join(here, 'artifacts');
// Where the server answers with web/'s own files: `import(h.SOURCES_PATH + 'page/sheet.js')` in a page.
export const SOURCES_PATH = '/web-sources/';
const webDir = path.join(repoRoot, 'web');
// The native command line, for tests that compare the page with it.
export const CLI = path.join(repoRoot, 'build', 'bin', 'contactlab');

/** Skips test `t` (says so, returns true) where the native CLI it compares with is not built. */
export function skipWithoutCli(t) {
  if (fs.existsSync(CLI)) return false;
  t.skip(`native CLI not built (${CLI})`);
  return true;
}

// Bounds on waits for conditions: a broken page fails instead of hanging the
// suite. None is a speed goal (tests/bench/ prints those): each is many times
// what the wait takes on a busy two-core machine, so it never decides a verdict
// on a page that works.
export const TIMEOUT = {
  load: 30_000,      // page load until contactlab.ready
  wait: 15_000,      // a condition on the page
  action: 15_000,    // one playwright action
  test: 60_000,      // one test (node:test option)
};

// ---- static server ---------------------------------------------------------

/** Content types by extension, as a static host sends them (also the device bench's host). */
export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Starts a static server for `root` on `host` (a loopback address); resolves
 * to {url, page(path, html), close()}. page() serves a test's own HTML at a
 * path (a course page that embeds the app): served for real, not intercepted,
 * so Chromium sees a loopback page embedding a loopback page.
 */
export async function startServer(root = siteDir, host = '127.0.0.1') {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`no site at ${root}: run .ci/build-wasm first (or set CONTACTLAB_SITE)`);
  }
  const pages = new Map();  // path -> html
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    if (pages.has(rel)) {
      res.writeHead(200, { 'content-type': MIME['.html'], 'cache-control': 'no-store' }).end(pages.get(rel));
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const base = rel.startsWith(SOURCES_PATH) && !rel.includes('node_modules') ? webDir : root;
    const file = path.resolve(base, '.' + (base === webDir ? rel.slice(SOURCES_PATH.length - 1) : rel));
    if (!file.startsWith(base + path.sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': MIME[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'content-length': body.length,
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${host}:${port}/`,
    page: (at, html) => { pages.set(at, html); },
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

// ---- browser ----------------------------------------------------------------

// localhost is mapped to 127.0.0.1, where the server listens (Chromium would
// try ::1 first): tests use the two names as two origins of one server.
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--use-gl=angle', '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader', '--host-resolver-rules=MAP localhost 127.0.0.1'];

// WebGL always runs on SwiftShader. Compositing the page on it too cost ~150 ms
// of a core a frame whatever the page drew (6-12 fps at 1280x800, even paused),
// and every test waited that long for each frame it counts; composited in
// software, as Chromium does without a usable GPU, a frame takes 20-25 ms.
// Chromium then reads the canvas back each frame and warns so on the page's
// console ("GPU stall due to ReadPixels"): a test of the page's own warnings
// asks for 'gpu'.
const COMPOSITING = { software: ['--disable-gpu-compositing'], gpu: [] };

export function launchBrowser({ compositing = 'software' } = {}) {
  return chromium.launch({
    executablePath: process.env.CONTACTLAB_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...COMPOSITING[compositing]],
    timeout: TIMEOUT.load,
  });
}

/**
 * Server + browser for one test file. Call in before(); close() in after().
 * env.open(hash, contextOptions) opens the site with that hash in a page of
 * its own, closed by app.close(). Its pages run without service workers (as
 * in a browser that has none; the page then skips its offline copy), unless
 * contextOptions has serviceWorkers: 'allow': in a fresh context every page
 * would install the worker again and copy the whole site into its cache, work
 * beside the test that only the tests of the worker (offline.test.mjs) and of
 * a clean load need. `compositing`: see launchBrowser.
 *
 * An open() without contextOptions loads the site anew in the page the last
 * such app.close() left on about:blank: ~0.7 s of CPU against ~1.9 s for a
 * fresh context (its renderer process, WebGL context and wasm compilation).
 * The site keeps nothing in the browser (no cookies or storage, no service
 * worker here), so the new load starts as clean as in a fresh context; any
 * contextOptions (a viewport, locale, media, touch) get a fresh context.
 */
export async function setup({ compositing } = {}) {
  const server = await startServer();
  let browser;
  try {
    browser = await launchBrowser({ compositing });
  } catch (e) {
    await server.close();
    throw e;
  }
  const contexts = new Set();
  let spare = null;  // the page of the default context while no test has it
  const closeContext = async (context) => { contexts.delete(context); await context.close().catch(() => {}); };
  // Leaves the page as a fresh one is: on about:blank (no app drawing frames), no mouse button or modifier key down.
  const release = async (app) => {
    app.detach();
    try {
      await app.page.goto('about:blank', { timeout: TIMEOUT.wait });
      for (const button of ['left', 'right', 'middle']) await app.page.mouse.up({ button });
      for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await app.page.keyboard.up(key);
      await app.page.mouse.move(0, 0);
    } catch {
      await closeContext(app.page.context());
      return;
    }
    if (spare) await closeContext(app.page.context());
    else spare = app.page;
  };
  return {
    server,
    browser,
    /** Opens the site in a page of its own; see openApp. */
    async open(hash = '', contextOptions = {}) {
      const shared = Object.keys(contextOptions).length === 0;
      let page = null;
      if (shared && spare) [page, spare] = [spare, null];
      const context = page ? page.context() : await browser.newContext({ viewport: { width: 1280, height: 800 },
        acceptDownloads: true, ...contextOptions });
      if (!page) {
        contexts.add(context);
        if (contextOptions.serviceWorkers !== 'allow') await context.addInitScript(NO_SERVICE_WORKERS);
      }
      let app;
      try {
        app = await openApp(context, server.url, hash, page);
      } catch (e) {
        await closeContext(context);
        throw e;
      }
      app.close = shared ? () => release(app) : () => { app.detach(); return closeContext(context); };
      return app;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/** A page script that makes the page's browser one without service workers ('serviceWorker' in navigator is false). */
const NO_SERVICE_WORKERS = 'delete Navigator.prototype.serviceWorker;';

/**
 * Opens the site in `page` (a new page of `context` if none), collecting
 * console errors and page errors, and waits for contactlab.ready. Returns
 * {page, errors, url, detach}: detach() stops the collecting.
 */
export async function openApp(context, baseUrl, hash = '', page = null) {
  page = page || await context.newPage();
  page.setDefaultTimeout(TIMEOUT.action);
  const { errors, detach } = collectErrors(page);
  const url = baseUrl + (hash ? (hash.startsWith('#') ? hash : '#' + hash) : '');
  await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT.load });
  try {
    await waitReady(page);
  } catch (e) {
    // Say why: loading text, runtime state, and what the page logged.
    const info = await page.evaluate(() => ({
      loading: document.getElementById('loading-text')?.textContent,
      loadingHidden: document.getElementById('loading')?.hidden,
      calledRun: typeof Module === 'object' ? Module.calledRun : undefined,
    })).catch((err) => ({ evaluateFailed: String(err) }));
    e.message += `\n  page: ${JSON.stringify(info)}\n  logged: ${JSON.stringify(errors)}`;
    detach();
    throw e;
  }
  return { page, errors, url, detach };
}

/**
 * Collects what `page` (its frames too) logs: {errors: {console, warnings,
 * page, failedRequests}, detach()}; detach() stops the collecting.
 */
export function collectErrors(page) {
  const errors = { console: [], warnings: [], page: [], failedRequests: [] };
  const listeners = {
    console: (msg) => {
      if (msg.type() === 'error') errors.console.push(msg.text());
      else if (msg.type() === 'warning') errors.warnings.push(msg.text());
    },
    pageerror: (err) => errors.page.push(String(err && err.stack || err)),
    requestfailed: (req) => errors.failedRequests.push(`${req.url()}: ${req.failure()?.errorText}`),
  };
  for (const [event, fn] of Object.entries(listeners)) page.on(event, fn);
  const detach = () => { for (const [event, fn] of Object.entries(listeners)) page.off(event, fn); };
  return { errors, detach };
}

/**
 * Opens a course page that embeds the app in an iframe, in a context of its
 * own: serves `html` at `at` on `server` (the test file's by default; no html:
 * a page the site itself serves), loads it, finds the app's frame (the first
 * frame whose URL includes `frameUrlIncludes`, any child frame without it) and
 * waits until contactlab.status() answers in it and `ready(status)` (a
 * function run in the frame; by default any status) is true (ready: null, no
 * wait: the caller waits for what it measures). Returns
 * {context, page, frame, errors (collectErrors's, the course page's and its
 * frames'), started (Date.now() as the navigation began), close()}.
 */
export async function openHostPage(env, at, html = null, { server = env.server, frameUrlIncludes = null,
  ready = (status) => !!status, contextOptions = {} } = {}) {
  if (html !== null) server.page(at, html);
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT.action);
    const { errors } = collectErrors(page);
    const started = Date.now();
    await page.goto(server.url + at.replace(/^\//, ''), { waitUntil: 'load', timeout: TIMEOUT.load });
    const frame = page.frames().find((f) => f !== page.mainFrame() && (frameUrlIncludes === null || f.url().includes(frameUrlIncludes)));
    if (!frame) throw new Error(`no app frame${frameUrlIncludes === null ? '' : ` at ${frameUrlIncludes}`} in ${at} (frames: ${page.frames().map((f) => f.url()).join(', ')})`);
    if (ready) {
      await frame.waitForFunction((src) => {
        try { return (0, eval)(`(${src})`)(window.contactlab.status()); } catch { return false; }
      }, ready.toString(), { timeout: TIMEOUT.load, polling: 100 }).catch((e) => {
        e.message += `\n  logged: ${JSON.stringify(errors)}`;
        throw e;
      });
    }
    return { context, page, frame, errors, started, close: () => context.close() };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/** Waits (bounded) for contactlab.ready and for a few drawn frames. */
export async function waitReady(page) {
  await page.waitForFunction(() => window.contactlab && window.contactlab.status && (() => {
    try { return !!window.contactlab.status(); } catch { return false; }
  })(), null, { timeout: TIMEOUT.load, polling: 100 });
  await withTimeout(page.evaluate(() => window.contactlab.ready.then(() => true)), TIMEOUT.load, 'contactlab.ready');
  await frames(page, 3);
}

/** Waits for n animation frames on the page (the app draws one per frame); bounded by 2 s a frame, 15 s at least. */
export async function frames(page, n = 2) {
  await withTimeout(page.evaluate((n) => new Promise((resolve) => {
    let k = 0;
    const tick = () => (++k >= n ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }), n), Math.max(TIMEOUT.wait, 2_000 * n), `${n} animation frames`);
}

export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Node-side pause between polls of until(); tests wait on conditions, never on a sleep. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- app helpers -----------------------------------------------------------

export const status = (page) => page.evaluate(() => window.contactlab.status());
/** [r, g, b] of a CSS "#rrggbb" colour (the app's palette in status().palette). */
export const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
/** The canvas's colours now (core/palette.cpp, in the theme shown), each as [r, g, b]. */
export async function palette(page) {
  const p = (await status(page)).palette;
  return Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Array.isArray(v) ? v.map(rgb) : rgb(v)]));
}
export const widgetRect = (page, label) => page.evaluate((l) => window.contactlab.widgetRect(l), label);
export const hash = (page) => page.evaluate(() => location.hash);

/** Parses "#a=1&b=2" into a Map of decoded key -> value. */
export function hashParams(h) {
  const out = new Map();
  for (const part of String(h).replace(/^#/, '').split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    out.set(decodeURIComponent(eq < 0 ? part : part.slice(0, eq)), eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1)));
  }
  return out;
}

/** Polls fn(page) until it returns a truthy value; returns it or throws with the last value. */
export async function until(page, fn, { timeout = TIMEOUT.wait, interval = 50, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    last = await fn(page);
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(interval);
  }
}

/**
 * Waits until fn(page) returns the same value (compared as JSON) at the end
 * of `frames` animation frames in a row, and returns it: the page has settled
 * (plots laid out, a panel scrolled to its place). Counted in the page's
 * frames, so a slow machine waits as many frames as a fast one.
 */
export async function steady(page, fn, { frames: n = 5, timeout = TIMEOUT.wait, what = 'a steady value' } = {}) {
  const end = Date.now() + timeout;
  let value = await fn(page);
  let last = JSON.stringify(value), same = 0;
  while (same < n) {
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what} (last: ${last})`);
    await frames(page, 1);
    value = await fn(page);
    const text = JSON.stringify(value);
    same = text === last ? same + 1 : 0;
    last = text;
  }
  return value;
}

/**
 * Records, after each of the app's next frames (Module.postMainLoop), what
 * `sample(status)` returns (a function run in the page; by default the
 * status's t and running), until `done(samples)` (run in the page too) is
 * true; resolves to the samples. Every sample also has `now`, the frame's
 * time (document.timeline: the requestAnimationFrame time the frame ran in),
 * and `began`, when the app's frame began (performance.now() in
 * Module.preMainLoop: the clock the app itself reads a moment later).
 * Frames are counted, not timed: as many on a slow machine as on a fast one.
 */
export function recordFrames(page, { sample = null, done, timeout = TIMEOUT.test / 2, what = 'frames recorded' }) {
  return withTimeout(page.evaluate(([sampleSrc, doneSrc]) => new Promise((resolve) => {
    const sampleFn = sampleSrc ? (0, eval)(`(${sampleSrc})`) : (st) => ({ t: st.t, running: st.running });
    const doneFn = (0, eval)(`(${doneSrc})`);
    const samples = [];
    const previous = Module.postMainLoop, previousPre = Module.preMainLoop;
    let began = null;
    Module.preMainLoop = function () {
      began = performance.now();
      return previousPre ? previousPre.apply(this, arguments) : undefined;
    };
    Module.postMainLoop = function () {
      if (previous) previous.apply(this, arguments);
      const status = window.contactlab.status();
      samples.push({ now: document.timeline.currentTime, began, ...sampleFn(status) });
      if (doneFn(samples)) {
        Module.postMainLoop = previous;
        Module.preMainLoop = previousPre;
        resolve(samples);
      }
    };
  }), [sample && sample.toString(), done.toString()]), timeout, what);
}

/** Page coordinates of the centre of a widget (canvas bounding box + widgetRect). */
export async function widgetCenter(page, label) {
  const rect = await until(page, () => widgetRect(page, label), { what: `widgetRect('${label}')` });
  const box = await page.locator('#canvas').boundingBox();
  return { x: box.x + rect.x + rect.w / 2, y: box.y + rect.y + rect.h / 2, rect, box };
}

/**
 * A real mouse click on the canvas at page coordinates. ImGui 1.86 reads the
 * mouse once per frame, so hover first, then press and release in separate frames.
 */
export async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await frames(page, 2);
  await received(page, 'mousedown', () => page.mouse.down());
  await frames(page, 2);
  await received(page, 'mouseup', () => page.mouse.up());
  await frames(page, 2);
}

/**
 * Runs act() and waits until the page has received an event of `type`: the
 * frames counted after it are then frames the app saw it in, however late a
 * busy machine delivers it.
 */
async function received(page, type, act) {
  await page.evaluate((type) => {
    const seen = window.__contactlabSeen = window.__contactlabSeen || {};
    seen[type] = false;
    addEventListener(type, () => { seen[type] = true; }, { once: true, capture: true });
  }, type);
  await act();
  await until(page, () => page.evaluate((type) => window.__contactlabSeen[type], type), { what: `the page to receive ${type}` });
}

/** Clicks the ImGui item with this widgetRect label. */
export async function clickWidget(page, label) {
  const c = await widgetCenter(page, label);
  await clickAt(page, c.x, c.y);
  return c;
}

/** A key held for a few frames: Dear ImGui 1.86 samples key state once per
 * frame, so a press and release inside one frame would go unseen. */
export async function holdKey(page, key) {
  await page.keyboard.down(key);
  await frames(page, 3);
  await page.keyboard.up(key);
  await frames(page, 2);
}

/** Replaces the text of the ImGui input `label` and presses Enter. */
export async function typeInto(page, label, text) {
  await clickWidget(page, label);
  await frames(page, 3);  // ImGui takes the text focus on a frame after the click
  await page.keyboard.down('Control');
  await holdKey(page, 'a');
  await page.keyboard.up('Control');
  await page.keyboard.type(text, { delay: 20 });  // characters are queued, none is lost
  await holdKey(page, 'Enter');
}

/** Opens the panel's "Export" collapsing header with a real click on it. */
export async function openExport(page) {
  if (await widgetRect(page, 'Series CSV')) return;
  let header = await until(page, () => widgetRect(page, 'Export'), { what: "widgetRect('Export')" });
  const box = await page.locator('#canvas').boundingBox();
  let folded = false;
  if (header.y + header.h > box.height) {  // a long parameter list pushed it out of view: fold the list
    folded = true;
    const params = await widgetRect(page, 'Parameters');
    await clickAt(page, box.x + params.x + params.w / 2, box.y + params.y + params.h / 2);
    header = await until(page, async () => {
      const r = await widgetRect(page, 'Export');
      return r && r.y + r.h <= box.height && r;
    }, { timeout: 3000, what: 'the Export header in view' });
  }
  await clickAt(page, box.x + header.x + header.w / 2, box.y + header.y + header.h / 2);
  await until(page, () => widgetRect(page, 'Series CSV'), { timeout: 3000, what: 'the Export section to open' });
  // Its last row must be in view too: fold the parameters if it is not.
  const last = await until(page, () => widgetRect(page, 'Save scene'), { timeout: 3000, what: "widgetRect('Save scene')" });
  if (last.y + last.h > box.height && !folded) {
    const params = await widgetRect(page, 'Parameters');
    await clickAt(page, box.x + params.x + params.w / 2, box.y + params.y + params.h / 2);
    await until(page, async () => {
      const r = await widgetRect(page, 'Save scene');
      return r && r.y + r.h <= box.height;
    }, { timeout: 3000, what: 'the Export buttons in view' });
  }
}

export function errorReport(errors) {
  return [...errors.console.map((e) => 'console.error: ' + e), ...errors.page.map((e) => 'pageerror: ' + e),
    ...errors.failedRequests.map((e) => 'request failed: ' + e)];
}

/** Visible text of #messages. */
export const messagesText = (page) => page.evaluate(() => document.getElementById('messages').innerText);

// ---- screenshots and PNG decoding -----------------------------------------

/**
 * Saves a screenshot of a page (the viewport) or of an element (a locator or
 * element handle, scrolled into view) as tests/browser/artifacts/<name>.
 */
export async function saveScreenshot(target, name) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, name);
  if (typeof target.goto === 'function') {  // a page
    const buf = await capture(target);
    fs.writeFileSync(file, buf);
    return { file, buf };
  }
  const buf = await target.screenshot({ path: file, timeout: TIMEOUT.wait, animations: 'allow' });
  return { file, buf };
}

const cdpSessions = new WeakMap();

/**
 * A PNG of the page's viewport. Playwright's own screenshot first hides the
 * text caret and waits for fonts, each a frame more: with software WebGL on a
 * busy machine a frame takes up to a second, and its screenshots took twice
 * as long as this capture straight from Chromium (DevTools protocol). A page
 * that emulates a phone's pixel ratio goes through Playwright: the protocol
 * captures it at CSS px without a clip, and a clip of its own undoes the
 * emulation for the rest of the page's life.
 */
export async function capture(page) {
  if (await page.evaluate(() => devicePixelRatio) !== 1) return page.screenshot({ timeout: TIMEOUT.wait });
  let session = cdpSessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    cdpSessions.set(page, session);
  }
  const { data } = await withTimeout(session.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true }),
    TIMEOUT.wait, 'a screenshot');
  return Buffer.from(data, 'base64');
}

/**
 * The canvas's pixels, decoded: the page's screenshot clipped to it (saved as
 * tests/browser/artifacts/<saveAs> when it is given). An element screenshot
 * would first wait for the element to be stable over animation frames, which
 * SwiftShader draws at 200-370 ms each for a running scene, and on a slow
 * machine ran out of time (the canvas never moves).
 */
export function canvasImage(page, saveAs = null) {
  return elementImage(page, page.locator('#canvas'), saveAs);
}

/**
 * The pixels of the element `locator` (in view) as canvasImage takes them,
 * without waiting for it to be stable: for elements that hold a running chart.
 * Saved as tests/browser/artifacts/<saveAs> when it is given.
 */
export async function elementImage(page, locator, saveAs = null) {
  const box = await locator.boundingBox();
  const whole = decodePng(await capture(page));
  const scale = whole.width / page.viewportSize().width;
  const img = crop(whole, { x: box.x * scale, y: box.y * scale, w: box.width * scale, h: box.height * scale });
  if (saveAs) saveArtifact(saveAs, encodePng(img));
  return img;
}

/**
 * One capture of the page for two uses: saved whole as
 * tests/browser/artifacts/<saveAs> (for a human to look at) and the canvas's
 * pixels cut from it, as canvasImage would take them. A capture waits for a
 * frame and encodes a PNG (1-3 s a capture with software WebGL on a busy
 * machine): one instead of two.
 */
export async function pageAndCanvas(page, saveAs) {
  const box = await page.locator('#canvas').boundingBox();
  const png = await capture(page);
  saveArtifact(saveAs, png);
  const whole = decodePng(png);
  const scale = whole.width / page.viewportSize().width;
  return { page: whole, canvas: crop(whole, { x: box.x * scale, y: box.y * scale, w: box.width * scale, h: box.height * scale }) };
}

/** A decoded image (RGBA data) as a PNG (for artifacts). */
export function encodePng(img) {
  const { width, height, data } = img;
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);  // filter 0 (none) on every row
  for (let y = 0; y < height; y++) data.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const chunk = (type, body) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;  // bits per channel
  ihdr[9] = 6;  // RGBA
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Region {x, y, w, h} (image pixels, rounded) of a decoded image, as an image of its own. */
export function crop(img, r) {
  const x0 = Math.max(0, Math.round(r.x)), y0 = Math.max(0, Math.round(r.y));
  const w = Math.min(img.width - x0, Math.round(r.w)), h = Math.min(img.height - y0, Math.round(r.h));
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) img.data.copy(data, y * w * 4, ((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4);
  return { width: w, height: h, channels: img.channels, data };
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Minimal PNG decoder (8-bit greyscale/RGB/RGBA, grey+alpha, non-interlaced),
 * enough for Chromium's screenshots and canvas.toDataURL. Returns
 * {width, height, channels, data: Buffer RGBA}.
 */
export function decodePng(buf) {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG (bad signature)');
  let pos = 8;
  let ihdr = null;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + len);
    pos += 12 + len;
    if (type === 'IHDR') {
      ihdr = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], color: body[9], interlace: body[12] };
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
  }
  if (!ihdr) throw new Error('PNG without IHDR');
  const channelsByType = { 0: 1, 2: 3, 4: 2, 6: 4 };
  const channels = channelsByType[ihdr.color];
  if (ihdr.depth !== 8 || !channels || ihdr.interlace) {
    throw new Error(`unsupported PNG (depth ${ihdr.depth}, color type ${ihdr.color}, interlace ${ihdr.interlace})`);
  }
  const { width, height } = ihdr;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('PNG data too short');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[out + i - channels] : 0;
      const b = y > 0 ? pixels[out - stride + i] : 0;
      const c = y > 0 && i >= channels ? pixels[out - stride + i - channels] : 0;
      let v = src[i];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`bad PNG filter ${filter} in row ${y}`);
      }
      pixels[out + i] = v & 0xff;
    }
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = p * channels;
    if (channels >= 3) {
      rgba[p * 4] = pixels[s]; rgba[p * 4 + 1] = pixels[s + 1]; rgba[p * 4 + 2] = pixels[s + 2];
    } else {
      rgba[p * 4] = rgba[p * 4 + 1] = rgba[p * 4 + 2] = pixels[s];
    }
    rgba[p * 4 + 3] = channels === 4 ? pixels[s + 3] : channels === 2 ? pixels[s + 1] : 255;
  }
  return { width, height, channels, data: rgba };
}

/** The clear colour of the canvas (glClearColor in src/app/main.cpp) = page --bg. */
export const BACKGROUND = [15, 17, 21];

/**
 * Pixel statistics of region {x, y, w, h} (image pixels) of a decoded PNG:
 * distinct colours, fraction of pixels farther than `tol` from `bg`, and
 * the count of pixels within `tol` of each colour in `probe` ({name: [r,g,b]}).
 * Pixels inside `exclude` ({x, y, w, h}) are skipped.
 */
export function pixelStats(img, region = null, { bg = BACKGROUND, tol = 24, probe = {}, exclude = null } = {}) {
  const r = region || { x: 0, y: 0, w: img.width, h: img.height };
  const x0 = Math.max(0, Math.floor(r.x)), y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(img.width, Math.ceil(r.x + r.w)), y1 = Math.min(img.height, Math.ceil(r.y + r.h));
  const colors = new Set();
  let total = 0, nonBg = 0;
  const probes = Object.fromEntries(Object.keys(probe).map((k) => [k, 0]));
  const near = (d, c) => Math.abs(d[0] - c[0]) <= tol && Math.abs(d[1] - c[1]) <= tol && Math.abs(d[2] - c[2]) <= tol;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (exclude && x >= exclude.x && x < exclude.x + exclude.w && y >= exclude.y && y < exclude.y + exclude.h) continue;
      const i = (y * img.width + x) * 4;
      const px = [img.data[i], img.data[i + 1], img.data[i + 2]];
      colors.add((px[0] << 16) | (px[1] << 8) | px[2]);
      total++;
      if (!near(px, bg)) nonBg++;
      for (const [k, c] of Object.entries(probe)) if (near(px, c)) probes[k]++;
    }
  }
  return { total, distinct: colors.size, nonBgFraction: total ? nonBg / total : 0, probes };
}

// ---- files dropped on the page ------------------------------------------------

/** Drops a file with `text` on the page as a user's drag and drop does. */
export function dropFile(page, name, text) {
  return page.evaluate(([name, text]) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type: 'application/json' }));
    for (const type of ['dragenter', 'dragover', 'drop'])
      window.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, [name, text]);
}

// ---- downloads ---------------------------------------------------------------

/** Clicks a widget and returns the download it triggers: {name, body: Buffer}. */
export async function downloadByClick(page, label) {
  const pending = page.waitForEvent('download', { timeout: TIMEOUT.wait });
  pending.catch(() => {});  // reported below, not as an unhandled rejection
  await clickWidget(page, label);
  const download = await pending;
  const file = await withTimeout(download.path(), TIMEOUT.wait, `download of '${label}'`);
  return { name: download.suggestedFilename(), body: fs.readFileSync(file) };
}

/** Writes bytes to tests/browser/artifacts/<name> (for a human to look at). */
export function saveArtifact(name, bytes) {
  fs.mkdirSync(artifactsDir, { recursive: true });
  fs.writeFileSync(path.join(artifactsDir, name), bytes);
}
