// Page load, canvas content, phone viewport.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('page loads without errors and the app is ready', { timeout: h.TIMEOUT.test }, async () => {
  // A browser of its own that composites through SwiftShader: composited in software, Chromium's own
  // readback of the canvas logs warnings on the page's console (harness.mjs, launchBrowser).
  const clean = await h.setup({ compositing: 'gpu' });
  try {
    const { page, errors } = await clean.open('', { serviceWorkers: 'allow' });  // a clean load as a visitor's: the offline copy too
    assert.equal(await page.evaluate(() => window.contactlab.ready.then(() => 'resolved')), 'resolved');
    const st = await h.status(page);
    assert.equal(st.scene, 'pendulum');
    assert.equal(st.failed, false);
    assert.equal(typeof st.t, 'number');
    assert.ok(st.params && st.params.L, 'status().params lists the parameters');
    assert.equal(await page.locator('#loading').isHidden(), true, 'loading overlay hidden once ready');
    assert.equal(await page.title(), 'ContactLab');
    // A clean URL gets the full canonical hash written back.
    assert.match(await h.hash(page), /^#scene=pendulum&/);
    assert.deepEqual(h.errorReport(errors), [], 'no console errors, page errors or failed requests');
    assert.deepEqual(errors.warnings, [], 'a clean load logs no warnings either');
    assert.equal(await h.messagesText(page), '', 'no messages on a clean load');
  } finally {
    await clean.close();
  }
});

test('canvas shows the panel and the pendulum (decoded screenshot)', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open();
  try {
    const { page, errors } = app;
    await h.frames(page, 5);
    const { canvas: img } = await h.pageAndCanvas(page, 'desktop-default.png');
    const box = await page.locator('#canvas').boundingBox();
    assert.ok(Math.abs(img.width - box.width) <= 1 && Math.abs(img.height - box.height) <= 1,
      `screenshot ${img.width}x${img.height} matches canvas ${box.width}x${box.height}`);

    const all = h.pixelStats(img);
    assert.ok(all.distinct >= 200, `many distinct colours (got ${all.distinct})`);
    assert.ok(all.nonBgFraction > 0.1, `a good part of the canvas is drawn (got ${all.nonBgFraction.toFixed(3)})`);

    // The ImGui panel: a filled window (not background) with text (many colours).
    const panel = await h.widgetRect(page, 'panel');
    assert.ok(panel && panel.w > 200 && panel.h > 200, `panel drawn: ${JSON.stringify(panel)}`);
    const inPanel = h.pixelStats(img, panel);
    // Widgets and text: the window's own fill is within the tolerance of the page background,
    // and the caption's lines of text leave much of it showing.
    assert.ok(inPanel.nonBgFraction > 0.3, `panel area is drawn (${inPanel.nonBgFraction.toFixed(3)})`);
    assert.ok(inPanel.distinct >= 100, `panel has text/widgets (${inPanel.distinct} colours)`);

    // The pendulum, outside the panel: the mass in the first body colour, the thread in ink, the velocity arrow.
    const colors = await h.palette(page);
    const outside = h.pixelStats(img, null, {
      exclude: panel, tol: 20, probe: { mass: colors.bodies[0], thread: colors.ink, arrow: colors.velocity },
    });
    assert.ok(outside.probes.mass >= 60, `mass drawn outside the panel (${outside.probes.mass} px)`);
    assert.ok(outside.probes.thread >= 40, `thread drawn outside the panel (${outside.probes.thread} px)`);
    assert.ok(outside.probes.arrow >= 30, `velocity arrow drawn (${outside.probes.arrow} px)`);
    // The grid lines are faint (a few levels above the background): count with a tight tolerance.
    const faint = h.pixelStats(img, null, { exclude: panel, tol: 4 });
    assert.ok(faint.nonBgFraction > 0.01, `grid/scene drawn outside the panel (${faint.nonBgFraction.toFixed(3)})`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('phone viewport (390x844 @3x, touch) loads and draws at device resolution', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const { page, errors } = app;
    const st = await h.status(page);
    assert.equal(st.scene, 'pendulum');
    await h.frames(page, 5);
    const c = await page.evaluate(() => {
      const cv = document.getElementById('canvas');
      return { w: cv.width, h: cv.height, cw: cv.clientWidth, ch: cv.clientHeight, dpr: devicePixelRatio,
        scrollW: document.documentElement.scrollWidth, innerW: innerWidth };
    });
    assert.equal(c.dpr, 3);
    assert.ok(c.cw > 300 && c.ch > 200, `canvas has a usable CSS size: ${c.cw}x${c.ch}`);
    assert.ok(Math.abs(c.w - 3 * c.cw) <= 3 && Math.abs(c.h - 3 * c.ch) <= 3,
      `drawing buffer ${c.w}x${c.h} is 3x the CSS size ${c.cw}x${c.ch} (sharp on HiDPI)`);
    assert.ok(c.scrollW <= c.innerW, `no horizontal scrolling (${c.scrollW} > ${c.innerW})`);
    // A phone's controls are the page's sheet (web/page/sheet.js): the picture is the scene's alone.
    assert.equal((await h.status(page)).controls_in_page, true, 'the app was told the page holds the controls');
    assert.equal(await h.widgetRect(page, 'panel'), null, 'no ImGui panel drawn on a phone');
    const { canvas: img } = await h.pageAndCanvas(page, 'phone.png');
    assert.ok(Math.abs(img.width - 3 * c.cw) <= 3, `screenshot at device pixels (${img.width})`);
    const stats = h.pixelStats(img, null, { tol: 20, probe: { mass: (await h.palette(page)).bodies[0] } });
    assert.ok(stats.distinct >= 100 && stats.probes.mass >= 200, `canvas drawn: ${JSON.stringify(stats)}`);
    assert.ok(await page.evaluate(() => window.contactlab.plots.count()) >= 1, 'plot dock present');

    // Touch: tap the sheet's Play.
    await page.locator('#controls-run button', { hasText: /^Play$/ }).tap();
    await h.until(page, async () => (await h.status(page)).running, { what: 'running after tapping Play' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

// uPlot (its script and style sheet) comes after the app's first frame, which
// draws no chart (issue 38: ~170 ms of a phone's main thread before it).
// Held back here until the run is half a second in: the app starts and runs
// without it, and the plots, once it is here, begin at the run's start.
test('uPlot is fetched after the first frame; the plots then show the samples recorded before it came', { timeout: h.TIMEOUT.test }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    let release;
    const released = new Promise((resolve) => { release = resolve; });
    await context.route('**/uPlot.iife.min.js', async (route) => { await released; await route.continue(); });
    const page = await context.newPage();
    const opening = h.openApp(context, env.server.url, '#scene=pendulum&play=1', page);
    opening.catch(() => {});  // awaited below; a failure before then is this test's, not an unhandled one
    // (Until the page has navigated there is no context to evaluate in: not yet, then.)
    await h.until(page, () => page.evaluate(() => {
      try { return window.contactlab.timings().firstFrame > 0 && window.contactlab.status().t > 0.5; } catch { return false; }
    }).catch(() => false), { what: 'the run half a second in without uPlot', timeout: h.TIMEOUT.load });
    const { t: heldAt, ...held } = await page.evaluate(async () => ({ t: window.contactlab.status().t,
      uPlot: typeof window.uPlot, chart: window.contactlab.plots.uplot(0),
      ready: await Promise.race([window.contactlab.ready.then(() => true), new Promise((r) => setTimeout(r, 0, false))]) }));
    assert.deepEqual(held, { uPlot: 'undefined', chart: null, ready: false }, 'no chart, and not ready, while uPlot is held');
    release();
    const { errors } = await opening;
    const first = await h.until(page, () => page.evaluate(() => {
      const u = window.contactlab.plots.uplot(0);
      return u && u.data[0].length > 10 ? { t0: u.data[0][0], points: u.data[0].length } : null;
    }), { what: 'the first chart with data' });
    console.log(`  uPlot held until t = ${heldAt.toFixed(2)} s; the chart then begins at t = ${first.t0} s (${first.points} points)`);
    assert.ok(first.t0 < 0.1, `the chart begins at the run's start (t = ${first.t0} s), before uPlot came`);
    const fetched = await page.evaluate(() => ['uPlot.iife.min.js', 'uPlot.min.css'].map((file) => {
      const entry = performance.getEntriesByName(new URL(file, location.href).href)[0];
      return { file, after: !!entry && entry.startTime >= window.contactlab.timings().firstFrame };
    }));
    assert.deepEqual(fetched, [{ file: 'uPlot.iife.min.js', after: true }, { file: 'uPlot.min.css', after: true }],
      'uPlot asked for after the first frame');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await context.close();
  }
});

test('without uPlot (its download failed) the page says so, and the rest of it works', { timeout: h.TIMEOUT.test }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  try {
    await context.route('**/uPlot.iife.min.js', (route) => route.abort());
    const { page, errors } = await h.openApp(context, env.server.url, '#scene=pendulum');
    assert.match(await h.messagesText(page), /uPlot\.iife\.min\.js/, 'a message names the missing script');
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.2, { what: 'the run goes on' });
    assert.equal(await page.evaluate(() => window.contactlab.plots.count()), 0, 'no plot panels');
    assert.deepEqual(h.errorReport(errors).filter((e) => !e.includes('uPlot.iife.min.js') && !e.includes('net::ERR_FAILED')), []);
  } finally {
    await context.close();
  }
});

// page_bridge.h: widgetRect is the item "as drawn in the last frame (null if
// not drawn)". On a phone the app draws no panel and no compact bar.
test('widgetRect is null for what the app does not draw (a phone: the sheet holds the controls)', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const { page } = app;
    for (const label of ['panel', 'scene', 'Play', 'Step', 'Reset', 'L', 'Small swing', 'Defaults']) {
      assert.equal(await h.widgetRect(page, label), null, `widgetRect('${label}') on a phone`);
    }
  } finally {
    await app.close();
  }
});

// Issue 35, item 9: narrowing the window below 520 px collapsed the panel,
// and it stayed collapsed once the window was wide again. Now a narrow window
// moves the controls into the page's sheet, and the panel is back when wide.
test('a narrow window moves the controls into the sheet; wide again, the panel is back, open', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses');
  try {
    const { page, errors } = app;
    const panelHeight = async () => (await h.widgetRect(page, 'panel'))?.h ?? 0;
    const sheet = () => page.evaluate(() => document.body.classList.contains('sheet'));
    const open = await panelHeight();
    assert.ok(open > 100, `the panel starts open at 1280 px (${open} px tall)`);
    for (const [width, wanted] of [[400, 'sheet'], [1280, 'open'], [1920, 'open']]) {
      await page.setViewportSize({ width, height: 800 });
      const h1 = await h.until(page, async () => {
        const px = await panelHeight();
        const inSheet = await sheet();
        return (wanted === 'open' ? px > 100 && !inSheet : px === 0 && inSheet) ? String(px) : null;
      }, { what: `the panel ${wanted} at ${width} px` });
      console.log(`  ${width} px wide: ${wanted === 'sheet' ? 'controls in the sheet, no panel' : `panel open (${h1} px tall)`}`);
    }
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
