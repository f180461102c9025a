// Compare runs on the page: a compare link opens with its variants drawn
// (coloured outlines over the reference) and plotted (one line per run, and
// the difference series); a variant is added by clicking; the compared
// series CSV equals `contactlab run --compare`; refused variants keep the
// user's text and change nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as h from './harness.mjs';

const CLI = h.CLI;
const APP_SAMPLE_INTERVAL = 0.005;  // s, App::kSampleInterval
// c_tau = 0.5: the three laws give clearly different restitutions, so the runs drift apart visibly.
const HEAD_ON = 'scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0&c_tau=0.5';
const THREE_LAWS = `#${HEAD_ON}&compare=law:hunt_crossley|flores|linear`;

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const compare = (page) => page.evaluate(() => window.contactlab.compare());

test('a compare link opens with its three laws drawn and plotted', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(THREE_LAWS + '&play=1');
  try {
    const { page, errors } = app;
    const runs = (await compare(page)).runs;
    assert.deepEqual(runs.map((r) => r.label), ['law=hunt_crossley', 'law=flores', 'law=linear']);
    assert.equal(new Set(runs.map((r) => r.color)).size, 3, 'one colour per run');
    // The discs meet at t ~ 0.9 s: after the first impact the laws part ways.
    const after = await h.until(page, async () => {
      const runs = (await compare(page)).runs;
      return runs.every((r) => r.t > 1.5 || r.failed) && runs;
    }, { timeout: 30_000, what: 'every run past 1.5 s' });
    for (const r of after) assert.ok(!r.failed, `${r.label} runs: t = ${r.t}`);
    // In step: while playing, the frame's budget may leave a run up to a frame behind (it catches up in
    // the next); a Step takes every run to the same time.
    const apart = Math.max(...after.map((r) => r.t)) - Math.min(...after.map((r) => r.t));
    await page.evaluate(() => window.contactlab.command('step'));
    const stepped = await h.until(page, async () => {
      const now = (await compare(page)).runs;
      return now[0].t >= after[0].t + 0.01 - 1e-9 && now.every((r) => Math.abs(r.t - now[0].t) < 1e-9) && now;
    }, { what: 'every run at the time of the Step' });
    console.log(`runs ${apart.toFixed(3)} s apart while playing; after a Step all at t = ${stepped[0].t.toFixed(3)} s`);

    // Plots: every series once per run, and a difference panel (variant − reference).
    const labels = await page.evaluate(() => window.contactlab.plots.uplot(0).series.map((s) => s.label));
    // Lines are named for people (law=Flores), the runs' labels stay machine names (the CSV's rows).
    assert.deepEqual(runs.map((r) => r.shown), ['law=Hunt–Crossley', 'law=Flores', 'law=linear spring-dashpot']);
    for (const r of runs) assert.ok(labels.some((l) => l.endsWith('· ' + r.shown)), `plot 0 has a line for ${r.shown}`);
    const panels = await page.evaluate(() => Array.from({ length: window.contactlab.plots.count() }, (_, k) => window.contactlab.plots.series(k)));
    const diffPanel = panels.find((names) => names.some((n) => n.startsWith('Δ')));
    assert.ok(diffPanel, `a difference panel among ${JSON.stringify(panels)}`);
    // After the first impact the laws dissipate differently: ΔE_total is not zero.
    const spread = await page.evaluate((k) => {
      const u = window.contactlab.plots.uplot(k);
      let worst = 0;
      for (let s = 1; s < u.data.length; s++) for (const v of u.data[s]) if (v != null) worst = Math.max(worst, Math.abs(v));
      return worst;
    }, panels.indexOf(diffPanel));
    console.log(`largest plotted difference to the reference: ${spread.toExponential(3)}`);
    assert.ok(spread > 1e-3, 'the difference series show the laws apart');

    // Canvas: the variants' outlines in their colours (orange, sky blue) beside the reference.
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.frames(page, 3);
    const { canvas: png } = await h.pageAndCanvas(page, 'compare-three-laws.png');
    const legend = await h.widgetRect(page, 'legend');  // its glyphs are not the drawing
    const scale = png.width / (await page.evaluate(() => document.getElementById('canvas').clientWidth));
    const exclude = legend && { x: legend.x * scale, y: legend.y * scale, w: legend.w * scale, h: legend.h * scale };
    const count = (rgb) => h.pixelStats(png, null, { probe: { c: rgb }, tol: 40, exclude }).probes.c;
    const orange = count([230, 159, 0]), sky = count([86, 180, 233]);
    console.log(`canvas pixels outside the legend: orange ${orange}, sky blue ${sky}`);
    assert.ok(orange > 60 && sky > 60, 'both variants are drawn');

    // The link keeps the comparison.
    assert.match(await h.hash(page), /compare=law%3Ahunt_crossley%7Claw%3Aflores%7Claw%3Alinear/);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('adding a variant by clicking, editing it, refusing a bad one', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(`#${HEAD_ON}`);
  try {
    const { page, errors } = app;
    assert.deepEqual((await compare(page)).runs, []);
    await h.clickWidget(page, 'Compare');
    await h.frames(page, 3);
    await h.clickWidget(page, 'Add variant');
    await h.until(page, async () => (await compare(page)).runs.length === 2, { what: 'a variant added' });
    let runs = (await compare(page)).runs;
    assert.equal(runs[0].label, 'law=hunt_crossley');
    assert.notEqual(runs[1].label, runs[0].label, 'the new variant takes another law');
    // A second click: a third law.
    await h.clickWidget(page, 'Add variant');
    await h.until(page, async () => (await compare(page)).runs.length === 3, { what: 'a second variant' });

    // Edit run 2 by typing into its field (the ImGui panel).
    await h.typeInto(page, 'variant 2', 'law:flores,c_tau:0.8');
    await h.until(page, async () => (await compare(page)).runs[1].label === 'law=flores c_tau=0.8', { what: 'run 2 edited' });
    runs = (await compare(page)).runs;
    assert.equal(runs[0].label, 'law=hunt_crossley c_tau=0.5', 'the reference says its own c_tau now');

    // A refused edit (the accessible field): the text stays, marked, nothing changes.
    const field = page.locator('#compare-run-3');
    await field.fill('law:no_such_law');
    await field.press('Enter');
    await h.until(page, () => page.evaluate(() => document.getElementById('compare-run-3').getAttribute('aria-invalid') === 'true'),
      { what: 'the field marked invalid' });
    assert.equal(await field.inputValue(), 'law:no_such_law', "the user's text is kept");
    assert.deepEqual((await compare(page)).runs.map((r) => r.label), runs.map((r) => r.label), 'nothing changed');

    // Keyboard: the accessible Compare group's buttons remove a run and end the comparison.
    const remove = page.getByRole('button', { name: 'Remove run 3' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await compare(page)).runs.length === 2, { what: 'run 3 removed' });
    const end = page.getByRole('button', { name: 'End comparison' });
    await end.focus();
    await page.keyboard.press('Enter');
    await h.until(page, async () => (await compare(page)).runs.length === 0, { what: 'the comparison ended' });
    assert.doesNotMatch(await h.hash(page), /compare=/);
    const said = await page.evaluate(() => window.contactlab.controls.announced());
    assert.ok(said.includes('Comparison ended'), `announced: ${said.slice(-4).join(' | ')}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('side by side: each run in its own tile, turned off by keyboard in the accessible controls', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(THREE_LAWS + '&split=1&play=1');
  try {
    const { page, errors } = app;
    assert.equal((await compare(page)).split, true, 'the link asks for side by side');
    await h.until(page, async () => (await h.status(page)).t > 1.5, { timeout: 20_000, what: 't > 1.5 s' });
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.frames(page, 3);
    const { canvas: png } = await h.pageAndCanvas(page, 'compare-side-by-side.png');
    const scale = png.width / (await page.evaluate(() => document.getElementById('canvas').clientWidth));
    const tiles = [];
    for (let k = 1; k <= 3; k++) tiles.push(await h.widgetRect(page, `tile ${k}`));
    assert.ok(tiles.every(Boolean), `three tiles drawn: ${JSON.stringify(tiles)}`);
    assert.ok(tiles[1].x > tiles[0].x && tiles[2].y > tiles[0].y, '2 x 2: the second to the right, the third below');
    // Each tile is framed and named in its run's colour, and shows the whole scene (its white wall).
    const inTile = (t, rgb) => h.pixelStats(png, { x: t.x * scale, y: t.y * scale, w: t.w * scale, h: t.h * scale },
      { probe: { c: rgb }, tol: 40 }).probes.c;
    const colors = { orange: [230, 159, 0], sky: [86, 180, 233], white: [255, 255, 255] };
    const counts = tiles.map((t) => ({ orange: inTile(t, colors.orange), sky: inTile(t, colors.sky), white: inTile(t, colors.white) }));
    console.log(`side by side, pixels per tile: ${JSON.stringify(counts)}`);
    assert.ok(counts[1].orange > 100 && counts[1].orange > 5 * counts[2].orange, 'flores framed in orange, in its tile');
    assert.ok(counts[2].sky > 100 && counts[2].sky > 5 * counts[1].sky, 'linear framed in sky blue, in its tile');
    assert.ok(counts.every((c) => c.white > 100), 'every tile draws the wall');
    assert.match(await h.hash(page), /split=1/);

    // The accessible checkbox says it and turns it off.
    const box = page.locator('#controls').getByRole('checkbox', { name: /Side by side/ });
    assert.equal(await box.isChecked(), true);
    await box.focus();
    await page.keyboard.press('Space');
    await h.until(page, async () => (await compare(page)).split === false, { what: 'overlaid again' });
    await h.frames(page, 2);
    assert.doesNotMatch(await h.hash(page), /split=/);
    assert.equal(await h.widgetRect(page, 'tile 1'), null, 'no tiles once overlaid');
    const said = await page.evaluate(() => window.contactlab.controls.announced());
    assert.ok(said.includes('Variants drawn over the reference'), JSON.stringify(said));
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('the compared series CSV equals contactlab run --compare', { timeout: h.TIMEOUT.test }, async (t) => {
  if (h.skipWithoutCli(t)) return;
  const until = 1.5;
  const app = await env.open(THREE_LAWS + '&play=1');
  try {
    const { page, errors } = app;
    await h.until(page, async () => (await compare(page)).runs.every((r) => r.t >= until + 0.05), { timeout: 20_000, what: `every run past ${until} s` });
    await h.clickWidget(page, 'Pause');
    await h.openExport(page);
    const file = await h.downloadByClick(page, 'Series CSV');
    assert.match(file.name, /compare-series\.csv$/);
    const page_rows = file.body.toString('utf8').trim().split('\n');

    const sets = HEAD_ON.split('&').slice(1).flatMap((kv) => ['--set', kv]);
    const cli_rows = execFileSync(CLI, ['run', 'ellipses', ...sets, '--compare', 'law=hunt_crossley,flores,linear',
      '--until', String(until), '--sample', String(APP_SAMPLE_INTERVAL)], { encoding: 'utf8', timeout: 30_000 }).trim().split('\n');
    assert.equal(page_rows[0], cli_rows[0], 'same header (variant column first)');
    // Each run's rows up to `until`, in the same order: compare them cell by cell.
    const byRun = (rows) => {
      const out = {};
      for (const row of rows.slice(1)) {
        const cells = row.split(',');
        const time = Number(cells[1]);
        if (time > until + 1e-9) continue;
        (out[cells[0]] ||= []).push(cells.slice(1).map(Number));
      }
      return out;
    };
    const a = byRun(page_rows), b = byRun(cli_rows);
    assert.deepEqual(Object.keys(a), Object.keys(b), 'the same runs');
    let worst = 0;
    for (const run of Object.keys(b)) {
      assert.equal(a[run].length, b[run].length, `${run}: as many samples`);
      b[run].forEach((row, k) => row.forEach((v, s) => {
        const u = a[run][k][s];
        if (Number.isNaN(v) && Number.isNaN(u)) return;
        worst = Math.max(worst, Math.abs(u - v) / Math.max(1, Math.abs(v)));
      }));
    }
    console.log(`page vs CLI compare CSV: ${Object.keys(b).length} runs x ${b[Object.keys(b)[0]].length} samples, largest relative difference ${worst.toExponential(2)}`);
    assert.ok(worst <= 1e-9, `largest relative difference ${worst}`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
