// Loads the LazyLifted WebAssembly module in Node for the tests. Not a test
// itself (no .test. in the name). Handles two Emscripten 3.1.6 quirks:
// the ES6 loader uses __dirname/require in Node (quirk 4), and Node's global
// fetch makes it try to fetch the .wasm from a file path (quirk 3), so the
// bytes are read here and passed in.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');

// ctest sets LL_WASM_MODULE and LL_TEST_DATA_DIR (wasm/CMakeLists.txt); the
// defaults match the `wasm` preset, for running `node --test` by hand.
export const modulePath = path.resolve(
    process.env.LL_WASM_MODULE ?? path.join(repoRoot, 'build', 'wasm', 'wasm', 'lazylifted.mjs'));
export const testDataDir = path.resolve(
    process.env.LL_TEST_DATA_DIR ?? path.join(repoRoot, 'tests', 'data'));

let instance;

// Returns the instantiated module (one per test process).
export async function loadLazyLifted() {
    if (!instance) {
        globalThis.__dirname = path.dirname(modulePath);
        globalThis.require = createRequire(pathToFileURL(modulePath));
        const { default: createLazyLifted } = await import(pathToFileURL(modulePath).href);
        const wasmBinary = fs.readFileSync(modulePath.replace(/\.mjs$/, '.wasm'));
        instance = await createLazyLifted({ wasmBinary });
    }
    return instance;
}

// The module speaks JSON text; these wrappers speak objects.
export async function lazyLifted() {
    const m = await loadLazyLifted();
    return {
        version: () => m.version(),
        solve: (request) => JSON.parse(m.solve(JSON.stringify(request))),
        solveWithProgress: (request, onProgress) =>
            JSON.parse(m.solveWithProgress(JSON.stringify(request),
                                           (report) => onProgress(JSON.parse(report)))),
        check: (domain, problem) => JSON.parse(m.check(domain, problem)),
        validate: (domain, problem, plan) => JSON.parse(m.validate(domain, problem, plan)),
        raw: m,
    };
}
