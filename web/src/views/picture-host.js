// The state picture in a step view: one function that mounts it into a given
// element and follows the steps of a plan trace (planner.trace). The
// picture's code (views/state-picture/) is loaded by import() on first use.

/**
 * Mounts the picture of `trace`'s states into `host` (in an element of its own): {showStep(k) →
 * Promise, destroy()}. `recipes` are extra recipes tried before the bundled
 * ones; `workerUrl` is the site's picture-layout-worker.js; `fitBox`: `host`
 * has a height of its own and the picture shrinks to fit it.
 */
export function attachStatePicture(host, { domain, problem, trace, recipes = [], workerUrl, fitBox = false }) {
    let destroyed = false;
    const element = document.createElement('div');   // the picture's own element: the host keeps its layout
    host.replaceChildren(element);
    const ready = import('./state-picture/index.js').then((m) => {
        const staticNames = new Set(trace.predicates.filter((p) => p.static).map((p) => p.name));
        const task = m.taskFromTexts(domain, problem, staticNames);
        const recipe = m.chooseRecipe(task, [...recipes, ...m.BUNDLED_RECIPES]);
        return destroyed ? null : m.mountStatePicture(element, { ...task, recipe, workerUrl, states: trace.states, fitBox });
    });
    ready.catch((error) => { if (!destroyed) element.textContent = `The picture failed: ${error.message}`; });
    return {
        ready,
        async showStep(k) {
            const picture = await ready;
            if (!picture || destroyed) return null;
            return picture.show(trace.states[k], { goal: trace.goals, added: trace.added[k], deleted: trace.deleted[k] });
        },
        destroy() {
            destroyed = true;
            ready.then((p) => p?.destroy(), () => {});
            element.remove();
        },
    };
}

/**
 * The picture with its own step buttons (the widget, which has no step view):
 * builds them into `host` and shows state 0. Resolves with the attached picture
 * and its recipe (null: automatic), or null when `onlyWithRecipe` and no recipe fits.
 */
export async function attachSteppedPicture(host, { domain, problem, trace, plan, recipes = [], workerUrl, onlyWithRecipe }) {
    const m = await import('./state-picture/index.js');
    const staticNames = new Set(trace.predicates.filter((p) => p.static).map((p) => p.name));
    const recipe = m.chooseRecipe(m.taskFromTexts(domain, problem, staticNames), [...recipes, ...m.BUNDLED_RECIPES]);
    if (!recipe && onlyWithRecipe) return null;
    const button = (text, label) => Object.assign(document.createElement('button'),
                                                  { type: 'button', className: 'act step', textContent: text, title: label });
    const prev = button('◀', 'previous step');
    const next = button('▶', 'next step');
    const label = document.createElement('span');
    label.className = 'step-label';
    const bar = document.createElement('div');
    bar.className = 'picture-steps';
    bar.append(prev, next, label);
    const element = document.createElement('div');
    host.replaceChildren(bar, element);
    const picture = attachStatePicture(element, { domain, problem, trace, recipes, workerUrl });
    const last = trace.states.length - 1;
    let step = 0;
    const go = (k) => {
        step = Math.max(0, Math.min(last, k));
        label.textContent = step === 0 ? 'initial state' : `step ${step} / ${last}: ${plan[step - 1]}`;
        prev.disabled = step === 0;
        next.disabled = step === last;
        host.dataset.step = String(step);
        return picture.showStep(step);
    };
    prev.addEventListener('click', () => go(step - 1));
    next.addEventListener('click', () => go(step + 1));
    await go(0);
    return { recipe, go, destroy: () => picture.destroy() };
}
