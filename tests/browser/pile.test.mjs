// Scene `pile`: a link opens it, a preset applies, the 3D view draws shaded
// spheres, and a 1D spring pile's compression table exports as CSV.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** Fraction of non-background pixels right of the panel (the page saved as artifacts/<saveAs> if given). */
async function sceneInk(page, saveAs = null) {
  const panel = await h.widgetRect(page, 'panel');
  const img = saveAs ? (await h.pageAndCanvas(page, saveAs)).canvas : await h.canvasImage(page);
  const right = { x: panel.x + panel.w, y: 0, w: img.width - panel.x - panel.w, h: img.height };
  return h.pixelStats(img, right);
}

test('a preset applies, and a 1D spring pile shows its compression table and exports it', { timeout: h.TIMEOUT.test }, async () => {
  // An old link: 'model=spring' was renamed 'law=linear'; it loads, and the page writes today's name.
  const app = await env.open('#scene=pile&dim=1&model=spring&start=block&N_max=20&k_s=8000&k_d=20');
  try {
    const { page, errors } = app;
    assert.equal((await h.status(page)).scene, 'pile');
    assert.equal((await h.status(page)).params.law, 'linear');
    await h.until(page, async () => /[#&]law=linear/.test(await h.hash(page)), { what: 'the hash written with law=linear' });
    assert.ok(!/model=/.test(await h.hash(page)), 'no old key left in the hash');
    await h.clickWidget(page, 'Play');
    await h.until(page, async () => (await h.status(page)).t > 3, { what: 't > 3 s (the dropped column has settled into contact)' });
    await h.clickWidget(page, 'Pause');
    await h.clickWidget(page, 'Parameters');  // folded, so that the table's header is in view
    await h.frames(page, 2);
    await h.clickWidget(page, 'Report');  // opens the table's collapsing header
    await h.frames(page, 2);
    const { name, body } = await h.downloadByClick(page, 'Report CSV');
    assert.match(name, /pile-report\.csv$/);
    const [header, row] = body.toString().trim().split('\n');
    assert.match(header, /pile compression \(%\)/);
    assert.equal(row.split(',')[1], '20', `20 particles in the pile: ${row}`);
    assert.ok((await sceneInk(page)).nonBgFraction > 0.002, 'the column is drawn');

    await h.clickWidget(page, 'Parameters');
    await h.frames(page, 2);
    await h.clickWidget(page, 'Ball: impulse, leapfrog');
    const st = await h.status(page);
    assert.equal(st.params.law, 'impulse');
    assert.equal(st.params.integrator, 'leapfrog');
    assert.equal(st.params.start, 'ball');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('3D pile: shaded spheres drawn, and a right-button drag turns the view', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pile&dim=3&start=block&N_max=200&width=3');
  try {
    const { page, errors } = app;
    await h.frames(page, 3);
    const ink = await sceneInk(page, 'pile-3d.png');
    assert.ok(ink.nonBgFraction > 0.01 && ink.distinct > 20, `spheres with shading: ${JSON.stringify(ink)}`);
    const canvas = await page.locator('#canvas').boundingBox();
    const x = canvas.x + 0.75 * canvas.width, y = canvas.y + 0.5 * canvas.height;
    await page.mouse.move(x, y);
    await page.mouse.down({ button: 'right' });
    for (let k = 1; k <= 8; k++) { await page.mouse.move(x + 10 * k, y); await h.frames(page, 1); }
    await page.mouse.up({ button: 'right' });
    const yaw = Number((await h.status(page)).params.view_yaw);
    assert.ok(yaw < 30 - 5, `dragging right turned the view (yaw ${yaw} deg, was 30)`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('an ellipse dropped onto a 2D pile: drawn among the particles, and explained in the theory', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pile&preset=ellipse_on_pile&theory=1');
  try {
    const { page, errors } = app;
    const before = await h.status(page);
    assert.equal(before.params.start, 'ellipse');
    assert.equal(before.params.law, 'hunt_crossley');
    await h.clickWidget(page, 'Play');
    await h.until(page, async () => (await h.status(page)).t > 2.5, { what: 't > 2.5 s (the ellipse has landed)' });
    await h.clickWidget(page, 'Pause');
    await h.frames(page, 2);
    const ink = await sceneInk(page, 'pile-ellipse.png');
    assert.ok(ink.nonBgFraction > 0.01, `particles and the ellipse drawn: ${JSON.stringify(ink)}`);
    await h.until(page, () => page.evaluate(() =>
      [...document.querySelectorAll('#theory .theory-heading')].some((e) => e.textContent === 'The ellipse among the particles')),
    { what: 'the theory panel\'s section on the ellipse' });
    assert.equal(await page.evaluate(() => document.querySelectorAll('#theory .theory-eq-error').length), 0,
      'KaTeX typesets every formula');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
