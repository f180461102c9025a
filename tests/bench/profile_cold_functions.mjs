// Writes src/app/cold_functions.txt: the app's functions that no scene's or
// preset's first frame, nor its first seconds of play, calls (nor those of
// the defaults linked with play=1, embedded, or on a phone); the build
// moves them to index.deferred.wasm (src/app/split_wasm.mjs). Not a test: a
// profile of the last build (.ci/build-wasm), made by running a copy of the
// app that binaryen instrumented (wasm-split --instrument) to note each
// function's first call.
//   node tests/bench/profile_cold_functions.mjs [--seconds 2.5]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { FEATURES, definedFunctions, nameKey } from '../../src/app/wasm_function_names.mjs';
import * as h from '../browser/harness.mjs';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '2.5' } } });
const PLAY_MS = 1000 * Number(args.seconds);
const SCENES = ['pendulum', 'implicit', 'ellipses', 'street', 'pile', 'cradle'];
const linked = path.join(h.siteDir, '..', 'linked', 'index.wasm.orig');
const listFile = new URL('../../src/app/cold_functions.txt', import.meta.url);

const functions = definedFunctions(linked);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-profile-'));
const instrumented = path.join(work, 'index.wasm');
execFileSync('wasm-split', ['--instrument', linked, ...FEATURES, '-o', instrumented], { stdio: 'inherit' });
const instrumentedBytes = fs.readFileSync(instrumented);

/** Indices of the functions called so far (the profile: an 8-byte module hash, then a u32 per function, 0 if never called). */
async function calledSoFar(page) {
  const bytes = Buffer.from(await page.evaluate((count) => {
    const size = 8 + 4 * count;
    const at = Module._malloc(size);
    Module.asm.__write_profile(at, size);
    const copy = Array.from(HEAPU8.subarray(at, at + size));
    Module._free(at);
    return copy;
  }, functions.length));
  return functions.map((_, k) => k).filter((k) => bytes.readUInt32LE(8 + 4 * k) !== 0);
}

const called = new Set();
const server = await h.startServer();
const browser = await h.launchBrowser();
try {
  const instrumentedContext = async (options) => {
    const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
    await context.route('**/index.wasm', (route) => route.fulfill({ body: instrumentedBytes, contentType: 'application/wasm' }));
    // The split's second half fits the split build, not this one: the page goes without it.
    await context.route('**/index.deferred.wasm', (route) => route.fulfill({ status: 404 }));
    return context;
  };
  const desktop = await instrumentedContext({ viewport: { width: 1280, height: 800 } });
  const phone = await instrumentedContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  /** Loads `hash`, notes what ran by the first frame, plays (unless the link does) and notes what ran. */
  const profileLink = async (context, hash, what) => {
    const { page } = await h.openApp(context, server.url, hash);
    const atReady = await calledSoFar(page);
    if (!hash.includes('play=1')) await page.evaluate(() => window.contactlab.command('play'));
    const until = await page.evaluate((ms) => performance.now() + ms, PLAY_MS);
    await page.waitForFunction((t) => performance.now() >= t, until, { timeout: PLAY_MS * 10, polling: 100 });
    const atPlay = await calledSoFar(page);
    for (const k of atPlay) called.add(k);
    console.log(`${what}: ${atReady.length} functions by the first frame, ${atPlay.length} after play`);
    await page.close();
  };
  for (const scene of SCENES) {
    const { page } = await h.openApp(desktop, server.url, `scene=${scene}`);
    const presets = await page.evaluate(() => JSON.parse(window.Module.ccall('cl_scene_json', 'string', [], [])).presets
      .map((p) => p.id));
    await page.close();
    for (const preset of presets) await profileLink(desktop, `scene=${scene}&preset=${preset}`, `${scene} ${preset}`);
    // The defaults as links commonly come: plain, playing at once, embedded in German and dark, on a phone.
    await profileLink(desktop, `scene=${scene}`, `${scene} defaults`);
    await profileLink(desktop, `scene=${scene}&play=1`, `${scene} play=1`);
    await profileLink(desktop, `scene=${scene}&embed=1&lang=de&theme=dark&theory=1`, `${scene} embedded`);
    await profileLink(phone, `scene=${scene}`, `${scene} on a phone`);
  }
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
}

const header = fs.readFileSync(listFile, 'utf8').split('\n').filter((l) => l.startsWith('#'));
const cold = functions.filter((_, k) => !called.has(k)).map((f) => nameKey(f.name));
fs.writeFileSync(listFile, [...header, ...[...new Set(cold)].sort()].join('\n') + '\n');
console.log(`${called.size} of ${functions.length} functions called; ${cold.length} listed cold in ${listFile.pathname}`);
