// "Learn a heuristic for this domain" measured in chromium (the page's Learn
// tab, web/src/views/learn/): for each domain, a fresh browser opens the
// page with the domain's shipped models hidden (models/manifest.json served
// without them), loads the bundled example and learns with the default time
// budget from the example's problem alone. Then, with the problem in the
// editor (the example, then IPC23 LT testing/easy p05 of the domain), the
// page solves with the model (in PS², the space the page selects for it,
// and in S³) and with eager GBFS on hFF (config "paper", heuristic ff, S³),
// and the downloaded model JSON is given to the native
// `lazylifted plan --model` on both problems.
//
// Screenshots of the Learn tab: build/e2e-artifacts/learn-<domain>.png.
// The page's main thread is traced while it learns: the most CPU time of
// one task (tasks over 50 ms only; 0: none).
// Memory: the peak resident set (VmHWM, /proc) of chromium's renderer
// processes, read after training; the page, its planner and checker workers
// and the trainer's worker all live in the page's renderer.
//
//   node benchmarks/learn_in_browser.mjs [domain ...]   (default: blocksworld ferry miconic)
//   needs build/wasm/site (npm run build:web, cmake --build --preset wasm),
//   build/native/cli/lazylifted and ../shared/benchmarks/ipc23lt.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
    launchBrowser, openPage, repoRoot, requireSite, screenshot, startServer, traceMainThreadTasks,
    waitForEditorPage,
} from '../tests/e2e/helpers.mjs';

const EXAMPLES = { blocksworld: 'blocksworld-towers', ferry: 'ferry-islands', miconic: 'miconic-office' };
const domains = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(EXAMPLES);
const benchmarks = process.env.LL_BENCHMARKS ?? path.join(repoRoot, '..', 'shared', 'benchmarks', 'ipc23lt');
const lazylifted = process.env.LL_NATIVE_LAZYLIFTED ?? path.join(repoRoot, 'build', 'native', 'cli', 'lazylifted');
const LEARN_TIMEOUT_MS = 120000;
const SOLVE_TIMEOUT_MS = 60000;

const examples = JSON.parse(fs.readFileSync(path.join(repoRoot, 'web', 'examples', 'index.json'), 'utf8')).examples;
const read = (file) => fs.readFileSync(file, 'utf8');

// The peak RSS (MB) of the browser's renderer processes (the largest: the page's).
async function rendererPeakMb(browser) {
    const session = await browser.newBrowserCDPSession();
    const { processInfo } = await session.send('SystemInfo.getProcessInfo');
    await session.detach();
    let peak = 0;
    for (const p of processInfo.filter((info) => info.type === 'renderer')) {
        try {
            const hwm = /VmHWM:\s+(\d+) kB/.exec(read(`/proc/${p.id}/status`));
            if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
        } catch {
            /* the process is gone */
        }
    }
    return peak;
}

// Puts texts and settings into the page through a session link (the page's
// own way to load a task) and solves; resolves {evaluations, cost, valid, config}.
async function solveInPage(page, session) {
    await page.evaluate((s) => { location.hash = `#j=${encodeURIComponent(JSON.stringify(s))}`; }, session);
    await page.waitForFunction((s) => document.getElementById('heuristic-select').value === s.heuristic &&
        document.getElementById('space-select').value === s.space &&
        (!s.model || document.getElementById('model-select').value === s.model), session);
    await page.click('#solve-btn');
    await page.waitForSelector('#status:is([data-status="solved"], [data-status="error"], [data-status="out-of-time"])',
                               { timeout: SOLVE_TIMEOUT_MS });
    const status = await page.getAttribute('#status', 'data-status');
    if (status !== 'solved') return { evaluations: NaN, status };
    const stat = (key) => page.textContent(`#stats-list dd[data-stat="${key}"]`);
    return {
        status,
        evaluations: Number((await stat('evaluations')).replace(/,/g, '')),
        expansions: Number((await stat('expansions')).replace(/,/g, '')),
        cost: Number(await page.textContent('#plan-cost').then((t) => /\d+/.exec(t)?.[0])),
        valid: (await page.getAttribute('#valid-badge', 'data-valid')) === 'true',
        config: await stat('config').catch(() => ''),
    };
}

function nativeAccepts(domainFile, problemFile, modelFile) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-learn-native-'));
    try {
        execFileSync(lazylifted, ['plan', domainFile, problemFile, '--model', modelFile, '--first-plan',
                                  '--plan-file', path.join(dir, 'plan'), '--time-limit', '60'], { stdio: 'pipe' });
        return true;
    } catch (error) {
        console.error(`native lazylifted refused ${modelFile}: ${error.stderr ?? error.message}`);
        return false;
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

async function measure(server, domain) {
    const example = examples.find((e) => e.id === EXAMPLES[domain]);
    const domainFile = path.join(repoRoot, 'web', 'examples', example.domainFile);
    const exampleFile = path.join(repoRoot, 'web', 'examples', example.problemFile);
    const p05File = path.join(benchmarks, domain, 'testing', 'easy', 'p05.pddl');
    const browser = await launchBrowser();
    try {
        const page = await openPage(browser, server.url);
        await page.route('**/models/manifest.json', async (route) => {
            const response = await route.fetch();
            const manifest = await response.json();
            manifest.models = manifest.models.filter((m) => m.domain !== domain);
            await route.fulfill({ response, json: manifest });
        });
        await page.goto(server.url);
        await waitForEditorPage(page);
        await page.selectOption('#example-select', example.id);
        await page.waitForFunction((id) => document.getElementById('example-select').dataset.loaded === id, example.id);
        await page.click('#learn-btn');
        await page.waitForSelector('#panel-learn [data-view="learn"]');
        const beforeMb = await rendererPeakMb(browser);  // the page alone, loaded, before learning
        const budgetS = Number(await page.inputValue('#panel-learn input[type="number"]'));
        const trace = await traceMainThreadTasks(browser, page);
        const t0 = Date.now();
        await page.click('#panel-learn button.primary');
        await page.waitForSelector('#panel-learn [data-view="learn"]:is([data-state="done"], [data-state="error"])',
                                   { timeout: LEARN_TIMEOUT_MS });
        const learnS = (Date.now() - t0) / 1000;
        const mostCpuMs = Math.max(0, ...(await trace()).map((t) => t.cpu));
        const peakMb = await rendererPeakMb(browser);
        if (await page.getAttribute('#panel-learn [data-view="learn"]', 'data-state') !== 'done') {
            throw new Error(`${domain}: ${await page.textContent('#error-box')}`);
        }
        await screenshot(page, `learn-${domain}`, { selector: '#lower-area' });
        const summary = await page.textContent('#panel-learn .learn-summary');
        const bars = Number(await page.getAttribute('#panel-learn .learn-chart', 'data-rounds'));
        const model = await page.inputValue('#model-select');
        const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.click('#panel-learn li[data-model] button[data-action="download"]'),
        ]);
        const modelFile = path.join(os.tmpdir(), `ll-learn-${domain}-${process.pid}.json`);
        await download.saveAs(modelFile);
        const domainText = read(domainFile);
        const row = { domain, exampleId: example.id, beforeMb, mostCpuMs, budgetS, learnS, peakMb, bars, summary,
                      modelBytes: fs.statSync(modelFile).size };
        for (const [key, file] of [['example', exampleFile], ['p05', p05File]]) {
            const problem = read(file);
            // The first plan's search: the page's anytime toggle off (its evaluations are compared).
            const base = { domain: domainText, problem, example: '', anytime: 'off' };
            row[key] = {
                modelPartial: await solveInPage(page, { ...base, space: 'partial', heuristic: 'wl', model, config: '' }),
                modelState: await solveInPage(page, { ...base, space: 'state', heuristic: 'wl', model, config: '' }),
                ff: await solveInPage(page, { ...base, space: 'state', heuristic: 'ff', config: 'paper' }),
                nativeAccepts: nativeAccepts(domainFile, file, modelFile),
            };
        }
        fs.rmSync(modelFile, { force: true });
        return row;
    } finally {
        await browser.close();
    }
}

requireSite();
const server = await startServer();
const rows = [];
try {
    for (const domain of domains) {
        const row = await measure(server, domain);
        rows.push(row);
        console.error(`${domain}: ${JSON.stringify(row)}`);
    }
} finally {
    await server.close();
}

const evals = (r) => (r.status === 'solved' ? `${r.evaluations}${r.valid ? '' : ' (INVALID)'}` : r.status);
const verdict = (p) => (p.modelPartial.evaluations < p.ff.evaluations ? 'fewer' : 'not fewer') + ' / ' +
                       (p.modelState.evaluations < p.ff.evaluations ? 'fewer' : 'not fewer');
console.log('| domain (example) | learn time (budget) | main-thread task CPU, most | renderer peak RSS | round bars | model: example PS² / S³ | hFF: example | model: p05 PS² / S³ | hFF: p05 | model < hFF (PS² / S³): example; p05 | native `--model` accepts |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
    console.log(`| ${r.domain} (${r.exampleId}) | ${r.learnS.toFixed(1)} s (${r.budgetS} s) | ${Math.round(r.mostCpuMs)} ms | ${Math.round(r.peakMb)} MB (page before: ${Math.round(r.beforeMb)} MB) | ` +
                `${r.bars} | ${evals(r.example.modelPartial)} / ${evals(r.example.modelState)} | ${evals(r.example.ff)} | ` +
                `${evals(r.p05.modelPartial)} / ${evals(r.p05.modelState)} | ${evals(r.p05.ff)} | ` +
                `${verdict(r.example)}; ${verdict(r.p05)} | ` +
                `${r.example.nativeAccepts && r.p05.nativeAccepts ? 'yes' : 'NO'} |`);
}
for (const r of rows) console.log(`\n${r.domain}: ${r.summary}`);
