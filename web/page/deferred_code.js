/* The app's code that its first frame does not need: index.deferred.wasm
 * (src/app/split_wasm.mjs moves there the functions that the first frame of
 * every scene and preset, and its first seconds of play, never call).
 *
 * Right after the first frame the page fetches it and compiles it off the
 * main thread, then instantiates it: it writes its functions into the app's
 * function table over the placeholders index.wasm calls them through. A page
 * the service worker serves (a repeat visit) loads it before main(). Should
 * a placeholder be called before that (a click in the first moments, a link
 * to a rarely used part), Emscripten's glue asks loadSplitModule for the
 * code at once, and it is fetched and compiled synchronously.
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
        compiled = new WebAssembly.Module(fetchNow(file));
      }
      instantiate(imports);
    },
    /** Starts fetching and compiling the code (off the main thread), once. */
    fetchAhead: fetchAhead,
    /** Instantiates the code as soon as it is compiled (after the first frame). */
    loadAhead: function (Module) {
      fetchAhead().then(function () { instantiateCompiled(Module); });
    },
    /**
     * A preRun callback: main() waits for the code. For a page served by the
     * service worker, where it costs no download and where the synchronous
     * fetch of loadSplitModule would bypass the worker (offline, it fails).
     */
    beforeMain: function (Module) {
      Module.addRunDependency('deferred-code');
      fetchAhead().then(function () {
        instantiateCompiled(Module);
        Module.removeRunDependency('deferred-code');
      });
    }
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
    var response = fetch(FILE);
    var compiling = typeof WebAssembly.compileStreaming === 'function'
      ? WebAssembly.compileStreaming(response)
      : response.then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.compile(b); });
    loading = compiling.then(function (module) {
      if (!compiled) compiled = module;
    }).catch(function (e) {
      // Not fatal: a placeholder called later fetches the code again, and fails loudly if it cannot.
      console.warn('ContactLab: ' + FILE + ' not loaded ahead: ' + e);
    });
    return loading;
  }
}
