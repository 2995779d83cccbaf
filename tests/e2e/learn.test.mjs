// Browser end-to-end tests of the Learn tab (web/src/views/learn/): on a
// bundled example whose shipped models are hidden (the manifest is served
// without them), "Learn a heuristic for this domain" trains a model in the
// trainer's worker with a small time budget, shows the rounds in its chart,
// adds the model to the model list as "trained here" and selects it; Solve
// then finds a valid plan with it, "Why this h?" explains its h, and after
// a reload the model is still in the list (kept in the browser) and plans
// again; the downloaded JSON, given to a <lazylifted-demo> widget as its
// model property, plans too. Cancel stops learning; a trainer error shows
// in the page's error box; a model that does not fit in localStorage is
// kept in IndexedDB.
// Screenshot: build/e2e-artifacts/view-learn.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import {
    exampleTexts, longTasksSince, openPage, screenshot, traceMainThreadTasks, useSiteAndBrowser, waitForEditorPage,
    waitForSolvedAndValid,
} from './helpers.mjs';

const EXAMPLE = 'ferry-islands';
const DOMAIN = 'ferry';
const BUDGET_S = 10;
const site = useSiteAndBrowser();

// The page with the domain's shipped models left out of models/manifest.json.
async function openWithoutShippedModels() {
    const page = await openPage(site.browser, site.server.url);
    await page.route('**/models/manifest.json', async (route) => {
        const response = await route.fetch();
        const manifest = await response.json();
        manifest.models = manifest.models.filter((m) => m.domain !== DOMAIN);
        await route.fulfill({ response, json: manifest });
    });
    return page;
}

async function solveWithSelectedModel(page) {
    await page.click('#solve-btn');
    // The plan is validated in the API's second worker: the badge may come
    // just after the status.
    await waitForSolvedAndValid(page, 30000);
    return page.locator('#plan-list li').count();
}

test('learn a model for a bundled example in the page, plan with it, keep it over a reload', async () => {
    const page = await openWithoutShippedModels();
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.selectOption('#example-select', EXAMPLE);
    await page.waitForFunction((id) => document.getElementById('example-select').dataset.loaded === id, EXAMPLE);
    // No shipped model: the list offers none.
    assert.deepEqual(await page.$$eval('#model-select option', (o) => o.map((x) => x.value).filter(Boolean)), []);

    await page.click('#learn-btn');
    await page.waitForSelector('#panel-learn [data-view="learn"]');
    await page.fill('#panel-learn input[type="number"]', String(BUDGET_S));
    // The main thread's tasks while it learns: their CPU time is the page's
    // own work (a task's wall time also counts other processes of this
    // shared machine; tests/e2e/page.test.mjs measures the same way).
    const trace = await traceMainThreadTasks(site.browser, page);
    const startedAt = await page.evaluate(() => performance.now());
    await page.click('#panel-learn button.primary');
    await page.waitForSelector('#panel-learn [data-view="learn"][data-state="running"]');
    // The rounds show while it runs (the first bootstrap round solves without a model).
    await page.waitForSelector('#panel-learn .learn-chart g[data-stat="c0-round-0"]', { timeout: 20000 });
    await page.waitForSelector('#panel-learn [data-view="learn"][data-state="done"]', { timeout: 40000 });
    const trainS = (await page.evaluate(() => performance.now()) - startedAt) / 1000;
    const rounds = Number(await page.getAttribute('#panel-learn .learn-chart', 'data-rounds'));
    assert.ok(rounds >= 1, `rounds: ${rounds}`);
    // Training runs in the worker: no main-thread task over 100 ms of CPU meanwhile.
    const traced = (await trace()).filter((t) => t.start + t.wall >= startedAt);
    const longestMs = Math.max(0, ...(await longTasksSince(page, startedAt)).map((t) => t.duration));
    const mostCpuMs = Math.max(0, ...traced.map((t) => t.cpu));
    assert.ok(mostCpuMs <= 100, `a task of ${Math.round(mostCpuMs)} ms CPU while learning`);

    // The model is in the list, "trained here", and selected with the learned heuristic.
    const selected = await page.$eval('#model-select', (s) => ({ value: s.value, text: s.selectedOptions[0].text }));
    assert.match(selected.value, /^trained:/);
    assert.match(selected.text, /^trained here/);
    assert.equal(await page.inputValue('#heuristic-select'), 'wl');
    const steps = await solveWithSelectedModel(page);
    assert.ok(steps > 0);
    await screenshot(page, 'view-learn', { selector: '#lower-area' });
    // "Why this h?" explains the trained model's h, as a shipped model's.
    await page.click('#tab-explain');
    await page.waitForSelector('#panel-explain .ll-explain-table tbody tr', { timeout: 20000 });
    assert.match(await page.textContent('#panel-explain .ll-explain-sum'), /round\([-0-9.e+]+\) = -?\d+/);
    console.log(`# learn on ${EXAMPLE}: ${rounds} rounds in ${trainS.toFixed(1)} s, longest main-thread ` +
                `task ${Math.round(longestMs)} ms (${Math.round(mostCpuMs)} ms CPU); plan of ${steps} steps`);

    // The download is the model JSON.
    await page.click('#tab-learn');
    const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('#panel-learn li[data-model] button[data-action="download"]'),
    ]);
    assert.match(download.suggestedFilename(), /^ferry-aoag-partial-trained-.*\.json$/);
    const modelJson = fs.readFileSync(await download.path(), 'utf8');
    assert.equal(JSON.parse(modelJson).domain.name, DOMAIN);

    // After a reload the session still names the model, and it is kept.
    await page.reload();
    await waitForEditorPage(page);
    await page.waitForFunction((value) => document.getElementById('model-select').value === value, selected.value);
    await solveWithSelectedModel(page);
    assert.deepEqual(page.ll.errors, []);

    // The widget takes the downloaded model as a value.
    await page.goto(`${site.server.url}widget-demo.html`);
    await page.evaluate(({ texts, model }) => {
        const widget = document.createElement('lazylifted-demo');
        widget.id = 'widget-trained';
        widget.setAttribute('space', 'partial');
        for (const [file, text] of Object.entries(texts)) {
            const script = Object.assign(document.createElement('script'), { type: 'text/x-pddl', textContent: text });
            script.dataset.file = file;
            widget.append(script);
        }
        widget.model = model;
        document.body.prepend(widget);
    }, { texts: exampleTexts(EXAMPLE), model: modelJson });
    await page.waitForFunction(() => document.querySelector('#widget-trained').problemText.includes('(define'));
    await page.locator('#widget-trained button.solve').click();
    await page.waitForSelector('#widget-trained .badge[data-valid="true"]', { timeout: 30000 });
    assert.match(await page.locator('#widget-trained .settings').textContent(), /^PS² · learned model$/);
    assert.match(await page.getAttribute('#widget-trained', 'data-config'), /(^|;)search=\w+,h=wl,/);
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('Cancel stops learning at once; a trainer error shows in the page\'s error box', async () => {
    const page = await openWithoutShippedModels();
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.selectOption('#example-select', EXAMPLE);
    await page.waitForFunction((id) => document.getElementById('example-select').dataset.loaded === id, EXAMPLE);
    await page.click('#tab-learn');
    await page.click('#panel-learn button.primary');
    // Cancel while the first bootstrap round solves its problems.
    await page.waitForSelector('#panel-learn .learn-chart g[data-stat="c0-round-0"]', { timeout: 20000 });
    await page.click('#panel-learn .learn-bar button:not(.primary)');
    await page.waitForSelector('#panel-learn [data-view="learn"][data-state="cancelled"]', { timeout: 2000 });
    assert.deepEqual(await page.$$eval('#model-select option', (o) => o.map((x) => x.value).filter(Boolean)), []);

    // A problem with an error: the trainer's error, with its position in the problem editor.
    const { domain, problem } = exampleTexts(EXAMPLE);
    const broken = problem.replace('(:init', '(:init (at-ferry))');
    await page.evaluate((s) => { location.hash = `#j=${encodeURIComponent(JSON.stringify(s))}`; },
                        { domain, problem: broken, space: 'state', heuristic: 'ff' });
    await page.waitForFunction(() => document.querySelector('#problem-editor .cm-content').textContent
        .includes('(at-ferry))'));
    await page.click('#panel-learn button.primary');
    await page.waitForSelector('#panel-learn [data-view="learn"][data-state="error"]', { timeout: 20000 });
    assert.equal(await page.isVisible('#error-box'), true);
    assert.match(await page.textContent('#error-box'), /error .*problem\.pddl:\d+:\d+/s);
    await page.context().close();
});

test('a model that does not fit in what localStorage has left is kept in IndexedDB', async () => {
    const page = await openWithoutShippedModels();
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.selectOption('#example-select', EXAMPLE);
    await page.waitForFunction((id) => document.getElementById('example-select').dataset.loaded === id, EXAMPLE);
    // Leave localStorage about 8000 characters: room for the session and the
    // list of models, not for a model's text (15-40 KB here).
    const left = await page.evaluate(() => {
        let size = 1 << 23;
        let filled = 0;
        for (let i = 0; size >= 8000; ++i) {
            try {
                localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
                filled += size;
            } catch {
                size >>= 1;
            }
        }
        return filled;
    });
    assert.ok(left > 1e6, `filled ${left} characters`);
    await page.click('#tab-learn');
    await page.fill('#panel-learn input[type="number"]', '5');
    await page.click('#panel-learn button.primary');
    await page.waitForSelector('#panel-learn [data-view="learn"][data-state="done"]', { timeout: 30000 });
    assert.match(await page.textContent('#panel-learn li[data-model]'), /kept in IndexedDB/);
    const selected = await page.inputValue('#model-select');
    await page.reload();
    await waitForEditorPage(page);
    await page.waitForFunction((value) => document.getElementById('model-select').value === value, selected);
    await solveWithSelectedModel(page);
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});
