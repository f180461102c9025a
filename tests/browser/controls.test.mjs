// Real clicks on the ImGui panel: transport, presets, plots, export.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('Play runs the simulation, Pause stops it, Step advances 10 ms', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    const st0 = await h.status(page);
    assert.equal(st0.running, false, 'not running before Play');
    assert.equal(st0.t, 0);

    await h.clickWidget(page, 'Play');
    const st1 = await h.until(page, async () => {
      const st = await h.status(page);
      return st.t > 0.2 && st;
    }, { timeout: 30_000, what: 't past 0.2 s after Play' });
    assert.equal(st1.running, true, 'running after clicking Play');
    const st2 = await h.until(page, async () => {
      const st = await h.status(page);
      return st.t > st1.t && st;
    }, { what: `t to keep growing past ${st1.t}` });
    assert.ok(st2.samples > st0.samples, 'samples recorded');
    await h.saveScreenshot(page, 'desktop-running.png');

    assert.equal(await h.widgetRect(page, 'Play'), null, 'the button reads "Pause" while running');
    // About a second after Play the panel gains the real-time line, and with it a scroll bar that
    // rewraps the caption: Pause moves 15 px down. Click it where it then stays.
    await h.until(page, async () => (await h.status(page)).speed_text, { what: 'the real-time line' });
    await h.steady(page, () => h.widgetRect(page, 'Pause'), { what: 'the Pause button in its place' });
    await h.clickWidget(page, 'Pause');
    // The app may see the release a frame after the page does (a clean-clone CI run read running = true here).
    const paused = await h.until(page, async () => {
      const st = await h.status(page);
      return !st.running && st;
    }, { what: 'the run paused after clicking Pause' });
    assert.equal(paused.running, false, 'Pause stops the run');
    await h.frames(page, 5);
    assert.equal((await h.status(page)).t, paused.t, 't frozen while paused (5 frames later)');

    await h.clickWidget(page, 'Step');
    const stepped = await h.status(page);
    assert.equal(stepped.running, false, 'Step leaves the run paused');
    assert.ok(Math.abs(stepped.t - paused.t - 0.01) < 1e-9, `Step advances 0.01 s (${paused.t} -> ${stepped.t})`);
    await h.clickWidget(page, 'Step');
    assert.ok(Math.abs((await h.status(page)).t - paused.t - 0.02) < 1e-9, 'a second Step: +0.02 s in all');

    await h.clickWidget(page, 'Reset');
    assert.equal((await h.status(page)).t, 0, 'Reset returns to t = 0');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('preset "Small swing" sets v0 = 0.3 sqrt(g L) in the URL and the status', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    const before = h.hashParams(await h.hash(page));
    assert.equal(before.get('L'), '1.1');
    assert.equal(before.get('g'), '10');
    await h.clickWidget(page, 'Small swing');
    const expected = 0.3 * Math.sqrt(11);
    const after = h.hashParams(await h.until(page, async () => {
      const hs = await h.hash(page);
      return h.hashParams(hs).get('v0') !== before.get('v0') && hs;
    }, { what: 'v0 in the hash to change' }));
    const v0 = Number(after.get('v0'));
    assert.ok(Math.abs(v0 - expected) < 1e-12, `hash v0 = ${after.get('v0')}, expected ${expected}`);
    assert.equal(after.get('scene'), 'pendulum');
    assert.equal(after.get('L'), '1.1', 'other parameters unchanged');
    const st = await h.status(page);
    assert.equal(st.params.v0, after.get('v0'), 'status().params.v0 agrees with the URL');
    assert.equal(st.t, 0, 'a preset restarts the run');
    assert.equal(st.reset_pending, false);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('every panel widget lies inside the panel (no clipped presets or sliders)', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    const panel = await h.widgetRect(page, 'panel');
    const canvas = await page.locator('#canvas').boundingBox();
    assert.ok(panel.x >= 0 && panel.y >= 0 && panel.x + panel.w <= canvas.width && panel.y + panel.h <= canvas.height,
      `panel inside the canvas: ${JSON.stringify(panel)}`);
    const params = Object.keys((await h.status(page)).params);
    const labels = ['scene', 'Play', 'Step', 'Reset', 'speed', 'Defaults', ...params,
      'Olympiad: hits the nail', 'Small swing', 'Slack and snap', 'Full loop'];
    const outside = [];
    for (const label of labels) {
      const r = await h.widgetRect(page, label);
      if (!r) { outside.push(`${label}: not drawn`); continue; }
      const inside = r.x >= panel.x - 0.5 && r.y >= panel.y - 0.5 && r.x + r.w <= panel.x + panel.w + 0.5 &&
        r.y + r.h <= panel.y + panel.h + 0.5;
      if (!inside) outside.push(`${label}: ${JSON.stringify(r)}`);
    }
    assert.deepEqual(outside, [], `widgets outside the panel ${JSON.stringify(panel)}`);
    // The scene is centred beside the panel, not under it: the mass is right of the panel.
    const img = await h.canvasImage(page);
    const right = { x: panel.x + panel.w, y: 0, w: img.width - panel.x - panel.w, h: img.height };
    const mass = h.pixelStats(img, right, { tol: 20, probe: { mass: (await h.palette(page)).bodies[0] } }).probes.mass;
    assert.ok(mass >= 60, `the pendulum's mass is drawn right of the panel (${mass} px)`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('plots fill with data while running', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    const count = await page.evaluate(() => window.contactlab.plots.count());
    assert.ok(count >= 1, `at least one plot panel (got ${count})`);
    const series0 = await page.evaluate(() => window.contactlab.plots.series(0));
    assert.ok(Array.isArray(series0) && series0.length >= 1, `panel 0 shows series: ${JSON.stringify(series0)}`);
    const p0 = await page.evaluate(() => window.contactlab.plots.points(0));

    await h.clickWidget(page, 'Play');
    const points = () => page.evaluate(() => window.contactlab.plots.points(0));
    const p1 = await h.until(page, async () => { const p = await points(); return p > p0 && p; }, { what: `plot 0 past ${p0} points` });
    const p2 = await h.until(page, async () => { const p = await points(); return p > p1 && p; }, { what: `plot 0 past ${p1} points` });
    console.log(`points of plot 0 grow while running: ${p0} -> ${p1} -> ${p2}`);
    // Run on until half a second is plotted (checked below).
    await h.until(page, () => page.evaluate(() => window.contactlab.plots.uplot(0).data[0].at(-1) > 0.5),
      { timeout: 30_000, what: 'half a second plotted' });

    // Data handed to uPlot: time axis increasing, ending near the simulated time.
    const d = await page.evaluate(() => {
      const u = window.contactlab.plots.uplot(0);
      const t = u.data[0];
      return { n: t.length, first: t[0], last: t[t.length - 1], sorted: t.every((v, i) => i === 0 || v >= t[i - 1]),
        ySeries: u.data.length - 1, yFinite: u.data.slice(1).every((ys) => ys.some((v) => Number.isFinite(v))) };
    });
    const st = await h.status(page);
    assert.equal(d.first, 0);
    assert.ok(d.sorted, 'time axis sorted');
    assert.ok(d.last > 0.5 && d.last <= st.t + 1e-9, `last plotted t ${d.last} vs status t ${st.t}`);
    assert.ok(d.ySeries === series0.length && d.yFinite, 'every plotted series has finite data');

    // The uPlot canvas shows the curve: pixels of the first series' colour.
    const img = await h.elementImage(page, page.locator('#panels .panel').first(), 'plot-running.png');
    const color = await page.evaluate(() => { const u = window.contactlab.plots.uplot(0); return u.series[1].stroke(u, 1); });
    const stats = h.pixelStats(img, null, { bg: [0x1b, 0x1e, 0x24], tol: 30, probe: { line: h.rgb(color) } });
    assert.ok(stats.probes.line >= 100, `plot line drawn (${stats.probes.line} px of ${color})`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('"+ Add plot" adds a panel, the URL remembers it, and the link restores it', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    const n0 = await page.evaluate(() => window.contactlab.plots.count());
    assert.equal(h.hashParams(await h.hash(page)).has('plots'), false, 'scene default plots: no plots key');
    await page.locator('#add-plot').click();
    await h.until(page, () => page.evaluate((n0) => window.contactlab.plots.count() === n0 + 1, n0), { what: 'a new panel' });
    const plotsValue = await h.until(page, async () => h.hashParams(await h.hash(page)).get('plots'),
      { what: 'plots=... in the URL' });
    const names = await page.evaluate(() => {
      const p = window.contactlab.plots;
      return Array.from({ length: p.count() }, (_, k) => p.series(k));
    });
    assert.equal(names.length, n0 + 1);
    const again = await env.open(await h.hash(page));
    try {
      const restored = await again.page.evaluate(() => {
        const p = window.contactlab.plots;
        return Array.from({ length: p.count() }, (_, k) => p.series(k));
      });
      assert.deepEqual(restored, names, `plots=${plotsValue} restores the panels`);
      assert.deepEqual(h.errorReport(again.errors), []);
    } finally {
      await again.close();
    }
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a link that plots the ellipses\' z0 and vz0 (their names before y) plots y0 and vy0', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&plots=z0,vz0');
  try {
    const { page, errors } = app;
    const first = await h.until(page, () => page.evaluate(() => window.contactlab.plots.count() > 0 && window.contactlab.plots.series(0)),
      { what: 'the linked panel' });
    assert.deepEqual(first, ['y0', 'vy0']);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('export: series CSV, events CSV, scene JSON (loads back), PNG', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    // Run past the slack and nail events of the default (olympiad) case, then pause.
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 1.0, { timeout: 30_000, what: 't > 1 s' });
    await page.evaluate(() => window.contactlab.command('pause'));
    const st = await h.status(page);
    assert.ok(st.events >= 1, `events recorded while running (${st.events})`);

    await h.openExport(page);
    await h.saveScreenshot(page, 'export-open.png');

    const series = await h.downloadByClick(page, 'Series CSV');
    const seriesLines = series.body.toString('utf8').trimEnd().split('\n');
    assert.match(seriesLines[0], /^t,x,y,/, `series header: ${seriesLines[0]}`);
    assert.match(series.name, /\.csv$/);
    assert.ok(seriesLines.length - 1 >= st.samples * 0.9, `${seriesLines.length - 1} rows for ${st.samples} samples`);
    const cols = seriesLines[0].split(',').length;
    assert.ok(seriesLines.slice(1).every((l) => l.split(',').length === cols), 'every row has the header\'s column count');

    const events = await h.downloadByClick(page, 'Events CSV');
    const eventLines = events.body.toString('utf8').trimEnd().split('\n');
    assert.equal(eventLines[0], 't,kind,phi,speed,speed_after,distance');
    assert.equal(eventLines.length - 1, st.events, 'one row per event');
    assert.match(eventLines[1] || '', /^[0-9.e+-]+,slack,/, `first event is the thread going slack: ${eventLines[1]}`);

    const scene = await h.downloadByClick(page, 'Save scene');
    assert.match(scene.name, /\.json$/);
    const text = scene.body.toString('utf8');
    const json = JSON.parse(text);
    assert.equal(json.scene, 'pendulum');
    assert.equal(json.params.L, 1.1);
    assert.ok(Math.abs(json.state.t - st.t) < 1e-12, `saved state at t = ${json.state?.t} (status t = ${st.t})`);
    // Load it back after a reset: no error, and the saved time is restored.
    await page.evaluate(() => window.contactlab.command('reset'));
    assert.equal((await h.status(page)).t, 0);
    await page.evaluate((t) => window.contactlab.loadSceneJson(t), text);
    await h.frames(page, 2);
    const loaded = await h.status(page);
    assert.equal(loaded.scene, 'pendulum');
    assert.ok(Math.abs(loaded.t - st.t) < 1e-12, `loaded scene resumes at t = ${st.t} (got ${loaded.t})`);
    assert.equal(await page.locator('#messages .msg-error, #messages .msg-warning').count(), 0,
      `no error/warning message after loading: ${await h.messagesText(page)}`);
    assert.match(loaded.message, /scene file loaded/);

    await h.openExport(page);  // loading a scene keeps the panel open, but be safe
    const png = await h.downloadByClick(page, 'PNG');
    assert.match(png.name, /\.png$/);
    h.saveArtifact('export-download.png', png.body);
    assert.ok(png.body.subarray(0, 8).equals(h.PNG_SIGNATURE), 'PNG signature');
    const img = h.decodePng(png.body);
    const c = await page.evaluate(() => ({ w: canvas.width, h: canvas.height }));
    assert.equal(img.width, c.w);
    assert.equal(img.height, c.h);
    // Taken right after a frame was drawn: not a cleared (blank) buffer.
    const stats = h.pixelStats(img);
    assert.ok(stats.distinct >= 100 && stats.nonBgFraction > 0.1, `PNG has the drawing: ${JSON.stringify(stats)}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

// Issue 35, item 7: one validation for every path. The drawn panel's slider
// clamped a typed 100000 to n's top quietly, and the ellipses' wall field
// took 'x^^2' (refused only once the boundary was switched to typed).
test('the drawn panel and the link refuse what the HTML fields refuse, with the same reason', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses');
  try {
    const { page, errors } = app;
    const before = (await h.status(page)).params.n;
    // Ctrl+click turns an ImGui slider into a text field (SDL hears keys on the focused canvas).
    const typeIntoSlider = async (label, text) => {
      const c = await h.widgetCenter(page, label);
      await page.locator('#canvas').focus();
      await page.mouse.move(c.x, c.y);
      await page.keyboard.down('Control');
      await h.clickAt(page, c.x, c.y);
      await h.holdKey(page, 'a');
      await page.keyboard.up('Control');
      for (const ch of text) {
        await h.holdKey(page, ch);
        assert.equal((await h.status(page)).params.n, before, `n is not applied while it is typed (after '${ch}')`);
      }
      await h.holdKey(page, 'Enter');
    };
    await typeIntoSlider('n', '100000');
    const st = await h.until(page, async () => {
      const s = await h.status(page);
      return /100000/.test(s.message) ? s : null;
    }, { what: 'the refusal of n = 100000' });
    console.log(`  panel, n = 100000: ${st.message}`);
    assert.match(st.message, /outside/);
    assert.equal(st.params.n, before, 'n kept its value');
    await typeIntoSlider('n', '12');
    await h.until(page, async () => (await h.status(page)).params.n === '12', { what: 'n = 12 applied on Enter' });

    // The wall's text is checked whatever the boundary: a link with x^^2 is refused and names the wall;
    // the link's other parameters are taken (they fell back to the defaults with it before).
    await page.evaluate(() => window.contactlab.applyHash('#scene=ellipses&n=3&wall=x%5E%5E2'));
    const linked = await h.status(page);
    console.log(`  link, n = 3 and wall = x^^2: ${linked.message.split('\n').join(' ')}; n = ${linked.params.n}`);
    assert.match(linked.message, /wall/);
    assert.notEqual(linked.params.wall, 'x^^2', 'the wall kept its text');
    assert.equal(linked.params.n, '3', 'the link\'s n is taken');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a parameter the current method does not use is dimmed and says why; it acts again once the method changes', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&integrator=leapfrog');
  try {
    const { page, errors } = app;
    const rtol = () => page.evaluate(() => {
      const wrap = document.getElementById('param-rtol').closest('.controls-field');
      const hint = document.getElementById('param-rtol-hint').textContent;
      return { idle: wrap.classList.contains('idle'), hint };
    });
    const idle = await h.until(page, async () => ((await rtol()).idle ? rtol() : null), { what: 'the tolerance dimmed under leapfrog' });
    assert.match(idle.hint, /^Not used with leapfrog \(velocity Verlet\): it acts once that changes\./, `the hint (read by a screen reader) says why first: ${idle.hint}`);
    assert.equal(await page.evaluate(() => document.getElementById('param-rtol').readOnly), false, 'still editable');
    await page.selectOption('#param-integrator', 'dopri5');
    const acting = await h.until(page, async () => ((await rtol()).idle ? null : rtol()), { what: 'the tolerance acting under dopri5' });
    assert.doesNotMatch(acting.hint, /Not used/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
