// Themes (theme=dark|light|auto, web/theme.js + core/palette.h) and reduced
// motion: the page, the ImGui panel, the canvas drawing and the plots follow
// the theme; every scene is screenshot in both themes (artifacts/theme-*.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const WHITE = [255, 255, 255];
// Okabe–Ito: the first body's colour in each theme (core/palette.cpp).
const SKY_BLUE = [0x56, 0xb4, 0xe9], BLUE = [0x00, 0x72, 0xb2];

/** Pixel counts of the canvas right of the ImGui panel. */
async function canvasStats(page, probe, bg) {
  const canvas = page.locator('#canvas');
  const img = await h.canvasImage(page);
  const panel = await h.widgetRect(page, 'panel');
  const ratio = img.width / (await canvas.boundingBox()).width;
  const left = panel ? Math.ceil((panel.x + panel.w) * ratio) + 4 : 0;
  return h.pixelStats(img, { x: left, y: 0, w: img.width - left, h: img.height }, { bg, tol: 30, probe });
}

/** The colour (r, g, b) ImGui's panel is filled with, a few px inside its top-left corner below the title. */
async function panelColor(page) {
  const canvas = page.locator('#canvas');
  const img = await h.canvasImage(page);
  const panel = await h.widgetRect(page, 'panel');
  const ratio = img.width / (await canvas.boundingBox()).width;
  const x = Math.round((panel.x + 4) * ratio), y = Math.round((panel.y + panel.h - 4) * ratio);
  const i = (y * img.width + x) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

const brightness = (rgb) => (rgb[0] + rgb[1] + rgb[2]) / 3;

test('theme=light: dark lines on white in the page, the panel, the canvas and the plots; the select turns it dark', { timeout: 120_000 }, async () => {
  const app = await env.open('#scene=pendulum&theme=light&play=1');
  try {
    const { page } = app;
    await h.until(page, async () => (await h.status(page)).t > 1, { what: 'the run' });
    const st = await h.status(page);
    assert.equal(st.theme, 'light');
    assert.doesNotMatch(await h.messagesText(page), /problems/, 'theme= is the page\'s key, not a parameter');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(body, 'rgb(255, 255, 255)');
    const light = await canvasStats(page, { mass: BLUE, white: WHITE }, WHITE);
    const panel = await panelColor(page);
    console.log(`  light: ${light.probes.white} white px of ${light.total}, mass (#0072b2) ${light.probes.mass} px; panel fill ${panel}`);
    assert.ok(light.probes.white > 0.8 * light.total, 'the canvas is white behind the scene');
    assert.ok(light.probes.mass >= 60, 'the mass is drawn in the light theme\'s first body colour');
    assert.ok(brightness(panel) > 200, `the ImGui panel is light (${panel})`);
    // The plots' axes and first series take the light theme's colours.
    const plotStyle = await page.evaluate(() => {
      const u = window.contactlab.plots.uplot(0);
      return { axis: u.axes[0].stroke(u, 0), grid: u.axes[0].grid.stroke(u, 0), series: u.series[1].stroke(u, 1) };
    });
    console.log(`  plot colours: ${JSON.stringify(plotStyle)}`);
    assert.equal(plotStyle.axis, '#222222');
    await h.saveScreenshot(page, 'theme-page-light.png');

    // The theme select (keyboard): dark, at once everywhere; the link drops theme= (dark is the default).
    await page.focus('#theme-choice');
    await page.selectOption('#theme-choice', 'dark');
    await h.until(page, async () => (await h.status(page)).theme === 'dark', { what: 'the app in the dark theme' });
    await h.frames(page, 3);
    const dark = await canvasStats(page, { mass: SKY_BLUE }, h.BACKGROUND);
    const darkPanel = await panelColor(page);
    console.log(`  dark: background ${(1 - dark.nonBgFraction).toFixed(3)} of the canvas, mass (#56b4e9) ${dark.probes.mass} px; panel fill ${darkPanel}`);
    assert.ok(dark.nonBgFraction < 0.2, 'the canvas is dark again');
    assert.ok(dark.probes.mass >= 60);
    assert.ok(brightness(darkPanel) < 80, `the ImGui panel is dark (${darkPanel})`);
    assert.doesNotMatch(await h.hash(page), /theme=/);
    assert.equal(await page.evaluate(() => window.contactlab.plots.uplot(0).axes[0].stroke()), '#b8bfca');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('theme=auto follows the system colour scheme as it changes; a bad theme is refused with a message', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=ellipses&theme=auto', { colorScheme: 'dark' });
  try {
    const { page } = app;
    assert.equal((await h.status(page)).theme, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await h.until(page, async () => (await h.status(page)).theme === 'light', { what: 'auto turned light' });
    assert.equal(await page.evaluate(() => document.getElementById('theme-choice').value), 'auto');
    assert.match(await h.hash(page), /theme=auto/);
    await page.evaluate(() => { location.hash = location.hash.replace('theme=auto', 'theme=%3Cb%3Eneon'); });
    await h.until(page, async () => /theme=%3Cb%3Eneon is not one of dark, light, auto/.test(await h.messagesText(page)), { what: 'the refusal' });
    assert.equal((await h.status(page)).theme, 'light', 'the refused value changed nothing');
    assert.equal(await page.evaluate(() => document.querySelectorAll('#messages b').length), 0, 'text, not HTML');
  } finally {
    await app.close();
  }
});

test('prefers-reduced-motion: a play=1 link waits for Play and says why', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum&play=1', { reducedMotion: 'reduce' });
  try {
    const { page } = app;
    await h.sleep(500);
    const st = await h.status(page);
    assert.equal(st.reduced_motion, true);
    assert.equal(st.running, false, 'no auto-play');
    assert.equal(st.t, 0);
    assert.match(await h.messagesText(page), /reduced motion/);
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.5, { what: 'Play still plays' });
  } finally {
    await app.close();
  }
});

test('prefers-reduced-motion draws trails at a quarter of their length', { timeout: 120_000 }, async () => {
  // Five balls paused at t = 2.5 s, drawn without trails, with 2 s trails, and with 2 s trails under
  // reduced motion: the trails' own pixels are the difference to the picture without them.
  const drawn = {};
  for (const [name, trail, reducedMotion] of [['none', 0, 'no-preference'], ['full', 2, 'no-preference'], ['reduced', 2, 'reduce']]) {
    const app = await env.open(`#scene=implicit&trail=${trail}`, { reducedMotion });
    try {
      const { page } = app;
      await page.evaluate(() => window.contactlab.command('play'));
      await h.until(page, async () => (await h.status(page)).t >= 2.5, { what: 'the balls fly' });
      await page.evaluate(() => window.contactlab.command('pause'));
      await h.frames(page, 3);
      const stats = await canvasStats(page, {}, h.BACKGROUND);
      drawn[name] = stats.nonBgFraction * stats.total;
      await h.saveScreenshot(page, `trails-${name}.png`);
    } finally {
      await app.close();
    }
  }
  const full = drawn.full - drawn.none, reduced = drawn.reduced - drawn.none;
  console.log(`  trail pixels: ${Math.round(full)} full, ${Math.round(reduced)} under reduced motion (ratio ${(reduced / full).toFixed(2)})`);
  assert.ok(full > 500, 'the full trails are drawn');
  assert.ok(reduced > 0 && reduced < 0.6 * full, 'a quarter of each trail (its newest, most opaque part) is drawn');
});

test('every scene in both themes (screenshots looked at by hand)', { timeout: 240_000 }, async () => {
  const scenes = ['pendulum', 'implicit', 'ellipses', 'street', 'pile&dim=3'];
  for (const theme of ['dark', 'light']) {
    for (const scene of scenes) {
      const app = await env.open(`#scene=${scene}&theme=${theme}&play=1`);
      try {
        const { page } = app;
        await h.until(page, async () => (await h.status(page)).t > 1.5, { what: `${scene} running`, timeout: 30_000 });
        await h.frames(page, 3);
        const bg = theme === 'light' ? WHITE : h.BACKGROUND;
        const stats = await canvasStats(page, {}, bg);
        console.log(`  ${scene} ${theme}: ${(100 * stats.nonBgFraction).toFixed(1)} % of the scene area drawn, ${stats.distinct} colours`);
        assert.ok(stats.nonBgFraction > 0.005 && stats.nonBgFraction < 0.6, `${scene} ${theme}: a drawing on the theme's background`);
        await h.saveScreenshot(page, `theme-${scene.split('&')[0]}-${theme}.png`);
        assert.deepEqual(h.errorReport(app.errors), []);
      } finally {
        await app.close();
      }
    }
  }
});
