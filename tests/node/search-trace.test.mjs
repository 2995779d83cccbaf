// Node tests of the optimal configurations and the search trace through the
// WebAssembly module: optimal costs and the `optimal` claim, the partial-space
// refusal, and the trace's structure (docs/js-api.md, "Search trace") in both
// spaces. Run by `ctest --preset wasm`, or `node --test tests/node/`.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { lazyLifted, testDataDir } from './load-module.mjs';

const ll = await lazyLifted();
const read = (...parts) => fs.readFileSync(path.join(testDataDir, 'tasks', ...parts), 'utf8');
const blocksDomain = read('blocksworld', 'domain.pddl');
const blocksP02 = read('blocksworld', 'p02.pddl');
const roadsDomain = read('roads', 'domain.pddl');
const roadsP03 = read('roads', 'p03.pddl');

// The optimal costs of the bundled plans (tests/data/tasks/README.md).
const planCost = (text) => Number(/; cost = (\d+)/.exec(text)[1]);

test('the optimal configurations find the optimal cost and claim it', () => {
    const optimum = planCost(read('roads', 'p01.plan'));
    const domain = roadsDomain, problem = read('roads', 'p01.pddl');
    for (const config of ['ucs', 'astar-blind', 'astar-hmax', 'astar-lmcut']) {
        const r = ll.solve({ domain, problem, config });
        assert.equal(r.status, 'solved', config);
        assert.equal(r.cost, optimum, config);
        assert.equal(r.optimal, true, config);
        assert.match(r.optimality, /uniform-cost|admissible/, config);
    }
    // Breadth-first search minimises length, not cost: no claim with costs.
    const bfs = ll.solve({ domain, problem, config: 'bfs' });
    assert.equal(bfs.status, 'solved');
    assert.equal(bfs.optimal, false);
    assert.match(bfs.optimality, /length/);
    const greedy = ll.solve({ domain, problem, config: 'lama' });
    assert.equal(greedy.optimal, false);
});

test('A* with LM-cut agrees with uniform-cost search on a larger task', () => {
    const a = ll.solve({ domain: roadsDomain, problem: roadsP03, config: 'astar-lmcut' });
    const u = ll.solve({ domain: roadsDomain, problem: roadsP03, config: 'ucs' });
    assert.equal(a.status, 'solved');
    assert.equal(a.cost, u.cost);
    assert.ok(a.stats.expansions <= u.stats.expansions);
});

test('the optimal engines refuse the partial space', () => {
    const r = ll.solve({ domain: blocksDomain, problem: blocksP02, config: 'astar-lmcut',
                        space: 'partial' });
    assert.equal(r.status, 'error');
    assert.equal(r.error.category, 'incompatible');
    const bad = ll.solve({ domain: blocksDomain, problem: blocksP02, trace: 'yes' });
    assert.equal(bad.error.category, 'usage');
});

function checkTrace(r, space) {
    const t = r.trace;
    assert.ok(t, 'a trace was asked for');
    assert.equal(t.space, space);
    assert.equal(t.truncated, false);
    assert.equal(t.counts.expanded, r.stats.expansions);
    assert.ok(t.objects.some((o) => o.name === 'a' && o.type === 'block'));
    assert.ok(t.predicates.some((p) => p.name === 'on' && p.arity === 2));
    const orders = [];
    t.nodes.forEach((n, i) => {
        assert.equal(n.id, i);
        if (i === 0) assert.equal(n.parent, null);
        else assert.ok(n.parent >= 0 && n.parent < t.nodes.length, `parent of ${i}`);
        assert.ok(['open', 'closed', 'duplicate', 'dead_end'].includes(n.status));
        if (n.order !== null) orders.push(n.order);
        assert.ok(Array.isArray(n.state));
    });
    orders.sort((x, y) => x - y);
    orders.forEach((o, k) => assert.equal(o, k, 'expansion orders 0..k-1'));
    const path = t.plan_nodes;
    assert.equal(path[0], 0);
    for (let k = 1; k < path.length; ++k) assert.equal(t.nodes[path[k]].parent, path[k - 1]);
    return t;
}

test('trace: true returns the search trace in the state space (A*)', () => {
    const r = ll.solve({ domain: blocksDomain, problem: blocksP02, config: 'astar-lmcut',
                        trace: true });
    assert.equal(r.status, 'solved');
    const t = checkTrace(r, 'state');
    const steps = t.plan_nodes.slice(1).map((id) => t.nodes[id].action);
    assert.deepEqual(steps, r.plan);
    const goal = t.nodes[t.plan_nodes.at(-1)];
    assert.equal(goal.g, r.cost);
    for (const n of t.nodes) if (n.h !== null) assert.equal(n.f, n.g + n.h);
    const plain = ll.solve({ domain: blocksDomain, problem: blocksP02, config: 'astar-lmcut' });
    assert.equal(plain.trace, undefined);
});

test('the trace records partial actions in the partial space', () => {
    const r = ll.solve({ domain: blocksDomain, problem: blocksP02, config: 'paper',
                        heuristic: 'ff', space: 'partial', trace: true });
    assert.equal(r.status, 'solved');
    const t = checkTrace(r, 'partial');
    assert.ok(t.nodes.some((n) => n.partial === true && /\?/.test(n.action)));
});

test('traceLimit bounds the recorded expansions', () => {
    const r = ll.solve({ domain: blocksDomain, problem: blocksP02, config: 'astar-blind',
                        trace: true, traceLimit: 2 });
    assert.equal(r.trace.truncated, true);
    assert.equal(r.trace.limit, 2);
    const orders = r.trace.nodes.filter((n) => n.order !== null).map((n) => n.order);
    assert.deepEqual(orders.sort(), [0, 1]);
    assert.equal(r.trace.counts.expanded, r.stats.expansions);
});
