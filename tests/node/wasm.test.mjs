// Node tests of the WebAssembly module (node:test, no npm packages): solve,
// check and validate on the project's test tasks, and the structured errors
// that replace C++ exceptions at the boundary. Run by `ctest --preset wasm`,
// or by hand: node --test tests/node/ (after building the wasm preset).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { lazyLifted, testDataDir } from './load-module.mjs';

const ll = await lazyLifted();

const read = (...parts) => fs.readFileSync(path.join(testDataDir, 'tasks', ...parts), 'utf8');
const blocksDomain = read('blocksworld', 'domain.pddl');
const blocksP01 = read('blocksworld', 'p01.pddl');
const blocksP03 = read('blocksworld', 'p03.pddl');
const blocksP01Plan = read('blocksworld', 'p01.plan');

function assertSolvedAndValid(response, domain, problem) {
    assert.equal(response.status, 'solved', JSON.stringify(response.error ?? response));
    assert.ok(Array.isArray(response.plan));
    assert.equal(response.cost, response.plan.length);
    for (const step of response.plan) assert.match(step, /^\([a-z0-9_-]+( [a-z0-9_-]+)*\)$/);
    const verdict = ll.validate(domain, problem, response.plan.join('\n'));
    assert.equal(verdict.valid, true, verdict.message);
    assert.equal(verdict.planLength, response.plan.length);
}

test('the module reports its version', () => {
    assert.match(ll.version(), /^\d+\.\d+\.\d+/);
});

test('solves blocksworld p01 (Sussman) with a plan that validate accepts', () => {
    const response = ll.solve({ domain: blocksDomain, problem: blocksP01, space: 'state',
                                heuristic: 'ff' });
    assertSolvedAndValid(response, blocksDomain, blocksP01);
    assert.ok(response.plan.length >= 6, 'the optimal plan has 6 steps');
    for (const key of ['expansions', 'evaluations', 'generated', 'searchTimeS']) {
        assert.equal(typeof response.stats[key], 'number', key);
    }
    assert.ok(response.stats.expansions >= 1);
    assert.equal(response.error, undefined);
});

test('space and heuristic defaults apply when omitted', () => {
    const response = ll.solve({ domain: blocksDomain, problem: blocksP01 });
    assertSolvedAndValid(response, blocksDomain, blocksP01);
});

test('every heuristic and space either solves p01 or refuses as unsupported', () => {
    for (const space of ['state', 'partial']) {
        for (const heuristic of ['ff', 'hadd', 'hmax', 'goal-count']) {
            const response = ll.solve({ domain: blocksDomain, problem: blocksP01, space, heuristic,
                                        timeLimitMs: 60000 });
            if (response.status === 'error') {
                assert.equal(response.error.category, 'unsupported',
                             `${space}/${heuristic}: ${response.error.message}`);
            } else {
                assertSolvedAndValid(response, blocksDomain, blocksP01);
            }
        }
    }
});

test('solveWithProgress reports progress as JSON while solving', () => {
    const reports = [];
    const response = ll.solveWithProgress(
        { domain: blocksDomain, problem: blocksP03, progressIntervalMs: 1 },
        (report) => reports.push(report));
    assertSolvedAndValid(response, blocksDomain, blocksP03);
    assert.ok(reports.length >= 1, 'at least the first best h is reported');
    for (const report of reports) assert.equal(typeof report.stats.expansions, 'number');
});

test('an unsolvable task reports unsolvable', () => {
    const domain = read('unsolvable', 'domain.pddl');
    const response = ll.solve({ domain, problem: read('unsolvable', 'p01.pddl') });
    assert.equal(response.status, 'unsolvable', JSON.stringify(response));
    assert.deepEqual(response.plan, []);
    assert.equal(response.cost, null);
});

test('the expansion limit reports limit', () => {
    const response = ll.solve({ domain: blocksDomain, problem: blocksP03, maxExpansions: 1 });
    assert.equal(response.status, 'limit', JSON.stringify(response));
    assert.deepEqual(response.plan, []);
});

test('a PDDL syntax error is a structured error with its position', () => {
    // tests/data/errors/unmatched-close: the last ')' of line 5 has no '('.
    const problem = fs.readFileSync(
        path.join(testDataDir, 'errors', 'unmatched-close', 'problem.pddl'), 'utf8');
    const response = ll.solve({ domain: blocksDomain, problem, problemFile: 'broken.pddl' });
    assert.equal(response.status, 'error');
    assert.deepEqual(response.plan, []);
    assert.equal(response.error.category, 'syntax');
    assert.equal(response.error.file, 'broken.pddl');
    assert.equal(response.error.line, 5);
    assert.equal(response.error.column, 19);
    assert.equal(response.error.message, "unbalanced parentheses: this ')' has no matching '('");
});

test('bad requests are usage errors, never exceptions', () => {
    const raw = JSON.parse(ll.raw.solve('{not json'));
    assert.equal(raw.status, 'error');
    assert.equal(raw.error.category, 'usage');
    const cases = [
        {},
        { domain: blocksDomain },
        { domain: blocksDomain, problem: blocksP01, heuristic: 'nope' },
        { domain: blocksDomain, problem: blocksP01, space: 'nope' },
        { domain: blocksDomain, problem: blocksP01, timeLimitMs: -5 },
        { domain: blocksDomain, problem: blocksP01, maxExpansions: 2.5 },
    ];
    for (const request of cases) {
        const response = ll.solve(request);
        assert.equal(response.status, 'error', JSON.stringify(request));
        assert.equal(response.error.category, 'usage', JSON.stringify(response.error));
        assert.equal(response.error.line, null);
    }
});

test('check accepts a valid task and summarises it', () => {
    const result = ll.check(blocksDomain, blocksP01);
    assert.equal(result.ok, true, JSON.stringify(result.diagnostics));
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.summary.objects, 3);
    assert.equal(result.summary.actions, 4);
});

test('check returns a diagnostic for a never-closed parenthesis', () => {
    // p01 without its final ')': the '(define' on line 2 is never closed.
    const problem = blocksP01.trimEnd().replace(/\)$/, '');
    const result = ll.check(blocksDomain, problem);
    assert.equal(result.ok, false);
    assert.equal(result.diagnostics.length, 1);
    const [d] = result.diagnostics;
    assert.equal(d.severity, 'error');
    assert.equal(d.category, 'syntax');
    assert.equal(d.file, 'problem.pddl');
    assert.equal(d.line, 2);
    assert.equal(d.column, 1);
});

test('check reports an unknown predicate as an input error', () => {
    const problem = blocksP01.replace('(ontable b)', '(on-table b)');
    const result = ll.check(blocksDomain, problem);
    assert.equal(result.ok, false);
    const [d] = result.diagnostics;
    assert.equal(d.category, 'input');
    assert.equal(d.line, 5);
    assert.ok(d.column > 1);
    assert.match(d.message, /on-table/);
});

test('validate accepts the reference plan and rejects broken ones', () => {
    const ok = ll.validate(blocksDomain, blocksP01, blocksP01Plan);
    assert.equal(ok.valid, true, ok.message);
    assert.equal(ok.failedStep, null);
    assert.equal(ok.planLength, 6);

    const steps = blocksP01Plan.split('\n').filter((l) => l.startsWith('('));
    const swapped = [steps[1], steps[0], ...steps.slice(2)].join('\n');
    const bad = ll.validate(blocksDomain, blocksP01, swapped);
    assert.equal(bad.valid, false);
    assert.equal(bad.failedStep, 0);
    assert.match(bad.message, /put-down/);

    const short = ll.validate(blocksDomain, blocksP01, steps.slice(0, 4).join('\n'));
    assert.equal(short.valid, false);
    assert.equal(short.failedStep, null);
    assert.ok(short.unmetGoals.length >= 1);

    const unknown = ll.validate(blocksDomain, blocksP01, '(fly a b)');
    assert.equal(unknown.valid, false);
    assert.equal(unknown.error.file, 'plan');
    assert.equal(unknown.error.line, 1);
});

// A model trained by lltrain on tests/data/tasks/blocksworld (see
// tests/data/models/README.md for the command).
const blocksModel = fs.readFileSync(path.join(testDataDir, 'models', 'blocksworld-aoag.json'),
                                    'utf8');

test('a learnt model (text or object) solves in both spaces with valid plans', () => {
    for (const space of ['state', 'partial']) {
        for (const model of [blocksModel, JSON.parse(blocksModel)]) {
            const response = ll.solve({ domain: blocksDomain, problem: blocksP03, space, model,
                                        timeLimitMs: 60000 });
            assertSolvedAndValid(response, blocksDomain, blocksP03);
        }
        const explicit = ll.solve({ domain: blocksDomain, problem: blocksP01, space,
                                    heuristic: 'wl', model: blocksModel });
        assertSolvedAndValid(explicit, blocksDomain, blocksP01);
    }
});

test('a model for another domain or a corrupt model is a model error', () => {
    const gripperDomain = read('gripper', 'domain.pddl');
    const gripperP01 = read('gripper', 'p01.pddl');
    let response = ll.solve({ domain: gripperDomain, problem: gripperP01, model: blocksModel });
    assert.equal(response.status, 'error');
    assert.equal(response.error.category, 'model');
    assert.match(response.error.message, /trained for domain "blocksworld"/);
    response = ll.solve({ domain: blocksDomain, problem: blocksP01,
                          model: blocksModel.slice(0, 300) });
    assert.equal(response.status, 'error');
    assert.equal(response.error.category, 'model');
    response = ll.solve({ domain: blocksDomain, problem: blocksP01, heuristic: 'wl' });
    assert.equal(response.status, 'error');
    assert.equal(response.error.category, 'usage');
    response = ll.solve({ domain: blocksDomain, problem: blocksP01, heuristic: 'ff',
                          model: blocksModel });
    assert.equal(response.error.category, 'usage');
});
