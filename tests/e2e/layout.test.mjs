// Browser end-to-end tests of the editor page's lower area (page/lower-area.js):
// at 1366x768 and 1024x768 the views beside the plan are tabs wider than
// 400 px, "h = N" in the explanation and the tree never wraps, a tab's code
// is fetched only when it first opens (the state picture's when it is seen,
// after the plan), ←/→ step through the plan (not while
// typing in an editor), and the splitters resize the editors and the plan.
// Screenshots: build/e2e-artifacts/layout-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, screenshot, useSiteAndBrowser, waitForEditorPage, waitForSolvedAndValid } from './helpers.mjs';

const SOLVE_TIMEOUT_MS = 20000;
const site = useSiteAndBrowser();

async function solvedPage(viewport) {
    const page = await openPage(site.browser, site.server.url, { viewport });
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.click('#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);
    return page;
}

// How many lines each element matching `selector` takes (1: it does not wrap).
function lineCounts(page, selector) {
    return page.$$eval(selector, (elements) => elements.map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        // Lines: the boxes' vertical extents that do not overlap (a badge in
        // a smaller font sits lower on the same line).
        const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
        let lines = 0;
        let bottom = -Infinity;
        for (const r of rects) {
            if (r.top >= bottom - 1) {
                lines += 1;
                bottom = r.bottom;
            } else {
                bottom = Math.max(bottom, r.bottom);
            }
        }
        return { text: element.textContent, lines };
    }));
}

const width = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().width);

for (const viewport of [{ width: 1366, height: 768 }, { width: 1024, height: 768 }]) {
    test(`the views at ${viewport.width}x${viewport.height}: tabs wider than 400 px, h on one line`, async () => {
        const page = await solvedPage(viewport);
        assert.ok(await width(page, '#lower-area') > 400, 'the lower area is wider than 400 px');
        assert.ok(await width(page, '#state-view') > 400, 'the atoms are wider than 400 px');
        const chunks = () => page.ll.requests.filter((url) => /explain-panel|tree-explorer/.test(url));
        assert.deepEqual(chunks(), [], 'no view code before its tab opens');

        await page.click('#tab-explain');
        await page.waitForSelector('#panel-explain .ll-explain-head', { timeout: SOLVE_TIMEOUT_MS });
        assert.equal(chunks().length, 1, chunks().join(', '));
        assert.ok(await width(page, '#panel-explain') > 400);
        for (const { text, lines } of await lineCounts(page, '#panel-explain .ll-explain-head strong')) {
            assert.equal(lines, 1, `"${text}" wraps`);
        }
        await screenshot(page, `layout-${viewport.width}-explain`, { selector: '.bottom' });

        await page.click('#tab-partial-tree');
        await page.waitForSelector('#panel-partial-tree li.on-plan .ll-tree-plan', { timeout: SOLVE_TIMEOUT_MS });
        assert.ok(await width(page, '#panel-partial-tree') > 400);
        const hs = await lineCounts(page, '#panel-partial-tree .ll-tree-h');
        assert.ok(hs.length >= 2, JSON.stringify(hs));
        for (const { text, lines } of hs) assert.equal(lines, 1, `"${text}" wraps`);
        const rows = await lineCounts(page, '#panel-partial-tree .ll-tree-row');
        for (const { text, lines } of rows) assert.equal(lines, 1, `the row "${text}" wraps`);
        await screenshot(page, `layout-${viewport.width}-tree`, { selector: '.bottom' });

        await page.click('#tab-state');
        await screenshot(page, `layout-${viewport.width}`, { clip: { x: 0, y: 0, ...viewport } });
        assert.deepEqual(page.ll.errors, []);
        await page.context().close();
    });
}

test('the state picture\'s code loads when the picture is seen, after the plan', async () => {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1366, height: 768 } });
    const pictureCode = () => page.ll.requests.filter((url) => /state-picture/.test(url));
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    // Solved with another tab open: the picture waits for the State tab.
    await page.click('#tab-goals');
    await page.click('#solve-btn');
    await waitForSolvedAndValid(page, SOLVE_TIMEOUT_MS);
    await page.waitForTimeout(1000);
    assert.deepEqual(pictureCode(), [], 'no picture code while the State tab is closed');
    await page.click('#tab-state');
    await page.waitForSelector('[data-view="state-picture"] svg', { timeout: SOLVE_TIMEOUT_MS });
    assert.equal(pictureCode().length, 1, pictureCode().join(', '));
    // With the State tab open (the page's first state), after the plan is shown.
    const fresh = await openPage(site.browser, site.server.url, { viewport: { width: 1366, height: 768 } });
    await fresh.goto(site.server.url);
    await waitForEditorPage(fresh);
    await fresh.click('#solve-btn');
    await fresh.waitForSelector('[data-view="state-picture"] svg', { timeout: SOLVE_TIMEOUT_MS });
    const { shown, fetched } = await fresh.evaluate(() => ({
        shown: performance.getEntriesByName('ll-plan-shown')[0]?.startTime,
        fetched: performance.getEntriesByType('resource').find((r) => /state-picture/.test(r.name))?.startTime,
    }));
    assert.ok(shown > 0 && fetched > shown, `picture code fetched at ${fetched} ms, plan shown at ${shown} ms`);
    assert.deepEqual([...page.ll.errors, ...fresh.ll.errors], []);
    await page.context().close();
    await fresh.context().close();
});

test('←/→ step through the plan, and the open panel follows; not while typing', async () => {
    const page = await solvedPage({ width: 1366, height: 768 });
    const n = await page.locator('#plan-list li').count();
    assert.ok(n >= 2);
    await page.click('#tab-goals');
    await page.waitForSelector('#panel-goals .goal-list li');
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step-label'), new RegExp(`^Step 1 / ${n}`));
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step-label'), new RegExp(`^Step 2 / ${n}`));
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#step-label'), /^Step 1 /);
    for (let i = 0; i < n; ++i) await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#step-label'), new RegExp(`^Step ${n} / ${n}`));
    assert.match(await page.textContent('#panel-goals'), /(\d+) of \1 goal atoms hold/);
    await page.click('#tab-state');
    assert.match(await page.textContent('#state-view .state-summary'), /goals (\d+)\/\1/);
    // In an editor the arrows move the cursor only.
    await page.locator('.pane-problem .cm-content').click();
    await page.keyboard.press('ArrowLeft');
    assert.match(await page.textContent('#step-label'), new RegExp(`^Step ${n} / ${n}`));
    await page.context().close();
});

test('the splitters resize the editors and the plan, and the sizes are kept', async () => {
    const page = await solvedPage({ width: 1366, height: 768 });
    const planBefore = await width(page, '.pane-plan');
    const lowerBefore = await width(page, '#lower-area');
    const splitter = await page.$eval('#plan-splitter', (e) => {
        const r = e.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.mouse.move(splitter.x, splitter.y);
    await page.mouse.down();
    await page.mouse.move(splitter.x - 100, splitter.y, { steps: 4 });
    await page.mouse.up();
    assert.ok(Math.abs(await width(page, '.pane-plan') - (planBefore - 100)) <= 2);
    assert.ok(await width(page, '#lower-area') > lowerBefore + 90);
    // The lower area keeps at least 400 px however far the plan is dragged.
    await page.mouse.move(splitter.x - 100, splitter.y);
    await page.mouse.down();
    await page.mouse.move(splitter.x + 2000, splitter.y, { steps: 4 });
    await page.mouse.up();
    assert.ok(await width(page, '#lower-area') >= 400);

    const editorHeight = () => page.$eval('.pane-domain', (e) => e.getBoundingClientRect().height);
    const before = await editorHeight();
    await page.focus('#row-splitter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.ok(Math.abs(await editorHeight() - (before - 48)) <= 2, `${before} -> ${await editorHeight()}`);
    const after = await editorHeight();
    await page.reload();
    await waitForEditorPage(page);
    assert.ok(Math.abs(await editorHeight() - after) <= 2, 'the size is kept on reload');
    await page.context().close();
});
