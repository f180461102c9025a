/* The app's code that its first frame does not need: index.deferred.wasm
 * (src/app/split_wasm.mjs moves there the functions that the first frame of
 * every scene and preset, and its first seconds of play, never call).
 *
 * Right after the first frame the page fetches it and compiles it off the
 * main thread, then instantiates it: it writes its functions into the app's
 * function table over the placeholders index.wasm calls them through. A page
 * the service worker serves (a repeat visit) starts fetching it before
 * main(). Should a placeholder be called before the code is in (a click in
 * the first moments, a link to a rarely used part), Emscripten's glue asks
 * loadSplitModule for the code at once, and it is compiled synchronously:
 * from the bytes fetched ahead once they are in, else fetched synchronously
 * (which bypasses the service worker: offline, only the bytes fetched ahead
 * can serve, and from the worker's cache they are in long before the first
 * frame).
 */
var FILE = 'index.deferred.wasm';

/** The bytes of `url`, synchronously (a window's synchronous request cannot ask for an ArrayBuffer). */
function fetchNow(url) {
  var request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send(null);
  if (request.status !== 200) throw new Error(url + ': HTTP ' + request.status);
  var text = request.responseText;
  var bytes = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/**
 * The deferred code's loader. Writes into `timings` (ms since navigation
 * start) deferredCode, when the code is in, and deferredNeededEarlyBy, the
 * placeholder that could not wait for the background load (if one could not).
 */
export function createDeferredCode(timings) {
  var compiled = null;  // WebAssembly.Module of index.deferred.wasm
  var bytes = null;     // its bytes, fetched ahead, until it is compiled
  var instantiated = false;
  var loading = null;   // the background load's promise

  function instantiate(imports) {
    if (instantiated) return;
    new WebAssembly.Instance(compiled, imports);  // its element segment fills the table
    instantiated = true;
    timings.deferredCode = performance.now();
  }

  return {
    /** Module.loadSplitModule: Emscripten's glue calls it from a placeholder, which then calls the real function. */
    loadSplitModule: function (file, imports, placeholder) {
      if (!compiled) {
        timings.deferredNeededEarlyBy = String(placeholder);
        compiled = new WebAssembly.Module(bytes || fetchNow(file));
        bytes = null;
      }
      instantiate(imports);
    },
    /** Starts fetching and compiling the code (off the main thread), once. */
    fetchAhead: fetchAhead,
    /** Instantiates the code as soon as it is compiled (after the first frame). */
    loadAhead: function (Module) {
      fetchAhead().then(function () { instantiateCompiled(Module); });
    },
  };

  function instantiateCompiled(Module) {
    if (!compiled) return;  // the fetch failed (said above)
    try {
      instantiate({ primary: Module.asm });
    } catch (e) {
      console.warn('ContactLab: ' + FILE + ' does not fit index.wasm: ' + e);
    }
  }

  function fetchAhead() {
    if (loading) return loading;
    var response = fetch(FILE).then(function (r) {
      // A copy of the bytes for a placeholder that cannot wait for the compilation.
      r.clone().arrayBuffer().then(function (b) { if (!compiled) bytes = new Uint8Array(b); }, function () {});
      return r;
    });
    var compiling = typeof WebAssembly.compileStreaming === 'function'
      ? WebAssembly.compileStreaming(response)
      : response.then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.compile(b); });
    loading = compiling.then(function (module) {
      if (!compiled) compiled = module;
      bytes = null;
    }).catch(function (e) {
      // Not fatal: a placeholder called later fetches the code again, and fails loudly if it cannot.
      console.warn('ContactLab: ' + FILE + ' not loaded ahead: ' + e);
    });
    return loading;
  }
}
