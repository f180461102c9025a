// Scene `implicit`: a typed wall goes through the ImGui text input; a bad one
// (from the panel or a link) shows muParser's message and keeps the last good wall.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('a wall typed in the panel applies on Reset; a bad one is refused with its position', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=implicit&N=20');
  try {
    const { page, errors } = app;
    assert.equal((await h.status(page)).scene, 'implicit');

    await h.typeInto(page, 'wall', 'abs(x)+abs(y)-12');
    let st = await h.status(page);
    assert.equal(st.params.wall, 'abs(x)+abs(y)-12', 'typed wall taken');
    assert.equal(st.reset_pending, true, 'a new wall waits for Reset');
    assert.match(h.hashParams(await h.hash(page)).get('wall'), /abs\(x\)\+abs\(y\)-12/, 'the link holds the wall');
    await h.clickWidget(page, 'Reset');
    st = await h.status(page);
    assert.equal(st.reset_pending, false, 'Reset applied the wall');

    await h.typeInto(page, 'wall', 'x^2+(y');
    st = await h.status(page);
    assert.equal(st.params.wall, 'abs(x)+abs(y)-12', 'the bad wall is not taken');
    assert.equal(st.drafts.wall.text, 'x^2+(y', 'the typed text stays in the field');
    assert.match(st.drafts.wall.error, /wall/i);
    assert.match(st.drafts.wall.error, /position/i, `the error gives the position: ${st.drafts.wall.error}`);
    assert.ok(await h.widgetRect(page, 'wall:error'), 'the error is shown under the field');

    await h.clickWidget(page, 'Play');
    st = await h.until(page, async () => {
      const s = await h.status(page);
      return (s.t > 0.3 || s.failed) && s;
    }, { timeout: 30_000, what: 't past 0.3 s' });
    assert.ok(st.t > 0.3 && !st.failed, `still runs with the last good wall (t = ${st.t}, ${st.message})`);
    await h.saveScreenshot(page, 'implicit-diamond.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a link with an unparsable wall says why and runs the default wall', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=implicit&wall=' + encodeURIComponent('x^^2'));
  try {
    const { page, errors } = app;
    const st = await h.status(page);
    assert.equal(st.scene, 'implicit');
    assert.equal(st.params.wall, 'x^2 + y^2 - 15^2', 'default wall kept');
    const text = await h.until(page, async () => (await h.messagesText(page)) || null, { what: 'a message' });
    assert.match(text, /wall/i);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
