// The host-page protocol (src/engine/io/host_message.h, web/host_link.js):
// every command answers from an embedding page on another origin.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

test('every command from a course page on another origin answers and acts', { timeout: 90_000 }, async () => {
  const port = new URL(env.server.url).port;
  const frameUrl = `http://localhost:${port}/#scene=pendulum&allow=http://127.0.0.1:${port}`;
  const html = `<!doctype html><title>course</title><link rel="icon" href="data:,">
    <iframe id="lab" src="${frameUrl}" width="900" height="560"></iframe>
    <script>
      const pending = new Map();
      let next = 1;
      addEventListener('message', (ev) => { const p = pending.get(ev.data.id); if (p) { pending.delete(ev.data.id); p(ev.data); } });
      window.ask = (message) => new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        document.getElementById('lab').contentWindow.postMessage({ type: 'contactlab', v: 1, id, ...message }, '${frameUrl.split('/#')[0]}');
      });
    </script>`;
  const { page, frame, errors, close } = await h.openHostPage(env, '/course.html', html, { frameUrlIncludes: `http://localhost:${port}/` });
  try {
    const ask = (message) => h.withTimeout(page.evaluate((m) => window.ask(m), message), h.TIMEOUT.wait, `reply to ${message.cmd}`);

    const params = await ask({ cmd: 'get_params' });
    assert.equal(params.ok, true);
    assert.equal(params.result.scene, 'pendulum');
    assert.ok('L' in params.result.params);

    const set = await ask({ cmd: 'set_params', params: { L: 1.25, v0: 5 } });
    assert.equal(set.ok, true, JSON.stringify(set));
    assert.equal(set.result.params.L, '1.25');
    assert.equal((await h.status(frame)).params.v0, '5');

    const loaded = await ask({ cmd: 'load', scene: 'ellipses', preset: 'Two discs head-on' });
    assert.equal(loaded.ok, true, JSON.stringify(loaded));
    assert.equal((await h.status(frame)).scene, 'ellipses');

    assert.equal((await ask({ cmd: 'step' })).ok, true);
    await h.until(frame, async () => (await h.status(frame)).t >= 0.01 - 1e-9, { what: 'Step done' });
    const played = await ask({ cmd: 'play' });
    assert.equal(played.result.running, true);
    await h.until(frame, async () => (await h.status(frame)).t > 0.2, { what: 'running' });
    const paused = await ask({ cmd: 'pause' });
    assert.equal(paused.result.running, false);

    const state = await ask({ cmd: 'get_state' });
    assert.equal(state.result.scene, 'ellipses');
    assert.equal(state.result.format, 'contactlab-scene/1');
    assert.ok(Array.isArray(state.result.state.bodies));

    const series = await ask({ cmd: 'get_series', names: ['t', 'E_total'], max_points: 10 });
    assert.equal(series.ok, true, JSON.stringify(series));
    assert.deepEqual(series.result.series.map((s) => s.name), ['t', 'E_total']);
    assert.ok(series.result.samples <= 10 && series.result.samples >= 2);
    assert.equal(series.result.series[1].unit, 'J');
    const unknown = await ask({ cmd: 'get_series', names: ['nope'] });
    assert.equal(unknown.ok, false);

    const csv = await ask({ cmd: 'export', what: 'series' });
    assert.match(csv.result.text, /^t,/);
    const scene = await ask({ cmd: 'export', what: 'scene' });
    assert.equal(JSON.parse(scene.result.text).scene, 'ellipses');

    const reset = await ask({ cmd: 'reset' });
    assert.equal(reset.result.t, 0);
    console.log(`  commands answered; series sample: ${JSON.stringify(series.result.series[1].values.slice(0, 3))}`);
    assert.deepEqual([...errors.console, ...errors.page], []);
  } finally {
    await close();
  }
});
