// Measurements over the dock's plots (web/plots/measured_overlay.js): a table
// loaded in the fit panel and mapped there is drawn as marks of its own in the
// plots that show it, with a legend entry, and listed as a table a screen
// reader can read; event times are put with the first at the run's first
// onset; nothing is drawn once the mapping is taken back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness.mjs';

const MEASURED = path.join(h.repoRoot, 'assets', 'measured');
const read = (name) => fs.readFileSync(path.join(MEASURED, name), 'utf8');

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** The marks' colour, as their legend entry draws it. */
const markColor = (page) => page.locator('.plot-measured-key svg > *').first()
  .evaluate((mark) => mark.getAttribute('stroke') || mark.getAttribute('fill'));

/** Pixels of colour `hex` (the marks') in panel k's plot area, as drawn now. */
function marksDrawn(page, k, hex) {
  return page.evaluate(([k, hex]) => {
    const u = window.contactlab.plots.uplot(k);
    const { left, top, width, height } = u.bbox;
    const pixels = u.ctx.getImageData(left, top, width, height).data;
    const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    let n = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if (Math.abs(pixels[i] - want[0]) + Math.abs(pixels[i + 1] - want[1]) + Math.abs(pixels[i + 2] - want[2]) < 30) n++;
    return n;
  }, [k, hex]);
}

/**
 * The bouncing ball playing, with `name` loaded into the fit panel, its
 * columns mapped (values of #fit-column-K) and drawn over the plots: the
 * app, the table read, and measured() for the plots' measurements.
 */
async function openMeasured(name, uses) {
  const app = await env.open('#scene=pile&preset=bouncing_ball&play=1');
  const { page } = app;
  const measured = () => page.evaluate(() => window.contactlab.plots.measured());
  try {
    const table = await page.evaluate(([n, t]) => window.contactlab.fit.load(n, t), [name, read(name)]);
    for (const [k, use] of uses.entries()) await page.locator(`#fit-column-${k}`).selectOption(use);
    await h.until(page, async () => (await measured())?.points === table.rows, { what: `${name} over the plots` });
    return { app, table, measured };
  } catch (e) {
    await app.close();
    throw e;
  }
}

/** The run's bounce onsets (s), from its Events CSV. */
async function bounceOnsets(page) {
  await h.openExport(page);
  return (await h.downloadByClick(page, 'Events CSV')).body.toString('utf8').trim().split('\n').slice(1)
    .map((row) => row.split(',')).filter((cells) => cells[1] === 'bounce').map((cells) => Number(cells[0]));
}

test('bounce times over every plot: the first at the run\'s first bounce, a legend entry, listed', async () => {
  const { app, table, measured } = await openMeasured('bouncing_ball_phyphox.csv', ['bounce', '']);
  try {
    const { page, errors } = app;
    // Placed once the run has bounced (at 0.24 s), drawn over the run's first 3 s.
    await h.until(page, async () => (await h.status(page)).t > 3, { timeout: 60_000, what: 'the run past 3 s' });
    await page.evaluate(() => window.contactlab.command('pause'));
    const state = await measured();
    const onsets = await bounceOnsets(page);
    const data = read('bouncing_ball_phyphox.csv').trim().split('\n').slice(1).map((row) => Number(row.split(',')[0]));
    const expected = onsets[0] - data[0];
    console.log(`${state.points} bounce times, offset ${state.offset.toFixed(6)} s (the run's first onset ${onsets[0]} s ` +
      `less the file's first time ${data[0]} s)`);
    assert.ok(Math.abs(state.offset - expected) < 1e-9, 'the first measured bounce at the run\'s first');
    assert.equal(state.listed, data.length, 'every bounce listed');

    // Every plot has the legend entry; the listing says what is drawn, in words.
    const panels = await page.evaluate(() => window.contactlab.plots.count());
    assert.ok(panels >= 1);
    assert.equal(await page.locator('.plot-measured-key').count(), panels);
    assert.match(await page.locator('.plot-measured-key').first().innerText(), /measured bounce times \(bouncing_ball_phyphox\.csv\)/);
    assert.match(await page.locator('.plot-measured summary').innerText(), /13 bounce times, marked ▼ at the top of each plot/);
    const heads = await page.locator('.plot-measured th').allTextContents();
    assert.deepEqual(heads, ['No.', 't in the file [s]', 't in the run [s]']);
    // What a screen reader hears: the listing named, its rows, the legend entry.
    await page.locator('.plot-measured summary').click();
    const listing = await page.locator('.plot-measured').ariaSnapshot();
    assert.match(listing, /group "Measured data from bouncing_ball_phyphox\.csv"/);
    assert.match(listing, /table "Measured data from bouncing_ball_phyphox\.csv"/);
    assert.match(listing, /row "1 0\.001477 0\.2389"/, listing);
    assert.match(await page.locator('.plot-legend').first().ariaSnapshot(), /text: measured bounce times \(bouncing_ball_phyphox\.csv\)/);

    // The marks are drawn, and go when the column is no longer mapped.
    const color = await markColor(page);
    const withMarks = await marksDrawn(page, 0, color);
    h.saveArtifact('measured-bounces.png', await page.locator('#panels').screenshot());  // for a human to look at
    await page.locator('#fit-column-0').selectOption('');
    await h.until(page, async () => (await measured()) === null, { what: 'the marks taken back' });
    await h.until(page, async () => (await marksDrawn(page, 0, color)) < withMarks, { what: 'the plot redrawn without marks' });
    const without = await marksDrawn(page, 0, color);
    console.log(`axis-coloured pixels in plot 1: ${withMarks} with the 13 marks, ${without} without`);
    assert.ok(withMarks - without >= 13 * 10, 'each mark covers some pixels');
    assert.equal(await page.locator('.plot-measured-key').count(), 0);
    assert.ok(await page.locator('.plot-measured').isHidden());

    // Mapped again, then the run started again from a greater height: the
    // marks follow it to its new first bounce.
    await page.locator('#fit-column-0').selectOption('bounce');
    await h.until(page, async () => (await measured())?.offset === state.offset, { what: 'the marks back at the first bounce' });
    await page.locator('#param-emit_height').fill('0.5');
    await page.locator('#param-emit_height').press('Enter');
    await page.locator('#param-emit_height').blur();
    await page.locator('#canvas').scrollIntoViewIfNeeded();  // the field sits below the canvas the export is clicked on
    await page.evaluate(() => { window.contactlab.command('reset'); window.contactlab.command('play'); });
    await h.until(page, async () => ((await measured())?.offset ?? state.offset) !== state.offset,
      { timeout: 60_000, what: 'the marks moved to the new run\'s first bounce' });
    await page.evaluate(() => window.contactlab.command('pause'));
    const restarted = await measured();
    const [newOnset] = await bounceOnsets(page);
    console.log(`dropped from 0.5 m: the run's first onset ${newOnset} s, offset ${restarted.offset.toFixed(6)} s`);
    assert.ok(newOnset > onsets[0], 'a higher drop bounces later');
    assert.ok(Math.abs(restarted.offset - (newOnset - data[0])) < 1e-9, 'the first measured bounce at the new run\'s first');

    // Mapped again once the run has logged more events than one read lists
    // (the latest 20): still aligned to its first bounce, long past.
    await page.evaluate(() => window.contactlab.command('play'));
    await h.until(page, async () => (await h.status(page)).events > 25, { timeout: 60_000, what: 'more than 25 bounces' });
    await page.evaluate(() => window.contactlab.command('pause'));
    await page.locator('#fit-column-0').selectOption('');
    await h.until(page, async () => (await measured()) === null, { what: 'the marks taken back' });
    await page.locator('#fit-column-0').selectOption('bounce');
    const late = await h.until(page, async () => { const m = await measured(); return m && m.offset != null && m; },
      { what: 'the marks placed again' });
    console.log(`mapped again after ${(await h.status(page)).events} events: offset ${late.offset.toFixed(6)} s`);
    assert.ok(Math.abs(late.offset - (newOnset - data[0])) < 1e-9, 'still at the run\'s first bounce');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a tracked height over the plot of that series only, as points at the data\'s times', async () => {
  const { app, table, measured } = await openMeasured('bouncing_ball_tracker.txt', ['t', 'com_height']);
  try {
    const { page, errors } = app;
    // A plot of the height alone, and one without it.
    await page.evaluate(() => {
      const plots = window.contactlab.plots;
      while (plots.count() < 2) plots.add();
      plots.setSeries(0, ['com_height']);
      plots.setSeries(1, ['E_kin']);
    });
    await h.until(page, async () => (await page.evaluate(() => window.contactlab.plots.series(0)))[0] === 'com_height',
      { what: 'plot 1 shows the height' });
    const state = await measured();
    assert.equal(state.offset, 0, 'series times are the file\'s');
    const keys = await page.locator('.plot-legend').evaluateAll((legends) => legends.map((l) => !!l.querySelector('.plot-measured-key')));
    assert.deepEqual(keys.slice(0, 2), [true, false], 'the entry only under the height\'s plot');
    assert.match(await page.locator('.plot-measured summary').innerText(), new RegExp(`${table.rows} values of .*height`));
    assert.equal(state.listed, table.rows);
    // Paused after the run passed the data's last time: the points sit on the drawn curve.
    await h.until(page, async () => (await h.status(page)).t > 1.55, { timeout: 60_000, what: 'the run past the data' });
    await page.evaluate(() => window.contactlab.command('pause'));
    const color = await markColor(page);
    const withMarks = await marksDrawn(page, 0, color);
    h.saveArtifact('measured-heights.png', await page.locator('#panels').screenshot());
    await page.locator('#fit-column-1').selectOption('');
    await h.until(page, async () => (await measured()) === null, { what: 'the points taken back' });
    await h.until(page, async () => (await marksDrawn(page, 0, color)) < withMarks, { what: 'the plot redrawn without points' });
    const without = await marksDrawn(page, 0, color);
    console.log(`axis-coloured pixels in the height's plot: ${withMarks} with ${table.rows} points, ${without} without`);
    assert.ok(withMarks - without >= table.rows * 5, 'each point covers some pixels');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('a run started again between two looks moves the marks, however far it got meanwhile', async () => {
  // The overlay on its own, over an engine log the test writes: at high
  // speed a restarted run can be past where the old one was by the next
  // look, with the same start; only the log's first onset tells.
  const app = await env.open('#scene=pile&preset=bouncing_ball');
  try {
    const offsets = await app.page.evaluate(async (sources) => {
      const { createMeasuredOverlay } = await import(sources + 'plots/measured_overlay.js');
      let first = {};  // the engine log's first onsets (s), by kind
      const api = { eventsJson: () => JSON.stringify({ total: 0, events: [], first }) };
      const anchor = document.body.appendChild(document.createElement('div'));
      const overlay = createMeasuredOverlay({ api, afterEl: anchor });
      overlay.set({ file: 'drops.csv', kind: 'events', name: 'bounce', label: 'bounce', unit: 's', times: [1, 2], values: [] });
      const look = (log) => { first = log; overlay.follow(); return overlay.state().offset; };
      const seen = [look({}), look({ bounce: 0.3 }), look({ bounce: 0.3, stop: 0.9 }), look({ bounce: 0.5 }), look({})];
      overlay.set(null);
      anchor.remove();
      return seen;
    }, h.SOURCES_PATH);
    console.log(`offsets at five looks: ${offsets.map((o) => (o == null ? 'none' : o.toFixed(2))).join(', ')}`);
    assert.deepEqual(offsets.map((o) => (o == null ? null : Math.round(o * 100) / 100)), [null, -0.7, -0.7, -0.5, null],
      'none before the first bounce, at the first bounce, moved with the new run\'s, none again after a restart');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});
