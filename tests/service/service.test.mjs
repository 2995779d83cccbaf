// `lazylifted serve` end to end (docs/service.md): the server binary of the
// build under test ($LL_CLI: native, or native-asan where any sanitizer
// report fails the last test) on a free port. Both APIs on the bundled
// examples with every plan checked by `lazylifted validate`; a client
// written from the documented shapes; every documented error; 100
// concurrent requests with --workers 2; a client that disconnects and a
// DELETE stopping their searches within 1 s; listening on 127.0.0.1 only;
// no request reading a file. Run by ctest, or by hand:
// LL_CLI=build/native/cli/lazylifted node --test tests/service/
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { hardBlocksworld } from '../node/hard-task.mjs';
import { solveAsync, solveSync } from './documented-client.mjs';
import {
    bundledExamples, childPids, listeningAddresses, readExample, readTask, repoRoot, request, sleep,
    startServer, validatePlan,
} from './server.mjs';

const examples = bundledExamples();
const blocksDomain = readExample('blocksworld/domain.pddl');
// Thousands of expansions a second and no plan for minutes: a search that
// only a cancel ends.
const hardDomain = readTask('blocksworld', 'domain.pddl');
const hardProblem = hardBlocksworld(120);

// The models folder is a copy that is deleted once the server has started:
// requests that still find their model prove that no request reads a file.
const modelsCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'll-service-models-'));
fs.cpSync(path.join(repoRoot, 'models'), modelsCopy, { recursive: true });

let server;

before(async () => {
    server = await startServer(['--workers', '2', '--queue', '8', '--time-limit', '30',
                                '--models', modelsCopy]);
    fs.rmSync(modelsCopy, { recursive: true, force: true });
});

after(async () => {
    if (server) await server.stop();
});

const post = (route, body, options = {}) => request(`${server.url}${route}`, { method: 'POST', body, ...options });

async function waitForCheck(route, timeoutMs = 60000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const answer = await request(`${server.url}${route}`);
        assert.equal(answer.status, 200, answer.text);
        if (answer.json.status !== 'PENDING') return answer.json;
        assert.ok(Date.now() < deadline, `${route} still pending`);
        await sleep(50);
    }
}

async function runningSearches() {
    return (await request(`${server.url}/`)).json.running;
}

test('listens on 127.0.0.1 by default and nowhere else', () => {
    assert.equal(server.host, '127.0.0.1');
    // 0100007F is 127.0.0.1 in /proc/net/tcp's byte order.
    assert.deepEqual(listeningAddresses(server.port), ['0100007F']);
});

test('sync /solve: every bundled example gets a plan the validator accepts', async () => {
    for (const example of examples) {
        const answer = await post('/solve', { domain: example.domain, problem: example.problem });
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.json.status, 'ok', `${example.id}: ${answer.text}`);
        const result = answer.json.result;
        assert.equal(result.type, 'full');
        assert.equal(result.length, result.plan.length);
        assert.ok(result.output.includes('Solution found.'), result.output);
        const planText = result.plan.map((step) => step.name).join('\n') + '\n';
        const check = validatePlan(example.domain, example.problem, planText);
        assert.ok(check.ok, `${example.id}: ${check.output}`);
        assert.ok(check.output.includes(`Plan cost: ${result.cost}`), check.output);
    }
});

test('package API: every bundled example gets an IPC plan the validator accepts', async () => {
    const routes = [];
    for (const example of examples) {
        const answer = await post('/package/lazylifted/solve', { domain: example.domain, problem: example.problem });
        assert.equal(answer.status, 200, answer.text);
        assert.match(answer.json.result, /^\/check\/[0-9a-f]{32}$/);
        routes.push(answer.json.result);
    }
    for (const [i, route] of routes.entries()) {
        const body = await waitForCheck(route);
        assert.equal(body.status, 'ok');
        assert.equal(body.result.stderr, '', body.result.stdout);
        const check = validatePlan(examples[i].domain, examples[i].problem, body.result.output.sas_plan);
        assert.ok(check.ok, `${examples[i].id}: ${check.output}`);
    }
});

test('a client written from the documented shapes reads both APIs', async () => {
    const example = examples[0];
    const sync = await solveSync(server.url, example.domain, example.problem);
    assert.ok(sync.plan.length > 0);
    assert.ok(validatePlan(example.domain, example.problem, sync.plan.join('\n')).ok);
    const viaPackage = await solveAsync(server.url, example.domain, example.problem);
    assert.ok(validatePlan(example.domain, example.problem, viaPackage.planText).ok);
    const unsolvable = await solveSync(server.url, readTask('unsolvable', 'domain.pddl'),
                                       readTask('unsolvable', 'p01.pddl'));
    assert.match(unsolvable.error, /unsolvable/);
    const failed = await solveAsync(server.url, blocksDomain, '(define (problem');
    assert.match(failed.error, /syntax/);
});

test('VS Code PDDL requests: its extra fields are ignored, options come in the query', async () => {
    const example = examples[0];
    // What PlannerPackagePreviewService posts: the texts, its run configuration, options in the URL.
    const started = await post('/package/lazylifted/solve?config=lama', {
        domain: example.domain, problem: example.problem, options: 'config=lama', workingDirectory: '/etc',
        requiresKeyboardInput: false, searchDebuggerEnabled: false,
    });
    assert.equal(started.status, 200, started.text);
    const body = await waitForCheck(started.json.result);
    assert.match(body.result.stats.config, /^search=lazy,h=\w+,preferred=on,novelty=off,boost=1000,landmarks=on$/);
    assert.ok(validatePlan(example.domain, example.problem, body.result.output.sas_plan).ok);
    // Its service probe: an empty POST without a content type must answer >= 400.
    const probe = await post('/solve', JSON.stringify({ domain: '', problem: '' }), { contentType: '' });
    assert.ok(probe.status >= 400);
    // The planning editor's adaptor shape.
    const adapted = await post(started.json.result, { adaptor: 'planning_editor_adaptor' });
    assert.equal(adapted.json.status, 'ok');
    assert.deepEqual(adapted.json.plans[0].result.plan.map((s) => s.name).join('\n') + '\n',
                     body.result.output.sas_plan.replace(/^;.*\n/m, ''));
});

test('GET /package lists lazylifted with its configurations and models', async () => {
    const answer = await request(`${server.url}/package`);
    const manifest = answer.json.lazylifted;
    assert.equal(manifest.package_name, 'lazylifted');
    const args = Object.fromEntries(manifest.endpoint.services.solve.args.map((arg) => [arg.name, arg]));
    for (const alias of ['default', 'lama', 'paper', 'astar-lmcut']) assert.ok(args.config.choices.includes(alias));
    assert.ok(args.model.choices.includes('auto'));
    assert.ok(args.model.choices.includes('ipc23lt-blocksworld-aoag-partial'));
});

test('bad PDDL: status error with file:line:col and the exit-code category', async () => {
    const answer = await post('/solve', { domain: blocksDomain, problem: '(define (problem p)\n  (:domain blocksworld)\n  (:init (on a))' });
    assert.equal(answer.status, 200);
    assert.equal(answer.json.status, 'error');
    assert.match(answer.json.result.error, /^problem\.pddl:\d+:\d+: /);
    assert.equal(answer.json.result.exit_code, 31);
    assert.equal(answer.json.result.category, 'syntax');
});

test('unsolvable task: status error naming the category, exit 11', async () => {
    const answer = await post('/solve', { domain: readTask('unsolvable', 'domain.pddl'), problem: readTask('unsolvable', 'p01.pddl') });
    assert.equal(answer.json.status, 'error');
    assert.equal(answer.json.result.category, 'unsolvable');
    assert.equal(answer.json.result.exit_code, 11);
});

test('malformed requests get their documented JSON errors', async () => {
    const example = examples[0];
    const cases = [
        [await post('/solve', '{"domain": ', { contentType: 'application/json' }), 400, 'malformed-json'],
        [await post('/solve', 'domain=x', { contentType: 'application/x-www-form-urlencoded' }), 415, 'wrong-content-type'],
        [await post('/solve', { domain: example.domain }), 400, 'missing-field'],
        [await post('/solve', { domain: 1, problem: example.problem }), 400, 'wrong-type'],
        [await post('/solve', { domain: example.domain, problem: example.problem, plan_file: '/tmp/x' }), 400, 'unknown-field'],
        [await post('/solve', { domain: example.domain, problem: example.problem, config: 'fastest' }), 400, 'bad-option'],
        [await post('/solve', { domain: example.domain, problem: example.problem, 'time-limit': 'soon' }), 400, 'bad-option'],
        [await post('/solve', { domain: 'https://example.org/d.pddl', problem: 'p', is_url: true }), 400, 'bad-option'],
        [await post('/solve', { probID: 12 }), 400, 'missing-field'],
        [await post('/solve', { domain: example.domain, problem: example.problem, probID: 12 }), 400, 'bad-option'],
        [await post('/package/fd/solve', { domain: example.domain, problem: example.problem }), 404, 'unknown-package'],
        [await request(`${server.url}/check/0123456789abcdef0123456789abcdef`), 404, 'unknown-job'],
        [await request(`${server.url}/nowhere`), 404, 'not-found'],
    ];
    for (const [answer, status, code] of cases) {
        assert.equal(answer.status, status, answer.text);
        assert.equal(answer.json.status, 'error', answer.text);
        assert.equal(answer.json.code, code, answer.text);
        assert.match(answer.json.result.error, new RegExp(`^${code}: `));
    }
});

test('no request names a file: paths as models are refused, shipped names work', async () => {
    const { domain, problem } = { domain: blocksDomain, problem: readExample('blocksworld/swap.pddl') };
    for (const model of ['/etc/passwd', '../models/manifest.json', 'models/x.json', '~root', '.', 'manifest']) {
        const answer = await post('/solve', { domain, problem, model });
        assert.equal(answer.status, 400, answer.text);
        assert.equal(answer.json.code, 'model-refused');
    }
    // The models folder was deleted after the start: these read nothing.
    const named = await post('/solve', { domain, problem, model: 'ipc23lt-blocksworld-aoag-partial', space: 'partial' });
    assert.equal(named.json.status, 'ok', named.text);
    assert.match(named.json.result.output, /model ipc23lt-blocksworld-aoag-partial\.json/);
    const auto = await post('/solve', { domain, problem });
    assert.match(auto.json.result.output, /model ipc23lt-blocksworld-/);
    // PDDL text that happens to be a path is parsed as PDDL, never opened.
    const pathAsText = await post('/solve', { domain: '/etc/passwd', problem });
    assert.equal(pathAsText.json.result.category, 'syntax');
});

test('a 50 MB body gets 413 body-too-large', async () => {
    const size = 50 << 20;
    const answer = await new Promise((resolve, reject) => {
        const req = http.request(`${server.url}/solve`, {
            method: 'POST', agent: false,
            headers: { 'Content-Type': 'application/json', 'Content-Length': size },
        }, (res) => {
            let text = '';
            res.on('data', (chunk) => { text += chunk; });
            res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(text) }));
        });
        req.on('error', reject);
        const chunk = Buffer.alloc(1 << 20, 0x20);
        let sent = 0;
        const pump = () => {
            while (sent < size) {
                sent += chunk.length;
                if (!req.write(chunk)) return req.once('drain', pump);
            }
            req.end();
        };
        pump();
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.json.code, 'body-too-large');
});

test('a client that stops sending mid-request gets 400 bad-request after the read timeout', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    const started = Date.now();
    socket.write('POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"dom');
    let text = '';
    socket.on('data', (chunk) => { text += chunk; });
    await new Promise((resolve) => socket.on('close', resolve));
    assert.ok(Date.now() - started >= 4500);
    assert.match(text, /^HTTP\/1\.1 400 /);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    assert.equal(body.code, 'bad-request');
    assert.match(body.message, /too slowly/);
});

test('100 concurrent requests with --workers 2: each answered with a plan or queue-full', async () => {
    const example = examples.find((e) => e.id === 'blocksworld-towers');
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('/solve', { domain: example.domain, problem: example.problem })));
    let solved = 0;
    let refused = 0;
    for (const answer of answers) {
        if (answer.status === 429) {
            assert.equal(answer.json.code, 'queue-full');
            ++refused;
            continue;
        }
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.json.status, 'ok', answer.text);
        ++solved;
    }
    assert.equal(solved + refused, 100);
    assert.ok(solved >= 10, `only ${solved} solved`);  // at least --workers + --queue
    const planText = answers.find((a) => a.status === 200).json.result.plan.map((s) => s.name).join('\n');
    assert.ok(validatePlan(example.domain, example.problem, planText).ok);
    assert.equal(await runningSearches(), 0);
});

test('a client that disconnects mid-search: its search stops within 1 s', async () => {
    const req = http.request(`${server.url}/solve`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } });
    req.on('error', () => {});
    req.end(JSON.stringify({ domain: hardDomain, problem: hardProblem }));
    const deadline = Date.now() + 10000;
    while (childPids(server.pid).length === 0) {
        assert.ok(Date.now() < deadline, 'the search never started');
        await sleep(20);
    }
    assert.equal(childPids(server.pid).length, 1);
    await sleep(300);
    const closed = Date.now();
    req.destroy();
    while (childPids(server.pid).length > 0 || (await runningSearches()) > 0) {
        assert.ok(Date.now() - closed < 1000, 'the search still runs 1 s after the client left');
        await sleep(10);
    }
    const stoppedMs = Date.now() - closed;
    console.log(`search stopped ${stoppedMs} ms after the client disconnected`);
});

test('DELETE /check/<id> stops a running search within 1 s', async () => {
    const started = await post('/package/lazylifted/solve', { domain: hardDomain, problem: hardProblem });
    const route = started.json.result;
    const deadline = Date.now() + 10000;
    while ((await runningSearches()) === 0) {
        assert.ok(Date.now() < deadline, 'the search never started');
        await sleep(20);
    }
    assert.equal((await request(`${server.url}${route}`)).json.status, 'PENDING');
    const cancelledAt = Date.now();
    const answer = await request(`${server.url}${route}`, { method: 'DELETE' });
    assert.equal(answer.status, 200, answer.text);
    const body = await waitForCheck(route, 1000);
    assert.ok(Date.now() - cancelledAt < 1000);
    assert.equal(body.result.category, 'cancelled');
    assert.deepEqual(body.result.output, {});
    assert.notEqual(body.result.stderr, '');
    assert.deepEqual(childPids(server.pid), []);
});

test('a request lowers the time and memory limits, never raises them', async () => {
    const answer = await post('/solve', { domain: hardDomain, problem: hardProblem, 'time-limit': 1 });
    assert.equal(answer.json.status, 'error');
    assert.equal(answer.json.result.category, 'out-of-time');
    assert.equal(answer.json.result.exit_code, 23);
    const memory = await post('/solve', { domain: hardDomain, problem: hardProblem, 'memory-limit': 20 });
    assert.equal(memory.json.result.category, 'out-of-memory', memory.text);
    assert.equal(memory.json.result.exit_code, 22);
    const raised = await post('/solve', { domain: blocksDomain, problem: readExample('blocksworld/swap.pddl'),
                                          'time-limit': 100000, 'memory-limit': '1000G' });
    assert.equal(raised.json.result.stats.time_limit_s, 30);
    assert.equal(raised.json.result.stats.memory_limit_mb, 2048);
});

test('finished /check results expire after --result-ttl', async () => {
    const short = await startServer(['--result-ttl', '1']);
    try {
        const example = examples[0];
        const started = await request(`${short.url}/package/lazylifted/solve`, {
            method: 'POST', body: { domain: example.domain, problem: example.problem } });
        const route = started.json.result;
        let answer;
        do {
            answer = await request(`${short.url}${route}`);
        } while (answer.json.status === 'PENDING');
        assert.equal(answer.json.status, 'ok');
        await sleep(1500);
        const expired = await request(`${short.url}${route}`);
        assert.equal(expired.status, 404);
        assert.equal(expired.json.code, 'unknown-job');
    } finally {
        const stopped = await short.stop();
        assert.equal(stopped.code, 0, stopped.stderr);
    }
});

test('CORS is off unless --allow-origin lists the origin', async () => {
    const answer = await request(`${server.url}/package`, { headers: { Origin: 'http://example.org' } });
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
    const preflight = await request(`${server.url}/solve`, { method: 'OPTIONS', headers: { Origin: 'http://example.org' } });
    assert.equal(preflight.status, 403);
    assert.equal(preflight.json.code, 'origin-refused');
});

test('still serving after all that, then a clean stop with no sanitizer report', async () => {
    const answer = await solveSync(server.url, examples[0].domain, examples[0].problem);
    assert.ok(answer.plan.length > 0);
    const stopped = await server.stop();
    server = undefined;
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.doesNotMatch(stopped.stderr, /AddressSanitizer|LeakSanitizer|runtime error:/);
});
