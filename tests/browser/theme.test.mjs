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

/**
 * The page captured once (saved as artifacts/<name>), and from its canvas: the
 * pixel counts right of the ImGui panel and the colour (r, g, b) the panel is
 * filled with, a few px inside its bottom-left corner.
 */
async function shot(page, name, probe, bg) {
  const { canvas: img } = await h.pageAndCanvas(page, name);
  const panel = await h.widgetRect(page, 'panel');
  const ratio = img.width / (await page.locator('#canvas').boundingBox()).width;
  const left = panel ? Math.ceil((panel.x + panel.w) * ratio) + 4 : 0;
  const stats = h.pixelStats(img, { x: left, y: 0, w: img.width - left, h: img.height }, { bg, tol: 30, probe });
  let fill = null;
  if (panel) {
    const x = Math.round((panel.x + 4) * ratio), y = Math.round((panel.y + panel.h - 4) * ratio);
    const i = (y * img.width + x) * 4;
    fill = [img.data[i], img.data[i + 1], img.data[i + 2]];
  }
  return { stats, fill };
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
    const { stats: light, fill: panel } = await shot(page, 'theme-page-light.png', { mass: BLUE, white: WHITE }, WHITE);
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

    // The theme select (keyboard): dark, at once everywhere; the link drops theme= (dark is the default).
    await page.focus('#theme-choice');
    await page.selectOption('#theme-choice', 'dark');
    await h.until(page, async () => (await h.status(page)).theme === 'dark', { what: 'the app in the dark theme' });
    await h.frames(page, 3);
    const { stats: dark, fill: darkPanel } = await shot(page, 'theme-page-dark.png', { mass: SKY_BLUE }, h.BACKGROUND);
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
    // The page has said why it does not play, and a few frames later it still does not.
    await h.until(page, async () => /reduced motion/.test(await h.messagesText(page)), { what: 'the message about reduced motion' });
    await h.frames(page, 5);
    const st = await h.status(page);
    assert.equal(st.reduced_motion, true);
    assert.equal(st.running, false, 'no auto-play');
    assert.equal(st.t, 0);
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
  for (const [name, trail, reduced] of [['none', 0, false], ['full', 2, false], ['reduced', 2, true]]) {
    // Without options the page asks for no reduced motion (the default context's, one page for both).
    const app = await env.open(`#scene=implicit&trail=${trail}`, reduced ? { reducedMotion: 'reduce' } : {});
    try {
      const { page } = app;
      assert.equal((await h.status(page)).reduced_motion, reduced, `${name}: reduced motion as asked`);
      await page.evaluate(() => window.contactlab.command('play'));
      await h.until(page, async () => (await h.status(page)).t >= 2.5, { what: 'the balls fly' });
      await page.evaluate(() => window.contactlab.command('pause'));
      await h.frames(page, 3);
      const { stats } = await shot(page, `trails-${name}.png`, {}, h.BACKGROUND);
      drawn[name] = stats.nonBgFraction * stats.total;
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
  // One page: each scene comes by an edit of the link, in one theme (dark and light in turn), and is
  // then switched to the other by a second edit (the Theme select is the first test's).
  const app = await env.open('#scene=pendulum&play=1');
  try {
    const { page } = app;
    for (const [k, scene] of scenes.entries()) {
      const id = scene.split('&')[0];
      const themes = k % 2 ? ['light', 'dark'] : ['dark', 'light'];
      if (k > 0) {
        await page.evaluate((hash) => { location.hash = hash; }, `#scene=${scene}&theme=${themes[0]}&play=1`);
        await h.until(page, async () => (await h.status(page)).scene === id, { what: `the ${id} scene` });
        await page.evaluate(() => window.contactlab.command('play'));
      }
      await h.until(page, async () => (await h.status(page)).t > 1.5, { what: `${scene} running`, timeout: 30_000 });
      for (const theme of themes) {
        if (theme !== (await h.status(page)).theme) {
          // (The page drops theme=dark from the link: dark is the default.)
          await page.evaluate((to) => { location.hash = location.hash.replace(/&theme=[a-z]+/, '') + `&theme=${to}`; }, theme);
          await h.until(page, async () => (await h.status(page)).theme === theme, { what: `${scene} in the ${theme} theme` });
        }
        assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme, 'the page in the same theme');
        await h.frames(page, 3);
        const bg = theme === 'light' ? WHITE : h.BACKGROUND;
        const { stats } = await shot(page, `theme-${id}-${theme}.png`, {}, bg);
        console.log(`  ${scene} ${theme}: ${(100 * stats.nonBgFraction).toFixed(1)} % of the scene area drawn, ${stats.distinct} colours`);
        assert.ok(stats.nonBgFraction > 0.005 && stats.nonBgFraction < 0.6, `${scene} ${theme}: a drawing on the theme's background`);
      }
    }
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('a ball\'s series are drawn in the ball\'s colour on the canvas, in both themes (the cradle\'s speeds and energies)', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=cradle&n=5&theme=light');
  try {
    const { page, errors } = app;
    const plotted = () => page.evaluate(() => {
      const out = {};
      for (let k = 0; k < 4; k++) {
        const u = window.contactlab.plots.uplot(k);
        if (u) u.series.slice(1).forEach((s) => { out[s.label] = s.stroke(u, 1); });
      }
      return out;
    });
    // Ball i's velocity and energy lines: [label, colour] each, or null while a panel lacks them.
    const ballLines = (lines, i) => {
      const speed = Object.keys(lines).find((l) => new RegExp(`ball ${i + 1}\\b`).test(l) && /velocity|speed/.test(l));
      const energy = Object.keys(lines).find((l) => new RegExp(`energy of ball ${i + 1}\\b`).test(l));
      return speed && energy ? [[speed, lines[speed].toLowerCase()], [energy, lines[energy].toLowerCase()]] : null;
    };
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await page.selectOption('#theme-choice', 'dark');
      const bodies = (await h.status(page)).palette.bodies.map((c) => c.toLowerCase());
      // Each panel redraws at its own next refresh: wait for all of them, then check every line.
      let lines = null;
      await h.until(page, async () => {
        lines = await plotted();
        return [0, 1, 2, 3, 4].every((i) => ballLines(lines, i)?.every(([, colour]) => colour === bodies[i]));
      }, { what: `the plots redrawn in the ${theme} theme` }).catch(() => {});  // the asserts below say what is wrong
      for (let i = 0; i < 5; i++) {
        const both = ballLines(lines, i);
        assert.ok(both, `ball ${i + 1}: a velocity and an energy line in ${JSON.stringify(Object.keys(lines))}`);
        for (const [label, colour] of both) assert.equal(colour, bodies[i], `${theme}: ${label} in ball ${i + 1}'s colour`);
      }
      console.log(`  ${theme}: balls 1–5 drawn in ${bodies.slice(0, 5).join(', ')}; their velocity and energy lines match`);
    }
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
