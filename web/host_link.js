/* ContactLab host link: a course page that embeds ContactLab in an iframe
 * talks to it with postMessage (the protocol: src/engine/io/host_message.h;
 * the page side of it is here).
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
 * Global: ContactLabHostLink.
 */
var ContactLabHostLink = (function () {
  'use strict';

  var PROTOCOL_VERSION = 1;
  var MAX_MESSAGE_CHARS = 8 * 1024 * 1024;  // the engine's limit in bytes (io/json_text.h); refused before copying
  var LISTED_ORIGIN_CHARS = 80;             // a refused origin is quoted this far in messages

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

  function clip(text) {
    text = String(text);
    return text.length > LISTED_ORIGIN_CHARS ? text.slice(0, LISTED_ORIGIN_CHARS) + '…' : text;
  }

  /**
   * options: {hostMessage(text) -> reply JSON text (the engine), allowValue()
   * -> the link's raw `allow` value or null, showMessage(level, text)}.
   */
  function create(options) {
    var warnedAllow = null;  // the allow value whose bad entries were reported

    function reply(ev, body) {
      // A sender without an origin to address ("null": sandboxed or file pages) gets no reply.
      if (!ev.source || typeof ev.source.postMessage !== 'function' || ev.origin === 'null') return;
      try {
        ev.source.postMessage(body, ev.origin);
      } catch (e) {
        // The sender's window is gone or navigated away: nothing to answer.
      }
    }

    function refuse(ev, error) {
      options.showMessage('warning', 'A message from ' + clip(ev.origin) + ' was refused: ' + error);
      reply(ev, { type: 'contactlab', v: PROTOCOL_VERSION, ok: false, error: error });
    }

    function allowed(origin) {
      var value = options.allowValue();
      var policy = allowedOrigins(value);
      if (policy.rejected.length && warnedAllow !== value) {
        warnedAllow = value;
        options.showMessage('warning', 'The link\'s allow= entries ' + policy.rejected.map(clip).join(', ') +
          ' are not origins like https://course.example and were ignored.');
      }
      return { ok: policy.origins.indexOf(origin) >= 0, origins: policy.origins };
    }

    function onMessage(ev) {
      if (ev.source === window) return;  // the page's own posts (and extensions' content scripts) are not a host's
      var policy = allowed(ev.origin);
      if (!policy.ok) {
        refuse(ev, 'this page accepts messages only from ' +
          (policy.origins.length ? policy.origins.map(clip).join(', ') : 'no origin') +
          ' (the link\'s allow= key lists the origins a host page may use)');
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
          refuse(ev, 'a message must be a JSON object or its text');
          return;
        }
      }
      if (text.length > MAX_MESSAGE_CHARS) {
        refuse(ev, 'the message has ' + text.length + ' characters, more than the limit of ' + MAX_MESSAGE_CHARS);
        return;
      }
      var answer = options.hostMessage(text);
      if (answer == null) {
        refuse(ev, 'the page could not take the message (out of memory)');
        return;
      }
      reply(ev, JSON.parse(answer));  // the engine writes the reply: always one JSON object
    }

    return {
      start: function () { window.addEventListener('message', onMessage); },
      stop: function () { window.removeEventListener('message', onMessage); },
      /** The origins accepted now (tests and the status). */
      origins: function () { return allowedOrigins(options.allowValue()).origins; }
    };
  }

  return { create: create, allowedOrigins: allowedOrigins };
})();
