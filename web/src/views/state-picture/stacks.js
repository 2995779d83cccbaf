// The `stacks` picture: towers of blocks on a table or on bases, the held
// block in the arm (blocksworld, hbf blocksworld, warehouse). Positions are
// computed here directly (no graph layout): linear in the number of blocks.
import { naturalCompare, objectsOfType, parseAtom } from './task.js';

const BH = 22;       // block height
const GAP = 8;       // between towers
const HAND = 34;     // the arm's row above the towers

/** Per task: which objects are bases and blocks, the block width. */
export function prepareStacks(task, recipe, initial, goal) {
    const base = recipe.base && task.predicates.find((p) => p.name === recipe.base);
    const bases = new Set(base ? objectsOfType(task, base.params[1]) : []);
    for (const atom of [...initial, ...goal]) {
        const { predicate, args } = parseAtom(atom);
        if (predicate === recipe.base) bases.add(args[1]);
    }
    const blocks = task.objects.map((o) => o.name).filter((n) => !bases.has(n)).sort(naturalCompare);
    const longest = Math.max(3, ...blocks.map((b) => b.length));
    // Room for the badges of unary predicates the picture does not show otherwise (to-remove, removed).
    const roles = new Set([recipe.table, recipe.held, ...(recipe.hidden ?? [])]);
    const badgeNames = task.predicates.filter((p) => p.arity === 1 && (!p.static || (recipe.badges ?? []).includes(p.name)) && !roles.has(p.name));
    const badgeRoom = badgeNames.reduce((room, p) => room + 6 * p.name.length + 10, 0);
    // The goal's towers are drawn too (ghosts): room for the tallest.
    const under = new Map(goal.map(parseAtom).filter((g) => g.predicate === recipe.on).map((g) => [g.args[0], g.args[1]]));
    let goalLevels = 1;
    for (const b of under.keys()) {
        let level = 1;
        for (let x = b; under.has(x) && level <= under.size; x = under.get(x)) level++;
        goalLevels = Math.max(goalLevels, level);
    }
    return { bases: [...bases].sort(naturalCompare), blocks, bw: Math.min(96, 14 + 7 * longest) + badgeRoom,
             maxLevels: goalLevels, columns: new Map() };
}

// The state's supports: on (x -> y), bottoms (table or base), held, badges.
function readStacks(memo, recipe, state, hidden) {
    const on = new Map();
    const baseOf = new Map();
    const table = new Set();
    const held = new Set();
    const badges = new Map();
    for (const atom of state) {
        const { predicate, args } = parseAtom(atom);
        if (predicate === recipe.on) on.set(args[0], args[1]);
        else if (predicate === recipe.base) baseOf.set(args[0], args[1]);
        else if (predicate === recipe.table) table.add(args[0]);
        else if (predicate === recipe.held) held.add(args[0]);
        else if (args.length === 1 && !hidden.has(predicate)) {
            if (!badges.has(args[0])) badges.set(args[0], []);
            badges.get(args[0]).push({ atom, text: predicate });
        }
    }
    return { on, baseOf, table, held, badges };
}

/** The scene of one state (see model.js for the scene's shape). */
export function stacksScene(memo, recipe, task, state, marks, hidden) {
    const { on, baseOf, table, held, badges } = readStacks(memo, recipe, state, hidden);
    const { bw } = memo;
    const above = new Map([...on].map(([x, y]) => [y, x]));
    const towers = [];   // [{base|null, blocks: [bottom..top]}]
    const placed = new Set();
    const climb = (bottom) => {
        const column = [];
        for (let b = bottom; b !== undefined && !placed.has(b); b = above.get(b)) { placed.add(b); column.push(b); }
        return column;
    };
    if (memo.bases.length) {
        const onBase = new Map([...baseOf].map(([b, base]) => [base, b]));
        for (const base of memo.bases) towers.push({ base, blocks: onBase.has(base) ? climb(onBase.get(base)) : [] });
    } else {
        // Each tower keeps its column while its bottom block stays on the table; a
        // new tower takes the leftmost free column: a step moves only what it moves.
        const bottoms = memo.blocks.filter((b) => table.has(b));
        const kept = new Map(bottoms.filter((b) => memo.columns.has(b)).map((b) => [b, memo.columns.get(b)]));
        const used = new Set(kept.values());
        let free = 0;
        for (const b of bottoms.filter((x) => !kept.has(x))) {
            while (used.has(free)) free++;
            kept.set(b, free);
            used.add(free);
        }
        memo.columns = kept;
        for (const b of bottoms) towers[kept.get(b)] = { base: null, blocks: climb(b) };
        for (let i = 0; i < towers.length; i++) towers[i] ??= { base: null, blocks: [] };
    }
    memo.maxLevels = Math.max(memo.maxLevels, ...towers.map((t) => t.blocks.length), 1);
    const ground = HAND + 12 + memo.maxLevels * BH;
    const nodes = [];
    const edges = [];
    const blockNode = (b, x, y, extra = '') => {
        const atoms = badges.get(b) ?? [];
        nodes.push({ id: b, label: b, x, y, w: bw, h: BH, shape: 'block', cls: extra,
                     badges: atoms.map(({ atom, text }) => ({ text, cls: marks.cls(atom) })) });
    };
    towers.forEach((tower, col) => {
        const x = col * (bw + GAP);
        if (tower.base) nodes.push({ id: tower.base, label: tower.base, x, y: ground, w: bw, h: 16, shape: 'base', badges: [] });
        tower.blocks.forEach((b, level) => blockNode(b, x, ground - (level + 1) * BH));
    });
    const width0 = Math.max(1, towers.length) * (bw + GAP);
    // The arm (held blocks) at the top left; blocks on nothing (e.g. removed) in a row under the ground.
    [...held].sort(naturalCompare).forEach((b, i) => { placed.add(b); blockNode(b, i * (bw + GAP), 4, 'held'); });
    if (recipe.held) nodes.push({ id: '#arm', label: held.size ? 'held' : 'arm (empty)', x: held.size * (bw + GAP), y: 4,
                                  w: 80, h: BH, shape: 'note', badges: [] });
    const loose = memo.blocks.filter((b) => !placed.has(b));
    const looseY = ground + (memo.bases.length ? 28 : 14);
    if (loose.length) nodes.push({ id: '#loose', label: 'on nothing', x: 0, y: looseY, w: 90, h: 16, shape: 'note', badges: [] });
    const perRow = Math.max(1, Math.floor(Math.max(width0, 400) / (bw + GAP)));
    loose.forEach((b, i) => blockNode(b, (i % perRow) * (bw + GAP), looseY + 20 + Math.floor(i / perRow) * (BH + 4), 'loose'));
    // Changed supports: the block that moved is marked; goal atoms become ghosts when unmet.
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const atom of state) {
        const { predicate, args } = parseAtom(atom);
        if ([recipe.on, recipe.table, recipe.held, recipe.base].includes(predicate) && byId.has(args[0])) {
            const c = marks.cls(atom);
            if (c) byId.get(args[0]).cls = `${byId.get(args[0]).cls} ${c}`.trim();
        }
    }
    for (const atom of marks.deleted) {
        const { predicate, args } = parseAtom(atom);
        if ((predicate === recipe.on || predicate === recipe.base) && byId.has(args[0]) && byId.has(args[1])) {
            edges.push({ id: `-${atom}`, from: args[0], to: args[1], label: predicate, cls: 'deleted', curve: true });
        } else if (args.length === 1 && byId.has(args[0]) && !hidden.has(predicate)) {
            byId.get(args[0]).badges.push({ text: predicate, cls: 'deleted' });
        }
    }
    ghostTowers(memo, recipe, marks, state, byId, nodes, width0, ground);
    const width = Math.max(width0, ...nodes.map((n) => n.x + n.w)) + 4;
    const height = Math.max(...nodes.map((n) => n.y + n.h), ground + 20) + 6;
    return { nodes, edges, width, height };
}

// The goal's towers as dashed ghosts right of the towers (a goal atom that
// holds is starred); a unary goal atom not reached is a dashed badge.
function ghostTowers(memo, recipe, marks, state, byId, nodes, x0, ground) {
    const holds = new Set(state);
    const below = new Map();
    const bottoms = new Set();
    for (const atom of marks.goals) {
        const { predicate, args } = parseAtom(atom);
        if (predicate === recipe.on) below.set(args[0], { under: args[1], atom });
        else if (predicate === recipe.table || predicate === recipe.base) bottoms.add(args[0]);
        else if (args.length === 1 && byId.has(args[0]) && !holds.has(atom)) {
            byId.get(args[0]).badges.push({ text: `goal: ${predicate}`, cls: 'goal' });
        }
    }
    if (!below.size && !bottoms.size) return;
    const above = new Map([...below].map(([x, { under }]) => [under, x]));
    const roots = [...new Set([...bottoms, ...[...below.values()].map((b) => b.under).filter((y) => !below.has(y))])]
        .sort(naturalCompare);
    const x = x0 + memo.bw;
    nodes.push({ id: '#goal', label: 'goal', x, y: HAND - 4, w: 60, h: 16, shape: 'note', badges: [] });
    roots.forEach((root, col) => {
        const seen = new Set();
        for (let b = root, level = 0; b !== undefined && !seen.has(b); b = above.get(b), level++) {
            seen.add(b);
            const atom = below.get(b)?.atom;
            const met = atom ? holds.has(atom) : true;
            nodes.push({ id: `goal:${b}`, label: b, x: x + col * (memo.bw + GAP), y: ground - (level + 1) * BH,
                         w: memo.bw, h: BH, shape: 'ghost', cls: met && atom ? 'goal-met' : 'goal', badges: [] });
        }
    });
}
