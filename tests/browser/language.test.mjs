// Languages (lang=en|de, web/text.js + src/engine/core/text.h): the page, its
// HTML controls and the app follow the link's lang= or the browser's
// language; the Language list reloads the page in the other language with
// the link's state; a lang= the table lacks is said and changes nothing.
// Also, without a browser: every key the page scripts name is in the table.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as h from './harness.mjs';

let env;
before(async () => { env = await h.setup(); });
after(async () => { await env?.close(); });

/** The message table as the page merges it: key -> {en, de}. */
function readTable() {
  const dir = path.join(h.repoRoot, 'assets', 'text');
  const table = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    Object.assign(table, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return table;
}

/** What a German reader sees of the page: its language, texts the table lacked, errors. */
async function pageLanguage(app) {
  return app.page.evaluate(() => ({
    html: document.documentElement.lang,
    page: window.contactlab.text().language,
    app: contactlab.status().language,
    missing: window.contactlab.text().missing,
    select: document.getElementById('language-choice').value,
  }));
}

test('every key the page scripts name is in the table, in English and German', () => {
  const table = readTable();
  const webDir = path.join(h.repoRoot, 'web');
  const named = new Map();  // key -> file
  for (const file of fs.readdirSync(webDir).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(webDir, file), 'utf8');
    // A key ending in '.' is a prefix completed at run time (checked by missing() in the pages below).
    for (const m of code.matchAll(/\bT\(\s*'([a-z0-9_.]+)'/g)) if (!m[1].endsWith('.')) named.set(m[1], file);
  }
  const html = fs.readFileSync(path.join(h.repoRoot, 'shell', 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-text(?:-[a-z-]+)?="([a-z0-9_.]+)"/g)) named.set(m[1], 'index.html');
  console.log(`${named.size} keys named by the page scripts and index.html; ${Object.keys(table).length} in the table`);
  const lacking = [...named].filter(([key]) => !table[key] || !table[key].en || !table[key].de);
  assert.deepEqual(lacking, [], 'keys named but not in the table (with en and de)');
  assert.ok(named.size > 100, `the page names ${named.size} keys`);
});

test('lang=de: the page, its HTML controls and the app speak German; nothing missing, no errors', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum&lang=de');
  try {
    const lang = await pageLanguage(app);
    console.log('lang=de:', JSON.stringify(lang));
    assert.deepEqual([lang.html, lang.page, lang.app, lang.select], ['de', 'de', 'de', 'de']);
    assert.deepEqual(lang.missing, []);
    const texts = await app.page.evaluate(() => ({
      dock: document.querySelector('.dock-bar').innerText,
      controls: document.getElementById('controls').innerText,
      canvas: document.getElementById('canvas').getAttribute('aria-label'),
    }));
    for (const word of ['Darstellung', 'Sprache', 'Steuerung']) assert.ok(texts.dock.includes(word), `dock bar: ${word}`);
    for (const word of ['Abspielen', 'Zurücksetzen', 'Voreinstellungen', 'Parameter'])
      assert.ok(texts.controls.includes(word), `HTML controls: ${word}`);
    assert.match(texts.canvas, /Leertaste/);
    // The keyboard still works in German: Space plays (the key, not its name, is bound).
    await app.page.locator('#canvas').focus();
    await app.page.keyboard.press('Space');
    await h.until(app.page, async (page) => (await h.status(page)).running, { what: 'Space plays' });
    await h.until(app.page, (page) => page.evaluate(() => document.querySelector('#controls button[aria-keyshortcuts~="Space"]')
      .textContent === 'Anhalten'), { what: 'the HTML play button reads Anhalten (pause) while running' });
    await app.page.keyboard.press('Space');
    await h.until(app.page, async (page) => !(await h.status(page)).running, { what: 'Space pauses' });
    await h.saveScreenshot(app.page, 'language-de.png');
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});

test('the browser\'s language picks the page\'s; a link\'s lang= wins over it', { timeout: 90_000 }, async () => {
  // One page at a time: each open page draws its frames on a core of its own.
  const german = await env.open('#scene=ellipses', { locale: 'de-AT' });
  try {
    const fromBrowser = await pageLanguage(german);
    console.log('browser de-AT:', fromBrowser.page, fromBrowser.app);
    assert.deepEqual([fromBrowser.page, fromBrowser.app], ['de', 'de']);
    // Following the browser, the link does not name a language (a shared link follows its reader's).
    assert.doesNotMatch(await h.hash(german.page), /lang=/);
  } finally {
    await german.close();
  }
  const english = await env.open('#scene=ellipses&lang=en', { locale: 'de-DE' });
  try {
    const fromLink = await pageLanguage(english);
    console.log('de-DE with lang=en:', fromLink.page, fromLink.app);
    assert.deepEqual([fromLink.page, fromLink.app], ['en', 'en']);
    assert.match(await h.hash(english.page), /lang=en/);
  } finally {
    await english.close();
  }
});

test('the Language list reloads the page in German with the link\'s state', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum&L=0.8&theme=light', { locale: 'en-US' });
  try {
    assert.equal((await pageLanguage(app)).page, 'en');
    await Promise.all([
      app.page.waitForEvent('load', { timeout: h.TIMEOUT.load }),
      app.page.selectOption('#language-choice', 'de'),
    ]);
    await h.waitReady(app.page);
    const lang = await pageLanguage(app);
    const hash = Object.fromEntries(h.hashParams(await h.hash(app.page)));
    console.log('after choosing Deutsch:', JSON.stringify(lang), 'hash', JSON.stringify(hash));
    assert.deepEqual([lang.page, lang.app, lang.select], ['de', 'de', 'de']);
    assert.equal(hash.lang, 'de');
    assert.equal(hash.L, '0.8', 'the parameter set before the switch is kept');
    assert.equal(hash.theme, 'light', 'the theme is kept');
    assert.equal((await h.status(app.page)).theme, 'light');
  } finally {
    await app.close();
  }
});

test('a lang= the table lacks is said as text and changes nothing', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=street&lang=<b>fr</b>', { locale: 'en-GB' });
  try {
    const lang = await pageLanguage(app);
    const messages = await h.messagesText(app.page);
    console.log('lang=<b>fr</b>:', lang.page, '|', messages);
    assert.equal(lang.page, 'en');
    assert.match(messages, /The link asks for language '<b>fr<\/b>'; ContactLab speaks English, Deutsch\. It stays in English\./);
    assert.equal(await app.page.locator('#messages b').count(), 0, 'the value is text, not markup');
    await h.frames(app.page, 2);
    assert.doesNotMatch(await h.hash(app.page), /lang=/, 'the refused value is dropped from the link');
  } finally {
    await app.close();
  }
});

test('a page loads its own language\'s texts only; a preset is still found by its name in the other language', { timeout: 90_000 }, async () => {
  const app = await env.open('#scene=pendulum&lang=en', { locale: 'en-US' });
  try {
    const { page } = app;
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name.split('/').pop())
      .filter((name) => /^text_/.test(name)));
    console.log(`English page fetched: ${loaded.join(', ')}`);
    assert.deepEqual(loaded, ['text_en.js'], 'only the English table');
    // A link naming a preset in German on an English page (a German teacher's link, opened elsewhere).
    await page.evaluate(() => window.contactlab.applyHash('scene=pendulum&preset=Kleiner%20Ausschlag'));
    const st = await h.until(page, async () => { const s = await h.status(page); return Number(s.params.v0) < 1.5 && s; },
      { what: 'the small swing applied by its German name' });
    console.log(`preset=Kleiner Ausschlag on an English page: v0 = ${st.params.v0}, message '${st.message}'`);
    // The language list names each language in its own words.
    const names = await page.locator('#language-choice option').allTextContents();
    assert.deepEqual(names, ['English', 'Deutsch']);
    assert.deepEqual(await page.evaluate(() => window.contactlab.text().missing), []);
    assert.deepEqual(h.errorReport(app.errors), []);
  } finally {
    await app.close();
  }
});
