/* Record a clip: the canvas as a WebM video with the simulated time in its
 * corner, up to MAX_SECONDS, for slides (the Record button in the dock).
 *
 * The app's WebGL canvas keeps no picture once a frame is shown (no
 * preserveDrawingBuffer, as SDL asks for), and the time is not drawn on it.
 * So after each of the app's frames (Module.postMainLoop: drawn, not yet
 * shown) the canvas is copied onto a 2D canvas of the clip's own, the time
 * is written over it, and MediaRecorder records that canvas's captureStream.
 *
 * Start and stop fall on frames. The recorder starts at the press, and the
 * first frame after that is the clip's first picture: Chromium's recorder
 * takes the pictures drawn before its start event too (measured: the WebM
 * counted 0.14-0.37 s of them, more on a busy machine), so the clip counts
 * from there, not from the event. A second press makes the next frame the
 * last, and the frame after it stops the recorder, which has that picture
 * by then. The clip's length is the span between its first and last
 * pictures, which is what the video's timestamps count. MAX_SECONDS stops it by itself (the
 * frame past it is not taken: a clip is never longer); at BITS_PER_SECOND
 * that bounds its memory to about 30 MB.
 *
 * A browser without MediaRecorder or WebM leaves the button disabled, saying
 * why; a press then says it again and changes nothing. A second press while
 * recording stops.
 *
 * Loaded once the page has drawn its first frame (web/page/on_demand.js):
 * until then the button is the page's markup, named as it stays.
 *
 * A paused, untouched app draws no frames; while a clip records, the app
 * draws every frame (holdFrames), so each has its picture to copy.
 *
 * Usage: createClip({button, badgeEl, canvas, time() -> simulated s,
 * sceneId(), holdFrames(held), showMessage(level, text), download(filename, blob)});
 * afterFrame() after each frame; state().
 */
import { language, t as T } from './text.js';

var MAX_SECONDS = 60;
var BITS_PER_SECOND = 4e6;
var MAX_WIDTH = 1920;  // a larger canvas is scaled down: slides need no more
var TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'];

/** The first WebM type this browser records a canvas in, or null. */
function supportedType() {
  if (typeof window.MediaRecorder !== 'function' || typeof HTMLCanvasElement.prototype.captureStream !== 'function')
    return null;
  if (typeof window.MediaRecorder.isTypeSupported !== 'function') return null;
  for (var i = 0; i < TYPES.length; i++) if (window.MediaRecorder.isTypeSupported(TYPES[i])) return TYPES[i];
  return null;
}

/** Seconds as the badge and messages show them: 0:07, 1:00. */
function clock(seconds) {
  var s = Math.floor(seconds);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

/** Seconds with one decimal in the page's language (12.3 / 12,3). */
function decimal(seconds, digits) {
  return seconds.toLocaleString(language(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function createClip(opts) {
  var type = supportedType();
  // idle -> starting (the recorder starts; the next frame is the first) -> recording
  //   -> stopping (the next frame is the last) -> ending (the next frame stops the recorder) -> saving -> idle
  var phase = 'idle';
  var stopReason = null;   // 'pressed' or 'limit'
  var recorder = null, chunks = [], surface = null, g = null;
  var startedAt = 0, lastAt = 0, simStart = 0, simLast = 0, shownSecond = -1;
  var overlay = null;      // {x, y, w, h} of the time's box in the clip's pixels
  var last = null;         // the last clip saved: {seconds, simStart, simEnd, bytes, width, height, type, filename}

  var badgeTime = document.createElement('span');
  var badgeStop = document.createElement('button');

  function setButton() {
    var b = opts.button;
    b.textContent = '';
    var icon = document.createElement('span');
    icon.setAttribute('aria-hidden', 'true');
    icon.className = 'clip-icon';
    var recording = phase === 'starting' || phase === 'recording';
    icon.textContent = recording ? '\u25A0 ' : '\u25CF ';
    b.appendChild(icon);
    b.appendChild(document.createTextNode(T(recording ? 'clip.stop' : 'clip.record')));
    b.classList.toggle('clip-on', recording);
    if (!type) {
      b.setAttribute('aria-disabled', 'true');
      b.title = T('clip.unsupported');
    } else {
      b.setAttribute('aria-disabled', String(phase === 'stopping' || phase === 'ending' || phase === 'saving'));
      b.title = T(recording ? 'clip.stop_hint' : 'clip.record_hint', { max: MAX_SECONDS });
    }
  }

  function setBadge(seconds) {
    var shown = phase === 'starting' || phase === 'recording';
    // Its Stop pressed: the focus goes to the dock's button, not lost with the badge.
    if (!shown && opts.badgeEl.contains(document.activeElement)) opts.button.focus();
    opts.badgeEl.hidden = !shown;
    var second = Math.floor(seconds);
    if (second === shownSecond) return;
    shownSecond = second;
    badgeTime.textContent = T('clip.badge', { elapsed: clock(seconds), max: clock(MAX_SECONDS) });
  }

  function buildBadge() {
    var dot = document.createElement('span');
    dot.className = 'clip-dot';
    dot.setAttribute('aria-hidden', 'true');
    badgeStop.type = 'button';
    badgeStop.className = 'btn clip-badge-stop';
    var icon = document.createElement('span');
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = '\u25A0 ';
    badgeStop.appendChild(icon);
    badgeStop.appendChild(document.createTextNode(T('clip.stop')));
    badgeStop.addEventListener('click', toggle);
    opts.badgeEl.appendChild(dot);
    opts.badgeEl.appendChild(badgeTime);
    opts.badgeEl.appendChild(badgeStop);
    opts.badgeEl.hidden = true;
  }

  /** The clip's canvas at the app canvas's size (scaled to MAX_WIDTH at most); false if it has none. */
  function makeSurface() {
    var w = opts.canvas.width, h = opts.canvas.height;
    if (!(w > 0 && h > 0)) return false;
    var scale = Math.min(1, MAX_WIDTH / w);
    surface = document.createElement('canvas');
    // Even sizes: VP8/VP9 encoders round odd ones, and some players then show a seam.
    surface.width = 2 * Math.round(w * scale / 2);
    surface.height = 2 * Math.round(h * scale / 2);
    g = surface.getContext('2d', { alpha: false });
    var font = Math.max(14, Math.round(surface.height / 30));
    g.font = '600 ' + font + 'px system-ui, sans-serif';
    var pad = Math.round(font * 0.4);
    // Wide enough for a long run's time ("t = 9999,99 s") so the box never jumps.
    var width = Math.ceil(g.measureText(T('clip.time', { t: decimal(9999.99, 2) })).width) + 2 * pad;
    overlay = { x: surface.width - width - pad, y: pad, w: width, h: font + 2 * pad, pad: pad, font: font };
    return true;
  }

  /** Copies the frame just drawn and writes the simulated time over it. */
  function draw(t) {
    g.drawImage(opts.canvas, 0, 0, surface.width, surface.height);
    var o = overlay;
    g.fillStyle = 'rgba(0, 0, 0, 0.65)';
    g.fillRect(o.x, o.y, o.w, o.h);
    g.fillStyle = '#ffffff';
    g.textBaseline = 'middle';
    g.textAlign = 'right';
    g.fillText(T('clip.time', { t: decimal(t, 2) }), o.x + o.w - o.pad, o.y + o.h / 2);
  }

  function reset() {
    phase = 'idle';
    opts.holdFrames(false);
    recorder = null;
    chunks = [];
    surface = g = null;
    shownSecond = -1;
    setButton();
    setBadge(0);
  }

  /** At the press: the recorder starts on the clip's canvas, which the next frame after its start draws on. */
  function arm() {
    if (!makeSurface()) {  // a canvas of no size (the page hides it): nothing to record
      opts.showMessage('warning', T('clip.no_picture'));
      reset();
      return;
    }
    try {
      recorder = new MediaRecorder(surface.captureStream(), { mimeType: type, videoBitsPerSecond: BITS_PER_SECOND });
    } catch (e) {
      opts.showMessage('error', T('clip.failed', { message: e.message }));
      reset();
      return;
    }
    chunks = [];
    recorder.ondataavailable = function (ev) { if (ev.data && ev.data.size) chunks.push(ev.data); };
    recorder.onerror = function (ev) {
      opts.showMessage('error', T('clip.failed', { message: ev.error ? ev.error.message : '' }));
      reset();
    };
    recorder.onstop = save;
    opts.holdFrames(true);
    phase = 'starting';
    recorder.start();
  }

  /** Stops the recorder: the picture drawn last was shown a frame ago, so the recorder has it. */
  function finish(reason) {
    phase = 'saving';
    stopReason = reason;
    setButton();
    setBadge(0);
    recorder.stop();
  }

  function save() {
    if (phase !== 'saving') return;  // an error came first and said so, or the start was called off
    var blob = new Blob(chunks, { type: 'video/webm' });
    var filename = 'contactlab-' + opts.sceneId() + '.webm';
    last = { seconds: (lastAt - startedAt) / 1000, simStart: simStart, simEnd: simLast, bytes: blob.size,
      width: surface.width, height: surface.height, type: type, filename: filename, overlay: overlay };
    var args = { seconds: decimal(last.seconds, 1), from: decimal(simStart, 2), to: decimal(simLast, 2),
      max: MAX_SECONDS, file: filename };
    opts.download(filename, blob);
    opts.showMessage('info', T(stopReason === 'limit' ? 'clip.saved_limit' : 'clip.saved', args));
    reset();
  }

  /** Called after each of the app's frames, while its picture is still in the WebGL canvas. */
  function afterFrame() {
    if (phase === 'ending') { finish('pressed'); return; }
    if (phase !== 'starting' && phase !== 'recording' && phase !== 'stopping') return;
    var now = performance.now();
    if (phase !== 'starting' && now - startedAt > MAX_SECONDS * 1000) { finish('limit'); return; }
    var t = opts.time();
    draw(t);
    lastAt = now;
    simLast = t;
    if (phase === 'starting') {
      startedAt = now;
      simStart = t;
      phase = 'recording';
      opts.showMessage('info', T('clip.started', { max: MAX_SECONDS }));
    } else if (phase === 'stopping') {
      phase = 'ending';  // the next frame stops the recorder
      return;
    }
    setBadge((now - startedAt) / 1000);
  }

  function toggle() {
    if (!type) { opts.showMessage('warning', T('clip.unsupported')); return; }
    if (phase === 'idle') {
      arm();
    } else if (phase === 'starting') {
      phase = 'idle';  // no picture taken yet: nothing to save
      recorder.stop();
      reset();
      return;
    } else if (phase === 'recording') {
      phase = 'stopping';
    } else {
      return;  // stopping: the clip is on its way
    }
    setButton();
    setBadge(0);
  }

  opts.button.addEventListener('click', toggle);
  buildBadge();
  setButton();

  return {
    afterFrame: afterFrame,
    /** {supported, type, phase, seconds (so far), last}: for tests. */
    state: function () {
      return { supported: !!type, type: type, phase: phase, maxSeconds: MAX_SECONDS,
        seconds: phase === 'recording' || phase === 'stopping' || phase === 'ending' ? (lastAt - startedAt) / 1000 : 0,
        last: last };
    }
  };
}
