/* ContactLab offline: the service worker (web/sw.js) keeps the whole site
 * after the first visit, so a course page works on a train or in an exam
 * room. Registered once the app has started, so its own downloads do not
 * slow the first visit.
 */
import { showMessage } from './messages.js';
import { t as T } from '../text.js';

var offline = { registered: false, error: null };
var UPDATE_CHECK_DELAY_MS = 3000;

/**
 * Registers the service worker that keeps the site for offline use. A new
 * version found later waits (never a mix of old and new files in one page)
 * until the user reloads into it from the message offered.
 */
export function startOffline() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  var sw = navigator.serviceWorker;
  var reloading = false;
  function offerUpdate(worker) {
    showMessage('info', T('page.update_ready'), {
      label: T('page.update_reload'),
      run: function () { reloading = true; worker.postMessage('activate-now'); }
    });
  }
  sw.addEventListener('controllerchange', function () { if (reloading) location.reload(); });
  function watchInstall(worker) {
    if (!worker) return;
    worker.addEventListener('statechange', function () {
      if (worker.state === 'installed' && sw.controller) offerUpdate(worker);
    });
  }
  function follow(registration) {
    offline.registered = true;
    if (registration.waiting && sw.controller) offerUpdate(registration.waiting);
    watchInstall(registration.installing);  // a new version may have been found before this page asked
    registration.addEventListener('updatefound', function () { watchInstall(registration.installing); });
  }
  // A page the worker already serves asks it for a new version, a little after its start: asked
  // during it, Chromium (156) left the check, and every later one, waiting without end. A first
  // visit registers the worker (register() for a worker it has also waited long).
  sw.getRegistration().then(function (registration) {
    if (!registration) return sw.register('sw.js').then(follow);
    follow(registration);
    setTimeout(function () {
      if (navigator.onLine !== false) registration.update().catch(function () {});  // offline: nothing to find
    }, UPDATE_CHECK_DELAY_MS);
  }).catch(function (e) {
    // Storage blocked (a private window, an embedding page's policy) or the server unreachable:
    // the page works as it did without the worker.
    offline.error = String(e && e.message || e);
  });
}

/** {registered, error, controlled (this page came from the worker's cache)}. */
export function offlineState() {
  return { registered: offline.registered, error: offline.error,
    controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller) };
}
