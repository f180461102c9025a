// Splits the app's WebAssembly in two (issue 38: bytes before the first
// frame): index.wasm keeps what the first frame of every scene and preset
// and the first seconds of play run; index.deferred.wasm holds the rest,
// which the page fetches and compiles after the first frame
// (web/page/deferred_code.js). Which functions go is listed in
// cold_functions.txt (written by tests/bench/profile_cold_functions.mjs);
// a function the list does not name stays in index.wasm, so a stale list
// costs bytes, never a missing function.
//   node split_wasm.mjs <linked.wasm with names> <cold_functions.txt> <out index.wasm> <out index.deferred.wasm>
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { FEATURES, definedFunctions, nameKey } from './wasm_function_names.mjs';

const [linked, listFile, primary, secondary] = process.argv.slice(2);
if (!secondary) {
  console.error('usage: node split_wasm.mjs <linked.wasm> <cold_functions.txt> <index.wasm> <index.deferred.wasm>');
  process.exit(2);
}

const cold = new Set(fs.readFileSync(listFile, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#')));
const functions = definedFunctions(linked);
const moved = functions.filter((f) => cold.has(nameKey(f.name)));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'contactlab-split-'));
try {
  if (moved.length === 0) {  // wasm-split would take an empty list for "move every function"
    stripNames(linked, primary);
    fs.writeFileSync(secondary, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));  // an empty module
  } else {
    splitInTwo();
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

function splitInTwo() {
  const names = path.join(work, 'moved.txt');
  fs.writeFileSync(names, moved.map((f) => f.escaped).join('\n') + '\n');
  const outputs = [path.join(work, 'primary.wasm'), path.join(work, 'secondary.wasm')];
  // Emscripten's glue (-sSPLIT_MODULE) gives the primary's exports as "primary"
  // and answers the placeholders' imports from "placeholder".
  execFileSync('wasm-split', [linked, ...FEATURES, '--split-funcs=@' + names, '-o1', outputs[0], '-o2', outputs[1],
    '--export-prefix=%', '--placeholder-namespace=placeholder', '--import-namespace=primary'], { stdio: 'inherit' });
  // The names stay in the build folder's copy only: the page needs none.
  stripNames(outputs[0], primary);
  stripNames(outputs[1], secondary);
}

/** `from` without its names (kept for the split only), written to `to`. */
function stripNames(from, to) {
  execFileSync('wasm-opt', [from, ...FEATURES, '--strip-debug', '-o', to], { stdio: 'inherit' });
}
const size = (file) => fs.statSync(file).size;
console.log(`split_wasm: ${moved.length} of ${functions.length} functions to ${path.basename(secondary)} ` +
  `(${size(primary)} + ${size(secondary)} bytes; ${cold.size - moved.length} listed names not in this build)`);
