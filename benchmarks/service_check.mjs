// Measures `lazylifted serve` (docs/service.md) as its "done when" states:
//  1. IPC23 LT testing/easy/p01 of every domain through both APIs (sync
//     /solve and the package API), default configuration, model picked
//     automatically; every plan checked by `lazylifted validate`.
//  2. 100 concurrent /solve requests with --workers 2: how many got a plan,
//     how many queue-full, none lost; the server's resident memory before and
//     after, and the largest search process's.
//  3. A /solve client that disconnects mid-search: time until its search
//     process is gone (repeated).
// Reads /work/shared/benchmarks (benchmark data, never used by the tests).
// Prints Markdown tables.
//
// usage: node benchmarks/service_check.mjs [--cli build/native/cli/lazylifted]
//        [--shared /work/shared/benchmarks] [--repeat 10]
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

function parseArgs(argv) {
    const args = { cli: path.join(repoRoot, 'build', 'native', 'cli', 'lazylifted'),
                   shared: '/work/shared/benchmarks', repeat: 10 };
    for (let i = 0; i < argv.length; i += 2) {
        const key = argv[i].replace(/^--/, '');
        if (!(key in args)) throw new Error(`unknown option ${argv[i]}`);
        args[key] = key === 'repeat' ? Number(argv[i + 1]) : argv[i + 1];
    }
    return args;
}

const args = parseArgs(process.argv.slice(2));
process.env.LL_CLI = path.resolve(args.cli);
const { childPids, request, sleep, startServer, validatePlan } = await import('../tests/service/server.mjs');
const { hardBlocksworld } = await import('../tests/node/hard-task.mjs');

const rssMb = (pid) => {
    try {
        const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return kb ? Number(kb) / 1024 : NaN;
    } catch {
        return NaN;
    }
};

async function pollCheck(url, route) {
    for (;;) {
        const answer = await request(`${url}${route}`);
        if (answer.json.status !== 'PENDING') return answer.json;
        await sleep(50);
    }
}

// 1. Both APIs on p01 of every IPC23 LT domain.
async function ipcEasyP01(server) {
    const root = path.join(args.shared, 'ipc23lt');
    const rows = [];
    for (const domainName of fs.readdirSync(root).sort()) {
        const problemPath = path.join(root, domainName, 'testing', 'easy', 'p01.pddl');
        if (!fs.existsSync(problemPath)) continue;
        const domain = fs.readFileSync(path.join(root, domainName, 'domain.pddl'), 'utf8');
        const problem = fs.readFileSync(problemPath, 'utf8');
        let t = Date.now();
        const sync = await request(`${server.url}/solve`, { method: 'POST', body: { domain, problem } });
        const syncMs = Date.now() - t;
        const syncPlan = sync.json.status === 'ok' ? sync.json.result.plan.map((s) => s.name).join('\n') : '';
        const syncValid = sync.json.status === 'ok' && validatePlan(domain, problem, syncPlan).ok;
        t = Date.now();
        const started = await request(`${server.url}/package/lazylifted/solve`, { method: 'POST', body: { domain, problem } });
        const checked = await pollCheck(server.url, started.json.result);
        const asyncMs = Date.now() - t;
        const sasPlan = checked.result.output.sas_plan ?? '';
        const asyncValid = sasPlan !== '' && validatePlan(domain, problem, sasPlan).ok;
        const model = /model ([^\s)]+)\)/.exec(sync.json.result.output ?? '')?.[1] ?? '?';
        rows.push({ domainName, model, length: sync.json.result.length ?? '-',
                    sync: `${sync.json.status === 'ok' ? 'plan' : sync.json.result.category}, ${syncValid ? 'valid' : 'NOT VALID'}`,
                    syncMs,
                    async: `${checked.result.category}, ${asyncValid ? 'valid' : 'NOT VALID'}`, asyncMs });
    }
    console.log('\n| domain | model (auto) | length | /solve | ms | package API | ms |\n| --- | --- | ---: | --- | ---: | --- | ---: |');
    for (const r of rows) {
        console.log(`| ${r.domainName} | ${r.model} | ${r.length} | ${r.sync} | ${r.syncMs} | ${r.async} | ${r.asyncMs} |`);
    }
    return rows.every((r) => r.sync.endsWith(', valid') && r.async.endsWith(', valid'));
}

// 2. 100 concurrent requests.
async function concurrent(server) {
    const domain = fs.readFileSync(path.join(repoRoot, 'web', 'examples', 'blocksworld', 'domain.pddl'), 'utf8');
    const problem = fs.readFileSync(path.join(repoRoot, 'web', 'examples', 'blocksworld', 'towers.pddl'), 'utf8');
    const before = rssMb(server.pid);
    let peakChild = 0;
    let sampling = true;
    const sampler = (async () => {
        while (sampling) {
            for (const pid of childPids(server.pid)) peakChild = Math.max(peakChild, rssMb(pid) || 0);
            await sleep(5);
        }
    })();
    const t = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () =>
        request(`${server.url}/solve`, { method: 'POST', body: { domain, problem } }).catch((e) => ({ status: 'lost', e }))));
    const ms = Date.now() - t;
    sampling = false;
    await sampler;
    const solved = answers.filter((a) => a.status === 200 && a.json?.status === 'ok').length;
    const full = answers.filter((a) => a.status === 429 && a.json?.code === 'queue-full').length;
    const other = 100 - solved - full;
    console.log('\n| requests | plan | 429 queue-full | other / lost | wall ms | server RSS before → after (MB) | largest search process RSS (MB) |');
    console.log('| ---: | ---: | ---: | ---: | ---: | --- | ---: |');
    console.log(`| 100 | ${solved} | ${full} | ${other} | ${ms} | ${before.toFixed(1)} → ${rssMb(server.pid).toFixed(1)} | ${peakChild.toFixed(1)} |`);
    return other === 0;
}

// 3. A disconnecting client: from the socket's close to its search process's end.
async function disconnects(server) {
    const domain = fs.readFileSync(path.join(repoRoot, 'tests', 'data', 'tasks', 'blocksworld', 'domain.pddl'), 'utf8');
    const problem = hardBlocksworld(120);
    const times = [];
    for (let i = 0; i < args.repeat; ++i) {
        const req = http.request(`${server.url}/solve`, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } });
        req.on('error', () => {});
        req.end(JSON.stringify({ domain, problem }));
        while (childPids(server.pid).length === 0) await sleep(5);
        await sleep(300);
        const t = process.hrtime.bigint();
        req.destroy();
        while (childPids(server.pid).length > 0) await sleep(2);
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`\n| disconnects | median ms | max ms |\n| ---: | ---: | ---: |\n| ${times.length} | ${times[times.length >> 1].toFixed(0)} | ${times.at(-1).toFixed(0)} |`);
    return times.at(-1) < 1000;
}

const server = await startServer(['--workers', '2']);
let ok = false;
try {
    console.log(`lazylifted serve --workers 2 (${args.cli}), ${new Date().toISOString()}`);
    const a = await ipcEasyP01(server);
    const b = await concurrent(server);
    const c = await disconnects(server);
    ok = a && b && c;
} finally {
    const stopped = await server.stop();
    if (stopped.code !== 0) ok = false;
}
console.log(ok ? '\nall checks passed' : '\nSOME CHECKS FAILED');
process.exitCode = ok ? 0 : 1;
