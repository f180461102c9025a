// A phone (web/page/sheet.js, issue 38): the controls are the page's sheet at
// the bottom of the screen, with Play, Step, Reset and More at once and the
// presets and the scene's key parameters a tap away, every target 44 CSS px
// or more; a long press on a parameter's name shows its help; two fingers
// pinch and pan the view. Portrait and landscape.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const PORTRAIT = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const LANDSCAPE = { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const TARGET_PX = 44;  // the smallest comfortable touch target (CSS px)

/** Waits until the page has made its controls the phone's sheet (web/page/sheet.js). */
function sheetShown(page) {
  return h.until(page, () => page.evaluate(() => document.body.classList.contains('sheet')), { what: 'the sheet' });
}

/** The sheet's box and its shown buttons, inputs and selects: label, box, and whether a tap there reaches it. */
function sheetLayout(page) {
  return page.evaluate(() => {
    const sheet = document.getElementById('controls');
    const box = (node) => { const r = node.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    const targets = [...sheet.querySelectorAll('button, input, select')]
      .filter((node) => node.getClientRects().length && !node.closest('.sr-only'))
      .map((node) => {
        // A checkbox's target is its whole label (a tap there ticks it).
        const target = node.type === 'checkbox' && node.closest('label') ? node.closest('label') : node;
        const r = target.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return { label: target.textContent.trim() || node.name || node.id, ...box(target), reached: target === hit || target.contains(hit) };
      });
    const stage = document.getElementById('stage').getBoundingClientRect();
    return { sheet: box(sheet), stage: { x: stage.x, y: stage.y, w: stage.width, h: stage.height }, targets,
      viewport: { w: innerWidth, h: innerHeight }, expanded: sheet.classList.contains('sheet-open') };
  });
}

/** Names of the visible parameters of the sheet, in order. */
function shownParams(page) {
  return page.evaluate(() => [...document.querySelectorAll('#controls-params .controls-field')]
    .filter((f) => f.getClientRects().length).map((f) => f.querySelector('.controls-input').name));
}

/** The first plot's plotting area, the bottom of its chart and of its key's first row, and the sheet's top (CSS px). */
function firstPlot(page) {
  return h.until(page, () => page.evaluate(() => {
    const over = document.querySelector('#panels .panel .u-over');
    const key = [...document.querySelectorAll('#panels .panel:first-of-type .plot-legend .u-series')].find((row) => row.getClientRects().length);
    if (!over || !key) return null;
    const r = over.getBoundingClientRect();
    return r.height > 0 && { top: r.top, bottom: over.closest('.uplot').getBoundingClientRect().bottom,
      keyBottom: key.getBoundingClientRect().bottom, height: r.height,
      sheetTop: document.getElementById('controls').getBoundingClientRect().top };
  }), { what: 'the first plot' });
}

function assertTargets(layout, where) {
  const small = layout.targets.filter((t) => t.h < TARGET_PX - 0.5 || t.w < TARGET_PX - 0.5);
  assert.deepEqual(small.map((t) => `${t.label}: ${t.w.toFixed(0)}x${t.h.toFixed(0)}`), [], `targets under ${TARGET_PX} px (${where})`);
}

test('phone, portrait: the sheet holds Play, Step, Reset and More; More shows presets and key parameters; 44 px targets', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum', PORTRAIT);
  try {
    const { page, errors } = app;
    await sheetShown(page);
    assert.equal((await h.status(page)).controls_in_page, true);
    assert.equal(await h.widgetRect(page, 'panel'), null, 'no ImGui panel');
    assert.equal(await h.widgetRect(page, 'Play'), null, 'no ImGui compact bar');

    let layout = await sheetLayout(page);
    console.log(`folded sheet: ${layout.sheet.h.toFixed(0)} px tall at y ${layout.sheet.y.toFixed(0)}; ` +
      `targets ${layout.targets.map((t) => `${t.label} ${t.w.toFixed(0)}x${t.h.toFixed(0)}`).join(', ')}`);
    assert.deepEqual(layout.targets.map((t) => t.label), ['Play', 'Step', 'Reset', 'More'], 'the folded sheet shows the run buttons');
    assert.ok(layout.targets.every((t) => t.reached), `every button can be tapped: ${JSON.stringify(layout.targets)}`);
    assertTargets(layout, 'folded');
    assert.ok(Math.abs(layout.sheet.y + layout.sheet.h - layout.viewport.h) < 1, 'at the bottom of the screen');
    assert.ok(layout.sheet.y >= layout.stage.y + layout.stage.h - 1,
      `the folded sheet leaves the picture whole (sheet at ${layout.sheet.y}, picture to ${layout.stage.y + layout.stage.h})`);
    // The first plot fits between the dock's bar and the folded sheet.
    const plot = await firstPlot(page);
    console.log(`first plot: from ${plot.top.toFixed(0)} px, its time axis ending at ${plot.bottom.toFixed(0)} px (${plot.height.toFixed(0)} px of plotting area), its key's first row at ${plot.keyBottom.toFixed(0)} px, the sheet from ${plot.sheetTop.toFixed(0)} px`);
    assert.ok(plot.keyBottom <= plot.sheetTop + 1 && plot.height >= 100, `the plot and its key are above the sheet: ${JSON.stringify(plot)}`);
    // The page's tools fold behind Options; opened, each a 44 px target.
    const options = page.locator('#dock-tools-toggle');
    assert.equal(await page.locator('#theme-choice').isVisible(), false, 'tools folded');
    await options.tap();
    assert.equal(await options.getAttribute('aria-expanded'), 'true');
    const tools = await page.evaluate(() => ['theme-choice', 'language-choice', 'sound-toggle', 'clip-record', 'studio-open', 'add-plot']
      .map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return `${id} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`; }));
    console.log(`Options: ${tools.join(', ')}`);
    assert.ok(tools.every((t) => Number(t.split('x').at(-1)) >= TARGET_PX), `tools at least ${TARGET_PX} px tall: ${tools.join(', ')}`);
    await options.tap();
    assert.equal(await page.locator('#theme-choice').isVisible(), false, 'tools folded again');
    await h.saveScreenshot(page, 'phone-sheet-folded.png');

    // Play by a tap; the sheet says the time.
    await page.locator('#controls-run button', { hasText: /^Play$/ }).tap();
    await h.until(page, async () => (await h.status(page)).running, { what: 'running after tapping Play' });
    await h.until(page, () => page.evaluate(() => /running/.test(document.querySelector('.controls-status').textContent)),
      { what: 'the status line to say running' });
    await page.locator('#controls-run button', { hasText: /^Pause$/ }).tap();
    await h.until(page, async () => !(await h.status(page)).running, { what: 'paused after tapping Pause' });

    // More: the presets and the key parameters first (the scene's key_params).
    const more = page.locator('.controls-sheet-toggle');
    await more.tap();
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    layout = await sheetLayout(page);
    assert.ok(layout.expanded);
    const names = await shownParams(page);
    const keys = await page.evaluate(() => JSON.parse(window.Module.ccall('cl_scene_json', 'string', [], [])).key_params);
    console.log(`open sheet: ${layout.sheet.h.toFixed(0)} px tall; key parameters ${keys.join(', ')}; parameters shown first ${names.slice(0, 4).join(', ')}`);
    assert.deepEqual(names.slice(0, keys.length), keys, 'the key parameters come first');
    assert.ok(layout.sheet.h <= 0.6 * layout.viewport.h + 1, `the open sheet leaves the top of the screen (${layout.sheet.h} px)`);
    const presetButtons = await page.locator('#controls [aria-labelledby^="controls-h-presets"] button, #controls .controls-group button[aria-describedby^="preset-help"]').count();
    assert.ok(presetButtons >= 4, `presets shown (${presetButtons})`);
    assertTargets(layout, 'open');
    await h.saveScreenshot(page, 'phone-sheet-open.png');

    // Less folds the sheet; More opens it again.
    await more.tap();
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(await shownParams(page), [], 'folded again: no parameters shown');
    await more.tap();
    // A preset by a tap; Play then folds the sheet, to watch the run with the picture whole.
    await page.locator('#controls button', { hasText: /^Small swing$/ }).tap();
    await h.until(page, async () => Number((await h.status(page)).params.v0) < 1.5, { what: 'the small swing preset applied' });
    await page.locator('#controls-run button', { hasText: /^Play$/ }).tap();
    await h.until(page, async () => (await h.status(page)).running, { what: 'running after tapping Play' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false', 'Play folded the sheet');
    assert.deepEqual(await shownParams(page), [], 'folded: no parameters shown');
    // A skip link into the folded sheet opens it (a keyboard or switch user on a phone).
    await page.locator('.skip-links a[data-skip="controls-params"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'controls-params', 'the skip link focused the parameters');
    assert.equal(await more.getAttribute('aria-expanded'), 'true', 'and opened the sheet');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('phone: the picture is sized once; it does not jump when the sheet arrives', { timeout: h.TIMEOUT.test }, async () => {
  // The canvas's drawing-buffer sizes as the page sets them, from before its first script.
  const context = await env.browser.newContext(PORTRAIT);
  await context.addInitScript(`window.__canvasSizes = [];
    for (const key of ['width', 'height']) {
      const own = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, key);
      Object.defineProperty(HTMLCanvasElement.prototype, key, { configurable: true, get: own.get,
        set(v) { if (this.id === 'canvas') window.__canvasSizes.push(key + ' ' + v); own.set.call(this, v); } });
    }`);
  try {
    const app = await h.openApp(context, env.server.url, '#scene=pendulum');
    await sheetShown(app.page);
    await h.until(app.page, async () => (await sheetLayout(app.page)).targets.length > 0, { what: 'the sheet\'s buttons' });
    // SDL makes the canvas 1x1 as it starts; then it takes its page area's size. A resize event of the
    // browser's window makes SDL set that same size again (one came during start-up in 1 of 12 runs
    // on session 39's busy machine): no jump, so each size is counted once.
    const sizes = (await app.page.evaluate(() => window.__canvasSizes)).filter((s) => !/ 1$/.test(s));
    console.log(`canvas sizes set on a phone: ${sizes.join(', ')}`);
    assert.deepEqual([...new Set(sizes)].map((s) => s.split(' ')[0]), ['width', 'height'], 'one width and one height');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await context.close();
  }
});

test('phone: a long press on a parameter\'s name shows its help, without opening the keyboard', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum', PORTRAIT);
  try {
    const { page, errors } = app;
    await sheetShown(page);
    await page.locator('.controls-sheet-toggle').tap();
    const label = page.locator('label[for="param-v0"]');
    const hint = page.locator('#param-v0-hint');
    assert.equal(await hint.isVisible(), false, 'help hidden before the press');
    const box = await label.boundingBox();
    const cdp = await page.context().newCDPSession(page);
    const point = [{ x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
    await h.until(page, () => hint.isVisible(), { what: 'the help to show while the finger is held' });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await h.frames(page, 3);
    const text = await hint.textContent();
    console.log(`help after a long press: "${text}"`);
    assert.match(text, /m\/s/, 'the range with its unit');
    assert.ok(await hint.isVisible(), 'the help stays after the finger lifts');
    assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'param-v0', 'the field did not take the focus');
    // A short tap on the label is a tap: it focuses the field and shows no other help.
    const other = page.locator('label[for="param-L"]');
    await other.tap();
    await h.until(page, () => page.evaluate(() => document.activeElement?.id === 'param-L'), { what: 'a tap to focus the field' });
    assert.equal(await page.locator('#param-L-hint').isVisible(), false);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('phone, landscape: the sheet sits under the plots and the picture is whole', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=cradle', LANDSCAPE);
  try {
    const { page, errors } = app;
    await sheetShown(page);
    assert.equal(await h.widgetRect(page, 'panel'), null, 'no ImGui panel');
    const layout = await sheetLayout(page);
    console.log(`landscape: picture ${layout.stage.w.toFixed(0)}x${layout.stage.h.toFixed(0)}, sheet at x ${layout.sheet.x.toFixed(0)} ${layout.sheet.w.toFixed(0)}x${layout.sheet.h.toFixed(0)}`);
    assert.ok(layout.sheet.x >= layout.stage.x + layout.stage.w - 1, 'the sheet is beside the picture, not over it');
    assert.ok(Math.abs(layout.stage.h - layout.viewport.h) < 1, `the picture is as tall as the screen (${layout.stage.h})`);
    assertTargets(layout, 'landscape');
    const plot = await firstPlot(page);
    console.log(`landscape, first plot: from ${plot.top.toFixed(0)} px, its time axis ending at ${plot.bottom.toFixed(0)} px (${plot.height.toFixed(0)} px of plotting area), the sheet from ${plot.sheetTop.toFixed(0)} px`);
    assert.ok(plot.bottom <= plot.sheetTop + 1 && plot.height >= 80, `the plot is above the sheet: ${JSON.stringify(plot)}`);
    await page.locator('#controls-run button', { hasText: /^Play$/ }).tap();
    await h.until(page, async () => (await h.status(page)).running, { what: 'running after tapping Play' });
    await h.saveScreenshot(page, 'phone-landscape.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

/**
 * Every button, field, choice and disclosure of the dock shown with all of
 * them open (the plots' series lists, the panels, the page's tools): label
 * and box (a checkbox's box is its label's).
 */
function dockTargets(page) {
  return page.evaluate(() => {
    document.querySelectorAll('#dock details').forEach((d) => { d.open = true; });
    const tools = document.getElementById('dock-tools-toggle');
    if (tools.getAttribute('aria-expanded') === 'false') tools.click();
    return [...document.querySelectorAll('#dock :is(button, summary, select, input, textarea, a[href])')]
      .filter((node) => node.getClientRects().length && getComputedStyle(node).visibility !== 'hidden')
      .map((node) => {
        const target = /^(checkbox|radio)$/.test(node.type) && node.closest('label') ? node.closest('label') : node;
        const r = target.getBoundingClientRect();
        return { label: (node.getAttribute('aria-label') || target.textContent || node.name || node.id).trim().slice(0, 40),
          w: r.width, h: r.height };
      });
  });
}

for (const [orientation, viewport] of [['portrait', PORTRAIT], ['landscape', LANDSCAPE]]) {
  test(`phone, ${orientation}: every target of the plots and panels is 44 px or more`, { timeout: h.TIMEOUT.test }, async () => {
    // The ellipses have every panel: plots, hysteresis loops, the contact-law inspector, sweep and fit.
    const app = await env.open('#scene=ellipses&play=1', viewport);
    try {
      const { page, errors } = app;
      await sheetShown(page);
      await h.until(page, () => page.evaluate(() => window.contactlab.loops.impacts() > 0 &&
        !document.getElementById('inspector').hidden), { what: 'the loops and the inspector' });
      await page.evaluate(() => window.contactlab.command('pause'));
      // Opened, the sweep and the fit fetch their code and make their forms (web/page/on_demand.js).
      await dockTargets(page);
      await h.until(page, () => page.evaluate(() => document.querySelector('#sweep .sweep-body input') !== null &&
        document.querySelector('#fit .fit-body button') !== null), { what: 'the sweep\'s and the fit\'s forms' });
      const targets = await dockTargets(page);
      console.log(`${orientation}: ${targets.length} targets in the dock, the smallest ` +
        `${Math.min(...targets.map((t) => t.w)).toFixed(0)} px wide and ${Math.min(...targets.map((t) => t.h)).toFixed(0)} px tall`);
      assert.ok(targets.length >= 30, `the panels' targets found (${targets.length})`);
      assertTargets({ targets }, `the dock, ${orientation}`);
      assert.deepEqual(h.errorReport(errors), []);
    } finally {
      await app.close();
    }
  });
}

test('tablet: the ImGui panel stays, the dock\'s tools fold behind Options; a mouse sees them at once', { timeout: h.TIMEOUT.test }, async () => {
  const TABLET = { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
  const tools = (page) => page.evaluate(() => ({
    sheet: document.body.classList.contains('sheet'),
    options: document.getElementById('dock-tools-toggle').getClientRects().length > 0,
    theme: document.getElementById('theme-choice').getClientRects().length > 0,
    firstPlotTop: document.querySelector('#panels .panel')?.getBoundingClientRect().top ?? null }));
  const tablet = await env.open('#scene=ellipses', TABLET);
  try {
    const { page, errors } = tablet;
    await h.until(page, () => page.evaluate(() => document.querySelector('#panels .panel') !== null), { what: 'a plot' });
    const folded = await tools(page);
    console.log(`tablet: ${JSON.stringify(folded)}`);
    assert.equal(folded.sheet, false, 'a tablet keeps the panel over the picture, not the phone\'s sheet');
    assert.ok(folded.options && !folded.theme, 'the tools fold behind Options');
    await page.locator('#dock-tools-toggle').tap();
    const open = await page.evaluate(() => document.getElementById('theme-choice').getBoundingClientRect().height);
    assert.ok(open >= TARGET_PX, `opened, the theme choice is a finger's target (${open} px)`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await tablet.close();
  }
  const desktop = await env.open('#scene=ellipses', { viewport: { width: 1024, height: 768 } });
  try {
    const { page } = desktop;
    const shown = await tools(page);
    assert.ok(!shown.options && shown.theme, `with a mouse the tools are shown at once: ${JSON.stringify(shown)}`);
  } finally {
    await desktop.close();
  }
});

test('phone: two fingers spread zoom the view about their centre, and moved together pan it; a tap does not pan', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&n=2&a=0.5&b=0.5&alpha=0&beta=0&layout=head_on&v_max=1', PORTRAIT);
  try {
    const { page, errors } = app;
    await sheetShown(page);
    const canvasBox = await page.locator('#canvas').boundingBox();
    const cdp = await page.context().newCDPSession(page);
    const bodies = async () => (await h.status(page)).bodies.map((b) => b.screen);
    const spread = (b) => Math.hypot(b[1][0] - b[0][0], b[1][1] - b[0][1]);
    /** Two fingers from (a0, b0) to (a1, b1), canvas px, over 10 frames. */
    async function twoFingers(a0, b0, a1, b1) {
      const at = (t) => [
        { x: canvasBox.x + a0[0] + (a1[0] - a0[0]) * t, y: canvasBox.y + a0[1] + (a1[1] - a0[1]) * t, id: 1 },
        { x: canvasBox.x + b0[0] + (b1[0] - b0[0]) * t, y: canvasBox.y + b0[1] + (b1[1] - b0[1]) * t, id: 2 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0).slice(0, 1) });
      await h.frames(page, 2);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
      await h.frames(page, 2);
      for (let k = 1; k <= 10; k++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(k / 10) });
        await h.frames(page, 1);
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await h.frames(page, 3);
    }
    const cx = canvasBox.width / 2, cy = canvasBox.height / 2;
    const before = await bodies();
    await twoFingers([cx - 30, cy], [cx + 30, cy], [cx - 120, cy], [cx + 120, cy]);
    const zoomed = await bodies();
    const zoom = spread(zoomed) / spread(before);
    console.log(`pinch out from 60 to 240 px apart: the bodies ${spread(before).toFixed(1)} -> ${spread(zoomed).toFixed(1)} px apart (x${zoom.toFixed(2)})`);
    assert.ok(zoom > 1.5, `a pinch out zooms in (x${zoom.toFixed(2)})`);

    await twoFingers([cx - 60, cy], [cx + 60, cy], [cx - 60 + 80, cy + 50], [cx + 60 + 80, cy + 50]);
    const panned = await bodies();
    const dx = panned[0][0] - zoomed[0][0], dy = panned[0][1] - zoomed[0][1];
    const zoomAgain = spread(panned) / spread(zoomed);
    console.log(`two fingers moved by (80, 50) px: the view moved by (${dx.toFixed(1)}, ${dy.toFixed(1)}) px, zoom x${zoomAgain.toFixed(3)}`);
    assert.ok(Math.abs(dx - 80) < 12 && Math.abs(dy - 50) < 12, `the view follows the fingers (${dx}, ${dy})`);
    assert.ok(Math.abs(zoomAgain - 1) < 0.05, `fingers moved together do not zoom (x${zoomAgain})`);

    // A new touch lands where it lands: the pointer's jump from where the last touch ended is no drag.
    await page.touchscreen.tap(canvasBox.x + 30, canvasBox.y + canvasBox.height - 30);
    await h.frames(page, 3);
    const tapped = await bodies();
    const jump = Math.hypot(tapped[0][0] - panned[0][0], tapped[0][1] - panned[0][1]);
    console.log(`a tap far from where the fingers lifted moved the view by ${jump.toFixed(2)} px`);
    assert.ok(jump < 0.5, `a tap does not pan (${jump} px)`);
    assert.equal((await h.status(page)).running, false, 'the gestures did not start the run');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('phone: the picture has no legend until the sheet\'s switch asks for it; then each marker is named on the picture', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=street', PORTRAIT);
  try {
    const { page, errors } = app;
    await sheetShown(page);
    assert.equal((await h.status(page)).legend, false, 'no legend on a narrow picture at first');
    assert.equal(await h.widgetRect(page, 'legend'), null);
    await page.locator('.controls-sheet-toggle').tap();
    const order = await page.evaluate(() => [...document.querySelectorAll('#controls > .controls-group, #controls > fieldset')]
      .map((g) => g.querySelector('.controls-heading').textContent));
    console.log(`open sheet, in order: ${order.join(' | ')}`);
    assert.equal(order[order.indexOf('Parameters') + 1], 'What the picture shows', 'the legend follows the parameters');
    const entries = await page.locator('.controls-legend li').allTextContents();
    assert.ok(entries.includes('street point closest to contact'), `the crosshair is named: ${entries.join('; ')}`);

    const toggle = page.getByRole('checkbox', { name: 'Show this legend on the picture' });
    const box = await toggle.evaluate((input) => { const r = input.closest('label').getBoundingClientRect(); return { w: r.width, h: r.height }; });
    assert.ok(box.h >= TARGET_PX - 0.5, `the switch is a ${TARGET_PX} px target (${box.w.toFixed(0)}x${box.h.toFixed(0)})`);
    await toggle.tap();
    await h.until(page, async () => (await h.status(page)).legend === true, { what: 'the legend asked for' });
    const rect = await h.until(page, () => h.widgetRect(page, 'legend'), { what: 'the legend drawn on the picture' });
    console.log(`legend on the picture: ${rect.w.toFixed(0)}x${rect.h.toFixed(0)} px at (${rect.x.toFixed(0)}, ${rect.y.toFixed(0)})`);
    assert.ok(rect.w > 100 && rect.h > 40, 'a legend with its entries');
    await page.locator('.controls-sheet-toggle').tap();  // fold the sheet to see the picture
    await h.saveScreenshot(page, 'phone-street-legend.png');
    await page.locator('.controls-sheet-toggle').tap();
    await toggle.tap();
    await h.until(page, async () => (await h.status(page)).legend === false, { what: 'the legend taken off' });
    await h.until(page, async () => (await h.widgetRect(page, 'legend')) === null, { what: 'no legend drawn' });
    assert.equal(await toggle.isChecked(), false);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
