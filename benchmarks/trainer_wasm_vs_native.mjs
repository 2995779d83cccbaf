// The trainer in wasm (lltrain.wasm through lazylifted-trainer.mjs) against
// the native lltrain on the same training set with its plans: wall time of
// each, whether the two models are byte-identical, and the peak memory of
// the Node process. Reads ../shared (not a unit test).
//
//   node benchmarks/trainer_wasm_vs_native.mjs [DOMAIN_DIR] [MAX_PROBLEMS]
//   (default ../shared/benchmarks/ipc23lt/blocksworld, all problems;
//    LL_TRAINER_MODULE, LL_NATIVE_LLTRAIN override the built files)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createTrainer } from '../wasm/lazylifted-trainer.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domainDir = path.resolve(process.argv[2] ??
                               path.join(repoRoot, '..', 'shared', 'benchmarks', 'ipc23lt', 'blocksworld'));
const maxProblems = Number(process.argv[3] ?? Infinity);
const trainerModule = process.env.LL_TRAINER_MODULE ??
    path.join(repoRoot, 'build', 'wasm', 'wasm', 'lltrain.mjs');
const nativeLltrain = process.env.LL_NATIVE_LLTRAIN ??
    path.join(repoRoot, 'build', 'native', 'cli', 'lltrain');

const read = (file) => fs.readFileSync(file, 'utf8');
const domainFile = path.join(domainDir, 'domain.pddl');
const names = fs.readdirSync(path.join(domainDir, 'training'))
    .filter((f) => f.endsWith('.pddl')).map((f) => f.slice(0, -5)).sort()
    .filter((name) => fs.existsSync(path.join(domainDir, 'training_plans', `${name}.plan`)))
    .slice(0, maxProblems);
const problems = names.map((name) => ({
    name,
    text: read(path.join(domainDir, 'training', `${name}.pddl`)),
    plan: read(path.join(domainDir, 'training_plans', `${name}.plan`)),
}));

// The native run on exactly these problems and plans.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-trainer-bench-'));
fs.mkdirSync(path.join(dir, 'problems'));
for (const p of problems) {
    fs.writeFileSync(path.join(dir, 'problems', `${p.name}.pddl`), p.text);
    fs.writeFileSync(path.join(dir, 'problems', `${p.name}.plan`), p.plan);
}
const modelFile = path.join(dir, 'model.json');
let start = performance.now();
execFileSync(nativeLltrain, ['--bootstrap', '--domain', domainFile, '--problems',
                             path.join(dir, 'problems'), '--plans', path.join(dir, 'problems'),
                             '--out', modelFile, '--quiet']);
const nativeS = (performance.now() - start) / 1000;

const trainer = await createTrainer({ moduleUrl: trainerModule });
start = performance.now();
const result = await trainer.train({ domain: read(domainFile), domainFile: 'domain.pddl', problems });
const wasmS = (performance.now() - start) / 1000;
trainer.terminate();
if (result.status !== 'ok') throw new Error(JSON.stringify(result.error));

const native = read(modelFile);
console.log(`| set | problems | native lltrain (s) | wasm trainer (s) | wasm/native | same model |`);
console.log(`|---|---|---|---|---|---|`);
console.log(`| ${path.basename(domainDir)} | ${problems.length} | ${nativeS.toFixed(1)} | ` +
            `${wasmS.toFixed(1)} | ${(wasmS / nativeS).toFixed(2)} | ` +
            `${native === result.model ? 'byte-identical' : 'DIFFERENT'} |`);
console.log(`\nNode peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB ` +
            `(the trainer's worker included); model ${result.model.length} bytes, ` +
            `WL iterations ${result.iterations}, C ${result.c}`);
fs.rmSync(dir, { recursive: true, force: true });
