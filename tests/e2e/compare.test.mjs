// Browser end-to-end tests of the Compare tab (web/src/views/compare/): on a
// bundled example the table shows the optimal configurations (bfs, ucs,
// astar-*) beside the default, each run in the worker one after the other,
// with plan cost, expansions, evaluations, time and whether the plan is
// optimal; the optimal ones agree on the cost, which is at most the
// default's; the chart draws a bar per solved configuration; Stop ends a run.
// Screenshot: build/e2e-artifacts/view-compare.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { openPage, screenshot, useSiteAndBrowser, waitForEditorPage } from './helpers.mjs';

const RUN_TIMEOUT_MS = 60000;
const OPTIMAL = ['bfs', 'ucs', 'astar-blind', 'astar-hmax', 'astar-lmcut'];
const site = useSiteAndBrowser();

async function openCompare() {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1366, height: 900 } });
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.click('#tab-compare');
    await page.waitForSelector('#panel-compare [data-view="compare"] tbody tr');
    return page;
}

const rowText = (page, config, col) =>
    page.textContent(`#panel-compare tr[data-config="${config}"] td[data-col="${col}"]`);

test('the optimal configurations beside the default on the bundled blocksworld example',
     async () => {
    const page = await openCompare();
    // The Search list holds planner.searchAliases ('' is the default).
    const aliases = await page.$$eval('#config-select option', (options) => options.map((o) => o.value));
    for (const name of OPTIMAL) assert.ok(aliases.includes(name), `the planner lists ${name}: ${aliases.join(', ')}`);
    const ticked = await page.$$eval('#panel-compare tbody tr', (rows) => rows
        .filter((row) => row.querySelector('input[type="checkbox"]').checked).map((row) => row.dataset.config));
    assert.deepEqual(ticked, ['default', ...OPTIMAL]);

    await page.click('#panel-compare button.primary');
    await page.waitForSelector('#panel-compare [data-view="compare"][data-state="done"]', { timeout: RUN_TIMEOUT_MS });
    const rows = {};
    for (const config of ticked) {
        rows[config] = {
            status: await rowText(page, config, 'status'),
            cost: Number(await rowText(page, config, 'cost')),
            expansions: Number((await rowText(page, config, 'expansions')).replace(/,/g, '')),
            optimal: await rowText(page, config, 'optimal'),
        };
        assert.equal(rows[config].status, 'solved', `${config}: ${JSON.stringify(rows[config])}`);
        assert.ok(rows[config].expansions > 0, config);
    }
    console.log(`# compare on blocksworld-swap: ${ticked.map((c) => `${c} cost ${rows[c].cost} ` +
                `(${rows[c].expansions} expansions, optimal ${rows[c].optimal})`).join('; ')}`);
    // Unit costs: every optimal configuration finds a cheapest plan, so they agree.
    const costs = new Set(OPTIMAL.map((c) => rows[c].cost));
    assert.equal(costs.size, 1, JSON.stringify(rows));
    for (const c of OPTIMAL) assert.equal(rows[c].optimal, 'yes', c);
    assert.ok(rows.default.cost >= rows.bfs.cost);
    // The chart: a bar per solved configuration.
    assert.equal(await page.locator('#panel-compare .cmp-chart g[data-stat]').count(), ticked.length);
    await screenshot(page, 'view-compare', { selector: '#lower-area' });
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('Stop ends a comparison; the page still solves', async () => {
    const page = await openCompare();
    // The endless example: every configuration would search until its time limit.
    await page.selectOption('#example-select', 'blocksworld-impossible');
    await page.waitForFunction(() =>
        document.getElementById('example-select').dataset.loaded === 'blocksworld-impossible');
    await page.click('#panel-compare button.primary');
    await page.waitForSelector('#panel-compare tr.running');
    await page.waitForTimeout(300);
    await page.click('#panel-compare .cmp-bar button:not(.primary)');
    await page.waitForSelector('#panel-compare [data-view="compare"][data-state="stopped"]', { timeout: 5000 });
    assert.match(await rowText(page, 'default', 'status'), /stopped/);
    await page.selectOption('#example-select', 'blocksworld-swap');
    await page.waitForFunction(() => document.getElementById('example-select').dataset.loaded === 'blocksworld-swap');
    await page.click('#solve-btn');
    await page.waitForSelector('#status[data-status="solved"]', { timeout: RUN_TIMEOUT_MS });
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});
