// What the picture knows about a task, from the PDDL texts alone (the
// editor's small declaration scan, pddl-outline.js) and the trace's static
// flags: objects with their types, the type hierarchy, the predicates with
// their parameter types. Plus atom helpers shared by the scene builders.
import { outlineOf } from '../../pddl-outline.js';

// "a b - t c" (tokens) -> [{name, type}] (untyped: 'object').
function typedTokens(tokens) {
    const out = [];
    let pending = [];
    for (let i = 0; i < tokens.length; i++) {
        if (tokens[i] === '-') {
            for (const name of pending) out.push({ name, type: tokens[i + 1] ?? 'object' });
            pending = [];
            i++;
        } else {
            pending.push(tokens[i]);
        }
    }
    return [...out, ...pending.map((name) => ({ name, type: 'object' }))];
}

const detailTokens = (detail) => detail.replace(/[()]/g, ' ').trim().split(/\s+/).filter(Boolean);

/**
 * {name, objects: [{name, type}], types: [{name, parent}], predicates:
 * [{name, arity, params: [type], static}]} from the two texts;
 * `staticNames` (a Set, from planner.trace's predicates) marks the static ones.
 */
export function taskFromTexts(domainText, problemText, staticNames = new Set()) {
    const decls = [...outlineOf(domainText, 'domain'), ...outlineOf(problemText, 'problem')];
    const objects = [];
    const seen = new Set();
    for (const d of decls.filter((x) => x.kind === 'constant' || x.kind === 'object')) {
        const [{ type }] = typedTokens(detailTokens(d.detail));
        if (!seen.has(d.name)) objects.push({ name: d.name, type: type.startsWith('(') ? 'object' : type });
        seen.add(d.name);
    }
    const types = decls.filter((d) => d.kind === 'type').map((d) => {
        const [{ name, type }] = typedTokens(detailTokens(d.detail));
        return { name, parent: type };
    });
    const predicates = decls.filter((d) => d.kind === 'predicate').map((d) => {
        const [name, ...rest] = detailTokens(d.detail);
        const params = typedTokens(rest).map((p) => p.type);
        return { name, arity: params.length, params, static: staticNames.has(name) };
    });
    const name = decls.find((d) => d.kind === 'domain')?.name ?? '';
    return { name, objects, types, predicates };
}

/** '(on a b)' -> {predicate: 'on', args: ['a', 'b']}. */
export function parseAtom(atom) {
    const parts = atom.slice(1, -1).trim().split(/\s+/);
    return { predicate: parts[0], args: parts.slice(1) };
}

/** The objects of `type` or a subtype of it (all objects for 'object' or none). */
export function objectsOfType(task, type) {
    if (!type || type === 'object') return task.objects.map((o) => o.name);
    const parent = new Map(task.types.map((t) => [t.name, t.parent]));
    const isA = (t) => {
        for (let x = t, guard = 0; x && guard < 50; x = parent.get(x), guard++) if (x === type) return true;
        return false;
    };
    return task.objects.filter((o) => isA(o.type)).map((o) => o.name);
}

/** Names in natural order (b2 before b10). */
export const naturalCompare = (a, b) => a.localeCompare(b, 'en', { numeric: true });

/**
 * How each atom of a step is marked: added / deleted (by the step), goal
 * (a goal atom) — as the atom list marks them.
 */
export function atomMarks({ goal = [], added = [], deleted = [] } = {}) {
    const goals = new Set(goal);
    const add = new Set(added);
    return {
        goals,
        deleted,
        cls(atom) {
            return [add.has(atom) ? 'added' : '', goals.has(atom) ? 'goal-met' : ''].filter(Boolean).join(' ');
        },
    };
}
