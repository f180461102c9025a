// The studio (web/studio.js, src/engine/io/activity.h): a teacher builds an
// activity by keyboard alone in Customize mode; its link opens a student view
// that holds the activity's rules on every path (HTML controls, link, scene
// file, host page), whose Defaults and Reset go back to the teacher's values;
// the activity file loads back into Customize mode; a malformed link is said
// and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';
import jsQR from '../../web/node_modules/jsqr/dist/jsQR.js';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const REASON = 'Today every group swings the same thread';

/** Presses Tab until the focus is on `selector` (at most 80 presses); the presses taken. */
async function tabTo(page, selector) {
  for (let n = 1; n <= 80; n++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return n;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const studio = (page) => page.evaluate(() => window.contactlab.studio());

const QUESTION = 'When does the thread first go slack?';

/**
 * Builds the activity on the pendulum by keyboard alone: a title and an
 * instruction, L locked with a reason, m and trail hidden, v0 narrowed to
 * [1, 6], and one question (the time of the first event, read at 3 s, right
 * within 0.2 s). The run's own values (L = 1.3, v0 = 4) come from the link.
 * Returns {keys, typed}: the keys pressed to move and choose, the characters typed.
 */
async function buildByKeyboard(page) {
  let keys = 0, typed = 0;
  const type = async (text) => { await page.keyboard.type(text); typed += text.length; };
  await h.until(page, () => page.evaluate(() => document.activeElement && document.activeElement.id === 'studio-title'),
    { what: 'studio=1 opens Customize mode with the focus on the title' });
  await type('Slack thread');
  keys += await tabTo(page, '#studio-instruction');
  await type('Find the smallest v0 at which the thread goes slack.');
  keys += await tabTo(page, '#studio-access-L');
  await page.keyboard.press('l'); keys++;  // "Locked (read-only)"
  keys += await tabTo(page, '#studio-reason-L');
  await type(REASON);
  keys += await tabTo(page, '#studio-access-m');
  await page.keyboard.press('h'); keys++;  // "Hidden"
  keys += await tabTo(page, '#studio-min-v0');
  await type('1');
  keys += await tabTo(page, '#studio-max-v0');
  await type('6');
  keys += await tabTo(page, '#studio-access-trail');
  await page.keyboard.press('h'); keys++;
  keys += await tabTo(page, '#studio-question-add');
  await page.keyboard.press('Enter'); keys++;  // the focus goes to the new question's text
  await type(QUESTION);
  keys += await tabTo(page, '#studio-q1-quantity');
  await page.keyboard.press('ArrowUp'); await page.keyboard.press('ArrowUp'); keys += 2;  // e_first -> t_first_event
  keys += await tabTo(page, '#studio-q1-at');
  await type('3');  // Tab selected the suggested 2
  keys += await tabTo(page, '#studio-q1-tolerance');
  await type('0.2');
  return { keys, typed };
}

test('an activity built by keyboard in Customize mode holds in the student view its link opens', { timeout: 150_000 }, async () => {
  const teacher = await env.open('#scene=pendulum&L=1.3&v0=4&studio=1');
  let activity, link;
  try {
    const { page, errors } = teacher;
    const { keys, typed } = await buildByKeyboard(page);
    const st = await h.until(page, async () => {
      const s = await studio(page);
      const a = s.json && JSON.parse(s.json);
      return a && a.controls.trail && a.controls.v0 && a.controls.v0.max === 6 && a.questions.length && a.questions[0].tolerance === 0.2 && s;
    }, { what: 'the link of the activity built' });
    activity = JSON.parse(st.json);
    link = st.link;
    assert.equal(activity.format, 'contactlab-activity/1');
    assert.equal(activity.title, 'Slack thread');
    assert.deepEqual(activity.controls.L, { access: 'locked', reason: REASON });
    assert.deepEqual(activity.controls.m, { access: 'hidden' });
    assert.deepEqual(activity.controls.v0, { min: 1, max: 6 });
    assert.equal(activity.params.L, '1.3');
    assert.deepEqual(activity.questions, [{ text: QUESTION, quantity: 't_first_event', at: 3, tolerance: 0.2 }]);
    assert.match(link, /#activity=z/, 'a long activity goes compressed');
    assert.ok(link.length < 8 * 1024);
    assert.match(st.size, new RegExp(`${link.length}`));
    const snippet = await page.locator('#studio-iframe').inputValue();
    assert.ok(snippet.startsWith('<iframe src="') && snippet.includes('title="Slack thread (ContactLab)"'), snippet);
    console.log(`  keyboard alone: ${keys} keys to move and choose, ${typed} characters typed; link ${link.length} characters ` +
      `(JSON ${st.json.length})`);
    await h.saveScreenshot(page, 'studio-customize.png');

    // The QR code of the link: the PNG (by keyboard) and the SVG both read back, with a decoder of their own, as the link.
    await tabTo(page, '#studio-qr-png');
    const pending = page.waitForEvent('download', { timeout: h.TIMEOUT.wait });
    await page.keyboard.press('Enter');
    const qrFile = await pending;
    assert.match(qrFile.suggestedFilename(), /^contactlab-activity-slack-thread-qr\.png$/);
    const png = h.decodePng((await import('node:fs')).readFileSync(await qrFile.path()));
    const read = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    assert.ok(read, 'the PNG holds a QR code');
    assert.equal(read.data, link);
    h.saveArtifact('studio-qr.png', (await import('node:fs')).readFileSync(await qrFile.path()));
    const svgRead = await page.evaluate(async () => {  // the SVG the page shows, drawn to a canvas
      const img = document.getElementById('studio-qr');
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 600;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0, 600, 600);
      return { alt: img.alt, rgba: Array.from(ctx.getImageData(0, 0, 600, 600).data) };
    });
    assert.equal(svgRead.alt, "QR code of the activity's link");
    assert.equal(jsQR(new Uint8ClampedArray(svgRead.rgba), 600, 600)?.data, link);
    console.log(`  QR code: ${png.width} px PNG, version ${(png.width / 8 - 8 - 17) / 4} (error correction M), read back as the link by jsQR`);

    // A refused range is said on its row and gives no link.
    await page.locator('#studio-max-v0').fill('0.5');
    await h.until(page, async () => !(await studio(page)).json, { what: 'an empty range gives no link' });
    assert.match(await page.locator('#studio-error-v0').innerText(), /v0/);
    await page.locator('#studio-max-v0').fill('6');
    await h.until(page, async () => (await studio(page)).link === link, { what: 'the link back' });

    // The preview: the page as a student gets it, and back.
    await tabTo(page, '#studio-preview');
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await studio(page)).previewing && (await h.status(page)).activity, { what: 'the preview' });
    assert.equal(await page.evaluate(() => document.activeElement.id), 'studio-back');
    await h.until(page, async () => await page.locator('#param-m').count() === 0, { what: 'the preview hides m' });
    await h.saveScreenshot(page, 'studio-preview.png');
    await page.keyboard.press('Enter');
    await h.until(page, async () => !(await h.status(page)).activity && (await studio(page)).open, { what: 'back to Customize' });
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await teacher.close();
  }

  // The student: a new context opens the link.
  const hash = link.slice(link.indexOf('#'));
  const student = await env.open(hash, { viewport: { width: 1280, height: 800 } });
  try {
    const { page, errors } = student;
    const st = await h.until(page, async () => { const s = await h.status(page); return s.activity && s; },
      { what: 'the activity held' });
    assert.equal(st.params.L, '1.3');
    assert.equal(st.params.v0, '4');
    await h.until(page, () => page.locator('#param-v0').count(), { what: 'the controls rebuilt' });
    const tree = await page.locator('#controls').ariaSnapshot();
    assert.doesNotMatch(tree, /textbox "(mass|trail)/i, 'hidden parameters are not in the accessibility tree');
    assert.match(tree, /textbox "initial speed/);
    assert.match(tree, /thread length/);
    assert.equal(await page.locator('#param-m, #param-trail').count(), 0);
    const L = page.locator('#param-L');
    assert.equal(await L.evaluate((e) => e.readOnly), true);
    assert.equal(await L.getAttribute('aria-readonly'), 'true');
    assert.match(await page.locator('#param-L-hint').textContent(), new RegExp('Locked: ' + REASON));
    assert.equal(await page.locator('#param-v0').getAttribute('aria-valuemax'), '6');
    assert.match(await page.locator('#activity-brief').innerText(), /Slack thread\s+Find the smallest v0/);
    assert.equal(await page.locator('#studio-open').isHidden(), true, 'no Customize button for students');
    // The question, asked before Play, with what the run measures and when.
    const asked = await page.locator('#activity-questions').ariaSnapshot();
    assert.match(asked, /heading "Predict, then observe"/);
    assert.ok(asked.includes(`group "Question 1: ${QUESTION}"`), asked);
    assert.match(asked, /textbox "Your prediction \(s\)"/);
    assert.match(await page.locator('#question-1-what').innerText(), /at t = 3 s; a prediction within ±0\.2 s is right/);
    // The drawn panel: m not drawn, L with its padlock and its reason under it.
    await h.until(page, async () => await h.widgetRect(page, 'L:reason'), { what: "the panel's lock reason" });
    assert.ok(await h.widgetRect(page, 'L:lock'));
    assert.equal(await h.widgetRect(page, 'm'), null);
    assert.ok(await h.widgetRect(page, 'v0'));

    // The HTML field refuses a value outside the narrowed range, naming it.
    await page.locator('#param-v0').fill('10');
    await page.locator('#param-v0').press('Enter');
    assert.match(await page.locator('#param-v0-error').innerText(), /\[1, 6\] m\/s/);
    assert.equal((await h.status(page)).params.v0, '4');
    await page.locator('#param-v0').fill('2');
    await page.locator('#param-v0').press('Enter');
    await h.until(page, async () => (await h.status(page)).params.v0 === '2', { what: 'v0 = 2 within the range' });

    // Defaults go to the teacher's values (v0 = 4, not the scene's 3.3), Reset keeps them.
    await page.locator('#controls button', { hasText: /^Defaults$/ }).click();
    await h.until(page, async () => (await h.status(page)).params.v0 === '4', { what: "Defaults to the teacher's v0" });
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).t > 0.05, { what: 'running' });
    await page.evaluate(() => window.contactlab.command('pause'));
    await page.locator('#canvas').focus();
    await page.keyboard.press('r');
    await h.until(page, async () => (await h.status(page)).t === 0, { what: 'R resets' });
    assert.equal((await h.status(page)).params.L, '1.3');

    // An edited link and a dropped scene file cannot change the locked L.
    await page.evaluate((hs) => { location.hash = hs; }, `${hash}&scene=pendulum&L=2&v0=5`);
    await h.until(page, async () => (await h.messagesText(page)).includes('locked by this activity'), { what: 'the link refused' });
    await h.until(page, async () => (await h.status(page)).params.v0 === '5', { what: "the link's allowed value applied" });
    assert.equal((await h.status(page)).params.L, '1.3');
    await h.dropFile(page, 'scene.json', JSON.stringify({ format: 'contactlab-scene/1', scene: 'pendulum', params: { L: 2 } }));
    await h.until(page, async () => /scene file rejected: L \(thread length\) is locked/.test(await h.messagesText(page)),
      { what: 'the scene file refused' });
    assert.equal((await h.status(page)).params.L, '1.3');
    await h.saveScreenshot(page, 'studio-student.png');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await student.close();
  }

  // A course page embeds the link: setParams on L is refused, naming the lock and its reason.
  const port = new URL(env.server.url).port;
  const frameUrl = `http://localhost:${port}/${hash}&allow=http://127.0.0.1:${port}`;
  const { page, frame, close } = await h.openHostPage(env, '/course.html', `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <iframe id="lab" src="${frameUrl}" width="1000" height="650"></iframe>
    <script type="module">
      import { ContactLab } from './contactlab.mjs';
      window.lab = ContactLab.connect(document.getElementById('lab'));
    </script>`, { frameUrlIncludes: `http://localhost:${port}/`, ready: (status) => status.activity });
  try {
    const refused = await h.withTimeout(page.evaluate(async () => {
      const lab = await window.lab;
      // The rules come a moment after the page's start: its params event brings the specs anew.
      const locked = () => lab.info.description.params.find((p) => p.name === 'L').access === 'locked';
      if (!locked()) await new Promise((resolve) => { const stop = lab.on('params', () => { if (locked()) { stop(); resolve(); } }); });
      const out = {};
      for (const [name, value] of [['L', 2], ['v0', 7], ['m', 2]]) {
        try { await lab.setParams({ [name]: value }); out[name] = 'accepted'; } catch (e) { out[name] = e.message; }
      }
      out.locked = lab.info.description.params.find((p) => p.name === 'L');
      return out;
    }), h.TIMEOUT.wait, 'setParams answers');
    assert.match(refused.L, new RegExp(`L \\(thread length\\) is locked by this activity: ${REASON}`));
    assert.match(refused.v0, /\[1, 6\] m\/s/);
    assert.match(refused.m, /m \(mass\) is not part of this activity/);
    assert.equal(refused.locked.access, 'locked');
    assert.equal(refused.locked.lock_reason, REASON);
    assert.equal((await h.status(frame)).params.L, '1.3');
  } finally {
    await close();
  }
});

test('the activity file round-trips through Customize mode; a malformed activity link is said and changes nothing', { timeout: h.TIMEOUT.test * 2 }, async () => {
  const activity = {
    format: 'contactlab-activity/1', scene: 'ellipses', title: 'Head-on', instruction: 'Lower c_tau and watch E_lost.',
    params: { law: 'flores', c_tau: '0.5' }, controls: { law: { access: 'locked', reason: 'one law today' }, c_tau: { min: 0.2, max: 0.9 } },
    presets: ['discs_head_on'], legend: false, theory: true, plots: '',
  };
  const app = await env.open('#studio=1');
  try {
    const { page, errors } = app;
    await h.until(page, async () => (await studio(page)).open, { what: 'Customize mode' });
    await h.dropFile(page, 'lesson.json', JSON.stringify(activity));
    await h.until(page, async () => (await h.status(page)).scene === 'ellipses' && (await studio(page)).json, { what: 'the file loaded' });
    assert.equal(await page.locator('#studio-access-law').inputValue(), 'locked');
    assert.equal(await page.locator('#studio-reason-law').inputValue(), 'one law today');
    assert.equal(await page.locator('#studio-min-c_tau').inputValue(), '0.2');
    const first = JSON.parse((await studio(page)).json);
    assert.equal(first.params.law, 'flores');
    assert.deepEqual(first.presets, ['discs_head_on']);
    assert.equal(first.theory, true);

    // Downloaded, and loaded again: the same document.
    const pending = page.waitForEvent('download', { timeout: h.TIMEOUT.wait });
    await page.locator('#studio-download').click();
    const download = await pending;
    const text = (await import('node:fs')).readFileSync(await download.path(), 'utf8');
    assert.match(download.suggestedFilename(), /^contactlab-activity-head-on\.json$/);
    assert.deepEqual(JSON.parse(text), first);
    await page.locator('#studio-title').fill('changed');
    await h.until(page, async () => JSON.parse((await studio(page)).json || '{}').title === 'changed', { what: 'the title changed' });
    await h.dropFile(page, 'again.json', text);
    await h.until(page, async () => (await studio(page)).json === JSON.stringify(first), { what: 'the same activity again' });

    // A malformed file: said, nothing changes.
    await h.dropFile(page, 'bad.json', JSON.stringify({ ...activity, controls: { c_tau: { min: 0.6, max: 0.3 } } }));
    const said = await h.until(page, async () => { const t = await h.messagesText(page); return /activity refused/.test(t) && t; },
      { what: 'the bad file refused' });
    assert.match(said, /activity refused: c_tau: the lowest value 0.6 is above the highest 0.3/);
    assert.equal((await studio(page)).json, JSON.stringify(first));

    // Random words (they do not compress) in every reason and the instruction: a link over 8 KB says so, offering the file.
    const crypto = await import('node:crypto');
    const noise = (n) => crypto.randomBytes(n).toString('base64url').slice(0, n);
    const names = Object.keys((await h.status(page)).params);
    const long = { ...activity, instruction: noise(2000),
      controls: Object.fromEntries(names.map((n) => [n, { access: 'locked', reason: noise(300) }])) };
    await h.dropFile(page, 'long.json', JSON.stringify(long));
    const big = await h.until(page, async () => { const s = await studio(page); return s.link && s.link.length > 8192 && s; },
      { what: 'the long link' });
    assert.match(big.size, new RegExp(`The link is ${(big.link.length / 1024).toFixed(1)} KB long, over 8 KB.*Share the activity file instead`));
    console.log(`  ${names.length} parameters locked with 300 random characters each, 2000 in the instruction: ` +
      `a link of ${big.link.length} characters, said too long`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }

  for (const [value, said] of [['zAAAA', /could not be read/], ['j' + Buffer.from('{"format":"contactlab-activity/9","scene":"pendulum"}').toString('base64url'),
    /activity format 'contactlab-activity\/9' is not supported/]]) {
    const bad = await env.open(`#scene=pendulum&L=1.2&activity=${value}`);
    try {
      const { page } = bad;
      await h.until(page, async () => said.test(await h.messagesText(page)), { what: `the bad link ${value.slice(0, 12)} said` });
      const st = await h.status(page);
      assert.equal(st.activity, false);
      assert.equal(st.params.L, '1.2', "the link's good part still applies");
    } finally {
      await bad.close();
    }
  }
});
