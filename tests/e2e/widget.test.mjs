// Browser end-to-end tests of the embeddable widget: the demo course page
// (widget-demo.html) with two <lazylifted-demo> elements; both solve, with
// validated plans, from static files of the page's origin only; an error in
// a widget's editor is marked on its line inside the Shadow DOM; the config
// attribute (an alias or key=value text) reaches the planner.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
    foreignRequests, openPage, recordMetrics, screenshot, useSiteAndBrowser, waitForEditorPage,
} from './helpers.mjs';

const SOLVE_TIMEOUT_MS = 20000;
const site = useSiteAndBrowser();

test('the widget demo page: both widgets solve and validate their plans', async () => {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1000, height: 1400 } });
    const started = Date.now();
    await page.goto(`${site.server.url}widget-demo.html`);
    const widgets = ['#widget-swap', '#widget-learned'];
    // Both texts are loaded into the Shadow DOM editors (open shadow roots: CSS locators pierce them).
    for (const id of widgets) {
        await page.waitForFunction((sel) => document.querySelector(sel).problemText.includes('(define'), id);
        assert.match(await page.locator(`${id} .cm-content`).first().textContent(), /\(:init/);
    }
    // Solve both at once: each widget has its own worker.
    for (const id of widgets) await page.locator(`${id} button.solve`).click();
    for (const id of widgets) {
        await page.waitForSelector(`${id}[data-status="solved"]`, { state: 'attached', timeout: SOLVE_TIMEOUT_MS });
        await page.waitForSelector(`${id} .badge[data-valid="true"]`, { timeout: SOLVE_TIMEOUT_MS });
        const steps = await page.locator(`${id} ol.plan li`).allTextContents();
        assert.ok(steps.length >= 6, `${id}: ${steps.join(' ')}`);
        for (const step of steps) assert.match(step, /^\((pickup|putdown|stack|unstack)( [a-z]+)+\)$/);
        assert.match(await page.locator(`${id} .status`).textContent(), new RegExp(`${steps.length} steps`));
    }
    const bothSolvedMs = Date.now() - started;
    // The second widget used the learned model (PS² · learned model) and the
    // planner's default configuration; the first one its config="paper".
    assert.match(await page.locator('#widget-learned .settings').textContent(), /^PS² · learned model$/);
    assert.match(await page.getAttribute('#widget-learned', 'data-config'), /(^|;)search=\w+,h=wl,/);
    assert.match(await page.locator('#widget-swap .settings').textContent(), /^S³ · hFF · paper$/);
    assert.equal(await page.getAttribute('#widget-swap', 'data-config'),
                 'search=eager,h=ff,preferred=off,novelty=off,boost=1000,relax=lifted,orders=off,counting=off');
    await screenshot(page, 'widget-demo-solved');
    recordMetrics({ widgetPageBothSolvedMs: bothSolvedMs });
    console.log(`# widget page: both widgets solved ${bothSolvedMs} ms after navigation started`);
    assert.deepEqual(foreignRequests(page), [], 'every request stays on the origin');
    assert.deepEqual(page.ll.errors, []);

    // An error typed into a widget is reported and marked on its line.
    await page.locator('#widget-swap .cm-line').nth(4).click();  // "  (:init (arm-empty)"
    await page.keyboard.press('End');
    await page.keyboard.type(' ()');
    await page.locator('#widget-swap button.solve').click();
    await page.waitForSelector('#widget-swap[data-status="error"]', { state: 'attached', timeout: SOLVE_TIMEOUT_MS });
    assert.match(await page.locator('#widget-swap .message').textContent(), /problem\.pddl:5:\d+/);
    const line = await page.locator('#widget-swap .cm-lintRange-error').first().evaluate((range) => {
        const l = range.closest('.cm-line');
        return [...l.parentElement.querySelectorAll(':scope > .cm-line')].indexOf(l) + 1;
    });
    assert.equal(line, 5);
    await screenshot(page, 'widget-demo-error');

    // "open in the editor" hands the texts and settings to the full page (URL hash).
    const [popup] = await Promise.all([page.waitForEvent('popup'),
                                       page.locator('#widget-learned a.open').click()]);
    await waitForEditorPage(popup);
    await popup.waitForFunction(() => document.getElementById('check-summary').dataset.ok === 'true');
    assert.match(await popup.textContent('#check-summary'), /three-to-two/);
    assert.equal(await popup.inputValue('#space-select'), 'partial');
    assert.equal(await popup.inputValue('#heuristic-select'), 'wl');
    assert.equal(await popup.inputValue('#model-select'), 'models/ipc23lt-blocksworld-aoag-partial.json');
    await page.context().close();
});

test('Stop in a widget ends its search; the other widget still solves', async () => {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1000, height: 1400 } });
    await page.goto(`${site.server.url}widget-demo.html`);
    // Turn the first widget's problem into the endless one (no plan; the search runs on).
    await page.waitForFunction(() => document.querySelector('#widget-swap').problemText.includes('(define'));
    await page.evaluate(() => document.querySelector('#widget-swap')
        .setAttribute('problem', 'examples/blocksworld/impossible.pddl'));
    await page.waitForFunction(() => document.querySelector('#widget-swap').problemText.includes('endless'));
    await page.locator('#widget-swap button.solve').click();
    await page.waitForFunction(() => /expansions [1-9]/.test(
        document.querySelector('#widget-swap').shadowRoot.querySelector('.progress').textContent),
    null, { timeout: SOLVE_TIMEOUT_MS });
    await page.locator('#widget-learned button.solve').click();
    await page.waitForSelector('#widget-learned[data-status="solved"]', { state: 'attached', timeout: SOLVE_TIMEOUT_MS });
    assert.equal(await page.getAttribute('#widget-swap', 'data-status'), 'solving');
    await page.locator('#widget-swap button.stop').click();
    await page.waitForSelector('#widget-swap[data-status="stopped"]', { state: 'attached', timeout: 2000 });
    await page.context().close();
});

test('the config attribute: an alias, key=value text, and a bad text shown as a usage error', async () => {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1000, height: 1400 } });
    await page.goto(`${site.server.url}widget-demo.html`);
    await page.waitForFunction(() => document.querySelector('#widget-swap').problemText.includes('(define'));
    // Solves through the element's own API; resolves with the planner's response.
    const solveWith = (config) => page.evaluate(async (value) => {
        const widget = document.querySelector('#widget-swap');
        if (value === null) widget.removeAttribute('config');
        else widget.setAttribute('config', value);
        const response = await widget.solve();
        return { status: response.status, config: response.config, error: response.error ?? null,
                 settings: widget.shadowRoot.querySelector('.settings').textContent };
    }, config);

    const lama = await solveWith('lama');
    assert.equal(lama.status, 'solved');
    assert.equal(lama.config, 'search=lazy,h=ff,preferred=on,novelty=off,boost=1000,landmarks=on');
    assert.match(lama.settings, /· lama$/);
    await page.waitForSelector('#widget-swap .badge[data-valid="true"]');

    const pairs = await solveWith('search=eager,preferred=on,novelty=on');
    assert.equal(pairs.status, 'solved');
    assert.equal(pairs.config, 'search=eager,h=ff,preferred=on,novelty=on,boost=1000');

    const plain = await solveWith(null);  // no attribute: the planner's default
    assert.equal(plain.status, 'solved');
    assert.equal(plain.settings, 'S³ · hFF');
    assert.equal(plain.config, await page.evaluate(async () => {
        const api = await import('./lazylifted-api.mjs');
        const planner = await api.createPlanner();
        try {
            const w = document.querySelector('#widget-swap');
            return (await planner.solve({ domain: w.domainText, problem: w.problemText,
                                          config: 'default' })).config;
        } finally {
            planner.terminate();
        }
    }));

    const bad = await solveWith('fastest');
    assert.equal(bad.status, 'error');
    assert.equal(bad.error.category, 'usage');
    assert.match(await page.locator('#widget-swap .message').textContent(),
                 /unknown search configuration 'fastest' \(aliases: default, paper, lama, bfws, eager-po/);
    assert.equal(await page.getAttribute('#widget-swap', 'data-status'), 'error');
    assert.deepEqual(foreignRequests(page), []);
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});
