// Browser end-to-end tests of the editor page's views: the
// editor help (completion of a predicate, hover with its declaration, go to
// definition, the quick fix that adds a missing requirement), the live search
// chart during a solve and the statistics chart after it, the model that fits
// the search space (and the note when the user picks one that does not), and
// the state panels of the step view drawn from the core's plan trace.
// Screenshots of each view go to build/e2e-artifacts/view-*.png.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { checkTaskWork, exampleTexts, foreignRequests, openPage, recordMetrics, repoRoot, screenshot, traceMainThreadTasks,
         useSiteAndBrowser, waitForEditorPage, waitForSolvedAndValid } from './helpers.mjs';

const SOLVE_TIMEOUT_MS = 20000;
// The two editors (the page is 1400 x 900): the quick fix tooltip is wider than one.
const EDITORS_CLIP = { x: 0, y: 44, width: 1060, height: 540 };
const site = useSiteAndBrowser();

async function openEditor(hash = '') {
    const page = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url + hash);
    await waitForEditorPage(page);
    return page;
}

async function pickExample(page, id) {
    await page.selectOption('#example-select', id);
    await page.waitForFunction((wanted) =>
        document.getElementById('example-select').dataset.loaded === wanted, id);
    await page.waitForFunction(() => {
        const summary = document.getElementById('check-summary');
        return summary.dataset.ok === 'true' && !summary.dataset.pending;
    });
}

// The centre of the n-th occurrence of `word` (a whole PDDL name) in an editor pane.
async function wordCentre(page, pane, word, nth = 0) {
    return page.evaluate(({ pane, word, nth }) => {
        const content = document.querySelector(`${pane} .cm-content`);
        const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
        const re = new RegExp(`(^|[\\s()])(${word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')})(?=[\\s()]|$)`, 'g');
        let seen = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            re.lastIndex = 0;
            let m;
            while ((m = re.exec(node.textContent)) !== null) {
                if (seen++ < nth) continue;
                const range = document.createRange();
                const start = m.index + m[1].length;
                range.setStart(node, start);
                range.setEnd(node, start + word.length);
                const r = range.getBoundingClientRect();
                return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
            }
        }
        return null;
    }, { pane, word, nth });
}

test('editor: completion offers a predicate of the domain, hover shows its declaration', async () => {
    const page = await openEditor();
    await pickExample(page, 'blocksworld-swap');
    await page.locator('.pane-problem .cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n(cle');
    const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'clear' }).first();
    await option.waitFor();
    assert.match(await page.textContent('.cm-tooltip-autocomplete'), /predicate/);
    await screenshot(page, 'view-completion', { selector: '.pane-problem' });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
        /\(clear\s*$/.test(document.querySelector('.pane-problem .cm-content').textContent));
    await page.keyboard.press('Escape');

    const at = await wordCentre(page, '.pane-problem', 'on-table');
    assert.ok(at, 'on-table is in the problem');
    await page.mouse.move(at.x, at.y);
    const hover = page.locator('.cm-tooltip-hover .cm-pddl-hover');
    await hover.waitFor();
    const text = await hover.textContent();
    assert.match(text, /predicate · domain\.pddl/);
    assert.match(text, /\(on-table \?x\)/);
    await screenshot(page, 'view-hover', { selector: '.pane-problem' });
    // A ?parameter: its declaration in the enclosing action.
    const parameter = await wordCentre(page, '.pane-domain', '?b', 1);
    await page.mouse.move(parameter.x, parameter.y);
    await page.waitForFunction(() => [...document.querySelectorAll('.cm-tooltip-hover .cm-pddl-hover')]
        .some((h) => /^parameter\?b$/.test(h.textContent)));
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('editor: Ctrl-click and F12 go to the declaration, in the other editor too', async () => {
    const page = await openEditor();
    await pickExample(page, 'blocksworld-swap');
    const at = await wordCentre(page, '.pane-problem', 'on-table');
    await page.keyboard.down('Control');
    await page.mouse.click(at.x, at.y);
    await page.keyboard.up('Control');
    // The domain editor has the focus, with the predicate's declaration selected.
    await page.waitForFunction(() => document.activeElement?.closest('.pane-domain') !== null &&
        document.getSelection().toString() === 'on-table');
    // F12 on an object in the problem's :init selects its declaration in :objects.
    const object = await wordCentre(page, '.pane-problem', 'd', 1);
    await page.mouse.click(object.x, object.y);
    await page.keyboard.press('F12');
    await page.waitForFunction(() => document.activeElement?.closest('.pane-problem') !== null &&
        document.getSelection().toString() === 'd');
    const line = await page.evaluate(() =>
        document.getSelection().anchorNode.parentElement.closest('.cm-line').textContent);
    assert.match(line, /\(:objects a b c d\)/);
    await page.context().close();
});

test('editor: the quick fix adds a requirement the live check reports missing', async () => {
    const { domain: original, problem } = exampleTexts('blocksworld-swap');
    const domain = original.replace('(and (clear ?b) (on-table ?b) (arm-empty))',
                                    '(and (clear ?b) (on-table ?b) (arm-empty) (not (holding ?b)))');
    assert.match(domain, /\(not \(holding \?b\)\)\)/);

    const page = await openEditor(`#j=${encodeURIComponent(JSON.stringify({ domain, problem }))}`);
    const range = page.locator('.pane-domain .cm-lintRange-warning').first();
    await range.waitFor();
    await range.hover();
    const fix = page.locator('.cm-tooltip-lint .cm-diagnosticAction', { hasText: 'Add :negative-preconditions' });
    await fix.waitFor();
    await screenshot(page, 'view-quick-fix', { clip: EDITORS_CLIP });
    await fix.click();
    await page.waitForFunction(() => /\(:requirements :strips :negative-preconditions\)/.test(
        document.querySelector('.pane-domain .cm-content').textContent));
    // The next check has nothing to warn about.
    await page.waitForFunction(() => document.querySelectorAll('.pane-domain .cm-lintRange-warning').length === 0 &&
        document.getElementById('check-summary').dataset.ok === 'true' &&
        !document.getElementById('check-summary').dataset.pending);
    await page.context().close();
});

test('live search chart during a solve, statistics chart after it', async () => {
    const page = await openEditor();
    await pickExample(page, 'blocksworld-impossible');
    await page.fill('#time-limit', '300');
    await page.click('#solve-btn');
    // Progress reports arrive about 5 times a second: the chart grows.
    await page.waitForFunction(() => Number(document.querySelector('#live-chart svg')?.dataset.points1 ?? 0) >= 4,
                               null, { timeout: SOLVE_TIMEOUT_MS });
    const path = await page.getAttribute('#live-chart path[data-series="expansions"]', 'd');
    assert.ok(path.split('L').length >= 4, `a line: ${path}`);
    assert.equal(await page.locator('#live-chart path[data-series="best h"]').count(), 1);
    await screenshot(page, 'view-live-chart', { selector: '.pane-controls' });
    await page.click('#stop-btn');
    await page.waitForSelector('#status[data-status="stopped"]');

    await pickExample(page, 'blocksworld-swap');
    await page.click('#solve-btn');
    await page.waitForSelector('#status[data-status="solved"]', { timeout: SOLVE_TIMEOUT_MS });
    await page.click('#stats-box summary');
    const bar = page.locator('#stats-chart g[data-stat="expansions"]');
    await bar.waitFor();
    const expansions = await page.textContent('#stats-list dd[data-stat="expansions"]');
    assert.equal(await bar.locator('text').last().textContent(), expansions);
    assert.ok(Number(await bar.locator('rect').getAttribute('width')) > 0);
    await screenshot(page, 'view-stats-chart', { selector: '#stats-box' });
    assert.deepEqual(foreignRequests(page), []);
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('the model list picks a model that fits the space, and says so when the user overrides it', async () => {
    const page = await openEditor();
    await pickExample(page, 'blocksworld-towers');  // learned model, S³
    assert.match(await page.inputValue('#model-select'), /-ilg-state\.json$/);
    assert.equal(await page.isHidden('#model-note'), true);
    // PS²: the page switches to a PS² model (ILG ignores the partial action).
    await page.selectOption('#space-select', 'partial');
    assert.match(await page.inputValue('#model-select'), /ipc23lt-blocksworld-(aoag|aeg)-partial\.json$/);
    assert.equal(await page.isHidden('#model-note'), true);
    assert.equal(await page.getAttribute('#model-select', 'data-fits'), 'true');
    // The user picks the S³ model anyway: kept, with a visible note.
    await page.selectOption('#model-select', 'models/ipc23lt-blocksworld-ilg-state.json');
    await page.waitForSelector('#model-note:not([hidden])');
    assert.match(await page.textContent('#model-note'), /trained for S³.*PS² ranks all partial children/s);
    assert.equal(await page.getAttribute('#model-select', 'data-fits'), 'false');
    await screenshot(page, 'view-model-note', { selector: '.settings' });
    // The user's choice is part of the session: a reload keeps it, with the note.
    await page.waitForTimeout(600);  // the session is saved 400 ms after the last change
    await page.reload();
    await waitForEditorPage(page);
    assert.equal(await page.inputValue('#model-select'), 'models/ipc23lt-blocksworld-ilg-state.json');
    await page.waitForSelector('#model-note:not([hidden])');
    // Back to S³: the chosen model fits again, the note goes.
    await page.selectOption('#space-select', 'state');
    await page.waitForSelector('#model-note', { state: 'hidden' });
    assert.equal(await page.inputValue('#model-select'), 'models/ipc23lt-blocksworld-ilg-state.json');
    await page.context().close();
});

test('the step view: states from the core\'s trace, and a state panel that follows the steps', async () => {
    const page = await openEditor();
    await pickExample(page, 'blocksworld-swap');
    await page.click('#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);
    await page.click('#tab-goals');
    await page.waitForSelector('#panel-goals .goal-list li');
    assert.match(await page.textContent('#panel-goals'), /0 of 3 goal atoms hold/);
    await page.click('#step-last');
    assert.match(await page.textContent('#panel-goals'), /3 of 3 goal atoms hold/);
    await page.click('#step-prev');
    assert.match(await page.textContent('#step-label'), /Step \d+ \/ \d+/);
    await screenshot(page, 'view-step-panels', { selector: '#lower-area' });
    await page.context().close();
});

// The explanation panel (h as a sum of decoded WL
// features, in words) and the partial-action tree (PS² children with h, the
// plan's branch marked), on the bundled warehouse example with its AOAG model.
test('state panels: why this h (WL features in words) and the partial-action tree', async () => {
    const page = await openEditor();
    await pickExample(page, 'warehouse-dispatch');
    await page.selectOption('#space-select', 'partial');
    await page.selectOption('#heuristic-select', 'wl');
    await page.waitForFunction(() => /aoag|aeg/.test(document.getElementById('model-select').value));
    await page.click('#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);

    const explain = '#panel-explain';
    await page.click('#tab-explain');
    await page.waitForSelector(`${explain} .ll-explain-table tbody tr`, { timeout: SOLVE_TIMEOUT_MS });
    const sum = await page.textContent(`${explain} .ll-explain-sum`);
    const m = sum.match(/round\(([-0-9.e+]+)\) = (-?\d+)/);
    assert.ok(m, sum);
    assert.equal(Number(m[2]), Math.round(Number(m[1])));
    const head = await page.textContent(`${explain} .ll-explain-head`);
    assert.match(head, new RegExp(`h = ${m[2]}\\b`));
    // Features read as words (atoms, objects), never as colour ids.
    const features = await page.$$eval(`${explain} .ll-explain-table tbody tr.ll-explain-text td`,
                                       (cells) => cells.map((c) => c.textContent));
    assert.ok(features.length > 0);
    for (const text of features.filter((t) => !/more features/.test(t))) {
        assert.match(text, /[a-z]/, text);
        assert.doesNotMatch(text, /colour \d+|#\d+/, text);
    }
    await screenshot(page, 'view-explain', { selector: explain });

    const tree = '#panel-partial-tree';
    await page.click('#tab-partial-tree');
    // The initial state's schemas, then the plan's branch opened level by level.
    await page.waitForSelector(`${tree} li.on-plan .ll-tree-plan`, { timeout: SOLVE_TIMEOUT_MS });
    const hs = await page.$$eval(`${tree} .ll-tree-h`, (cells) => cells.map((c) => c.textContent));
    assert.ok(hs.length >= 2, hs.join(', '));
    assert.ok(hs.every((t) => /^h = (-?\d+|∞)( \([a-z-]+\))?$|not computed/.test(t)), hs.join(', '));
    await screenshot(page, 'view-partial-tree', { selector: tree });
    await page.context().close();
});

// Opens the page on an HBF task of the shared benchmarks (a share link with
// its texts, PS², the learned heuristic), picks the HBF AOAG model of that
// domain (the IPC models of a domain may share its signature and would load
// too), solves and waits for the validated plan.
const HBF_DIR = path.join(repoRoot, '..', 'shared', 'benchmarks', 'hbf');
async function solveHbfTask(domain, problemFile, { timeLimitS, timeoutMs }) {
    const session = { domain: fs.readFileSync(path.join(HBF_DIR, domain, 'domain.pddl'), 'utf8'),
                      problem: fs.readFileSync(problemFile, 'utf8'), space: 'partial', heuristic: 'wl',
                      timeLimitS, anytime: 'off' };
    const page = await openPage(site.browser, site.server.url);
    await page.goto(`${site.server.url}#j=${encodeURIComponent(JSON.stringify(session))}`);
    await waitForEditorPage(page);
    const model = `models/hbf-${domain}-aoag-partial.json`;
    await page.waitForSelector(`#model-select option[value="${model}"]`, { state: 'attached' });
    await page.selectOption('#model-select', model);
    await page.click('#solve-btn');
    await page.waitForSelector('#valid-badge[data-valid="true"]', { timeout: timeoutMs });
    return page;
}

// The tree explorer stays responsive on a large task, HBF
// blocksworld testing/easy p29 (a plan of ~900 steps, h from the AOAG model
// in PS²): opening the tree at the initial state and at later steps leaves no
// main-thread task over 100 ms of CPU time (the levels are computed in the
// worker; a trace, as page.test.mjs). Reads the shared benchmarks: skipped
// without them.
const P29 = path.join(HBF_DIR, 'blocksworld', 'testing', 'easy', 'p29.pddl');
test('the partial-action tree stays responsive on HBF blocksworld p29',
     { skip: !fs.existsSync(P29) && 'no ../shared/benchmarks', timeout: 300000 }, async () => {
    const page = await solveHbfTask('blocksworld', P29, { timeLimitS: 200, timeoutMs: 240000 });

    const tree = '#panel-partial-tree';
    const stopTrace = await traceMainThreadTasks(site.browser, page);
    const start = await page.evaluate(() => performance.now());
    await page.click('#tab-partial-tree');
    await page.waitForSelector(`${tree} li.on-plan .ll-tree-plan`, { timeout: 60000 });
    for (let i = 0; i < 3; ++i) {
        await page.click('#step-next');
        await page.waitForFunction((sel) => !document.querySelector(`${sel} .ll-tree-note`) &&
                                            document.querySelector(`${sel} li.on-plan .ll-tree-plan`),
                                    tree, { timeout: 60000 });
    }
    const work = await checkTaskWork(stopTrace, start, 'tree explorer on HBF blocksworld p29');
    recordMetrics({ treeP29LongestTaskMs: Math.round(work.longestMs),
                    treeP29MostTaskCpuMs: Math.round(work.mostCpuMs) });
    await screenshot(page, 'view-partial-tree-p29', { selector: tree });
    await page.context().close();
});

// The tree explorer's acceptance check: it shows the PS² children of the
// initial state of HBF warehouse testing/easy p01 with their h (the AOAG
// model; rFF is not asked for). Reads the shared benchmarks: skipped without them.
const WAREHOUSE_P01 = path.join(HBF_DIR, 'warehouse', 'testing', 'easy', 'p01.pddl');
test('the partial-action tree of HBF warehouse p01\'s initial state, with h for each child',
     { skip: !fs.existsSync(WAREHOUSE_P01) && 'no ../shared/benchmarks', timeout: 120000 }, async () => {
    const page = await solveHbfTask('warehouse', WAREHOUSE_P01, { timeLimitS: 60, timeoutMs: SOLVE_TIMEOUT_MS });
    assert.match(await page.textContent('#step-label'), /Initial state/);

    const tree = '#panel-partial-tree';
    await page.click('#tab-partial-tree');
    await page.waitForSelector(`${tree} li.on-plan .ll-tree-plan`, { timeout: SOLVE_TIMEOUT_MS });
    // The first level: the schemas applicable in the initial state, no
    // parameter bound yet. In p01 only two are: a clear box onto a clear box
    // (move) and onto the one clear base (move-to-new-base); the boxes on
    // bases and the box to remove are covered. Each has an integer h (the
    // model's value of the partial action), and the plan starts with a move.
    const schemas = await page.$$eval(`${tree} .ll-tree > ul > li > ul > li[role="treeitem"]`, (items) =>
        items.map((item) => ({ label: item.querySelector('.ll-tree-label').textContent,
                               h: item.querySelector('.ll-tree-h').textContent,
                               onPlan: item.classList.contains('on-plan') })));
    assert.deepEqual(schemas.map((s) => [s.label, s.onPlan]),
                     [['move(?, ?, ?)', true], ['move-to-new-base(?, ?, ?)', false]]);
    for (const s of schemas) assert.match(s.h, /^h = -?\d+$/, `${s.label}: ${s.h}`);
    assert.match(await page.locator('#plan-list li').first().textContent(), /^\(move box\d+ box\d+ box\d+\)$/);
    console.log(`# warehouse p01, initial state: ${schemas.map((s) => `${s.label} ${s.h}`).join('; ')}`);
    await screenshot(page, 'view-partial-tree-warehouse-p01', { selector: tree });
    await page.context().close();
});
