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

test('limits report the core\'s status names: expansion-limit, out-of-memory', () => {
    const limited = ll.solve({ domain: blocksDomain, problem: blocksP03, maxExpansions: 1 });
    assert.equal(limited.status, 'expansion-limit', JSON.stringify(limited));
    assert.deepEqual(limited.plan, []);
    assert.equal(limited.error, undefined);
    // 1 MB: less than the module's heap holds before the search starts.
    const memory = ll.solve({ domain: blocksDomain, problem: blocksP03, memoryLimitMb: 1 });
    assert.equal(memory.status, 'out-of-memory', JSON.stringify(memory));
    assert.deepEqual(memory.plan, []);
    assert.equal(memory.error, undefined);
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
    // Not JSON, and a number too large for a double (found by fuzzing the
    // module's decoder: it used to surface as an internal error).
    for (const text of ['{not json', '{"domain": 1e999}']) {
        const raw = JSON.parse(ll.raw.solve(text));
        assert.equal(raw.status, 'error', text);
        assert.equal(raw.error.category, 'usage', text);
        assert.match(raw.error.message, /^request is not JSON: /, text);
    }
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
    // The domain fingerprint a model must carry: the one solve() names when a
    // model's does not match.
    assert.match(result.summary.fingerprint, /^[0-9a-f]{16}$/);
    const wrong = JSON.stringify({
        format: 'lazylifted-wl-model', version: 1,
        domain: { name: 'none', fingerprint: '0000000000000000', predicates: [], schemas: [] },
        graph: 'ilg', space: 'state', wl: { iterations: 1, neighbourhood: 'set' },
        colours: [[-1, 0, 0]], weights: [[0, 1]], training: {},
    });
    const refused = ll.solve({ domain: blocksDomain, problem: blocksP01, heuristic: 'wl', model: wrong });
    assert.match(refused.error.message, new RegExp(`fingerprint ${result.summary.fingerprint}`));
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

// ---- search configurations: the core's vocabulary (ll::search_aliases,
// ll::parse_search_config, ll::make_planner_options) ----

const PAPER = 'search=eager,h=ff,preferred=off,novelty=off,boost=1000,relax=lifted,orders=off,counting=off';

test('searchAliases lists the core aliases, default first', () => {
    const aliases = JSON.parse(ll.raw.searchAliases());
    assert.deepEqual(aliases.map((a) => a.name), ['default', 'paper', 'lama', 'bfws', 'eager-po',
                                                  'bfs', 'ucs', 'astar-blind', 'astar-hmax',
                                                  'astar-lmcut']);
    for (const alias of aliases) {
        // key=value pairs; a portfolio's phases separated by ';'.
        assert.match(alias.text, /^[a-z-]+=[a-z0-9.]+([,;][a-z-]+=[a-z0-9.]+)*$/, alias.name);
        assert.ok(alias.description.length > 10, alias.name);
    }
});

test('the response names the resolved configuration; no config means the alias default', () => {
    const plain = ll.solve({ domain: blocksDomain, problem: blocksP03 });
    assertSolvedAndValid(plain, blocksDomain, blocksP03);
    const named = ll.solve({ domain: blocksDomain, problem: blocksP03, config: 'default' });
    assert.equal(plain.config, named.config);
    assert.match(plain.config, /^search=(eager|lazy),h=ff,preferred=(on|off),novelty=(on|off),boost=\d+/);
    assert.equal(plain.space, 'state', 'space auto: S³ for a small task');
    assert.equal(plain.stats.expansions, named.stats.expansions);
});

test('every alias solves and reports its configuration', () => {
    for (const alias of JSON.parse(ll.raw.searchAliases())) {
        const response = ll.solve({ domain: blocksDomain, problem: blocksP03, config: alias.name });
        assertSolvedAndValid(response, blocksDomain, blocksP03);
        // Each phase's pairs appear in the resolved configuration's phase
        // (phases on wl are dropped without a model; neighbours that then
        // differ only in their limits run as the later one).
        const limits = /^(time|time-partial|stall|branching)=/;
        const search = (phase) => phase.split(',').filter((pair) => !limits.test(pair)).join(',');
        const phases = alias.text.split(';').filter((phase) => !phase.includes('h=wl'))
            .filter((phase, i, all) => i + 1 === all.length || search(phase) !== search(all[i + 1]));
        const resolved = response.config.split(';');
        assert.equal(resolved.length, phases.length, `${alias.name}: ${response.config}`);
        phases.forEach((phase, i) => {
            for (const pair of phase.split(',')) {
                assert.ok(resolved[i].split(',').includes(pair), `${alias.name}: ${pair} in ${response.config}`);
            }
        });
    }
    const paper = ll.solve({ domain: blocksDomain, problem: blocksP03, config: 'paper' });
    assert.equal(paper.config, PAPER);
});

test('lazy search with preferred operators, in both spaces; options override the config', () => {
    for (const space of ['state', 'partial']) {
        for (const preferred of ['on', true]) {
            const response = ll.solve({ domain: blocksDomain, problem: blocksP03, space,
                                        search: 'lazy', preferred });
            assertSolvedAndValid(response, blocksDomain, blocksP03);
            assert.match(response.config, /^search=lazy,h=ff,preferred=on,/);
        }
    }
    // search/preferred/novelty override the alias; booleans work like on/off.
    const overridden = ll.solve({ domain: blocksDomain, problem: blocksP03, config: 'lama',
                                  search: 'eager', preferred: false, novelty: 'off' });
    assertSolvedAndValid(overridden, blocksDomain, blocksP03);
    // lama's relaxation is ground (relax=auto, not printed); paper's lifted;
    // lama keeps its landmarks.
    assert.equal(overridden.config, PAPER.replace(',relax=lifted,orders=off,counting=off', ',landmarks=on'));
    const novelty = ll.solve({ domain: blocksDomain, problem: blocksP03, config: 'paper',
                               novelty: true });
    assertSolvedAndValid(novelty, blocksDomain, blocksP03);
    assert.equal(novelty.config, PAPER.replace('novelty=off', 'novelty=on'));
    // key=value text, with a second (alternated) heuristic.
    const pairs = ll.solve({ domain: blocksDomain, problem: blocksP03,
                             config: 'paper,search=lazy,h=ff+goal-count' });
    assertSolvedAndValid(pairs, blocksDomain, blocksP03);
    assert.equal(pairs.config,
                 'search=lazy,h=ff+goal-count,preferred=off,novelty=off,boost=1000,relax=lifted,orders=off,counting=off');
    // The partial space binds parameters in the order asked for.
    const reverse = ll.solve({ domain: blocksDomain, problem: blocksP03, space: 'partial',
                               parameterOrder: 'reverse' });
    assertSolvedAndValid(reverse, blocksDomain, blocksP03);
});

test('a bad configuration is a usage error with a message naming the accepted values', () => {
    const usage = (request, pattern) => {
        const response = ll.solve({ domain: blocksDomain, problem: blocksP01, ...request });
        assert.equal(response.status, 'error', JSON.stringify(request));
        assert.equal(response.error.category, 'usage');
        assert.equal(response.error.line, null);
        assert.equal(response.config, null);
        assert.deepEqual(response.plan, []);
        assert.match(response.error.message, pattern);
    };
    usage({ config: 'fastest' },
          /^unknown search configuration 'fastest' \(aliases: default, paper, lama, bfws, eager-po, bfs, ucs, astar-blind, astar-hmax, astar-lmcut; or key=value pairs\)$/);
    usage({ config: 'speed=high' },
          /^unknown search configuration key 'speed' \(expected search, h, preferred, novelty, boost, tie, symmetry, space, relax, cost-type, landmarks, orders, time, time-partial, stall, branching, after-stall, anytime, lookahead or counting\)$/);
    usage({ config: 'search=quick' }, /^unknown search engine 'quick' \(expected eager, lazy, bfs, ucs or astar\)$/);
    usage({ config: 'boost=-1' }, /^invalid boost '-1'/);
    usage({ search: 'depth-first' }, /expected eager, lazy, bfs, ucs or astar/);
    usage({ preferred: 'maybe' }, /^invalid value 'maybe' for preferred \(expected on or off\)$/);
    usage({ novelty: 2 }, /^request field 'novelty' must be "on", "off" or a boolean$/);
    usage({ config: 42 }, /^request field 'config' must be a string$/);
    usage({ parameterOrder: 'random' }, /random/);
});

test('WL colour statistics reach JS with a model, and only with one', () => {
    // The model's own phase (the default's hFF phase may solve it first).
    const learnt = ll.solve({ domain: blocksDomain, problem: blocksP03, model: blocksModel,
                              config: 'search=eager,h=wl' });
    assertSolvedAndValid(learnt, blocksDomain, blocksP03);
    assert.match(learnt.config, /,h=wl,/);
    assert.ok(learnt.stats.wlColoursSeen > 0, JSON.stringify(learnt.stats));
    assert.equal(typeof learnt.stats.wlColoursUnseen, 'number');
    assert.equal(learnt.stats.wlMissRate,
                 learnt.stats.wlColoursUnseen / (learnt.stats.wlColoursSeen + learnt.stats.wlColoursUnseen));
    const plain = ll.solve({ domain: blocksDomain, problem: blocksP03 });
    for (const key of ['wlColoursSeen', 'wlColoursUnseen', 'wlMissRate']) {
        assert.equal(key in plain.stats, false, key);
    }
});

test('the statistics are the core serialisation (the CLI --stats-json fields) in camelCase', () => {
    const response = ll.solve({ domain: blocksDomain, problem: blocksP01 });
    assert.deepEqual(Object.keys(response.stats).sort(), [
        'averageBranchingFactor', 'bestH', 'bytesPerOpenEntry', 'bytesPerState', 'countingDeadEnds', 'deadEnds',
        'evaluations', 'expansions', 'generated', 'generatedTransitions', 'goalOrderDeadEnds',
        'goalOrders', 'initialH',
        'landmarkOrderings', 'landmarks', 'landmarksGoalOnly', 'landmarksLifted',
        'lookaheadActions', 'lookaheadRepairs', 'lookaheadStates', 'openBytes',
        'openEntries', 'parseTimeS', 'peakMemoryMb', 'relaxationGroundings', 'searchTimeS',
        'skippedEvaluations', 'storedBytes', 'storedStates', 'symmetricPruned', 'totalTimeS',
    ]);
});
