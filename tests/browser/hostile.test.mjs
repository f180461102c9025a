// Hostile input in the browser (issue 15): a malformed scene file dropped on
// the page and hostile messages from a host page leave the page running,
// with a message, and change nothing that was good.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** The run still advances: play, wait for time to pass, pause. */
async function stillRuns(page) {
  const t0 = (await h.status(page)).t;
  await page.evaluate(() => window.contactlab.command('play'));
  await h.until(page, async () => (await h.status(page)).t > t0 + 0.05, { what: 'the run advancing after the refusal' });
  await page.evaluate(() => window.contactlab.command('pause'));
}

test('a malformed scene file dropped on the page: an error message, the run kept and still running', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum&L=1.3');
  try {
    const { page, errors } = app;
    const files = [
      ['huge-number.json', '{"scene":"pendulum","params":{"L":1e400}}', /number|1e400|range/i],
      ['deep.json', '{"scene":"pendulum","state":' + '['.repeat(150000) + ']'.repeat(150000) + '}', /nest|deep|levels/i],
      ['version.json', '{"format":"contactlab-scene/99","scene":"pendulum"}', /format|version/i],
      ['not-json.json', '\u0000\u00ff{{ garbage', /JSON|parse|syntax/i],
      ['bad-state.json', '{"scene":"ellipses","state":{"t":-1e9,"bodies":[]}}', /\bt\b|time|state/i],
      ['html.json', '{"scene":"<img src=x onerror=window.pwned=1>"}', /scene/i],
    ];
    for (const [name, text, says] of files) {
      await page.evaluate(() => { for (const n of [...document.querySelectorAll('#messages .msg')]) n.remove(); });
      await h.dropFile(page, name, text);
      await h.until(page, async () => (await h.messagesText(page)).length > 0, { what: `a message for ${name}` });
      const shown = await h.messagesText(page);
      console.log(`  ${name}: ${shown.replace(/\s+/g, ' ').slice(0, 160)}`);
      assert.match(shown, says, `${name}: the message says why`);
      const s = await h.status(page);
      assert.equal(s.scene, 'pendulum', `${name}: the scene is kept`);
      assert.equal(s.params.L, '1.3', `${name}: the parameters are kept`);
    }
    assert.equal(await page.evaluate(() => document.querySelectorAll('#messages img').length), 0, 'no HTML from a file');
    assert.equal(await page.evaluate(() => window.pwned), undefined, 'no script from a file');
    await stillRuns(page);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

/**
 * A course page served by `server` at /test-host.html, embedding the app from
 * `frameUrl`; the replies it receives collect in window.replies.
 */
function openHost(server, frameUrl) {
  return h.openHostPage(env, '/test-host.html', `<!doctype html><title>course page</title><link rel="icon" href="data:,">
    <iframe id="lab" src="${frameUrl}" width="900" height="560"></iframe>
    <script>
      window.replies = [];
      // Replies only: the page's events (its 'ready' at start) are not answers.
      addEventListener('message', (ev) => { if (!(ev.data && ev.data.event)) replies.push({ origin: ev.origin, data: ev.data }); });
      window.send = (data) => document.getElementById('lab').contentWindow.postMessage(data, '*');
    </script>`, { server, frameUrlIncludes: frameUrl.split('#')[0] });
}

/** Posts `data` from the host page and waits for the reply with `id` (or the next reply). */
async function ask(page, data, count) {
  await page.evaluate((d) => window.send(d), data);
  await h.until(page, () => page.evaluate((n) => window.replies.length >= n, count), { what: `reply ${count}` });
  return page.evaluate((n) => window.replies[n - 1], count);
}

test('hostile host messages: each refused with an error reply and a message, nothing changed, the run goes on', { timeout: 120_000 }, async () => {
  const port = new URL(env.server.url).port;
  const hostOrigin = `http://127.0.0.1:${port}`;
  const frameUrl = `http://localhost:${port}/#scene=pendulum&L=1.3&allow=${hostOrigin}`;
  const { page, frame, errors, close } = await openHost(env.server, frameUrl);
  try {
    assert.deepEqual(await frame.evaluate(() => window.contactlab.hostOrigins()), [hostOrigin]);
    const cyclic = 'CYCLIC';
    const hostile = [
      ['not JSON', 'hello {', /JSON|parse/i],
      ['a number beyond a double', '{"type":"contactlab","v":1,"id":1,"cmd":"set_params","params":{"L":1e400}}', /1e400|number|range/i],
      ['150,000 levels of nesting', '['.repeat(150000) + ']'.repeat(150000), /nest|levels|deep/i],
      ['a wrong protocol version', { type: 'contactlab', v: 99, cmd: 'play' }, /'v' must be 1/],
      ['an unknown command', { type: 'contactlab', v: 1, cmd: 'rm -rf' }, /'cmd' must be one of/],
      ['an out-of-range parameter', { type: 'contactlab', v: 1, id: 2, cmd: 'set_params', params: { L: -5 } }, /L/],
      ['a parameter of another scene', { type: 'contactlab', v: 1, cmd: 'set_params', params: { wall: '<img src=x onerror=window.pwned=1>' } }, /wall/],
      ['an unknown key', { type: 'contactlab', v: 1, cmd: 'play', then: 'eval' }, /unknown key/],
      ['a state at t = -1e9 s', { type: 'contactlab', v: 1, cmd: 'load', scene: 'ellipses', state: { t: -1e9, bodies: [
        { x: -1, z: 0, q: 0, vx: 1, vz: 0, w: 0 }, { x: 1, z: 0, q: 0, vx: -1, vz: 0, w: 0 }] } }, /t = -1000000000 s is outside/],
      ['a cyclic object', cyclic, /JSON object/],
      ['an id beyond 2^53', { type: 'contactlab', v: 1, id: 1e300, cmd: 'play' }, /'id'/],
      ['a message over 32 MiB', 'x'.repeat(33 * 1024 * 1024), /limit/],
    ];
    let count = 0;
    for (const [what, data, says] of hostile) {
      await frame.evaluate(() => { for (const n of [...document.querySelectorAll('#messages .msg')]) n.remove(); });
      count++;
      if (data === cyclic) await page.evaluate(() => { const o = { type: 'contactlab', v: 1, cmd: 'play' }; o.self = o; window.send(o); });
      else await page.evaluate((d) => window.send(d), data);
      await h.until(page, () => page.evaluate((n) => window.replies.length >= n, count), { what: `the reply to ${what}` });
      const reply = await page.evaluate((n) => window.replies[n - 1], count);
      console.log(`  ${what}: ${JSON.stringify(reply.data).slice(0, 170)}`);
      assert.equal(reply.origin, `http://localhost:${port}`, `${what}: the reply comes from the app`);
      assert.equal(reply.data.ok, false, `${what}: refused`);
      assert.match(reply.data.error, says, `${what}: the reply says why`);
      await h.until(frame, async () => /refused/.test(await h.messagesText(frame)), { what: `a message on the page for ${what}` });
      const s = await h.status(frame);
      assert.equal(s.scene, 'pendulum', `${what}: the scene is kept`);
      assert.equal(s.params.L, '1.3', `${what}: the parameters are kept`);
    }
    assert.equal(await frame.evaluate(() => document.querySelectorAll('#messages img').length), 0, 'no HTML from a message');
    assert.equal(await frame.evaluate(() => window.pwned), undefined, 'no script from a message');

    // A good message still works afterwards, and its id comes back.
    const good = await ask(page, { type: 'contactlab', v: 1, id: 42, cmd: 'set_params', params: { L: 1.2 } }, ++count);
    assert.equal(good.data.ok, true, JSON.stringify(good.data));
    assert.equal(good.data.id, 42);
    assert.equal((await h.status(frame)).params.L, '1.2');
    const played = await ask(page, { type: 'contactlab', v: 1, cmd: 'play' }, ++count);
    assert.equal(played.data.result.running, true);
    await h.until(frame, async () => (await h.status(frame)).t > 0.05, { what: 'the run advancing' });
    assert.deepEqual([...errors.console, ...errors.page], [], 'the host page logged no errors');
  } finally {
    await close();
  }
});

test('a page on an origin the link does not allow is refused, and its message changes nothing', { timeout: 90_000 }, async () => {
  const port = new URL(env.server.url).port;
  const allowed = `http://127.0.0.1:${port}`;
  const frameUrl = `http://localhost:${port}/#scene=pendulum&L=1.3&allow=${allowed}`;
  const third = await h.startServer(h.siteDir, '127.0.0.2');  // a third origin, on another loopback address
  const thirdOrigin = third.url.replace(/\/$/, '');
  let host = null;
  try {
    host = await openHost(third, frameUrl);
    const { page, frame } = host;
    const reply = await ask(page, { type: 'contactlab', v: 1, cmd: 'set_params', params: { L: 2 } }, 1);
    console.log(`  from ${thirdOrigin}: ${JSON.stringify(reply.data)}`);
    assert.equal(reply.data.ok, false);
    assert.match(reply.data.error, new RegExp(`only from ${allowed.replace(/\./g, '\\.')}`));
    assert.equal((await h.status(frame)).params.L, '1.3', 'nothing changed');
    assert.ok((await h.messagesText(frame)).includes(`${thirdOrigin} was refused`));
  } finally {
    await host?.close();
    await third.close();
  }
});
