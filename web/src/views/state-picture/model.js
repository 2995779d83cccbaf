// The picture model: from a task (task.js), a recipe (recipes.js, or null
// for the automatic picture) and a state, the scene to draw. Pure: no DOM,
// tested in node (tests/node/state-picture.test.mjs).
//
// A scene = {kind, width, height, nodes, edges, summary}:
//   nodes: [{id, label, x, y, w, h, shape, cls, badges: [{text, cls}], fill?, ghostFill?}]
//          shape: block, base, place, thing, carrier, ghost, cell, token, object, note
//   edges: [{id, from, to, label, cls, curve}]   (from/to: node ids)
//   cls:   'added' / 'deleted' (by the step), 'goal-met', 'goal' (an unmet goal: a dashed ghost), 'link' (static)
// or, when the state is too big to draw, summary = {reason, types: [[type, n]], predicates: [[name, n, +a, −d]]}.
import { genericGraph, genericScene, prepareGeneric } from './generic.js';
import { gridScene, prepareGrid } from './grid.js';
import { placesGraph, placesScene, preparePlaces } from './places.js';
import { prepareStacks, stacksScene } from './stacks.js';
import { atomMarks, parseAtom } from './task.js';

/** Above these sizes a step would take too long to draw: the picture becomes counts. */
export const LIMITS = { objects: 150, blocks: 2000, cells: 900 };

/**
 * The model of one task's pictures: {kind, graph, scene(state, step, layout)}.
 * `initial` is the first state (static atoms included), `goal` the goal atoms,
 * `states` all states to be shown if known (places get room for the fullest).
 */
export function createPictureModel({ task, recipe, initial, goal = [], states = [initial] }) {
    const kind = recipe?.kind ?? 'auto';
    const hidden = new Set([...(recipe?.hidden ?? []),
                            ...task.predicates.filter((p) => p.static && !(recipe?.badges ?? []).includes(p.name)).map((p) => p.name)]);
    const tooBig = tooBigReason(kind, task);
    let memo = null;
    if (!tooBig) {
        if (kind === 'stacks') memo = prepareStacks(task, recipe, initial, goal);
        else if (kind === 'places') memo = preparePlaces(task, recipe, initial, goal, states);
        else if (kind === 'grid') memo = prepareGrid(task, recipe, initial);
        else memo = prepareGeneric(task, initial);
    }
    return {
        kind,
        recipe,
        /** The skeleton to lay out (places and the automatic picture), or null. */
        graph: tooBig ? null : kind === 'places' ? placesGraph(memo) : kind === 'auto' ? genericGraph(memo) : null,
        scene(state, { added = [], deleted = [] } = {}, layout = { pos: {}, width: 0, height: 0 }) {
            const marks = atomMarks({ goal, added, deleted });
            if (tooBig) return { kind, summary: summarise(task, state, added, deleted, tooBig) };
            let scene;
            if (kind === 'stacks') scene = stacksScene(memo, recipe, task, state, marks, hidden);
            else if (kind === 'places') scene = placesScene(memo, recipe, task, state, marks, hidden, layout);
            else if (kind === 'grid') scene = gridScene(memo, recipe, task, state, marks, hidden);
            else scene = genericScene(memo, task, state, marks, layout);
            return { kind, ...scene, summary: null };
        },
    };
}

function tooBigReason(kind, task) {
    const n = task.objects.length;
    if (kind === 'stacks' && n > LIMITS.blocks) return `${n} objects: more than ${LIMITS.blocks} blocks`;
    if (kind === 'grid' && n > LIMITS.cells) return `${n} objects: more than ${LIMITS.cells}`;
    if ((kind === 'auto' || kind === 'places') && n > LIMITS.objects) return `${n} objects: more than ${LIMITS.objects}`;
    return null;
}

/** Counts per type and per predicate (the view for states too big to draw). */
export function summarise(task, state, added = [], deleted = [], reason = '') {
    const types = new Map();
    for (const o of task.objects) types.set(o.type, (types.get(o.type) ?? 0) + 1);
    const predicates = new Map(task.predicates.map((p) => [p.name, [0, 0, 0]]));
    const count = (atoms, i) => {
        for (const atom of atoms) {
            const { predicate } = parseAtom(atom);
            if (!predicates.has(predicate)) predicates.set(predicate, [0, 0, 0]);
            predicates.get(predicate)[i] += 1;
        }
    };
    count(state, 0);
    count(added, 1);
    count(deleted, 2);
    return { reason, types: [...types], predicates: [...predicates].map(([name, c]) => [name, ...c]) };
}
