// Browser end-to-end tests of the Search tab (web/src/views/search-graph/):
// after a solve of the bundled 4-block example, the tab draws the trace the
// engine recorded (the planner's trace: true) and replays it expansion by
// expansion with ←/→, in S³ and in PS²; the green path is the plan's
// (its actions are the plan's steps); a click on a node shows its state
// (atoms and picture), and "Why this h?" explains its h. Screenshots:
// build/e2e-artifacts/view-search-graph*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
    checkTaskWork, openPage, screenshot, traceMainThreadTasks, useSiteAndBrowser, waitForEditorPage,
    waitForSolvedAndValid,
} from './helpers.mjs';

const TIMEOUT_MS = 30000;
const VIEW = '#panel-search [data-view="search-graph"]';
const GOALS = ['(on b a)', '(on c b)', '(on d c)'];  // blocksworld-swap's goal
const site = useSiteAndBrowser();

async function solveAndOpen(space) {
    const page = await openPage(site.browser, site.server.url, { viewport: { width: 1366, height: 900 } });
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.selectOption('#space-select', space);
    await page.click('#solve-btn');
    await waitForSolvedAndValid(page, TIMEOUT_MS);
    await page.click('#tab-search');
    await page.waitForSelector(`${VIEW}[data-state="ready"]`, { timeout: TIMEOUT_MS });
    return page;
}

// What the view drew, from its model (the trace the core sent).
function modelFacts(page) {
    return page.$eval(VIEW, (root) => {
        const { model } = root.searchGraph;
        const byId = (id) => model.byId.get(id);
        const planPath = [...model.planIds].map(byId);
        return {
            space: model.space, expansions: model.expansions, total: model.total, drawn: model.nodes.length,
            orders: model.nodes.filter((n) => n.order !== null).map((n) => n.order).sort((a, b) => a - b),
            planActions: planPath.slice(1).map((n) => ({ action: n.action, partial: n.partial })),
            planIds: planPath.map((n) => n.id),
            goalNode: planPath.length ? planPath[planPath.length - 1].id : null,
            expandedPlanNode: planPath.filter((n) => n.order !== null && n.h !== null && n.id !== 0)
                .map((n) => ({ id: n.id, h: n.h, partial: n.partial }))[0] ?? null,
            partialNode: model.nodes.find((n) => n.partial && n.action)?.id ?? null,
            atomsOf: Object.fromEntries(planPath.map((n) => [n.id, n.atoms])),
            actionAt: Object.fromEntries(model.nodes.filter((n) => n.order !== null)
                .map((n) => [n.order + 1, n.action ?? null])),
        };
    });
}

// Steps the replay from 0 to the end with → (the tab has the focus), checking each step.
async function replayAll(page, facts) {
    await page.click(`${VIEW} button[title="First step"]`);
    assert.equal(await page.getAttribute(VIEW, 'data-step'), '0');
    for (let k = 1; k <= facts.expansions; ++k) {
        await page.keyboard.press('ArrowRight');
        assert.equal(await page.getAttribute(VIEW, 'data-step'), String(k));
        const label = await page.textContent(`${VIEW} .sg-step-label`);
        assert.ok(label.startsWith(`expansion ${k} / ${facts.expansions}`), label);
        if (facts.actionAt[k]) assert.ok(label.includes(facts.actionAt[k]), `${label} names ${facts.actionAt[k]}`);
    }
    await page.keyboard.press('ArrowRight');  // stays at the end
    assert.equal(await page.getAttribute(VIEW, 'data-step'), String(facts.expansions));
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute(VIEW, 'data-step'), String(facts.expansions - 1));
    await page.click(`${VIEW} button[title="Last step"]`);
}

async function clickNode(page, id) {
    const at = await page.$eval(VIEW, (root, nodeId) => root.searchGraph.nodePosition(nodeId), id);
    assert.ok(at, `node ${id} is drawn`);
    await page.mouse.click(at.x, at.y);
    await page.waitForSelector(`${VIEW} .sg-facts[data-node="${id}"]`);
    return page.$$eval(`${VIEW} .sg-atoms li`, (items) => items.map((li) => li.textContent));
}

test('S³: the search of the 4-block example, replayed node by node; a node shows its state',
     async () => {
    const page = await solveAndOpen('state');
    const facts = await modelFacts(page);
    assert.equal(facts.space, 'state');
    // Relaxed-plan lookahead reaches the goal of this task in a few expansions.
    assert.ok(facts.expansions >= 2, `${facts.expansions} expansions`);
    assert.deepEqual(facts.orders, [...Array(facts.expansions).keys()], 'one node per expansion');
    assert.equal(facts.drawn, facts.total, 'a small search is drawn whole');
    // The green path is the plan: its actions are the plan's steps.
    const plan = await page.$$eval('#plan-list li', (items) => items.map((li) => li.textContent));
    assert.deepEqual(facts.planActions.map((a) => a.action), plan);
    await replayAll(page, facts);
    await screenshot(page, 'view-search-graph', { selector: '#lower-area' });

    // The goal node's state holds the goal.
    const atoms = await clickNode(page, facts.goalNode);
    assert.deepEqual(atoms, facts.atomsOf[facts.goalNode]);
    for (const goal of GOALS) assert.ok(atoms.includes(goal), `${goal} in ${atoms.join(' ')}`);
    // ... and its picture (the State tab's, views/picture-host.js).
    await page.waitForSelector(`${VIEW} .sg-picture [data-view="state-picture"][data-mode="picture"] svg`,
                               { timeout: TIMEOUT_MS });
    // An expanded node's h, explained: the same h.
    const node = facts.expandedPlanNode;
    await clickNode(page, node.id);
    await page.click(`${VIEW} .sg-details button`);
    await page.waitForSelector(`${VIEW} .sg-why .ll-explain-head`, { timeout: TIMEOUT_MS });
    assert.match(await page.textContent(`${VIEW} .sg-why .ll-explain-head strong`), new RegExp(`^h = ${node.h}$`));
    await screenshot(page, 'view-search-graph-node', { selector: '#lower-area' });
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('PS²: the same example\'s search over partial states, replayed; a partial node shows its action',
     async () => {
    const page = await solveAndOpen('partial');
    // The replay and the clicks: the page's own work per main-thread task (a trace).
    const stopTrace = await traceMainThreadTasks(site.browser, page);
    const start = await page.evaluate(() => performance.now());
    const facts = await modelFacts(page);
    assert.equal(facts.space, 'partial');
    assert.ok(facts.expansions >= 4);
    const plan = await page.$$eval('#plan-list li', (items) => items.map((li) => li.textContent));
    // The plan's complete actions along the green path are the plan.
    // (A complete action is a node of its own, its state node, with no action, follows it.)
    assert.deepEqual(facts.planActions.filter((a) => !a.partial && a.action).map((a) => a.action), plan);
    assert.ok(facts.planActions.some((a) => a.partial), 'partial steps on the path');
    await replayAll(page, facts);
    assert.ok(facts.partialNode !== null, 'a partial node');
    await clickNode(page, facts.partialNode);
    assert.match(await page.textContent(`${VIEW} .sg-facts`), /reached by\([a-z-]+ [^)]*\?/);
    const atoms = await clickNode(page, facts.goalNode);
    for (const goal of GOALS) assert.ok(atoms.includes(goal), goal);
    // A partial node's h, explained with its partial action as the path: the same h.
    const node = facts.expandedPlanNode;
    await clickNode(page, node.id);
    await page.click(`${VIEW} .sg-details button`);
    await page.waitForSelector(`${VIEW} .sg-why .ll-explain-head`, { timeout: TIMEOUT_MS });
    assert.match(await page.textContent(`${VIEW} .sg-why .ll-explain-head strong`), new RegExp(`^h = ${node.h}$`));
    await checkTaskWork(stopTrace, start, 'PS² search graph, replayed and clicked');
    await screenshot(page, 'view-search-graph-ps2', { selector: '#lower-area' });
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});

test('the search tab without a plan says what to do, and a Solve meanwhile gets the planner',
     async () => {
    const page = await openPage(site.browser, site.server.url);
    await page.goto(site.server.url);
    await waitForEditorPage(page);
    await page.click('#tab-search');
    await page.waitForSelector(`${VIEW}[data-state="empty"]`);
    assert.match(await page.textContent(`${VIEW} .sg-note`), /Solve a task/);
    await page.click('#solve-btn');
    await page.waitForSelector(`${VIEW}[data-state="ready"]`, { timeout: TIMEOUT_MS });
    await page.click('#solve-btn');  // a second Solve while nothing runs: a new plan, a new trace
    await page.waitForSelector('#status[data-status="solved"]', { timeout: TIMEOUT_MS });
    await page.waitForSelector(`${VIEW}[data-state="ready"]`, { timeout: TIMEOUT_MS });
    assert.deepEqual(page.ll.errors, []);
    await page.context().close();
});
