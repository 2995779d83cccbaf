// The optimal configurations through the WebAssembly module on the web
// page's examples: every optimal alias that solves an example natively within
// a small number of expansions finds, in wasm, the optimal cost (the shortest
// length for bfs) that benchmarks/optimal_agreement.py recorded from the
// native CLI, where ucs, astar-blind, astar-hmax and astar-lmcut agree, with
// the same expansions, a valid plan and the optimality claim. Run by
// `ctest --preset wasm`, or `node --test tests/node/optimal-examples.test.mjs`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { lazyLifted, repoRoot, testDataDir } from './load-module.mjs';

const ll = await lazyLifted();
const examplesDir = path.join(repoRoot, 'web', 'examples');
const index = JSON.parse(fs.readFileSync(path.join(examplesDir, 'index.json'), 'utf8'));
const recorded = JSON.parse(
    fs.readFileSync(path.join(testDataDir, 'optimal', 'web-examples.json'), 'utf8')).examples;
// Runs above this many native expansions are left to the native script.
const maxExpansions = 100000;

test('every solvable web example has a recorded optimum', () => {
    const ids = index.examples.map((e) => e.id);
    for (const id of Object.keys(recorded)) assert.ok(ids.includes(id), `${id} is an example`);
    const missing = index.examples.filter((e) => !e.longSearch && !(e.id in recorded));
    assert.deepEqual(missing.map((e) => e.id), []);
});

for (const example of index.examples.filter((e) => e.id in recorded)) {
    const want = recorded[example.id];
    const runs = Object.entries(want.expansions).filter(([, n]) => n <= maxExpansions);
    test(`${example.id}: ${runs.map(([c]) => c).join(', ')} find the recorded optimum`, () => {
        assert.ok(runs.some(([c]) => c !== 'bfs'), 'a cost-optimal configuration is checked');
        const domain = fs.readFileSync(path.join(examplesDir, example.domainFile), 'utf8');
        const problem = fs.readFileSync(path.join(examplesDir, example.problemFile), 'utf8');
        for (const [config, expansions] of runs) {
            const r = ll.solve({ domain, problem, config, timeLimitMs: 60000 });
            assert.equal(r.status, 'solved', config);
            assert.equal(r.space, 'state', config);
            assert.equal(ll.validate(domain, problem, r.plan.join('\n')).valid, true, config);
            assert.equal(r.stats.expansions, expansions, `${config}: native expansions`);
            if (config === 'bfs') {
                assert.equal(r.plan.length, want.length, 'bfs: the shortest length');
                assert.equal(r.optimal, want.unit_cost, 'bfs claims only without costs');
            } else {
                assert.equal(r.cost, want.cost, `${config}: the optimal cost`);
                assert.equal(r.optimal, true, config);
            }
            assert.ok(r.cost >= want.cost && r.plan.length >= want.length, config);
        }
    });
}
