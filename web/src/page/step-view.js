// The step view of the editor page: the state before the first step and after
// each step of the plan, from the core's plan trace (planner.trace: the
// validator's replay), with the atoms the step added and deleted and the goal
// atoms marked (the State tab of the lower area). The registered state panels
// (views/state-panels.js) are tabs of their own beside it (page/lower-area.js),
// following the step through the store.
import { el } from '../format.js';
import { attachStatePicture } from '../views/picture-host.js';
import { ui } from './dom.js';
import { store } from './store.js';

let picture = null;  // the state picture of the current result (views/picture-host.js)
let cancelPicture = null;  // a picture waiting to be mounted: cancels it

// The picture beside the atoms, in the State tab's slot (#state-picture). Its
// code is loaded only when it is seen: while the State tab is open, and once
// the page is idle (not in the tasks that show the plan); the picture of a
// result solved with another tab open waits for the State tab.
function mountPicture(result) {
    ui.statePicture.hidden = false;
    let idle = null;
    const mount = () => {
        stop();
        picture = attachStatePicture(ui.statePicture, {
            domain: result.domain, problem: result.problem, trace: result.trace,
            workerUrl: new URL('./picture-layout-worker.js', document.baseURI).href, fitBox: true,
        });
        picture.showStep(currentStep());
    };
    const unsubscribe = store.subscribe((state, patch) => {
        if ('lowerTab' in patch) whenOpen();
    });
    function whenOpen() {
        if (store.get().lowerTab !== 'state' || idle) return;
        idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(mount, { timeout: 500 })
            : setTimeout(mount, 0);
    }
    function stop() {
        unsubscribe();
        if (idle) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
        cancelPicture = null;
    }
    cancelPicture = stop;
    whenOpen();
}

/** The context handed to state panels (views/state-panels.js). */
export function panelContext(result) {
    return { domain: result.domain, problem: result.problem, space: result.space,
             heuristic: result.heuristic, model: result.model, plan: result.plan, step: result.step,
             trace: result.trace, state: result.trace.states[result.step], planner: store.get().planner };
}

/** Shows state `k` (0: initial) of the current result's trace. */
export function showStep(k) {
    const result = store.get().result;
    if (!result?.trace) return;
    const n = result.trace.states.length - 1;
    const step = Math.max(0, Math.min(n, k));
    store.set({ result: { ...result, step } });
    for (const li of ui.planList.children) li.classList.toggle('current', Number(li.dataset.step) === step);
    ui.planList.children[step - 1]?.scrollIntoView({ block: 'nearest' });
    const { trace } = result;
    if (step === 0) {
        ui.stepLabel.textContent = `Initial state (${n} step${n === 1 ? '' : 's'} to go)`;
    } else {
        ui.stepLabel.replaceChildren(
            `Step ${step} / ${n}: `, el('code', { text: result.plan[step - 1] }),
            el('span', { class: 'delta added', text: ` +${trace.added[step].length}` }),
            el('span', { class: 'delta deleted', text: ` −${trace.deleted[step].length}` }),
        );
    }
    renderState();
    picture?.showStep(step);
    updateStepButtons();
}

// The atoms of the current state grouped by predicate (declaration order),
// static predicates hidden unless asked for.
function renderState() {
    const { trace, step } = store.get().result;
    const state = new Set(trace.states[step]);
    const added = new Set(trace.added[step]);
    const deleted = trace.deleted[step];
    const goals = new Set(trace.goals);
    const hidden = new Set(ui.showStatic.checked ? [] : trace.predicates.filter((p) => p.static).map((p) => p.name));
    const derived = new Set(trace.predicates.filter((p) => p.derived).map((p) => p.name));
    const groups = new Map(trace.predicates.map((p) => [p.name, []]));
    const add = (atom, cls) => {
        const predicate = atom.slice(1, -1).split(' ')[0];
        if (hidden.has(predicate)) return;
        if (!groups.has(predicate)) groups.set(predicate, []);
        groups.get(predicate).push({ atom, cls });
    };
    for (const atom of state) add(atom, added.has(atom) ? 'added' : '');
    for (const atom of deleted) add(atom, 'deleted');
    const sections = [...groups].filter(([, atoms]) => atoms.length).map(([predicate, atoms]) =>
        el('div', { class: 'atom-group' },
            el('div', { class: 'atom-predicate', text: derived.has(predicate) ? `${predicate} (derived)` : predicate }),
            el('ul', {}, ...atoms.sort((a, b) => a.atom.localeCompare(b.atom)).map(({ atom, cls }) => el('li', {
                class: ['atom', cls, goals.has(atom) ? 'goal' : '', derived.has(predicate) ? 'derived' : '']
                    .filter(Boolean).join(' '),
                title: cls === 'added' ? 'added by this step' : cls === 'deleted' ? 'deleted by this step'
                    : goals.has(atom) ? 'a goal atom' : derived.has(predicate) ? 'derived by the axioms' : undefined,
                text: atom,
            })))));
    const satisfied = [...goals].filter((g) => state.has(g)).length;
    const summary = el('div', { class: 'state-summary', text:
        `${state.size} atoms` + (goals.size ? ` · goals ${satisfied}/${goals.size} ★` : '') });
    ui.stateView.replaceChildren(summary, ...sections);
}

export function updateStepButtons() {
    const result = store.get().result;
    const n = result?.trace ? result.trace.states.length - 1 : -1;
    const step = result?.step ?? 0;
    ui.stepFirst.disabled = ui.stepPrev.disabled = n < 0 || step <= 0;
    ui.stepNext.disabled = ui.stepLast.disabled = n < 0 || step >= n;
}

/** Empties the step view (a new result or none; the panels follow the store). */
export function clearStepView() {
    cancelPicture?.();
    picture?.destroy();
    picture = null;
    ui.statePicture.hidden = true;
    ui.stepLabel.textContent = '';
    ui.stateView.replaceChildren();
    updateStepButtons();
}

/** The trace of a new plan arrived (or failed: message). */
export function showTrace(trace, message = null) {
    clearStepView();
    if (!trace) {
        ui.stepLabel.textContent = `The state view is not available: ${message}`;
        return;
    }
    mountPicture(store.get().result);
    showStep(0);
}

/** The current result's step: 0 (the initial state) when there is none. */
export const currentStep = () => store.get().result?.step ?? 0;

export function wireStepView() {
    const step = currentStep;
    ui.stepFirst.addEventListener('click', () => showStep(0));
    ui.stepPrev.addEventListener('click', () => showStep(step() - 1));
    ui.stepNext.addEventListener('click', () => showStep(step() + 1));
    ui.stepLast.addEventListener('click', () => showStep(Number.MAX_SAFE_INTEGER));
    ui.showStatic.addEventListener('change', () => store.get().result?.trace && renderState());
    ui.planList.addEventListener('keydown', (event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowRight') showStep(step() + 1);
        else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') showStep(step() - 1);
        else return;
        event.preventDefault();
    });
}
