// Clp (native and the module's wasm build) against HiGHS (the `highs` npm
// package, wasm) on one LP file, e.g. the ranking LP of a training set
// written by `lltrain --export-lp` (docs/training-lp.md, "Clp and HiGHS").
// Each solver runs in a process of its own, one after the other, under
// /usr/bin/time (peak RSS); prints a Markdown table.
//
//   LL_HIGHS_MODULE=/path/to/node_modules/highs \
//   LL_CLP_NATIVE=/tmp/clp_solve node benchmarks/lp/compare_lp_solvers.mjs FILE.lp
//
// LL_CLP_NATIVE: benchmarks/lp/clp_solve.cpp built against Debian's Clp;
// the wasm build is build/wasm/wasm/clp_solve.cjs (target clp_solve_wasm).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: compare_lp_solvers.mjs FILE.lp');

const runs = [
    ['Clp 1.17 native (Debian)', process.env.LL_CLP_NATIVE ?? '/tmp/clp_solve', [file]],
    // Emscripten 3.1.6's loader fetches the wasm, which Node 20's fetch refuses for a path.
    ['Clp 1.17 wasm (the trainer module\'s build)', process.execPath,
     ['--no-experimental-fetch', path.join(repoRoot, 'build', 'wasm', 'wasm', 'clp_solve.cjs'), file]],
    ['HiGHS (npm `highs`, wasm), simplex', process.execPath, [path.join(here, 'highs_solve.mjs'), file, 'simplex']],
    ['HiGHS (npm `highs`, wasm), interior point', process.execPath, [path.join(here, 'highs_solve.mjs'), file, 'ipm']],
];

console.log('| solver | status | objective | read (s) | solve (s) | wall (s) | peak RSS (MB) |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, program, args] of runs) {
    const run = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', program, ...args],
                          { encoding: 'utf8', maxBuffer: 1 << 24 });
    const time = /TIME (\S+) (\d+)/.exec(run.stderr ?? '');
    let result = null;
    try {
        result = JSON.parse(run.stdout.trim().split('\n').at(-1));
    } catch {
        console.log(`| ${name} | failed (exit ${run.status}): ${String(run.stderr).slice(-200)} | | | | | |`);
        continue;
    }
    console.log(`| ${name} | ${result.status} | ${result.objective} | ${result.read_s ?? result.load_s} | ` +
                `${result.solve_s} | ${time?.[1]} | ${Math.round(Number(time?.[2]) / 1024)} |`);
}
