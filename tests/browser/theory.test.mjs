// The theory panel (web/theory.js, Scene::theory): the model's equations
// typeset by KaTeX with MathML for screen readers, the law in use with the
// run's numbers, following a change of law; in German; theory=1 opens it,
// in embed mode too. Screenshots: artifacts/theory-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** What the panel shows: headings, formulas typeset, their TeX (MathML annotations), refused ones. */
async function panel(page) {
  return page.evaluate(() => {
    const root = document.getElementById('theory');
    const box = root.querySelector('details');
    return {
      visible: root.offsetParent !== null && getComputedStyle(root).display !== 'none',
      open: !!(box && box.open),
      headings: [...root.querySelectorAll('.theory-heading')].map((e) => e.textContent),
      formulas: root.querySelectorAll('.theory-eq .katex').length,
      mathml: root.querySelectorAll('.theory-eq math').length,
      tex: [...root.querySelectorAll('annotation[encoding="application/x-tex"]')].map((e) => e.textContent),
      notes: [...root.querySelectorAll('.theory-note')].map((e) => e.textContent),
      refused: root.querySelectorAll('.theory-eq-error').length,
      state: window.contactlab.theory(),
    };
  });
}

/** Where the panel's heading (its summary) is, against the window and the dock's sticky bar. */
function headingPlace(page) {
  return page.evaluate(() => {
    const r = document.querySelector('#theory summary').getBoundingClientRect();
    const bar = document.querySelector('.dock-bar');
    const barBottom = bar && bar.getClientRects().length ? bar.getBoundingClientRect().bottom : 0;
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), barBottom: Math.round(barBottom), viewport: innerHeight,
      dockScroll: Math.round(document.getElementById('dock').scrollTop), plots: window.contactlab.plots.count(),
      inView: r.height > 0 && r.top >= barBottom - 1 && r.bottom <= innerHeight };
  });
}

/** Waits for the plots above the panel to be laid out, then for its heading to be in view (theory=1 scrolls it there). */
async function headingInView(page, what) {
  await plotsLaidOut(page);
  return h.until(page, async (p) => {
    const place = await headingPlace(p);
    return place.inView ? place : null;
  }, { what: `${what}: the theory heading within the viewport (${JSON.stringify(await headingPlace(page))} at first)` });
}

/** Waits until the dock shows its plots and their layout (sizes, the dock's height) stays put over several frames. */
async function plotsLaidOut(page) {
  await h.until(page, () => page.evaluate(() => window.contactlab.plots.count() > 0), { what: 'plots above the panel' });
  await h.steady(page, () => page.evaluate(() => {
    const dock = document.getElementById('dock');
    return [dock.scrollHeight, ...[...document.querySelectorAll('#panels .panel')].map((p) => Math.round(p.getBoundingClientRect().height))];
  }), { what: 'the plots laid out' });
}

async function typeset(page, what = 'the theory typeset') {
  return h.until(page, async (p) => {
    const shown = await panel(p);
    return shown.formulas >= 3 ? shown : null;
  }, { what, timeout: 15_000 });
}

test('theory=1: the ellipses\' law with the run\'s numbers, typeset with MathML; a change of law follows', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=ellipses&law=hunt_crossley&c_tau=0.975&theory=1');
  try {
    const shown = await typeset(app.page);
    console.log('ellipses:', shown.headings.join(' | '), `| ${shown.formulas} formulas, ${shown.mathml} MathML, ${shown.refused} refused`);
    assert.deepEqual(shown.headings, ['Contact law', 'Equations of motion', 'Energy audit', 'Assumptions and limits']);
    assert.equal(shown.refused, 0, 'KaTeX typeset every formula');
    assert.equal(shown.state.error, null);
    assert.equal(shown.mathml, shown.formulas, 'every formula carries MathML for screen readers');
    assert.ok(shown.tex.some((t) => t.includes('\\tfrac{3}{2}(1-c_\\tau)')), 'Hunt–Crossley\'s β in symbols');
    assert.ok(shown.tex.some((t) => t.includes('\\beta = 0.0375')), 'β = 3/2 (1 − 0.975) with the run\'s c_τ');
    assert.ok(shown.notes.some((n) => /Hunt-Crossley, as integrated/.test(n)));
    // Below three plots the panel starts out of an 800 px window: the link scrolls it into view in the dock.
    const place = await headingInView(app.page, 'theory=1');
    console.log(`theory=1: heading at y ${place.top}–${place.bottom} of ${place.viewport} (dock bar ends at ${place.barBottom}, ` +
      `dock scrolled ${place.dockScroll} px, ${place.plots} plots above)`);
    assert.ok(place.dockScroll > 0, 'the dock scrolled to the panel');
    await h.saveScreenshot(app.page, 'theory-ellipses-page.png');
    await h.saveScreenshot(app.page.locator('#theory'), 'theory-ellipses.png');

    // The same link with Flores: the panel follows within its refresh.
    await app.page.evaluate(() => window.contactlab.applyHash('#scene=ellipses&law=flores&c_tau=0.5&theory=1'));
    const flores = await h.until(app.page, async (p) => {
      const s = await panel(p);
      return s.tex.some((t) => t.includes('\\dfrac{8(1-c_\\tau)}{5c_\\tau}')) ? s : null;
    }, { what: 'the Flores law shown' });
    assert.ok(flores.tex.some((t) => t.includes('\\beta = 1.6')), 'β = 8 (1 − 0.5) / (5 · 0.5)');
    assert.match(await h.hash(app.page), /theory=1/, 'the link keeps the panel open');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('every scene\'s theory in German, typeset without a refused formula', { timeout: 150_000 }, async () => {
  // One page: opened on the first scene, then switched to each of the others by an edit of the link.
  const app = await env.open('#scene=pendulum&lang=de&theory=1');
  try {
    let before = null;
    for (const scene of ['pendulum', 'implicit', 'ellipses', 'street', 'pile', 'cradle']) {
      if (before) await app.page.evaluate((scene) => { location.hash = `#scene=${scene}&lang=de&theory=1`; }, scene);
      const shown = await h.until(app.page, async (p) => {
        const s = await panel(p);
        return s.formulas >= 3 && JSON.stringify(s.tex) !== before && (await h.status(p)).scene === scene ? s : null;
      }, { what: `${scene}: the theory typeset`, timeout: 15_000 });
      before = JSON.stringify(shown.tex);
      console.log(`${scene} (de): ${shown.headings.join(' | ')} | ${shown.formulas} formulas, ${shown.notes.length} sentences`);
      assert.equal(shown.refused, 0, `${scene}: KaTeX typeset every formula`);
      assert.ok(shown.headings.includes('Bewegungsgleichungen'), `${scene}: German headings`);
      assert.ok(shown.headings.includes('Annahmen und Grenzen'));
      const missing = await app.page.evaluate(() => window.contactlab.text().missing);
      assert.deepEqual(missing, []);
      await h.saveScreenshot(app.page.locator('#theory'), `theory-${scene}-de.png`);
    }
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('embed=1 hides the panel unless theory=1; opening it by its summary puts theory=1 in the link', { timeout: 90_000 }, async () => {
  // One page at a time: each open page draws its frames on a core of its own.
  const plain = await env.open('#scene=pendulum&embed=1');
  try {
    assert.equal((await panel(plain.page)).visible, false, 'embed=1 alone: no theory panel');
  } finally {
    await plain.close();
  }
  const withTheory = await env.open('#scene=pendulum&embed=1&theory=1');
  try {
    const shown = await typeset(withTheory.page);
    assert.equal(shown.visible, true, 'embed=1&theory=1: the panel shows');
    await h.saveScreenshot(withTheory.page, 'theory-embed.png');
  } finally {
    await withTheory.close();
  }
  const full = await env.open('#scene=pendulum');
  try {
    const closed = await panel(full.page);
    assert.equal(closed.open, false, 'closed until asked for');
    assert.equal(await full.page.evaluate(() => typeof window.katex), 'undefined', 'KaTeX not fetched for a closed panel');
    assert.equal(await full.page.evaluate(() => typeof window.qrcode), 'undefined', 'the QR encoder not fetched outside Customize mode');
    await full.page.locator('#theory summary').click();
    const opened = await typeset(full.page);
    assert.equal(opened.open, true);
    assert.match(await h.hash(full.page), /theory=1/);
  } finally {
    await full.close();
  }
});

test('theory=1 on a phone with reduced motion: in view at once; opened by hand when in view, the dock stays', { timeout: 90_000 }, async () => {
  const phone = await env.open('#scene=street&theory=1', { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  try {
    const place = await headingInView(phone.page, 'phone, reduced motion');
    console.log(`phone theory=1 (reduced motion): heading at y ${place.top}–${place.bottom} of ${place.viewport}, dock scrolled ${place.dockScroll} px`);
    // Reduced motion: no smooth scrolling; the dock is where it goes as soon as it moves.
    const scrolls = await phone.page.evaluate(() => new Promise((resolve) => {
      const dock = document.getElementById('dock');
      const seen = [dock.scrollTop];
      let k = 0;
      const tick = () => { seen.push(dock.scrollTop); if (++k < 5) requestAnimationFrame(tick); else resolve(seen); };
      requestAnimationFrame(tick);
    }));
    assert.equal(new Set(scrolls).size, 1, `the dock stays put once there (${scrolls})`);
  } finally {
    await phone.close();  // one page at a time: each open page draws its frames on a core of its own
  }

  // By hand, with the heading in view: opening it does not move the dock.
  const full = await env.open('#scene=pendulum');
  try {
    await plotsLaidOut(full.page);
    // The reader scrolls down to the closed panel's heading first (the click would not need to scroll).
    await full.page.evaluate(() => {
      const dock = document.getElementById('dock');
      const summary = document.querySelector('#theory summary');
      dock.scrollTop += summary.getBoundingClientRect().top - dock.getBoundingClientRect().top - dock.clientHeight / 2;
    });
    await h.frames(full.page, 2);
    assert.ok((await headingPlace(full.page)).inView, 'the closed panel\'s heading in view before the click');
    const before = await full.page.evaluate(() => document.getElementById('dock').scrollTop);
    await full.page.locator('#theory summary').click();
    await typeset(full.page);
    // Where the dock settles once the panel is open and typeset (a smooth scroll, if any, has ended).
    const after = await h.steady(full.page, () => full.page.evaluate(() => document.getElementById('dock').scrollTop),
      { what: 'the dock settled' });
    const heading = await headingPlace(full.page);
    console.log(`pendulum, opened by hand: dock scrollTop ${before} -> ${after}, heading at y ${heading.top}`);
    assert.ok(heading.inView, 'the heading is in view');
    assert.equal(after, before, 'a panel opened by hand in view does not scroll the dock');
  } finally {
    await full.close();
  }
});
