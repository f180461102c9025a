// The names of a WebAssembly module's own functions, as binaryen's tools
// (wasm-split) take them, and the short key that src/app/cold_functions.txt
// lists a function by. The module must carry its names (emcc --profiling-funcs).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';

// The features of emcc's output that binaryen's tools must be told of
// (-fwasm-exceptions, and Emscripten's defaults).
export const FEATURES = ['--enable-exception-handling', '--enable-mutable-globals', '--enable-bulk-memory',
  '--enable-sign-ext'];

/**
 * The module's defined functions in index order: {escaped, name}. `escaped`
 * is the name as wasm-dis prints it (binaryen writes a character that is not
 * allowed in a text-format name as \XX, its hex code), `name` the name itself.
 */
export function definedFunctions(wasmFile) {
  const text = execFileSync('wasm-dis', [wasmFile], { maxBuffer: 1 << 30, encoding: 'latin1' });
  const functions = [];
  for (const match of text.matchAll(/^ \(func \$(\S+)/gm)) {
    const escaped = match[1];
    const bytes = Buffer.from(escaped.replace(/\\([0-9a-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    functions.push({ escaped, name: bytes.toString('utf8') });
  }
  return functions;
}

/** A function's key in cold_functions.txt: 16 hex digits of the SHA-256 of its name (names run to kilobytes). */
export function nameKey(name) {
  return crypto.createHash('sha256').update(name).digest('hex').slice(0, 16);
}
