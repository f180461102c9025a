/* ContactLab theory panel: the model of the scene in use as equations —
 * the contact law with this run's numbers, the equations of motion as the
 * engine integrates them, the energy audit's terms, and the assumptions
 * and limits. The engine writes it (cl_theory_json: headings and notes in
 * the page's language, formulas as TeX, a sentence's symbols between $
 * signs); KaTeX typesets it, with MathML
 * beside the picture so screen readers read the formulas.
 *
 * KaTeX (katex.min.js/css and its fonts, from npm) is fetched the first
 * time the panel opens, so a page that never shows it loads nothing more.
 *
 * Usage (see page.js): ContactLabTheory.create({api, hostEl, open, onToggle}).start().
 * Needs plots.js (ContactLabPlots.el). Global: ContactLabTheory only.
 */
var ContactLabTheory = (function () {
  'use strict';

  var REFRESH_MS = 400;  // a law or parameter change shows within this
  var T = ContactLabText.t;
  var katexLoad = null;  // Promise of window.katex
  var el = ContactLabPlots.el;

  /** Loads KaTeX's script and style once; resolves to window.katex. */
  function loadKatex() {
    if (katexLoad) return katexLoad;
    katexLoad = new Promise(function (resolve, reject) {
      var style = document.createElement('link');
      style.rel = 'stylesheet';
      style.href = 'katex.min.css';
      document.head.appendChild(style);
      var script = document.createElement('script');
      script.src = 'katex.min.js';
      script.onload = function () { resolve(window.katex); };
      script.onerror = function () { katexLoad = null; reject(new Error(T('theory.katex_failed'))); };
      document.head.appendChild(script);
    });
    return katexLoad;
  }

  function create(opts) {
    var api = opts.api;
    var host = opts.hostEl;
    var timer = 0;
    var shownJson = null;
    var renderError = null;

    var details = el('details', 'theory-box');
    var summary = el('summary', 'theory-summary', T('theory.title'));
    var body = el('div', 'theory-body');
    body.setAttribute('aria-live', 'off');  // it changes with every parameter: read on demand, not announced
    details.appendChild(summary);
    details.appendChild(body);
    host.appendChild(details);
    if (opts.open) {
      details.open = true;
      document.body.classList.add('theory-open');
    }

    /** The formula `tex` typeset into a new block (its TeX shown if KaTeX refuses it). */
    function formula(katex, tex) {
      var box = el('div', 'theory-eq');
      try {
        katex.render(tex, box, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' });
      } catch (e) {
        box.textContent = tex;
        box.classList.add('theory-eq-error');
        renderError = String(e && e.message || e);
        console.warn('ContactLab theory: ' + renderError);
      }
      return box;
    }

    /** A sentence whose $...$ parts are symbols set inline ("the slip velocity $v_t$"). */
    function sentence(katex, text) {
      var p = el('p', 'theory-note');
      String(text).split(/(\$[^$]+\$)/).forEach(function (part) {
        if (!/^\$[^$]+\$$/.test(part)) {
          if (part) p.appendChild(document.createTextNode(part));
          return;
        }
        var symbol = el('span', 'theory-symbol');
        try {
          katex.render(part.slice(1, -1), symbol, { throwOnError: true, output: 'htmlAndMathml' });
        } catch (e) {
          symbol.textContent = part.slice(1, -1);
          renderError = String(e && e.message || e);
        }
        p.appendChild(symbol);
      });
      return p;
    }

    function render(katex, theory) {
      var fresh = document.createDocumentFragment();
      renderError = null;
      if (theory.summary) fresh.appendChild(el('p', 'theory-intro', theory.summary));
      (theory.sections || []).forEach(function (section) {
        var part = el('section', 'theory-section');
        part.appendChild(el('h3', 'theory-heading', section.heading));
        (section.items || []).forEach(function (item) {
          if (item.tex) part.appendChild(formula(katex, item.tex));
          if (item.text) part.appendChild(sentence(katex, item.text));
        });
        fresh.appendChild(part);
      });
      body.replaceChildren(fresh);
    }

    function refresh() {
      timer = 0;
      if (!details.open) return;
      var json = api.theoryJson();
      if (json !== shownJson) {
        loadKatex().then(function (katex) {
          if (json === shownJson) return;
          shownJson = json;
          render(katex, JSON.parse(json));
        }, function (e) {
          body.replaceChildren(el('p', 'theory-note', e.message));
        });
      }
      timer = setTimeout(refresh, REFRESH_MS);
    }

    details.addEventListener('toggle', function () {
      if (details.open && !timer) refresh();
      document.body.classList.toggle('theory-open', details.open);
      if (opts.onToggle) opts.onToggle(details.open);
    });

    return {
      start: function () { if (details.open) refresh(); return this; },
      stop: function () { clearTimeout(timer); timer = 0; },
      /** For tests: whether it is open, and the last formula KaTeX refused (null if none). */
      state: function () { return { open: details.open, shown: shownJson != null, error: renderError }; },
      open: function () { details.open = true; if (!timer) refresh(); }
    };
  }

  return { create: create };
})();
