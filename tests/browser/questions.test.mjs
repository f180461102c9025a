// Questions the run answers and the statements a host page gets
// (web/questions.js, web/statements.js, src/engine/run/question_meter.h): a
// student embedded in a course page predicts before Play; the run's own
// measurement comes back beside the prediction, and the host hears
// launched/interacted/played/answered/commented/completed/reset statements
// whose success follows the tolerance; getActivityRecord() returns all of it.
// A question naming what the scene does not measure is refused, named.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const E = 0.7;  // the restitution the student sets; the impulse law gives it exactly at the first impact

/** Two equal discs head-on (5 m/s each, 50 J, impact at 0.88 s), impulse law, and two questions. */
const HEAD_ON = {
  format: 'contactlab-activity/1', scene: 'ellipses', title: 'Head-on', instruction: 'Predict, then run.',
  params: { n: '2', a: '1', b: '1', alpha: '0', beta: '0', layout: 'head_on', v_max: '5', friction: '0', g: '0',
    law: 'impulse', e: '0.8' },
  controls: { law: { access: 'locked', reason: 'impulses today' } },
  questions: [
    { text: 'What restitution will the first impact show?', quantity: 'e_first', at: 1.5, tolerance: 0.05 },
    { text: 'How much energy is lost by t = 1.5 s?', quantity: 'E_lost', at: 1.5, tolerance: 1 },
  ],
};

const activityHash = (doc) => '#activity=j' + Buffer.from(JSON.stringify(doc)).toString('base64url');

test('a prediction and its measured value reach the host as statements, success by the tolerance', { timeout: h.TIMEOUT.test * 2 }, async () => {
  const port = new URL(env.server.url).port;
  const frameUrl = `http://localhost:${port}/${activityHash(HEAD_ON)}&allow=http://127.0.0.1:${port}`;
  const { page, frame, errors, close } = await h.openHostPage(env, '/course-questions.html', `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <iframe id="lab" src="${frameUrl}" width="1100" height="760"></iframe>
    <script type="module">
      import { ContactLab } from './contactlab.mjs';
      window.received = [];
      window.lab = ContactLab.connect(document.getElementById('lab')).then((lab) => {
        lab.on('statement', (s) => window.received.push(s));
        return lab;
      });
    </script>`, { frameUrlIncludes: `http://localhost:${port}/`, ready: (status) => status.activity,
    contextOptions: { viewport: { width: 1280, height: 900 } } });
  try {
    await h.withTimeout(page.evaluate(() => window.lab.then(() => true)), h.TIMEOUT.load, 'the host connected');
    const received = () => page.evaluate(() => window.received);
    const verbs = async () => (await received()).map((s) => s.verb.display['en-US']);
    await frame.locator('#question-2-prediction').waitFor();

    // A parameter the student changes (through the host page here) is an "interacted" statement.
    await page.evaluate(async (e) => (await window.lab).setParams({ e }), E);
    await h.until(page, async () => (await verbs()).includes('interacted'), { what: 'interacted' });
    const interacted = (await received()).find((s) => s.verb.display['en-US'] === 'interacted');
    assert.equal(interacted.context.extensions['urn:contactlab:xapi:parameter'], 'e');
    assert.equal(interacted.context.extensions['urn:contactlab:xapi:from'], '0.8');
    assert.equal(interacted.context.extensions['urn:contactlab:xapi:to'], '0.7');

    // Predictions typed, then Play from the field (Alt+P): they are kept for the run.
    await frame.locator('#question-1-prediction').fill('0.68');
    await frame.locator('#question-2-prediction').fill('0');
    await frame.locator('#question-2-prediction').press('Alt+p');
    await h.until(page, async () => (await verbs()).includes('completed'), { what: 'both questions answered', timeout: 40_000 });
    assert.equal(await frame.locator('#question-1-prediction').evaluate((e) => e.readOnly), true, 'the prediction is kept');
    const all = await received();
    const answered = all.filter((s) => s.verb.display['en-US'] === 'answered');
    assert.equal(answered.length, 2);
    const ext = (s, k) => s.result.extensions['urn:contactlab:xapi:' + k];
    // Question 1: e_first = e exactly (impulse law), 0.68 is within ±0.05.
    assert.equal(ext(answered[0], 'quantity'), 'e_first');
    assert.equal(ext(answered[0], 'prediction'), 0.68);
    assert.ok(Math.abs(ext(answered[0], 'measured') - E) < 1e-9, `e_first measured ${ext(answered[0], 'measured')}`);
    assert.ok(Math.abs(ext(answered[0], 'difference') - (E - 0.68)) < 1e-9);
    assert.equal(answered[0].result.success, true);
    assert.equal(answered[0].result.response, '0.68');
    // Question 2: equal masses head-on lose (1 - e²) of their 50 J; 0 J is far outside ±1 J.
    const lost = ext(answered[1], 'measured');
    assert.ok(Math.abs(lost - (1 - E * E) * 50) < 1e-6, `E_lost measured ${lost} J`);
    assert.equal(answered[1].result.success, false);
    const completed = all.find((s) => s.verb.display['en-US'] === 'completed');
    assert.deepEqual(completed.result.score, { raw: 1, min: 0, max: 2, scaled: 0.5 });
    assert.equal(completed.result.success, false);
    console.log(`  e_first measured ${ext(answered[0], 'measured')} (predicted 0.68: success ${answered[0].result.success}); ` +
      `E_lost ${lost} J (predicted 0: success ${answered[1].result.success})`);
    // One object, the activity; no actor (the host's to add).
    assert.equal(new Set(all.map((s) => s.object.id)).size, 1);
    assert.match(all[0].object.id, /^urn:contactlab:activity:ellipses:[0-9a-f]+$/);
    assert.ok(all.every((s) => !('actor' in s)));
    const played = all.findIndex((s) => s.verb.display['en-US'] === 'played');
    assert.ok(played >= 0 && played < all.indexOf(answered[0]), 'played before answered');
    assert.match(await frame.locator('#question-1-result').innerText(), /Predicted 0\.68, measured 0\.7: difference \+0\.02, within ±0\.05\. Right!/);
    assert.match(await frame.locator('#question-2-result').innerText(), /Predicted 0 J, measured 25\.5 J: difference \+25\.5 J, outside ±1 J\./);

    // The explanation: a "commented" statement, kept in the record's answer.
    await frame.locator('#question-1-explain').fill('The impulse law sets the restitution I chose.');
    await frame.locator('#question-1-explain').press('Tab');
    await h.until(page, async () => (await verbs()).includes('commented'), { what: 'commented' });
    await h.saveScreenshot(frame.page(), 'questions-student.png');

    const record = await page.evaluate(async () => (await window.lab).getActivityRecord());
    assert.equal(record.activity.title, 'Head-on');
    assert.equal(record.statements[0].verb.display['en-US'], 'launched', 'launched before the host connected, in the record');
    const ids = new Set(record.statements.map((s) => s.id));
    assert.ok((await received()).every((s) => ids.has(s.id)), 'every statement the host heard is in the record');
    assert.equal(record.answers[0].explanation, 'The impulse law sets the restitution I chose.');
    assert.equal(record.answers[0].success, true);
    assert.equal(record.answers[1].success, false);

    // Reset while playing: a new try, paused so that it waits for its predictions, which open again.
    await page.evaluate(async () => { const lab = await window.lab; await lab.play(); });
    await h.until(frame, async () => (await h.status(frame)).running, { what: 'playing again' });
    await page.evaluate(async () => { const lab = await window.lab; await lab.reset(); });
    await h.until(page, async () => (await verbs()).includes('reset'), { what: 'reset' });
    await h.until(page, async () => !(await frame.locator('#question-1-prediction').evaluate((e) => e.readOnly)),
      { what: 'the prediction open again' });
    await h.until(frame, async () => !(await h.status(frame)).running, { what: 'paused by the reset' });
    assert.equal((await h.status(frame)).t, 0, 'it waits at the start');
    assert.equal(await frame.locator('#question-1-result').innerText(), '');
    assert.deepEqual(errors.page, []);
  } finally {
    await close();
  }
});

test('a question naming what the scene does not measure refuses the activity, named, and changes nothing', async () => {
  const bad = { ...HEAD_ON, questions: [{ text: '?', quantity: 'e_last', at: 1, tolerance: 0.1 }] };
  const app = await env.open(`#scene=pendulum&L=1.2&${activityHash(bad).slice(1)}`);
  try {
    const { page } = app;
    const said = await h.until(page, async () => {
      const t = await h.messagesText(page);
      return /question 1: the quantity 'e_last' is not measured in this scene/.test(t) && t;
    }, { what: 'the refusal said' });
    assert.match(said, /it measures events, t_first_event, v_impact_first, e_first/);
    const st = await h.status(page);
    assert.equal(st.activity, false);
    assert.equal(st.scene, 'pendulum');
    assert.equal(st.params.L, '1.2');
    assert.equal(await page.locator('#activity-questions').isHidden(), true);
  } finally {
    await app.close();
  }
});
