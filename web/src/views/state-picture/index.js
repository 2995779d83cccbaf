// The state picture (docs/state-pictures.md): a state drawn as SVG, by a
// recipe for its domain or automatically from the PDDL; loaded by import()
// only when a picture is shown.
//
//   const picture = mountStatePicture(element, {name, objects, types, predicates, recipe, workerUrl});
//   await picture.show(stateAtoms, {goal, added, deleted});   // again for every step
//   picture.destroy();
//
// name: the domain's name; objects [{name, type}]; types [{name, parent}];
// predicates [{name, arity, params, static}] (task.js's taskFromTexts makes
// all four from the PDDL texts); recipe: chooseRecipe's answer (null: the
// automatic picture); workerUrl: picture-layout-worker.js on the site;
// states (optional): all the states that will be shown, so places are sized for the fullest;
// fitBox: the element has a height of its own (a panel), and the picture shrinks to it.
import { createPictureModel } from './model.js';
import { layoutSkeleton, rowLayout } from './layout.js';
import { createRenderer, PICTURE_STYLE } from './render.js';

export { chooseRecipe, parseRecipes, BUNDLED_RECIPES } from './recipes.js';
export { taskFromTexts } from './task.js';

const h = (tag, props = {}, ...children) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
        if (k === 'text') n.textContent = v;
        else n.setAttribute(k, v);
    }
    n.append(...children);
    return n;
};

function drawSummary(host, summary) {
    const rows = (list, cells) => h('table', {}, ...list.map((r) => h('tr', {}, ...cells(r).map((c) => h('td', { text: String(c) })))));
    host.replaceChildren(h('div', { class: 'pic-summary' },
        h('p', { text: `Too big to draw (${summary.reason}): counts instead.` }),
        h('strong', { text: 'objects per type' }),
        rows(summary.types, ([type, n]) => [type, n]),
        h('strong', { text: 'atoms per predicate (this state, +added, −deleted by the step)' }),
        rows(summary.predicates.filter((r) => r[1] || r[2] || r[3]), ([name, n, a, d]) => [name, n, a ? `+${a}` : '', d ? `−${d}` : ''])));
}

export function mountStatePicture(element, { name = '', objects, types = [], predicates, recipe = null, workerUrl, states,
                                             fitBox = false }) {
    const task = { name, objects, types, predicates };
    element.dataset.view = 'state-picture';
    if (fitBox) element.dataset.fit = 'box';
    element.dataset.recipe = recipe?.name ?? 'auto';
    const style = h('style', { text: PICTURE_STYLE });
    const caption = h('div', { class: 'pic-caption' });
    const canvas = h('div', { class: 'pic-canvas' });
    element.replaceChildren(style, caption, canvas);
    let model = null;
    let renderer = null;
    let layoutPromise = null;
    let seq = 0;
    return {
        /** Draws a state; resolves when it is on screen ({ms}: the time the drawing took). */
        async show(state, { goal = [], added = [], deleted = [] } = {}) {
            const mine = ++seq;
            if (!model) {
                model = createPictureModel({ task, recipe, initial: state, goal, states });
                layoutPromise = model.graph ? layoutSkeleton(model.graph, workerUrl).catch(() => rowLayout(model.graph))
                                            : Promise.resolve(undefined);
                caption.replaceChildren(recipe ? `${recipe.title ?? recipe.name} (recipe "${recipe.name}", ${recipe.kind})`
                                             : 'Drawn from the PDDL: objects by type, static relations as the frame, atoms as edges and badges',
                                        h('br'), h('span', { class: 'pic-legend', text: 'green: added by the step · red: deleted · dashed purple: a goal not reached yet · ★ a goal reached' }));
            }
            const layout = await layoutPromise;
            // A task of its own: the step's click (and the atom list it redraws) is not made longer.
            await new Promise((resolve) => setTimeout(resolve, 0));
            if (mine !== seq) return null;
            const started = performance.now();
            const scene = model.scene(state, { added, deleted }, layout);
            if (scene.summary) {
                element.dataset.mode = 'summary';
                renderer?.clear();
                renderer = null;
                drawSummary(canvas, scene.summary);
            } else {
                element.dataset.mode = 'picture';
                renderer ??= createRenderer(canvas, { fitHeight: fitBox });
                renderer.draw(scene);
            }
            const ms = performance.now() - started;
            element.dataset.drawMs = ms.toFixed(1);
            element.dataset.drawn = String(mine);
            return { ms, scene };
        },
        destroy() {
            seq++;
            renderer?.clear();
            element.replaceChildren();
        },
    };
}
