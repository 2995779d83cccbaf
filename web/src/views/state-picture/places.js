// The `places` picture: places laid out along their static links (roads,
// corridors, floors; by dagre in a worker, once per task), the things at
// each place, carriers with what they carry inside (ferry, gripper,
// logistics/transport, miconic, briefcase, spanner).
import { naturalCompare, objectsOfType, parseAtom } from './task.js';

export const PLACE_W = 168;
const HEAD = 22;
const ROW = 19;
const MAX_ROWS = 12;

const thingOf = (entry, args) => (typeof entry.thing === 'number' ? args[entry.thing] : entry.thing);
const carrierOf = (entry, args) => (typeof entry.carrier === 'number' ? args[entry.carrier] : entry.carrier);

/** Per task: the places, the things, the links between places and the skeleton graph for the layout. */
export function preparePlaces(task, recipe, initial, goal, states = [initial]) {
    const places = new Set();
    const things = new Set();
    for (const entry of recipe.at ?? []) {
        const p = task.predicates.find((x) => x.name === entry.predicate);
        const type = p?.params[entry.place];
        if (type && type !== 'object') objectsOfType(task, type).forEach((o) => places.add(o));
        if (typeof entry.thing === 'string') things.add(entry.thing);
    }
    const links = [];
    for (const atom of [...initial, ...goal]) {
        const { predicate, args } = parseAtom(atom);
        for (const entry of recipe.at ?? []) {
            if (entry.predicate !== predicate) continue;
            places.add(args[entry.place]);
            things.add(thingOf(entry, args));
        }
        if ((recipe.links ?? []).includes(predicate) && args[0] !== args[1]) {
            links.push(args);
            places.add(args[0]);
            places.add(args[1]);
        }
    }
    // Objects that go wherever another thing goes (gripper's grippers with robby): by type or by a unary predicate.
    const followers = [];
    for (const f of recipe.follow ?? []) {
        const named = new Set(f.type ? objectsOfType(task, f.type) : []);
        for (const atom of initial) {
            const { predicate, args } = parseAtom(atom);
            if (f.predicate && predicate === f.predicate && args.length === 1) named.add(args[0]);
        }
        for (const o of named) { followers.push([o, f.thing]); things.add(o); things.add(f.thing); }
    }
    for (const p of places) things.delete(p);
    const rows = Math.min(MAX_ROWS, Math.max(2, fullest(recipe, states, goal, followers)));
    const list = [...places].sort(naturalCompare);
    return { places: list, things, followers, links: reduceLinks(links, list.length), rows,
             placeH: HEAD + rows * ROW + 6, rankdir: recipe.direction ?? 'LR' };
}

// The most rows a place needs in any of the states: things (and what they
// carry) at it plus the goal's things not there yet.
function fullest(recipe, states, goal, followers) {
    const goalAt = new Map();
    for (const atom of goal) {
        const { predicate, args } = parseAtom(atom);
        const e = (recipe.at ?? []).find((x) => x.predicate === predicate);
        if (e) goalAt.set(thingOf(e, args), args[e.place]);
    }
    let most = 1;
    for (const state of states) {
        const at = new Map();
        for (const atom of state) {
            const { predicate, args } = parseAtom(atom);
            for (const e of recipe.at ?? []) if (e.predicate === predicate && !at.has(thingOf(e, args))) at.set(thingOf(e, args), args[e.place]);
            for (const e of recipe.in ?? []) if (e.predicate === predicate) at.set(thingOf(e, args), `in ${carrierOf(e, args)}`);
        }
        for (const [o, leader] of followers) if (!at.has(o) && at.has(leader)) at.set(o, at.get(leader));
        const count = new Map();
        const carried = new Map();
        for (const [thing, place] of at) {
            if (place.startsWith('in ')) carried.set(place.slice(3), (carried.get(place.slice(3)) ?? 0) + 1);
            else count.set(place, (count.get(place) ?? 0) + 1);
        }
        for (const [thing, place] of at) if (!place.startsWith('in ')) count.set(place, count.get(place) + (carried.get(thing) ?? 0));
        for (const [thing, place] of goalAt) if (at.get(thing) !== place) count.set(place, (count.get(place) ?? 0) + 1);
        most = Math.max(most, ...count.values());
    }
    return most;
}

// One edge per linked pair; an order (one way only, like miconic's above)
// keeps only its covering pairs, so the picture is a ladder, not n² lines.
function reduceLinks(links, places) {
    const pairs = new Map();
    for (const [a, b] of links) {
        const key = naturalCompare(a, b) < 0 ? `${a} ${b}` : `${b} ${a}`;
        if (!pairs.has(key)) pairs.set(key, [a, b]);
    }
    let edges = [...pairs.values()];
    const directed = new Set(links.map(([a, b]) => `${a} ${b}`));
    const oneWay = links.every(([a, b]) => !directed.has(`${b} ${a}`));
    if (places <= 80 && oneWay) {
        const out = new Map();
        for (const [a, b] of links) { if (!out.has(a)) out.set(a, new Set()); out.get(a).add(b); }
        edges = links.filter(([a, b]) => ![...(out.get(a) ?? [])].some((c) => c !== b && out.get(c)?.has(b)));
    }
    return edges;
}

/** The skeleton for the layout worker: one node per place, links as edges. */
export function placesGraph(memo) {
    return { nodes: memo.places.map((id) => ({ id, w: PLACE_W, h: memo.placeH })), edges: memo.links,
             rankdir: memo.rankdir };
}

// Where each thing is in the state: at a place, in a carrier, away (served), with its badges.
function readPlaces(recipe, state, hidden, followers) {
    const at = new Map();
    const inside = new Map();
    const away = new Set();
    const badges = new Map();
    const roles = new Set([...(recipe.at ?? []), ...(recipe.in ?? [])].map((e) => e.predicate));
    const badge = (object, item) => { if (!badges.has(object)) badges.set(object, []); badges.get(object).push(item); };
    for (const atom of state) {
        const { predicate, args } = parseAtom(atom);
        for (const e of recipe.at ?? []) if (e.predicate === predicate && !at.has(thingOf(e, args))) at.set(thingOf(e, args), args[e.place]);
        for (const e of recipe.in ?? []) if (e.predicate === predicate) inside.set(thingOf(e, args), carrierOf(e, args));
        if ((recipe.away ?? []).includes(predicate)) away.add(args[0]);
        if (roles.has(predicate) || hidden.has(predicate) || (recipe.links ?? []).includes(predicate)) continue;
        if (args.length === 1) badge(args[0], { atom, text: predicate });
        else if (args.length >= 2) badge(args[0], { atom, text: `${predicate} ${args.slice(1).join(' ')}` });
    }
    for (const [o, leader] of followers) if (!at.has(o) && at.has(leader)) at.set(o, at.get(leader));
    return { at, inside, away, badges };
}

/** The scene of one state; `layout` = {pos: {place: {x, y}}, width, height} (centres). */
// long-function: places, their rows (things, carriers with contents, goal ghosts), then the elsewhere row
export function placesScene(memo, recipe, task, state, marks, hidden, layout) {
    const { at, inside, away, badges } = readPlaces(recipe, state, hidden, memo.followers);
    const nodes = [];
    const edges = [];
    const carriers = new Set(inside.values());
    const contents = new Map();
    for (const [thing, carrier] of inside) { if (!contents.has(carrier)) contents.set(carrier, []); contents.get(carrier).push(thing); }
    const holds = new Set(state);
    const ghosts = new Map();   // place -> [thing] of unmet goal at-atoms
    const goalBadges = new Map();
    for (const atom of marks.goals) {
        if (holds.has(atom)) continue;
        const { predicate, args } = parseAtom(atom);
        const entry = (recipe.at ?? []).find((e) => e.predicate === predicate);
        if (entry) {
            const place = args[entry.place];
            if (!ghosts.has(place)) ghosts.set(place, []);
            ghosts.get(place).push(thingOf(entry, args));
        } else if (args.length >= 1) {
            if (!goalBadges.has(args[0])) goalBadges.set(args[0], []);
            goalBadges.get(args[0]).push({ text: `goal: ${predicate}${args.length > 1 ? ` ${args.slice(1).join(' ')}` : ''}`, cls: 'goal' });
        }
    }
    const badgesOf = (o) => [...(badges.get(o) ?? []).map(({ atom, text }) => ({ text, cls: marks.cls(atom) })),
                             ...(goalBadges.get(o) ?? [])];
    const roleEntries = [...(recipe.at ?? []), ...(recipe.in ?? [])];
    const moved = new Map();   // thing -> how its at/in atom is marked (added by this step)
    for (const atom of state) {
        const { predicate, args } = parseAtom(atom);
        const role = roleEntries.find((e) => e.predicate === predicate);
        if (role && marks.cls(atom)) moved.set(thingOf(role, args), marks.cls(atom));
    }
    const movedCls = (o) => moved.get(o) ?? '';
    const thingNode = (o, x, y, w, extra = '') => nodes.push({ id: `t:${o}`, label: o, x, y, w, h: ROW - 3, shape: carriers.has(o) ? 'carrier' : 'thing',
                                                             cls: `${movedCls(o)} ${extra}`.trim(), badges: badgesOf(o) });
    const drawn = new Set();
    // A thing and, under it indented, what it carries.
    const rowsOf = (o, depth = 0, guard = new Set()) => {
        if (guard.has(o)) return [];
        guard.add(o);
        return [{ o, depth }, ...(contents.get(o) ?? []).sort(naturalCompare).flatMap((c) => rowsOf(c, depth + 1, guard))];
    };
    for (const place of memo.places) {
        const c = layout.pos[place] ?? { x: 0, y: 0 };
        const x0 = c.x - PLACE_W / 2;
        const y0 = c.y - memo.placeH / 2;
        nodes.push({ id: `p:${place}`, label: place, x: x0, y: y0, w: PLACE_W, h: memo.placeH, shape: 'place',
                     badges: badgesOf(place) });
        const here = [...at].filter(([o, p]) => p === place && !inside.has(o) && !away.has(o)).map(([o]) => o)
            .sort((a, b) => (carriers.has(b) - carriers.has(a)) || naturalCompare(a, b));
        const rows = here.flatMap((o) => rowsOf(o));
        const ghostRows = (ghosts.get(place) ?? []).map((o) => ({ o, ghost: true, depth: 0 }));
        const all = [...rows, ...ghostRows];
        for (const r of rows) drawn.add(r.o);
        const fits = all.length > memo.rows ? memo.rows - 1 : all.length;
        all.slice(0, fits).forEach((r, i) => {
            const x = x0 + 6 + 12 * r.depth;
            const y = y0 + HEAD + i * ROW;
            if (r.ghost) nodes.push({ id: `g:${r.o}@${place}`, label: r.o, x, y, w: PLACE_W - 12, h: ROW - 3, shape: 'ghost', cls: 'goal', badges: [] });
            else thingNode(r.o, x, y, PLACE_W - 12 - 12 * r.depth);
        });
        if (all.length > fits) {
            nodes.push({ id: `m:${place}`, label: `+${all.length - fits} more`, x: x0 + 6, y: y0 + HEAD + fits * ROW,
                         w: PLACE_W - 12, h: ROW - 3, shape: 'note', badges: [] });
        }
    }
    for (const [a, b] of memo.links) edges.push({ id: `l:${a} ${b}`, from: `p:${a}`, to: `p:${b}`, cls: 'link' });
    // Everything not drawn at a place: away (served), in a carrier that is nowhere, or nowhere at all.
    const rest = [...memo.things].filter((o) => !drawn.has(o) && !inside.has(o)).sort(naturalCompare);
    const y = layout.height + 14;
    if (rest.length) nodes.push({ id: '#elsewhere', label: 'elsewhere', x: 0, y, w: 80, h: 16, shape: 'note', badges: [] });
    const flat = rest.flatMap((o) => rowsOf(o));
    const cols = Math.max(1, Math.floor(Math.max(PLACE_W, layout.width) / (PLACE_W + 8)));
    flat.forEach((r, i) => {
        thingNode(r.o, (i % cols) * (PLACE_W + 8) + 12 * r.depth, y + 20 + Math.floor(i / cols) * ROW,
                  PLACE_W - 12 - 12 * r.depth, away.has(r.o) ? 'away' : '');
    });
    const width = Math.max(layout.width, ...nodes.map((n) => n.x + n.w)) + 4;
    const height = Math.max(layout.height, ...nodes.map((n) => n.y + n.h)) + 6;
    return { nodes, edges, width, height };
}
