// Issue 33's link: 2,000 balls by a wall that wiggles finer than its
// polyline. Its reset ran on the page's thread for seconds (placing the balls
// and planning each one's flight); now the start shares one search budget
// and the rest is done event by event within the frame budget.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

// The app's longest step budget per frame (src/app/app.cpp, kMaxStepBudget).
const FRAME_BUDGET_MS = 35;

test('the wiggly-wall link with 2,000 balls starts without freezing the page and stops with its reason', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=implicit&N=2000&wall=x%5E2%2By%5E2-2.25%2Bsin(1e6*x)&play=1');
  try {
    const { page, errors } = app;
    let st = await h.status(page);
    assert.equal(st.scene, 'implicit');
    assert.equal(st.params.N, '2000', 'the link\'s N is taken');
    // The start's time is printed against its goal, and judged only against a
    // frozen page: 5 times a frame's 250 ms (it took seconds before).
    console.log(`  reset of 2,000 balls by the wiggly wall: ${st.frame.setup_ms.toFixed(1)} ms (goal: one frame budget, ${FRAME_BUDGET_MS} ms)`);
    assert.ok(st.frame.setup_ms < 5 * 250, `the start took ${st.frame.setup_ms} ms`);
    // The balls stuck in the wiggles make an endless series of events: the run stops and says so.
    st = await h.until(page, async () => {
      const s = await h.status(page);
      return s.failed ? s : null;
    }, { timeout: 30_000, what: 'the run stopped with its reason' });
    console.log(`  stopped at t = ${st.t} s: ${st.message.slice(0, 120)}`);
    assert.match(st.message, /repeat without end/);
    console.log(`  slowest frame's advance and drawing: ${st.frame.worst_ms.toFixed(1)} ms`);
    assert.ok(st.frame.worst_ms < 5 * 250, `no frame blocked the tab (${st.frame.worst_ms} ms)`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
