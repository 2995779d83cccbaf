// The partial-action tree explorer (PS²): for the current state,
// the tree schema → first bound parameter → … with h(s, node) for each node
// under the chosen heuristic (the WL model, else rFF), loaded one level at a
// time when a node is opened, the branch the plan took highlighted and
// opened on load, and a count where a level is wider than what is shown.
// Exported as a state panel ({id, title, mount(container, context)});
// mount returns {update(context), destroy()}. Only the JS API client is used.
import { ensurePanelStyles, el, formatH, plannerFor, requestFor } from './planner-client.js';

const LIMIT = 40;             // children per level
const TIME_BUDGET_MS = 400;   // per level, in the worker: a slow heuristic shows the rest without h

// A node of the tree: its <li>, its toggle (null for a leaf) and its open
// level (null while closed).
function makeNode(state, child, isBest) {
    const item = el('li', { class: [child.onPlan ? 'on-plan' : '', child.complete ? 'complete' : '',
                                    isBest ? 'best' : ''].join(' ').trim(), role: 'treeitem' });
    const node = { item, toggle: null, level: null, child };
    const label = el('span', { class: 'll-tree-label' }, el('code', { text: child.partial }));
    const h = el('span', { class: 'll-tree-h',
                           text: child.evaluated === false ? 'h not computed (time budget)'
                                                           : `h = ${formatH(child.h)}` });
    const row = el('div', { class: 'll-tree-row' });
    if (child.complete) {
        row.append(el('span', { class: 'll-tree-leaf', text: '•' }), label, h);
    } else {
        node.toggle = el('button', { type: 'button', 'aria-expanded': 'false',
                                     'aria-label': `open ${child.partial}`, text: '▸',
                                     onclick: () => {
                                         state.followPlan = false;
                                         toggleNode(state, node);
                                     } });
        row.append(node.toggle, label, h);
    }
    if (child.onPlan) row.append(el('span', { class: 'll-tree-plan', text: 'plan' }));
    item.append(row);
    return node;
}

// The <ul> of a level's children; returns it with the plan's child node.
function levelList(state, level) {
    // `best`: the children with the lowest h, the ones PS² expands first.
    const best = Math.min(...level.children.map((c) => (c.h === null ? Infinity : c.h)));
    const list = el('ul', { class: 'll-tree-level', role: 'group' });
    let planNode = null;
    for (const child of level.children) {
        const node = makeNode(state, child, child.h === best && child.evaluated !== false);
        if (child.onPlan && !child.complete) planNode = node;
        list.append(node.item);
    }
    const values = new Set(level.children.filter((c) => c.evaluated !== false).map((c) => c.h));
    if (level.heuristic === 'wl' && level.children.length > 1 && values.size === 1) {
        list.append(el('li', { class: 'll-tree-more',
                               text: 'all children have the same h: the model does not tell ' +
                                     'these partial actions apart (an ILG model never does; ' +
                                     'AOAG and AEG models can)' }));
    }
    const hidden = level.totalChildren - level.children.length;
    if (hidden > 0) {
        list.append(el('li', { class: 'll-tree-more',
                               text: `… ${hidden} more (${level.totalChildren} in all)` }));
    }
    if (level.totalChildren === 0 && !level.complete) {
        list.append(el('li', { class: 'll-tree-more', text: 'no applicable completion' }));
    }
    return { list, planNode };
}

// Opens (loading its level) or closes a node; on first load the plan's
// branch is followed down.
async function toggleNode(state, node) {
    if (node.level) {
        node.level.remove();
        node.level = null;
        node.toggle?.setAttribute('aria-expanded', 'false');
        return;
    }
    node.toggle?.setAttribute('aria-expanded', 'true');
    const mine = state.sequence;
    const level = await state.fetchLevel(node.child.path);
    if (mine !== state.sequence || node.level) return;
    if (level.status !== 'ok') {
        node.level = el('p', { class: 'll-tree-error', text: level.error?.message ?? 'failed' });
        node.item.append(node.level);
        return;
    }
    const { list, planNode } = levelList(state, level);
    node.level = list;
    node.item.append(list);
    if (state.followPlan && planNode) await toggleNode(state, planNode);
}

export const treeExplorer = {
    id: 'partial-tree',
    title: 'Partial-action tree',
    mount(container, context) {
        ensurePanelStyles(container.ownerDocument);
        const root = el('div', { class: 'll-tree', role: 'tree' });
        container.replaceChildren(root);
        const state = { sequence: 0, followPlan: true, fetchLevel: null };
        const update = async (next) => {
            state.sequence += 1;
            state.followPlan = true;
            const mine = state.sequence;
            state.fetchLevel = async (path) => {
                const planner = await plannerFor(next);
                return planner.partialActionChildren(requestFor(next, {
                    path, limit: LIMIT, space: 'partial', timeBudgetMs: TIME_BUDGET_MS }));
            };
            root.replaceChildren(el('p', { class: 'll-tree-note', text: 'Loading…' }));
            try {
                const top = await state.fetchLevel([]);
                if (mine !== state.sequence) return;
                if (top.status !== 'ok') {
                    root.replaceChildren(el('p', { class: 'll-tree-error',
                                                   text: top.error?.message ?? 'failed' }));
                    return;
                }
                const rootNode = {
                    item: el('li', { role: 'treeitem' },
                        el('div', { class: 'll-tree-row' },
                           el('span', { class: 'll-tree-label', text: 'state (no action chosen)' }),
                           el('span', { class: 'll-tree-h',
                                        text: `h = ${formatH(top.h)} (${top.heuristic})` }))),
                    toggle: null, level: null, child: { path: [] },
                };
                root.replaceChildren(el('ul', { class: 'll-tree-level' }, rootNode.item));
                const { list, planNode } = levelList(state, top);
                rootNode.level = list;
                rootNode.item.append(list);
                if (planNode) await toggleNode(state, planNode);
            } catch (error) {
                if (mine === state.sequence) {
                    root.replaceChildren(el('p', { class: 'll-tree-error',
                                                   text: String(error?.message ?? error) }));
                }
            }
        };
        update(context);
        return {
            update,
            destroy() {
                state.sequence += 1;
                container.replaceChildren();
            },
        };
    },
};

export default treeExplorer;
