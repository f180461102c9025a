// The page's work in tasks the browser can interleave with drawing and
// input (issue 38: no frame over 100 ms of main-thread work on a phone):
// the runs advance in a task of their own after each frame
// (src/app/main.cpp, page_after_frame), not inside the animation frame, and
// the plot panels redraw one a task (web/plots/dock.js, panel_kit.js's
// taskQueue). Both are checked by what happens inside which callback, not by
// any time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('the run advances between frames, never inside an animation frame', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=cradle&play=1');
  try {
    const { page, errors } = app;
    await h.until(page, () => page.evaluate(() => window.contactlab.status().t > 0), { what: 'the run to move' });
    // Every animation-frame callback from now on (the app's frame loop asks for one each frame)
    // is wrapped: the simulated time before and after it.
    await page.evaluate(() => {
      window.__frames = { callbacks: 0, advancedInside: 0 };
      const ask = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => ask((now) => {
        const before = window.contactlab.status().t;
        callback(now);
        window.__frames.callbacks++;
        if (window.contactlab.status().t !== before) window.__frames.advancedInside++;
      });
    });
    const t0 = await page.evaluate(() => window.contactlab.status().t);
    await h.until(page, () => page.evaluate(() => window.__frames.callbacks >= 40), { what: '40 frame callbacks' });
    const seen = await page.evaluate(() => ({ ...window.__frames, t: window.contactlab.status().t }));
    console.log(`${seen.callbacks} frame callbacks; t ${t0.toFixed(3)} → ${seen.t.toFixed(3)} s; advanced inside a frame: ${seen.advancedInside}`);
    assert.ok(seen.t > t0, 'the run moved on');
    assert.equal(seen.advancedInside, 0, 'no animation frame advanced the run');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('the plot panels redraw one a task', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=cradle&play=1');
  try {
    const { page, errors } = app;
    await h.until(page, () => page.evaluate(() => window.contactlab.plots.count() >= 3 && window.contactlab.plots.points(2) > 1),
      { what: 'three panels with data' });
    // Each panel's setData counted per run of script: the calls made before
    // the microtasks run (one task, or one callback) form one group.
    await page.evaluate(() => {
      window.__redraws = { groups: [], open: 0 };
      for (let k = 0; k < window.contactlab.plots.count(); k++) {
        const u = window.contactlab.plots.uplot(k);
        const setData = u.setData.bind(u);
        u.setData = (...args) => {
          const r = window.__redraws;
          if (r.open++ === 0) queueMicrotask(() => { r.groups.push(r.open); r.open = 0; });
          return setData(...args);
        };
      }
    });
    await h.until(page, () => page.evaluate(() => window.__redraws.groups.length >= 12), { what: '12 redraws' });
    const groups = await page.evaluate(() => window.__redraws.groups);
    const panels = await page.evaluate(() => window.contactlab.plots.count());
    console.log(`${panels} panels; setData calls per task: ${groups.join(' ')}`);
    assert.equal(Math.max(...groups), 1, 'one panel redrawn per task');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
