// The search graph's model, pure JavaScript (no DOM; tests/node/search-graph-model.test.mjs):
// from the trace the engine recorded (a solve request with trace: true,
// docs/js-api.md) to the tree that is drawn, the replay and the sample.
//
// Trace (snake_case or camelCase keys are both read):
//   {space: 'state'|'partial', truncated, nodes: [{id, parent, g, h, f, order,
//    status: 'open'|'closed'|'duplicate'|'dead_end', action, partial,
//    duplicate_of, state}], plan_nodes: [id, ...], limit, counts, objects,
//    predicates, static_atoms}
// `order` is the node's place in the expansion order (null/absent/negative:
// never expanded); a node appears in the replay when its parent is expanded.
//
// Model: {space, truncated, nodes (the drawn ones), byId, root, planIds (Set),
// expansions (E: the replay's steps, 0..E), counts (by status, of every node
// in the trace), hidden (by status, of the nodes left out of the sample),
// width, depth}. Each drawn node: {id, parent, g, h, f, order, status,
// action, partial, duplicateOf, atoms, depth, children, onPlan, shownAt (the replay step from which
// it is drawn), x, y (layout units: one per leaf column, one per depth)}.

export const STATUSES = ['closed', 'open', 'duplicate', 'dead_end'];

const pick = (object, ...keys) => keys.map((k) => object?.[k]).find((v) => v !== undefined);

function expansionOrder(value) {
    return Number.isInteger(value) && value >= 0 ? value : null;
}

function normaliseNode(raw) {
    const parent = pick(raw, 'parent');
    return {
        id: raw.id,
        parent: parent === undefined || parent === null || parent < 0 ? null : parent,
        g: pick(raw, 'g') ?? null,
        h: pick(raw, 'h') ?? null,
        f: pick(raw, 'f') ?? null,
        order: expansionOrder(pick(raw, 'order')),
        status: STATUSES.includes(raw.status) ? raw.status : 'open',
        action: pick(raw, 'action') ?? null,
        partial: Boolean(raw.partial),
        duplicateOf: pick(raw, 'duplicate_of', 'duplicateOf') ?? null,
        atoms: pick(raw, 'state', 'atoms') ?? [],
        depth: 0, children: [], onPlan: false, shownAt: null, x: 0, y: 0,
    };
}

function countByStatus(nodes) {
    const counts = Object.fromEntries(STATUSES.map((s) => [s, 0]));
    for (const node of nodes) counts[node.status] += 1;
    return counts;
}

// The nodes kept when there are more than `limit`: the plan's path, then the
// nodes in the order they appear in the replay (the first expansions and
// what they generated), and every ancestor of a kept node (the tree stays
// connected).
export function sampleNodes(nodes, byId, planIds, limit) {
    if (nodes.length <= limit) return nodes;
    const kept = new Set();
    const keep = (node) => {
        for (let n = node; n && !kept.has(n.id); n = byId.get(n.parent)) kept.add(n.id);
    };
    for (const id of planIds) keep(byId.get(id));
    const byAppearance = [...nodes].sort((a, b) => a.shownAt - b.shownAt || a.id - b.id);
    for (const node of byAppearance) {
        if (kept.size >= limit) break;
        keep(node);
    }
    return nodes.filter((n) => kept.has(n.id));
}

// Tidy enough for a search tree: leaves in columns in the order the replay
// shows them, a parent centred over its first and last child, y = depth.
export function layoutTree(roots) {
    let column = 0;
    let depth = 0;
    const place = (root) => {
        // Iterative post-order: a deep search (a long plan) must not overflow the stack.
        const stack = [[root, 0]];
        while (stack.length) {
            const top = stack[stack.length - 1];
            const [node, next] = top;
            if (next === 0) {
                node.y = node.depth;
                depth = Math.max(depth, node.depth);
            }
            if (next < node.children.length) {
                top[1] += 1;
                stack.push([node.children[next], 0]);
                continue;
            }
            stack.pop();
            if (node.children.length === 0) node.x = column++;
            else node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
        }
    };
    for (const root of roots) place(root);
    return { width: Math.max(1, column), depth };
}

// The replay step from which `node` is shown (memoised in node.shownAt).
function shownAt(node, byId, expansions) {
    const chain = [];
    let at = expansions + 1;  // a cycle of parents: never shown
    for (let n = node; chain.length <= byId.size; n = byId.get(n.parent)) {
        if (n.shownAt !== null) {
            at = n.shownAt;
            break;
        }
        chain.push(n);
        const parent = byId.get(n.parent);
        if (!parent) {
            at = 0;  // a root: shown from the start
            break;
        }
        if (parent.order !== null) {
            at = parent.order + 1;
            break;
        }
    }
    for (const n of chain) n.shownAt = at;
    return at;
}

/** The model of `trace` with at most `limit` drawn nodes. */
export function buildSearchModel(trace, { limit = 2000 } = {}) {
    const all = (trace?.nodes ?? []).map(normaliseNode);
    const byId = new Map(all.map((n) => [n.id, n]));
    const planIds = new Set(pick(trace, 'plan_nodes', 'planNodes') ?? []);
    let expansions = 0;
    for (const node of all) {
        node.onPlan = planIds.has(node.id);
        if (node.order !== null) expansions = Math.max(expansions, node.order + 1);
    }
    // A node is shown once its parent has been expanded (the root from the
    // start). A parent that was never expanded is a step of a chain the
    // search followed without expanding (the relaxed-plan lookahead): its
    // children are shown with it.
    for (const node of all) node.shownAt = shownAt(node, byId, expansions);
    const nodes = sampleNodes(all, byId, planIds, limit);
    const drawn = new Map(nodes.map((n) => [n.id, n]));
    const roots = [];
    const byShown = [...nodes].sort((a, b) => a.shownAt - b.shownAt || a.id - b.id);
    for (const node of byShown) {
        const parent = drawn.get(node.parent);
        if (parent) parent.children.push(node);
        else roots.push(node);
    }
    for (const root of roots) setDepths(root);
    const { width, depth } = layoutTree(roots);
    const counts = countByStatus(all);
    const shownCounts = countByStatus(nodes);
    const hidden = Object.fromEntries(STATUSES.map((s) => [s, counts[s] - shownCounts[s]]));
    return {
        space: trace?.space === 'partial' ? 'partial' : 'state',
        truncated: Boolean(trace?.truncated),
        nodes, byId: drawn, roots, root: roots[0] ?? null, planIds, expansions, counts, hidden,
        total: all.length, width, depth,
    };
}

function setDepths(root) {
    const stack = [root];
    while (stack.length) {
        const node = stack.pop();
        for (const child of node.children) {
            child.depth = node.depth + 1;
            stack.push(child);
        }
    }
}

/**
 * A node's status after `step` expansions of the replay: null while it is
 * not generated yet, 'closed' once expanded, its final status (duplicate,
 * dead end) as soon as it is generated, else 'open'.
 */
export function statusAt(node, step) {
    if (node.shownAt > step) return null;
    if (node.order !== null && node.order < step) return 'closed';
    if (node.status === 'duplicate' || node.status === 'dead_end') return node.status;
    return 'open';
}

/** The node expanded at replay step `step` (1..E), or null. */
export function expandedAt(model, step) {
    if (step < 1) return null;
    return model.nodes.find((n) => n.order === step - 1) ?? null;
}

/** Counts of the drawn nodes by status after `step` expansions. */
export function countsAt(model, step) {
    const counts = Object.fromEntries(STATUSES.map((s) => [s, 0]));
    for (const node of model.nodes) {
        const status = statusAt(node, step);
        if (status) counts[status] += 1;
    }
    return counts;
}

/** The actions from the root to `node` (the plan prefix that reaches it). */
export function pathTo(model, node) {
    const actions = [];
    for (let n = node; n && n.parent !== null; n = model.byId.get(n.parent)) {
        if (n.action) actions.push(n.action);
    }
    return actions.reverse();
}

/**
 * The drawn node nearest the point (x, y) within `radius`, both in the units
 * of project(node) -> {x, y} (screen pixels for a click); null if none.
 */
export function nodeAt(model, { x, y }, project, radius, step = Infinity) {
    let best = null;
    let bestDistance = radius * radius;
    for (const node of model.nodes) {
        if (node.shownAt > step) continue;
        const p = project(node);
        const d = (p.x - x) ** 2 + (p.y - y) ** 2;
        if (d <= bestDistance) {
            best = node;
            bestDistance = d;
        }
    }
    return best;
}
