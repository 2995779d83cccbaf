// The page's examples (build/wasm/site/examples, from web/examples) against
// the shipped planner (the site's lazylifted-api.mjs, run in Node):
// - every example solves with FF in both spaces and its plan validates;
// - every example domain has the signature fingerprint of its benchmark
//   domain (examples/index.json), so the pretrained models apply;
// - every model in models/manifest.json whose domain has an example loads
//   for it and solves every example problem of that domain, and the
//   explanation of h along that plan adds up to the h the search used.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';

import { assertWlStepAddsUp } from '../node/explain-checks.mjs';
import { recordMetrics, repoRoot, siteDir } from './helpers.mjs';

const examplesDir = path.join(siteDir, 'examples');
const index = JSON.parse(fs.readFileSync(path.join(examplesDir, 'index.json'), 'utf8'));
const manifestPath = path.join(siteDir, 'models', 'manifest.json');
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')).models : [];
const read = (file) => fs.readFileSync(path.join(examplesDir, file), 'utf8');

let planner;

before(async () => {
    const { createPlanner } = await import(pathToFileURL(path.join(siteDir, 'lazylifted-api.mjs')).href);
    planner = await createPlanner();
});

after(() => planner?.terminate());

async function assertSolves(request, label) {
    const response = await planner.solve({ timeLimitMs: 60000, ...request });
    assert.equal(response.status, 'solved', `${label}: ${JSON.stringify(response.error ?? response.status)}`);
    const verdict = await planner.validate(request.domain, request.problem, response.plan);
    assert.equal(verdict.valid, true, `${label}: ${verdict.message}`);
    return response;
}

// The task's domain fingerprint, as the module computes it: a model with a
// wrong fingerprint is refused with a message naming the task's one.
async function fingerprintOf(domain, problem) {
    const dummy = {
        format: 'lazylifted-wl-model', version: 1,
        domain: { name: 'none', fingerprint: '0000000000000000', predicates: [], schemas: [] },
        graph: 'ilg', space: 'state', wl: { iterations: 1, neighbourhood: 'set' },
        colours: [[-1, 0, 0]], weights: [[0, 1]], training: {},
    };
    const response = await planner.solve({ domain, problem, heuristic: 'wl', model: JSON.stringify(dummy) });
    assert.equal(response.status, 'error');
    assert.equal(response.error.category, 'model', response.error.message);
    const match = /task's domain is "[^"]*" \(fingerprint ([0-9a-f]{16})\)/.exec(response.error.message);
    assert.ok(match, response.error.message);
    return match[1];
}

test('the example index lists several domains, each with files that exist', () => {
    const domains = new Set(index.examples.map((e) => e.domain));
    assert.ok(domains.size >= 4, `domains: ${[...domains]}`);
    for (const e of index.examples) {
        // "models": false marks PDDL beyond what learned models cover (ADL, costs).
        const keys = e.models === false ? ['id', 'title', 'domain', 'domainFile', 'problemFile']
                                        : ['id', 'title', 'set', 'domain', 'fingerprint', 'domainFile', 'problemFile'];
        for (const key of keys) {
            assert.equal(typeof e[key], 'string', `${e.id}.${key}`);
        }
        assert.ok(fs.existsSync(path.join(examplesDir, e.domainFile)), e.domainFile);
        assert.ok(fs.existsSync(path.join(examplesDir, e.problemFile)), e.problemFile);
    }
});

for (const example of index.examples.filter((e) => !e.longSearch)) {
    test(`example ${example.id} solves in S³ and PS² with a valid plan`, async () => {
        const domain = read(example.domainFile);
        const problem = read(example.problemFile);
        for (const space of ['state', 'partial']) {
            await assertSolves({ domain, problem, space, heuristic: 'ff' }, `${example.id} ${space}`);
        }
    });
}

// The page's ADL and action-cost examples; the plan cost is the
// validator's, and learning refuses the ADL domain instead of a wrong model.
test('the ADL example (forall/when, universal goal) and the action-cost example', async () => {
    const briefcase = index.examples.find((e) => e.id === 'briefcase-errands');
    const roads = index.examples.find((e) => e.id === 'roads-costs');
    const b = await assertSolves({ domain: read(briefcase.domainFile), problem: read(briefcase.problemFile) },
                                 'briefcase');
    assert.ok(b.plan.some((step) => step.startsWith('(move ')), b.plan.join(' '));
    const request = { domain: read(roads.domainFile), problem: read(roads.problemFile) };
    const r = await assertSolves(request, 'roads');
    const verdict = await planner.validate(request.domain, request.problem, r.plan);
    assert.equal(r.cost, verdict.planCost);
    assert.equal(r.costKind, 'general');
    assert.ok(r.cost > r.plan.length, `general costs: ${r.cost} for ${r.plan.length} steps`);
});

test('the long-search example really has no plan (and the relaxation does not notice)', async () => {
    const example = index.examples.find((e) => e.longSearch);
    const response = await planner.solve({ domain: read(example.domainFile), problem: read(example.problemFile),
                                           maxExpansions: 2000 });
    assert.equal(response.status, 'expansion-limit');
    assert.ok(Number.isFinite(response.stats.initialH), 'h(initial state) is finite');
});

test('each example domain has its benchmark domain\'s fingerprint (the pretrained models apply)', async () => {
    const byDomainFile = new Map(index.examples.filter((e) => e.models !== false)
        .map((e) => [e.domainFile, e]));
    for (const [domainFile, example] of byDomainFile) {
        const fingerprint = await fingerprintOf(read(domainFile), read(example.problemFile));
        assert.equal(fingerprint, example.fingerprint, `${domainFile}`);
        // With the shared benchmarks at hand, compare with the benchmark domain itself.
        const benchmark = path.join(repoRoot, '..', 'shared', 'benchmarks', example.set, example.domain, 'domain.pddl');
        if (fs.existsSync(benchmark)) {
            assert.equal(await fingerprintOf(fs.readFileSync(benchmark, 'utf8'), read(example.problemFile)),
                         example.fingerprint, `${benchmark}`);
        }
    }
});

// The explanation of every state along the plan adds up to its h
// (tests/node/explain-checks.mjs), and the initial state's h is the one the
// search started from. Returns the h values along the plan.
async function assertExplainSums(request, solved, label) {
    const response = await planner.explain(request);
    assert.equal(response.status, 'ok', `${label}: ${JSON.stringify(response.error)}`);
    assert.equal(response.heuristic, 'wl', label);
    assert.equal(response.steps.length, solved.plan.length + 1, label);
    for (const [i, step] of response.steps.entries()) assertWlStepAddsUp(step, `${label} step ${i}`);
    assert.equal(response.steps[0].h, solved.stats.initialH, `${label}: the search's initial h`);
    return response.steps.map((step) => step.h);
}

test('every pretrained model of an example domain loads for it and solves its examples', async () => {
    const results = [];
    for (const model of manifest) {
        const examples = index.examples.filter((e) => e.domain === model.domain && e.set === model.set &&
                                                      !e.longSearch);
        if (examples.length === 0) continue;
        const text = fs.readFileSync(path.join(siteDir, 'models', model.file), 'utf8');
        assert.equal(JSON.parse(text).domain.fingerprint, examples[0].fingerprint, `${model.file} fingerprint`);
        for (const example of examples) {
            const response = await assertSolves({
                domain: read(example.domainFile), problem: read(example.problemFile),
                space: model.space, heuristic: 'wl', model: text,
            }, `${example.id} with ${model.file}`);
            const explained = await assertExplainSums({
                domain: read(example.domainFile), problem: read(example.problemFile), model: text,
                space: model.space, plan: response.plan, top: 5,
            }, response, `${example.id} with ${model.file}`);
            results.push(`${example.id} + ${model.file}: ${response.plan.length} steps, ` +
                         `${response.stats.expansions} expansions, h ${explained.join(' ')}`);
        }
    }
    console.log(results.map((r) => `# ${r}`).join('\n'));
    recordMetrics({ exampleModelRuns: results });
    const withModels = new Set(manifest.map((m) => `${m.set}-${m.domain}`));
    const exampleDomains = new Set(index.examples.filter((e) => e.models !== false)
        .map((e) => `${e.set}-${e.domain}`));
    const covered = [...exampleDomains].filter((d) => withModels.has(d));
    assert.equal(covered.length, exampleDomains.size, `every example domain has pretrained models (${[...withModels]})`);
    console.log(`# example domains with pretrained models: ${covered.join(', ')}; without yet: ` +
                `${[...exampleDomains].filter((d) => !withModels.has(d)).join(', ') || 'none'}`);
});
