// Scene `street`: the seed's throw draws (street, ellipse) and runs without
// console errors; a street typed in the panel applies on Reset; a bad one is
// refused with muParser's position and the last good street stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('the seed case draws the street and the ellipse and runs', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=street');
  try {
    const { page, errors } = app;
    let st = await h.status(page);
    assert.equal(st.scene, 'street');
    await h.frames(page, 5);
    const img = await h.canvasImage(page, 'street-seed.png');
    const panel = await h.widgetRect(page, 'panel');
    const colors = await h.palette(page);  // the street in ground colour, the ellipse in the first body colour
    const outside = h.pixelStats(img, null, { exclude: panel, tol: 20, probe: { street: colors.ground, ellipse: colors.bodies[0] } });
    assert.ok(outside.probes.street >= 100, `street drawn (${outside.probes.street} px)`);
    assert.ok(outside.probes.ellipse >= 60, `ellipse drawn (${outside.probes.ellipse} px)`);

    await h.clickWidget(page, 'Play');
    await h.until(page, async () => (await h.status(page)).t > 0.6, { what: 't > 0.6 s (past the first impact)' });
    st = await h.status(page);
    assert.ok(!st.failed, 'the run goes on');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a street typed in the panel applies on Reset; a bad one is refused with its position', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=street');
  try {
    const { page, errors } = app;
    assert.equal((await h.status(page)).scene, 'street');

    await h.typeInto(page, 'street', '0.05*x^2');
    let st = await h.status(page);
    assert.equal(st.params.street, '0.05*x^2', 'typed street taken');
    assert.equal(st.reset_pending, true, 'a new street waits for Reset');
    assert.match(h.hashParams(await h.hash(page)).get('street'), /0\.05\*x\^2/, 'the link holds the street');
    await h.clickWidget(page, 'Reset');
    st = await h.status(page);
    assert.equal(st.reset_pending, false, 'Reset applied the street');

    await h.typeInto(page, 'street', '0.1*x^2+(x');
    st = await h.status(page);
    assert.equal(st.params.street, '0.05*x^2', 'the bad street is not taken');
    assert.equal(st.drafts.street.text, '0.1*x^2+(x', 'the typed text stays in the field');
    assert.match(st.drafts.street.error, /street/i);
    assert.match(st.drafts.street.error, /position/i, `the error gives the position: ${st.drafts.street.error}`);

    await h.clickWidget(page, 'Play');
    await h.until(page, async () => (await h.status(page)).t > 0.3, { what: 't > 0.3 s' });
    st = await h.status(page);
    assert.ok(!st.failed, 'still runs with the last good street');
    await h.saveScreenshot(page, 'street-typed.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
