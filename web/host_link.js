/* ContactLab host link: a course page that embeds ContactLab in an iframe
 * talks to it with postMessage (the protocol: src/engine/io/host_message.h;
 * the page side of it is here; the host side is web/contactlab.mjs).
 *
 * Who may talk: the origins listed in the link's `allow=` key (comma
 * separated, e.g. `allow=https://course.example,http://127.0.0.1:8000`);
 * without it, the origin of the page that embeds this one (or this page's own
 * origin when it is not embedded). Messages from any other origin are
 * refused with a reply and a warning on the page.
 *
 * What happens to a message: its text (a JSON string, or an object, which is
 * turned into JSON) goes to the engine, which validates all of it before
 * anything changes and answers; the answer is posted back to the sender's
 * window and origin as an object {type: "contactlab", v: 1, id, ok,
 * result | error}. Nothing a host sends reaches the DOM as HTML: refusals
 * are shown as text.
 *
 * Events: a sender whose `hello` was answered is a subscriber; the page posts
 * it {type: "contactlab", v: 1, event, data} (the list below, at WATCH_MS). When embedded,
 * the page also posts `ready` to its parent at start (to the allowed origins
 * only), so a host knows when to say hello.
 *
 * Usage (see page.js): createHostLink({hostMessage, allowValue, showMessage,
 * status, eventsSince, describe, sizeHint, activityRecord, loadData}).start().
 */
import { clip, t as T } from './text.js';

var PROTOCOL_VERSION = 1;
var MAX_MESSAGE_CHARS = 32 * 1024 * 1024;  // the engine's limit in bytes (io/json_text.h); refused before copying
var WATCH_MS = 100;                       // how often the run is looked at for events
var MAX_SUBSCRIBERS = 8;                  // windows that said hello (the oldest is dropped)
/**
 * The events a subscriber gets, with their data:
 *   ready    {protocol}                            the page has started (posted to the parent)
 *   params   {scene, params, changed, description?} a parameter or the scene changed (description: a new
 *                                                  scene, or an activity's rules set or ended)
 *   played   {t}                                   the run started playing
 *   stopped  {reason: "paused" | "failed", message, t}
 *   reset    {t}                                   the run went back to its start
 *   event    {t, kind, fields, skipped}            an impact or other event of the run (skipped: events
 *                                                  between two looks that were not sent, when very many)
 *   error    {level: "warning" | "error", message} what the page showed as a warning or error
 *   resize   {width, height}                       the size (CSS px) the page reads best at, for the iframe
 *   statement {xAPI-shaped statement}              what the student did in an activity (web/statements.js)
 * The command get_activity_record is checked by the engine and answered here,
 * with the page's record of the activity (options.activityRecord()).
 * load_data is checked by the engine (its shape) and answered once the page's
 * fit panel has read the table (options.loadData(name, text), a promise):
 * {name, title, rows, columns: [{name, unit}]}, or a refusal with the
 * panel's reason. Its reply may come after replies to later messages: the
 * id tells them apart.
 */

/** An origin as the browser writes it ("https://a.example:8443"), or null. */
function canonicalOrigin(text) {
  try {
    var url = new URL(text);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== text) return null;
    return url.origin;
  } catch (e) {
    return null;
  }
}

/** The origin of the page that embeds this one; this page's own when it is not embedded. */
function embeddingOrigin() {
  if (window.parent === window) return location.origin;
  if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch (e) {
    return null;
  }
}

/**
 * The origins `allow` (the raw hash value, or null) admits:
 * {origins: [...], rejected: [...]}; without `allow`, the embedding page's.
 */
function allowedOrigins(allow) {
  if (allow == null || allow === '') {
    var own = embeddingOrigin();
    return { origins: own && own !== 'null' ? [own] : [], rejected: [] };
  }
  var text;
  try {
    text = decodeURIComponent(allow);
  } catch (e) {
    return { origins: [], rejected: [String(allow)] };
  }
  var result = { origins: [], rejected: [] };
  text.split(',').forEach(function (item) {
    var origin = canonicalOrigin(item.trim());
    if (origin) result.origins.push(origin);
    else if (item.trim()) result.rejected.push(item.trim());
  });
  return result;
}


/** A message as an object (it may come as its JSON text), or null. */
function messageObject(data) {
  if (typeof data === 'string' && data.length <= MAX_MESSAGE_CHARS) {
    try {
      data = JSON.parse(data);
    } catch (e) {
      return null;
    }
  }
  return data && typeof data === 'object' ? data : null;
}

/** The integer id of a message (an object, or its JSON text), or null. */
function messageId(data) {
  var m = messageObject(data);
  return m && Number.isSafeInteger(m.id) ? m.id : null;
}

function sameParams(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Names whose values differ between two {name: text} objects. */
function changedNames(before, after) {
  var names = Object.keys(after).filter(function (n) { return !before || before[n] !== after[n]; });
  return names.sort();
}

/**
 * options: {hostMessage(text) -> reply JSON text (the engine), allowValue()
 * -> the link's raw `allow` value or null, showMessage(level, text),
 * status() -> the app's status object, eventsSince(n) -> {total, events},
 * describe() -> the current scene's description, sizeHint() -> {width, height},
 * activityRecord() -> the record of the activity held, or null,
 * loadData(name, text) -> a promise of the measured table read ({title, rows,
 * columns}), rejected with an Error giving the reason it was refused}.
 */
export function createHostLink(options) {
  var warnedAllow = null;  // the allow value whose bad entries were reported
  var subscribers = [];    // {source, origin} of windows that said hello
  var watchTimer = 0;
  var seen = null;         // what the last look at the run found

  function reply(ev, body) {
    // A sender without an origin to address ("null": sandboxed or file pages) gets no reply.
    if (!ev.source || typeof ev.source.postMessage !== 'function' || ev.origin === 'null') return;
    try {
      ev.source.postMessage(body, ev.origin);
    } catch (e) {
      // The sender's window is gone or navigated away: nothing to answer.
    }
  }

  /** Refuses the message `ev` brings (its `id` when known, else read from it). */
  function refuse(ev, error, id) {
    options.showMessage('warning', T('host.message_refused', { origin: clip(ev.origin), error: error }));
    var body = { type: 'contactlab', v: PROTOCOL_VERSION, ok: false, error: error };
    if (id === undefined) id = messageId(ev.data);
    if (id != null) body.id = id;  // so the sender knows which of its messages this answers
    reply(ev, body);
  }

  function allowed(origin) {
    var value = options.allowValue();
    var policy = allowedOrigins(value);
    if (policy.rejected.length && warnedAllow !== value) {
      warnedAllow = value;
      options.showMessage('warning', T('host.allow_ignored', { entries: policy.rejected.map(clip).join(', ') }));
    }
    return { ok: policy.origins.indexOf(origin) >= 0, origins: policy.origins };
  }

  function onMessage(ev) {
    if (ev.source === window) return;  // the page's own posts (and extensions' content scripts) are not a host's
    var policy = allowed(ev.origin);
    if (!policy.ok) {
      refuse(ev, T('host.origin_refused', {
        origins: policy.origins.length ? policy.origins.map(clip).join(', ') : T('host.no_origin') }));
      return;
    }
    var text = ev.data;
    if (typeof text !== 'string') {
      try {
        text = JSON.stringify(text);
      } catch (e) {
        text = null;
      }
      if (typeof text !== 'string') {
        refuse(ev, T('host.not_json'));
        return;
      }
    }
    if (text.length > MAX_MESSAGE_CHARS) {
      refuse(ev, T('host.too_long', { length: text.length, limit: MAX_MESSAGE_CHARS }));
      return;
    }
    var answer = options.hostMessage(text);
    if (answer == null) {
      refuse(ev, T('host.out_of_memory'));
      return;
    }
    var body = JSON.parse(answer);  // the engine writes the reply: always one JSON object
    var sent = body.ok ? messageObject(ev.data) : null;  // as the engine read it
    if (sent && sent.cmd === 'get_activity_record') body.result.record = options.activityRecord();
    if (sent && sent.cmd === 'load_data') {
      loadData(ev, body, sent.text);
      return;
    }
    reply(ev, body);
    if (body.ok && body.result && body.result.protocol === PROTOCOL_VERSION) subscribe(ev.source, ev.origin);
  }

  /**
   * Answers an accepted load_data once the fit panel has read the table (the
   * engine's reply, `body`, names it); a table the panel refuses is refused
   * like any message, with the panel's reason.
   */
  function loadData(ev, body, text) {
    var name = body.result.name;
    new Promise(function (resolve) { resolve(options.loadData(name, text)); }).then(function (table) {
      body.result = {
        name: name, title: table.title, rows: table.rows,
        columns: table.columns.map(function (c) { return { name: c.name, unit: c.unit }; })
      };
      reply(ev, body);
    }).catch(function (e) {
      refuse(ev, String(e && e.message || e), body.id != null ? body.id : null);
    });
  }

  // ---- Events -------------------------------------------------------------

  function post(target, name, data) {
    try {
      target.source.postMessage({ type: 'contactlab', v: PROTOCOL_VERSION, event: name, data: data }, target.origin);
      return true;
    } catch (e) {
      return false;  // the window is gone: dropped below
    }
  }

  function emit(name, data) {
    // A link edited since the hello may no longer allow a subscriber's origin: it hears nothing more.
    var origins = allowedOrigins(options.allowValue()).origins;
    subscribers = subscribers.filter(function (s) {
      return !s.source.closed && origins.indexOf(s.origin) >= 0 && post(s, name, data);
    });
    if (!subscribers.length) stopWatching();
  }

  function subscribe(source, origin) {
    subscribers = subscribers.filter(function (s) { return s.source !== source; });
    subscribers.push({ source: source, origin: origin });
    if (subscribers.length > MAX_SUBSCRIBERS) subscribers.shift();
    if (!seen) seen = look();
    post(subscribers[subscribers.length - 1], 'resize', seen.size);
    if (!watchTimer) watchTimer = setInterval(watch, WATCH_MS);
  }

  function stopWatching() {
    clearInterval(watchTimer);
    watchTimer = 0;
    seen = null;
  }

  function look() {
    var st = options.status();
    return { scene: st.scene, params: st.params, running: st.running, failed: st.failed, message: st.message,
      t: st.t, events: st.events, activity: st.activity_revision, size: options.sizeHint() };
  }

  /** Compares the run with the last look and posts what changed. */
  function watch() {
    var was = seen;
    var now;
    try {
      now = look();
    } catch (e) {
      return;  // the app is not ready (or stopped): nothing to tell
    }
    seen = now;
    if (now.scene !== was.scene || now.activity !== was.activity || !sameParams(now.params, was.params)) {
      var data = { scene: now.scene, params: now.params, changed: changedNames(now.scene === was.scene ? was.params : null, now.params) };
      // A new scene, or an activity's rules set or ended: the specs as the page now shows them.
      if (now.scene !== was.scene || now.activity !== was.activity) data.description = options.describe();
      emit('params', data);
    }
    if (now.t < was.t || now.events < was.events) emit('reset', { t: now.t });
    else if (now.events > was.events) {
      var fresh = options.eventsSince(was.events);
      var list = fresh && fresh.events ? fresh.events : [];
      var skipped = now.events - was.events - list.length;
      list.forEach(function (e, k) {
        emit('event', { t: e.t, kind: e.kind, fields: e.fields, skipped: k === 0 ? Math.max(0, skipped) : 0 });
      });
    }
    if (was.running && !now.running) {
      emit('stopped', { reason: now.failed ? 'failed' : 'paused', message: now.failed ? now.message : '', t: now.t });
    } else if (!was.running && now.running) {
      emit('played', { t: now.t });
    }
    if (now.size.width !== was.size.width || now.size.height !== was.size.height) emit('resize', now.size);
  }

  /** Tells the parent page, if it is an allowed host, that ContactLab has started. */
  function announceReady() {
    if (window.parent === window) return;
    allowedOrigins(options.allowValue()).origins.forEach(function (origin) {
      try {
        window.parent.postMessage({ type: 'contactlab', v: PROTOCOL_VERSION, event: 'ready', data: { protocol: PROTOCOL_VERSION } }, origin);
      } catch (e) {
        // A parent on another origin: postMessage drops it, nothing to do.
      }
    });
  }

  return {
    start: function () {
      window.addEventListener('message', onMessage);
      announceReady();
    },
    stop: function () {
      window.removeEventListener('message', onMessage);
      stopWatching();
      subscribers = [];
    },
    /** Posts an `error` event for a warning or error the page showed. */
    pageMessage: function (level, text) {
      if (subscribers.length && (level === 'warning' || level === 'error')) emit('error', { level: level, message: String(text) });
    },
    /** Posts a `statement` event (web/statements.js) to the hosts that said hello. */
    statement: function (s) {
      if (subscribers.length) emit('statement', s);
    },
    /** The origins accepted now (tests and the status). */
    origins: function () { return allowedOrigins(options.allowValue()).origins; },
    subscribers: function () { return subscribers.length; }
  };
}
