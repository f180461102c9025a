// Hysteresis panel (web/loops.js): force-vs-penetration loops of recent
// impacts, drawn with uPlot's XY mode, choosable per impact, exportable as
// CSV; hidden for scenes without compliant contacts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

const HEAD_ON = '#scene=ellipses&n=2&a=1&b=1&alpha=0&beta=0&layout=head_on&v_max=5&friction=0&play=1';

/** The loops' chooser as listed: the first choice, the heading of the single impacts, and their labels. */
function chooser(page) {
  return page.evaluate(() => {
    const select = document.querySelector('#loops select');
    const group = select.querySelector('optgroup');
    return { count: window.contactlab.loops.impacts(), first: select.options[0].text, group: group ? group.label : null,
      impacts: [...select.querySelectorAll('optgroup option')].map((o) => o.text),
      legend: [...document.querySelectorAll('#loops .plot-key-label')].map((e) => e.textContent) };
  });
}

/** The series labels of the plots, for the words the loops must share with them. */
function plotLabels(page) {
  return page.evaluate(() => [...document.querySelectorAll('#panels .chooser-item .name')].map((e) => e.textContent));
}

test('ellipses head-on: the loop of each impact is plotted, can be chosen, and exports as CSV', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open(HEAD_ON);
  try {
    const { page, errors } = app;
    const loops = (fn, arg) => page.evaluate(fn, arg);
    await h.until(page, () => loops(() => window.contactlab.loops.shown()), { what: 'the loops panel to show' });
    // The discs meet at t ~ 0.9 s; wall impacts follow.
    await h.until(page, () => loops(() => window.contactlab.loops.impacts() >= 2), { what: 'two impacts' });
    // Paused, so that no impact comes between the reads below (the chart once had a loop more than the list).
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.frames(page, 2);
    const plotted = await loops(() => window.contactlab.loops.plotted());
    assert.ok(plotted.length >= 2, 'latest impacts plotted');
    for (const p of plotted) assert.ok(p.points >= 10, `impact ${p.id} has a loop of ${p.points} points`);

    // The chart: one series per loop, x in mm up to the maximum penetration.
    const chart = await loops(() => {
      const u = window.contactlab.loops.uplot();
      return { series: u.series.length - 1, xmax: u.scales.x.max, ymax: u.scales.y.max, mode: u.mode };
    });
    assert.equal(chart.mode, 2, 'XY (faceted) mode');
    assert.equal(chart.series, plotted.length);
    assert.ok(chart.xmax > 0 && chart.ymax > 0, `axes span the loops: ${JSON.stringify(chart)}`);

    // Bodies named as the plots name them, counted from 1; the first choice says what it draws of how many.
    const listed = await chooser(page);
    const impacts = listed.count;
    console.log(`loops chooser: '${listed.first}', then '${listed.group}': ${listed.impacts.slice(0, 4).join(' | ')}; legend: ${listed.legend.join(' | ')}`);
    assert.match(listed.first, impacts > 4 ? new RegExp(`^Latest 4 of ${impacts} impacts$`) : new RegExp(`^All ${impacts} impacts$`));
    assert.equal(listed.group, 'Or one impact, newest first');
    assert.equal(listed.impacts.length, impacts, 'every recorded impact is listed');
    for (const label of listed.impacts.concat(listed.legend))
      assert.match(label, /^t = [\d.]+ s · (ellipses 1–2|ellipse [12] – wall)$/, `'${label}' names bodies as the plots do`);
    assert.ok(listed.impacts.some((l) => /ellipses 1–2$/.test(l)), 'the discs\' impact on each other: ellipses 1–2');
    const labels = await plotLabels(page);
    assert.ok(labels.includes('gap, ellipse 1 ↔ ellipse 2') && labels.includes('gap, wall ↔ ellipse 1'),
      `the plots count the same ellipses from 1 (${labels.filter((l) => /gap/.test(l))})`);
    // What a screen reader hears of the key: a list of the drawn impacts, one entry each, no line samples.
    const heard = await page.locator('#loops .plot-key').ariaSnapshot();
    console.log(`loops key as a screen reader hears it:\n${heard}`);
    assert.deepEqual([...heard.matchAll(/- listitem: (.*)/g)].map((m) => m[1]), listed.legend);
    assert.match(heard, /^- list:/);

    // One impact chosen from the list.
    await loops((id) => window.contactlab.loops.choose(id), plotted[0].id);
    const one = await loops(() => window.contactlab.loops.plotted());
    assert.deepEqual(one.map((p) => p.id), [plotted[0].id]);
    const panel = await page.$('#loops');
    await h.saveScreenshot(panel, 'loops-head-on.png');

    // Export: the panel's "Loops CSV" button.
    await h.openExport(page);
    const csv = await h.downloadByClick(page, 'Loops CSV');
    assert.match(csv.name, /loops\.csv$/);
    const lines = csv.body.toString().trim().split('\n');
    assert.equal(lines[0], 'impact,onset,kind,i,j,penetration,force');
    assert.ok(lines.length > 20, `${lines.length - 1} loop points exported`);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('loops in German name the ellipses as the plots do; the street\'s impacts name the street', { timeout: 90_000 }, async () => {
  // One page at a time: each open page draws its frames on a core of its own.
  const de = await env.open(HEAD_ON + '&lang=de');
  try {
    await h.until(de.page, () => de.page.evaluate(() => window.contactlab.loops.impacts() >= 2), { what: 'two impacts (de)' });
    const listed = await chooser(de.page);
    const impacts = listed.count;
    console.log(`de: '${listed.first}', '${listed.group}': ${listed.impacts.join(' | ')}`);
    assert.match(listed.first, impacts > 4 ? new RegExp(`^Letzte 4 von ${impacts} Stößen$`) : new RegExp(`^Alle ${impacts} Stöße$`));
    assert.equal(listed.group, 'Oder ein einzelner Stoß, neuester zuerst');
    for (const label of listed.impacts)
      assert.match(label, /^t = [\d.]+ s · (Ellipsen 1–2|Ellipse [12] – Wand)$/, `'${label}'`);
    assert.ok(listed.impacts.some((l) => /Ellipsen 1–2$/.test(l)));
    assert.ok((await plotLabels(de.page)).includes('Abstand Ellipse 1 ↔ Ellipse 2'), 'the plots\' words: Ellipse 1, Ellipse 2');
    assert.deepEqual(await de.page.evaluate(() => window.contactlab.text().missing), []);
    assert.deepEqual(h.errorReport(de.errors), []);
  } finally {
    await de.close();
  }
  const street = await env.open('#scene=street&play=1');
  try {
    await h.until(street.page, () => street.page.evaluate(() => window.contactlab.loops.impacts() >= 2),
      { what: 'two impacts on the street', timeout: 15_000 });
    const onStreet = await chooser(street.page);
    console.log(`street: '${onStreet.first}': ${onStreet.impacts.slice(0, 3).join(' | ')}`);
    for (const label of onStreet.impacts) assert.match(label, /^t = [\d.]+ s · ellipse – street$/, `'${label}'`);
    assert.deepEqual(h.errorReport(street.errors), []);
  } finally {
    await street.close();
  }
});

test('a dense gas: each new impact goes into the same chart, its key and list follow', { timeout: h.TIMEOUT.test }, async () => {
  // A new chart at every impact laid the page out and cost 60-80 ms at 4× CPU throttling, 5 times a second.
  const app = await env.open('#scene=ellipses&preset=dense_gas&play=1');
  try {
    const { page, errors } = app;
    await h.until(page, () => page.evaluate(() => window.contactlab.loops.plotted().length === 4), { what: 'four loops drawn' });
    const first = await page.evaluate(() => {
      window.__loopsChart = window.contactlab.loops.uplot();
      return window.contactlab.loops.plotted().map((p) => p.id);
    });
    await h.until(page, () => page.evaluate((ids) => window.contactlab.loops.plotted().some((p) => !ids.includes(p.id)), first),
      { what: 'a newer impact drawn' });
    await page.evaluate(() => window.contactlab.command('pause'));
    await h.frames(page, 2);
    const now = await page.evaluate(() => {
      const select = document.querySelector('#loops select');
      const plotted = window.contactlab.loops.plotted();
      return { same: window.contactlab.loops.uplot() === window.__loopsChart, series: window.contactlab.loops.uplot().series.length - 1,
        ids: plotted.map((p) => p.id),
        listed: plotted.map((p) => select.querySelector(`option[value="${p.id}"]`)?.text),
        options: select.querySelectorAll('optgroup option').length, impacts: window.contactlab.loops.impacts(),
        newestFirst: [...select.querySelectorAll('optgroup option')].map((o) => Number(o.value)),
        key: [...document.querySelectorAll('#loops .plot-key-label')].map((e) => e.textContent) };
    });
    console.log(`dense gas loops: ${first} then ${now.ids}; key: ${now.key.join(' | ')}; ${now.options} impacts listed`);
    assert.ok(now.same, 'the chart of the first four loops draws the newer ones');
    assert.equal(now.series, 4);
    assert.deepEqual(now.key, now.listed, 'the key names the loops drawn, as the list names them');
    assert.equal(now.options, now.impacts, 'every kept impact listed once');
    assert.deepEqual(now.newestFirst, [...now.newestFirst].sort((a, b) => b - a), 'newest first');
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});

test('scenes without compliant contacts hide the loops panel', { timeout: h.TIMEOUT.test }, async () => {
  const app = await env.open('#scene=pendulum');
  try {
    const { page, errors } = app;
    await h.frames(page, 10);
    assert.equal(await page.evaluate(() => window.contactlab.loops.shown()), false);
    assert.equal(await page.evaluate(() => document.getElementById('loops').hidden), true);
    assert.deepEqual(h.errorReport(errors), []);
  } finally {
    await app.close();
  }
});
