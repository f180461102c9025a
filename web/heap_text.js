/* ContactLab: a JavaScript string handed to the engine through the wasm
 * heap. ccall copies 'string' arguments onto the wasm stack (64 KiB), which a
 * scene file of a large pile or a host message would overflow; the heap
 * takes anything up to the engine's own limit (io/json_text.h: 32 MiB).
 * The sweep worker, a classic worker (its engine comes by importScripts),
 * carries the same function (web/sweep_worker.js).
 */

/**
 * Calls fn(pointer) with `text` copied into M's heap as UTF-8 with a
 * terminating zero, frees it afterwards and returns what fn returned, or
 * null without calling fn when the heap cannot take the text.
 */
export function withHeapText(M, text, fn) {
  var size = M.lengthBytesUTF8(text) + 1;
  var ptr = M._malloc(size);
  if (!ptr) return null;
  try {
    M.stringToUTF8(text, ptr, size);
    return fn(ptr);
  } finally {
    M._free(ptr);
  }
}
