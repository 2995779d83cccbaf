// Node tests of explain() and partialActionChildren() through the
// JavaScript API: the WL explanation's features sum to the h the search uses,
// texts carry no raw colour ids, ff explains with its relaxed plan, and the
// partial-action tree walks down the plan's branch with the h that explain()
// gives each node. Run by `ctest --preset wasm`, or by hand after a wasm
// build: node --test tests/node/explain.test.mjs
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { assertWlStepAddsUp } from './explain-checks.mjs';
import { modulePath, repoRoot, testDataDir } from './load-module.mjs';

const apiPath = path.resolve(process.env.LL_API_MODULE ??
                             path.join(repoRoot, 'wasm', 'lazylifted-api.mjs'));
const { createPlanner } = await import(pathToFileURL(apiPath).href);

const read = (...parts) => fs.readFileSync(path.join(testDataDir, ...parts), 'utf8');
const domain = read('tasks', 'blocksworld', 'domain.pddl');
const problem = read('tasks', 'blocksworld', 'p01.pddl');
const plan = read('tasks', 'blocksworld', 'p01.plan');
const model = read('models', 'blocksworld-aoag.json');

let planner;
before(async () => {
    planner = await createPlanner({ moduleUrl: pathToFileURL(modulePath) });
});
after(() => planner?.terminate());


test('explain: the features of each state along the plan sum to h', async () => {
    const response = await planner.explain({ domain, problem, plan, model, top: 3 });
    assert.equal(response.status, 'ok', JSON.stringify(response.error));
    assert.equal(response.heuristic, 'wl');
    assert.equal(response.space, 'partial');
    assert.equal(response.graph, 'aoag');
    assert.equal(response.steps.length, response.planLength + 1);
    assert.ok(response.planLength > 0);
    for (const step of response.steps) {
        assert.ok(step.wl.features.length <= 3);
        assertWlStepAddsUp(step);
    }
    assert.equal(response.steps.at(-1).isGoal, true);
    assert.equal(response.steps[1].action, plan.split('\n')[0].trim());
});

test('explain: one step, a plan as an array, ff with its relaxed plan', async () => {
    const steps = plan.split('\n').filter((line) => line.startsWith('('));
    const response = await planner.explain({ domain, problem, plan: steps, step: 1 });
    assert.equal(response.status, 'ok', JSON.stringify(response.error));
    assert.equal(response.heuristic, 'ff');
    assert.equal(response.steps.length, 1);
    assert.equal(response.steps[0].step, 1);
    const relaxed = response.steps[0].relaxedPlan;
    assert.ok(Array.isArray(relaxed) && relaxed.length > 0);
    assert.ok(relaxed.some((a) => a.helpful));
});

test('partialActionChildren: down the plan branch, h as explain() gives it', async () => {
    const first = plan.split('\n')[0].trim().slice(1, -1).split(/\s+/);
    let nodePath = [];
    for (let depth = 0; depth < first.length; ++depth) {
        const level = await planner.partialActionChildren({ domain, problem, plan, model,
                                                            step: 0, path: nodePath });
        assert.equal(level.status, 'ok', JSON.stringify(level.error));
        assert.deepEqual(level.path, nodePath);
        assert.equal(level.totalChildren, level.children.length);
        const onPlan = level.children.filter((c) => c.onPlan);
        assert.equal(onPlan.length, 1);
        assert.equal(onPlan[0].label, first[depth]);
        const check = await planner.explain({ domain, problem, plan, model, step: 0,
                                              path: onPlan[0].path, top: 1 });
        assert.equal(check.status, 'ok', JSON.stringify(check.error));
        assert.equal(check.steps[0].h, onPlan[0].h);
        nodePath = onPlan[0].path;
    }
    const leaf = await planner.partialActionChildren({ domain, problem, plan, model, step: 0,
                                                       path: nodePath });
    assert.equal(leaf.complete, true);
    assert.equal(leaf.totalChildren, 0);
});

test('partialActionChildren: bounded levels and errors', async () => {
    // pick-up b or unstack c: two children, one shown, the plan's (unstack).
    const level = await planner.partialActionChildren({ domain, problem, plan, model, path: [],
                                                        limit: 1, space: 'partial' });
    assert.equal(level.status, 'ok', JSON.stringify(level.error));
    assert.equal(level.totalChildren, 2);
    assert.equal(level.truncated, true);
    assert.equal(level.children.length, 1);
    assert.equal(level.children[0].label, 'unstack');
    assert.equal(level.children[0].onPlan, true);
    const bad = await planner.partialActionChildren({ domain, problem, path: ['fly'] });
    assert.equal(bad.status, 'error');
    assert.equal(bad.error.category, 'usage');
    assert.match(bad.error.message, /fly/);
    const badStep = await planner.explain({ domain, problem, step: 5 });
    assert.equal(badStep.status, 'error');
    const notObject = await planner.explain(null);
    assert.equal(notObject.status, 'error');
});
