// Shared set-up of the browser end-to-end tests: serves build/wasm/site on a
// free localhost port (scripts/serve-site.py, the server the run command
// uses), launches Debian's chromium through playwright-core, records every
// request (to check that nothing leaves the page's origin), main-thread long
// tasks and console errors, and saves screenshots and measured numbers in
// build/e2e-artifacts/ (metrics-<test file>.json).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const siteDir = path.resolve(process.env.LL_SITE_DIR ?? path.join(repoRoot, 'build', 'wasm', 'site'));
export const artifactsDir = path.resolve(process.env.LL_E2E_ARTIFACTS ??
                                         path.join(repoRoot, 'build', 'e2e-artifacts'));
const chromiumPath = process.env.LL_CHROMIUM ?? '/usr/bin/chromium';

// Flags for a closed network and a shared machine (shared TOOLCHAIN.md).
const CHROMIUM_ARGS = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-default-apps', '--disable-extensions',
];

export function requireSite(root = siteDir) {
    const missing = ['index.html', 'app.js', 'lazylifted-widget.js', 'widget-demo.html',
                     'lazylifted-api.mjs', 'planner-worker.mjs', 'lazylifted.mjs', 'lazylifted.wasm',
                     'examples/index.json']
        .filter((file) => !fs.existsSync(path.join(root, file)));
    if (missing.length) {
        throw new Error(`${root} lacks ${missing.join(', ')}: run "npm ci && npm run build:web" ` +
                        'and then "cmake --build --preset wasm" first');
    }
    if (!fs.existsSync(chromiumPath)) {
        throw new Error(`${chromiumPath} not found: apt-get install chromium (scripts/install-deps.sh does)`);
    }
}

/** Starts scripts/serve-site.py on a free port for `root`; resolves {url, close()}. */
export async function startServer(root = siteDir) {
    const child = spawn('python3', [path.join(repoRoot, 'scripts', 'serve-site.py'), '--root', root,
                                    '--port', '0', '--quiet'],
                        { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise((resolve, reject) => {
        const lines = readline.createInterface({ input: child.stdout });
        const timer = setTimeout(() => {
            // Ended, or its pipe would keep the test process running forever.
            child.kill('SIGTERM');
            reject(new Error('serve-site.py did not start in 10 s'));
        }, 10000);
        lines.once('line', (line) => {
            clearTimeout(timer);
            resolve(line.trim());
        });
        child.once('exit', (code) => reject(new Error(`serve-site.py exited with ${code}`)));
    });
    return {
        url,
        close: () => new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
        }),
    };
}

export async function launchBrowser() {
    return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}

// Registers the calling test file's before/after hooks: one site server and
// one browser for all its tests. The fields are set once `before` has run.
export function useSiteAndBrowser() {
    const site = { server: null, browser: null };
    before(async () => {
        requireSite();
        site.server = await startServer();
        site.browser = await launchBrowser();
    });
    after(async () => {
        await site.browser?.close();
        await site.server?.close();
    });
    return site;
}

// Installed before any page script: records long tasks (> 50 ms) with their
// start time, and the largest gap between 10 ms timer ticks while a
// measurement window is open (window.__llGaps.start()/stop()).
const INIT_SCRIPT = `
(() => {
  window.__llLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__llLongTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) { window.__llLongTasks = null; }
  let timer = null, last = 0, maxGap = 0;
  window.__llGaps = {
    start() { maxGap = 0; last = performance.now();
              timer = setInterval(() => { const now = performance.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 10); },
    stop() { clearInterval(timer); return maxGap; },
  };
})();`;

/**
 * A fresh context and page. Records requests and console errors;
 * `page.ll` holds {requests, errors, origin}.
 */
export async function openPage(browser, baseUrl, options = {}) {
    const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1400, height: 900 },
        acceptDownloads: true,
    });
    await context.addInitScript(INIT_SCRIPT);
    const page = await context.newPage();
    const ll = { requests: [], errors: [], origin: new URL(baseUrl).origin, responses: [] };
    page.ll = ll;
    page.on('request', (request) => ll.requests.push(request.url()));
    page.on('response', (response) => ll.responses.push(response));
    page.on('console', (message) => {
        if (message.type() === 'error') ll.errors.push(message.text());
    });
    page.on('pageerror', (error) => ll.errors.push(`pageerror: ${error.message}`));
    return page;
}

/**
 * Clicks `selector` the moment the page enables it, as a user whose pointer
 * already rests on the button would: the page itself watches for the button
 * (every frame) and the click is a plain input event at its centre, with no
 * actionability retries. Playwright's waitForSelector + click poll from the
 * harness with a 20-50-100-100-500 ms backoff and wait for two stable frames:
 * on the editor page that put 240-540 ms between the page enabling Solve and
 * the click (docs/web.md, "Page load"), which measured the
 * harness, not the page. Resolves with the time (ms after the navigation's
 * start) at which the page saw the button enabled.
 */
export async function clickWhenEnabled(page, selector, { timeout = 30000 } = {}) {
    const handle = await page.waitForFunction((sel) => {
        const element = document.querySelector(sel);
        if (!element || element.disabled) return null;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return null;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2, at: performance.now() };
    }, selector, { polling: 'raf', timeout });
    const { x, y, at } = await handle.jsonValue();
    await page.mouse.click(x, y);
    return at;
}

/**
 * Waits until the editor page has loaded: the planner (the configuration list
 * is filled from it) and both editors. Solve alone is no such sign: it is
 * enabled as soon as the page knows its texts and settings, and a Solve then
 * waits for the planner.
 */
export async function waitForEditorPage(page) {
    await page.waitForSelector('#config-select[data-loaded="true"]', { state: 'attached' });
    await page.waitForSelector('#domain-editor .cm-content');
    await page.waitForSelector('#problem-editor .cm-content');
}

/** Requests that went somewhere else than the site's origin (data:/blob: are local). */
export function foreignRequests(page) {
    return page.ll.requests.filter((url) => {
        if (url.startsWith('data:') || url.startsWith('blob:')) return false;
        return new URL(url).origin !== page.ll.origin;
    });
}

/**
 * Transfer sizes of what the page loaded so far, by kind (js = .js/.mjs,
 * wasm, other):
 * - `measured`: bytes on the wire as chromium reports them (bodies as sent,
 *   gzip-encoded by serve-site.py, plus headers; revalidated files cost a
 *   304's headers only);
 * - `gzip`: each distinct file requested, gzipped (level 9) from the site
 *   folder: what a first visit downloads from any gzip-serving web server.
 */
export async function transferSizes(page) {
    const measured = { js: 0, wasm: 0, other: 0 };
    const gzip = { js: 0, wasm: 0, other: 0 };
    const files = {};
    const kindOf = (pathname) => (/\.m?js$/.test(pathname) ? 'js' : pathname.endsWith('.wasm') ? 'wasm' : 'other');
    for (const response of page.ll.responses) {
        const url = new URL(response.url());
        if (!url.protocol.startsWith('http')) continue;
        let bytes = 0;
        try {
            const s = await response.request().sizes();
            bytes = s.responseBodySize + s.responseHeadersSize;
        } catch {
            bytes = Number(response.headers()['content-length'] ?? 0);
        }
        measured[kindOf(url.pathname)] += bytes;
        const file = path.join(siteDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
        if (!(url.pathname in files) && fs.existsSync(file) && fs.statSync(file).isFile()) {
            files[url.pathname] = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
            gzip[kindOf(url.pathname)] += files[url.pathname];
        }
    }
    measured.total = measured.js + measured.wasm + measured.other;
    gzip.total = gzip.js + gzip.wasm + gzip.other;
    return { measured, gzip, files };
}

/** Saves build/e2e-artifacts/<name>.png: the full page, or a part ({clip} or {selector}). */
export async function screenshot(page, name, { clip, selector } = {}) {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const file = path.join(artifactsDir, `${name}.png`);
    if (selector) await page.locator(selector).first().screenshot({ path: file });
    else await page.screenshot(clip ? { path: file, clip } : { path: file, fullPage: true });
    return file;
}

let metricsStarted = false;

/**
 * Merges numbers into build/e2e-artifacts/metrics-<test file>.json (started
 * afresh by the first call of each test run).
 */
export function recordMetrics(values) {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const name = path.basename(process.argv[1] ?? 'e2e', '.mjs').replace(/\.test$/, '');
    const file = path.join(artifactsDir, `metrics-${name}.json`);
    let current = {};
    if (metricsStarted) {
        try {
            current = JSON.parse(fs.readFileSync(file, 'utf8'));
        } catch {
            /* first write */
        }
    }
    metricsStarted = true;
    fs.writeFileSync(file, `${JSON.stringify({ ...current, ...values }, null, 2)}\n`);
}

/**
 * Traces the page's main thread (chromium's performance trace) from now until
 * the returned function is called; that resolves with the thread's tasks over
 * 50 ms: {start (performance.now() time), wall (the task's duration), cpu
 * (the main thread's CPU time in it)}. On a shared machine a task's duration
 * also counts the time the OS ran other processes; its CPU time is the page's
 * own work. One trace at a time per browser.
 */
export async function traceMainThreadTasks(browser, page) {
    const file = path.join(os.tmpdir(), `ll-e2e-trace-${process.pid}-${Date.now()}.json`);
    await browser.startTracing(page, {
        path: file, screenshots: false,
        categories: ['-*', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    // A mark tells the page's main thread in the trace and ties its clock to performance.now().
    const marker = `ll-e2e-trace-${Date.now()}`;
    const markedAt = await page.evaluate((name) => performance.mark(name).startTime, marker);
    return async () => {
        await browser.stopTracing();
        let events;
        try {
            events = JSON.parse(fs.readFileSync(file, 'utf8')).traceEvents;
        } finally {
            fs.rmSync(file, { force: true });
        }
        const mark = events.find((e) => e.name === marker);
        if (!mark) throw new Error('the trace lacks the page\'s mark');
        return events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === mark.pid &&
                                    e.tid === mark.tid && e.dur > 50000)
            .map((e) => ({ start: markedAt + (e.ts - mark.ts) / 1000, wall: e.dur / 1000, cpu: e.tdur / 1000 }));
    };
}

/**
 * Stops a trace (traceMainThreadTasks) and checks the main thread's tasks
 * since `sinceMs`: none did more than `cpuLimitMs` of the page's own work
 * (CPU time), and, a coarse bound, none lasted more than `wallLimitMs` (on
 * a shared machine the OS runs other processes inside a task: 979 ms of
 * wall for 14 ms of CPU was seen at load 10 on 2 cores). Prints the long
 * tasks; resolves {mostCpuMs, longestMs}.
 */
export async function checkTaskWork(stopTrace, sinceMs, what, { cpuLimitMs = 100, wallLimitMs = 2000 } = {}) {
    const traced = (await stopTrace()).filter((t) => t.start + t.wall >= sinceMs);
    assert.ok(traced.every((t) => Number.isFinite(t.cpu)), 'the trace has the tasks\' CPU times');
    const mostCpuMs = Math.max(0, ...traced.map((t) => t.cpu));
    const longestMs = Math.max(0, ...traced.map((t) => t.wall));
    const over = traced.filter((t) => t.wall > cpuLimitMs)
        .map((t) => `${Math.round(t.wall)} ms (${Math.round(t.cpu)} ms CPU)`);
    console.log(`# ${what}: most CPU time in a main-thread task ${Math.round(mostCpuMs)} ms, longest task ` +
                `${Math.round(longestMs)} ms; tasks over ${cpuLimitMs} ms: ${over.join(', ') || 'none'}`);
    assert.ok(mostCpuMs <= cpuLimitMs, `${what}: a task of ${Math.round(mostCpuMs)} ms CPU`);
    assert.ok(longestMs <= wallLimitMs, `${what}: a task of ${Math.round(longestMs)} ms`);
    return { mostCpuMs, longestMs };
}

/** Long tasks recorded in the page since `sinceMs` (performance.now() time). */
export async function longTasksSince(page, sinceMs = 0) {
    return page.evaluate((since) => (window.__llLongTasks ?? []).filter((t) => t.start + t.duration >= since),
                         sinceMs);
}

/**
 * The texts of a bundled example, {domain, problem}, read from web/examples/
 * (an editor's DOM holds only the lines in its viewport, so a long domain
 * cannot be read back from the page).
 */
export function exampleTexts(id) {
    const dir = path.join(repoRoot, 'web', 'examples');
    const example = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')).examples.find((e) => e.id === id);
    if (!example) throw new Error(`no example ${id} in web/examples/index.json`);
    const read = (file) => fs.readFileSync(path.join(dir, file), 'utf8');
    return { domain: read(example.domainFile), problem: read(example.problemFile) };
}

/**
 * Waits until the editor page's search has ended with a plan and the plan
 * shown is validated: an anytime search validates each plan as it comes, so
 * the badge alone may belong to a plan a cheaper one then replaces.
 */
export async function waitForSolvedAndValid(page, timeout) {
    await page.waitForFunction(() => document.getElementById('status').dataset.status === 'solved' &&
        document.getElementById('valid-badge').dataset.valid === 'true', null, { timeout });
}
