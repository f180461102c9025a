// The host-page module (web/contactlab.mjs): a course page on one origin
// (127.0.0.1) drives ContactLab in an iframe on another (localhost) through
// ContactLab.connect, and hears its events; a page on a third origin
// (127.0.0.2) is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness.mjs';

const DATA = path.join(h.repoRoot, 'assets', 'measured', 'bouncing_ball_phyphox.csv');

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** A course page that connects to `frameUrl` and keeps every event in window.seen. */
function coursePage(frameUrl) {
  return `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <p>A course page.</p>
    <iframe id="lab" src="${frameUrl}" style="width: 640px; height: 300px"></iframe>
    <script type="module">
      import { ContactLab } from './contactlab.mjs';
      window.seen = [];
      window.connecting = ContactLab.connect(document.getElementById('lab'), { autoSize: true }).then((lab) => {
        window.lab = lab;
        for (const name of ['ready', 'params', 'played', 'stopped', 'reset', 'event', 'error', 'resize'])
          lab.on(name, (data) => window.seen.push({ name, data }));
        return lab.info;
      }, (e) => { window.refusal = { name: e.name, message: e.message }; return null; });
    </script>`;
}

/**
 * Serves coursePage(frameUrl) at `at` (on `server`), opens it in a new context and waits for it to connect:
 * h.openHostPage's {context, page, frame, errors, close} and info (the hello reply; null when refused),
 * ms (load and connect).
 */
async function openCourse(at, frameUrl, { server = env.server, viewport = { width: 1000, height: 900 } } = {}) {
  const host = await h.openHostPage(env, at, coursePage(frameUrl),
    { server, frameUrlIncludes: frameUrl.split('#')[0], ready: null, contextOptions: { viewport } });
  try {
    const info = await h.withTimeout(host.page.evaluate(() => window.connecting), h.TIMEOUT.load, 'connect');
    return { ...host, info, ms: Date.now() - host.started };
  } catch (e) {
    await host.close();
    throw e;
  }
}

const seen = (page, name) => page.evaluate((n) => window.seen.filter((e) => e.name === n).map((e) => e.data), name);

test('a course page on another origin drives ContactLab through the module and hears its events', { timeout: 120_000 }, async () => {
  const port = new URL(env.server.url).port;
  // No allow= key: the page that embeds ContactLab is the one host it accepts.
  const frameUrl = `http://localhost:${port}/#scene=pendulum`;
  const { page, frame, errors, close, info, ms } = await openCourse('/course-module.html', frameUrl);
  try {
    console.log(`  connected in ${ms} ms (page load included)`);
    assert.ok(info, JSON.stringify(await page.evaluate(() => window.refusal)));
    assert.equal(info.protocol, 1);
    assert.equal(info.scene, 'pendulum');
    assert.ok(info.description.params.some((p) => p.name === 'L' && p.unit === 'm'), 'the specs come with hello');
    assert.ok(info.description.scenes.length >= 5);

    // The size hint: the page asks for a height for its width, the module sets it. The page grows
    // while it loads (its plots appear), so hints may follow each other: wait until the latest is applied.
    const sized = await h.until(page, async () => {
      const hint = (await seen(page, 'resize')).at(-1);
      const box = await page.evaluate(() => ({ width: document.getElementById('lab').clientWidth, height: document.getElementById('lab').clientHeight }));
      return hint && Math.abs(box.height - hint.height) <= 1 ? { hint, box, hints: (await seen(page, 'resize')).length } : null;
    }, { what: 'the latest size hint applied to the iframe' });
    const { hint, box } = sized;
    console.log(`  size hint ${hint.width} x ${hint.height} px (hint ${sized.hints}); iframe content now ${box.width} x ${box.height} px`);
    assert.equal(hint.width, box.width, 'the hint is for the width the page has');
    assert.ok(hint.height > 300, 'autoSize set the iframe height from a real hint');

    // Parameters: accepted, announced; a bad one refused with the reason, nothing changed.
    const set = await page.evaluate(() => window.lab.setParams({ L: 1.25 }));
    assert.equal(set.params.L, '1.25');
    await h.until(page, async () => (await seen(page, 'params')).some((d) => d.changed.includes('L')), { what: 'params event' });
    const refused = await page.evaluate(() => window.lab.setParams({ L: 1.5, v0: -1e9 }).then(() => null, (e) => ({ name: e.name, message: e.message, command: e.command })));
    assert.equal(refused?.name, 'ContactLabError');
    assert.equal(refused.command, 'set_params');
    assert.match(refused.message, /v0/);
    assert.equal((await h.status(frame)).params.L, '1.25', 'the refused message changed nothing');
    await h.until(page, async () => (await seen(page, 'error')).some((d) => /v0/.test(d.message)), { what: 'error event' });

    // A scene and a preset: the params event carries the new scene's description.
    await page.evaluate(() => window.lab.load({ scene: 'ellipses', preset: 'Two discs head-on' }));
    await h.until(page, async () => (await seen(page, 'params')).some((d) => d.scene === 'ellipses' && d.description), { what: 'scene change event' });
    assert.equal(await page.evaluate(() => window.lab.info.scene), 'ellipses');

    // Play: played, impact events with their fields, then pause: stopped (paused).
    await page.evaluate(() => window.lab.play());
    await h.until(page, async () => (await seen(page, 'event')).length >= 1, { what: 'an impact event', timeout: 30_000 });
    await page.evaluate(() => window.lab.pause());
    await h.until(page, async () => (await seen(page, 'stopped')).length >= 1, { what: 'stopped event' });
    const played = await seen(page, 'played');
    const impact = (await seen(page, 'event'))[0];
    const stopped = (await seen(page, 'stopped'))[0];
    console.log(`  first event: ${JSON.stringify(impact)}; stopped: ${JSON.stringify(stopped)}`);
    assert.equal(played.length, 1);
    assert.ok(impact.t > 0 && typeof impact.kind === 'string' && Object.keys(impact.fields).length > 0);
    assert.equal(stopped.reason, 'paused');

    const series = await page.evaluate(() => window.lab.getSeries({ names: ['t', 'E_total'], maxPoints: 5 }));
    assert.deepEqual(series.series.map((s) => s.name), ['t', 'E_total']);
    const csv = await page.evaluate(() => window.lab.exportText('events'));
    assert.match(csv.text, /^t,kind/);
    await page.evaluate(() => window.lab.reset());
    await h.until(page, async () => (await seen(page, 'reset')).length >= 1, { what: 'reset event' });

    // A run that fails: stopped with reason "failed" and the engine's message.
    await page.evaluate(() => window.lab.load({ scene: 'implicit', params: { wall: 'x^2+y^2-2.25+sin(1e6*x)' } }));
    await page.evaluate(() => window.lab.play());
    await h.until(page, async () => (await seen(page, 'stopped')).some((d) => d.reason === 'failed'), { what: 'failed run', timeout: 30_000 });
    const failed = (await seen(page, 'stopped')).find((d) => d.reason === 'failed');
    console.log(`  failed run: ${failed.message}`);
    assert.match(failed.message, /repeat without end/);

    // The module reads only its iframe's messages: a fake event from the course page itself is ignored.
    // Waited for until it has reached a listener added after the module's (listeners run in order).
    const before = (await seen(page, 'played')).length;
    await h.withTimeout(page.evaluate(() => new Promise((resolve) => {
      const fake = { type: 'contactlab', v: 1, event: 'played', data: { t: 99 } };
      const heard = (ev) => { if (ev.data && ev.data.data && ev.data.data.t === 99) { removeEventListener('message', heard); resolve(); } };
      addEventListener('message', heard);
      window.postMessage(fake, '*');
    })), h.TIMEOUT.wait, 'the fake event delivered');
    assert.equal((await seen(page, 'played')).length, before);

    // The iframe reloads: the page says ready, the module says hello again, events flow again.
    const readyBefore = (await seen(page, 'ready')).length;
    await frame.evaluate(() => location.reload());
    await h.until(page, async () => (await seen(page, 'ready')).length > readyBefore, { what: 'ready after reload', timeout: h.TIMEOUT.load });
    await page.evaluate(() => window.lab.load({ scene: 'pendulum', params: { L: 0.9 } }));
    await h.until(page, async () => (await seen(page, 'params')).some((d) => d.params.L === '0.9'), { what: 'params after reload' });

    // The link is edited to allow another origin only: the course page hears nothing more.
    await frame.evaluate(() => { location.hash += '&allow=https://elsewhere.example'; });
    await h.until(frame, () => frame.evaluate(() => window.contactlab.hostOrigins()[0] === 'https://elsewhere.example'), { what: 'the new allow' });
    const heard = (await seen(page, 'params')).length;
    await frame.evaluate(() => window.contactlab.command('reset'));
    await frame.evaluate(() => window.contactlab.applyHash(location.hash.replace('L=0.9', 'L=0.8')));
    await h.until(frame, async () => (await h.status(frame)).params.L === '0.8', { what: 'L changed in the page' });
    // The page's event watch saw the change and dropped the course page instead of telling it
    // (web/host_link.js: an event goes only to subscribers the link still allows; none left, it stops).
    await h.until(frame, () => frame.evaluate(() => window.contactlab.hostSubscribers() === 0), { what: 'the course page dropped' });
    assert.equal((await seen(page, 'params')).length, heard, 'no event to an origin the link no longer allows');
    assert.deepEqual([...errors.console, ...errors.page], []);
  } finally {
    await close();
  }
});

test('a course page hands ContactLab measurements: the fit panel shows them; a bad table or a wrong type is refused, the table stays', { timeout: 120_000 }, async () => {
  const port = new URL(env.server.url).port;
  // Embedded (embed=1 hides the page's panels): the fit panel must still come into sight.
  const frameUrl = `http://localhost:${port}/#scene=pile&preset=bouncing_ball&law=impulse&embed=1`;
  const { page, frame, errors, close, info } = await openCourse('/course-data.html', frameUrl);
  try {
    assert.ok(info, JSON.stringify(await page.evaluate(() => window.refusal)));
    const fitState = () => frame.evaluate(() => window.contactlab.fit.state());
    const call = (what, fn, arg) => h.withTimeout(page.evaluate(fn, arg), h.TIMEOUT.load, what);
    await page.evaluate(() => {  // a promise's outcome as data: a refusal is what a test reads
      window.settle = (p) => p.then((result) => ({ result }), (e) => ({ error: { name: e.name, message: e.message, command: e.command } }));
    });

    // The file as phyphox writes it: its header names the columns and units, a row per bounce.
    const text = fs.readFileSync(DATA, 'utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    const header = lines[0].split(',').map((c) => JSON.parse(c));  // "Time (s)","Height (m)"
    assert.equal((await fitState()).loaded, false, 'no table before the host sends one');
    // Sent with a get_params after it: each reply answers its own id, the table's coming once it is read.
    const [table, params] = await call('loadData and getParams', (t) => Promise.all([
      window.lab.loadData('bouncing_ball_phyphox.csv', t), window.lab.getParams()]), text);
    console.log(`  loadData: ${JSON.stringify(table)}`);
    assert.equal(params.scene, 'pile');
    assert.equal(table.name, 'bouncing_ball_phyphox.csv');
    assert.equal(table.rows, lines.length - 1);
    assert.deepEqual(table.columns, header.map((c) => ({ name: c.replace(/ \(.*\)$/, ''), unit: c.match(/\((.*)\)$/)[1] })));
    assert.deepEqual(table.columns.map((c) => c.name), ['Time', 'Height']);
    assert.equal(table.title, '');

    // The student sees it arrive: the panel open, in sight in the embedded page, naming the file.
    const state = await fitState();
    assert.equal(state.open, true);
    assert.equal(state.loaded, true);
    const shown = await h.until(frame, () => frame.evaluate(() => {
      const dock = document.getElementById('dock').getBoundingClientRect();
      const panel = document.getElementById('fit').getBoundingClientRect();
      const file = document.querySelector('#fit .fit-file');
      return panel.height > 0 && panel.top >= dock.top - 1 && panel.top < dock.bottom
        ? { top: Math.round(panel.top - dock.top), dock: Math.round(dock.height), file: file.textContent } : null;
    }), { what: 'the fit panel in sight' });
    console.log(`  fit panel ${shown.top} px below the dock's top (dock ${shown.dock} px): "${shown.file}"`);
    assert.match(shown.file, /^bouncing_ball_phyphox\.csv: 13 rows; Time \[s\], Height \[m\]/);
    await h.saveScreenshot(page, 'host-load-data.png');

    // A table the reader refuses: the host hears the reader's reason, naming the row and column; the table stays.
    const bad = await call('a bad table', (t) => window.settle(window.lab.loadData('bad.csv', t)), 't (s),y (m)\n0,1\n1,x\n');
    console.log(`  refused: ${bad.error?.message}`);
    assert.equal(bad.error?.name, 'ContactLabError', JSON.stringify(bad));
    assert.equal(bad.error.command, 'load_data');
    assert.match(bad.error.message, /^bad\.csv: measurements not loaded: row 2, column 'y': 'x' is not a number/);
    assert.equal((await fitState()).loaded, true, 'the table loaded before stays');
    assert.match(await frame.evaluate(() => document.querySelector('#fit .fit-file').textContent), /^bouncing_ball_phyphox\.csv: 13 rows/);
    await h.until(page, async () => (await seen(page, 'error')).some((d) => /'x' is not a number/.test(d.message)),
      { what: 'the refusal as an error event' });

    // A number for the text: the engine refuses it, naming the field, before the page reads anything.
    const typed = await call('text: 42', () => window.settle(window.lab.send('load_data', { name: 'n.csv', text: 42 })));
    console.log(`  refused: ${typed.error?.message}`);
    assert.equal(typed.error?.name, 'ContactLabError', JSON.stringify(typed));
    assert.match(typed.error.message, /load_data needs "text"/);
    const extra = await call('an extra key', () => window.settle(window.lab.send('load_data', { text: 't,y', rows: 2 })));
    assert.match(extra.error?.message ?? '', /unknown key 'rows' for 'load_data'/);
    assert.match(await frame.evaluate(() => document.querySelector('#fit .fit-file').textContent), /^bouncing_ball_phyphox\.csv/);
    assert.deepEqual([...errors.console, ...errors.page], []);
  } finally {
    await close();
  }
});

test('a course page on an origin the link does not allow cannot connect', { timeout: 90_000 }, async () => {
  const port = new URL(env.server.url).port;
  const frameUrl = `http://localhost:${port}/#scene=pendulum&allow=http://127.0.0.1:${port}`;
  const third = await h.startServer(h.siteDir, '127.0.0.2');
  let host = null;
  try {
    host = await openCourse('/course-module.html', frameUrl, { server: third, viewport: { width: 1000, height: 700 } });
    const { page, frame, info } = host;
    const refusal = await page.evaluate(() => window.refusal);
    console.log(`  refused: ${refusal?.message}`);
    assert.equal(info, null);
    assert.equal(refusal.name, 'ContactLabError');
    assert.match(refusal.message, new RegExp(`only from http://127\\.0\\.0\\.1:${port}`));
    assert.equal(await frame.evaluate(() => window.contactlab.hostSubscribers()), 0, 'nobody hears the page\'s events');
  } finally {
    await host?.close();
    await third.close();
  }
});

test('the example host page served with the site loads its preset without a warning, connects, plays, logs impacts and sends a table', { timeout: 90_000 }, async () => {
  const { page, frame: lab, errors, close } = await h.openHostPage(env, '/host_example.html', null,
    { frameUrlIncludes: 'index.html', contextOptions: { viewport: { width: 1100, height: 1000 } } });
  try {
    await h.until(page, () => page.evaluate(() => /^Connected/.test(document.getElementById('status').textContent)),
      { what: 'the example connected', timeout: h.TIMEOUT.load });
    const fields = await page.evaluate(() => [...document.getElementById('params').elements].map((e) => e.name));
    assert.ok(fields.includes('law') && fields.includes('c_tau'), fields.join(','));
    // Its link names a preset: the head-on discs load as asked, with no warning (a teacher copies this page).
    const started = await lab.evaluate(() => window.contactlab.status());
    console.log(`  example page's app: n = ${started.params.n}, layout = ${started.params.layout}, message "${started.message}"`);
    assert.equal(started.params.layout, 'head_on');
    assert.equal(started.params.n, '2');
    assert.doesNotMatch(started.message, /problem|unknown/i);
    await page.getByRole('button', { name: 'Play' }).click();
    await h.until(page, () => page.evaluate(() => document.getElementById('log').textContent.includes('pair')),
      { what: 'an impact in the log', timeout: 30_000 });
    await page.getByRole('button', { name: 'Pause' }).click();
    // A refused value: the reason under the fields, nothing else changes.
    await page.locator('input[name=c_tau]').fill('7');
    await page.getByRole('button', { name: 'Apply' }).click();
    await h.until(page, () => page.evaluate(() => document.getElementById('error').textContent.length > 0), { what: 'the refusal shown' });
    console.log(`  example page refusal: ${await page.evaluate(() => document.getElementById('error').textContent)}`);
    // A table of measurements picked on the example page: the lab's fit panel reads it, the page says what came.
    await page.setInputFiles('#data', DATA);
    const said = await h.until(page, () => page.evaluate(() => {
      const text = document.getElementById('data-status').textContent;
      return /rows|not loaded/.test(text) ? text : null;
    }), { what: 'the table acknowledged', timeout: h.TIMEOUT.load });
    console.log(`  example page measurements: ${said}`);
    assert.match(said, /^bouncing_ball_phyphox\.csv: 13 rows of Time \[s\], Height \[m\], shown in the fit panel\.$/);
    assert.equal(await lab.evaluate(() => window.contactlab.fit.state().loaded), true);
    await h.saveScreenshot(page, 'host-example.png');
    assert.deepEqual([...errors.console, ...errors.page], []);
  } finally {
    await close();
  }
});
