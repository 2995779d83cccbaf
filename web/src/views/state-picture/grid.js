// The `grid` picture: cells at positions from a static adjacency (floortile's
// up/down/left/right, sokoban's adjacent with a direction) or from the
// cells' names (visitall's x0-y1), things in their cells, painted colours.
import { naturalCompare, parseAtom } from './task.js';

const CELL = 84;

/** Per task: each cell's (column, row), by a walk over the static adjacency. */
export function prepareGrid(task, recipe, initial) {
    const steps = new Map();   // cell -> [[neighbour, dx, dy]]
    const link = (a, b, dx, dy) => {
        if (!steps.has(a)) steps.set(a, []);
        if (!steps.has(b)) steps.set(b, []);
        steps.get(b).push([a, dx, dy]);
        steps.get(a).push([b, -dx, -dy]);
    };
    const cells = new Set();
    for (const atom of initial) {
        const { predicate, args } = parseAtom(atom);
        for (const d of recipe.directions ?? []) if (d.predicate === predicate) link(args[0], args[1], d.dx, d.dy);
        for (const m of recipe.moves ?? []) {
            const v = m.predicate === predicate && m.vectors?.[args[m.direction]];
            if (v) link(args[m.to], args[m.from], v[0], v[1]);
        }
        for (const e of recipe.at ?? []) if (e.predicate === predicate) cells.add(args[e.place]);
        for (const e of recipe.fill ?? []) if (e.predicate === predicate) cells.add(args[e.cell]);
    }
    for (const c of steps.keys()) cells.add(c);
    const pos = new Map();
    const byName = recipe.coordinates ? new RegExp(recipe.coordinates, 'i') : null;
    let offset = 0;
    for (const start of [...cells].sort(naturalCompare)) {
        if (pos.has(start)) continue;
        const m = byName?.exec(start);
        if (m) { pos.set(start, [Number(m[1]), Number(m[2])]); continue; }
        // One connected part: a breadth-first walk, then shifted right of the previous part.
        const part = new Map([[start, [0, 0]]]);
        const queue = [start];
        while (queue.length) {
            const c = queue.shift();
            const [x, y] = part.get(c);
            for (const [n, dx, dy] of steps.get(c) ?? []) if (!part.has(n) && !pos.has(n)) { part.set(n, [x + dx, y + dy]); queue.push(n); }
        }
        const xs = [...part.values()].map(([x]) => x);
        const ys = [...part.values()].map(([, y]) => y);
        const minX = Math.min(...xs);
        const minY = Math.min(...ys);
        for (const [c, [x, y]] of part) pos.set(c, [x - minX + offset, y - minY]);
        offset += Math.max(...xs) - minX + 2;
    }
    const cols = Math.max(1, ...[...pos.values()].map(([x]) => x + 1));
    const rows = Math.max(1, ...[...pos.values()].map(([, y]) => y + 1));
    return { pos, width: cols * CELL, height: rows * CELL };
}

const CSS_COLOURS = new Set(['white', 'black', 'red', 'green', 'blue', 'yellow', 'orange', 'purple', 'grey', 'gray',
                             'brown', 'pink', 'cyan', 'magenta']);
const colourOf = (name) => (CSS_COLOURS.has(name) ? name : `hsl(${[...name].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7)} 60% 70%)`);

/** The scene of one state. */
export function gridScene(memo, recipe, task, state, marks, hidden) {
    const nodes = [];
    const cellNodes = new Map();
    for (const [c, [x, y]] of [...memo.pos].sort((a, b) => naturalCompare(a[0], b[0]))) {
        const n = { id: `c:${c}`, label: c, x: x * CELL, y: y * CELL, w: CELL - 2, h: CELL - 2, shape: 'cell', badges: [] };
        cellNodes.set(c, n);
        nodes.push(n);
    }
    const at = new Map();
    const badges = new Map();
    const typeOf = new Map(task.objects.map((o) => [o.name, o.type]));
    const roles = new Set([...(recipe.at ?? []), ...(recipe.fill ?? []), ...(recipe.directions ?? []), ...(recipe.moves ?? [])]
        .map((e) => e.predicate));
    for (const atom of state) {
        const { predicate, args } = parseAtom(atom);
        for (const e of recipe.at ?? []) {
            if (e.predicate === predicate) at.set(typeof e.thing === 'number' ? args[e.thing] : e.thing, { cell: args[e.place], atom });
        }
        for (const e of recipe.fill ?? []) {
            const cell = cellNodes.get(args[e.cell]);
            if (e.predicate === predicate && cell) { cell.fill = colourOf(args[e.value]); cell.cls = marks.cls(atom); cell.badges.push({ text: args[e.value], cls: marks.cls(atom) }); }
        }
        if ((recipe.marks ?? []).includes(predicate) && cellNodes.has(args[0])) {
            const cell = cellNodes.get(args[0]);
            cell.cls = `${cell.cls ?? ''} marked ${marks.cls(atom)}`.trim();
        } else if (!roles.has(predicate) && !hidden.has(predicate) && args.length >= 1 && !cellNodes.has(args[0])) {
            if (!badges.has(args[0])) badges.set(args[0], []);
            // In a small cell, robot-has of a robot reads "has": the type's name goes.
            const type = typeOf.get(args[0]);
            const name = type && predicate.startsWith(`${type}-`) ? predicate.slice(type.length + 1) : predicate;
            badges.get(args[0]).push({ text: [name, ...args.slice(1)].join(' '), cls: marks.cls(atom) });
        }
    }
    const holds = new Set(state);
    for (const atom of marks.goals) {
        if (holds.has(atom)) continue;
        const { predicate, args } = parseAtom(atom);
        const fill = (recipe.fill ?? []).find((e) => e.predicate === predicate);
        const where = (recipe.at ?? []).find((e) => e.predicate === predicate);
        if (fill && cellNodes.has(args[fill.cell])) {
            const cell = cellNodes.get(args[fill.cell]);
            cell.ghostFill = colourOf(args[fill.value]);
            cell.badges.push({ text: `goal: ${args[fill.value]}`, cls: 'goal' });
        } else if (where && cellNodes.has(args[where.place])) {
            cellNodes.get(args[where.place]).badges.push({ text: `goal: ${typeof where.thing === 'number' ? args[where.thing] : where.thing}`, cls: 'goal' });
        } else if ((recipe.marks ?? []).includes(predicate) && cellNodes.has(args[0])) {
            cellNodes.get(args[0]).cls = `${cellNodes.get(args[0]).cls ?? ''} goal-cell`.trim();
        }
    }
    // Things in their cell one under the other, each with its badges on lines of their own.
    const nextY = new Map();
    for (const [thing, { cell, atom }] of [...at].sort((a, b) => naturalCompare(a[0], b[0]))) {
        const c = cellNodes.get(cell);
        if (!c) continue;
        const y = nextY.get(cell) ?? c.y + 18;
        const own = badges.get(thing) ?? [];
        const h = 13 + 12 * own.length;
        nextY.set(cell, y + h + 1);
        nodes.push({ id: `t:${thing}`, label: thing, x: c.x + 4, y, w: CELL - 10, h, shape: 'token', cls: marks.cls(atom), badges: own });
    }
    return { nodes, edges: [], width: memo.width, height: memo.height };
}
