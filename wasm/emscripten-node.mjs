// Loading an Emscripten 3.1.6 ES6 module in Node (shared TOOLCHAIN.md quirks
// 3 and 4): its loader uses __dirname and require, and Node's global fetch
// cannot read the .wasm from a file path, so the bytes are passed in. Both
// workers (planner-worker.mjs, trainer-worker.mjs) import this in Node only.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Sets the loader's globals for the module at `moduleHref` and returns the
// options that pass it its wasm (`wasmUrl`, or the .wasm next to it).
export function nodeModuleOptions(moduleHref, wasmUrl) {
    const modulePath = fileURLToPath(moduleHref);
    globalThis.__dirname = path.dirname(modulePath);
    globalThis.require = createRequire(moduleHref);
    const wasmPath = wasmUrl ? fileURLToPath(String(wasmUrl)) : modulePath.replace(/\.m?js$/, '.wasm');
    return { wasmBinary: fs.readFileSync(wasmPath) };
}
