// Node tests of the state panels web/src/views/explain-panel.js and
// tree-explorer.js on a minimal DOM shim, with a fake JS API
// client in the context: what they render from explain() and
// partialActionChildren() responses, that the tree follows the plan's branch
// and opens/closes on click, that stale responses are dropped, and that a
// render stays far below 100 ms. No wasm needed.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { repoRoot } from './load-module.mjs';

// ---- a DOM just large enough for the panels ----

class TextNode {
    constructor(text) {
        this.textContent = String(text);
        this.parent = null;
    }
}

class Element {
    constructor(tag) {
        this.tagName = tag.toUpperCase();
        this.children = [];
        this.attributes = {};
        this.listeners = {};
        this.style = {};
        this.parent = null;
        this.className = '';
        this.id = '';
        const owner = this;
        this.classList = {
            add: (c) => { if (!owner.classes().includes(c)) owner.className = `${owner.className} ${c}`.trim(); },
            remove: (c) => { owner.className = owner.classes().filter((x) => x !== c).join(' '); },
            contains: (c) => owner.classes().includes(c),
        };
    }
    classes() { return this.className.split(/\s+/).filter(Boolean); }
    get ownerDocument() { return globalThis.document; }
    append(...nodes) {
        for (const n of nodes) {
            const node = typeof n === 'string' ? new TextNode(n) : n;
            node.parent?.children.splice(node.parent.children.indexOf(node), 1);
            node.parent = this;
            this.children.push(node);
        }
    }
    replaceChildren(...nodes) {
        for (const c of this.children) c.parent = null;
        this.children = [];
        this.append(...nodes);
    }
    remove() {
        if (!this.parent) return;
        this.parent.children.splice(this.parent.children.indexOf(this), 1);
        this.parent = null;
    }
    setAttribute(k, v) { if (k === 'id') this.id = v; this.attributes[k] = String(v); }
    getAttribute(k) { return this.attributes[k] ?? null; }
    addEventListener(type, fn) { (this.listeners[type] ??= []).push(fn); }
    click() { for (const fn of this.listeners.click ?? []) fn({ target: this }); }
    get textContent() { return this.children.map((c) => c.textContent).join(''); }
    set textContent(text) { this.replaceChildren(new TextNode(text)); }
    all(predicate, out = []) {
        for (const c of this.children) {
            if (c instanceof Element) {
                if (predicate(c)) out.push(c);
                c.all(predicate, out);
            }
        }
        return out;
    }
}

const document = {
    head: new Element('head'),
    createElement: (tag) => new Element(tag),
    createTextNode: (text) => new TextNode(text),
    getElementById(id) { return this.head.all((e) => e.id === id)[0] ?? null; },
};
globalThis.document = document;

const views = path.join(repoRoot, 'web', 'src', 'views');
const { explainPanel } = await import(pathToFileURL(path.join(views, 'explain-panel.js')).href);
const { treeExplorer } = await import(pathToFileURL(path.join(views, 'tree-explorer.js')).href);

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const byClass = (root, c) => root.all((e) => e.classList.contains(c));
const byTag = (root, t) => root.all((e) => e.tagName === t.toUpperCase());

const wlResponse = (h) => ({
    status: 'ok', heuristic: 'wl', space: 'state', model: 'm.json', graph: 'ilg', iterations: 2,
    planLength: 2,
    steps: [{ step: 1, action: '(a)', partial: null, h, deadEnd: false, isGoal: false,
              wl: { rawValue: h - 0.25, h, rounding: 'half away from zero',
                    features: [
                        { iteration: 0, weight: 1.5, count: 2, contribution: 3,
                          text: '`on(?, ?)` (goal, not yet true)' },
                        { iteration: 1, weight: -0.25, count: 1, contribution: -0.25,
                          text: 'an object in `clear(·)` (true, not a goal)' }],
                    otherFeatures: { count: 2, contribution: h - 3 },
                    zeroWeightColours: 0, unseenNodeColours: 1, nodeColours: 10 } }],
});

test('explain panel: the sum, the features as text with code, the rest', async () => {
    const requests = [];
    const planner = { explain: async (r) => { requests.push(r); return wlResponse(3); } };
    const container = new Element('div');
    const context = { domain: 'D', problem: 'P', model: { text: '{}' }, space: 'state',
                      plan: ['(a)', '(b)'], step: 1, planner };
    const started = performance.now();
    const panel = explainPanel.mount(container, context);
    await settle();
    assert.ok(performance.now() - started < 100);
    assert.equal(requests.length, 1);
    assert.deepEqual({ ...requests[0], top: undefined },
                     { domain: 'D', problem: 'P', step: 1, model: '{}', space: 'state',
                       plan: ['(a)', '(b)'], top: undefined });
    const text = container.textContent;
    assert.match(text, /h = 3/);
    assert.match(text, /round\(2\.75\) = 3/);
    assert.match(text, /from 2 more features/);
    assert.match(text, /1 of 10 node colours are unknown/);
    assert.ok(byTag(container, 'code').some((c) => c.textContent === 'on(?, ?)'));
    assert.equal(byTag(container, 'tr').length, 1 + 2 * 2 + 1);  // head, (numbers, text) per feature, rest
    assert.ok(document.getElementById('ll-state-panel-styles'));

    // A stale answer does not overwrite a newer one.
    let release;
    planner.explain = (r) => new Promise((resolve) => {
        if (r.step === 0) release = () => resolve(wlResponse(7));
        else resolve(wlResponse(5));
    });
    panel.update({ ...context, step: 0 });
    panel.update({ ...context, step: 2 });
    await settle();
    release();
    await settle();
    assert.match(container.textContent, /h = 5/);
    panel.destroy();
    assert.equal(container.children.length, 0);
});

test('explain panel: relaxed plan with helpful actions, and errors', async () => {
    const container = new Element('div');
    const planner = {
        explain: async () => ({
            status: 'ok', heuristic: 'ff', space: 'state', model: null, graph: null,
            iterations: 0, planLength: 0,
            steps: [{ step: 0, action: null, partial: null, h: 2, deadEnd: false, isGoal: false,
                      relaxedPlan: [{ action: '(stack b4 b3)', helpful: true },
                                    { action: '(putdown b4)', helpful: false }] }],
        }),
    };
    explainPanel.mount(container, { domain: 'D', problem: 'P', planner });
    await settle();
    assert.match(container.textContent, /Relaxed plan: 2 actions/);
    const items = byTag(container, 'li');
    assert.equal(items.length, 2);
    assert.ok(items[0].classList.contains('helpful'));
    assert.ok(!items[1].classList.contains('helpful'));

    planner.explain = async () => ({ status: 'error', error: { message: 'bad domain' } });
    explainPanel.mount(container, { domain: 'D', problem: 'P', planner });
    await settle();
    assert.match(container.textContent, /bad domain/);
});

// A two-level tree: None -> {pick-up, unstack}; unstack -> {c (plan)}; c: leaf.
function fakeTree() {
    const calls = [];
    const levels = {
        '': { children: [
            { path: ['pick-up'], label: 'pick-up', partial: 'pick-up(?)', h: 4, complete: false,
              onPlan: false, evaluated: true },
            { path: ['unstack'], label: 'unstack', partial: 'unstack(?, ?)', h: 3,
              complete: false, onPlan: true, evaluated: true }], total: 5 },
        unstack: { children: [
            { path: ['unstack', 'c'], label: 'c', partial: 'unstack(c, ?)', h: 3, complete: false,
              onPlan: true, evaluated: true }], total: 1 },
        'unstack,c': { children: [
            { path: ['unstack', 'c', 'a'], label: 'a', partial: 'unstack(c, a)', h: 2,
              complete: true, onPlan: true, evaluated: true }], total: 1 },
        'pick-up': { children: [
            { path: ['pick-up', 'b'], label: 'b', partial: 'pick-up(b)', h: null, complete: true,
              onPlan: false, evaluated: false }], total: 1 },
    };
    return {
        calls,
        partialActionChildren: async (r) => {
            calls.push(r);
            const level = levels[r.path.join(',')];
            return { status: 'ok', step: r.step, path: r.path, partial: null, h: 5,
                     complete: false, heuristic: 'wl', totalChildren: level.total,
                     truncated: level.total > level.children.length, children: level.children };
        },
    };
}

test('tree explorer: follows the plan branch, counts hidden children, opens on click', async () => {
    const planner = fakeTree();
    const container = new Element('div');
    treeExplorer.mount(container, { domain: 'D', problem: 'P', step: 0, planner,
                                    plan: '(unstack c a)\n' });
    for (let i = 0; i < 5; ++i) await settle();
    assert.deepEqual(planner.calls.map((r) => r.path.join(',')), ['', 'unstack', 'unstack,c']);
    assert.ok(planner.calls.every((r) => r.space === 'partial' && r.limit > 0 && r.timeBudgetMs > 0));
    const text = container.textContent;
    assert.match(text, /… 3 more \(5 in all\)/);
    assert.match(text, /unstack\(c, a\)/);
    const onPlan = container.all((e) => e.classList.contains('on-plan'));
    assert.equal(onPlan.length, 3);
    assert.ok(byClass(container, 'best').length >= 1);

    // pick-up opens on click (its child's h was not computed), and closes again.
    const toggle = container.all((e) => e.tagName === 'BUTTON' &&
                                        e.getAttribute('aria-label') === 'open pick-up(?)')[0];
    toggle.click();
    for (let i = 0; i < 3; ++i) await settle();
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');
    assert.match(container.textContent, /h not computed/);
    toggle.click();
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.doesNotMatch(container.textContent, /h not computed/);
});
