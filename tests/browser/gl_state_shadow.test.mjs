// web/page/gl_state_shadow.js: the blend and scissor state the app's WebGL
// context reports comes from the page's copy, and the copy always equals
// what the context itself holds: after the app's own frames, and after a
// long seeded run of the wrapped setters with accepted and refused
// arguments (unknown enums, constant colour against constant alpha,
// negative and fractional sizes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('the shadowed WebGL state equals the context\'s own, call after call', async () => {
  const app = await env.open('scene=cradle');
  try {
    await app.page.evaluate(() => window.contactlab.command('play'));
    await h.until(app.page, async () => (await h.status(app.page)).t > 0.2, { what: 'the cradle playing' });
    await app.page.evaluate(() => window.contactlab.command('pause'));
    const report = await app.page.evaluate(() => {
      const gl = document.getElementById('canvas').getContext('webgl2');
      const own = (name) => WebGL2RenderingContext.prototype.getParameter.call(gl, name);
      const NAMES = { BLEND_SRC_RGB: gl.BLEND_SRC_RGB, BLEND_DST_RGB: gl.BLEND_DST_RGB, BLEND_SRC_ALPHA: gl.BLEND_SRC_ALPHA,
        BLEND_DST_ALPHA: gl.BLEND_DST_ALPHA, BLEND_EQUATION_RGB: gl.BLEND_EQUATION_RGB,
        BLEND_EQUATION_ALPHA: gl.BLEND_EQUATION_ALPHA, SCISSOR_BOX: gl.SCISSOR_BOX };
      const show = (v) => (v instanceof Int32Array ? Array.from(v).join(',') : String(v));
      const differences = (when) => Object.entries(NAMES)
        .filter(([, name]) => show(gl.getParameter(name)) !== show(own(name)))
        .map(([key, name]) => `${when}: ${key} shadow ${show(gl.getParameter(name))}, context ${show(own(name))}`);
      const shadowed = gl.getParameter !== WebGL2RenderingContext.prototype.getParameter;
      const afterFrames = differences('after the app\'s frames');

      // A seeded run (xorshift32) of setter calls, each followed by a comparison.
      let seed = 0x2545f491;
      const next = () => { seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5; return (seed >>> 0) / 4294967296; };
      const pick = (list) => list[Math.floor(next() * list.length)];
      const FACTORS = [gl.ZERO, gl.ONE, gl.SRC_COLOR, gl.ONE_MINUS_SRC_COLOR, gl.DST_COLOR, gl.ONE_MINUS_DST_COLOR,
        gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.DST_ALPHA, gl.ONE_MINUS_DST_ALPHA, gl.CONSTANT_COLOR,
        gl.ONE_MINUS_CONSTANT_COLOR, gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA, gl.SRC_ALPHA_SATURATE,
        0x1234, -1, 770.6];  // refused, refused, SRC_ALPHA as WebGL converts it
      const EQUATIONS = [gl.FUNC_ADD, gl.FUNC_SUBTRACT, gl.FUNC_REVERSE_SUBTRACT, gl.MIN, gl.MAX, 0x8007, 0x1234];
      const SIZES = [0, 1, 17, 390, 780, -1, -0.5, 12.7, 2 ** 31];
      const CALLS = [
        () => gl.blendFunc(pick(FACTORS), pick(FACTORS)),
        () => gl.blendFuncSeparate(pick(FACTORS), pick(FACTORS), pick(FACTORS), pick(FACTORS)),
        () => gl.blendEquation(pick(EQUATIONS)),
        () => gl.blendEquationSeparate(pick(EQUATIONS), pick(EQUATIONS)),
        () => gl.scissor(pick(SIZES), pick(SIZES), pick(SIZES), pick(SIZES)),
      ];
      const saved = Object.fromEntries(Object.values(NAMES).map((name) => [name, own(name)]));
      let refused = 0;
      const mismatches = [];
      for (let k = 0; k < 2000 && mismatches.length < 5; k++) {
        CALLS[Math.floor(next() * CALLS.length)]();
        if (gl.getError() !== gl.NO_ERROR) refused++;
        mismatches.push(...differences(`call ${k}`));
      }
      // The app's state back as it was.
      gl.blendFuncSeparate(saved[gl.BLEND_SRC_RGB], saved[gl.BLEND_DST_RGB], saved[gl.BLEND_SRC_ALPHA], saved[gl.BLEND_DST_ALPHA]);
      gl.blendEquationSeparate(saved[gl.BLEND_EQUATION_RGB], saved[gl.BLEND_EQUATION_ALPHA]);
      gl.scissor(...saved[gl.SCISSOR_BOX]);
      return { shadowed, afterFrames, refused, mismatches };
    });
    console.log(`  2000 setter calls, ${report.refused} of them refused by WebGL; mismatches: ${report.mismatches.length}`);
    assert.ok(report.shadowed, 'the app\'s context answers getParameter from the shadow');
    assert.deepEqual(report.afterFrames, []);
    assert.ok(report.refused > 200, `the run tries refused arguments too (${report.refused})`);
    assert.deepEqual(report.mismatches, []);
    // The app draws on after it.
    await app.page.evaluate(() => window.contactlab.command('play'));
    const t = (await h.status(app.page)).t;
    await h.until(app.page, async () => (await h.status(app.page)).t > t + 0.1, { what: 'the cradle playing on' });
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('a new context\'s copy starts equal to WebGL\'s own initial state', async () => {
  const app = await env.open('scene=pendulum');
  try {
    const differences = await app.page.evaluate(async (sources) => {
      const { shadowGlState } = await import(sources + 'page/gl_state_shadow.js');
      const canvas = document.createElement('canvas');
      canvas.width = 123;
      canvas.height = 45;
      const gl = shadowGlState(canvas.getContext('webgl2'));
      const own = (name) => WebGL2RenderingContext.prototype.getParameter.call(gl, name);
      const show = (v) => (v instanceof Int32Array ? Array.from(v).join(',') : String(v));
      return ['BLEND_SRC_RGB', 'BLEND_DST_RGB', 'BLEND_SRC_ALPHA', 'BLEND_DST_ALPHA', 'BLEND_EQUATION_RGB',
        'BLEND_EQUATION_ALPHA', 'SCISSOR_BOX']
        .filter((key) => show(gl.getParameter(gl[key])) !== show(own(gl[key])))
        .map((key) => `${key}: copy ${show(gl.getParameter(gl[key]))}, context ${show(own(gl[key]))}`);
    }, h.SOURCES_PATH);
    assert.deepEqual(differences, []);
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});
