// The search graph's model (web/src/views/search-graph/model.js), pure JS:
// the tree from a trace, the replay's statuses step by step, the layout, the
// path to a node, the sample of a large trace and hit-testing.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
    buildSearchModel, countsAt, expandedAt, layoutTree, nodeAt, pathTo, statusAt,
} from '../../web/src/views/search-graph/model.js';

// 0 expands to 1, 2, 3 (3 a duplicate); 1 expands to 4 (a dead end) and 5;
// 5 expands to 6, the goal, which is never expanded. Plan: 0 -> 1 -> 5 -> 6.
const TRACE = {
    space: 'state', truncated: false,
    nodes: [
        { id: 0, parent: -1, g: 0, h: 3, f: 3, order: 0, status: 'closed', action: null, state: ['(a)'] },
        { id: 1, parent: 0, g: 1, h: 2, f: 3, order: 1, status: 'closed', action: '(x)', state: ['(b)'] },
        { id: 2, parent: 0, g: 1, h: 3, f: 4, order: -1, status: 'open', action: '(y)', state: ['(c)'] },
        { id: 3, parent: 0, g: 1, h: 3, f: 4, order: null, status: 'duplicate', action: '(z)', state: ['(a)'] },
        { id: 4, parent: 1, g: 2, h: null, f: null, status: 'dead_end', action: '(w)', state: ['(d)'] },
        { id: 5, parent: 1, g: 2, h: 1, f: 3, order: 2, status: 'closed', action: '(v)', state: ['(e)'] },
        { id: 6, parent: 5, g: 3, h: 0, f: 3, order: null, status: 'open', action: '(u)', state: ['(g)'] },
    ],
    plan_nodes: [0, 1, 5, 6],
};

test('the tree: children in replay order, depths, the plan, counts', () => {
    const model = buildSearchModel(TRACE);
    assert.equal(model.space, 'state');
    assert.equal(model.expansions, 3);
    assert.equal(model.total, 7);
    assert.equal(model.root.id, 0);
    assert.deepEqual(model.root.children.map((n) => n.id), [1, 2, 3]);
    assert.deepEqual(model.byId.get(1).children.map((n) => n.id), [4, 5]);
    assert.deepEqual(model.nodes.map((n) => n.depth), [0, 1, 1, 1, 2, 2, 3]);
    assert.deepEqual([...model.planIds], [0, 1, 5, 6]);
    assert.ok(model.byId.get(5).onPlan && !model.byId.get(2).onPlan);
    assert.deepEqual(model.counts, { closed: 3, open: 2, duplicate: 1, dead_end: 1 });
    assert.deepEqual(model.hidden, { closed: 0, open: 0, duplicate: 0, dead_end: 0 });
    assert.deepEqual(model.nodes.map((n) => n.shownAt), [0, 1, 1, 1, 2, 2, 3]);
});

test('the replay: statuses after each expansion', () => {
    const model = buildSearchModel(TRACE);
    const at = (step) => model.nodes.map((n) => statusAt(n, step));
    assert.deepEqual(at(0), ['open', null, null, null, null, null, null]);
    assert.deepEqual(at(1), ['closed', 'open', 'open', 'duplicate', null, null, null]);
    assert.deepEqual(at(2), ['closed', 'closed', 'open', 'duplicate', 'dead_end', 'open', null]);
    assert.deepEqual(at(3), ['closed', 'closed', 'open', 'duplicate', 'dead_end', 'closed', 'open']);
    assert.equal(expandedAt(model, 0), null);
    assert.equal(expandedAt(model, 1).id, 0);
    assert.equal(expandedAt(model, 3).id, 5);
    assert.deepEqual(countsAt(model, 2), { closed: 2, open: 2, duplicate: 1, dead_end: 1 });
});

test('a chain the search followed without expanding (lookahead) is shown with its first step', () => {
    // 0 expands; a lookahead from 0 follows 0 -> 1 -> 2 -> 3 (the goal) without
    // expanding 1 or 2; 4 is an ordinary child of 0; 5 and 6 point at each
    // other (malformed) and are never shown.
    const nodes = [
        { id: 0, parent: -1, order: 0, status: 'closed' },
        { id: 1, parent: 0, status: 'open' },
        { id: 2, parent: 1, status: 'open' },
        { id: 3, parent: 2, status: 'open' },
        { id: 4, parent: 0, status: 'open' },
        { id: 5, parent: 6, status: 'open' },
        { id: 6, parent: 5, status: 'open' },
    ];
    const model = buildSearchModel({ nodes, plan_nodes: [0, 1, 2, 3] });
    assert.equal(model.expansions, 1);
    assert.deepEqual(nodes.map((n) => model.byId.get(n.id).shownAt), [0, 1, 1, 1, 1, 2, 2]);
    assert.equal(statusAt(model.byId.get(3), 1), 'open', 'the goal is shown at the last step');
    assert.equal(statusAt(model.byId.get(5), 1), null);
});

test('the layout: leaves in columns, parents centred, y = depth', () => {
    const model = buildSearchModel(TRACE);
    const x = (id) => model.byId.get(id).x;
    // Leaves in order: 4, 6 (under 5), 2, 3.
    assert.deepEqual([x(4), x(6), x(2), x(3)], [0, 1, 2, 3]);
    assert.equal(x(5), 1);
    assert.equal(x(1), 0.5);
    assert.equal(x(0), (0.5 + 3) / 2);
    assert.equal(model.width, 4);
    assert.equal(model.depth, 3);
    // A 100 000-node chain is laid out without recursion.
    const chain = Array.from({ length: 100000 }, (_, i) => ({ id: i, parent: i - 1, order: i, status: 'closed' }));
    const deep = buildSearchModel({ nodes: chain }, { limit: 200000 });
    assert.equal(deep.depth, 99999);
    assert.equal(deep.width, 1);
    assert.equal(layoutTree([]).width, 1);
});

test('the path to a node: the actions from the root', () => {
    const model = buildSearchModel(TRACE);
    assert.deepEqual(pathTo(model, model.byId.get(6)), ['(x)', '(v)', '(u)']);
    assert.deepEqual(pathTo(model, model.root), []);
});

test('a sample of a large trace keeps the plan, the first nodes and their ancestors', () => {
    // A root with 50 children, each with 20 children; the plan goes through the last ones.
    const nodes = [{ id: 0, parent: -1, order: 0, status: 'closed' }];
    let order = 1;
    for (let i = 1; i <= 50; ++i) nodes.push({ id: i, parent: 0, order: order++, status: 'closed' });
    for (let i = 1; i <= 50; ++i) {
        for (let j = 0; j < 20; ++j) nodes.push({ id: 1000 + i * 20 + j, parent: i, status: 'open' });
    }
    const planNodes = [0, 50, 1000 + 50 * 20 + 19];
    const model = buildSearchModel({ nodes, plan_nodes: planNodes, space: 'partial', truncated: true },
                                   { limit: 100 });
    assert.equal(model.space, 'partial');
    assert.ok(model.truncated);
    assert.equal(model.nodes.length, 100);
    assert.equal(model.total, 1051);
    for (const id of planNodes) assert.ok(model.byId.has(id), `plan node ${id}`);
    for (const node of model.nodes) {
        if (node.id !== 0) assert.ok(model.byId.has(node.parent), `the parent of ${node.id}`);
    }
    assert.equal(model.hidden.open + model.hidden.closed, 1051 - 100);
    assert.equal(model.counts.open, 1000);
    // The first children of the root come first in the sample.
    for (let i = 1; i <= 50; ++i) assert.ok(model.byId.has(i));
});

test('hit-testing: the nearest shown node within the radius', () => {
    const model = buildSearchModel(TRACE);
    const project = (n) => ({ x: n.x * 10, y: n.y * 10 });
    assert.equal(nodeAt(model, { x: 10, y: 29 }, project, 4).id, 6);
    assert.equal(nodeAt(model, { x: 10, y: 29 }, project, 4, 2), null, 'node 6 is not shown at step 2');
    assert.equal(nodeAt(model, { x: 50, y: 50 }, project, 4), null);
});

test('an empty or missing trace gives an empty model', () => {
    for (const trace of [null, {}, { nodes: [] }]) {
        const model = buildSearchModel(trace);
        assert.equal(model.nodes.length, 0);
        assert.equal(model.root, null);
        assert.equal(model.expansions, 0);
    }
});
