#!/usr/bin/env node
// WebAssembly vs native: the same 10 problems with the same settings (S³,
// no learnt model, and the planner's default search configuration and
// heuristic unless --config/--heuristic name others: lazy GBFS on hFF with
// preferred operators), once through the native CLI (`lazylifted plan
// --stats-json`) and once through the JS API in Node (the wasm module in a
// worker_threads Worker). Each run is repeated and the minimum kept (the
// machine may be shared). Prints a Markdown table and writes it to
// benchmarks/results/wasm-vs-native.md (goal: wasm time <= 1.3x native).
//
// Both sides stop at their first plan (native `--first-plan`, wasm
// `anytime: 'off'`): the CLI turns anytime search on whenever a time limit
// is given, and would then search on for the whole limit on one side only.
//
//   node benchmarks/wasm_vs_native.mjs [--repeat 2] [--warmup 1] [--time-limit 60]
//        [--native build/native/cli/lazylifted] [--module build/wasm/wasm/lazylifted.mjs]
//        [--shared /work/shared/benchmarks] [--space state] [--heuristic ff] [--config ALIAS|K=V,...]
//        [--out benchmarks/results/wasm-vs-native.md] [--only DOMAIN]
//        [--engine node|chromium] [--site build/wasm/site]
//
// Before the timed runs, every problem is solved --warmup times on each side
// (default 1; 0: none) and those runs are reported apart: V8 first runs a
// module on baseline code (Liftoff) and recompiles a function with its
// optimising compiler only after the function has run for a while, so the
// first solves of a fresh worker (the table's first, small problems above
// all) time the JIT's warm-up, which a native binary, compiled ahead of
// time, does not have. The page pays it once per worker, not per solve.
//
// --engine chromium runs the wasm side where the page runs it: the site's
// lazylifted-api.mjs in headless Debian chromium (its module Web Worker, its
// V8), served by scripts/serve-site.py; CPU time is then that of all
// chromium's processes (/proc), the worker's search above all.
// Node's V8 (Node 20: V8 11.3) is older than chromium's and generates slower
// code for the same module.
//
// Plain Node 20, no npm packages (--engine chromium: playwright-core, as the
// e2e tests). Reads /work/shared/benchmarks (the unit tests never do).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// IPC 2023 learning track, one problem per domain, each taking roughly
// 0.5-10 s natively with S³ + hFF on this machine (chosen by a scan of
// testing/easy p05..p30 and testing/medium). Spanner is solved in
// milliseconds (easy) or not within minutes (medium) by GBFS + hFF, so its
// medium p01 runs to a fixed expansion limit: the same work on both sides.
const PROBLEMS = [
    { domain: 'ipc23lt/blocksworld', problem: 'testing/easy/p20.pddl' },
    { domain: 'ipc23lt/childsnack', problem: 'testing/easy/p11.pddl' },
    { domain: 'ipc23lt/ferry', problem: 'testing/medium/p10.pddl' },
    { domain: 'ipc23lt/floortile', problem: 'testing/easy/p05.pddl' },
    { domain: 'ipc23lt/miconic', problem: 'testing/medium/p20.pddl' },
    { domain: 'ipc23lt/rovers', problem: 'testing/easy/p14.pddl' },
    { domain: 'ipc23lt/satellite', problem: 'testing/medium/p01.pddl' },
    { domain: 'ipc23lt/sokoban', problem: 'testing/easy/p28.pddl' },
    { domain: 'ipc23lt/spanner', problem: 'testing/medium/p01.pddl', maxExpansions: 50000 },
    { domain: 'ipc23lt/transport', problem: 'testing/easy/p20.pddl' },
];

function parseArgs(argv) {
    const args = {
        repeat: 2,
        warmup: 1,
        timeLimit: 60,
        native: path.join(repoRoot, 'build/native/cli/lazylifted'),
        module: path.join(repoRoot, 'build/wasm/wasm/lazylifted.mjs'),
        shared: '/work/shared/benchmarks',
        space: 'state',
        heuristic: '',  // '': the configuration's own (hFF without a model)
        config: '',  // '': the planner's default configuration (no --config / config field)
        out: path.join(repoRoot, 'benchmarks/results/wasm-vs-native.md'),
        only: null,
        engine: 'node',
        site: path.join(repoRoot, 'build/wasm/site'),
    };
    for (let i = 0; i < argv.length; i += 2) {
        const key = argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
        if (!(key in args) || i + 1 >= argv.length) {
            console.error(`usage: see the header of ${path.relative(repoRoot, fileURLToPath(import.meta.url))}`);
            process.exit(2);
        }
        args[key] = ['repeat', 'warmup', 'timeLimit'].includes(key) ? Number(argv[i + 1]) : argv[i + 1];
    }
    return args;
}

function runNative(args, domainPath, problemPath, maxExpansions) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'll-wvn-'));
    const statsPath = path.join(tmp, 'stats.json');
    const timePath = path.join(tmp, 'time');
    const start = process.hrtime.bigint();
    // /usr/bin/time reports the CPU time (user + system) of the planner process.
    const run = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timePath, args.native,
        'plan', domainPath, problemPath, '--space', args.space, '--model', 'none',
        ...(args.heuristic ? ['--heuristic', args.heuristic] : []),
        ...(args.config ? ['--config', args.config] : []),
        '--time-limit', String(args.timeLimit), '--first-plan', '--quiet',
        '--plan-file', path.join(tmp, 'plan'), '--stats-json', statsPath,
        ...(maxExpansions ? ['--max-expansions', String(maxExpansions)] : []),
    ], { encoding: 'utf8' });
    const wallS = Number(process.hrtime.bigint() - start) / 1e9;
    let cpuS = NaN;
    try {
        const [user, system] = fs.readFileSync(timePath, 'utf8').trim().split('\n').at(-1)
            .split(' ').map(Number);
        cpuS = user + system;
    } catch {
        /* no /usr/bin/time output */
    }
    let stats = {};
    try {
        stats = JSON.parse(fs.readFileSync(statsPath, 'utf8'));
    } catch {
        stats = { status: `crashed (${run.status ?? run.signal})` };
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    return {
        status: stats.status === 'solved' ? 'solved' : stats.status,
        searchS: stats.search_time_s,
        totalS: stats.total_time_s,
        wallS,
        cpuS,
        expansions: stats.expansions,
        planLength: stats.plan_length ?? null,
    };
}

// The wasm side: {solve(request) -> {response, cpuS}, close(), describe}.
// Node: the API in this process (the module in a worker_threads Worker);
// CPU time of this process, all threads: the worker's search, plus the idle
// main thread and V8's helpers.
async function nodeRunner(args) {
    const { createPlanner } = await import(
        pathToFileURL(path.join(repoRoot, 'wasm/lazylifted-api.mjs')).href);
    const planner = await createPlanner({ moduleUrl: pathToFileURL(path.resolve(args.module)) });
    return {
        describe: `\`planner.solve()\` of \`wasm/lazylifted-api.mjs\` in Node ${process.version} ` +
                  '(the module in a worker_threads Worker)',
        async solve(request) {
            const cpuStart = process.cpuUsage();
            const response = await planner.solve(request);
            const cpu = process.cpuUsage(cpuStart);
            return { response, cpuS: (cpu.user + cpu.system) / 1e6 };
        },
        close: () => planner.terminate(),
    };
}

// CPU time (user + system, s) of this process's chromium descendants, from
// /proc: the browser's processes live as long as the runner, so the
// difference around a solve is what chromium spent on it (its worker's
// search above all). NaN where /proc is not readable.
function chromiumCpuS() {
    const tick = 100;  // USER_HZ on Linux
    const children = new Map();
    const names = new Map();
    let entries;
    try {
        entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
        return NaN;
    }
    let total = 0;
    const times = new Map();
    for (const pid of entries) {
        let stat;
        try {
            stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        } catch {
            continue;  // exited meanwhile
        }
        const close = stat.lastIndexOf(')');
        const fields = stat.slice(close + 2).split(' ');
        const ppid = fields[1];
        if (!children.has(ppid)) children.set(ppid, []);
        children.get(ppid).push(pid);
        names.set(pid, stat.slice(stat.indexOf('(') + 1, close));
        times.set(pid, (Number(fields[11]) + Number(fields[12])) / tick);
    }
    const stack = [String(process.pid)];
    while (stack.length) {
        const pid = stack.pop();
        for (const child of children.get(pid) ?? []) {
            stack.push(child);
            if (/chrom/i.test(names.get(child))) total += times.get(child);
        }
    }
    return total;
}

// Chromium: the site's API in a page of the site's origin (a blank page the
// harness serves itself, so no page script competes), as the editor page
// and the widget run it.
async function chromiumRunner(args) {
    const { launchBrowser, requireSite, startServer } = await import('../tests/e2e/helpers.mjs');
    requireSite(args.site);
    const server = await startServer(args.site);
    const browser = await launchBrowser();
    const page = await (await browser.newContext()).newPage();
    const blank = `${server.url}__wasm-vs-native.html`;
    await page.route(blank, (route) => route.fulfill({
        contentType: 'text/html', body: '<!doctype html><title>wasm vs native</title>' }));
    await page.goto(blank);
    await page.evaluate(async () => {
        const { createPlanner } = await import('./lazylifted-api.mjs');
        globalThis.benchPlanner = await createPlanner();
    });
    return {
        describe: `\`planner.solve()\` of the site's \`lazylifted-api.mjs\` in headless ` +
                  `${browser.version()} (chromium, the module in a module Web Worker, as the page runs it)`,
        async solve(request) {
            const cpuStart = chromiumCpuS();
            const response = await page.evaluate((r) => globalThis.benchPlanner.solve(r), request);
            return { response, cpuS: chromiumCpuS() - cpuStart };
        },
        async close() {
            await browser.close();
            await server.close();
        },
    };
}

async function runWasm(runner, args, domain, problem, maxExpansions) {
    const start = process.hrtime.bigint();
    const { response, cpuS } = await runner.solve({
        domain, problem, space: args.space, ...(args.heuristic ? { heuristic: args.heuristic } : {}),
        ...(args.config ? { config: args.config } : {}), anytime: 'off',
        timeLimitMs: args.timeLimit * 1000, ...(maxExpansions ? { maxExpansions } : {}),
    });
    const wallS = Number(process.hrtime.bigint() - start) / 1e9;
    return {
        status: response.status,
        cpuS,
        searchS: response.stats.searchTimeS,
        totalS: response.stats.totalTimeS,
        wallS,
        expansions: response.stats.expansions,
        planLength: response.status === 'solved' ? response.plan.length : null,
        config: response.config,
        error: response.error?.message,
    };
}

// The minimum of every time over the runs (the same search every time, so
// the counters are the same).
function best(runs) {
    const result = { ...runs[0] };
    for (const key of ['searchS', 'totalS', 'wallS', 'cpuS']) {
        const values = runs.map((run) => run[key]).filter(Number.isFinite);
        result[key] = values.length ? Math.min(...values) : NaN;
    }
    return result;
}

const fmt = (x, digits = 3) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '-');
const ratio = (w, n) => (n > 0 && w > 0 ? w / n : NaN);

function gzipSize(file) {
    return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

function emscriptenVersion() {
    try {
        return fs.readFileSync('/usr/share/emscripten/emscripten-version.txt', 'utf8').trim()
            .replace(/"/g, '');
    } catch {
        return 'unknown';
    }
}

function linkFlags(modulePath) {
    const link = path.join(path.dirname(modulePath), 'CMakeFiles/lazylifted_wasm.dir/link.txt');
    try {
        const text = fs.readFileSync(link, 'utf8').trim();
        return text.replace(/^\S+\s+/, '').replace(/\s+@\S+|\s+-o\s+\S+/g, '').trim();
    } catch {
        return 'unknown';
    }
}

async function main() {
    const args = parseArgs(process.argv.slice(2));
    for (const file of [args.native, args.module]) {
        if (!fs.existsSync(file)) {
            console.error(`missing ${file}: build the native and wasm presets first`);
            process.exit(2);
        }
    }
    if (!['node', 'chromium'].includes(args.engine)) {
        console.error(`--engine must be node or chromium, not '${args.engine}'`);
        process.exit(2);
    }
    const runner = args.engine === 'chromium' ? await chromiumRunner(args) : await nodeRunner(args);

    const problems = PROBLEMS.filter(({ domain }) => !args.only || domain.includes(args.only));
    const read = ({ domain: domainDir, problem: problemRel }) => {
        const domainPath = path.join(args.shared, domainDir, 'domain.pddl');
        const problemPath = path.join(args.shared, domainDir, problemRel);
        return { domainPath, problemPath, domain: fs.readFileSync(domainPath, 'utf8'),
                 problem: fs.readFileSync(problemPath, 'utf8') };
    };
    // The warm-up pass: each side's search time summed over the problems.
    const warmup = { native: 0, wasm: 0 };
    for (let pass = 0; pass < args.warmup; ++pass) {
        for (const entry of problems) {
            const { domainPath, problemPath, domain, problem } = read(entry);
            const native = runNative(args, domainPath, problemPath, entry.maxExpansions);
            const wasm = await runWasm(runner, args, domain, problem, entry.maxExpansions);
            warmup.native += native.searchS ?? 0;
            warmup.wasm += wasm.searchS ?? 0;
            console.error(`  warm-up ${entry.domain} ${entry.problem}: native ${fmt(native.searchS)} s, ` +
                          `wasm ${fmt(wasm.searchS)} s [${native.status}/${wasm.status}]`);
        }
        console.error(`warm-up pass ${pass + 1}: native ${fmt(warmup.native)} s, wasm ${fmt(warmup.wasm)} s`);
    }
    const rows = [];
    for (const entry of problems) {
        const { domain: domainDir, problem: problemRel, maxExpansions } = entry;
        const { domainPath, problemPath, domain, problem } = read(entry);
        const nativeRuns = [];
        const wasmRuns = [];
        // Interleaved, so that a burst of load from elsewhere hits both sides.
        for (let r = 0; r < args.repeat; ++r) {
            nativeRuns.push(runNative(args, domainPath, problemPath, maxExpansions));
            wasmRuns.push(await runWasm(runner, args, domain, problem, maxExpansions));
        }
        const native = best(nativeRuns);
        const wasm = best(wasmRuns);
        const row = { domain: domainDir.replace(/^ipc23lt\//, ''), problem: problemRel, native, wasm,
                      maxExpansions };
        rows.push(row);
        const note = native.expansions !== wasm.expansions ? ' (expansions differ!)' : '';
        console.error(`${row.domain} ${problemRel}: native ${fmt(native.searchS)} s, ` +
                      `wasm ${fmt(wasm.searchS)} s, x${fmt(ratio(wasm.searchS, native.searchS), 2)}; CPU ` +
                      `${fmt(native.cpuS, 2)} / ${fmt(wasm.cpuS, 2)} s` +
                      ` [${native.status}/${wasm.status}]${note}`);
    }
    await runner.close();

    const sum = (side, key) => rows.reduce((s, row) => s + (row[side][key] ?? 0), 0);
    const ratios = (key) => rows.map((row) => ratio(row.wasm[key], row.native[key]))
        .filter(Number.isFinite);
    const geomean = (xs) => (xs.length
        ? Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length) : NaN);
    const summary = (key) => ({
        native: sum('native', key), wasm: sum('wasm', key),
        ratio: ratio(sum('wasm', key), sum('native', key)),
        geomean: geomean(ratios(key)), worst: Math.max(...ratios(key)),
    });
    const search = summary('searchS');
    const cpu = summary('cpuS');
    const total = summary('totalS');
    const wall = summary('wallS');

    const wasmFile = args.module.replace(/\.mjs$/, '.wasm');
    const apiFiles = ['lazylifted-api.mjs', 'planner-worker.mjs']
        .map((f) => path.join(repoRoot, 'wasm', f));
    const sizes = {
        wasm: fs.statSync(wasmFile).size, wasmGz: gzipSize(wasmFile),
        js: fs.statSync(args.module).size, jsGz: gzipSize(args.module),
        api: apiFiles.reduce((s, f) => s + fs.statSync(f).size, 0),
        apiGz: apiFiles.reduce((s, f) => s + gzipSize(f), 0),
    };

    const lines = [];
    lines.push('# WebAssembly vs native');
    lines.push('');
    lines.push(`Generated by \`node benchmarks/wasm_vs_native.mjs\` on ${new Date().toISOString().slice(0, 10)}.`);
    const resolved = [...new Set(rows.map((row) => row.wasm.config).filter(Boolean))].join('; ');
    lines.push(`Settings: space \`${args.space}\`, heuristic \`${args.heuristic || 'default'}\`, no model, configuration ` +
               `\`${args.config || 'default'}\` (resolved: \`${resolved || '?'}\`), time limit ` +
               `${args.timeLimit} s, first plan only (native \`--first-plan\`, wasm \`anytime: 'off'\`); each problem run ${args.repeat}x per side (interleaved), ` +
               'the minimum of each time kept, after a warm-up pass (below). Native: `lazylifted plan --stats-json` (g++ 12, ' +
               `Release). Wasm: ${runner.describe}. "search" is the search ` +
               'time each side reports (steady clock, parsing excluded); "CPU" is user + system ' +
               'CPU time of the whole call (native: the process, from `/usr/bin/time`; wasm: ' +
               '`process.cpuUsage()` around the call: parsing, search, plan validation in the ' +
               'module, and Node\'s own threads; chromium: all its processes, from /proc), ' +
               'which a loaded machine disturbs less.');
    lines.push('');
    lines.push('| domain | problem | expansions | plan | native search s | wasm search s | search ratio | native CPU s | wasm CPU s | CPU ratio |');
    lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { domain, problem, native, wasm, maxExpansions } of rows) {
        const expansions = native.expansions === wasm.expansions
            ? String(native.expansions) : `${native.expansions} / ${wasm.expansions}`;
        const status = maxExpansions ? ` (first ${maxExpansions} expansions)`
            : native.status === 'solved' && wasm.status === 'solved' ? ''
                : ` (${native.status}/${wasm.status})`;
        lines.push(`| ${domain} | ${problem.replace('testing/', '')}${status} | ${expansions} | ` +
                   `${native.planLength ?? '-'} | ${fmt(native.searchS)} | ${fmt(wasm.searchS)} | ` +
                   `${fmt(ratio(wasm.searchS, native.searchS), 2)} | ${fmt(native.cpuS, 2)} | ` +
                   `${fmt(wasm.cpuS, 2)} | ${fmt(ratio(wasm.cpuS, native.cpuS), 2)} |`);
    }
    lines.push(`| **all** | ${rows.length} problems | | | **${fmt(search.native)}** | ` +
               `**${fmt(search.wasm)}** | **${fmt(search.ratio, 2)}** | **${fmt(cpu.native, 2)}** | ` +
               `**${fmt(cpu.wasm, 2)}** | **${fmt(cpu.ratio, 2)}** |`);
    lines.push('');
    lines.push('wasm / native (goal: <= 1.3x):');
    lines.push('');
    lines.push('| time | sum ratio | geometric mean | worst problem |');
    lines.push('| --- | ---: | ---: | ---: |');
    for (const [name, s] of [['search', search], ['CPU', cpu], ['total (parse + search)', total],
                             ['wall, around the call', wall]]) {
        lines.push(`| ${name} | ${fmt(s.ratio, 2)} | ${fmt(s.geomean, 2)} | ${fmt(s.worst, 2)} |`);
    }
    lines.push('');
    if (args.warmup > 0) {
        lines.push(`Warm-up (${args.warmup} untimed pass${args.warmup > 1 ? 'es' : ''} over the problems ` +
                   'before the table\'s runs, each solved once per side per pass): search ' +
                   `${fmt(warmup.native)} s native, ${fmt(warmup.wasm)} s wasm ` +
                   `(${fmt(ratio(warmup.wasm, warmup.native), 2)}x). A fresh worker runs the module on ` +
                   'V8\'s baseline code at first and optimises each function once it has run for a ' +
                   'while; the first pass includes that warm-up, which the page pays once per worker.');
        lines.push('');
    }
    lines.push(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load average ` +
               `${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end of the run (shared with other jobs). ` +
               `Emscripten ${emscriptenVersion()}; link flags: \`${linkFlags(args.module)}\`.`);
    lines.push('');
    lines.push(`Transfer sizes (gzip -9): lazylifted.wasm ${sizes.wasm} B -> ${sizes.wasmGz} B; ` +
               `lazylifted.mjs ${sizes.js} B -> ${sizes.jsGz} B; API + worker ${sizes.api} B -> ` +
               `${sizes.apiGz} B; together ${sizes.wasmGz + sizes.jsGz + sizes.apiGz} B gzipped.`);
    const table = lines.join('\n') + '\n';
    process.stdout.write(table);
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    fs.writeFileSync(args.out, table);
    console.error(`written to ${path.relative(process.cwd(), args.out)}`);
}

await main();
