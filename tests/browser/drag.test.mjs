// Paused ellipses can be dragged: a body to a new place, the tip of its
// velocity arrow to a new velocity; a placement onto another body is refused
// with a message and the body stays where it was last valid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** A mouse drag over several frames (ImGui samples the mouse once per frame). */
async function drag(page, from, to) {
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await h.frames(page, 2);
  await page.mouse.down();
  await h.frames(page, 2);
  for (let k = 1; k <= 8; k++) {
    await page.mouse.move(box.x + from[0] + (to[0] - from[0]) * k / 8, box.y + from[1] + (to[1] - from[1]) * k / 8);
    await h.frames(page, 1);
  }
  await page.mouse.up();
  await h.frames(page, 3);
}

/** The same drag with one finger (touch events through the DevTools protocol). */
async function touchDrag(page, from, to) {
  const box = await page.locator('#canvas').boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (x, y) => [{ x: box.x + x, y: box.y + y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from[0], from[1]) });
  await h.frames(page, 3);
  for (let k = 1; k <= 8; k++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove', touchPoints: at(from[0] + (to[0] - from[0]) * k / 8, from[1] + (to[1] - from[1]) * k / 8) });
    await h.frames(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await h.frames(page, 3);
}

test('paused ellipses: drag a body, drag its velocity arrow, an overlap is refused', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=2&friction=0');
  try {
    const { page, errors } = app;
    let st = await h.status(page);
    assert.equal(st.running, false);
    assert.equal(st.bodies.length, 2);
    const [b0, b1] = st.bodies;
    const pxPerM = (b1.screen[0] - b0.screen[0]) / (b1.x - b0.x);

    // Move body 0 by (2, 1) m towards the middle.
    await drag(page, b0.screen, [b0.screen[0] + 2 * pxPerM, b0.screen[1] - pxPerM]);
    st = await h.status(page);
    assert.ok(Math.abs(st.bodies[0].x - (b0.x + 2)) < 0.05, `body 0 moved right: x = ${st.bodies[0].x}`);
    assert.ok(Math.abs(st.bodies[0].y - (b0.y + 1)) < 0.05, `body 0 moved up: y = ${st.bodies[0].y}`);

    // Its velocity: drag the arrow tip 1 m further right = +5 m/s (arrow = 0.2 s of travel).
    const tip = st.bodies[0].arrow_tip;
    await drag(page, tip, [tip[0] + pxPerM, tip[1]]);
    st = await h.status(page);
    assert.ok(Math.abs(st.bodies[0].vx - (b0.vx + 5)) < 0.3, `vx = ${st.bodies[0].vx}`);

    // Onto body 1: refused, body 0 stays at its last valid place, a message says why.
    const before = st.bodies[0];
    await drag(page, before.screen, st.bodies[1].screen);
    st = await h.status(page);
    assert.ok(Math.hypot(st.bodies[0].x - st.bodies[1].x, st.bodies[0].y - st.bodies[1].y) >= 2, 'no overlap');
    assert.match(await h.messagesText(page), /placement refused: .*overlaps body/);
    await h.saveScreenshot(page, 'drag-paused.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('paused ellipses on a touch screen: one finger drags a body', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=2&friction=0',
    { viewport: { width: 800, height: 600 }, hasTouch: true });
  try {
    const { page, errors } = app;
    const [b0, b1] = (await h.status(page)).bodies;
    const pxPerM = (b1.screen[0] - b0.screen[0]) / (b1.x - b0.x);
    await touchDrag(page, b0.screen, [b0.screen[0] + 2 * pxPerM, b0.screen[1]]);
    const moved = (await h.status(page)).bodies[0];
    assert.ok(Math.abs(moved.x - (b0.x + 2)) < 0.05, `body 0 moved 2 m right by touch: x = ${moved.x}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
