#!/usr/bin/env node
// How long the state picture takes per step (docs/state-pictures.md): opens
// the editor page in headless chromium with a task (through a #j= link),
// solves it, then steps through the plan and prints, per step, the time from
// the click on "next" to the painted picture (the picture's own drawing time
// beside it) and the longest main-thread task meanwhile. Default task: HBF
// blocksworld testing/easy p01 (507 blocks) in PS² with the HBF AOAG model.
//
//   node benchmarks/state_picture.mjs [--domain FILE --problem FILE] [--model models/X.json]
//        [--space partial|state] [--steps 20] [--site build/wasm/site] [--no-picture]
//
// --no-picture hides the picture (display: none) to time the rest of a step
// (the atom list, the plan list, the state panels) alone.
//
// Needs the built site (npm run build:web, then cmake --build --preset wasm),
// playwright-core (npm ci) and, for the default task, ../shared/benchmarks.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const here = path.dirname(new URL(import.meta.url).pathname);
const hbf = path.join(process.env.LL_BENCHMARKS_DIR ?? path.join(here, '..', '..', 'shared', 'benchmarks'), 'hbf', 'blocksworld');
const { values: args } = parseArgs({
    options: {
        domain: { type: 'string', default: path.join(hbf, 'domain.pddl') },
        problem: { type: 'string', default: path.join(hbf, 'testing', 'easy', 'p01.pddl') },
        model: { type: 'string', default: 'models/hbf-blocksworld-aoag-partial.json' },
        space: { type: 'string', default: 'partial' },
        steps: { type: 'string', default: '20' },
        site: { type: 'string' },
        'no-picture': { type: 'boolean', default: false },
    },
});
if (args.site) process.env.LL_SITE_DIR = path.resolve(args.site);
const { launchBrowser, longTasksSince, openPage, requireSite, startServer, waitForEditorPage } =
    await import('../tests/e2e/helpers.mjs');

const PICTURE = '[data-view="state-picture"]';
requireSite();
const server = await startServer();
const browser = await launchBrowser();
try {
    const session = { domain: fs.readFileSync(args.domain, 'utf8'), problem: fs.readFileSync(args.problem, 'utf8'),
                      space: args.space, heuristic: args.model ? 'wl' : 'ff', timeLimitS: 200 };
    const page = await openPage(browser, server.url);
    await page.goto(`${server.url}#j=${encodeURIComponent(JSON.stringify(session))}`);
    await waitForEditorPage(page);
    if (args.model) {
        await page.waitForSelector(`#model-select option[value="${args.model}"]`, { state: 'attached' });
        await page.selectOption('#model-select', args.model);
    }
    await page.click('#solve-btn');
    await page.waitForSelector('#valid-badge[data-valid="true"]', { timeout: 240000 });
    await page.waitForSelector(`${PICTURE} [data-id], ${PICTURE}[data-mode="summary"]`);
    const info = await page.evaluate((sel) => {
        const e = document.querySelector(sel);
        return { recipe: e.dataset.recipe, mode: e.dataset.mode, nodes: e.querySelectorAll('[data-id]').length,
                 steps: document.querySelectorAll('#plan-list li').length };
    }, PICTURE);
    if (args['no-picture']) await page.addStyleTag({ content: `${PICTURE} { display: none; }` });
    console.log(`recipe ${info.recipe}, ${info.mode}, ${info.nodes} nodes drawn, plan of ${info.steps} steps`);
    console.log('step  click-to-paint ms  click handler ms  picture drawing ms  longest task ms');
    const all = [];
    for (let step = 1; step <= Math.min(Number(args.steps), info.steps); step++) {
        const since = await page.evaluate(() => performance.now());
        const [sync, ms] = await page.evaluate(async (sel) => {
            const element = document.querySelector(sel);
            const before = element.dataset.drawn;
            const started = performance.now();
            document.getElementById('step-next').click();
            const sync = performance.now() - started;
            await new Promise((resolve) => {
                const check = () => (element.dataset.drawn !== before ? resolve() : requestAnimationFrame(check));
                check();
            });
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
            return [sync, performance.now() - started];
        }, PICTURE);
        const draw = await page.evaluate((sel) => Number(document.querySelector(sel).dataset.drawMs), PICTURE);
        const longest = Math.max(0, ...(await longTasksSince(page, since)).map((t) => t.duration));
        all.push(ms);
        console.log(`${String(step).padStart(4)}  ${ms.toFixed(1).padStart(17)}  ${sync.toFixed(1).padStart(16)}  ` +
                    `${draw.toFixed(1).padStart(18)}  ${longest.toFixed(0).padStart(15)}`);
    }
    const sorted = [...all].sort((a, b) => a - b);
    console.log(`median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`);
} finally {
    await browser.close();
    await server.close();
}
