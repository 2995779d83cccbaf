// Checks every model of models/manifest.json: it must load in the
// native CLI and in the WebAssembly module and solve its domain's first
// testing/easy problem within 30 s, in the space it was trained for, with a
// plan that validates. Reads the benchmark sets from ../shared (never used
// by unit tests). Prints a Markdown table and writes models/check-results.md.
//
//   node models/check_models.mjs [--lazylifted build/native/cli/lazylifted]
//        [--shared /work/shared/benchmarks] [--time-limit 30]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { lazyLifted, repoRoot } from '../tests/node/load-module.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : fallback;
};
const cli = path.resolve(option('--lazylifted', path.join(repoRoot, 'build/native/cli/lazylifted')));
const shared = option('--shared', '/work/shared/benchmarks');
const timeLimit = Number(option('--time-limit', '30'));

const manifest = JSON.parse(fs.readFileSync(path.join(here, 'manifest.json'), 'utf8'));
const ll = await lazyLifted();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'll-models-'));

const rows = [];
let failures = 0;
for (const entry of manifest.models) {
    const folder = path.join(shared, entry.set, entry.domain);
    const easy = path.join(folder, 'testing', 'easy');
    const first = fs.readdirSync(easy).filter((f) => f.endsWith('.pddl')).sort()[0];
    const domainFile = path.join(folder, 'domain.pddl');
    const problemFile = path.join(easy, first);
    const modelFile = path.join(here, entry.file);

    // Native.
    const planFile = path.join(work, 'plan');
    fs.rmSync(planFile, { force: true });
    const start = process.hrtime.bigint();
    const run = spawnSync(cli, ['plan', domainFile, problemFile, '--model', modelFile, '--space',
                                entry.space, '--time-limit', String(timeLimit), '--plan-file',
                                planFile, '--quiet'], { encoding: 'utf8' });
    const nativeS = Number(process.hrtime.bigint() - start) / 1e9;
    let native = `exit ${run.status}`;
    if (run.status === 0) {
        const check = spawnSync(cli, ['validate', domainFile, problemFile, planFile],
                                { encoding: 'utf8' });
        native = check.status === 0 ? `valid, ${nativeS.toFixed(2)} s` : 'INVALID plan';
    }

    // WebAssembly.
    const domain = fs.readFileSync(domainFile, 'utf8');
    const problem = fs.readFileSync(problemFile, 'utf8');
    const wasmStart = process.hrtime.bigint();
    const response = ll.solve({ domain, problem, space: entry.space, heuristic: 'wl',
                                model: fs.readFileSync(modelFile, 'utf8'),
                                timeLimitMs: timeLimit * 1000 });
    const wasmS = Number(process.hrtime.bigint() - wasmStart) / 1e9;
    let wasm = response.status === 'error' ? `error: ${response.error.message}` : response.status;
    if (response.status === 'solved') {
        const verdict = ll.validate(domain, problem, response.plan.join('\n'));
        wasm = verdict.valid ? `valid, ${wasmS.toFixed(2)} s` : 'INVALID plan';
    }
    const ok = native.startsWith('valid') && wasm.startsWith('valid');
    if (!ok) failures += 1;
    rows.push(`| ${entry.file} | ${entry.set}/${entry.domain} ${first} | ${native} | ${wasm} |`);
    console.log(rows.at(-1));
}
fs.rmSync(work, { recursive: true, force: true });

const text = [
    '# Model check', '',
    `Every model of models/manifest.json on its domain's first testing/easy problem, ` +
        `${timeLimit} s each, native CLI and wasm (Node). Command: \`node models/check_models.mjs\`.`,
    '', '| model | problem | native | wasm |', '|---|---|---|---|', ...rows, '',
    `${manifest.models.length - failures}/${manifest.models.length} models load and solve in both.`,
    '',
].join('\n');
fs.writeFileSync(path.join(here, 'check-results.md'), text);
console.log(`${manifest.models.length - failures}/${manifest.models.length} ok`);
process.exit(failures === 0 ? 0 : 1);
