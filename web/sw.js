/* ContactLab's service worker: after the first visit the whole static site
 * is served from one cache, so a course page keeps working offline (on a
 * train, in an exam room).
 *
 * Versioned: the build writes VERSION (a hash of every file of the site)
 * and FILES below (src/app/service_worker.cmake). A changed site is a new
 * worker, which fills a cache of its own and waits: the page offers a
 * reload, and only then does the new worker take over. A page is thus
 * always served by one worker from one cache, never a mix of an old
 * index.wasm with a new index.js.
 */
'use strict';

var VERSION = '@SITE_VERSION@';
var FILES = [@SITE_FILES@];
var CACHE = 'contactlab-' + VERSION;
var CACHE_PREFIX = 'contactlab-';

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // Revalidated with the server (a 304 costs nothing): an HTTP cache could hand back an older file.
    return cache.addAll(FILES.map(function (file) { return new Request(file, { cache: 'no-cache' }); }));
  }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(CACHE_PREFIX) === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

/** The site's file a request asks for ('index.html' for the page itself), or null. */
function siteFile(request) {
  if (request.method !== 'GET') return null;
  var url = new URL(request.url);
  var scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || url.pathname.indexOf(scope.pathname) !== 0) return null;
  var file = url.pathname.slice(scope.pathname.length) || 'index.html';
  return FILES.indexOf(file) >= 0 ? file : null;
}

self.addEventListener('fetch', function (event) {
  var file = siteFile(event.request);
  if (!file) return;  // not the site's: the network, as without a worker
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(file).then(function (hit) {
      // A cache the browser emptied (storage pressure) is refilled as files are asked for.
      return hit || fetch(event.request).then(function (response) {
        if (response.ok) cache.put(file, response.clone());
        return response;
      });
    });
  }));
});

self.addEventListener('message', function (event) {
  if (event.data === 'activate-now') self.skipWaiting();  // the page chose to reload into the new version
});
