/* ContactLab for course pages: an ES module a host page imports to drive an
 * embedded ContactLab iframe through the postMessage protocol (version 1;
 * the page side: web/host_link.js, the commands: src/engine/io/host_message.h).
 *
 *   import { ContactLab } from './contactlab.mjs';
 *   const lab = await ContactLab.connect(document.querySelector('iframe'));
 *   lab.on('event', (e) => console.log(e.kind, e.t, e.fields));
 *   await lab.setParams({ L: 1.2 });   // rejects with the page's reason if refused
 *   await lab.play();
 *   lab.on('statement', (s) => console.log(s.verb.display['en-US'], s.result));  // an activity's xAPI-shaped statements
 *   const record = await lab.getActivityRecord();  // all of them, and the answers
 *   const table = await lab.loadData('bounces.csv', csvText);  // measurements for "Fit to measured data"
 *
 * Only messages from the iframe's own window and origin are read; the iframe
 * must allow this page's origin (its link's `allow=` key, or by default the
 * page that embeds it).
 */

export const PROTOCOL_VERSION = 1;

const HELLO_EVERY_MS = 250;        // a page still loading does not listen yet: say hello again
const CONNECT_TIMEOUT_MS = 30000;  // the first visit loads a few MB
const REPLY_TIMEOUT_MS = 15000;
const LOAD_DATA_TIMEOUT_MS = 60000;  // the first table also loads the fit panel, uPlot and the fit's worker

/** A command the page refused (or did not answer): `message` is the page's reason. */
export class ContactLabError extends Error {
  constructor(message, command) {
    super(message);
    this.name = 'ContactLabError';
    this.command = command;
  }
}

function frameOrigin(iframe, origin) {
  if (origin) return new URL(origin).origin;
  const src = iframe.getAttribute('src');
  if (!src) throw new ContactLabError('the iframe has no src: give connect() the origin of ContactLab', 'connect');
  return new URL(src, document.baseURI).origin;
}

/** One connection to one ContactLab iframe. */
class Lab {
  constructor(iframe, origin, options) {
    this.iframe = iframe;
    this.origin = origin;
    this.info = null;              // the hello reply: protocol, scene, description, params, running, t
    this._nextId = 1;
    this._pending = new Map();     // id -> {resolve, reject, timer, command}
    this._listeners = new Map();   // event name -> Set of functions
    this._autoSize = !!options.autoSize;
    this._onMessage = (ev) => this._receive(ev);
    this._connecting = false;
    this._onLoad = () => this._reconnect();
    window.addEventListener('message', this._onMessage);
    iframe.addEventListener('load', this._onLoad);  // a reload of the iframe: subscribe again
  }

  _receive(ev) {
    if (ev.source !== this.iframe.contentWindow || ev.origin !== this.origin) return;
    const body = ev.data;
    if (!body || typeof body !== 'object' || body.type !== 'contactlab') return;
    if (typeof body.event === 'string') {
      if (body.event === 'ready') {  // the page (re)started: hello says 'ready' with what it is
        this._reconnect();
        return;
      }
      if (body.event === 'resize' && this._autoSize && body.data && Number.isFinite(body.data.height)) {
        this.iframe.style.height = Math.round(body.data.height) + 'px';
      }
      if (body.event === 'params' && this.info && body.data) {
        this.info.scene = body.data.scene;
        this.info.params = body.data.params;
        if (body.data.description) this.info.description = body.data.description;
      }
      this._emit(body.event, body.data);
      return;
    }
    const pending = this._pending.get(body.id);
    if (!pending) return;
    this._pending.delete(body.id);
    clearTimeout(pending.timer);
    if (body.ok) pending.resolve(body.result);
    else pending.reject(new ContactLabError(String(body.error), pending.command));
  }

  _reconnect() {
    if (this._connecting) return;
    this.hello().catch((e) => this._emit('error', { level: 'error', message: e.message }));
  }

  _emit(name, data) {
    const set = this._listeners.get(name);
    if (set) for (const fn of [...set]) fn(data);
  }

  /** Calls `fn(data)` on each event `name` (see README): returns a function that stops it. */
  on(name, fn) {
    if (!this._listeners.has(name)) this._listeners.set(name, new Set());
    this._listeners.get(name).add(fn);
    return () => this.off(name, fn);
  }

  off(name, fn) {
    const set = this._listeners.get(name);
    if (set) set.delete(fn);
  }

  /** Sends one command; resolves with its result, rejects with a ContactLabError. */
  send(cmd, args = {}, timeoutMs = REPLY_TIMEOUT_MS) {
    const target = this.iframe.contentWindow;
    if (!target) return Promise.reject(new ContactLabError('the iframe has no window (removed from the page?)', cmd));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this._pending.delete(id);
        reject(new ContactLabError(`no reply to '${cmd}' within ${timeoutMs} ms`, cmd));
      }, timeoutMs);
      this._pending.set(id, { resolve, reject, timer, command: cmd });
      target.postMessage({ ...args, type: 'contactlab', v: PROTOCOL_VERSION, id, cmd }, this.origin);
    });
  }

  /** Says hello until the page answers (it may still be loading); the page then posts its events here. */
  async hello(timeoutMs = CONNECT_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    this._connecting = true;
    try {
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new ContactLabError(`ContactLab at ${this.origin} did not answer within ${timeoutMs} ms`, 'hello');
        try {
          this.info = await this.send('hello', {}, Math.min(HELLO_EVERY_MS, left));
          this._emit('ready', this.info);
          return this.info;
        } catch (e) {
          if (!/^no reply/.test(e.message)) throw e;  // a refusal (origin not allowed...) is final
        }
      }
    } finally {
      this._connecting = false;
    }
  }

  getParams() { return this.send('get_params'); }
  /** `params`: {name: value}; all are checked first, one bad value refuses them all. */
  setParams(params) { return this.send('set_params', { params }); }
  /** {scene, preset?, params?, state?}: a scene, a preset of it, parameters, a saved state. */
  load(what) { return this.send('load', what); }
  play() { return this.send('play'); }
  pause() { return this.send('pause'); }
  step() { return this.send('step'); }
  reset() { return this.send('reset'); }
  /** The current state as a scene file (the same JSON as "Save scene"). */
  getState() { return this.send('get_state'); }
  /** {names?: [...], maxPoints?: n}: the recorded series, evenly thinned to maxPoints. */
  getSeries({ names, maxPoints } = {}) {
    const args = {};
    if (names) args.names = names;
    if (maxPoints != null) args.max_points = maxPoints;
    return this.send('get_series', args);
  }
  /** 'series' | 'events' | 'scene' | 'loops' | 'report': {what, filename, mime, text}. */
  exportText(what) { return this.send('export', { what }); }
  /**
   * What the student did in the activity the page holds: {activity: {id, title,
   * scene}, statements: [xAPI-shaped, the actor left to you], answers: [{question,
   * quantity, unit, prediction, measured, difference, success, explanation}]};
   * null when the page holds no activity.
   */
  async getActivityRecord() { return (await this.send('get_activity_record')).record; }
  /**
   * Hands the page a table of measurements (`text`: a CSV from phyphox,
   * Tracker or a spreadsheet, at most 8 MiB; `name`: its file name, as the
   * page shows it) for its "Fit to measured data" panel, which opens to show
   * it. Resolves with the table read: {name, title, rows, columns: [{name,
   * unit}]}; rejects with a ContactLabError giving the reason a table is
   * refused (the one loaded before stays).
   */
  loadData(name, text) { return this.send('load_data', { name, text }, LOAD_DATA_TIMEOUT_MS); }

  /** Stops listening; pending commands are rejected. */
  disconnect() {
    window.removeEventListener('message', this._onMessage);
    this.iframe.removeEventListener('load', this._onLoad);
    for (const [, p] of this._pending) {
      clearTimeout(p.timer);
      p.reject(new ContactLabError('disconnected', p.command));
    }
    this._pending.clear();
    this._listeners.clear();
  }
}

/**
 * Connects to the ContactLab page in `iframe` (its src's origin, or
 * options.origin). options.autoSize: set the iframe's height from the page's
 * size hints. Resolves when the page has answered hello.
 */
async function connect(iframe, options = {}) {
  const lab = new Lab(iframe, frameOrigin(iframe, options.origin), options);
  try {
    await lab.hello(options.timeoutMs || CONNECT_TIMEOUT_MS);
  } catch (e) {
    lab.disconnect();
    throw e;
  }
  return lab;
}

export const ContactLab = { connect, PROTOCOL_VERSION, ContactLabError };
export default ContactLab;
