/* Sound of the impacts (opt-in: the speaker button, or `sound=1` in a link):
 * each impact the run logs plays a short knock through Web Audio, so a
 * student who cannot see the canvas hears when, and how hard, things hit.
 *
 * - Loudness follows the impact speed (the event's v_impact or vn_before):
 *   gain = MAX_GAIN * min(1, v / LOUD_SPEED)^0.6, a gentle curve so a slow
 *   touch is still heard.
 * - Pitch follows the contact's stiffness through its duration: a contact
 *   that behaves like a spring of stiffness k lasts half its period,
 *   pi * sqrt(m/k), so 1 / (2 duration) is its natural frequency; stiffer,
 *   shorter, higher. It is mapped into LOW_HZ..HIGH_HZ on a log scale; an
 *   instantaneous impulse (duration 0 or none) is the highest.
 * - At most MAX_PER_WINDOW sounds per WINDOW_MS (a pile is a rustle, not a
 *   roar); the rest of a burst is dropped.
 * - Silent while off or the page is hidden. The live region is left alone:
 *   sound adds to what is said, it does not replace it.
 *
 * Browsers start audio only after a user's gesture: the button is one; a
 * link's sound=1 waits for the first key or click on the page.
 *
 * Usage: createSound({button, eventsSince(n) -> {total, events},
 * status(), onChange(on)}); set(on); state().
 */
import { svg } from './dom.js';
import { t as T } from './text.js';

var LOOK_MS = 50;           // how often new events are looked for
var WINDOW_MS = 100;
var MAX_PER_WINDOW = 3;
var LOUD_SPEED = 5;         // m/s: an impact this fast or faster is full loudness
var MAX_GAIN = 0.5;
var LOW_HZ = 180, HIGH_HZ = 1800;
var LOW_RATE = 5, HIGH_RATE = 5000;  // 1/(2 duration) in Hz mapped onto LOW_HZ..HIGH_HZ
var DECAY_S = 0.09;         // the knock's length

/** The impact speed (m/s) and contact duration (s) of an event, or null if it is not an impact. */
function impactOf(event) {
  var f = event.fields || {};
  var v = f.v_impact != null ? f.v_impact : f.vn_before;
  if (v == null || !isFinite(v)) return null;
  return { speed: Math.abs(v), duration: f.duration };
}

function pitch(duration) {
  if (!(duration > 0)) return HIGH_HZ;
  var rate = Math.min(HIGH_RATE, Math.max(LOW_RATE, 1 / (2 * duration)));
  var s = Math.log(rate / LOW_RATE) / Math.log(HIGH_RATE / LOW_RATE);
  return LOW_HZ * Math.pow(HIGH_HZ / LOW_HZ, s);
}

export function createSound(opts) {
  var on = false, ctx = null, timer = 0, seen = 0, recent = [], played = 0, dropped = 0;

  function audio() {
    if (!ctx) {
      var Ctor = window.AudioContext || window.webkitAudioContext;
      if (!Ctor) return null;
      ctx = new Ctor();
    }
    if (ctx.state === 'suspended') ctx.resume();
    return ctx;
  }

  function knock(impact, at) {
    var osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.value = pitch(impact.duration);
    var peak = MAX_GAIN * Math.pow(Math.min(1, impact.speed / LOUD_SPEED), 0.6);
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(peak, at + 0.003);
    gain.gain.exponentialRampToValueAtTime(1e-4, at + DECAY_S);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(at);
    osc.stop(at + DECAY_S + 0.01);
  }

  function look() {
    var total = opts.status().events;
    if (total < seen) seen = 0;  // a new start of the run
    if (total === seen) return;
    var fresh = opts.eventsSince(seen);
    seen = total;
    if (!on || document.hidden || !ctx || ctx.state !== 'running') return;
    var now = performance.now();
    recent = recent.filter(function (t) { return now - t < WINDOW_MS; });
    (fresh && fresh.events || []).forEach(function (e) {
      var impact = impactOf(e);
      if (!impact) return;
      if (recent.length >= MAX_PER_WINDOW) { dropped++; return; }
      // A burst in one look is spread a little, as it happened between two looks.
      knock(impact, ctx.currentTime + 0.01 + 0.02 * recent.length);
      recent.push(now);
      played++;
    });
  }

  /** A speaker drawn as SVG (a headless or school machine may have no emoji
   *  font): sound waves when on, a cross when off; for the eye only. */
  function speakerIcon(sounding) {
    var icon = svg('svg', { class: 'sound-icon', viewBox: '0 0 16 14', 'aria-hidden': 'true' });
    function add(tag, attributes) { icon.appendChild(svg(tag, attributes)); }
    add('path', {d: 'M1 5h3l4-3.5v11L4 9H1z', fill: 'currentColor'});
    var stroke = {fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-linecap': 'round'};
    if (sounding) {
      add('path', Object.assign({d: 'M10.5 4.5a3.5 3.5 0 0 1 0 5'}, stroke));
      add('path', Object.assign({d: 'M12.5 2.5a6.3 6.3 0 0 1 0 9'}, stroke));
    } else {
      add('path', Object.assign({d: 'M10.5 4.5l4 5M14.5 4.5l-4 5'}, stroke));
    }
    return icon;
  }

  function show() {
    // The name stays; aria-pressed says on or off, the speaker shows it.
    opts.button.setAttribute('aria-pressed', String(on));
    opts.button.textContent = '';
    opts.button.appendChild(speakerIcon(on));
    opts.button.appendChild(document.createTextNode(' ' + T('sound.button')));
    opts.button.title = T(on ? 'sound.on' : 'sound.off');
  }

  function set(value) {
    on = !!value;
    show();
    clearInterval(timer);
    timer = 0;
    if (on) {
      seen = opts.status().events;  // from now on: not the run's past
      timer = setInterval(look, LOOK_MS);
    } else if (ctx) {
      ctx.suspend();
    }
    opts.onChange(on);
  }

  opts.button.addEventListener('click', function () {
    if (!on) audio();  // in the click: a gesture lets audio start
    set(!on);
  });
  // A link's sound=1: audio starts at the first gesture on the page.
  ['pointerdown', 'keydown'].forEach(function (type) {
    window.addEventListener(type, function () { if (on) audio(); }, true);
  });
  document.addEventListener('visibilitychange', function () {
    if (!ctx || !on) return;
    if (document.hidden) ctx.suspend(); else ctx.resume();
  });
  show();

  return {
    set: set,
    /** {on, played, dropped}: for tests. */
    state: function () { return { on: on, played: played, dropped: dropped }; }
  };
}
