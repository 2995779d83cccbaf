// The automatic picture for any domain, from the PDDL alone: objects as
// nodes grouped by type, static binary relations (roads, adjacency: the
// predicates no action changes) as the layout's skeleton (dagre, in a
// worker, once per task), the other binary atoms as labelled edges, unary
// atoms as badges, nullary atoms as a line of text.
import { naturalCompare, parseAtom } from './task.js';

const H = 20;
const widthOf = (name) => Math.min(140, 16 + 7 * name.length);

/** Per task: the skeleton graph (objects in static binary atoms) and the rest grouped by type. */
export function prepareGeneric(task, initial) {
    const isStatic = new Set(task.predicates.filter((p) => p.static).map((p) => p.name));
    const known = new Set(task.objects.map((o) => o.name));
    const edges = new Map();
    for (const atom of initial) {
        const { predicate, args } = parseAtom(atom);
        if (!isStatic.has(predicate) || args.length !== 2 || args[0] === args[1]) continue;
        if (!known.has(args[0]) || !known.has(args[1])) continue;
        const key = naturalCompare(args[0], args[1]) < 0 ? `${args[0]} ${args[1]}` : `${args[1]} ${args[0]}`;
        if (!edges.has(key)) edges.set(key, { pair: args, labels: new Set() });
        edges.get(key).labels.add(predicate);
    }
    const inSkeleton = new Set([...edges.values()].flatMap((e) => e.pair));
    const byType = new Map();
    for (const o of task.objects) {
        if (inSkeleton.has(o.name)) continue;
        if (!byType.has(o.type)) byType.set(o.type, []);
        byType.get(o.type).push(o.name);
    }
    return {
        skeleton: [...edges.values()],
        skeletonNodes: [...inSkeleton].sort(naturalCompare),
        groups: [...byType].map(([type, names]) => ({ type, names: names.sort(naturalCompare) })),
        typeOf: new Map(task.objects.map((o) => [o.name, o.type])),
        isStatic,
    };
}

export function genericGraph(memo) {
    return { nodes: memo.skeletonNodes.map((id) => ({ id, w: widthOf(id), h: H })),
             edges: memo.skeleton.map((e) => e.pair), rankdir: 'LR' };
}

/** The scene of one state; `layout` positions the skeleton's objects. */
export function genericScene(memo, task, state, marks, layout) {
    const nodes = [];
    const byId = new Map();
    const node = (name, x, y) => {
        const n = { id: name, label: name, x, y, w: widthOf(name), h: H, shape: 'object', cls: `type-${memo.typeOf.get(name) ?? 'object'}`, badges: [] };
        nodes.push(n);
        byId.set(name, n);
    };
    for (const name of memo.skeletonNodes) {
        const c = layout.pos[name] ?? { x: 0, y: 0 };
        node(name, c.x - widthOf(name) / 2, c.y - H / 2);
    }
    let y = layout.height + (memo.skeletonNodes.length ? 16 : 0);
    const rowWidth = Math.max(520, layout.width);
    for (const { type, names } of memo.groups) {
        nodes.push({ id: `#type ${type}`, label: `${type}:`, x: 0, y, w: 70, h: H, shape: 'note', badges: [] });
        let x = 80;
        for (const name of names) {
            if (x + widthOf(name) > rowWidth) { x = 80; y += H + 26; }
            node(name, x, y);
            x += widthOf(name) + 70;
        }
        y += H + 30;
    }
    const edges = memo.skeleton.map((e) => ({ id: `s:${e.pair.join(' ')}`, from: e.pair[0], to: e.pair[1],
                                              label: [...e.labels].join(', '), cls: 'link' }));
    const flags = [];
    const show = (atom, cls) => {
        const { predicate, args } = parseAtom(atom);
        if (memo.isStatic.has(predicate) && !cls.includes('goal')) return;
        if (args.length === 0) flags.push({ text: predicate, cls });
        else if (args.length === 1 && byId.has(args[0])) byId.get(args[0]).badges.push({ text: predicate, cls });
        else if (args.length >= 2 && byId.has(args[0]) && byId.has(args[1])) {
            edges.push({ id: `${cls.includes('goal ') || cls === 'goal' ? 'g' : 'a'}:${atom}`, from: args[0], to: args[1],
                         label: [predicate, ...args.slice(2)].join(' '), cls, curve: true });
        }
    };
    const holds = new Set(state);
    for (const atom of state) show(atom, marks.cls(atom));
    for (const atom of marks.deleted) show(atom, 'deleted');
    for (const atom of marks.goals) if (!holds.has(atom)) show(atom, 'goal');
    if (flags.length) {
        nodes.push({ id: '#flags', label: flags.map((f) => f.text).join(' · '), x: 0, y, w: 300, h: H, shape: 'note', badges: [] });
        y += H;
    }
    const width = Math.max(rowWidth, ...nodes.map((n) => n.x + n.w)) + 4;
    return { nodes, edges, width, height: Math.max(y, ...nodes.map((n) => n.y + n.h)) + 6 };
}
