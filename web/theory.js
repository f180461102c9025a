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
 * Opened by the link (theory=1), the panel is scrolled into view in the
 * dock (below the plots, it would start out of sight); opened by hand, only
 * if its heading is out of view. Without smooth scrolling when the reader
 * asks for reduced motion.
 *
 * This module itself is loaded when the panel first opens: the page
 * builds its heading (a <details> with its summary, web/page/on_demand.js)
 * and hands it over.
 *
 * Usage: createTheory({api, hostEl, details, open, onToggle}).start().
 */
import { el } from './dom.js';
import { loadScript } from './load_script.js';
import { t as T } from './text.js';

var REFRESH_MS = 400;  // a law or parameter change shows within this
// Opened by the link (theory=1): the panel is kept in view of the dock while the plots above it appear
// and KaTeX typesets it, until the reader scrolls, clicks or types, or for this long at most.
var KEEP_IN_VIEW_MS = 20000;
var VIEW_MARGIN = 8;   // CSS px between the panel and the dock's edge (or sticky bar) when scrolled to
var reducedMotion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
var katexStyled = false;  // KaTeX's style sheet asked for

/** Loads KaTeX's script and style once; resolves to window.katex. */
function loadKatex() {
  if (!katexStyled) {
    var style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = 'katex.min.css';
    document.head.appendChild(style);
    katexStyled = true;
  }
  return loadScript('katex.min.js', function () { return window.katex; }, T('theory.katex_failed'));
}

/** The nearest element that scrolls `node` (the plot dock), or null if none does. */
function scrollBoxOf(node) {
  for (var box = node.parentElement; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
    var overflow = getComputedStyle(box).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) return box;
  }
  return null;
}

/** CSS px at the top of `box` that its sticky children (the dock's bar) cover. */
function coveredTop(box) {
  var top = box.getBoundingClientRect().top;
  var covered = 0;
  Array.prototype.forEach.call(box.children, function (child) {
    var style = getComputedStyle(child);
    if (style.position === 'sticky' && style.display !== 'none')
      covered = Math.max(covered, child.getBoundingClientRect().bottom - top);
  });
  return covered;
}

/**
 * The box that scrolls `node` and the span of it the reader sees (client
 * y, CSS px: below its sticky bar, above its bottom edge), or null if no
 * box scrolls it.
 */
function viewOf(node) {
  var box = scrollBoxOf(node);
  if (!box) return null;
  var boxTop = box.getBoundingClientRect().top;
  return { box: box, top: boxTop + coveredTop(box), bottom: boxTop + box.clientTop + box.clientHeight };
}

/**
 * Scrolls the box that holds `node` (only that box: never the page around
 * an embedding frame) by the least that shows the whole of `node`, or its
 * top if it is taller than the box; nothing if it shows already. Smooth
 * unless the reader asks for reduced motion.
 */
function scrollIntoBox(node) {
  var view = viewOf(node);
  if (!view) return;
  var r = node.getBoundingClientRect();
  var delta = 0;
  if (r.bottom > view.bottom) delta = r.bottom - view.bottom + VIEW_MARGIN;
  if (r.top - delta < view.top) delta = r.top - view.top - VIEW_MARGIN;
  if (Math.abs(delta) < 1) return;
  var smooth = !(reducedMotion && reducedMotion.matches);
  if (view.box.scrollTo) view.box.scrollTo({ top: view.box.scrollTop + delta, behavior: smooth ? 'smooth' : 'auto' });
  else view.box.scrollTop += delta;
}

/** Whether `node`'s box (the summary line) shows in the box that scrolls it. */
function inView(node) {
  var view = viewOf(node);
  if (!view) return true;
  var r = node.getBoundingClientRect();
  return r.top >= view.top - 1 && r.bottom <= view.bottom + 1;
}

export function createTheory(opts) {
  var api = opts.api;
  var host = opts.hostEl;
  var details = opts.details;
  var summary = details.querySelector('summary');
  var timer = 0;
  var shownJson = null;
  var renderError = null;

  var body = el('div', 'theory-body');
  body.setAttribute('aria-live', 'off');  // it changes with every parameter: read on demand, not announced
  details.appendChild(body);
  var keepInView = null;  // {stop} while the panel opened by the link is kept in view
  if (opts.open) {
    details.open = true;
    document.body.classList.add('theory-open');
    keepInView = keepShowing();
  }

  /**
   * Keeps the panel in view of the dock: the link opened it, but the plots
   * above it appear only later and push it down (out of an 800 px window
   * on the ellipses), and KaTeX lengthens it. Each change of size in the
   * dock scrolls it back, until the reader scrolls, clicks or types there
   * (or after KEEP_IN_VIEW_MS): from then on the dock is theirs.
   */
  function keepShowing() {
    var dock = host.parentElement;
    var observer = null, timer = 0, stopped = false;
    var show = function () { if (!stopped && details.open) scrollIntoBox(host); };
    var events = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
    function stop() {
      if (stopped) return;
      stopped = true;
      keepInView = null;
      if (observer) observer.disconnect();
      clearTimeout(timer);
      events.forEach(function (name) { (name === 'keydown' ? document : dock).removeEventListener(name, stop, true); });
    }
    if (window.ResizeObserver && dock) {
      observer = new ResizeObserver(show);
      Array.prototype.forEach.call(dock.children, function (child) { observer.observe(child); });
    } else {
      setTimeout(show, 0);
    }
    if (dock) events.forEach(function (name) {
      (name === 'keydown' ? document : dock).addEventListener(name, stop, { capture: true, passive: true });
    });
    timer = setTimeout(stop, KEEP_IN_VIEW_MS);
    return { stop: stop };
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
    // Opened by hand (or by open()): scrolled to only if its heading is out of view.
    if (details.open && !keepInView && !inView(summary)) scrollIntoBox(host);
    if (!details.open && keepInView) keepInView.stop();
    document.body.classList.toggle('theory-open', details.open);
    if (opts.onToggle) opts.onToggle(details.open);
  });

  return {
    start: function () { if (details.open) refresh(); return this; },
    stop: function () { clearTimeout(timer); timer = 0; if (keepInView) keepInView.stop(); },
    /** For tests: whether it is open, and the last formula KaTeX refused (null if none). */
    state: function () { return { open: details.open, shown: shownJson != null, error: renderError }; },
    open: function () { details.open = true; if (!timer) refresh(); }
  };
}
