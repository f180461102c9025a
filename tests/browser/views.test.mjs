// Every scene as a teacher meets it (issue 35): in an 800x500 embed, on a
// phone (390x844, touch; and held sideways, issue 38) and compared with a variant on the desktop. Each view
// runs past t = 1 s without a console error; compared runs are named for
// people ('law=Flores', not 'law=flores') in the plots' keys; the embed's plot
// legends show no row of placeholders. Screenshots: artifacts/view-*.png,
// looked at by hand (the closing note of issue 35 says what they showed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

// Each scene's comparison and how its runs are named for people.
const COMPARED = {
  pendulum: ['compare=integrator:dopri5|rk4', ['integrator=Dormand–Prince 5(4) adaptive', 'integrator=Runge–Kutta 4']],
  implicit: ['compare=law:impulse|hunt_crossley', ['law=impulse (rigid)', 'law=Hunt–Crossley']],
  ellipses: ['n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0&c_tau=0.5&compare=law:hunt_crossley|flores|linear',
    ['law=Hunt–Crossley', 'law=Flores', 'law=linear spring-dashpot']],
  street: ['compare=law:hunt_crossley|flores', ['law=Hunt–Crossley', 'law=Flores']],
  pile: ['compare=law:linear|hunt_crossley', ['law=linear spring-dashpot', 'law=Hunt–Crossley']],
  cradle: ['compare=law:hertz|impulse', ['law=Hertz (undamped)', 'law=impulse (rigid)']],
};
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const PHONE_SIDEWAYS = { ...PHONE, viewport: { width: 844, height: 390 } };
const EMBED = { viewport: { width: 800, height: 500 } };

/** Opens `hash`, plays past t = 1 s, saves the page as `name`; returns what the checks read. */
async function view(hash, contextOptions, name) {
  const app = await env.open(hash, contextOptions);
  try {
    const { page, errors } = app;
    await h.until(page, async () => (await h.status(page)).t > 1, { what: `${name}: t past 1 s`, timeout: h.TIMEOUT.test / 4 });
    await h.until(page, () => page.evaluate(() => window.contactlab.plots.count() > 0), { what: `${name}: a plot` });
    const seen = await page.evaluate(() => ({
      runs: window.contactlab.compare().runs,
      keys: [...document.querySelectorAll('#panels .compare-key')].map((k) => k.textContent),
      legendValues: [...document.querySelectorAll('#panels .plot-legend .u-value')]
        .filter((v) => v.offsetParent !== null).map((v) => v.textContent),
    }));
    await h.saveScreenshot(page, name);
    assert.deepEqual(h.errorReport(errors), [], `${name}: no console error`);
    return seen;
  } finally {
    await app.close();  // one page at a time: each open page draws its frames on a core of its own
  }
}

for (const scene of Object.keys(COMPARED)) {
  test(`${scene}: embed, phone (both ways up) and compared views`, { timeout: h.TIMEOUT.test }, async () => {
    const embed = await view(`#scene=${scene}&embed=1&play=1`, EMBED, `view-embed-${scene}.png`);
    assert.deepEqual(embed.legendValues, [], 'the embed\'s legends show values only under the pointer');

    await view(`#scene=${scene}&play=1`, PHONE, `view-phone-${scene}.png`);
    await view(`#scene=${scene}&play=1`, PHONE_SIDEWAYS, `view-phone-landscape-${scene}.png`);

    const [link, shown] = COMPARED[scene];
    const compared = await view(`#scene=${scene}&${link}&play=1`, {}, `view-compare-${scene}.png`);
    console.log(`${scene} compared: ${compared.runs.map((r) => `${r.label} shown as '${r.shown}'`).join('; ')}`);
    assert.deepEqual(compared.runs.map((r) => r.shown), shown, 'each run named for people');
    for (const run of compared.runs) assert.ok(compared.keys.some((k) => k.includes(run.shown)), `the plots' key names '${run.shown}'`);
  });
}
