#!/usr/bin/env node
// Where the editor page's first plan spends its time: loads the page N times
// in headless chromium (the e2e tests' helpers: scripts/serve-site.py,
// Debian's chromium, a fresh context per load), does what the first-plan e2e
// test does (wait for Solve, click it, wait for the plan) and prints, per load
// and as medians, the page's own marks (ll-*: web/src/boot.js, editor-page.js,
// page/solving.js), when each file finished loading, the load-to-first-plan
// time and the main-thread long tasks (> 50 ms) that started before the page
// showed the plan (its ll-plan-shown mark).
// With several --site folders (e.g. the site before and after a change) the
// loads alternate between them, so a machine whose load changes meanwhile
// weighs on both alike. --cold starts a new server and a new browser for each
// load, as the e2e test file does for its first test (the first page of a
// browser pays for the browser's own start-up: caches, fonts, processes).
// --trace FILE saves a chromium performance trace of the last load
// (chrome://tracing or DevTools' Performance panel). --worker traces every
// load and prints when the worker requested the wasm and when its compile
// ended (the page's marks only show when the main thread heard of it).
//
//   node benchmarks/page_load.mjs [--runs 5] [--site build/wasm/site ...] [--cold] [--trace /tmp/load.json]
//        [--worker] [--quiet]
//
// Needs the built site (npm run build:web, then cmake --build --preset wasm)
// and playwright-core (npm ci).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
    options: {
        runs: { type: 'string', default: '5' },
        site: { type: 'string', multiple: true },
        trace: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        cold: { type: 'boolean', default: false },
        worker: { type: 'boolean', default: false },
        cpu: { type: 'boolean', default: false },
    },
});
const { clickWhenEnabled, launchBrowser, openPage, requireSite, siteDir, startServer } =
    await import('../tests/e2e/helpers.mjs');
const sites = (args.site ?? [siteDir]).map((s) => path.resolve(s));

const median = (xs) => {
    const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
    return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

// From a trace: ms after the navigation's start when the wasm was requested
// and when its (streaming) compile ended.
function workerTimes(tracePath) {
    const events = JSON.parse(fs.readFileSync(tracePath, 'utf8')).traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' &&
                            e.args?.data?.documentLoaderURL?.startsWith('http'));
    const at = (e) => (e ? (e.ts - nav.ts) / 1000 : NaN);
    return {
        wasmRequested: at(events.find((e) => e.name === 'ResourceSendRequest' &&
                                      e.args?.data?.url?.endsWith('/lazylifted.wasm'))),
        wasmCompiled: at(events.find((e) => e.name === 'v8.wasm.compileConsumeDone')),
    };
}

// From a trace: the main thread's CPU time (ms) in each of `tasks` (the
// long tasks the page observed: start and duration in ms after the
// navigation's start), matched by start and duration; NaN where no task matches.
function taskCpuTimes(tracePath, tasks) {
    const events = JSON.parse(fs.readFileSync(tracePath, 'utf8')).traceEvents;
    const nav = events.find((e) => e.name === 'navigationStart' &&
                            e.args?.data?.documentLoaderURL?.startsWith('http'));
    const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid &&
                             e.args?.name === 'CrRendererMain');
    const runs = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid &&
                               e.tid === main.tid && e.dur > 40000);
    return tasks.map((t) => {
        const match = runs.find((e) => Math.abs((e.ts - nav.ts) / 1000 - t.start) < 5 &&
                                Math.abs(e.dur / 1000 - t.duration) < 5);
        return match?.tdur !== undefined ? match.tdur / 1000 : NaN;
    });
}

const CPU_CATEGORIES = ['-*', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];

async function loadOnce(browser, url, tracePath) {
    const page = await openPage(browser, url);
    // --cpu alone needs the tasks only: fewer categories, less tracing overhead.
    const categories = args.cpu && !args.worker && tracePath !== args.trace ? CPU_CATEGORIES : undefined;
    if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false, categories });
    await page.goto(url, { waitUntil: 'commit' });  // a user does not wait for the load event
    const readyMs = await clickWhenEnabled(page, '#solve-btn');
    await page.waitForSelector('#status[data-status="solved"]', { timeout: 20000 });
    const planMs = await page.evaluate(() => performance.now());
    if (tracePath) await browser.stopTracing();
    const details = await page.evaluate((plan) => ({
        marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
        resources: performance.getEntriesByType('resource')
            .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd })),
        load: performance.getEntriesByType('navigation')[0]?.loadEventStart,
        // Before the plan: tasks that started before the page showed it
        // (its ll-plan-shown mark; the harness's own notice comes later).
        longTasks: (window.__llLongTasks ?? []).filter((t) => t.start <
            (performance.getEntriesByName('ll-plan-shown')[0]?.startTime ?? plan)),
    }), planMs);
    await page.context().close();
    if (args.worker && tracePath) details.worker = workerTimes(tracePath);
    if (args.cpu && tracePath) {
        const cpu = taskCpuTimes(tracePath, details.longTasks);
        details.longTasks.forEach((t, i) => { t.cpu = cpu[i]; });
    }
    return { readyMs, planMs, ...details };
}

const runs = Number(args.runs);
let servers = [];
const results = sites.map(() => []);
let browser = null;
const start = async () => {
    servers = [];
    for (const site of sites) servers.push(await startServer(site));
    browser = await launchBrowser();
};
const stop = async () => {
    await browser?.close();
    for (const server of servers) await server.close();
};
try {
    for (const site of sites) requireSite(site);
    if (!args.cold) await start();
    for (let i = 0; i < runs; i++) {
        for (const [k, site] of sites.entries()) {
            const last = i === runs - 1 && k === sites.length - 1;
            if (args.cold) {
                await stop();
                await start();
            }
            const tracePath = args.worker || args.cpu ? path.join(os.tmpdir(), `page-load-${process.pid}.json`)
                : last ? args.trace : undefined;
            const r = await loadOnce(browser, servers[k].url, tracePath);
            results[k].push(r);
            if (args.quiet) continue;
            const marks = Object.entries(r.marks).map(([n, v]) => `${n} ${Math.round(v)}`).join(', ');
            const files = r.resources.map((x) => `${x.name} ${Math.round(x.start)}→${Math.round(x.end)}`).join(', ');
            const tasks = r.longTasks.map((t) => `${Math.round(t.duration)}@${Math.round(t.start)}` +
                                          (args.cpu ? ` (cpu ${Math.round(t.cpu)})` : '')).join(' ');
            console.log(`${site} run ${i + 1}: first plan ${Math.round(r.planMs)} ms ` +
                        `(Solve seen enabled ${Math.round(r.readyMs)}, load event ${Math.round(r.load)})`);
            console.log(`  marks: ${marks}`);
            console.log(`  files: ${files}`);
            console.log(`  long tasks (ms@start): ${tasks || 'none'}`);
            if (r.worker) {
                console.log(`  worker: wasm requested ${Math.round(r.worker.wasmRequested)}, ` +
                            `compiled ${Math.round(r.worker.wasmCompiled)}`);
            }
        }
    }
} finally {
    await stop();
}
for (const [k, site] of sites.entries()) {
    const rs = results[k];
    const names = [...new Set(rs.flatMap((r) => Object.keys(r.marks)))];
    const longest = rs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.duration)));
    console.log(`\n${site}: medians over ${rs.length} loads`);
    console.log(`  marks: ${names.map((n) => `${n} ${Math.round(median(rs.map((r) => r.marks[n])))}`).join(', ')}`);
    console.log(`  load event ${Math.round(median(rs.map((r) => r.load)))}, ` +
                `Solve seen enabled ${Math.round(median(rs.map((r) => r.readyMs)))} ms`);
    console.log(`  first plan: ${Math.round(median(rs.map((r) => r.planMs)))} ms ` +
                `(min ${Math.round(Math.min(...rs.map((r) => r.planMs)))}, ` +
                `max ${Math.round(Math.max(...rs.map((r) => r.planMs)))})`);
    console.log(`  longest main-thread task before the plan: median ${Math.round(median(longest))} ms, ` +
                `max ${Math.round(Math.max(...longest))} ms`);
    if (args.cpu) {
        const cpu = rs.map((r) => Math.max(0, ...r.longTasks.map((t) => t.cpu).filter(Number.isFinite)));
        console.log(`  most CPU time in one of those tasks: median ${Math.round(median(cpu))} ms, ` +
                    `max ${Math.round(Math.max(...cpu))} ms`);
    }
    if (args.worker) {
        console.log(`  worker: wasm requested ${Math.round(median(rs.map((r) => r.worker.wasmRequested)))}, ` +
                    `compiled ${Math.round(median(rs.map((r) => r.worker.wasmCompiled)))} ms (medians)`);
    }
}
