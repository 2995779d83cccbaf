// Node tests of the JavaScript API (wasm/lazylifted-api.mjs): the planner in a
// worker_threads Worker, behind promises. Solve + validate + trace, positioned errors,
// models, the time limit, cancelling through an AbortSignal (and the respawn
// that follows), busy rejection, and the progress rate. Run by
// `ctest --preset wasm`, or by hand: node --test tests/node/ (after a wasm build).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { hardBlocksworld } from './hard-task.mjs';
import { modulePath, repoRoot, testDataDir } from './load-module.mjs';

// The API under test: the source file by default, or another copy (e.g. the
// one installed in build/wasm/site/) through LL_API_MODULE.
const apiPath = path.resolve(process.env.LL_API_MODULE ??
                             path.join(repoRoot, 'wasm', 'lazylifted-api.mjs'));
const { createPlanner } = await import(pathToFileURL(apiPath).href);
const moduleUrl = pathToFileURL(modulePath);

const read = (...parts) => fs.readFileSync(path.join(testDataDir, 'tasks', ...parts), 'utf8');
const blocksDomain = read('blocksworld', 'domain.pddl');
const blocksP01 = read('blocksworld', 'p01.pddl');
const blocksP03 = read('blocksworld', 'p03.pddl');
const blocksModel = fs.readFileSync(path.join(testDataDir, 'models', 'blocksworld-aoag.json'),
                                    'utf8');
// 60 blocks: thousands of expansions per minute, not solved within seconds.
const hardProblem = hardBlocksworld(60);

let planner;

before(async () => {
    planner = await createPlanner({ moduleUrl });
});

after(() => planner?.terminate());

test('pddlRequirements is the core list: what it accepts and what it refuses', () => {
    const { supported, refused } = planner.pddlRequirements;
    assert.ok(supported.includes(':typing') && supported.includes(':adl'));
    assert.ok(supported.includes(':derived-predicates'));
    assert.ok(refused.includes(':durative-actions'));
    assert.ok(!supported.includes(':durative-actions'));
    assert.ok(Object.isFrozen(supported));
});

async function assertSolvedAndValid(response, domain, problem) {
    assert.equal(response.status, 'solved', JSON.stringify(response.error ?? response));
    assert.equal(response.error, undefined);
    assert.ok(response.plan.length > 0);
    assert.equal(response.cost, response.plan.length);
    const verdict = await planner.validate(domain, problem, response.plan);
    assert.equal(verdict.valid, true, verdict.message);
    assert.equal(verdict.planLength, response.plan.length);
}

test('createPlanner loads the module in a worker and reports its version', () => {
    assert.match(planner.version, /^\d+\.\d+\.\d+/);
    assert.equal(planner.busy, false);
    assert.equal(planner.terminated, false);
});

test('solves blocksworld with a plan the module validates', async () => {
    const response = await planner.solve({ domain: blocksDomain, problem: blocksP03,
                                           space: 'state', heuristic: 'ff' });
    await assertSolvedAndValid(response, blocksDomain, blocksP03);
    // The names in the texts, for the plan file (the page's download).
    assert.equal(response.domain, 'blocksworld');
    assert.equal(response.problem, 'bw-p03');
    for (const key of ['expansions', 'evaluations', 'generated', 'searchTimeS', 'totalTimeS']) {
        assert.equal(typeof response.stats[key], 'number', key);
    }
    const partial = await planner.solve({ domain: blocksDomain, problem: blocksP01,
                                          space: 'partial' });
    await assertSolvedAndValid(partial, blocksDomain, blocksP01);
});

test('search configurations: the alias table, an alias, overrides, WL statistics, a bad text',
     async () => {
    assert.deepEqual(planner.searchAliases.map((a) => a.name),
                     ['default', 'paper', 'lama', 'bfws', 'eager-po', 'bfs', 'ucs',
                      'astar-blind', 'astar-hmax', 'astar-lmcut']);
    for (const alias of planner.searchAliases) {
        assert.equal(typeof alias.text, 'string');
        assert.equal(typeof alias.description, 'string');
    }
    const plain = await planner.solve({ domain: blocksDomain, problem: blocksP03 });
    await assertSolvedAndValid(plain, blocksDomain, blocksP03);
    const byName = await planner.solve({ domain: blocksDomain, problem: blocksP03,
                                         config: 'default' });
    assert.equal(plain.config, byName.config);

    const paper = await planner.solve({ domain: blocksDomain, problem: blocksP03, config: 'paper' });
    await assertSolvedAndValid(paper, blocksDomain, blocksP03);
    assert.equal(paper.config, 'search=eager,h=ff,preferred=off,novelty=off,boost=1000,relax=lifted,orders=off,counting=off');

    const lazy = await planner.solve({ domain: blocksDomain, problem: blocksP03, space: 'partial',
                                       config: 'paper', search: 'lazy', preferred: true });
    await assertSolvedAndValid(lazy, blocksDomain, blocksP03);
    assert.equal(lazy.config, 'search=lazy,h=ff,preferred=on,novelty=off,boost=1000,relax=lifted,orders=off,counting=off');

    const learnt = await planner.solve({ domain: blocksDomain, problem: blocksP03,
                                         model: blocksModel, config: 'bfws' });
    await assertSolvedAndValid(learnt, blocksDomain, blocksP03);
    assert.equal(learnt.config, 'search=lazy,h=wl,preferred=on,novelty=on,boost=1000');
    assert.ok(learnt.stats.wlColoursSeen > 0, JSON.stringify(learnt.stats));
    assert.equal(typeof learnt.stats.wlMissRate, 'number');

    const bad = await planner.solve({ domain: blocksDomain, problem: blocksP03, config: 'fastest' });
    assert.equal(bad.status, 'error');
    assert.equal(bad.config, null);
    assert.equal(bad.error.category, 'usage');
    assert.equal(bad.error.message, "unknown search configuration 'fastest' (aliases: default, " +
                                    'paper, lama, bfws, eager-po, bfs, ucs, astar-blind, astar-hmax, '
                                    + 'astar-lmcut; or key=value pairs)');
});

test('validate takes plan text or steps and rejects a wrong plan', async () => {
    const text = read('blocksworld', 'p01.plan');
    assert.equal((await planner.validate(blocksDomain, blocksP01, text)).valid, true);
    const bad = await planner.validate(blocksDomain, blocksP01, ['(put-down a)']);
    assert.equal(bad.valid, false);
    assert.equal(bad.failedStep, 0);
});

test('a syntax error resolves with status error and its line and column', async () => {
    // tests/data/errors/unmatched-close: the last ')' of line 5 has no '('.
    const problem = fs.readFileSync(
        path.join(testDataDir, 'errors', 'unmatched-close', 'problem.pddl'), 'utf8');
    const response = await planner.solve({ domain: blocksDomain, problem });
    assert.equal(response.status, 'error');
    assert.deepEqual(response.plan, []);
    assert.equal(response.cost, null);
    assert.deepEqual(
        { ...response.error, message: undefined },
        { category: 'syntax', file: 'problem.pddl', line: 5, column: 19, message: undefined });
    assert.equal(typeof response.error.message, 'string');

    const check = await planner.check(blocksDomain, problem);
    assert.equal(check.ok, false);
    assert.equal(check.diagnostics[0].line, 5);
    assert.equal(check.diagnostics[0].column, 19);
    assert.equal((await planner.check(blocksDomain, blocksP01)).ok, true);
});

test('a learnt model solves; a model of another domain is refused', async () => {
    for (const model of [blocksModel, JSON.parse(blocksModel)]) {
        const response = await planner.solve({ domain: blocksDomain, problem: blocksP03, model,
                                               timeLimitMs: 60000 });
        await assertSolvedAndValid(response, blocksDomain, blocksP03);
    }
    const refused = await planner.solve({ domain: read('gripper', 'domain.pddl'),
                                          problem: read('gripper', 'p01.pddl'),
                                          model: blocksModel });
    assert.equal(refused.status, 'error');
    assert.equal(refused.error.category, 'model');
    assert.match(refused.error.message, /trained for domain "blocksworld"/);
});

test('deadEnds: relaxed pruning is reported in stats; an unknown value is a usage error',
     async () => {
    // The paper's single goal-count queue: no relaxation heuristic (preferred
    // operators would bring hFF, which finds these dead ends itself).
    const task = { domain: read('painter', 'domain.pddl'), problem: read('painter', 'p01.pddl'),
                   heuristic: 'goal-count', config: 'paper' };
    const pruned = await planner.solve({ ...task, deadEnds: 'relaxed' });
    assert.equal(pruned.status, 'solved');
    assert.ok(pruned.stats.deadEnds >= 1, JSON.stringify(pruned.stats));
    const plain = await planner.solve({ ...task, deadEnds: 'none' });
    assert.equal(plain.status, 'solved');
    assert.equal(plain.stats.deadEnds, 0);
    const bad = await planner.solve({ ...task, deadEnds: 'maybe' });
    assert.equal(bad.status, 'error');
    assert.equal(bad.error.category, 'usage');
    assert.match(bad.error.message, /expected auto, relaxed or none/);
});

test('limits give the core\'s status names; a bad request is a usage error', async () => {
    const limited = await planner.solve({ domain: blocksDomain, problem: blocksP03,
                                          maxExpansions: 1 });
    assert.equal(limited.status, 'expansion-limit');
    assert.equal('limit' in limited, false);
    const memory = await planner.solve({ domain: blocksDomain, problem: blocksP03,
                                         memoryLimitMb: 1 });
    assert.equal(memory.status, 'out-of-memory');
    const usage = await planner.solve({ domain: blocksDomain, problem: blocksP01,
                                        heuristic: 'nope' });
    assert.equal(usage.status, 'error');
    assert.equal(usage.error.category, 'usage');
    assert.equal(usage.error.line, null);
});

// Anytime search reports each plan as a progress event: on these test tasks
// (tests/unit/anytime_test.cpp) hFF's first plan is not the cheapest, and the
// restarts find a cheaper one, then exhaust the space under its cost.
for (const [name, anytime] of [['gripper/p02', 'on'], ['grid-costs/p01', 'auto']]) {
    test(`anytime ${anytime}: ${name}'s plans come as progress events, each cheaper`, async () => {
        const [dir, file] = name.split('/');
        const domain = read(dir, 'domain.pddl');
        const problem = read(dir, `${file}.pddl`);
        const plans = [];
        const response = await planner.solve(
            { domain, problem, anytime, ...(anytime === 'auto' ? { timeLimitMs: 20000 } : {}) },
            { onProgress: (p) => { if (p.plan) plans.push(p.plan); } });
        assert.equal(response.status, 'solved', JSON.stringify(response.error ?? response));
        assert.ok(plans.length >= 2, `${plans.length} plan events`);
        assert.deepEqual(plans.map((p) => p.number), plans.map((_, i) => i + 1));
        for (let i = 1; i < plans.length; ++i) {
            assert.ok(plans[i].cost < plans[i - 1].cost, `costs ${plans.map((p) => p.cost)}`);
            assert.ok(plans[i].elapsedS >= plans[i - 1].elapsedS);
        }
        for (const plan of plans) {
            const verdict = await planner.validate(domain, problem, plan.steps);
            assert.equal(verdict.valid, true, verdict.message);
            assert.equal(verdict.planCost, plan.cost);
        }
        const last = plans.at(-1);
        assert.deepEqual(response.plan, last.steps);
        assert.equal(response.cost, last.cost);
        assert.equal(response.plansFound, plans.length);
        assert.equal(response.finalPlan, 'exhausted');
    });
}

test('without anytime the first plan ends the search and no plan event comes', async () => {
    const domain = read('gripper', 'domain.pddl');
    const problem = read('gripper', 'p02.pddl');
    let events = 0;
    for (const anytime of [undefined, false]) {
        const response = await planner.solve(
            { domain, problem, timeLimitMs: 20000, ...(anytime === undefined ? {} : { anytime }) },
            { onProgress: (p) => { if (p.plan) ++events; } });
        assert.equal(response.status, 'solved');
        assert.equal(response.plansFound, 1);
        assert.equal(response.finalPlan, 'first-plan');
        assert.equal(response.cost, 13);
    }
    assert.equal(events, 0);
    const bad = await planner.solve({ domain, problem, anytime: 'sometimes' });
    assert.equal(bad.status, 'error');
    assert.equal(bad.error.category, 'usage');
});

test('timeLimitMs 500 on a long search gives status out-of-time promptly', async () => {
    const start = performance.now();
    const response = await planner.solve({ domain: blocksDomain, problem: hardProblem,
                                           timeLimitMs: 500 });
    const elapsedMs = performance.now() - start;
    assert.equal(response.status, 'out-of-time', JSON.stringify(response));
    assert.deepEqual(response.plan, []);
    assert.ok(response.stats.expansions > 0);
    assert.ok(elapsedMs < 3000, `took ${elapsedMs.toFixed(0)} ms`);
});

test('the safety net answers out-of-time if the core overruns its limit', async () => {
    // A tiny grace and a limit the core cannot see (it gets none): the API
    // terminates the worker and answers itself, then the next call respawns.
    const strict = await createPlanner({ moduleUrl, timeoutGraceMs: 0 });
    try {
        const start = performance.now();
        const response = await strict.solve({ domain: blocksDomain, problem: hardProblem,
                                              timeLimitMs: 400, progressIntervalMs: 50 },
                                            { onProgress: () => {} });
        // Either the core or the net stopped it; both say out-of-time, in time.
        assert.equal(response.status, 'out-of-time');
        assert.ok(performance.now() - start < 3000);
        const next = await strict.solve({ domain: blocksDomain, problem: blocksP01 });
        assert.equal(next.status, 'solved');
    } finally {
        strict.terminate();
    }
});

test('an AbortSignal cancels a long solve promptly; the next solve works', async () => {
    const controller = new AbortController();
    let reports = 0;
    const solving = planner.solve({ domain: blocksDomain, problem: hardProblem },
                                  { signal: controller.signal, onProgress: () => ++reports });
    assert.equal(planner.busy, true);
    // One solve at a time: a second one is refused, not queued.
    await assert.rejects(planner.solve({ domain: blocksDomain, problem: blocksP01 }),
                         { name: 'BusyError' });
    // Check and validate answer during the search (in the second worker).
    assert.equal((await planner.check(blocksDomain, blocksP01)).ok, true);

    await new Promise((resolve) => setTimeout(resolve, 700));
    assert.ok(reports > 0, 'the search was running');
    const abortedAt = performance.now();
    controller.abort();
    await assert.rejects(solving, (error) => {
        assert.equal(error.name, 'AbortError');
        return true;
    });
    const settleMs = performance.now() - abortedAt;
    assert.ok(settleMs < 500, `the promise settled ${settleMs.toFixed(0)} ms after abort()`);
    assert.equal(planner.busy, false);

    const next = await planner.solve({ domain: blocksDomain, problem: blocksP03 });
    await assertSolvedAndValid(next, blocksDomain, blocksP03);

    // A signal that has already fired rejects at once.
    await assert.rejects(planner.solve({ domain: blocksDomain, problem: blocksP01 },
                                       { signal: AbortSignal.abort() }),
                         { name: 'AbortError' });
});

test('check, validate and trace before a solve share its worker; Stop does not lose them', async () => {
    // A fresh planner: its solve worker is idle, so these run there (no second worker).
    const fresh = await createPlanner({ moduleUrl });
    try {
        const [check, trace] = await Promise.all([fresh.check(blocksDomain, blocksP01),
                                                  fresh.trace(blocksDomain, blocksP01, [])]);
        assert.equal(check.ok, true);
        assert.equal(trace.ok, true);
        // Calls made just before a solve run first; the solve waits behind them.
        // Stopping that solve (which replaces the worker) must not fail them:
        // whatever had not answered is asked again in the second worker.
        const controller = new AbortController();
        const bigProblem = hardBlocksworld(2000);  // a check of it takes a while
        const checks = Array.from({ length: 8 }, () => fresh.check(blocksDomain, bigProblem));
        const solving = fresh.solve({ domain: blocksDomain, problem: hardProblem }, { signal: controller.signal });
        await new Promise((resolve) => setTimeout(resolve, 0));  // the solve is sent, behind the checks
        controller.abort();
        await assert.rejects(solving, { name: 'AbortError' });
        for (const answer of await Promise.all(checks)) assert.equal(answer.ok, true);
        // The replacement worker solves.
        const next = await fresh.solve({ domain: blocksDomain, problem: blocksP01 });
        assert.equal(next.status, 'solved');
        assert.equal((await fresh.validate(blocksDomain, blocksP01, next.plan)).valid, true);
    } finally {
        fresh.terminate();
    }
});

test('progress is reported at least 4 times a second during a long search', async () => {
    const controller = new AbortController();
    const times = [];
    const reports = [];
    const solving = planner.solve(
        { domain: blocksDomain, problem: hardProblem },
        {
            signal: controller.signal,
            onProgress: (progress) => {
                times.push(performance.now());
                reports.push(progress);
            },
        });
    solving.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 2000));
    controller.abort();
    await assert.rejects(solving, { name: 'AbortError' });

    assert.ok(times.length >= 2, `${times.length} reports`);
    const windowS = (times.at(-1) - times[0]) / 1000;
    const rate = (times.length - 1) / windowS;
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    assert.ok(rate >= 4, `${rate.toFixed(1)} reports/s over ${windowS.toFixed(2)} s`);
    assert.ok(Math.max(...gaps) < 1000, `longest gap ${Math.max(...gaps).toFixed(0)} ms`);
    // The reports carry the counters, and they only grow.
    for (const [i, report] of reports.entries()) {
        for (const key of ['elapsedS', 'expansions', 'evaluations']) {
            assert.equal(typeof report[key], 'number', key);
        }
        assert.ok(report.bestH === null || typeof report.bestH === 'number');
        if (i > 0) assert.ok(report.expansions >= reports[i - 1].expansions);
    }
    assert.ok(reports.some((report) => report.newBestH));
});

test('terminate() rejects later calls', async () => {
    const other = await createPlanner({ moduleUrl });
    other.terminate();
    assert.equal(other.terminated, true);
    await assert.rejects(other.solve({ domain: blocksDomain, problem: blocksP01 }),
                         { name: 'AbortError' });
    await assert.rejects(other.check(blocksDomain, blocksP01), { name: 'AbortError' });
});

test('createPlanner rejects when the module cannot be loaded', async () => {
    await assert.rejects(createPlanner({ moduleUrl: pathToFileURL('/nonexistent/lazylifted.mjs') }),
                         /could not load/);
});

test('trace gives the states along a plan with the atoms each step adds and deletes', async () => {
    const plan = ['(unstack c a)', '(put-down c)', '(pick-up b)', '(stack b c)', '(pick-up a)',
                  '(stack a b)'];
    const trace = await planner.trace(blocksDomain, blocksP01, plan);
    assert.equal(trace.ok, true, JSON.stringify(trace.error));
    assert.equal(trace.valid, true);
    assert.equal(trace.states.length, plan.length + 1);
    assert.deepEqual(trace.added[0], []);
    assert.deepEqual([...trace.added[1]].sort(), ['(clear a)', '(holding c)']);
    assert.deepEqual([...trace.deleted[1]].sort(), ['(clear c)', '(handempty)', '(on c a)']);
    for (let i = 1; i < trace.states.length; i++) {
        const next = new Set(trace.states[i - 1]);
        trace.deleted[i].forEach((atom) => next.delete(atom));
        trace.added[i].forEach((atom) => next.add(atom));
        assert.deepEqual([...next].sort(), [...trace.states[i]].sort(), `step ${i}`);
    }
    assert.deepEqual([...trace.goals].sort(), ['(on a b)', '(on b c)']);
    assert.ok(trace.goals.every((goal) => trace.states.at(-1).includes(goal)));
    assert.ok(trace.predicates.some((p) => p.name === 'on' && p.static === false));

    // A step that fails ends the trace before it; a text that does not parse is an error.
    const broken = await planner.trace(blocksDomain, blocksP01, ['(unstack c a)', '(pick-up b)']);
    assert.equal(broken.valid, false);
    assert.equal(broken.failedStep, 1);
    assert.equal(broken.states.length, 2);
    const unparsable = await planner.trace(blocksDomain, blocksP01, '(fly a)');
    assert.equal(unparsable.ok, false);
    assert.equal(unparsable.error.file, 'plan');
});

test('check reports what the parser accepted with a warning (a requirement not declared)', async () => {
    const domain = blocksDomain.replace('(:requirements :strips :typing)', '(:requirements :typing)')
        .replace('(clear ?x) (ontable ?x) (handempty))', '(clear ?x) (ontable ?x) (handempty) (not (holding ?x)))');
    const check = await planner.check(domain, blocksP01);
    assert.equal(check.ok, true);
    assert.deepEqual(check.diagnostics, []);
    assert.equal(check.warnings.length, 1, JSON.stringify(check.warnings));
    assert.equal(check.warnings[0].severity, 'warning');
    assert.equal(check.warnings[0].file, 'domain.pddl');
    assert.match(check.warnings[0].message, /':negative-preconditions' is not in :requirements/);
    assert.equal((await planner.check(blocksDomain, blocksP01)).warnings.length, 0);
});
