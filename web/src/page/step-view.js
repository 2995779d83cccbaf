// The step view of the editor page: the state before the first step and after
// each step of the plan, from the core's plan trace (planner.trace: the
// validator's replay), with the atoms the step added and deleted, the goal
// atoms marked, and the registered state panels (views/state-panels.js)
// beside it.
import { el } from '../format.js';
import { attachStatePicture } from '../views/picture-host.js';
import { statePanels } from '../views/state-panels.js';
import { ui } from './dom.js';
import { store } from './store.js';

const mounted = new Map();  // panel id -> {update?, destroy?} for the current result
let picture = null;         // the state picture of the current result (views/picture-host.js)

// The picture above the atoms and the panels: one element, placed before them.
function mountPicture(result) {
    const element = el('div', { class: 'state-picture' });
    element.style.maxHeight = '55%';
    ui.stateView.parentElement.before(element);
    picture = attachStatePicture(element, { domain: result.domain, problem: result.problem, trace: result.trace,
                                            workerUrl: new URL('./picture-layout-worker.js', document.baseURI).href });
    picture.element = element;
}

/** The context handed to state panels (views/state-panels.js). */
function panelContext(result) {
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
    const context = panelContext(store.get().result);
    for (const panel of mounted.values()) panel.update?.(context);
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
            el('div', { class: 'atom-predicate', text: predicate }),
            el('ul', {}, ...atoms.sort((a, b) => a.atom.localeCompare(b.atom)).map(({ atom, cls }) => el('li', {
                class: ['atom', cls, goals.has(atom) ? 'goal' : ''].filter(Boolean).join(' '),
                title: cls === 'added' ? 'added by this step' : cls === 'deleted' ? 'deleted by this step'
                    : goals.has(atom) ? 'a goal atom' : undefined,
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

/** Empties the step view and unmounts the panels (a new result or none). */
export function clearStepView() {
    for (const panel of mounted.values()) panel.destroy?.();
    mounted.clear();
    picture?.destroy();
    picture?.element.remove();
    picture = null;
    ui.stepLabel.textContent = '';
    ui.stateView.replaceChildren();
    ui.statePanels.replaceChildren();
    ui.statePanels.hidden = true;
    updateStepButtons();
}

// One closed section per registered panel; mounted when first opened.
function buildPanels() {
    const sections = statePanels().map((panel) => {
        const body = el('div', { class: 'state-panel-body' });
        const section = el('details', { class: 'state-panel', dataset: { panel: panel.id } },
            el('summary', { text: panel.title }), body);
        section.addEventListener('toggle', () => {
            const result = store.get().result;
            if (!section.open || mounted.has(panel.id) || !result?.trace) return;
            try {
                mounted.set(panel.id, panel.mount(body, panelContext(result)) ?? {});
            } catch (error) {
                body.replaceChildren(el('p', { class: 'note', text: `This panel failed: ${error.message}` }));
            }
        });
        return section;
    });
    ui.statePanels.replaceChildren(...sections);
    ui.statePanels.hidden = sections.length === 0;
}

/** The trace of a new plan arrived (or failed: message). */
export function showTrace(trace, message = null) {
    clearStepView();
    if (!trace) {
        ui.stepLabel.textContent = `The state view is not available: ${message}`;
        return;
    }
    buildPanels();
    mountPicture(store.get().result);
    showStep(0);
}

export function wireStepView() {
    const step = () => store.get().result?.step ?? 0;
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
